"""The player's settings (``settings.json``): language, sound, speed, window, seats.

Reading is forgiving, field by field: an unknown key is ignored, a number out of
range is clamped, and a value of the wrong type (or a word the game does not
know) falls back to that field's default without losing the other fields. When
that happens the original file is kept as ``settings.json.corrupt-<timestamp>``
and the repaired settings are written in its place, so the player's file is
never lost and the message is shown once. A file that is not JSON at all, not
an object, or from a newer version of the game is handled by
:func:`gnoming.store.atomic.read_json_file` (moved aside, ``.bak`` or defaults).
"""

from __future__ import annotations

import contextlib
import locale
import math
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import cast

from gnoming.i18n import N_, _
from gnoming.options import (
    DEFAULT_DIFFICULTY,
    DEFAULT_NETWORK_PORT,
    DEFAULT_RECONNECT_WAIT,
    DEFAULT_WINDOW,
    DIFFICULTIES,
    LANGUAGES,
    MAX_SEATS,
    MAX_WINDOW,
    MIN_SEATS,
    MIN_WINDOW,
    NETWORK_PORTS,
    RECONNECT_WAITS,
    SEAT_KINDS,
    SPEEDS,
    Difficulty,
    Language,
    SeatKind,
    Speed,
    clamp_window,
)

from .atomic import (
    backup_path,
    check_version,
    json_text,
    parse_json_bytes,
    read_bytes,
    read_json_file,
    replace_keeping,
    write_atomic,
)
from .text import MAX_NAME_LENGTH, clean_name

SETTINGS_FILE = "settings.json"
SETTINGS_VERSION = 1

_LANGUAGE_NAMES: dict[str, Language] = {
    "english": "en",
    "estonian": "et",
    "finnish": "fi",
    "marathi": "mr",
}


@dataclass(frozen=True)
class SeatSpec:
    """One seat of the default table: a person at this computer or a computer gnome."""

    kind: SeatKind = "gnome"
    name: str = "Gnome"
    difficulty: Difficulty = "medium"
    """How well a gnome plays; kept for a person too, where it means nothing."""

    def to_dict(self) -> dict[str, str]:
        """The seat as stored in settings and in a game record's ``seats``."""
        return {"kind": self.kind, "name": self.name, "difficulty": self.difficulty}


DEFAULT_SEATS: tuple[SeatSpec, ...] = (
    SeatSpec("person", "You", "medium"),
    SeatSpec("gnome", "Fennick Burrow", "medium"),
    SeatSpec("gnome", "Hazel Quickroot", "medium"),
    SeatSpec("gnome", "Grub Pebblenose", "medium"),
)


@dataclass(frozen=True)
class Settings:
    """Everything the player can change in the Settings screen.

    Frozen: change a setting with :func:`dataclasses.replace` and save the result.
    ``Settings()`` has English as its language; :func:`default_settings` takes
    the system's language when the game speaks it.
    """

    language: Language = "en"
    sound_volume: float = 0.8
    """0 (silent) to 1 (full)."""
    music_volume: float = 0.0
    """0 to 1; music is off until the player turns it up."""
    muted: bool = False
    """Silences sound and music without losing the volumes."""
    animation_speed: Speed = "normal"
    fullscreen: bool = False
    window_size: tuple[int, int] = DEFAULT_WINDOW
    """Width and height in pixels when not fullscreen; at least 960x600."""
    reduced_motion: bool = False
    """Cards move without bouncing, shaking or flying arcs."""
    large_text: bool = False
    coaching: bool = True
    """Tips for a first game."""
    default_seats: tuple[SeatSpec, ...] = DEFAULT_SEATS
    """The table a new game starts with (2 to 7 seats)."""
    network_port: int = DEFAULT_NETWORK_PORT
    """The port a table hosted from this game listens on (one of :data:`NETWORK_PORTS`)."""
    stand_in_level: Difficulty = DEFAULT_DIFFICULTY
    """The gnome a hosted table puts in an open seat or in a dropped friend's (the
    host's last choice in the lobby)."""
    reconnect_wait: int = DEFAULT_RECONNECT_WAIT
    """Seconds a dropped friend's seat waits at a hosted table (one of :data:`RECONNECT_WAITS`)."""

    def to_dict(self) -> dict[str, object]:
        """The JSON object written to ``settings.json``, with its format version."""
        data: dict[str, object] = {"version": SETTINGS_VERSION}
        data.update(asdict(self))
        data["window_size"] = list(self.window_size)
        data["default_seats"] = [seat.to_dict() for seat in self.default_seats]
        return data


