"""Atomic writes keep the old file until the new one is complete; damaged files are kept."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from gnoming.store import atomic
from gnoming.store.atomic import (
    Damaged,
    backup_path,
    check_version,
    move_aside,
    read_json_file,
    write_atomic,
)
from gnoming.store.settings import Settings, load_settings, save_settings


def parse_counter(obj: object) -> int:
    data = check_version(obj, 1)
    value = data.get("count")
    if type(value) is not int:
        raise Damaged("the count is not a number")
    return value


def test_write_atomic_creates_the_folder_and_keeps_the_previous_file_as_bak(
    tmp_path: Path,
) -> None:
    path = tmp_path / "deep" / "er" / "thing.json"
    write_atomic(path, "first")
    assert path.read_text(encoding="utf-8") == "first"
    assert not backup_path(path).exists()
    write_atomic(path, "second ✓")
    assert path.read_text(encoding="utf-8") == "second ✓"
    assert backup_path(path).read_text(encoding="utf-8") == "first"
    write_atomic(path, "third")
    assert backup_path(path).read_text(encoding="utf-8") == "second ✓"
    assert sorted(p.name for p in path.parent.iterdir()) == ["thing.json", "thing.json.bak"]


def test_a_write_that_fails_before_the_replace_leaves_the_old_file_and_no_temp_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save_settings(tmp_path, Settings(language="fi", sound_volume=0.25))
    before = (tmp_path / "settings.json").read_bytes()
    real_replace = os.replace

    def refuse(src: object, dst: object) -> None:
        if str(dst).endswith("settings.json"):
            raise OSError(28, "No space left on device")
        real_replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(atomic.os, "replace", refuse)
    messages = save_settings(tmp_path, Settings(language="et"))
    assert messages == ["Your settings could not be saved (No space left on device)."]
    monkeypatch.undo()
    assert (tmp_path / "settings.json").read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    settings, messages = load_settings(tmp_path, Settings())
    assert (settings.language, settings.sound_volume, messages) == ("fi", 0.25, [])


def test_a_write_that_fails_while_writing_raises_and_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "thing.json"
    write_atomic(path, "good")

    def broken_fsync(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(atomic.os, "fsync", broken_fsync)
    with pytest.raises(OSError):
        write_atomic(path, "never")
    assert path.read_text() == "good"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thing.json"]


KILL_MID_WRITE = """
import os, signal, sys
from pathlib import Path
from gnoming.store import atomic
from gnoming.store.settings import Settings, save_settings

def die(fd):
    os.kill(os.getpid(), signal.SIGKILL)

