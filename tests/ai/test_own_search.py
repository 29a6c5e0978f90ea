"""``expert(own_search=8)``: heads-up, the playouts play the own seat's next turn
by a small search."""

from __future__ import annotations

import random

import pytest

from gnoming.ai.expert import ExpertBot
from gnoming.ai.hard import (
    OWN_SEARCH_CANDIDATES,
    OWN_SEARCH_MARGIN,
    POTENTIAL,
    SEARCHED,
    SHORT_LEAF_POTENTIAL,
    HardBot,
    OwnSearchPolicy,
)
from gnoming.ai.planner import TurnPlanner
from gnoming.ai.playout import (
    AllLiveLinesPolicy,
    FastPolicy,
    LinesPolicy,
    LiveLinesPolicy,
    PlannedLinesPolicy,
)
from gnoming.ai.search import RoundSearch
from gnoming.rules import Action, GameState, Observation, observe

from .test_bots import FakeClock, random_positions


def small_search(seed: int, deals: int) -> HardBot:
    """The search OwnSearchPolicy makes its decisions with, seeded as it is."""
    return HardBot(
        random.Random(seed).getrandbits(32),
        horizon=1,
        leaf_potential=SHORT_LEAF_POTENTIAL,
        playouts=deals,
        candidates=OWN_SEARCH_CANDIDATES,
        margin=OWN_SEARCH_MARGIN,
    )


def policies(state: GameState, seed: int, deals: int) -> tuple[OwnSearchPolicy, FastPolicy]:
    me = state.current_seat()
    planner = TurnPlanner(observe(state, me), potential=POTENTIAL)
    mean, mine = planner.unseen.mean, planner.estimator
    return (
        OwnSearchPolicy(mean, random.Random(seed), me, mine, deals=deals),
        FastPolicy(mean, random.Random(seed), me, mine),
    )


def disputed_position(deals: int) -> tuple[GameState, int]:
    """A heads-up position of the own seat where the small search and the fast
    policy decide differently (so a policy that fell back on the fast one fails)."""
    for seed, state in enumerate(random_positions(2, 17, 300)):
        if state.phase not in SEARCHED:
            continue
        own, fast = policies(state, seed, deals)
        searched = small_search(seed, deals).choose(
            observe(state, state.current_seat()), state.legal_actions()
        )
        if searched != fast(state.clone()):
            return state, seed
    raise AssertionError("no position where the two differ")


def test_the_own_next_turn_is_decided_by_a_small_search_on_the_seat_s_own_view() -> None:
    state, seed = disputed_position(deals=4)
    own, fast = policies(state, seed, 4)
    expected = small_search(seed, 4).choose(
        observe(state, state.current_seat()), state.legal_actions()
    )
    assert own(state.clone()) == expected
    assert fast(state.clone()) != expected


def test_after_its_next_turn_the_own_seat_and_every_other_seat_play_the_fast_policy() -> None:
    state, seed = disputed_position(deals=4)
    own, fast = policies(state, seed, 4)
    own.limit = state.turns_taken - 1  # the searched turns are over
    assert own(state.clone()) == fast(state.clone())
    other = OwnSearchPolicy(own.mean, random.Random(seed), 1 - state.current_seat(), own.mine)
    assert other(state.clone()) == FastPolicy(
        own.mean, random.Random(seed), 1 - state.current_seat(), own.mine
    )(state.clone())


def heads_up_searched_position() -> tuple[Observation, tuple[Action, ...]]:
    for state in random_positions(2, 31, 400):
        obs, legal = observe(state, state.current_seat()), state.legal_actions()
        if isinstance(
            ExpertBot(1, own_search=2, own_search_playouts=2).start(obs, legal), RoundSearch
        ):
            return obs, legal
    raise AssertionError("no searched position found")


