"""The fast probes of issue 13: bad inputs and faults a hostile or unlucky player
meets, each of which once stopped the game or lost a file. The slow ones (a real
full disk, a real unreadable folder as an unprivileged user, whole runs of the
game) are in ``python -m gnoming.store.probe``."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gnoming.rules import Action, GameRecord, GameState
from gnoming.store import atomic, crash, saves
from gnoming.store.saves import has_saved_game, load_saved_game, save_game
from gnoming.store.settings import Settings, load_settings, save_settings
from gnoming.store.stats import STATS_FILE, Stats, game_id, load_stats

HOSTILE_NAMES = ("Pip\u0000Moss", "Tansy \ud800", "\x1b[31mRed\x07", "Grub" + "o" * 5000)
"""A NUL, a lone surrogate, control characters and an absurd length."""
BASE = Settings()


def long_path(root: Path) -> Path:
    """A path of some 5,000 characters (more than any system takes)."""
    return root.joinpath(*(["d" * 200] * 25))


def drawable(text: str) -> bool:
    """Whether a font can draw ``text`` (pygame refuses a NUL and lone surrogates)."""
    import pygame

    pygame.font.init()
    try:
        pygame.font.Font(None, 12).render(text, True, (0, 0, 0))
    except (ValueError, UnicodeError, pygame.error):
        return False
    return 0 < len(text) <= 24


def run_with_timeout(work: Callable[[], object], seconds: float = 10.0) -> object:
    """``work()`` on a thread: a loader that blocks (on a FIFO, say) fails the test
    instead of hanging the suite."""
    box: list[object] = []
    thread = threading.Thread(target=lambda: box.append(work()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert box, f"still blocked after {seconds} s"
    return box[0]


# ---------------------------------------------------------------- the data folder


def test_a_folder_with_a_path_too_long_has_no_saved_game_and_does_not_raise(
    tmp_path: Path,
) -> None:
    assert has_saved_game(long_path(tmp_path)) is False


def test_a_folder_with_a_path_too_long_starts_on_defaults_with_one_clear_message(
    tmp_path: Path,
) -> None:
    from gnoming.store.startup import open_data_folder

    startup = open_data_folder(long_path(tmp_path), defaults=BASE)
    assert startup.settings == BASE and not startup.usable
    [message] = startup.messages
    assert message.startswith("Your data folder cannot be used (File name too long)")
    assert len(message) < 300


def test_a_folder_that_cannot_be_looked_into_starts_on_defaults_with_one_clear_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As root a chmod stops nothing, so the refusal is the system's answer made by
    hand; the probe does it for real as an unprivileged user."""
    from gnoming.store import startup as startup_module

    folder = tmp_path / "locked"
    folder.mkdir()
    real_scandir = os.scandir

    def refuse(path: object = ".") -> object:
        if Path(str(path)) == folder:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_scandir(path)  # type: ignore[call-overload]

    monkeypatch.setattr(os, "scandir", refuse)
    startup = startup_module.open_data_folder(folder, defaults=BASE)
    assert not startup.usable
    assert [m[:50] for m in startup.messages] == [
        "Your data folder cannot be used (Permission denied"
    ]


@pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root reads every folder"
)
def test_a_folder_without_permissions_starts_on_defaults(tmp_path: Path) -> None:
    from gnoming.store.startup import open_data_folder

    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0)
    try:
        startup = open_data_folder(folder, defaults=BASE)
    finally:
        folder.chmod(0o700)
    assert not startup.usable and len(startup.messages) == 1


def test_the_crash_reporter_falls_back_to_the_temporary_folder(tmp_path: Path) -> None:
    try:
        raise RuntimeError("boom")
    except RuntimeError as error:
        path = crash.write_crash_report(long_path(tmp_path), error, None)
    assert path is not None
    try:
        assert Path(tempfile.gettempdir()) in path.parents
        assert "RuntimeError: boom" in path.read_text(encoding="utf-8")
    finally:
        path.unlink()
        with contextlib.suppress(OSError):
            path.parent.rmdir()


