"""Issue 13's flags and the command line's crash path: every path flag is checked
once, where the launch options are built, and the crash reporter never fails."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

import pytest

from gnoming import paths
from gnoming.cli import main, parse_args


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The usage error for ``argv`` (which must exit with code 2)."""
    with pytest.raises(SystemExit) as stop:
        parse_args(list(argv))
    assert stop.value.code == 2
    return capsys.readouterr().err


@pytest.mark.parametrize("flag", ["--data-dir", "--screenshot-dir", "--frame-stats"])
@pytest.mark.parametrize("value", ["", "   "])
def test_an_empty_path_flag_is_refused(
    capsys: pytest.CaptureFixture[str], flag: str, value: str
) -> None:
    error = refused(capsys, f"{flag}={value}")
    assert flag in error and "must not be empty" in error


def test_a_tilde_in_the_data_dir_flag_is_the_home_folder() -> None:
    options = parse_args(["--data-dir=~/games"])
    assert options.data_dir == Path.home() / "games"
    assert paths.data_dir(options.data_dir) == Path.home() / "games"


@pytest.mark.parametrize(
    ("value", "expected"), [("~/gnomes", "home"), ("", "default"), (" ", "default")]
)
def test_the_data_dir_variable_expands_a_tilde_and_ignores_emptiness(
    monkeypatch: pytest.MonkeyPatch, value: str, expected: str
) -> None:
    monkeypatch.setenv("GNOMING_DATA_DIR", value)
    folder = paths.data_dir()
    if expected == "home":
        assert folder == Path.home() / "gnomes"
    else:
        assert folder.name == "GnomingARound"


def test_a_screenshot_dir_that_is_a_file_is_refused_up_front(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "shots.png"
    blocker.write_text("a file")
    error = refused(capsys, "--autoplay", "--quit-at-end", "--screenshot-dir", str(blocker))
    assert "--screenshot-dir" in error and "is a file" in error
    error = refused(capsys, "--screenshot-dir", str(blocker / "inside"))
    assert "--screenshot-dir" in error and "a file" in error


def test_frame_stats_pointing_at_a_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    error = refused(capsys, "--frame-stats", str(tmp_path))
    assert "--frame-stats" in error and "is a folder" in error


def test_a_window_larger_than_any_screen_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    error = refused(capsys, "--window", "99999x99999")
    assert "--window" in error and "at most" in error


def test_the_crash_path_of_the_command_line_falls_back_when_the_data_folder_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gnoming.ui import app

    def explode(options: object) -> int:
        raise RuntimeError("a gnome fell off the table")

    blocker = tmp_path / "not a folder"
    blocker.write_text("x")
    monkeypatch.setattr(app, "run", explode)
    code = main(["--seed", "7", "--data-dir", str(blocker)])
    assert code == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err
    [line] = err.strip().splitlines()
    report = Path(line.rsplit("details were saved to ", 1)[1])
    try:
        assert Path(tempfile.gettempdir()) in report.parents
        text = report.read_text(encoding="utf-8")
        assert "RuntimeError: a gnome fell off the table" in text and "seed: 7" in text
    finally:
        report.unlink()
        with contextlib.suppress(OSError):
            report.parent.rmdir()


def test_a_data_folder_path_too_long_starts_the_game_without_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import pygame

    # the game's own pygame.quit() at the end would kill the fonts other tests hold
    monkeypatch.setattr(pygame, "quit", lambda: None)
    folder = tmp_path.joinpath(*(["d" * 200] * 25))
    assert len(os.fspath(folder)) > 4096
    assert main(["--data-dir", str(folder), "--max-frames", "3"]) == 0
    assert "Traceback" not in capsys.readouterr().err
