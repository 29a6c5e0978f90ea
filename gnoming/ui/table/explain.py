"""What each number on the scoreboard means, in one line, and which cards it is about.

>>> from gnoming.rules.scoring import score_round
>>> from gnoming.rules.cards import parse_cards
>>> result = score_round(0, [parse_cards("7 7 7 1 2 3 4 6 -2".split())], None)
>>> [n.key for n in line_notes(result.seats[0], 0, result.seats[0].total)]
['matches', 'cards', 'round', 'total']
>>> line_notes(result.seats[0], 0, 7)[1].text
'Cards in no match add their value: 1 + 2 + 3 + 4 + 6 \u2013 2 = +14'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gnoming.i18n import _
from gnoming.options import rule_text
from gnoming.rules import Card, SeatRoundScore
from gnoming.rules.scoring import LineKind, LineMatch

MINUS = "\u2013"


def signed(value: int) -> str:
    """Points with their sign: "+5", "–3", "0"."""
    if value > 0:
        return f"+{value}"
    return str(value).replace("-", MINUS)


def sum_text(values: Sequence[int], total: str) -> str:
    """A sum written out: ``3 + 8 – 2 = +9``."""
    if not values:
        return total
    parts = [str(values[0]).replace("-", MINUS)]
    for value in values[1:]:
        parts.append(f"{MINUS if value < 0 else '+'} {abs(value)}")
    return " ".join(parts) + " = " + total


@dataclass(frozen=True)
class Note:
    """One number's explanation and the layout positions it is about."""

    key: str
    """``match<k>``, ``matches``, ``cards``, ``hazards``, ``went_out``, ``round``, ``total``."""
    text: str
    positions: frozenset[int] = frozenset()


def match_note(index: int, match: LineMatch) -> Note:
    """The points written beside one matched row or column."""
    if match.kind is LineKind.ROW:
        text = _("Row {number} of {value}s is a match: {points}")
    else:
        text = _("Column {number} of {value}s is a match: {points}")
    text = text.format(number=match.index + 1, value=match.value, points=signed(match.points))
    return Note(f"match{index}", text, frozenset(match.positions))


def counted_positions(score: SeatRoundScore) -> list[int]:
    """The cards the "Cards" line adds up: in no match, not a hazard, not worth 0."""
    layout = score.layout
    return [
        p for p in range(9) if layout.cards[p] is not Card.HAZARD and layout.card_points[p] != 0
    ]


def line_notes(score: SeatRoundScore, before: int, after: int) -> list[Note]:
    """Notes for the scoreboard's lines of one seat, in their order: matches, cards,
    hazards (if any), went out first (if so), round, and the running total."""
    layout = score.layout
    notes: list[Note] = []
    if layout.matches:
        points = [m.points for m in layout.matches]
        text = _("Each matched row or column scores minus its value: {sum}").format(
            sum=sum_text(points, signed(layout.match_points))
            if len(points) > 1
            else signed(points[0])
        )
    else:
        text = _("No row or column matches: 0")
    notes.append(Note("matches", text, layout.matched_positions))
    counted = counted_positions(score)
    values = [layout.card_points[p] for p in counted]
    if counted:
        text = _("Cards in no match add their value: {sum}").format(
            sum=sum_text(values, signed(sum(values)))
        )
    else:
        text = _("Every card is in a match or scores 0: 0")
    notes.append(Note("cards", text, frozenset(counted)))
    hazards = [p for p in range(9) if layout.cards[p] is Card.HAZARD]
    if hazards:
        if len(hazards) == 1:
            text = rule_text("A hazard in the layout scores +{hazard_points}")
        else:
            text = rule_text(
                "{count} hazards in the layout score +{hazard_points} each: {points}",
                count=len(hazards),
                points=signed(layout.hazard_points),
            )
        notes.append(Note("hazards", text, frozenset(hazards)))
    if score.went_out_first:
        if score.adjustment < 0:
            text = _("Went out first and had the lowest score: {points}")
        else:
            text = _("Went out first but was not lowest: {points}")
        notes.append(Note("went_out", text.format(points=signed(score.adjustment))))
    parts = [n for n in (layout.match_points, sum(values), layout.hazard_points) if n]
    if score.went_out_first:
        parts.append(score.adjustment)
    notes.append(
        Note(
            "round",
            _("Round score: the sum of the lines above: {sum}").format(
                sum=sum_text(parts, signed(score.total)) if len(parts) > 1 else signed(score.total)
            ),
        )
    )
    notes.append(
        Note(
            "total",
            _("Total: all rounds so far: {sum}").format(
                sum=sum_text(
                    [before, after - before] if before else [], str(after).replace("-", MINUS)
                )
            ),
        )
    )
    return notes
