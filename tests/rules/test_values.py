"""Actions and events are typed values: frozen, hashable, and never equal across types."""

from __future__ import annotations

import dataclasses

import pytest

from gnoming.rules import Action, ActionKind, Card, GameState
from gnoming.rules import actions as A
from gnoming.rules import events as E
from gnoming.rules.actions import EVERY_ACTION

EVENT_TYPES = [
    E.RoundStarted,
    E.Dealt,
    E.DiscardPileStarted,
    E.TurnedUp,
    E.TurnStarted,
    E.Drawn,
    E.Placed,
    E.Bounced,
    E.Refused,
    E.Discarded,
    E.HazardRemoved,
    E.HazardTurnDeclined,
    E.DrawPileRebuilt,
    E.EndgameTriggered,
    E.TurnEnded,
    E.RoundScored,
    E.GameOver,
]


def test_events_of_different_types_with_the_same_fields_are_different() -> None:
    five = Card(5)
    assert E.Drawn(0, 1, five) != E.Discarded(0, 1, five)  # type: ignore[comparison-overlap]
    assert E.Refused(0, five) != E.Dealt(0, 5)  # type: ignore[comparison-overlap]
    assert len({E.TurnEnded(2), E.HazardTurnDeclined(2), E.EndgameTriggered(2)}) == 3
    assert E.Drawn(0, 1, five) not in [E.Discarded(0, 1, five)]  # type: ignore[comparison-overlap]
    assert E.Drawn(0, 1, five) == E.Drawn(0, 1, five)
    assert hash(E.Drawn(0, 1, five)) == hash(E.Drawn(0, 1, five))


def test_actions_of_different_kinds_with_the_same_target_are_different() -> None:
    assert len({A.flip(4), A.keep(4), A.bounce(4), A.turn(4)}) == 4
    assert A.take(0) != A.discard(0)
    assert A.keep(4) != (ActionKind.KEEP, 4)  # type: ignore[comparison-overlap]
    assert len(set(EVERY_ACTION)) == len(EVERY_ACTION) == 44


@pytest.mark.parametrize("event_type", EVENT_TYPES, ids=lambda t: t.__name__)
def test_every_event_type_is_a_frozen_slotted_dataclass_not_a_tuple(
    event_type: type,
) -> None:
    assert dataclasses.is_dataclass(event_type)
    assert not issubclass(event_type, tuple)
    assert "__slots__" in event_type.__dict__
    assert event_type.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_events_of_a_played_game_cannot_be_changed_and_compare_by_value() -> None:
    state, events = GameState.start(3, seed=4)
    for _ in range(30):
        events += state.apply(state.legal_actions()[0])
    for event in events:
        field = dataclasses.fields(event)[0]
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(event, field.name, 0)
        copy = type(event)(*(getattr(event, f.name) for f in dataclasses.fields(event)))
        assert copy == event and hash(copy) == hash(event)
        assert not isinstance(event, tuple)


def test_an_action_built_by_hand_equals_the_prebuilt_one() -> None:
    assert Action(ActionKind.KEEP, 4) == A.keep(4)
    assert hash(Action(ActionKind.KEEP, 4)) == hash(A.keep(4))
    assert Action(ActionKind.DRAW) == A.DRAW
    with pytest.raises(dataclasses.FrozenInstanceError):
        A.keep(4).target = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("kind", "target"),
    [
        (1, -1),
        (ActionKind.TAKE, 0.0),
        (ActionKind.FLIP, True),
        (ActionKind.FLIP, 9),
        (ActionKind.KEEP, -1),
        (ActionKind.TAKE, 2),
        (ActionKind.DRAW, 0),
        (ActionKind.DECLINE, None),
        ("keep", 4),
        (None, None),
    ],
)
def test_an_action_of_a_wrong_kind_or_target_cannot_be_built(kind: object, target: object) -> None:
    with pytest.raises(ValueError):
        Action(kind, target)  # type: ignore[arg-type]


@pytest.mark.parametrize("action", EVERY_ACTION, ids=str)
def test_every_action_reads_back_from_its_text_as_the_same_object(action: Action) -> None:
    assert Action.parse(action.to_json()) is action
