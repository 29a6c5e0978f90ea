"""Actions: the decisions a seat can make, as small hashable values.

An :class:`Action` is a kind and a target. ``target`` is a layout position
(0-8, row by row) for flips, keeps, bounces and hazard turns, a discard pile
(0 = pile A, 1 = pile B) for taking and discarding, and -1 where the action
needs nothing more. Every possible action exists once, prebuilt, so the engine
hands out the same objects every time; an action built by hand equals the
prebuilt one, and nothing else can be built.

>>> keep(4)
Action(kind=<ActionKind.KEEP: 3>, target=4)
>>> str(keep(4)), Action.parse("discard B") == discard(1)
('keep 4', True)
>>> Action(ActionKind.KEEP, 4) == keep(4), len({keep(4), flip(4), turn(4)})
(True, 3)
>>> Action(ActionKind.TAKE, 2)
Traceback (most recent call last):
...
ValueError: take: the target is a discard pile, 0 (A) or 1 (B), not 2
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

PILE_NAMES = ("A", "B")


class ActionKind(enum.IntEnum):
    """What kind of decision an action is."""

    FLIP = 0
    """Set-up: turn one of your own face-down cards face up (twice per round)."""
    DRAW = 1
    """Take the top card of the draw pile."""
    TAKE = 2
    """Take the top card of a discard pile (it must then be kept)."""
    KEEP = 3
    """Put the card in hand face up at a position of your layout."""
    REFUSE = 4
    """Discard the card just drawn from the draw pile instead of keeping it."""
    BOUNCE = 5
    """Put the matching card just turned up at another position of your layout."""
    STOP = 6
    """Do not bounce; the card in hand is discarded."""
    DISCARD = 7
    """Put the card in hand onto a discard pile."""
    TURN = 8
    """After another player discarded a hazard: turn one of your face-down cards up."""
    DECLINE = 9
    """After another player discarded a hazard: turn nothing up."""


_WORDS = {
    ActionKind.FLIP: "flip",
    ActionKind.DRAW: "draw",
    ActionKind.TAKE: "take",
    ActionKind.KEEP: "keep",
    ActionKind.REFUSE: "refuse",
    ActionKind.BOUNCE: "bounce",
    ActionKind.STOP: "stop",
    ActionKind.DISCARD: "discard",
    ActionKind.TURN: "turn",
    ActionKind.DECLINE: "decline",
}
_KINDS_BY_WORD = {word: kind for kind, word in _WORDS.items()}
_PILE_KINDS = (ActionKind.TAKE, ActionKind.DISCARD)
_POSITION_KINDS = (ActionKind.FLIP, ActionKind.KEEP, ActionKind.BOUNCE, ActionKind.TURN)


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: a kind and its target (a position, a pile, or -1).

    Built only from an :class:`ActionKind` and an ``int`` target in range for
    that kind; anything else raises ``ValueError``.
    """

    kind: ActionKind
    target: int = -1

    def __post_init__(self) -> None:
        problem = target_problem(self.kind, self.target)
        if problem is not None:
            raise ValueError(problem)

    def __str__(self) -> str:
        word = _WORDS[self.kind]
        if self.kind in _PILE_KINDS:
            return f"{word} {PILE_NAMES[self.target]}"
        if self.target >= 0:
            return f"{word} {self.target}"
        return word

    def to_json(self) -> str:
        """The compact text form used in game records (``"keep 4"``)."""
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Action:
        """An action from its text form, e.g. ``"keep 4"``, ``"take A"``, ``"draw"``."""
        if not isinstance(text, str):
            raise ValueError(f"an action is written as text, not {type(text).__name__}")
        words = text.split()
        if not words or words[0].lower() not in _KINDS_BY_WORD:
            raise ValueError(f"{text!r} is not an action")
        kind = _KINDS_BY_WORD[words[0].lower()]
        if kind in _PILE_KINDS:
            if len(words) != 2 or words[1].upper() not in PILE_NAMES:
                raise ValueError(f"{text!r}: say which discard pile, A or B")
            return _TABLES[kind][PILE_NAMES.index(words[1].upper())]
        if kind in _POSITION_KINDS:
            if len(words) != 2 or not words[1].isdigit() or not 0 <= int(words[1]) <= 8:
                raise ValueError(f"{text!r}: say which position, 0 to 8")
            return _TABLES[kind][int(words[1])]
        if len(words) != 1:
            raise ValueError(f"{text!r}: {words[0]} takes nothing more")
        return _SINGLE[kind]