def test_the_crash_reporter_writes_to_stderr_when_no_folder_takes_a_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(blocker))
    try:
        raise RuntimeError("boom")
    except RuntimeError as error:
        assert crash.write_crash_report(blocker, error, None) is None
    assert "RuntimeError: boom" in capsys.readouterr().err


# ---------------------------------------------------------------- text that is drawn


def test_seat_names_in_settings_are_made_drawable_and_the_file_is_repaired(
    tmp_path: Path,
) -> None:
    seats = [{"kind": "person", "name": name, "difficulty": "easy"} for name in HOSTILE_NAMES]
    original = json.dumps({"version": 1, "language": "fi", "default_seats": seats}).encode()
    (tmp_path / "settings.json").write_bytes(original)
    settings, messages = load_settings(tmp_path, BASE)
    assert settings.language == "fi" and len(settings.default_seats) == 4
    assert all(drawable(seat.name) for seat in settings.default_seats)
    assert [seat.name for seat in settings.default_seats][:3] == ["PipMoss", "Tansy", "[31mRed"]
    assert len(messages) == 1
    [kept] = tmp_path.glob("settings.json.corrupt-*")
    assert kept.read_bytes() == original
    assert load_settings(tmp_path, BASE) == (settings, [])  # repaired once, said once


def _saved_record(names: tuple[str, ...], moves: int = 5) -> GameRecord:
    state = GameState.new(len(names), seed=7)
    for _move in range(moves):
        state.apply(state.legal_actions()[0])
    seats = tuple(
        {"kind": "person" if i == 0 else "gnome", "name": n, "difficulty": "easy"}
        for i, n in enumerate(names)
    )
    return GameRecord.of(state, seats)


def test_seat_names_in_a_save_are_made_drawable(tmp_path: Path) -> None:
    assert save_game(tmp_path, _saved_record(HOSTILE_NAMES)) == []
    saved, messages = load_saved_game(tmp_path)
    assert saved is not None and messages == []
    names = [seat["name"] for seat in saved.record.seats]
    assert all(drawable(name) for name in names), names


def _stats_with(seats: list[dict[str, object]]) -> dict[str, object]:
    line = {
        "id": "x",
        "date": "2026-11-30T01:02:03+00:00",
        "seats": seats,
        "winners": [0],
        "person_seats": [0],
        "difficulty": "easy",
    }
    return {"version": 1, "games_played": 1, "recent": [line]}


def test_seat_names_in_statistics_are_made_drawable(tmp_path: Path) -> None:
    seats: list[dict[str, object]] = [
        {"name": n, "kind": "person", "difficulty": "", "total": 3} for n in HOSTILE_NAMES
    ]
    (tmp_path / STATS_FILE).write_text(json.dumps(_stats_with(seats)), encoding="utf-8")
    stats, messages = load_stats(tmp_path)
    assert messages == []
    assert all(drawable(seat.name) for seat in stats.recent[0].seats)


@pytest.mark.parametrize("n_seats", [0, 1, 8, 3000])
def test_a_past_game_without_two_to_seven_seats_is_damaged_statistics(
    tmp_path: Path, n_seats: int
) -> None:
    seats: list[dict[str, object]] = [
        {"name": "G", "kind": "gnome", "difficulty": "easy", "total": 1}
    ] * n_seats
    (tmp_path / STATS_FILE).write_text(json.dumps(_stats_with(seats)), encoding="utf-8")
    stats, messages = load_stats(tmp_path)
    assert stats == Stats() and len(messages) == 1
    assert list(tmp_path.glob("stats.json.corrupt-*"))


@pytest.mark.parametrize("field", ["winners", "person_seats"])
def test_a_past_game_naming_a_seat_it_does_not_have_is_damaged(tmp_path: Path, field: str) -> None:
    seats: list[dict[str, object]] = [
        {"name": "G", "kind": "gnome", "difficulty": "easy", "total": 1}
    ] * 2
    data = _stats_with(seats)
    data["recent"][0][field] = [5]  # type: ignore[index]
    (tmp_path / STATS_FILE).write_text(json.dumps(data), encoding="utf-8")
    stats, messages = load_stats(tmp_path)
    assert stats == Stats() and len(messages) == 1


