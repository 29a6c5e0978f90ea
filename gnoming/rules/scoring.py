"""Scoring a layout at the end of a round, with a breakdown a player can read.

A row or column is a *match* when it holds no negative card and no hazard,
holds at least one positive card, and all its positive cards have the same
value (mulligans fill the rest). A match scores minus that value. A positive
card in no match scores plus its value; a negative card its value; a mulligan
0; a hazard +10.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import HAZARD_POINTS, Card


class LineKind(enum.Enum):
    ROW = "row"
    COLUMN = "column"


LINES: tuple[tuple[LineKind, int, tuple[int, int, int]], ...] = (
    (LineKind.ROW, 0, (0, 1, 2)),
    (LineKind.ROW, 1, (3, 4, 5)),
    (LineKind.ROW, 2, (6, 7, 8)),
    (LineKind.COLUMN, 0, (0, 3, 6)),
    (LineKind.COLUMN, 1, (1, 4, 7)),
    (LineKind.COLUMN, 2, (2, 5, 8)),
)
"""Every row and column of a 3x3 layout, positions numbered 0-8 row by row."""

LINE_POSITIONS: tuple[tuple[int, int, int], ...] = tuple(p for _, _, p in LINES)

WENT_OUT_BONUS = 5
"""The went-out-first player subtracts this if lowest at the table, else adds it."""


@dataclass(frozen=True, slots=True)
class LineMatch:
    """One matched row or column."""

    kind: LineKind
    index: int
    value: int
    positions: tuple[int, int, int]

    @property
    def points(self) -> int:
        """A match scores minus its value."""
        return -self.value

    def describe(self) -> str:
        """E.g. ``"row 1 of 7s: -7"``."""
        return f"{self.kind.value} {self.index + 1} of {self.value}s: {self.points}"


@dataclass(frozen=True, slots=True)
class LayoutScore:
    """How one layout scores before the went-out-first adjustment."""

    cards: tuple[Card, ...]
    matches: tuple[LineMatch, ...]
    card_points: tuple[int, ...]
    """Per position: what that card scores outside matches (0 for a matched
    positive card and for a mulligan, the value of a negative card, +10 for a
    hazard)."""

    @property
    def match_points(self) -> int:
        return sum(m.points for m in self.matches)

    @property
    def hazard_points(self) -> int:
        return HAZARD_POINTS * sum(1 for c in self.cards if c is Card.HAZARD)

    @property
    def matched_positions(self) -> frozenset[int]:
        return frozenset(p for m in self.matches for p in m.positions)

    @property
    def total(self) -> int:
        return self.match_points + sum(self.card_points)


def line_value(a: int, b: int, c: int) -> int:
    """The value a line matches on, or 0 when it is no match.

    >>> line_value(5, 5, 0)   # 5, 5, mulligan
    5
    >>> line_value(0, 0, 0)   # only mulligans: no positive card, no match
    0
    """
    value = 0
    for card in (a, b, c):
        if card == 0:
            continue
        if card < 0 or card > 12:
            return 0
        if value == 0:
            value = card
        elif card != value:
            return 0
    return value


def _as_cards(cards: Sequence[Card | str | int]) -> tuple[Card, ...]:
    if len(cards) != 9:
        raise ValueError(f"a layout has nine cards, not {len(cards)}")
    return tuple(Card.parse(c) for c in cards)


def score_breakdown(cards: Sequence[Card | str | int]) -> LayoutScore:
    """The full breakdown of a face-up layout (nine cards, row by row)."""
    layout = _as_cards(cards)
    matches: list[LineMatch] = []
    matched = [False] * 9
    for kind, index, positions in LINES:
        value = line_value(*(layout[p] for p in positions))
        if value:
            matches.append(LineMatch(kind, index, value, positions))
            for p in positions:
                matched[p] = True
    card_points = tuple(
        0 if (card is Card.MULLIGAN or (matched[p] and card.is_positive)) else card.points
        for p, card in enumerate(layout)
    )
    return LayoutScore(layout, tuple(matches), card_points)


def layout_points(layout: Sequence[int]) -> int:
    """Round points of a face-up layout given as cards (the engine's fast path)."""
    matched = 0
    total = 0
    for positions in LINE_POSITIONS:
        value = line_value(layout[positions[0]], layout[positions[1]], layout[positions[2]])
        if value:
            total -= value
            for p in positions:
                matched |= 1 << p
    for p in range(9):
        card = layout[p]
        if card < 0:
            total += card
        elif card > 12:
            total += HAZARD_POINTS
        elif card and not matched >> p & 1:
            total += card
    return total


def score_layout(cards: Sequence[Card | str | int]) -> int:
    """A layout's round points before the went-out-first adjustment.

    Takes nine cards row by row: the engine's cards or the tokens ``"5"``,
    ``"-2"``, ``"M"`` (mulligan) and ``"H"`` (hazard).

    >>> score_layout("5 5 5 1 2 3 4 6 7".split())
    18
    >>> score_layout("M 4 4 4 -1 2 4 2 2".split())
    -3
    """
    return layout_points(_as_cards(cards))


def went_out_adjustment(went_out_score: int, all_scores: Sequence[int]) -> int:
    """-5 if the player who went out first is lowest at the table (ties count), else +5."""
    return -WENT_OUT_BONUS if went_out_score <= min(all_scores) else WENT_OUT_BONUS


@dataclass(frozen=True, slots=True)
class SeatRoundScore:
    """One player's round: their layout's breakdown and the went-out-first adjustment."""

    seat: int
    layout: LayoutScore
    went_out_first: bool
    adjustment: int
    """-5, +5, or 0 for a player who did not go out first."""

    @property
    def total(self) -> int:
        return self.layout.total + self.adjustment


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a round was scored, seat by seat."""

    round_index: int
    seats: tuple[SeatRoundScore, ...]
    went_out_first: int | None
    ended_by_turn_limit: bool

    @property
    def scores(self) -> tuple[int, ...]:
        return tuple(s.total for s in self.seats)


def score_round(
    round_index: int,
    layouts: Sequence[Sequence[Card]],
    went_out_first: int | None,
    ended_by_turn_limit: bool = False,
) -> RoundResult:
    """Score every layout of a finished round (all cards face up)."""
    breakdowns = [score_breakdown(layout) for layout in layouts]
    raw = [b.total for b in breakdowns]
    seats = []
    for seat, breakdown in enumerate(breakdowns):
        adjustment = 0
        if seat == went_out_first:
            adjustment = went_out_adjustment(raw[seat], raw)
        seats.append(SeatRoundScore(seat, breakdown, seat == went_out_first, adjustment))
    return RoundResult(round_index, tuple(seats), went_out_first, ended_by_turn_limit)


class TieBreak(enum.Enum):
    """How the winner was decided."""

    NONE = "none"
    """One player had the lowest total."""
    LAST_ROUND = "last round"
    """Tied on total; the tied player with the lowest third-round score won."""
    SHARED = "shared"
    """Tied on total and on the third round: the win is shared."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """The end of a game: totals, winners and the tie-break used."""

    round_scores: tuple[tuple[int, ...], ...]
    """``round_scores[r][seat]``."""
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    tie_break: TieBreak


def decide_winners(round_scores: Sequence[Sequence[int]]) -> GameResult:
    """Lowest total wins; a tie goes to the lowest last-round score; still tied, shared."""
    rounds = tuple(tuple(r) for r in round_scores)
    n = len(rounds[0])
    totals = tuple(sum(r[s] for r in rounds) for s in range(n))
    best = min(totals)
    tied = [s for s in range(n) if totals[s] == best]
    if len(tied) == 1:
        return GameResult(rounds, totals, tuple(tied), TieBreak.NONE)
    last = rounds[-1]
    best_last = min(last[s] for s in tied)
    winners = tuple(s for s in tied if last[s] == best_last)
    tie_break = TieBreak.LAST_ROUND if len(winners) == 1 else TieBreak.SHARED
    return GameResult(rounds, totals, winners, tie_break)
