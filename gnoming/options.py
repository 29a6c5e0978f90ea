"""Every choice the player (or a flag) can make, written once: seats, computer
difficulties, languages, animation speeds and window sizes, with the words the
screens show for them; and :class:`LaunchOptions`, the command line as a typed
value.

Pure Python (no pygame): the command line, the settings file and the screens
all read their lists from here, and the table sizes from the rules.

To offer another difficulty, add one line to :data:`DIFFICULTY_LABELS`.

>>> DIFFICULTIES[:3]
('easy', 'medium', 'hard')
>>> MIN_SEATS, MAX_SEATS
(2, 7)
>>> window_size_error((800, 600))
'at least 960x600'
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypeAlias, TypeGuard, cast, get_args

from gnoming.i18n import LANGUAGES as LANGUAGE_NAMES
from gnoming.i18n import N_, _
from gnoming.net.address import DEFAULT_PORT
from gnoming.rules import MAX_SEATS, MIN_SEATS, ROUNDS, TURN_LIMIT
from gnoming.rules.cards import HAZARD_POINTS

Language = Literal["en", "et", "fi", "mr"]
Speed = Literal["slow", "normal", "fast", "instant"]
SeatKind = Literal["person", "gnome", "friend"]
"""A person at this computer, a computer gnome, or a friend joining over the network."""
Difficulty: TypeAlias = str
"""One of :data:`DIFFICULTIES` (checked where a value comes in: flags, files)."""

DIFFICULTY_LABELS: dict[Difficulty, str] = {
    "easy": N_("Easy"),
    "medium": N_("Medium"),
    "hard": N_("Hard"),
    "expert": N_("Expert"),
}
"""Each difficulty a gnome can play at, easiest first, and its name on screen
(English, marked with ``N_``; show it with :func:`difficulty_label`)."""
DIFFICULTIES: tuple[Difficulty, ...] = tuple(DIFFICULTY_LABELS)
DEFAULT_DIFFICULTY: Difficulty = "medium"

LANGUAGES: tuple[Language, ...] = cast(tuple[Language, ...], get_args(Language))
"""Language codes; their names in their own language are in
:data:`gnoming.i18n.LANGUAGES`."""
assert tuple(LANGUAGE_NAMES) == LANGUAGES, "i18n.LANGUAGES and options.Language disagree"

SPEED_LABELS: dict[Speed, str] = {
    "slow": N_("Slow"),
    "normal": N_("Normal"),
    "fast": N_("Fast"),
    "instant": N_("Instant"),
}
SPEEDS: tuple[Speed, ...] = cast(tuple[Speed, ...], get_args(Speed))
assert tuple(SPEED_LABELS) == SPEEDS
DEFAULT_SPEED: Speed = "normal"

SEAT_KINDS: tuple[SeatKind, ...] = cast(tuple[SeatKind, ...], get_args(SeatKind))
SEAT_COUNTS: tuple[int, ...] = tuple(range(MIN_SEATS, MAX_SEATS + 1))
"""How many seats a table may have (from the rules)."""

NETWORK_PORTS: tuple[int, ...] = tuple(range(DEFAULT_PORT, DEFAULT_PORT + 6))
"""The ports a hosted table may listen on (Settings); friends add it to the address
when it is not the first."""
DEFAULT_NETWORK_PORT = DEFAULT_PORT
RECONNECT_WAITS: tuple[int, ...] = (30, 60, 120, 300)
"""How many seconds a dropped friend's seat at a table hosted from this game waits
before a gnome stands in (the host's choice in the lobby)."""
DEFAULT_RECONNECT_WAIT = 60

MIN_WINDOW = (960, 600)
"""The smallest window every screen is laid out for."""
MAX_WINDOW = (7680, 4320)
"""The largest window the game opens (8K); larger numbers are a typo."""
DEFAULT_WINDOW = (1280, 720)


RULE_NUMBERS: dict[str, int] = {
    "rounds": ROUNDS,
    "turn_limit": TURN_LIMIT,
    "hazard_points": HAZARD_POINTS,
}
"""The rules' numbers that words on screen mention, by placeholder name."""


class _KeepUnknown(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def rule_text(message: str, **values: object) -> str:
    """``message`` translated, with the rules' numbers filled in: ``{rounds}``,
    ``{turn_limit}``, ``{hazard_points}`` (and any ``values``); other placeholders
    are left as they are.

    >>> rule_text("Round {number} of {rounds}", number=2)
    'Round 2 of 3'
    >>> rule_text("A hazard scores +{hazard_points}")
    'A hazard scores +10'
    """
    return _(message).format_map(_KeepUnknown({**RULE_NUMBERS, **values}))


def difficulty_label(difficulty: Difficulty) -> str:
    """The translated name of a difficulty (the word itself if unknown)."""
    label = DIFFICULTY_LABELS.get(difficulty)
    return _(label) if label is not None else difficulty


def speed_label(speed: Speed) -> str:
    return _(SPEED_LABELS[speed])


def language_label(language: Language) -> str:
    """A language's name in that language (never translated)."""
    return LANGUAGE_NAMES[language]


def is_difficulty(word: str) -> bool:
    return word in DIFFICULTY_LABELS


def is_language(word: str) -> TypeGuard[Language]:
    return word in LANGUAGES


def is_speed(word: str) -> TypeGuard[Speed]:
    return word in SPEEDS


def window_size_error(size: tuple[int, int]) -> str | None:
    """Why ``size`` cannot be a window size, or None when it can."""
    width, height = size
    if width < MIN_WINDOW[0] or height < MIN_WINDOW[1]:
        return f"at least {MIN_WINDOW[0]}x{MIN_WINDOW[1]}"
    if width > MAX_WINDOW[0] or height > MAX_WINDOW[1]:
        return f"at most {MAX_WINDOW[0]}x{MAX_WINDOW[1]}"
    return None


def clamp_window(size: tuple[int, int]) -> tuple[int, int]:
    """``size`` moved into the range from :data:`MIN_WINDOW` to :data:`MAX_WINDOW`."""
    return (
        min(MAX_WINDOW[0], max(MIN_WINDOW[0], size[0])),
        min(MAX_WINDOW[1], max(MIN_WINDOW[1], size[1])),
    )


@dataclass(frozen=True)
class LaunchOptions:
    """How the game was started: the command line, checked once by
    :func:`gnoming.cli.parse_args`. ``None`` leaves a choice to the settings."""

    players: int | None = None
    """Seats for ``--autoplay``, within :data:`SEAT_COUNTS`."""
    seed: int | None = None
    speed: Speed | None = None
    lang: Language | None = None
    autoplay: bool = False
    quit_at_end: bool = False
    window: tuple[int, int] | None = None
    """Within :data:`MIN_WINDOW`..:data:`MAX_WINDOW`."""
    data_dir: Path | None = None
    screenshot_dir: Path | None = None
    frame_stats: Path | None = None
    max_frames: int | None = None
    """Stop after this many frames (tests and benchmarks)."""
    join: str | None = None
    """``--join``: the WebSocket URL of a friend's table (checked)."""
    code: str | None = None
    """``--code``: its join code (checked)."""
    result_json: Path | None = None
    host_port: int | None = None
    """``--host``: host a table on this port (0: any free one)."""
    bind: str = "0.0.0.0"
    gnomes: int = 0
    """``--gnomes``: with ``--host``, this many of the seats are the table's gnomes."""
    gnome_level: str = "medium"
    """``--gnome-level``: how well those gnomes (and stand-ins for a dropped friend) play."""


__all__ = [
    "DEFAULT_DIFFICULTY",
    "DEFAULT_NETWORK_PORT",
    "DEFAULT_RECONNECT_WAIT",
    "NETWORK_PORTS",
    "RECONNECT_WAITS",
    "DEFAULT_SPEED",
    "DEFAULT_WINDOW",
    "DIFFICULTIES",
    "DIFFICULTY_LABELS",
    "LANGUAGES",
    "MAX_SEATS",
    "MAX_WINDOW",
    "MIN_SEATS",
    "MIN_WINDOW",
    "SEAT_COUNTS",
    "SEAT_KINDS",
    "SPEEDS",
    "SPEED_LABELS",
    "Difficulty",
    "Language",
    "LaunchOptions",
    "SeatKind",
    "Speed",
    "clamp_window",
    "difficulty_label",
    "is_difficulty",
    "is_language",
    "is_speed",
    "language_label",
    "rule_text",
    "RULE_NUMBERS",
    "speed_label",
    "window_size_error",
]
