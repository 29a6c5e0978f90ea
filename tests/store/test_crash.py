"""Crash reports say what happened and never crash themselves."""

from __future__ import annotations

from pathlib import Path

import pytest

import gnoming
from gnoming.rules import GameRecord, GameState
from gnoming.store.crash import write_crash_report


def raised() -> BaseException:
    try:
        raise KeyError("missing card")
    except KeyError as error:
        return error
    raise AssertionError("unreachable")


def test_a_crash_report_holds_traceback_version_platform_and_record(tmp_path: Path) -> None:
    record_json = GameRecord.of(GameState.new(3, seed=12)).to_json()
    path = write_crash_report(tmp_path, raised(), record_json)
    assert path is not None and path.parent == tmp_path / "crash"
    assert path.name.startswith("crash-") and path.suffix == ".txt"
    text = path.read_text(encoding="utf-8")
    assert f"game version: {gnoming.__version__}" in text
    assert "python: 3." in text and "platform: " in text
    assert "Traceback (most recent call last)" in text and "KeyError: 'missing card'" in text
    assert record_json in text
    assert [p.name for p in tmp_path.iterdir()] == ["crash"]


def test_two_crash_reports_at_once_do_not_overwrite_each_other(tmp_path: Path) -> None:
    paths = {write_crash_report(tmp_path, raised()) for _ in range(5)}
    assert None not in paths and len(paths) == 5
    assert len(list((tmp_path / "crash").iterdir())) == 5


def test_a_crash_report_that_cannot_be_written_anywhere_returns_none_without_raising(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setattr("tempfile.gettempdir", lambda: str(blocker))
    assert write_crash_report(blocker, raised(), "{}") is None


class Unprintable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("cannot even say what went wrong")


def test_an_exception_that_cannot_be_printed_still_gets_a_report(tmp_path: Path) -> None:
    path = write_crash_report(tmp_path, Unprintable(), "\udcff broken surrogate")
    assert path is not None
    text = path.read_text(encoding="utf-8")
    assert "Unprintable" in text and "game record:" in text
