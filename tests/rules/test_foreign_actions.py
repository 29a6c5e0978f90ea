"""``apply`` takes only the engine's own actions (issue 13): anything else is
refused with IllegalActionError and leaves the state and its history untouched."""

from __future__ import annotations

import dataclasses
import pickle
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gnoming.rules import Action, ActionKind, GameRecord, GameState, IllegalActionError, observe
from gnoming.rules import actions as A
from gnoming.rules.actions import EVERY_ACTION, target_problem


def forged(kind: object, target: object) -> Action:
    """An Action holding any values at all, built past its own checks (as a
    careless or hostile caller could)."""
    action = object.__new__(Action)
    object.__setattr__(action, "kind", kind)
    object.__setattr__(action, "target", target)
    return action


def snapshot(state: GameState) -> bytes:
    fields = {name: getattr(state, name) for name in GameState.__slots__ if name != "_legal"}
    fields["rng"] = state.rng.getstate()
    return pickle.dumps(fields)


def assert_refused_and_unchanged(state: GameState, thing: object) -> None:
    before = snapshot(state)
    history = list(state.history)
    observations = [observe(state, seat) for seat in range(state.n_seats)]
    legal = state.legal_actions()
    with pytest.raises(IllegalActionError) as error:
        state.apply(thing)  # type: ignore[arg-type]
    assert str(error.value) == "that is not an action of this game"
    assert snapshot(state) == before
    assert state.history == history
    assert [observe(state, seat) for seat in range(state.n_seats)] == observations
    assert state.legal_actions() == legal


def seed5_at_the_hazard_turn() -> GameState:
    state = GameState.new(2, seed=5)
    for text in ["flip 4", "flip 6", "flip 8", "flip 0", "take A", "keep 3"]:
        state.apply(Action.parse(text))
    return state


def test_a_forged_action_of_kind_8_is_not_played_as_a_decline_and_recorded_as_a_turn() -> None:
    """Issue 13: ``apply(Action(8, 1))`` was played as decline but recorded as ``turn 1``."""
    state = seed5_at_the_hazard_turn()
    assert A.turn(1) in state.legal_actions() and A.DECLINE in state.legal_actions()
    assert_refused_and_unchanged(state, forged(8, 1))
    assert GameRecord.of(state).replay().history == state.history
    state.apply(A.turn(1))  # the game goes on as if nothing had been tried
    assert state.history[-1] is A.turn(1)


@pytest.mark.parametrize(
    ("kind", "target"),
    [
        (1, -1),
        (8, 1),
        (ActionKind.TAKE, 0.0),
        (ActionKind.FLIP, True),
        (ActionKind.TURN, False),
        (ActionKind.FLIP, -1),
        (ActionKind.TURN, 9),
        (ActionKind.TURN, 1.0),
        (ActionKind.DECLINE, 0),
        (ActionKind.DECLINE, None),
        ("turn", 1),
    ],
)
def test_actions_the_engine_never_makes_are_refused(kind: object, target: object) -> None:
    assert_refused_and_unchanged(seed5_at_the_hazard_turn(), forged(kind, target))
    with pytest.raises(ValueError):
        Action(kind, target)  # type: ignore[arg-type]


def test_look_alikes_of_actions_are_refused() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Sneaky(Action):
        pass

    state = seed5_at_the_hazard_turn()
    for thing in (Sneaky(ActionKind.TURN, 1), (ActionKind.TURN, 1), "turn 1", None, 8):
        assert_refused_and_unchanged(state, thing)


def test_the_prebuilt_actions_are_the_only_wellformed_ones() -> None:
    wellformed = {
        (kind, target)
        for kind in ActionKind
        for target in range(-1, 9)
        if target_problem(kind, target) is None
    }
    assert wellformed == {(a.kind, a.target) for a in EVERY_ACTION}


anything: st.SearchStrategy[Any] = st.one_of(
    st.sampled_from(list(ActionKind)),
    st.integers(-3, 12),
    st.integers(),
    st.floats(allow_nan=True),
    st.booleans(),
    st.text(max_size=5),
    st.none(),
    st.just(A.keep(0)),
    st.tuples(st.integers(-1, 9), st.integers(-1, 9)),
)


@settings(max_examples=150, deadline=None)
@given(
    n_seats=st.integers(2, 7),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 300),
    tries=st.lists(st.tuples(anything, anything), min_size=1, max_size=8),
)
def test_any_kind_and_target_is_played_only_if_it_is_the_engines_own_and_legal(
    n_seats: int, seed: int, steps: int, tries: list[tuple[Any, Any]]
) -> None:
    rng = random.Random(seed)
    state = GameState.new(n_seats, seed=seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    for kind, target in tries:
        action = forged(kind, target)
        if target_problem(kind, target) is not None:
            assert_refused_and_unchanged(state, action)
            continue
        own = next(a for a in EVERY_ACTION if a.kind is kind and a.target == target)
        before = snapshot(state)
        if own in state.legal_actions():
            state.apply(action)
            assert state.history[-1] is own
        else:
            with pytest.raises(IllegalActionError):
                state.apply(action)
            assert snapshot(state) == before
    replayed = GameRecord.from_json(GameRecord.of(state).to_json()).replay()
    assert snapshot(replayed) == snapshot(state)