def target_problem(kind: object, target: object) -> str | None:
    """Why ``(kind, target)`` is not an action of this game, or None when it is.

    >>> target_problem(ActionKind.FLIP, 9)
    'flip: the target is a layout position, 0 to 8, not 9'
    >>> target_problem(ActionKind.FLIP, True)
    'flip: the target is a whole number, not bool'
    """
    if type(kind) is not ActionKind:
        return f"the kind of an action is an ActionKind, not {type(kind).__name__}"
    if type(target) is not int:
        return f"{_WORDS[kind]}: the target is a whole number, not {type(target).__name__}"
    if kind in _POSITION_KINDS:
        if not 0 <= target <= 8:
            return f"{_WORDS[kind]}: the target is a layout position, 0 to 8, not {target}"
    elif kind in _PILE_KINDS:
        if not 0 <= target <= 1:
            return f"{_WORDS[kind]}: the target is a discard pile, 0 (A) or 1 (B), not {target}"
    elif target != -1:
        return f"{_WORDS[kind]} takes no target (-1), not {target}"
    return None


def canonical(action: object) -> Action | None:
    """The engine's own prebuilt action equal to ``action``, or None when
    ``action`` is not a well-formed :class:`Action` (whatever its type or fields).

    >>> canonical(Action(ActionKind.KEEP, 4)) is keep(4)
    True
    >>> canonical((3, 4)) is None
    True
    """
    if type(action) is not Action:
        return None
    kind, target = action.kind, action.target
    if target_problem(kind, target) is not None:
        return None
    table = _TABLES.get(kind)
    return table[target] if table is not None else _SINGLE[kind]


FLIPS = tuple(Action(ActionKind.FLIP, p) for p in range(9))
KEEPS = tuple(Action(ActionKind.KEEP, p) for p in range(9))
BOUNCES = tuple(Action(ActionKind.BOUNCE, p) for p in range(9))
TURNS = tuple(Action(ActionKind.TURN, p) for p in range(9))
TAKES = tuple(Action(ActionKind.TAKE, p) for p in range(2))
DISCARDS = tuple(Action(ActionKind.DISCARD, p) for p in range(2))
DRAW = Action(ActionKind.DRAW)
REFUSE = Action(ActionKind.REFUSE)
STOP = Action(ActionKind.STOP)
DECLINE = Action(ActionKind.DECLINE)

EVERY_ACTION: tuple[Action, ...] = (
    *FLIPS,
    DRAW,
    *TAKES,
    *KEEPS,
    REFUSE,
    *BOUNCES,
    STOP,
    *DISCARDS,
    *TURNS,
    DECLINE,
)
"""All 44 actions of the game, in :class:`ActionKind` order."""

_TABLES: dict[ActionKind, tuple[Action, ...]] = {
    ActionKind.FLIP: FLIPS,
    ActionKind.KEEP: KEEPS,
    ActionKind.BOUNCE: BOUNCES,
    ActionKind.TURN: TURNS,
    ActionKind.TAKE: TAKES,
    ActionKind.DISCARD: DISCARDS,
}
_SINGLE = {
    ActionKind.DRAW: DRAW,
    ActionKind.REFUSE: REFUSE,
    ActionKind.STOP: STOP,
    ActionKind.DECLINE: DECLINE,
}


def flip(position: int) -> Action:
    return FLIPS[position]


def take(pile: int) -> Action:
    return TAKES[pile]


def keep(position: int) -> Action:
    return KEEPS[position]


def bounce(position: int) -> Action:
    return BOUNCES[position]


def discard(pile: int) -> Action:
    return DISCARDS[pile]


def turn(position: int) -> Action:
    return TURNS[position]
