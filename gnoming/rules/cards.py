"""Cards and the deck.

Cards of the same face are indistinguishable, so a card *is* its face: a small
integer enum. Positive cards are 1..12, negative cards -1..-5, and the two
special cards sit outside both ranges so that ``1 <= card <= 12`` and
``card < 0`` are the fast tests the engine uses.

The per-value split of the 110-card deck lives in :data:`DECK_TABLE` and
nowhere else, so a player who owns the physical deck can correct it in one place.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable


class CardKind(enum.Enum):
    """The four kinds of card in the deck."""

    POSITIVE = "positive"
    """1 to 12; matched in a row or column, they score minus their value."""
    NEGATIVE = "negative"
    """-1 to -5; always lower the score, never part of a match."""
    MULLIGAN = "mulligan"
    """Wild: counts as whatever value completes a match; scores 0."""
    HAZARD = "hazard"
    """+10 while in a layout; removed for the round when discarded."""


class Card(enum.IntEnum):
    """One card face. ``int(card)`` is its face value for number cards."""

    P1 = 1
    P2 = 2
    P3 = 3
    P4 = 4
    P5 = 5
    P6 = 6
    P7 = 7
    P8 = 8
    P9 = 9
    P10 = 10
    P11 = 11
    P12 = 12
    N1 = -1
    N2 = -2
    N3 = -3
    N4 = -4
    N5 = -5
    MULLIGAN = 0
    HAZARD = 99

    @property
    def kind(self) -> CardKind:
        """Which of the four kinds this card is."""
        if 1 <= self <= 12:
            return CardKind.POSITIVE
        if self < 0:
            return CardKind.NEGATIVE
        if self is Card.MULLIGAN:
            return CardKind.MULLIGAN
        return CardKind.HAZARD

    @property
    def is_positive(self) -> bool:
        return 1 <= self <= 12

    @property
    def points(self) -> int:
        """What the card scores when it is in no match."""
        if self is Card.HAZARD:
            return HAZARD_POINTS
        return int(self)

    @property
    def token(self) -> str:
        """The short text form: ``"5"``, ``"-2"``, ``"M"`` or ``"H"``."""
        return _TOKENS[self]

    def __str__(self) -> str:
        return _TOKENS[self]

    @classmethod
    def parse(cls, token: str | int | Card) -> Card:
        """A card from its token: ``"5"``, ``"-2"``, ``"M"``, ``"H"`` (or an int).

        >>> Card.parse("-2")
        <Card.N2: -2>
        >>> Card.parse("m")
        <Card.MULLIGAN: 0>
        """
        if isinstance(token, Card):
            return token
        if isinstance(token, int):
            if token in _NUMBER_CARDS:
                return _NUMBER_CARDS[token]
            raise ValueError(f"there is no card with the value {token}")
        text = token.strip().upper()
        if text in ("M", "MULLIGAN"):
            return Card.MULLIGAN
        if text in ("H", "HAZARD"):
            return Card.HAZARD
        try:
            value = int(text.replace("\u2212", "-"))
        except ValueError:
            raise ValueError(f"{token!r} is not a card (use 1..12, -1..-5, M or H)") from None
        return cls.parse(value)


HAZARD_POINTS = 10
"""A hazard still in a layout at the end of a round scores this many points."""

POSITIVE_VALUES = tuple(range(1, 13))

_NUMBER_CARDS: dict[int, Card] = {int(c): c for c in Card if c is not Card.MULLIGAN and c is not Card.HAZARD}
_TOKENS: dict[Card, str] = {c: str(int(c)) for c in _NUMBER_CARDS.values()}
_TOKENS[Card.MULLIGAN] = "M"
_TOKENS[Card.HAZARD] = "H"

DECK_TABLE: dict[Card, int] = {
    **{Card(v): 7 for v in range(1, 11)},
    Card.P11: 6,
    Card.P12: 6,
    Card.N1: 6,
    Card.N2: 6,
    Card.N3: 4,
    Card.N4: 4,
    Card.N5: 2,
    Card.MULLIGAN: 3,
    Card.HAZARD: 3,
}
"""How many of each card the 110-card deck holds (RULES.md, Components)."""

DECK_SIZE = sum(DECK_TABLE.values())


def full_deck() -> list[Card]:
    """All 110 cards in a fixed order (shuffle it with the game's random generator)."""
    return [card for card, count in DECK_TABLE.items() for _ in range(count)]


def deck_counter() -> Counter[Card]:
    """The whole deck as a multiset."""
    return Counter(DECK_TABLE)


def parse_cards(tokens: Iterable[str | int | Card]) -> list[Card]:
    """Cards from tokens, e.g. ``parse_cards("5 5 M".split())``."""
    return [Card.parse(t) for t in tokens]
