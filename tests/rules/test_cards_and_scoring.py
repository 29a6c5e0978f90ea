"""Components and scoring (RULES.md: Components, Scoring a round)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gnoming.rules import Card, CardKind, score_breakdown, score_layout
from gnoming.rules.cards import DECK_TABLE, full_deck, parse_cards
from gnoming.rules.scoring import decide_winners, layout_points, went_out_adjustment


def L(text: str) -> list[str]:
    """A layout written row by row with slashes between rows."""
    return text.replace("/", " ").split()


def test_deck_has_110_cards_from_one_table() -> None:
    deck = full_deck()
    assert len(deck) == 110
    assert sum(DECK_TABLE.values()) == 110


def test_deck_has_82_positive_split_seven_of_1_to_10_and_six_of_11_and_12_ours() -> None:
    deck = full_deck()
    assert sum(1 for c in deck if c.kind is CardKind.POSITIVE) == 82
    for value in range(1, 11):
        assert deck.count(Card(value)) == 7
    assert deck.count(Card.P11) == deck.count(Card.P12) == 6


def test_deck_has_22_negative_split_ours() -> None:
    deck = full_deck()
    assert sum(1 for c in deck if c.kind is CardKind.NEGATIVE) == 22
    counts = [deck.count(Card(-v)) for v in range(1, 6)]
    assert counts == [6, 6, 4, 4, 2]


def test_deck_has_three_mulligans_and_three_hazards() -> None:
    deck = full_deck()
    assert deck.count(Card.MULLIGAN) == 3
    assert deck.count(Card.HAZARD) == 3


def test_card_tokens_round_trip() -> None:
    for card in Card:
        assert Card.parse(str(card)) is card
    with pytest.raises(ValueError, match="not a card"):
        Card.parse("seven")
    with pytest.raises(ValueError, match="no card"):
        Card.parse(13)


@pytest.mark.parametrize(
    ("layout", "expected"),
    [
        ("5 5 5 1 2 3 4 6 7", 18),
        ("5 5 M -2 3 8 9 H 1", 24),
        ("7 7 7 7 1 2 7 3 4", -4),
        ("M 4 4 4 -1 2 4 2 2", -3),
    ],
)
def test_worked_examples(layout: str, expected: int) -> None:
    assert score_layout(layout.split()) == expected
    assert score_breakdown(layout.split()).total == expected


def test_score_layout_takes_engine_cards_too() -> None:
    assert score_layout(parse_cards(["5", "5", "5", "1", "2", "3", "4", "6", "7"])) == 18


def test_score_layout_rejects_wrong_card_count() -> None:
    with pytest.raises(ValueError, match="nine cards"):
        score_layout(["5"] * 8)


def test_match_scores_minus_its_value() -> None:
    breakdown = score_breakdown(L("9 9 9 / 1 2 3 / 4 6 8"))
    assert [(m.kind.value, m.index, m.value) for m in breakdown.matches] == [("row", 0, 9)]
    assert breakdown.match_points == -9


def test_line_with_a_negative_card_is_no_match() -> None:
    assert score_breakdown(L("5 5 -1 / 1 2 3 / 4 6 7")).matches == ()


def test_line_with_a_hazard_is_no_match() -> None:
    assert score_breakdown(L("5 5 H / 1 2 3 / 4 6 7")).matches == ()


def test_line_of_only_mulligans_is_no_match() -> None:
    breakdown = score_breakdown(L("M M M / 1 2 3 / 4 6 8"))
    assert all(m.kind.value != "row" or m.index != 0 for m in breakdown.matches)


def test_mulligan_fills_a_match_and_scores_zero() -> None:
    breakdown = score_breakdown(L("8 M 8 / 1 2 3 / 4 6 7"))
    assert [m.value for m in breakdown.matches] == [8]
    assert breakdown.card_points[1] == 0


def test_mulligan_counts_as_different_values_in_row_and_column() -> None:
    breakdown = score_breakdown(L("M 4 4 / 6 -1 2 / 6 2 3"))
    assert sorted(m.value for m in breakdown.matches) == [4, 6]


def test_positive_card_in_a_match_scores_nothing_more() -> None:
    breakdown = score_breakdown(L("3 3 3 / 1 2 4 / 5 6 7"))
    assert breakdown.card_points[:3] == (0, 0, 0)
    assert breakdown.total == -3 + 1 + 2 + 4 + 5 + 6 + 7


def test_card_in_matching_row_and_column_helps_both() -> None:
    assert score_layout(L("7 7 7 / 7 1 2 / 7 3 4")) == -7 - 7 + 10


def test_negative_card_scores_its_value() -> None:
    assert score_layout(L("-5 1 2 / 3 4 6 / 8 9 10")) == -5 + 43


def test_hazard_in_layout_scores_plus_ten() -> None:
    breakdown = score_breakdown(L("H 1 2 / 3 4 6 / 8 9 10"))
    assert breakdown.hazard_points == 10
    assert breakdown.total == 10 + 43


def test_went_out_first_lowest_subtracts_five() -> None:
    assert went_out_adjustment(3, [3, 10, 12]) == -5


def test_went_out_first_tie_for_lowest_counts_as_lowest_ours() -> None:
    assert went_out_adjustment(3, [3, 3, 12]) == -5


def test_went_out_first_not_lowest_adds_five() -> None:
    assert went_out_adjustment(4, [3, 4, 12]) == 5


def test_lowest_total_wins() -> None:
    result = decide_winners([(10, 20, 5), (10, 0, 10), (10, 5, 5)])
    assert result.totals == (30, 25, 20)
    assert result.winners == (2,)
    assert result.tie_break.value == "none"


def test_tie_on_total_goes_to_lowest_third_round() -> None:
    result = decide_winners([(10, 20), (10, 10), (10, 0)])
    assert result.winners == (1,)
    assert result.tie_break.value == "last round"


def test_tie_on_total_and_third_round_is_shared() -> None:
    result = decide_winners([(10, 20), (10, 0), (5, 5)])
    assert result.winners == (0, 1)
    assert result.tie_break.value == "shared"


def test_single_lowest_total_needs_no_tie_break() -> None:
    result = decide_winners([(1, 2), (1, 2), (1, 2)])
    assert result.winners == (0,)
    assert result.tie_break.value == "none"


card_values = st.sampled_from(list(Card))


@given(st.lists(card_values, min_size=9, max_size=9))
def test_breakdown_sums_to_the_fast_score(layout: list[Card]) -> None:
    breakdown = score_breakdown(layout)
    assert breakdown.match_points + sum(breakdown.card_points) == layout_points(layout)
    assert score_layout([str(c) for c in layout]) == breakdown.total
