"""Opening the data folder at start-up: every file read once, every problem told
once, in the player's language, and nothing that stops the game from starting.

The order matters: :func:`startup_language` is read first (without changing
anything on disk) so that the app can set the language before
:func:`open_data_folder` moves damaged files aside and says so.
"""

from __future__ import annotations

import errno
import os
import stat
import time
from dataclasses import dataclass
from pathlib import Path

from gnoming.i18n import _

from .atomic import TEMP_SUFFIX
from .saves import SaveSlot, has_saved_game, load_saved_game
from .settings import (
    SETTINGS_FILE,
    Language,
    Settings,
    default_settings,
    load_settings,
    settings_language,
    system_language,
)
from .stats import STATS_FILE, load_stats
from .text import shown_path

STORE_FILES = (SETTINGS_FILE, STATS_FILE, *(slot.value for slot in SaveSlot))
"""Every file the game writes in its data folder (each with a ``.bak`` beside it)."""
STRAY_AGE = 60.0
"""Seconds after which a temporary file of ours is surely left over from a stop
in the middle of a write (a write takes milliseconds), not another copy of the
game writing right now."""


@dataclass(frozen=True)
class Startup:
    """What the data folder held at start-up."""

    settings: Settings
    messages: tuple[str, ...]
    """For the player, in the language set when :func:`open_data_folder` ran."""
    usable: bool
    """False when the folder cannot be used at all: nothing will be kept."""


def startup_language(folder: Path) -> Language:
    """The language the player chose (read without changing anything on disk),
    else the system's when the game speaks it, else English."""
    try:
        language = settings_language(Path(folder))
    except (OSError, ValueError):
        language = None
    return language or system_language()


def folder_problem(folder: Path) -> str | None:
    """A sentence for the player when the data folder cannot be made, looked
    into or written in; None when it can."""
    try:
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        with os.scandir(folder) as entries:
            next(entries, None)
        if not os.access(folder, os.R_OK | os.W_OK | os.X_OK):
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
    except (OSError, ValueError) as error:
        reason = getattr(error, "strerror", None) or type(error).__name__
        text = _(
            "Your data folder cannot be used ({reason}): {path}. The game plays on "
            "with default settings and keeps nothing this time."
        )
        return text.format(reason=reason, path=shown_path(folder))
    return None


def clean_stray_temps(folder: Path, now: float | None = None) -> list[Path]:
    """Remove temporary files of ours (``.<store file>.<anything>.tmp``) that a
    stop in the middle of a write left behind; returns what was removed. Only
    our own names, only regular files, only ones older than :data:`STRAY_AGE`.
    Never raises."""
    moment = time.time() if now is None else now
    prefixes = tuple(f".{name}." for name in STORE_FILES)
    removed: list[Path] = []
    try:
        with os.scandir(folder) as entries:
            names = [e.name for e in entries]
    except (OSError, ValueError):
        return removed
    for name in names:
        if not (name.startswith(prefixes) and name.endswith(TEMP_SUFFIX)):
            continue
        path = Path(folder) / name
        try:
            info = os.lstat(path)
            if stat.S_ISREG(info.st_mode) and moment - info.st_mtime > STRAY_AGE:
                path.unlink()
                removed.append(path)
        except OSError:
            continue
    return removed


def open_data_folder(
    folder: Path, *, robot: bool = False, defaults: Settings | None = None
) -> Startup:
    """Read settings, statistics and the autosave once, so that a damaged file is
    moved aside (never deleted) and the player hears of it at once, not in the
    middle of a game. Never raises.

    ``robot``: an autoplay or screenshot run, which checks its own save slot and
    never touches the person's save.
    """
    base = default_settings() if defaults is None else defaults
    problem = folder_problem(folder)
    if problem is not None:
        return Startup(base, (problem,), usable=False)
    clean_stray_temps(folder)
    settings, messages = load_settings(folder, base)
    _stats, more = load_stats(folder)
    messages += more
    slot = SaveSlot.AUTOPLAY if robot else SaveSlot.PERSON
    if has_saved_game(folder, slot):
        _saved, more = load_saved_game(folder, slot)
        messages += more
    return Startup(settings, tuple(messages), usable=True)