def test_a_total_too_big_to_draw_is_damaged_statistics(tmp_path: Path) -> None:
    seats: list[dict[str, object]] = [
        {"name": "G", "kind": "person", "difficulty": "easy", "total": 10**30}
    ] * 2
    (tmp_path / STATS_FILE).write_text(json.dumps(_stats_with(seats)), encoding="utf-8")
    assert load_stats(tmp_path)[0] == Stats()


# ---------------------------------------------------------------- things in the way


@pytest.mark.parametrize("name", ["autosave.json.bak", "settings.json.bak", "autosave.json"])
def test_a_folder_named_like_a_data_file_never_blocks_later_saves(
    tmp_path: Path, name: str
) -> None:
    (tmp_path / name).mkdir()
    (tmp_path / name / "inside").write_text("kept")
    record = _saved_record(("You", "Pip"))
    for _time in range(3):
        assert save_game(tmp_path, record) == []
        assert save_settings(tmp_path, BASE) == []
    saved, messages = load_saved_game(tmp_path)
    assert saved is not None and messages == []
    assert load_settings(tmp_path, BASE) == (BASE, [])
    [kept] = tmp_path.glob(f"{name}.corrupt-*")
    assert (kept / "inside").read_text() == "kept"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs on this system")
@pytest.mark.parametrize("name", ["settings.json", "stats.json", "autosave.json"])
def test_a_fifo_in_place_of_a_data_file_never_blocks(tmp_path: Path, name: str) -> None:
    os.mkfifo(tmp_path / name)
    from gnoming.store.startup import open_data_folder

    startup = run_with_timeout(lambda: open_data_folder(tmp_path, defaults=BASE))
    assert startup.settings == BASE  # type: ignore[attr-defined]
    assert len(startup.messages) == 1  # type: ignore[attr-defined]
    assert not (tmp_path / name).exists()
    assert len(list(tmp_path.glob(f"{name}.corrupt-*"))) == 1
    assert save_settings(tmp_path, BASE) == []


# ---------------------------------------------------------------- a full disk


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No new file can get any bytes (the folder itself still takes names and
    links, as on a real full disk); a copy fails half way, leaving a half file."""

    def no_room(*_args: object, **_kwargs: object) -> object:
        raise OSError(errno.ENOSPC, "No space left on device")

    def half_copy(source: object, target: object, *_args: object, **_kwargs: object) -> object:
        Path(str(target)).write_bytes(Path(str(source)).read_bytes()[:5])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(tempfile, "mkstemp", no_room)
    monkeypatch.setattr(shutil, "copy2", half_copy)
    monkeypatch.setattr(shutil, "copyfile", half_copy)
    yield


@pytest.fixture
def no_hard_links(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file system without hard links (FAT, some network drives)."""

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", refuse)


def _settings_with_bak(folder: Path) -> Settings:
    """A damaged ``settings.json`` beside a good ``.bak`` (written without the
    store, which may be refused room)."""
    good = Settings(language="et", music_volume=0.5)
    (folder / "settings.json.bak").write_text(json.dumps(good.to_dict()), encoding="utf-8")
    (folder / "settings.json").write_bytes(b"{ damaged")
    return good


@pytest.mark.usefixtures("full_disk")
def test_on_a_full_disk_a_damaged_settings_file_still_gets_its_good_bak_back(
    tmp_path: Path,
) -> None:
    good = _settings_with_bak(tmp_path)
    assert load_settings(tmp_path, BASE)[0] == good
    assert load_settings(tmp_path, BASE) == (good, [])
    assert not list(tmp_path.glob("*.tmp")) and not list(tmp_path.glob(".*.tmp"))


@pytest.mark.usefixtures("full_disk", "no_hard_links")
def test_on_a_full_disk_without_links_the_bak_is_still_read_at_the_next_start(
    tmp_path: Path,
) -> None:
    good = _settings_with_bak(tmp_path)
    assert load_settings(tmp_path, BASE)[0] == good
    assert not list(tmp_path.glob(".*.tmp")), "a half-written restore was left behind"
    settings, messages = load_settings(tmp_path, BASE)  # the next start
    assert settings == good and len(messages) <= 1