def _language_of(name: str | None) -> Language | None:
    """``"fi_FI.UTF-8"``, ``"et"``, ``"Finnish_Finland"`` ... to one of ours."""
    if not name:
        return None
    for part in name.split(":"):
        head = re.split(r"[_.@\-]", part.strip().lower(), maxsplit=1)[0]
        if head in LANGUAGES:
            return cast(Language, head)
        if head in _LANGUAGE_NAMES:
            return _LANGUAGE_NAMES[head]
    return None


def system_language(environ: Mapping[str, str] | None = None) -> Language:
    """The system's language if it is one the game speaks, else English."""
    env = os.environ if environ is None else environ
    candidates = [env.get(key) for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    if environ is None:
        with contextlib.suppress(ValueError, TypeError):
            candidates.append(locale.getlocale()[0])
    for candidate in candidates:
        language = _language_of(candidate)
        if language is not None:
            return language
    return "en"


def default_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """Factory settings, in the system's language when the game speaks it."""
    return Settings(language=system_language(environ))


# ---------------------------------------------------------------- reading


class _Bad(ValueError):
    """One field holds a value that cannot be used."""


def _choice(options: tuple[str, ...]) -> Callable[[object], object]:
    def parse(value: object) -> object:
        if not isinstance(value, str) or value not in options:
            raise _Bad
        return value

    return parse


def _flag(value: object) -> object:
    if type(value) is not bool:
        raise _Bad
    return value


def _volume(value: object) -> object:
    if type(value) is int:
        return float(min(1, max(0, value)))  # no float() of a 400-digit int
    if type(value) is not float or math.isnan(value):
        raise _Bad
    return min(1.0, max(0.0, value))


def _window_size(value: object) -> object:
    if not isinstance(value, list) or len(value) != 2 or any(type(v) is not int for v in value):
        raise _Bad
    width, height = cast(list[int], value)
    return clamp_window((width, height))


def _network_port(value: object) -> object:
    if type(value) is not int or value not in NETWORK_PORTS:
        raise _Bad
    return value


def _reconnect_wait(value: object) -> object:
    if type(value) is not int or value not in RECONNECT_WAITS:
        raise _Bad
    return value


class _Repaired(ValueError):
    """A field whose value had to be cleaned: ``value`` is the cleaned one."""

    def __init__(self, value: object) -> None:
        super().__init__("repaired")
        self.value = value


def _seat(value: object) -> tuple[SeatSpec, bool]:
    """One seat, and whether its name had to be cleaned to be drawable."""
    if not isinstance(value, dict):
        raise _Bad
    kind, name, difficulty = value.get("kind"), value.get("name"), value.get("difficulty", "medium")
    if kind not in SEAT_KINDS or difficulty not in DIFFICULTIES or not isinstance(name, str):
        raise _Bad
    clean = clean_name(name, MAX_NAME_LENGTH)
    if clean is None:
        raise _Bad
    tidy = " ".join(name.split())[:MAX_NAME_LENGTH]
    return SeatSpec(cast(SeatKind, kind), clean, difficulty), clean != tidy


def _seats(value: object) -> object:
    if not isinstance(value, list) or not MIN_SEATS <= len(value) <= MAX_SEATS:
        raise _Bad
    seats = [_seat(item) for item in value]
    cleaned = tuple(seat for seat, _changed in seats)
    if any(changed for _seat, changed in seats):
        raise _Repaired(cleaned)
    return cleaned


_FIELD_PARSERS: dict[str, Callable[[object], object]] = {
    "language": _choice(LANGUAGES),
    "sound_volume": _volume,
    "music_volume": _volume,
    "muted": _flag,
    "animation_speed": _choice(SPEEDS),
    "fullscreen": _flag,
    "window_size": _window_size,
    "reduced_motion": _flag,
    "large_text": _flag,
    "coaching": _flag,
    "default_seats": _seats,
    "network_port": _network_port,
    "stand_in_level": _choice(DIFFICULTIES),
    "reconnect_wait": _reconnect_wait,
}
assert set(_FIELD_PARSERS) == {f.name for f in fields(Settings)}


def settings_from_dict(
    data: Mapping[str, object], defaults: Settings
) -> tuple[Settings, list[str]]:
    """Settings from a decoded JSON object, field by field; also the names of the
    fields whose values could not be used as they were (they keep their default,
    or, for seat names a font cannot draw, are cleaned). Missing and unknown keys
    are not problems."""
    changes: dict[str, object] = {}
    bad: list[str] = []
    for name, parse in _FIELD_PARSERS.items():
        if name not in data:
            continue
        try:
            changes[name] = parse(data[name])
        except _Repaired as repaired:
            changes[name] = repaired.value
            bad.append(name)
        except _Bad:
            bad.append(name)
    return replace(defaults, **changes), bad  # type: ignore[arg-type]


def load_settings(folder: Path, defaults: Settings | None = None) -> tuple[Settings, list[str]]:
    """The saved settings (or ``defaults``, by default :func:`default_settings`)
    and messages for the player. Never raises."""
    base = default_settings() if defaults is None else defaults
    path = Path(folder) / SETTINGS_FILE
    bad_fields: list[str] = []

    def parse(obj: object) -> Settings:
        data = check_version(obj, SETTINGS_VERSION)
        settings, bad = settings_from_dict(data, base)
        bad_fields[:] = bad
        return settings

    loaded = read_json_file(path, parse, N_("settings"))
    messages = list(loaded.messages)
    settings = base if loaded.value is None else loaded.value
    if bad_fields:
        names = ", ".join(name.replace("_", " ") for name in bad_fields)
        try:
            # the repaired copy is written first: a full disk leaves the old file as it was
            kept = replace_keeping(path, settings_json(settings))
        except OSError:
            kept = None
        if kept is not None:
            text = _(
                "Some of your settings could not be read ({names}) and were reset; "
                "the old file was kept as {name}."
            )
            messages.append(text.format(names=names, name=kept.name))
        else:
            text = _("Some of your settings could not be read ({names}) and were reset.")
            messages.append(text.format(names=names))
    return settings, messages


def settings_language(folder: Path) -> Language | None:
    """The language of the saved settings (or of their ``.bak``), read without
    changing anything on disk: the start-up messages about damaged files are
    then written in the player's language. None when neither can be read."""
    path = Path(folder) / SETTINGS_FILE
    for candidate in (path, backup_path(path)):
        try:
            data = check_version(parse_json_bytes(read_bytes(candidate)), SETTINGS_VERSION)
        except (OSError, ValueError):
            continue
        language = data.get("language")
        return next((known for known in LANGUAGES if known == language), None)
    return None


def settings_json(settings: Settings) -> str:
    """The text of ``settings.json`` for ``settings``."""
    return json_text(settings.to_dict())


def save_settings(folder: Path, settings: Settings) -> list[str]:
    """Write ``settings.json`` safely; returns messages for the player (empty when
    all went well). Never raises for a disk problem."""
    try:
        write_atomic(Path(folder) / SETTINGS_FILE, settings_json(settings))
    except OSError as error:
        reason = error.strerror or type(error).__name__
        return [_("Your settings could not be saved ({reason}).").format(reason=reason)]
    return []


__all__ = [
    "DEFAULT_SEATS",
    "DEFAULT_WINDOW",
    "DIFFICULTIES",
    "LANGUAGES",
    "MAX_NAME_LENGTH",
    "MAX_SEATS",
    "MAX_WINDOW",
    "MIN_SEATS",
    "MIN_WINDOW",
    "SEAT_KINDS",
    "SETTINGS_FILE",
    "SETTINGS_VERSION",
    "SPEEDS",
    "Difficulty",
    "Language",
    "SeatKind",
    "SeatSpec",
    "Settings",
    "Speed",
    "default_settings",
    "load_settings",
    "save_settings",
    "settings_from_dict",
    "settings_json",
    "settings_language",
    "system_language",
]
