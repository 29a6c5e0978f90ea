"""The playout policy's shortcuts give exactly the values of the plain formulas
(a search's decision depends on every bit of them)."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from gnoming.ai.knowledge import (
    DOWN,
    MATCH,
    POINTS,
    Estimator,
    Unseen,
    known_points,
    plain_at,
    slot_bonus,
)
from gnoming.ai.playout import AllLiveLinesPolicy, FastPolicy, LiveLinesPolicy
from gnoming.rules import Card, GameState, Phase, observe

FACES = [int(card) for card in Card] + [DOWN]
layouts = st.lists(st.sampled_from(FACES), min_size=9, max_size=9)


def reference_known_points(cards: list[int], down_value: float) -> float:
    """known_points as it was written before its no-match shortcut."""
    a, b, c, d, e, f, g, h, i = cards
    m, p = MATCH, POINTS
    r0, r1, r2 = m[a, b, c], m[d, e, f], m[g, h, i]
    k0, k1, k2 = m[a, d, g], m[b, e, h], m[c, f, i]
    total = float(
        (0 if r0 or k0 else p[a]) + (0 if r0 or k1 else p[b]) + (0 if r0 or k2 else p[c])
        + (0 if r1 or k0 else p[d]) + (0 if r1 or k1 else p[e]) + (0 if r1 or k2 else p[f])
        + (0 if r2 or k0 else p[g]) + (0 if r2 or k1 else p[h]) + (0 if r2 or k2 else p[i])
        - r0 - r1 - r2 - k0 - k1 - k2
    )
    if down_value:
        total += down_value * sum(1 for x in cards if x == DOWN)
    return total


def a_table() -> GameState:
    state = GameState.new(4, seed=3)
    while state.phase is Phase.INITIAL_FLIP:
        state.apply(state.legal_actions()[0])
    return state


def a_rebuilt_table() -> GameState:
    """Seven seats played greedily until the draw pile was rebuilt (its cards known)."""
    state = GameState.new(7, seed=3).clone(stop_at_round_end=True)
    policy = FastPolicy(4.5, random.Random(3))
    while not state.draw_pile_known:
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else policy(state))
    return state


@settings(max_examples=400, deadline=None)
@given(layouts, st.sampled_from([0.0, 4.0, 4.75, 5.2]))
def test_known_points_is_the_plain_formula_to_the_bit(cards: list[int], mean: float) -> None:
    assert known_points(cards, mean) == reference_known_points(cards, mean)


def reference_best_keep(
    cards: list[int], card: int, filled: int, value: Callable[[list[int]], float]
) -> tuple[float, int]:
    """The best keep found the long way: every allowed place tried on a copy
    of the layout and valued by ``value`` (a mulligan in hand goes only on
    the layout's one mulligan, if it holds one)."""
    best, where = float("inf"), -1
    for p in range(9):
        if filled >> p & 1:
            continue
        if card == 0 and 0 in cards and [q for q in range(9) if cards[q] == 0] != [p]:
            continue
        trial = list(cards)
        trial[p] = card
        v = value(trial)
        if v < best:
            best, where = v, p
    return best, where


@settings(max_examples=400, deadline=None)
@given(layouts, st.sampled_from([int(card) for card in Card]), st.integers(0, 511))
def test_the_best_keep_shortcut_finds_what_the_full_layouts_give(
    cards: list[int], card: int, filled: int
) -> None:
    state = a_table()
    mean = 4.75
    policy = FastPolicy(mean, random.Random(1))
    seat = 1  # not the policy's own seat: played by the plain points
    best, where = reference_best_keep(
        cards,
        card,
        filled,
        lambda trial: (
            reference_known_points(trial, mean)
            if DOWN in trial
            else policy._value(state, seat, trial)
        ),
    )
    before = list(cards)
    assert policy._best_keep(state, seat, cards, card, filled) == (best, where)
    assert cards == before


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([*FACES, 0, 5, 5, 7, 7, DOWN, DOWN]), min_size=9, max_size=9),
    st.sampled_from([int(card) for card in Card]),
    st.integers(0, 511),
    st.sampled_from([0, 1]),
)
def test_a_live_seat_keeps_where_its_own_valuation_of_every_keep_says(
    cards: list[int], card: int, filled: int, seat: int
) -> None:
    """The live seats' keep search (one estimator for the whole search) gives
    to the bit what valuing every keep by ``_value`` gives, remembered or not."""
    state = a_table()
    estimator = Estimator(Unseen.of(observe(state, 0)), 3.0, 1.0)
    mean = estimator.unseen.mean
    for kind in (AllLiveLinesPolicy, LiveLinesPolicy):
        reference = kind(mean, random.Random(1), 0, estimator)
        best, where = reference_best_keep(cards, card, filled, partial(reference._value, state, seat))
        policy = kind(mean, random.Random(1), 0, estimator)
        before = list(cards)
        for _ in range(2):  # afresh, then from what the first search remembered
            assert policy._best_keep(state, seat, cards, card, filled) == (best, where)
            assert cards == before