def test_heads_up_expert_searches_its_next_turn_in_the_playouts_on_its_own_deals() -> None:
    obs, legal = heads_up_searched_position()
    thinker = ExpertBot(3, own_search=5, own_search_playouts=7).start(obs, legal)
    assert isinstance(thinker, RoundSearch)
    assert thinker.samples == 7
    policy = thinker.policy(random.Random(0))
    assert isinstance(policy, OwnSearchPolicy) and policy.deals == 5
    # without it (the shipped Expert): every seat counting its lines afresh, on 96 deals
    plain = ExpertBot(3).start(obs, legal)
    assert isinstance(plain, RoundSearch)
    assert plain.samples == 96
    assert type(plain.policy(random.Random(0))) is AllLiveLinesPolicy


def test_at_four_seats_expert_plays_its_playouts_by_the_fast_policy() -> None:
    from .test_bots import searched_position

    obs, legal = searched_position()
    thinker = ExpertBot(3, own_search=8).start(obs, legal)
    assert isinstance(thinker, RoundSearch)
    assert thinker.samples == ExpertBot(3, own_search=8).deals(4) == 72
    assert type(thinker.policy(random.Random(0))) is FastPolicy


def test_heads_up_expert_decides_the_same_under_a_clock_100_times_slower_or_faster() -> None:
    obs, legal = heads_up_searched_position()
    decisions = []
    for tick in (0.00001, 0.001, 0.1):
        thinker = ExpertBot(4, own_search=3, own_search_playouts=4).start(obs, legal)
        assert isinstance(thinker, RoundSearch)
        thinker.clock = FakeClock(tick)
        frames = 1
        while not thinker.step(0.004):
            frames += 1
        assert (frames > 1) == (tick >= 0.001)
        decisions.append((thinker.result(), thinker.means()))
    assert decisions[0] == decisions[1] == decisions[2]


def test_a_playout_that_searches_pauses_between_frames_and_decides_the_same() -> None:
    """A playout whose own next turn is searched takes tens of milliseconds; it
    is paused inside that search when the frame's budget is spent (before,
    every step finished at least one whole playout and could drop a frame)."""
    obs, legal = heads_up_searched_position()
    late = ExpertBot(4, own_search=3, own_search_playouts=4).start(obs, legal)
    assert isinstance(late, RoundSearch)
    late.clock = FakeClock(1.0)  # every step's budget is spent at once
    paused, before = 0, 0
    while not late.step(0.004):
        paused += late.playouts_done == before  # this step ended mid-playout
        before = late.playouts_done
    assert late.playouts_done == 4 * len(late.candidates)
    assert paused > 0, "no playout was ever paused part-way"
    at_once = ExpertBot(4, own_search=3, own_search_playouts=4).start(obs, legal)
    assert isinstance(at_once, RoundSearch)
    assert at_once.step(1e9)
    assert (late.result(), late.means()) == (at_once.result(), at_once.means())
    # the shipped Expert's playouts never think: one whole playout a step
    plain = ExpertBot(4).start(obs, legal)
    assert isinstance(plain, RoundSearch)
    plain.clock = FakeClock(1.0)
    plain.step(0.004)
    assert plain.playouts_done == 1


@pytest.mark.parametrize("model", ["lines", "live-lines", "all-live-lines", "planned-lines"])
def test_with_another_model_the_other_seats_play_by_it(model: str) -> None:
    obs, legal = heads_up_searched_position()
    thinker = ExpertBot(3, heads_up_model=model, own_search=8).start(obs, legal)
    assert isinstance(thinker, RoundSearch)
    policy = thinker.policy(random.Random(0))
    assert isinstance(policy, OwnSearchPolicy)
    kind = {
        "lines": LinesPolicy,
        "live-lines": LiveLinesPolicy,
        "all-live-lines": AllLiveLinesPolicy,
        "planned-lines": PlannedLinesPolicy,
    }[model]
    assert isinstance(policy, kind)
    assert isinstance(policy, AllLiveLinesPolicy) == (model in ("all-live-lines", "planned-lines"))
    assert isinstance(policy, PlannedLinesPolicy) == (model == "planned-lines")


def test_own_search_settings_out_of_range_are_refused() -> None:
    with pytest.raises(ValueError, match="own_search is at least 0"):
        ExpertBot(1, own_search=-1)
    with pytest.raises(ValueError, match="own_search_playouts at least 1"):
        ExpertBot(1, own_search_playouts=0)
