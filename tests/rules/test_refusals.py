"""Every refusal says why, true to the situation (issue 12), through the public
``GameState.why_illegal``, which changes nothing; ``apply`` refuses with the same words."""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from gnoming.rules import Card, GameState, IllegalActionError, Phase
from gnoming.rules import actions as A
from gnoming.rules.actions import EVERY_ACTION, Action

Table = Callable[..., GameState]
FACE_DOWN = "[1] [2] [3] [4] [5] [6] [7] [8] [9]"
POT = Path(__file__).resolve().parents[2] / "locale" / "gnoming.pot"


def snapshot(state: GameState) -> bytes:
    fields = {name: getattr(state, name) for name in GameState.__slots__ if name != "_legal"}
    fields["rng"] = state.rng.getstate()
    return pickle.dumps(fields)


def refusal(state: GameState, action: object) -> str:
    """The message for ``action``: the same from why_illegal and from apply, and
    neither changes the state."""
    before = snapshot(state)
    reason = state.why_illegal(action)
    assert reason is not None, f"{action} is allowed"
    assert snapshot(state) == before
    with pytest.raises(IllegalActionError) as error:
        state.apply(action)  # type: ignore[arg-type]
    assert str(error.value) == reason
    assert snapshot(state) == before
    return reason


def test_a_legal_action_has_no_refusal_and_asking_changes_nothing() -> None:
    state = GameState.new(3, seed=2)
    before = snapshot(state)
    assert all(state.why_illegal(action) is None for action in state.legal_actions())
    assert snapshot(state) == before


def test_before_the_first_initial_flip_the_player_is_told_to_turn_two_cards() -> None:
    state = GameState.new(2, seed=5)
    assert refusal(state, A.DRAW) == "first turn two of your own cards face up"


def test_after_one_initial_flip_the_player_is_told_to_turn_one_more() -> None:
    state = GameState.new(2, seed=5)
    state.apply(A.flip(4))
    assert refusal(state, A.take(0)) == "first turn one more of your own cards face up"


@pytest.mark.parametrize("phase", ["initial flip", "hazard turn"])
def test_turning_a_card_that_is_already_face_up_is_refused(table: Table, phase: str) -> None:
    if phase == "initial flip":
        state = GameState.new(2, seed=5)
        state.apply(A.flip(4))
        action = A.flip(4)
    else:
        state = table(layouts={1: "1 [2] [3] [4] [5] [6] [7] [8] [9]"}, draw="H")
        state.apply(A.DRAW)
        state.apply(A.REFUSE)
        assert state.phase is Phase.HAZARD_TURN and state.current_seat() == 1
        action = A.turn(0)
    assert refusal(state, action) == "that card is already face up; choose a face-down card"


def test_before_drawing_the_player_is_told_to_draw_or_take(table: Table) -> None:
    state = table(layouts={0: FACE_DOWN}, draw="5")
    assert refusal(state, A.keep(0)) == (
        "draw a card from the draw pile or take one from a discard pile first"
    )


def test_with_no_draw_pile_to_rebuild_the_player_is_told_to_take(table: Table) -> None:
    state = table(layouts={0: FACE_DOWN}, piles=("1", "2"))
    state.draw_pile = []
    assert refusal(state, A.DRAW) == (
        "the draw pile is empty and there is nothing to rebuild it from"
    )
    assert refusal(state, A.discard(0)) == "take a card from a discard pile first"


def test_with_no_keepable_discard_the_player_is_told_to_draw(table: Table) -> None:
    state = table(layouts={0: "M M [3] [4] [5] [6] [7] [8] [9]"}, draw="5", piles=("M", "1 M"))
    assert refusal(state, A.take(1)) == (
        "you could not keep that mulligan anywhere: two mulligans are already face up in your layout"
    )
    assert refusal(state, A.STOP) == "draw a card from the draw pile first"


@pytest.mark.parametrize(("pile", "name"), [(0, "A"), (1, "B")])
def test_taking_from_an_empty_discard_pile_is_refused(table: Table, pile: int, name: str) -> None:
    piles = ("", "2") if pile == 0 else ("1", "")
    state = table(layouts={0: FACE_DOWN}, draw="5", piles=piles)
    assert refusal(state, A.take(pile)) == f"discard pile {name} is empty"


def test_with_a_drawn_card_the_player_is_told_to_keep_or_refuse(table: Table) -> None:
    state = table(layouts={0: FACE_DOWN}, draw="5")
    state.apply(A.DRAW)
    assert refusal(state, A.discard(0)) == "keep the card in your layout or refuse it"


def test_a_card_taken_from_a_discard_pile_is_never_said_to_be_refusable(table: Table) -> None:
    """Issue 12: dropping a taken card back on a pile said "... or refuse it"."""
    state = table(layouts={0: FACE_DOWN}, draw="5")
    state.apply(A.take(0))
    assert A.REFUSE not in state.legal_actions()
    for action in (A.discard(0), A.discard(1), A.DRAW, A.take(1), A.STOP):
        message = refusal(state, action)
        assert message == (
            "keep the card you took in your layout: a card taken from a discard pile must be kept"
        )
        assert "refuse it" not in message
    assert refusal(state, A.REFUSE) == "a card taken from a discard pile must be kept"