def test_the_line_potential_counts_each_half_built_line_once() -> None:
    state = a_table()
    estimator = Estimator(Unseen.of(observe(state, 0)), 5.0, 1.0)
    # a row of 7, 7, down and a column of 7, 7 and a 3: two chances at a 7
    cards = [7, 7, DOWN, 7, 2, 9, 3, 1, 11]
    base = known_points(cards, estimator.unseen.mean)
    q = estimator.unseen.probability(7) + estimator.unseen.probability(0) * 0.5
    chance = 1.0 - (1.0 - q) ** 5.0
    down_chance = 1.0 - (1.0 - chance) * (1.0 - estimator.unseen.probability(7))
    row_gain = base - known_points([7, 7, 7, 7, 2, 9, 3, 1, 11], estimator.unseen.mean)
    column_gain = base - known_points([7, 7, DOWN, 7, 2, 9, 7, 1, 11], estimator.unseen.mean)
    assert estimator.value(cards) == base - (down_chance * row_gain + chance * column_gain)


def test_a_keep_that_turns_up_the_last_card_is_not_remembered_across_tables() -> None:
    # Turning up the last card is valued against the other seats' layouts, so
    # the answer for the same layout and card differs between two tables.
    low = a_table()
    high = a_table()
    for state, card in ((low, Card.N5), (high, Card.HAZARD)):
        for seat in (0, 2, 3):
            state.layouts[seat] = [card] * 9
            state.face_up[seat] = [True] * 9
            state.face_down_count[seat] = 0
    cards = [1, 2, 1, 2, 1, 2, 1, 2, DOWN]
    fresh_low = FastPolicy(4.75, random.Random(1))._best_keep(low, 1, list(cards), 1, 0)
    fresh_high = FastPolicy(4.75, random.Random(1))._best_keep(high, 1, list(cards), 1, 0)
    assert fresh_low != fresh_high  # out and not lowest (+5) against out and lowest (-5)
    shared = FastPolicy(4.75, random.Random(1))
    assert shared._best_keep(low, 1, list(cards), 1, 0) == fresh_low
    assert shared._best_keep(high, 1, list(cards), 1, 0) == fresh_high
    # with two cards face down the answer is remembered, and is the same
    two_down = [3, 4, 5, 6, 7, 8, 9, DOWN, DOWN]
    first = shared._best_keep(low, 1, list(two_down), 1, 0)
    assert shared._best_keep(high, 1, list(two_down), 1, 0) == first
    assert (*two_down, 1, 0, 0) in shared.keeps