atomic.os.fsync = die
save_settings(Path(sys.argv[1]), Settings(language="mr", music_volume=1.0))
"""


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL is POSIX")
def test_a_process_killed_in_the_middle_of_a_write_leaves_the_previous_settings(
    tmp_path: Path,
) -> None:
    save_settings(tmp_path, Settings(language="et", music_volume=0.5))
    before = (tmp_path / "settings.json").read_bytes()
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-c", KILL_MID_WRITE, str(tmp_path)],
        cwd=root,
        env={**os.environ, "PYTHONPATH": str(root)},
        capture_output=True,
        timeout=60,
    )
    assert done.returncode == -9, done.stderr.decode()
    assert (tmp_path / "settings.json").read_bytes() == before
    assert any(p.name.endswith(".tmp") for p in tmp_path.iterdir())  # it died mid-write
    settings, messages = load_settings(tmp_path, Settings())
    assert (settings.language, settings.music_volume, messages) == ("et", 0.5, [])


def test_moving_aside_twice_in_the_same_second_gives_two_names_and_keeps_the_bytes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(atomic, "_stamp", lambda: "20261129-221500")
    path = tmp_path / "stats.json"
    path.write_bytes(b"\x00first")
    first = move_aside(path)
    path.write_bytes(b"\x00second")
    second = move_aside(path)
    assert first is not None and second is not None
    assert (first.name, second.name) == (
        "stats.json.corrupt-20261129-221500",
        "stats.json.corrupt-20261129-221500-2",
    )
    assert (first.read_bytes(), second.read_bytes()) == (b"\x00first", b"\x00second")
    assert not path.exists()


def test_a_missing_file_means_defaults_and_no_message(tmp_path: Path) -> None:
    loaded = read_json_file(tmp_path / "nothing.json", parse_counter, "counter")
    assert (loaded.value, loaded.messages, loaded.from_backup) == (None, [], False)
    assert list(tmp_path.iterdir()) == []


def test_a_damaged_file_falls_back_to_a_good_bak_and_puts_it_back_in_place(
    tmp_path: Path,
) -> None:
    path = tmp_path / "counter.json"
    atomic.write_json(path, {"version": 1, "count": 1})
    atomic.write_json(path, {"version": 1, "count": 2})
    path.write_bytes(b'{"version": 1, "cou')
    loaded = read_json_file(path, parse_counter, "counter")
    assert (loaded.value, loaded.from_backup) == (1, True)
    [message] = loaded.messages
    [kept] = tmp_path.glob("counter.json.corrupt-*")
    assert kept.read_bytes() == b'{"version": 1, "cou'
    assert message == (
        "Your counter file was damaged (not valid JSON, perhaps cut short); "
        f"it was kept as {kept.name} and the backup copy is used."
    )
    assert json.loads(path.read_text()) == {"version": 1, "count": 1}
    assert json.loads(backup_path(path).read_text()) == {"version": 1, "count": 1}
    again = read_json_file(path, parse_counter, "counter")
    assert (again.value, again.messages) == (1, [])


def test_when_the_bak_is_damaged_too_both_are_kept_and_defaults_are_used(
    tmp_path: Path,
) -> None:
    path = tmp_path / "counter.json"
    path.write_bytes(b"\xff\xfe")
    backup_path(path).write_bytes(b'{"version": 9, "count": 3}')
    loaded = read_json_file(path, parse_counter, "counter")
    assert loaded.value is None
    assert len(loaded.messages) == 2
    assert "defaults are used" in loaded.messages[0]
    kept = {p.read_bytes() for p in tmp_path.glob("counter.json*.corrupt-*")}
    assert kept == {b"\xff\xfe", b'{"version": 9, "count": 3}'}
    assert not path.exists() and not backup_path(path).exists()


def test_a_file_that_cannot_be_opened_is_left_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "counter.json"
    path.write_text('{"version": 1, "count": 3}')

    def refuse(*_args: object) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic.os, "open", refuse)
    loaded = read_json_file(path, parse_counter, "counter")
    assert loaded.value is None
    [message] = loaded.messages
    assert message.startswith("Your counter file could not be opened (Permission denied)")
    monkeypatch.undo()
    assert path.read_text() == '{"version": 1, "count": 3}'


def test_a_folder_in_place_of_a_file_is_moved_aside_whole(tmp_path: Path) -> None:
    (tmp_path / "counter.json").mkdir()
    (tmp_path / "counter.json" / "inside").write_text("kept")
    loaded = read_json_file(tmp_path / "counter.json", parse_counter, "counter")
    assert loaded.value is None
    [message] = loaded.messages
    assert message.startswith("Your counter file was damaged (it is not a file)")
    [kept] = tmp_path.glob("counter.json.corrupt-*")
    assert (kept / "inside").read_text() == "kept"


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"[1, 2]", "was damaged (not a JSON object)"),
        (b'{"count": 1}', "was damaged (no format version)"),
        (b'{"version": true, "count": 1}', "was damaged (no format version)"),
        (b'{"version": 2, "count": 1}', "comes from a newer version of the game"),
        (b'{"version": 0, "count": 1}', "was damaged (unknown format version 0)"),
        (b"\xef\xbb\xbf\xff", "was damaged (not text)"),
        (b'{"version": 1, "count": "one"}', "the count is not a number"),
        (b"[" * 100_000, "not valid JSON"),
        (b'{"version": 1, "count": 1' + b"0" * 5000 + b"}", "not valid JSON"),
        (b"{" + b" " * atomic.MAX_FILE_BYTES + b"}", "far too large"),
    ],
)
def test_every_kind_of_damage_is_named_and_the_file_kept(
    tmp_path: Path, content: bytes, reason: str
) -> None:
    path = tmp_path / "counter.json"
    path.write_bytes(content)
    loaded = read_json_file(path, parse_counter, "counter")
    assert loaded.value is None
    [message] = loaded.messages
    assert reason in message and "defaults are used" in message
    [kept] = tmp_path.glob("counter.json.corrupt-*")
    assert kept.read_bytes() == content
