"""The playout policy that weighs a discard against the expected draw and going
out against the chance of ending lowest (PlannedLinesPolicy)."""

from __future__ import annotations

import random
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from gnoming.ai.knowledge import (
    DOWN,
    Estimator,
    Unseen,
    estimate_turns_left,
    exact_points,
    others_final,
    went_out_adjustment,
)
from gnoming.ai.playout import (
    DRAW_MARGIN,
    SURE_TAKE,
    AllLiveLinesPolicy,
    PlannedLinesPolicy,
    PlayoutCache,
    public_layout,
)
from gnoming.rules import Action, Card, GameState, Phase, observe
from gnoming.rules import actions as A

from .test_playout_shortcuts import reference_best_keep


def heads_up_at_a_draw(seed: int, turns: int) -> GameState:
    """A heads-up round played by the all-live-lines policy for ``turns``
    decisions, then on to the next draw of a seat that may take a discard."""
    state = GameState.new(2, seed=seed).clone(stop_at_round_end=True)
    rng = random.Random(seed)
    n = 0
    while not state.round_over():
        legal = state.legal_actions()
        if n >= turns and state.phase is Phase.DRAW and len(legal) > 1 and A.DRAW in legal:
            return state
        if len(legal) == 1:
            action = legal[0]
        else:
            obs = observe(state, state.seat)
            estimator = Estimator(Unseen.of(obs), estimate_turns_left(obs, state.seat), 1.0)
            action = AllLiveLinesPolicy(estimator.unseen.mean, rng, state.seat, estimator)(state)
        state.apply(action)
        n += 1
    return GameState.new(2, seed=seed).clone(stop_at_round_end=True)  # rarely: the round ended


def policy_for(state: GameState, cache: PlayoutCache | None = None) -> PlannedLinesPolicy:
    obs = observe(state, state.seat)
    estimator = Estimator(Unseen.of(obs), estimate_turns_left(obs, state.seat), 1.0)
    return PlannedLinesPolicy(
        estimator.unseen.mean, random.Random(1), state.seat, estimator, cache
    )


def test_going_out_is_worth_the_planners_chance_of_ending_lowest() -> None:
    state = heads_up_at_a_draw(5, 12)
    seat = state.seat
    obs = observe(state, seat)
    policy = policy_for(state)
    others = others_final(obs, Unseen.of(obs))
    theirs = others[0][0]
    seen = set()
    for cards in ([4, 4, 4, 2, 3, 1, 6, 5, 2], [9, 8, 7, 9, 8, 7, 3, 2, 1], [1] * 9):
        points = exact_points(cards)
        value = policy._value(state, seat, list(cards))
        assert value == points + went_out_adjustment(points, others)
        seen.add(round(value - points, 6))
        # the plain policy's sure -5 or +5 at the others' points less 2
        plain = AllLiveLinesPolicy(policy.mean, random.Random(1), seat, policy.mine)
        assert plain._value(state, seat, list(cards)) == points + (-5.0 if points <= theirs else 5.0)
    assert len(seen) == 3 and not seen & {5.0, -5.0}  # a chance, not a sure bonus


def check_draw(state: GameState, policy: PlannedLinesPolicy, action: Action) -> None:
    """``action`` is what the rule says, every value found the long way (every
    keep of every card valued by the policy's own ``_value``): draw unless a
    discard's keep beats the expected draw by more than DRAW_MARGIN (then the
    best such discard), or improves the layout by SURE_TAKE or more (then the
    discard that improves it most); never take one that does not improve it."""
    seat = state.seat
    cards = public_layout(state, seat)
    value = partial(policy._value, state, seat)
    base = value(cards)
    keeps = {
        take: reference_best_keep(cards, int(state.discard_piles[take.target][-1]), 0, value)[0]
        for take in state.legal_actions()
        if take is not A.DRAW
    }
    assert policy.mine is not None
    drawn = sum(
        chance * min(reference_best_keep(cards, int(card), 0, value)[0], base)
        for card, chance in policy.mine.unseen.distribution
    )
    lowest = min(keeps.values())
    if base - lowest >= SURE_TAKE or lowest < min(base, drawn - DRAW_MARGIN):
        assert action in keeps and keeps[action] == lowest
    else:
        assert action is A.DRAW


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 40))
def test_a_discard_is_taken_where_it_beats_the_expected_draw(seed: int, turns: int) -> None:
    state = heads_up_at_a_draw(seed, turns)
    if state.phase is not Phase.DRAW:
        return
    policy = policy_for(state, PlayoutCache())
    for _ in range(2):  # afresh, then from what the first decision remembered
        check_draw(state, policy_for(state), policy(state))


def test_remembered_draws_play_a_round_as_fresh_ones_do() -> None:
    """One policy remembering its draws over whole rounds (as the playouts of a
    decision share them) plays exactly as a fresh policy at every decision;
    a layout with one card face down is valued afresh, as going out then
    depends on the other seat's cards."""
    for seed in range(12):
        start = GameState.new(2, seed=100 + seed).clone(stop_at_round_end=True)
        while start.phase is Phase.INITIAL_FLIP:
            start.apply(start.legal_actions()[0])
        remembering = policy_for(start, PlayoutCache())  # every seat counts alike
        state = start.clone()
        while not state.round_over():
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            fresh = PlannedLinesPolicy(
                remembering.mean, random.Random(1), -1, remembering.mine, PlayoutCache()
            )
            action = remembering(state)
            assert action == fresh(state), (seed, state.turns_taken)
            state.apply(action)


def test_without_an_estimator_it_plays_as_the_plain_policy() -> None:
    state = heads_up_at_a_draw(7, 6)
    plain = AllLiveLinesPolicy(4.5, random.Random(1))
    planned = PlannedLinesPolicy(4.5, random.Random(1))
    assert planned(state) == plain(state)


def test_a_draw_that_may_go_out_is_not_remembered_across_tables() -> None:
    # With one card face down a drawn card may turn it up, and going out is
    # valued against the other seat's layout: the same layout's draw is worth
    # more where the other seat is low than where it is high.
    tables = []
    for card in (Card.N5, Card.HAZARD):
        state = heads_up_at_a_draw(3, 0)
        other = 1 - state.seat
        state.layouts[other] = [card] * 9
        state.face_up[other] = [True] * 7 + [False] * 2
        state.face_down_count[other] = 2
        tables.append(state)
    cards = [1, 1, 1, 2, 2, 2, 3, 3, DOWN]
    low, high = tables
    seat = low.seat
    policy = policy_for(low, PlayoutCache())
    at_low = policy._draw_value(low, seat, list(cards), policy._value(low, seat, list(cards)))
    at_high = policy._draw_value(high, seat, list(cards), policy._value(high, seat, list(cards)))
    fresh = policy_for(low, PlayoutCache())
    assert at_high == fresh._draw_value(high, seat, list(cards), fresh._value(high, seat, list(cards)))
    assert at_low > at_high  # going out against -5s, then against hazards