def reference_potential(estimator: Estimator, cards: list[int], base: float) -> float:
    """Estimator._potential as it was written before its lookup table (a row and
    a column that share their spoiler combined by ``slot_bonus``)."""
    unseen = estimator.unseen
    slots: dict[int, dict[int, tuple[float, float]]] = {}
    p_mull = 0.0 if 0 in cards else unseen.probability(0) * 0.5
    for line in ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8)):
        a, b, c = cards[line[0]], cards[line[1]], cards[line[2]]
        if MATCH[a, b, c]:
            continue
        mulls = (a == 0) + (b == 0) + (c == 0)
        value = 0
        for v in (a, b, c):
            if 1 <= v <= 12 and ((a == v) + (b == v) + (c == v)) + mulls == 2:
                value = v
                break
        if value == 0:
            continue
        slot = next((p for p in line if cards[p] != value and cards[p] != 0), -1)
        if slot < 0:
            continue
        trial = list(cards)
        trial[slot] = value
        gain = base - reference_known_points(trial, unseen.mean)
        if gain <= 0:
            continue
        q = unseen.probability(value) + p_mull
        chance = 1.0 - (1.0 - q) ** estimator.turns_left
        if cards[slot] == DOWN:
            already = unseen.down_probability(value)
            chance = 1.0 - (1.0 - chance) * (1.0 - already)
        slots.setdefault(slot, {})[value] = (gain, chance)
    return slot_bonus(slots)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from([*FACES, 0, 0, 5, 5, 7, 7, DOWN]), min_size=9, max_size=9),
    st.sampled_from([1.0, 2.5, 7.0]),
    st.booleans(),
)
def test_the_line_potential_is_the_plain_formula_to_the_bit(
    cards: list[int], turns: float, rebuilt: bool
) -> None:
    state = a_rebuilt_table() if rebuilt else a_table()
    estimator = Estimator(Unseen.of(observe(state, 0)), turns, 1.0)
    base = known_points(cards, estimator.unseen.mean)
    assert estimator._potential(cards, base) == reference_potential(estimator, cards, base)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from([*FACES, 0, 5, 5, 7, 7, DOWN, DOWN]), min_size=9, max_size=9),
    st.sampled_from([0.0, 1.0, 2.5, 7.0]),
    st.sampled_from([0.0, 1.0, 1.3]),
    st.booleans(),
)
def test_a_plain_keep_from_its_template_is_the_estimators_value_to_the_bit(
    cards: list[int], turns: float, potential: float, rebuilt: bool
) -> None:
    """Estimator.kept_at(cards, p) gives, for every card plain_at allows at p,
    exactly value() of the layout with the card kept there; it declines only
    where a mulligan is beside p or no other card is face down."""
    state = a_rebuilt_table() if rebuilt else a_table()
    estimator = Estimator(Unseen.of(observe(state, 0)), turns, potential)
    for p in range(9):
        kept = estimator.kept_at(cards, p)
        others = [cards[q] for q in range(9) if q != p]
        beside = [cards[q] for q in range(9) if q != p and (q // 3 == p // 3 or q % 3 == p % 3)]
        assert (kept is None) == (0 in beside or DOWN not in others)
        if kept is None:
            continue
        for card in FACES[:-1]:
            if not plain_at(cards, p, card):
                assert card == 0 or card in beside
                continue
            trial = list(cards)
            trial[p] = card
            assert kept(POINTS[card]) == estimator.value(trial), (p, card)


def test_a_template_covers_a_keep_that_spoils_breaks_or_sits_beside_half_built_lines() -> None:
    # 7s half-built in the top row (waiting at 2), 5s in the middle column
    # (spoilt by the 7 at 1): a card kept at 2 is the 7s' spoiler, one kept at
    # 4 breaks the pair of 5s, at 3, 6 and 8 it sits beside them
    cards = [7, 7, DOWN, DOWN, 5, 9, DOWN, 5, 1]
    estimator = Estimator(Unseen.of(observe(a_table(), 0)), 2.5, 1.3)
    for p in (2, 3, 4, 6, 8):
        kept = estimator.kept_at(cards, p)
        assert kept is not None
        for card in (-5, 2, 3, 11, 12, int(Card.HAZARD)):
            trial = list(cards)
            trial[p] = card
            assert plain_at(cards, p, card)
            assert kept(POINTS[card]) == estimator.value(trial) != estimator.value(cards)
    # a card the same as one beside it would make a pair: no plain keep
    assert not plain_at(cards, 4, 7) and not plain_at(cards, 3, 5) and plain_at(cards, 4, 3)
    assert not plain_at(cards, 8, 0)  # a mulligan always pairs
    assert estimator.kept_at([0, *cards[1:]], 1) is None  # a mulligan beside it
    assert estimator.kept_at([1, 2, 3, 4, 5, 6, 7, 8, DOWN], 8) is None  # no card left down


def test_a_spoiler_two_lines_wait_for_is_worth_the_better_card_if_it_comes_else_the_other() -> None:
    assert slot_bonus({4: {5: (6.0, 0.5)}}) == 3.0
    # a row of 5s and a column of 7s through one spoiler: either card will do
    either = slot_bonus({4: {5: (6.0, 0.5), 7: (8.0, 0.5)}})
    assert either == 0.5 * 8.0 + 0.5 * 0.5 * 6.0
    assert 0.5 * 8.0 < either < 0.5 * 8.0 + 0.5 * 6.0  # more than one, less than both
    assert slot_bonus({1: {5: (6.0, 0.5)}, 4: {7: (8.0, 0.25)}}) == 3.0 + 2.0


def test_the_remembered_rivals_are_the_other_seats_points_of_the_moment() -> None:
    """One seat's valuation of going out reads the other seats' lowest points
    once a turn; over whole played rounds (hazards turning up others' cards
    included) every answer is what the table shows at that moment."""
    from gnoming.ai.playout import public_layout

    checked = remembered = 0

    class Checked(FastPolicy):
        __slots__ = ()

        def _rivals_points(self, state: GameState, seat: int) -> float:
            nonlocal checked, remembered
            last = self._rivals
            answer = super()._rivals_points(state, seat)
            fresh = min(
                known_points(public_layout(state, s), self.mean) - 2.0
                for s in range(state.n_seats)
                if s != seat
            )
            assert answer == fresh
            checked += 1
            remembered += self._rivals is last
            return answer

    for game in range(40):
        state = GameState.new(2 + game % 6, seed=100 + game)
        state.stop_at_round_end = True
        policy = Checked(4.75, random.Random(game))
        while not state.round_over():
            state.apply(policy(state))
    assert checked > 200 and 0 < remembered < checked, (checked, remembered)