def test_a_drawn_mulligan_with_two_face_up_mulligans_must_be_refused(table: Table) -> None:
    state = table(layouts={0: "M M [3] [4] [5] [6] [7] [8] [9]"}, draw="M")
    state.apply(A.DRAW)
    assert state.legal_actions() == (A.REFUSE,)
    assert refusal(state, A.keep(0)) == (
        "two mulligans are already face up in your layout, so you may not keep another"
    )
    assert refusal(state, A.discard(1)) == (
        "refuse the card: two mulligans are already face up in your layout"
    )


@pytest.mark.parametrize("source", ["draw pile", "discard pile"])
def test_a_second_mulligan_may_only_replace_the_face_up_one(table: Table, source: str) -> None:
    state = table(layouts={0: "M [2] [3] [4] [5] [6] [7] [8] [9]"}, draw="M", piles=("M", "2"))
    state.apply(A.DRAW if source == "draw pile" else A.take(0))
    assert A.keep(0) in state.legal_actions()
    assert refusal(state, A.keep(4)) == (
        "you may not keep a second mulligan while one is face up in your layout"
    )


def test_during_a_bounce_the_player_is_told_to_bounce_or_stop(table: Table) -> None:
    state = table(layouts={0: "[3] [3] [1] [2] [4] [6] [8] [9] [10]"}, draw="3")
    state.apply(A.DRAW)
    state.apply(A.keep(0))
    assert state.phase is Phase.BOUNCE
    assert refusal(state, A.bounce(0)) == (
        "a bounce may not land on a position already filled this turn"
    )
    assert refusal(state, A.keep(5)) == (
        "bounce the matching card to another position, or stop bouncing"
    )


def test_when_discarding_the_player_is_told_to_choose_a_pile(table: Table) -> None:
    state = table(layouts={0: FACE_DOWN}, draw="5")
    state.apply(A.DRAW)
    state.apply(A.REFUSE)
    assert refusal(state, A.keep(0)) == "choose a discard pile for the card"


def test_with_one_discard_pile_empty_the_card_must_go_there(table: Table) -> None:
    state = table(layouts={0: FACE_DOWN}, draw="5", piles=("1", ""))
    state.apply(A.DRAW)
    state.apply(A.REFUSE)
    assert state.legal_actions() == (A.discard(1),)
    assert refusal(state, A.discard(0)) == (
        "a discard pile is empty, so the card must go onto the empty pile"
    )
    assert refusal(state, A.REFUSE) == "put the card onto the empty discard pile"


def test_after_a_hazard_the_player_is_told_to_turn_a_card_or_decline(table: Table) -> None:
    state = table(draw="H")
    state.apply(A.DRAW)
    state.apply(A.REFUSE)
    assert refusal(state, A.DRAW) == (
        "a hazard was discarded: turn one of your face-down cards up, or decline"
    )


def test_after_the_game_every_action_is_refused_as_over() -> None:
    rng = random.Random(1)
    state = GameState.new(2, seed=3)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    assert {refusal(state, action) for action in EVERY_ACTION} == {"the game is over"}


@pytest.mark.parametrize(
    "thing", [None, "flip 0", (0, 0), 3, A.FLIPS, Card.P5], ids=lambda t: type(t).__name__
)
def test_what_is_not_an_action_is_refused_as_such(thing: object) -> None:
    state = GameState.new(2, seed=1)
    assert refusal(state, thing) == "that is not an action of this game"


def catalogued() -> set[str]:
    return set(re.findall(r'^msgid "(.+)"$', POT.read_text(encoding="utf-8"), re.MULTILINE)) | {
        "".join(re.findall(r'"(.*)"', block))
        for block in re.findall(
            r'^msgid ""\n((?:".*"\n)+)', POT.read_text(encoding="utf-8"), re.MULTILINE
        )
    }


def test_in_random_games_why_illegal_agrees_with_the_legal_actions_and_is_catalogued() -> None:
    """For every action in every position of a few random games: no refusal
    exactly when it is legal; a refusal offering to refuse the card only when
    refusing is allowed; every message in the translation template."""
    messages = catalogued()
    for seed, n_seats in ((0, 2), (1, 4), (2, 7)):
        rng = random.Random(seed)
        state = GameState.new(n_seats, seed=seed)
        while not state.is_over():
            legal = state.legal_actions()
            for action in EVERY_ACTION:
                reason = state.why_illegal(action)
                assert (reason is None) == (action in legal), (action, reason)
                if reason is not None:
                    assert reason in messages, reason
                    if "refuse it" in reason:
                        assert A.REFUSE in legal
            state.apply(rng.choice(legal))


def test_a_hand_built_action_equal_to_a_legal_one_is_played_as_the_engines_own() -> None:
    from gnoming.rules import ActionKind

    state = GameState.new(2, seed=5)
    hand_built = Action(ActionKind.FLIP, 4)
    assert hand_built is not A.flip(4)
    assert state.why_illegal(hand_built) is None
    state.apply(hand_built)
    assert state.history[-1] is A.flip(4)
