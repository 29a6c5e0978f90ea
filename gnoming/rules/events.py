"""Events: what happened, in the order it happened; the vocabulary the screen animates.

:meth:`GameState.apply` returns a list of these. Each is a small immutable
record; the UI turns them into animations and never needs to diff states.
Discard piles are 0 (A) and 1 (B); a draw source of -1 means the draw pile.

Every event is a frozen dataclass, so two different events never compare equal
by accident, and a screen can ``match`` on the class:

>>> from gnoming.rules.cards import Card
>>> Drawn(0, 1, Card(5)) == Discarded(0, 1, Card(5))
False
>>> len({TurnEnded(2), HazardTurnDeclined(2)})
2
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, fields
from typing import Any, TypeVar

from .cards import Card
from .scoring import GameResult, RoundResult

DRAW_PILE = -1

_E = TypeVar("_E")


def _fast_init(cls: type[_E]) -> type[_E]:
    """Give a frozen, slotted dataclass an ``__init__`` that fills its slots
    through their descriptors instead of ``object.__setattr__`` by name.

    Same signature and result as the generated one, a third of the cost: the
    engine makes about a thousand events per game and the computer opponents
    play thousands of games forward, so the cost of an event is the engine's
    speed (``python -m gnoming.bench``).
    """
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    namespace: dict[str, Any] = {f"_set_{name}": getattr(cls, name).__set__ for name in names}
    body = "".join(f"    _set_{name}(self, {name})\n" for name in names)
    exec(f"def __init__(self, {', '.join(names)}):\n{body}", namespace)  # as dataclasses does
    init = namespace["__init__"]
    generated: Any = getattr(cls, "__init__")  # noqa: B009
    init.__qualname__ = generated.__qualname__
    init.__annotations__ = generated.__annotations__
    setattr(cls, "__init__", init)  # noqa: B010
    return cls


class TurnReason(enum.Enum):
    """Why a face-down card was turned face up."""

    INITIAL = "initial"
    """One of the two cards a player turns up at the start of a round."""
    HAZARD = "hazard"
    """Turned after another player discarded a hazard."""
    REPLACED = "replaced"
    """Lifted out by a kept or bounced card, and checked for a bounce."""
    ROUND_END = "round end"
    """Still face down when the round ended."""


class HazardReason(enum.Enum):
    """Why a hazard left play for the round."""

    SETUP = "setup"
    """Turned up onto a discard pile at the deal; replaced by the next card."""
    DISCARDED = "discarded"
    """Refused or replaced out of a layout; the other players may turn a card."""


@_fast_init
@dataclass(frozen=True, slots=True)
class RoundStarted:
    round_index: int
    starting_seat: int


@_fast_init
@dataclass(frozen=True, slots=True)
class Dealt:
    seat: int
    position: int


@_fast_init
@dataclass(frozen=True, slots=True)
class DiscardPileStarted:
    pile: int
    card: Card


@_fast_init
@dataclass(frozen=True, slots=True)
class TurnedUp:
    seat: int
    position: int
    card: Card
    reason: TurnReason


@_fast_init
@dataclass(frozen=True, slots=True)
class TurnStarted:
    seat: int
    turn_number: int
    """Turns taken in this round before this one, all players together."""


@_fast_init
@dataclass(frozen=True, slots=True)
class Drawn:
    seat: int
    source: int
    """-1 for the draw pile, else the discard pile (0 = A, 1 = B)."""
    card: Card


@_fast_init
@dataclass(frozen=True, slots=True)
class Placed:
    """The card in hand went face up at ``position``; ``replaced`` was lifted out."""

    seat: int
    position: int
    card: Card
    replaced: Card
    replaced_was_face_up: bool


@_fast_init
@dataclass(frozen=True, slots=True)
class Bounced:
    """A matching card hopped from ``from_position`` (where it was just lifted out) to
    ``position``, lifting out ``replaced``."""

    seat: int
    from_position: int
    position: int
    card: Card
    replaced: Card
    replaced_was_face_up: bool


@_fast_init
@dataclass(frozen=True, slots=True)
class Refused:
    seat: int
    card: Card


@_fast_init
@dataclass(frozen=True, slots=True)
class Discarded:
    seat: int
    pile: int
    card: Card


@_fast_init
@dataclass(frozen=True, slots=True)
class HazardRemoved:
    seat: int
    """Who discarded it; -1 at set-up."""
    reason: HazardReason


@_fast_init
@dataclass(frozen=True, slots=True)
class HazardTurnDeclined:
    seat: int


@_fast_init
@dataclass(frozen=True, slots=True)
class DrawPileRebuilt:
    size: int
    """How many cards the new draw pile holds."""


@_fast_init
@dataclass(frozen=True, slots=True)
class EndgameTriggered:
    seat: int
    """The player who went out first; every other player has one more turn."""


@_fast_init
@dataclass(frozen=True, slots=True)
class TurnEnded:
    seat: int


@_fast_init
@dataclass(frozen=True, slots=True)
class RoundScored:
    result: RoundResult


@_fast_init
@dataclass(frozen=True, slots=True)
class GameOver:
    result: GameResult


Event = (
    RoundStarted
    | Dealt
    | DiscardPileStarted
    | TurnedUp
    | TurnStarted
    | Drawn
    | Placed
    | Bounced
    | Refused
    | Discarded
    | HazardRemoved
    | HazardTurnDeclined
    | DrawPileRebuilt
    | EndgameTriggered
    | TurnEnded
    | RoundScored
    | GameOver
)
