"""Hints (Hard's choice with a reason) and the named gnomes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gnoming.ai import make_bot
from gnoming.ai.characters import CHARACTERS, character, characters_of
from gnoming.ai.hints import Hint, explain, hint, start_hint
from gnoming.rules import Card, GameState, Phase, observe
from gnoming.rules import actions as A

QUICK: dict[str, Any] = {"playouts": 8}
"""Small, untimed searches: deterministic and quick."""


def positions(n_seats: int, seed: int, count: int) -> list[GameState]:
    rng = random.Random(seed)
    state = GameState.new(n_seats, seed=seed)
    out: list[GameState] = []
    while len(out) < count and not state.is_over():
        if len(state.legal_actions()) > 1 and rng.random() < 0.3:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    return out


def test_hints_give_a_legal_action_and_a_reason_in_every_phase() -> None:
    phases = set()
    for state in positions(3, 4, 40):
        obs = observe(state, state.current_seat())
        h = hint(obs, state.legal_actions(), seed=2, **QUICK)
        assert isinstance(h, Hint)
        assert h.action in state.legal_actions()
        assert h.reason.strip() and "\n" not in h.reason
        phases.add(state.phase)
    assert {Phase.DRAW, Phase.PLAY} <= phases


def test_incremental_hint_matches_the_direct_hint() -> None:
    state = next(s for s in positions(4, 9, 200) if s.phase is Phase.PLAY)
    obs = observe(state, state.current_seat())
    thinker = start_hint(obs, state.legal_actions(), seed=5, **QUICK)
    steps = 1
    while not thinker.step(0.0005):
        steps += 1
    assert thinker.result() == hint(obs, state.legal_actions(), seed=5, **QUICK)


def placed(state: GameState, seat: int, cards: list[int], up: list[bool]) -> None:
    state.layouts[seat] = [Card(c) for c in cards]
    state.face_up[seat] = up
    state.face_down_count[seat] = up.count(False)


def play_state(held: Card, cards: list[int], up: list[bool]) -> GameState:
    """Seat 0 holding ``held`` drawn from the draw pile, with the given layout."""
    state = GameState.new(2, seed=1)
    while state.phase is Phase.INITIAL_FLIP:
        state.apply(state.legal_actions()[0])
    state.apply(A.DRAW)
    state.held = held
    placed(state, 0, cards, up)
    state._legal = None
    return state


def test_reason_names_a_completed_row() -> None:
    state = play_state(Card.P7, [7, 7, 3, 1, 2, 4, 9, 9, 11], [True] * 8 + [False])
    reason = explain(observe(state, 0), A.KEEPS[2])
    assert reason == "completes the top row of 7s: \u20137"


def test_reason_for_keeping_a_negative_card() -> None:
    state = play_state(Card.N4, [7, 8, 3, 1, 2, 4, 9, 9, 11], [True] * 8 + [False])
    assert "keeps a \u20134" in explain(observe(state, 0), A.KEEPS[7])


def test_reason_for_refusing_a_hazard() -> None:
    state = play_state(Card.HAZARD, [7, 8, 3, 1, 2, 4, 9, 9, 11], [True] * 8 + [False])
    assert "hazard" in explain(observe(state, 0), A.REFUSE)


def test_hard_and_medium_complete_an_obvious_row_and_hint_says_so() -> None:
    state = play_state(Card.P9, [9, 9, 10, 5, 6, 2, 8, 3, 4], [True] * 6 + [False] * 3)
    obs = observe(state, 0)
    for difficulty in ("medium", "hard"):
        assert make_bot(difficulty, 1).choose(obs, state.legal_actions()) == A.KEEPS[2]
    assert hint(obs, state.legal_actions(), 1, **QUICK).reason == (
        "completes the top row of 9s: \u20139"
    )


def test_at_least_eight_gnomes_with_portraits_and_every_difficulty() -> None:
    assert len(CHARACTERS) >= 8
    assert len({c.name for c in CHARACTERS}) == len(CHARACTERS)
    assert all(1 <= c.portrait <= 8 and c.trait for c in CHARACTERS)
    for difficulty in ("easy", "medium", "hard"):
        assert characters_of(difficulty)
    assert character("Old Beck").make_bot(3).name == "hard"
    with pytest.raises(KeyError):
        character("Nobody")


def take_state(top: Card, cards: list[int], up: list[bool]) -> GameState:
    """Seat 0 to draw, ``top`` on discard pile A, with the given layout."""
    state = GameState.new(2, seed=1)
    while state.phase is Phase.INITIAL_FLIP:
        state.apply(state.legal_actions()[0])
    state.discard_piles[0].append(top)
    placed(state, 0, cards, up)
    state._legal = None
    return state


def test_no_hint_takes_a_card_only_to_swap_it_for_an_equal_one() -> None:
    """Issue 12: "take the 12 from discard pile A: it keeps the 12 in place of the 12"."""
    from gnoming.ai.hints import gains_nothing, worth_hinting

    state = take_state(Card.P12, [12, 1, 2, 3, 1, 2, 3, 4, 5], [True] * 8 + [False])
    obs = observe(state, 0)
    legal = state.legal_actions()
    assert A.TAKES[0] in legal and A.DRAW in legal
    assert gains_nothing(obs, A.TAKES[0])
    assert worth_hinting(obs, legal, A.TAKES[0]) == A.DRAW
    assert hint(obs, legal, 3, **QUICK).action != A.TAKES[0]


def test_no_hint_keeps_a_drawn_card_over_an_equal_one_when_refusing_is_allowed() -> None:
    from gnoming.ai.hints import gains_nothing, worth_hinting

    state = play_state(Card.P11, [11, 2, 3, 1, 2, 4, 1, 3, 11], [True] * 9)
    obs = observe(state, 0)
    legal = state.legal_actions()
    assert gains_nothing(obs, A.KEEPS[0]) and gains_nothing(obs, A.KEEPS[8])
    assert not gains_nothing(obs, A.REFUSE)
    assert worth_hinting(obs, legal, A.KEEPS[0]) == A.REFUSE
    assert "in place of the 11" not in explain(obs, A.KEEPS[0]) or "0 points" not in explain(
        obs, A.KEEPS[0]
    )
    for seed in range(4):
        assert hint(obs, legal, seed, **QUICK).action == A.REFUSE


def test_a_useful_keep_over_a_face_up_card_is_still_hinted() -> None:
    from gnoming.ai.hints import gains_nothing, worth_hinting

    state = play_state(Card.N4, [7, 8, 3, 1, 2, 4, 9, 9, 11], [True] * 8 + [False])
    obs = observe(state, 0)
    assert not gains_nothing(obs, A.KEEPS[7])
    assert worth_hinting(obs, state.legal_actions(), A.KEEPS[7]) == A.KEEPS[7]


def test_a_reason_never_repeats_the_action_and_never_says_zero_points_less() -> None:
    state = take_state(Card.P9, [9, 9, 10, 5, 6, 2, 8, 3, 4], [True] * 6 + [False] * 3)
    reason = explain(observe(state, 0), A.TAKES[0])
    assert reason == "completes the top row of 9s: \u20139"  # the screen says "take the 9 ..."
    assert "take" not in explain(observe(state, 0), A.TAKES[0])
    assert "draw" not in explain(observe(state, 0), A.DRAW)
    state = play_state(Card.P11, [11, 12, 12, 1, 2, 4, 1, 3, 10], [True] * 9)
    # a card taken from a pile must be kept: the least bad place is said as such
    state.held_from = 0
    state._legal = None
    text = explain(observe(state, 0), A.KEEPS[0])
    assert "0 points" not in text and text == "nothing better is left for the 11"


def test_every_reason_writes_minus_the_way_the_table_does() -> None:
    from gnoming.ai.hints import MINUS

    seen_minus = False
    for n_seats in (2, 4):
        for state in positions(n_seats, 40 + n_seats, 60):
            obs = observe(state, state.current_seat())
            for action in state.legal_actions():
                text = explain(obs, action)
                assert "\u2212" not in text
                assert not any(
                    text[i] == "-" and text[i + 1].isdigit() and (i == 0 or not text[i - 1].isalnum())
                    for i in range(len(text) - 1)
                ), text
                seen_minus |= MINUS in text
    assert seen_minus


def test_hints_are_deterministic_whatever_the_frame_budget() -> None:
    state = next(s for s in positions(4, 19, 300) if s.phase is Phase.PLAY)
    obs = observe(state, state.current_seat())
    results = []
    for budget in (0.0, 0.0001, 10.0):
        thinker = start_hint(obs, state.legal_actions(), seed=8, **QUICK)
        while not thinker.step(budget):
            pass
        results.append(thinker.result())
    assert results[0] == results[1] == results[2]
