"""Places on the table as values: where a card lies or flies, turned into a rect
only when drawn, so a resize in the middle of a bounce still lands on the card.

>>> AtCard(2, 4) == AtCard(2, 4), AtCard(2, 4) == AtLift(2, 4)
(True, False)
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from gnoming.ui.table.layout import TableGeometry


@dataclass(frozen=True, slots=True)
class AtDrawPile:
    """The draw pile."""


@dataclass(frozen=True, slots=True)
class AtPile:
    """A discard pile (0 = A, 1 = B)."""

    pile: int


@dataclass(frozen=True, slots=True)
class AtHand:
    """The hand spot beside the piles (a person's drawn card)."""


@dataclass(frozen=True, slots=True)
class AtCard:
    """A position of a seat's layout."""

    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class AtLift:
    """Above a position, where a card lifted out of it hovers."""

    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class AtSeatHand:
    """Beside a seat's layout, where a gnome's drawn card shows (not at the person's)."""

    seat: int


@dataclass(frozen=True, slots=True)
class TopOfPile:
    """Hidden marker: the top card of a discard pile (it is flying away)."""

    pile: int


@dataclass(frozen=True, slots=True)
class HeldCard:
    """Hidden marker: the card in hand, wherever it shows (a clip draws it)."""


Place = AtDrawPile | AtPile | AtHand | AtCard | AtLift | AtSeatHand
"""Somewhere a card can be drawn."""
Hidden = Place | TopOfPile | HeldCard
"""Something of the displayed table a clip draws itself."""

DRAW_PILE = AtDrawPile()
HAND_SPOT = AtHand()
HELD = HeldCard()


def place_rect(geom: TableGeometry, place: Place) -> Rect:
    """Where ``place`` is in this geometry, at the size a card there has."""
    match place:
        case AtDrawPile():
            return geom.draw_pile
        case AtPile(pile):
            return geom.discards[pile]
        case AtHand():
            return geom.held
        case AtCard(seat, position):
            return geom.seats[seat].cards[position]
        case AtLift(seat, position):
            return Rect(geom.seats[seat].lift(position).topleft, geom.card_size(seat))
        case AtSeatHand(seat):
            return geom.seats[seat].hand
