"""Events: what happened, in the order it happened; the vocabulary the screen animates.

:meth:`GameState.apply` returns a list of these. Each is a small immutable
record; the UI turns them into animations and never needs to diff states.
Discard piles are 0 (A) and 1 (B); a draw source of -1 means the draw pile.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from .cards import Card
from .scoring import GameResult, RoundResult

DRAW_PILE = -1


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


class RoundStarted(NamedTuple):
    round_index: int
    starting_seat: int


class Dealt(NamedTuple):
    seat: int
    position: int


class DiscardPileStarted(NamedTuple):
    pile: int
    card: Card


class TurnedUp(NamedTuple):
    seat: int
    position: int
    card: Card
    reason: TurnReason


class TurnStarted(NamedTuple):
    seat: int
    turn_number: int
    """Turns taken in this round before this one, all players together."""


class Drawn(NamedTuple):
    seat: int
    source: int
    """-1 for the draw pile, else the discard pile (0 = A, 1 = B)."""
    card: Card


class Placed(NamedTuple):
    """The card in hand went face up at ``position``; ``replaced`` was lifted out."""

    seat: int
    position: int
    card: Card
    replaced: Card
    replaced_was_face_up: bool


class Bounced(NamedTuple):
    """A matching card hopped from ``from_position`` (where it was just lifted out) to
    ``position``, lifting out ``replaced``."""

    seat: int
    from_position: int
    position: int
    card: Card
    replaced: Card
    replaced_was_face_up: bool


class Refused(NamedTuple):
    seat: int
    card: Card


class Discarded(NamedTuple):
    seat: int
    pile: int
    card: Card


class HazardRemoved(NamedTuple):
    seat: int
    """Who discarded it; -1 at set-up."""
    reason: HazardReason


class HazardTurnDeclined(NamedTuple):
    seat: int


class DrawPileRebuilt(NamedTuple):
    size: int
    """How many cards the new draw pile holds."""


class EndgameTriggered(NamedTuple):
    seat: int
    """The player who went out first; every other player has one more turn."""


class TurnEnded(NamedTuple):
    seat: int


class RoundScored(NamedTuple):
    result: RoundResult


class GameOver(NamedTuple):
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
