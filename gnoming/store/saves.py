"""The autosave (``autosave.json``): the game in progress, as its record.

A save holds the game record (seed, seats and every action so far), so loading
it replays the game through the rules: what comes back is exactly the game that
was saved, random generator included, and a record the rules reject is treated
as a damaged file (moved aside, the ``.bak`` tried, never deleted).

File shape::

    {"version": 1, "saved_at": "2026-11-29T22:15:03+00:00",
     "record": {...GameRecord.to_dict()...}, "extra": {...UI extras...}}
"""

from __future__ import annotations

import contextlib
import datetime
import enum
import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from gnoming.i18n import N_, _
from gnoming.rules import GameRecord, GameState, RecordError

from .atomic import (
    DEFAULTS_USED,
    Damaged,
    backup_path,
    check_version,
    damaged_message,
    move_aside,
    read_json_file,
    write_json,
)
from .text import clean_name

AUTOSAVE_FILE = "autosave.json"
AUTOSAVE_VERSION = 1


class SaveSlot(enum.Enum):
    """Whose game an autosave holds; each slot is its own file, so a game one of
    them plays never touches the other's save."""

    PERSON = AUTOSAVE_FILE
    """The game a person plays: the title screen's Continue."""
    AUTOPLAY = "autosave-autoplay.json"
    """A game with no person at the table (``--autoplay``, screenshot runs)."""


def _autosave(folder: Path, slot: SaveSlot = SaveSlot.PERSON) -> Path:
    return Path(folder) / slot.value


def save_game(
    folder: Path,
    record: GameRecord,
    extra: Mapping[str, Any] | None = None,
    *,
    saved_at: datetime.datetime | None = None,
    slot: SaveSlot = SaveSlot.PERSON,
) -> list[str]:
    """Write the game in progress; returns messages for the player (empty when all
    went well). ``extra`` is any JSON-ready mapping the screen wants back (seat
    names, whose view ...); a value JSON cannot hold raises ``TypeError``."""
    when = saved_at or datetime.datetime.now(datetime.UTC)
    data: dict[str, Any] = {
        "version": AUTOSAVE_VERSION,
        "saved_at": when.isoformat(timespec="seconds"),
        "record": record.to_dict(),
    }
    if extra is not None:
        data["extra"] = dict(extra)
    try:
        write_json(_autosave(folder, slot), data)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        return [_("The game could not be saved ({reason}).").format(reason=reason)]
    return []


@dataclass(frozen=True, eq=False)
class SavedGame:
    """A loaded autosave: the record, the game it replays to, and the extras."""

    record: GameRecord
    state: GameState
    """Freshly replayed; the caller owns it."""
    extra: dict[str, Any]
    """What :func:`save_game` was given as ``extra`` (empty if nothing)."""
    saved_at: str
    """ISO 8601 date and time of the save, UTC."""


def _parse_save(obj: object) -> SavedGame:
    data = check_version(obj, AUTOSAVE_VERSION)
    extra = data.get("extra", {})
    if not isinstance(extra, dict):
        raise Damaged("its extras are not a JSON object")
    saved_at = data.get("saved_at", "")
    if not isinstance(saved_at, str):
        raise Damaged("its date is not text")
    try:
        record = GameRecord.from_dict(data.get("record"))
        state = record.replay()
    except RecordError as error:
        raise Damaged(f"the game cannot be replayed: {error}") from None
    return SavedGame(_drawable_seats(record), state, extra, saved_at[:40])


def _drawable_seats(record: GameRecord) -> GameRecord:
    """The record with one seat entry per seat, each name one the table can draw
    (a name with nothing drawable in it becomes ``Seat N``)."""
    seats = []
    for index, seat in enumerate(record.seats[: record.n_seats]):
        name = clean_name(seat.get("name")) or f"Seat {index + 1}"
        seats.append({**seat, "name": name})
    cleaned = tuple(seats)
    return record if cleaned == record.seats else replace(record, seats=cleaned)


def load_saved_game(
    folder: Path, slot: SaveSlot = SaveSlot.PERSON
) -> tuple[SavedGame | None, list[str]]:
    """The saved game with its extras (None when there is none or it could not be
    used) and messages for the player. Never raises.

    The game may already be over when the program stopped between the last
    action and :func:`clear_game`: it is then finished here (recorded in the
    statistics, then cleared) and None comes back, so no table ever opens on a
    game where nothing can happen.
    """
    loaded = read_json_file(_autosave(folder, slot), _parse_save, N_("saved game"))
    messages = list(loaded.messages)
    saved = loaded.value
    if saved is not None and saved.state.is_over():
        messages += _finish_saved_game(folder, slot, saved)
        return None, messages
    return saved, messages


def _finish_saved_game(folder: Path, slot: SaveSlot, saved: SavedGame) -> list[str]:
    """Record a saved game that had already ended in the statistics and clear it;
    one that cannot be recorded is moved aside instead (never deleted)."""
    from .stats import add_finished_game

    path = _autosave(folder, slot)
    persons = [i for i, seat in enumerate(saved.record.seats) if seat.get("kind") == "person"]
    if slot is not SaveSlot.PERSON or not persons:
        clear_game(folder, slot)  # nobody's statistics to add it to
        return []
    try:
        _stats, messages = add_finished_game(folder, saved.state, saved.record, persons)
    except ValueError as error:
        kept = move_aside(path)
        problem = Damaged(f"the finished game cannot be recorded: {error}")
        return [damaged_message(N_("saved game"), kept, DEFAULTS_USED, problem)]
    clear_game(folder, slot)
    text = _("Your last game had already ended; it was added to your statistics.")
    return [*messages, text]


def load_game(
    folder: Path, slot: SaveSlot = SaveSlot.PERSON
) -> tuple[GameRecord | None, GameState | None, list[str]]:
    """The saved game's record and the state it replays to (both None when there is
    no usable save) and messages for the player. Never raises. See
    :func:`load_saved_game` for the extras."""
    saved, messages = load_saved_game(folder, slot)
    if saved is None:
        return None, None, messages
    return saved.record, saved.state, messages


def has_saved_game(folder: Path, slot: SaveSlot = SaveSlot.PERSON) -> bool:
    """Whether something is at the autosave's place (or its ``.bak``'s); not
    whether it is good: :func:`load_game` says, and moves aside what is not.
    Never raises: a folder that cannot be looked into has no saved game."""
    path = _autosave(folder, slot)
    try:
        return any(os.path.lexists(candidate) for candidate in (path, backup_path(path)))
    except ValueError:  # a NUL in the path
        return False


def clear_game(folder: Path, slot: SaveSlot = SaveSlot.PERSON) -> None:
    """Forget the saved game (the game is finished), backup included. Never raises.
    The backup goes first: a stop in between leaves the finished game, never an
    older turn of it."""
    path = _autosave(folder, slot)
    for target in (backup_path(path), path):
        with contextlib.suppress(OSError):
            target.unlink()
