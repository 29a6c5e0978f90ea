"""A search copy (``clone(stop_at_round_end=True)``) plays to the end of the
current round, is scored like the real game, and does not deal the next round."""

from __future__ import annotations

import random

import pytest

from gnoming.rules import GameState, IllegalActionError, Phase, determinize, observe
from gnoming.rules import actions as A


def play_round(state: GameState, rng: random.Random) -> list[object]:
    """Random legal play until the round index moves or the copy stops."""
    start = state.round_index
    taken = []
    while state.round_index == start and not state.round_over():
        action = rng.choice(state.legal_actions())
        taken.append(action)
        state.apply(action)
    return taken


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_search_copy_stops_after_scoring_the_round_the_real_game_scores_the_same(
    seed: int,
) -> None:
    game = GameState.new(3, seed=seed)
    copy = game.clone(stop_at_round_end=True)
    actions = play_round(copy, random.Random(seed))
    assert copy.phase is Phase.ROUND_OVER and copy.round_over()
    assert copy.round_index == 0 and copy.current_seat() == -1
    assert copy.legal_actions() == ()
    for action in actions:
        game.apply(action)
    assert game.round_index == 1 and game.phase is Phase.INITIAL_FLIP
    assert copy.round_results == game.round_results
    # the copy did not shuffle a new deck: its generator is where the round left it
    assert len(copy.draw_pile) < 110 - 3 * 9


def test_a_stopped_copy_refuses_every_action() -> None:
    copy = GameState.new(2, seed=9).clone(stop_at_round_end=True)
    play_round(copy, random.Random(9))
    with pytest.raises(IllegalActionError, match="round is over"):
        copy.apply(A.DRAW)


def test_an_ordinary_clone_still_deals_the_next_round_and_the_original_is_untouched() -> None:
    game = GameState.new(2, seed=5)
    copy = game.clone(stop_at_round_end=True)
    again = copy.clone()  # keeps the setting
    plain = copy.clone(stop_at_round_end=False)
    play_round(again, random.Random(1))
    play_round(plain, random.Random(1))
    assert again.phase is Phase.ROUND_OVER
    assert plain.round_index == 1 and plain.phase is Phase.INITIAL_FLIP
    assert game.round_index == 0 and game.round_results == [] and not game.stop_at_round_end


def test_the_last_round_of_a_search_copy_ends_the_game_as_usual() -> None:
    game = GameState.new(2, seed=6)
    rng = random.Random(6)
    play_round(game, rng)
    play_round(game, rng)
    copy = game.clone(stop_at_round_end=True)
    play_round(copy, rng)
    assert copy.phase is Phase.GAME_OVER and copy.round_over() and copy.result() is not None


def test_determinize_can_make_a_search_copy() -> None:
    game = GameState.new(4, seed=8)
    rng = random.Random(8)
    while game.phase is not Phase.DRAW:
        game.apply(rng.choice(game.legal_actions()))
    obs = observe(game, game.current_seat())
    state = determinize(obs, random.Random(1), stop_at_round_end=True)
    assert state.stop_at_round_end and not determinize(obs, random.Random(1)).stop_at_round_end
    play_round(state, rng)
    assert state.phase is Phase.ROUND_OVER and len(state.round_results) == 1
