"""Computer opponents: legal play, no peeking at hidden cards, the thinker API."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from gnoming.ai import make_bot, start_thinking, think_until_done
from gnoming.ai.protocol import Bot
from gnoming.rules import Action, GameState, Observation, Phase, determinize, observe
from gnoming.rules import actions as A

FAST_HARD: dict[str, Any] = {"playouts": 6}
"""Small, untimed searches: deterministic and quick."""


def bot(difficulty: str, seed: int) -> Bot:
    """A bot by difficulty. ``"hard"`` is Hard's search to the end of the round
    at every table (the shipped Hard searches one turn ahead at four seats),
    ``"hard-horizon"`` Hard searching one turn ahead."""
    if difficulty in ("hard", "hard-horizon"):
        from gnoming.ai.hard import HardBot

        horizon = 1 if difficulty == "hard-horizon" else None
        return HardBot(seed, **FAST_HARD, horizon=horizon, short_seats=())
    return make_bot(difficulty, seed)


def random_positions(n_seats: int, seed: int, count: int) -> Iterator[GameState]:
    """Positions reached by random play, every phase included."""
    rng = random.Random(seed)
    state = GameState.new(n_seats, seed=seed, first_seat=seed % n_seats)
    yielded = 0
    while yielded < count:
        if state.is_over():
            state = GameState.new(n_seats, seed=rng.getrandbits(32))
        if len(state.legal_actions()) > 1:
            yield state.clone()
            yielded += 1
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("difficulty", ["easy", "medium"])
@pytest.mark.parametrize("n_seats", [2, 3, 4, 5, 6, 7])
def test_quick_bots_choose_only_legal_actions_in_random_positions(
    difficulty: str, n_seats: int
) -> None:
    player = bot(difficulty, 7)
    phases = set()
    for state in random_positions(n_seats, 100 + n_seats, 600):
        legal = state.legal_actions()
        action = player.choose(observe(state, state.current_seat()), legal)
        assert action in legal
        phases.add(state.phase)
    assert phases >= {Phase.INITIAL_FLIP, Phase.DRAW, Phase.PLAY, Phase.DISCARD}


@pytest.mark.parametrize("difficulty", ["hard", "hard-horizon"])
@pytest.mark.parametrize("n_seats", [2, 4, 7])
def test_hard_chooses_only_legal_actions_in_random_positions(n_seats: int, difficulty: str) -> None:
    player = bot(difficulty, 3)
    for state in random_positions(n_seats, 200 + n_seats, 60):
        legal = state.legal_actions()
        assert player.choose(observe(state, state.current_seat()), legal) in legal


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
@pytest.mark.parametrize("n_seats", [2, 4, 6])
@pytest.mark.slow
def test_bots_play_whole_games_by_their_own_choices(difficulty: str, n_seats: int) -> None:
    if difficulty == "hard" and n_seats != 2:
        pytest.skip("one hard game is enough for the test budget")
    players = [bot(difficulty, s) for s in range(n_seats)]
    state = GameState.new(n_seats, seed=n_seats)
    while not state.is_over():
        seat = state.current_seat()
        state.apply(players[seat].choose(observe(state, seat), state.legal_actions()))
    assert state.result() is not None


def twin_states(state: GameState, seat: int, seed: int) -> tuple[GameState, GameState]:
    """Two states the seat cannot tell apart: same observation, different hidden cards."""
    obs = observe(state, seat)
    for k in range(50):
        one = determinize(obs, random.Random(seed * 100 + k))
        two = determinize(obs, random.Random(seed * 100 + k + 1000))
        if one.layouts != two.layouts and one.draw_pile != two.draw_pile:
            assert observe(one, seat) == observe(two, seat) == obs
            return one, two
    raise AssertionError("could not build two different hidden deals")


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard", "hard-horizon"])
def test_bots_decide_the_same_whatever_the_hidden_cards(difficulty: str) -> None:
    checked = 0
    for n_seats in (2, 4):
        searching = difficulty.startswith("hard")
        for state in random_positions(n_seats, 300 + n_seats, 40 if searching else 200):
            seat = state.current_seat()
            one, two = twin_states(state, seat, checked)
            a = bot(difficulty, 11).choose(observe(one, seat), one.legal_actions())
            b = bot(difficulty, 11).choose(observe(two, seat), two.legal_actions())
            assert a == b
            checked += 1
    assert checked > 0


class PeekingBot:
    """A cheat: keeps onto a face-down position only when the hidden card there is high.
    Proves that the twin-state check above can catch a bot that reads hidden cards."""

    name = "peeker"

    def __init__(self, state: GameState) -> None:
        self.state = state

    def choose(self, obs: Observation, legal: tuple[Action, ...]) -> Action:
        layout = self.state.layouts[obs.seat]
        best = max(range(9), key=lambda p: (not self.state.face_up[obs.seat][p], layout[p]))
        return A.KEEPS[best] if A.KEEPS[best] in legal else legal[0]


def test_twin_states_catch_a_bot_that_peeks() -> None:
    differs = 0
    for state in random_positions(3, 5, 300):
        if state.phase is not Phase.PLAY:
            continue
        seat = state.current_seat()
        one, two = twin_states(state, seat, differs + 1)
        a = PeekingBot(one).choose(observe(one, seat), one.legal_actions())
        b = PeekingBot(two).choose(observe(two, seat), two.legal_actions())
        differs += a != b
    assert differs > 0


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_thinker_steps_to_the_same_decision_as_choose(difficulty: str) -> None:
    for state in random_positions(4, 17, 30):
        seat = state.current_seat()
        obs = observe(state, seat)
        legal = state.legal_actions()
        thinker = start_thinking(bot(difficulty, 5), obs, legal)
        steps = 0
        while not thinker.step(0.0005):
            steps += 1
            assert steps < 100_000
        assert thinker.result() == bot(difficulty, 5).choose(obs, legal)
        assert think_until_done(start_thinking(bot(difficulty, 5), obs, legal)) == thinker.result()


def test_forced_move_is_decided_without_thinking() -> None:
    state = next(s for s in random_positions(2, 1, 10_000) if s.phase is Phase.PLAY)
    obs = observe(state, state.current_seat())
    thinker = start_thinking(bot("hard", 1), obs, (A.KEEPS[3],))
    assert thinker.step(0.0) and thinker.result() == A.KEEPS[3]


def test_same_seed_same_decisions_different_seed_can_differ() -> None:
    positions = list(random_positions(4, 23, 120))
    flips = [s for s in positions if s.phase is Phase.INITIAL_FLIP]
    assert flips
    obs_legal = [(observe(s, s.current_seat()), s.legal_actions()) for s in positions]
    first = [bot("medium", 1).choose(o, legal) for o, legal in obs_legal]
    again = [bot("medium", 1).choose(o, legal) for o, legal in obs_legal]
    assert first == again
    others = [
        [bot("medium", seed).choose(o, legal) for o, legal in obs_legal] for seed in range(2, 6)
    ]
    assert any(other != first for other in others)


def test_make_bot_rejects_unknown_difficulty_and_the_yardstick_is_not_for_players() -> None:
    with pytest.raises(ValueError, match="easy, medium, hard and expert"):
        make_bot("grandmaster", 1)
    with pytest.raises(ValueError):
        make_bot("yardstick", 1)
    assert make_bot("expert", 1).name == "expert"


class FakeClock:
    """Advances a fixed amount each time it is read: timing without a real clock."""

    def __init__(self, tick: float) -> None:
        self.now = 0.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def searched_position() -> tuple[Observation, tuple[Action, ...]]:
    """A decision Hard really searches (more than one close candidate)."""
    from gnoming.ai.hard import HardBot
    from gnoming.ai.search import RoundSearch

    for state in random_positions(4, 31, 400):
        if state.phase is not Phase.PLAY:
            continue
        obs, legal = observe(state, state.current_seat()), state.legal_actions()
        if isinstance(HardBot(1, playouts=2).start(obs, legal), RoundSearch):
            return obs, legal
    raise AssertionError("no searched position found")


@pytest.mark.parametrize(
    "spec",
    [
        "hard(playouts=8, short_playouts=8)",
        "hard(playouts=8, horizon=1)",
        "expert(playouts=8)",
        "yardstick(playouts=8)",
    ],
)
def test_search_decisions_are_the_same_under_a_clock_100_times_slower_or_faster(
    spec: str,
) -> None:
    """Determinism: the clock only slices the work into frames; it never decides."""
    from gnoming.ai import make_bot_from_spec
    from gnoming.ai.search import RoundSearch

    obs, legal = searched_position()
    decisions = []
    for tick in (0.00001, 0.001, 0.1):  # every clock read moves this far on
        thinker = make_bot_from_spec(spec, 4).start(obs, legal)  # type: ignore[attr-defined]
        assert isinstance(thinker, RoundSearch)
        thinker.clock = FakeClock(tick)
        frames = 1
        while not thinker.step(0.004):
            frames += 1
        assert (frames > 1) == (tick >= 0.001)  # slow clocks spread the work over frames
        decisions.append((thinker.result(), thinker.means()))
    assert decisions[0] == decisions[1] == decisions[2]


def test_hard_search_amount_is_fixed_by_playouts_not_by_time() -> None:
    from gnoming.ai.hard import HardBot
    from gnoming.ai.search import RoundSearch

    obs, legal = searched_position()
    # a four-seat position: Hard searches one turn ahead on ``short_playouts`` deals
    thinker = HardBot(3, short_playouts=5, clock=FakeClock(10.0)).start(obs, legal)
    assert isinstance(thinker, RoundSearch)
    steps = 0
    while not thinker.step(0.004):
        steps += 1
    # every step did one playout (the clock ran out at once) and the search was complete
    assert thinker.samples_done == 5
    assert steps + 1 == 5 * len(thinker.candidates)
    assert all(len(v) == 5 for v in thinker.values)