def test_a_missing_settings_file_with_a_good_bak_uses_the_bak(tmp_path: Path) -> None:
    good = _settings_with_bak(tmp_path)
    (tmp_path / "settings.json").unlink()
    settings, messages = load_settings(tmp_path, BASE)
    assert settings == good and len(messages) == 1
    assert load_settings(tmp_path, BASE) == (good, [])


@pytest.mark.usefixtures("full_disk")
def test_on_a_full_disk_a_settings_file_with_one_bad_field_is_left_as_it_was(
    tmp_path: Path,
) -> None:
    original = json.dumps({"version": 1, "language": "fi", "muted": "very"}).encode()
    (tmp_path / "settings.json").write_bytes(original)
    settings, messages = load_settings(tmp_path, BASE)
    assert settings.language == "fi" and len(messages) == 1
    assert (tmp_path / "settings.json").read_bytes() == original
    assert not list(tmp_path.glob("settings.json.corrupt-*"))


# ---------------------------------------------------------------- a finished save


SEATS_4 = (
    {"kind": "person", "name": "You", "difficulty": "medium"},
    {"kind": "gnome", "name": "Bramble", "difficulty": "easy"},
    {"kind": "gnome", "name": "Pip", "difficulty": "hard"},
    {"kind": "gnome", "name": "Tansy", "difficulty": "medium"},
)


def test_a_save_of_a_game_already_over_is_finished_not_continued(
    tmp_path: Path, game_actions: Callable[..., list[Action]]
) -> None:
    actions = game_actions(4, 5)
    state = GameState.new(4, seed=5)
    for action in actions:
        state.apply(action)
    record = GameRecord.of(state, SEATS_4)
    assert save_game(tmp_path, record) == []
    saved, messages = load_saved_game(tmp_path)
    assert saved is None
    assert messages == ["Your last game had already ended; it was added to your statistics."]
    assert not has_saved_game(tmp_path)
    stats, _messages = load_stats(tmp_path)
    assert stats.games_played == 1
    assert stats.recent[0].game_id == game_id(record)


def test_clearing_a_game_removes_the_backup_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stop between the two removals must not leave an older turn to continue."""
    record = _saved_record(("You", "Pip"))
    save_game(tmp_path, record)
    save_game(tmp_path, record)
    removed: list[str] = []
    real_unlink = Path.unlink

    def unlink_once(path: Path, missing_ok: bool = False) -> None:
        removed.append(path.name)
        real_unlink(path, missing_ok)
        raise KeyboardInterrupt

    monkeypatch.setattr(Path, "unlink", unlink_once)
    with pytest.raises(KeyboardInterrupt):
        saves.clear_game(tmp_path)
    assert removed == ["autosave.json.bak"]


# ---------------------------------------------------------------- stray temporary files


def test_stray_temporary_files_of_ours_are_cleaned_at_start_up(tmp_path: Path) -> None:
    from gnoming.store.startup import open_data_folder

    ours_old = [".settings.json.x1y2.tmp", ".autosave.json.bak.tmp", ".stats.json.bak.restore.tmp"]
    keep = [".settings.json.fresh.tmp", "notes.tmp", ".other.json.abc.tmp", "settings.json.tmp"]
    hour_ago = time.time() - 3600
    for name in ours_old + keep:
        (tmp_path / name).write_text("x")
        if name != ".settings.json.fresh.tmp":
            os.utime(tmp_path / name, (hour_ago, hour_ago))
    open_data_folder(tmp_path, defaults=BASE)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(keep)


def test_write_atomic_leaves_no_temporary_file_when_the_disk_refuses(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "thing.json"
    atomic.write_atomic(path, "one")

    def refuse(*_args: object) -> None:
        raise OSError(errno.EIO, "Input/output error")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        atomic.write_atomic(path, "two")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["thing.json"]
