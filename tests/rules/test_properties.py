"""Random legal play of complete games, random illegal actions, records and replays."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gnoming.rules import (
    Action,
    GameRecord,
    GameState,
    IllegalActionError,
    RecordError,
    observe,
    replay,
)
from gnoming.rules.actions import EVERY_ACTION
from gnoming.rules.invariants import broken_invariants

ALL_ACTIONS = list(EVERY_ACTION)


def snapshot(state: GameState) -> bytes:
    """Everything the state holds, serialised (the legal-action cache left out)."""
    fields = {name: getattr(state, name) for name in GameState.__slots__ if name != "_legal"}
    fields["rng"] = state.rng.getstate()
    return pickle.dumps(fields)


@settings(max_examples=40, deadline=None)
@given(n_seats=st.integers(2, 7), seed=st.integers(0, 2**32), play_seed=st.integers(0, 2**32))
def test_random_legal_play_keeps_every_card_accounted_for(
    n_seats: int, seed: int, play_seed: int
) -> None:
    rng = random.Random(play_seed)
    state = GameState.new(n_seats, seed=seed, first_seat=seed % n_seats)
    rounds_seen = 0
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
        assert broken_invariants(state) == []
        rounds_seen = len(state.round_results)
    assert rounds_seen == 3
    result = state.result()
    assert result is not None and result.totals == tuple(state.totals())


@settings(max_examples=30, deadline=None)
@given(
    n_seats=st.integers(2, 7),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 400),
    bad=st.lists(st.sampled_from(ALL_ACTIONS), min_size=1, max_size=10),
)
def test_illegal_actions_are_rejected_and_change_nothing(
    n_seats: int, seed: int, steps: int, bad: list[Action]
) -> None:
    rng = random.Random(seed)
    state = GameState.new(n_seats, seed=seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    for action in bad:
        if action in state.legal_actions():
            continue
        before = snapshot(state)
        with pytest.raises(IllegalActionError) as error:
            state.apply(action)
        assert str(error.value)
        assert snapshot(state) == before


def test_non_actions_are_rejected_with_a_message() -> None:
    state = GameState.new(2, seed=1)
    for thing in (None, "flip 0", (0, 0), 3):
        with pytest.raises(IllegalActionError, match="not an action"):
            state.apply(thing)  # type: ignore[arg-type]


@settings(max_examples=20, deadline=None)
@given(n_seats=st.integers(2, 7), seed=st.integers(0, 2**32))
def test_record_replays_to_the_identical_state(n_seats: int, seed: int) -> None:
    rng = random.Random(seed)
    state = GameState.new(n_seats, seed=seed, first_seat=seed % n_seats)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    record = GameRecord.from_json(GameRecord.of(state, ({"name": "x"},)).to_json())
    again = record.replay()
    assert snapshot(again) == snapshot(state)
    assert record.seats == ({"name": "x"},)


def test_same_seed_and_actions_give_the_same_game() -> None:
    rng = random.Random(5)
    state = GameState.new(4, seed=77)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    twice = replay(4, 77, state.history)
    assert snapshot(twice) == snapshot(state)


def test_clone_is_independent_and_plays_the_same_future() -> None:
    rng = random.Random(3)
    state = GameState.new(3, seed=8)
    for _ in range(50):
        state.apply(rng.choice(state.legal_actions()))
    copy = state.clone()
    assert snapshot(copy) == snapshot(state)
    actions = []
    while not copy.is_over():
        action = rng.choice(copy.legal_actions())
        actions.append(action)
        copy.apply(action)
    assert not state.is_over()
    for action in actions:
        state.apply(action)
    assert state.round_scores() == copy.round_scores()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"version": 99, "seed": 1, "n_seats": 2, "actions": []}', "newer version"),
        ('{"version": 1, "seed": "x", "n_seats": 2, "actions": []}', "seed"),
        ('{"version": 1, "seed": 1, "n_seats": 9, "actions": []}', "2 to 7"),
        ('{"version": 1, "seed": 1, "n_seats": 2, "actions": ["jump"]}', "broken action"),
        ('{"version": 1, "seed": 1, "n_seats": 2}', "list of actions"),
    ],
)
def test_broken_records_give_clear_errors(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(text)


def test_record_with_an_action_the_rules_reject_fails_to_replay() -> None:
    record = GameRecord.from_json('{"version":1,"seed":1,"n_seats":2,"actions":["draw"]}')
    with pytest.raises(RecordError, match="action 1 \\(draw\\) is not allowed"):
        record.replay()


def test_observation_hides_face_down_cards_and_the_draw_order() -> None:
    state = GameState.new(3, seed=4)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    obs = observe(state, 0)
    for seat in range(3):
        for position in range(9):
            shown = obs.layouts[seat][position]
            assert (shown is None) == (not state.face_up[seat][position])
    assert obs.draw_pile_count == len(state.draw_pile)
    assert not any(isinstance(v, list) for v in vars_of(obs))
    hidden = obs.hidden_cards()
    assert sum(hidden.values()) == len(state.draw_pile) + sum(state.face_down_count)


def vars_of(obs: object) -> list[object]:
    return [getattr(obs, name) for name in obs.__slots__]  # type: ignore[attr-defined]


def test_observation_is_the_same_for_different_hidden_cards() -> None:
    from gnoming.rules import determinize

    state = GameState.new(4, seed=12)
    rng = random.Random(0)
    for _ in range(40):
        state.apply(rng.choice(state.legal_actions()))
    obs = observe(state, 2)
    one = determinize(obs, random.Random(1))
    two = determinize(obs, random.Random(2))
    assert one.layouts != two.layouts or one.draw_pile != two.draw_pile
    assert observe(one, 2) == obs == observe(two, 2)
    assert broken_invariants(one) == []
    while not one.is_over():
        one.apply(rng.choice(one.legal_actions()))


def test_rules_import_nothing_from_pygame_or_the_ui() -> None:
    code = (
        "import sys, gnoming.rules, gnoming.rules.invariants, gnoming.bench, gnoming.soak;"
        "bad = [m for m in sys.modules if m.startswith(('pygame', 'gnoming.ui'))];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
