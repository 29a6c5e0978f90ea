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

FAST_HARD: dict[str, Any] = {"playouts": 6, "time_limit": None}
"""Small, untimed searches: deterministic and quick."""


def bot(difficulty: str, seed: int) -> Bot:
    if difficulty == "hard":
        from gnoming.ai.hard import HardBot

        return HardBot(seed, **FAST_HARD)
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


@pytest.mark.parametrize("n_seats", [2, 4, 7])
def test_hard_chooses_only_legal_actions_in_random_positions(n_seats: int) -> None:
    player = bot("hard", 3)
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


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_bots_decide_the_same_whatever_the_hidden_cards(difficulty: str) -> None:
    checked = 0
    for n_seats in (2, 4):
        for state in random_positions(n_seats, 300 + n_seats, 40 if difficulty == "hard" else 200):
            seat = state.current_seat()
            if state.phase is Phase.INITIAL_FLIP and difficulty != "hard":
                pass
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


def test_make_bot_rejects_unknown_difficulty() -> None:
    with pytest.raises(ValueError, match="easy, medium and hard"):
        make_bot("expert", 1)


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
    from gnoming.ai.hard import SearchThinker

    for state in random_positions(4, 31, 400):
        if state.phase is not Phase.PLAY:
            continue
        obs, legal = observe(state, state.current_seat()), state.legal_actions()
        thinker = SearchThinker(
            obs, legal, seed=1, playouts=2, time_limit=None, candidates=4, horizon=1
        )
        thinker.step(10.0)
        if thinker.candidates:
            return obs, legal
    raise AssertionError("no searched position found")


def test_hard_is_anytime_the_time_limit_stops_the_search_early() -> None:
    from gnoming.ai.hard import HardBot, SearchThinker

    obs, legal = searched_position()
    # every clock read moves 1 ms on: a 20 ms limit allows only a few samples
    bot = HardBot(3, playouts=10_000, time_limit=0.02, clock=FakeClock(0.001))
    thinker = bot.start(obs, legal)
    assert isinstance(thinker, SearchThinker)
    frames = 0
    while not thinker.step(0.004):
        frames += 1
    assert frames >= 2  # the work was spread over several steps
    assert 1 <= thinker.samples_done < 100
    assert thinker.result() in legal


def test_hard_bounded_by_playouts_ignores_how_the_work_is_sliced() -> None:
    from gnoming.ai.hard import HardBot

    obs, legal = searched_position()
    slow = HardBot(4, playouts=12, time_limit=None, clock=FakeClock(0.003)).start(obs, legal)
    while not slow.step(0.004):
        pass
    fast = HardBot(4, playouts=12, time_limit=None).start(obs, legal)
    assert fast.step(60.0)
    assert slow.result() == fast.result()


def test_hard_time_limit_stops_between_samples_so_candidates_stay_comparable() -> None:
    from gnoming.ai.hard import HardBot, SearchThinker

    obs, legal = searched_position()
    for tick in (0.0007, 0.0013, 0.0031):
        thinker = HardBot(5, playouts=10_000, time_limit=0.01, clock=FakeClock(tick)).start(
            obs, legal
        )
        assert isinstance(thinker, SearchThinker)
        while not thinker.step(0.004):
            pass
        assert thinker.index == 0 and thinker.samples_done >= 1
