"""The table's controller without a window: every action has one target and two
actions never share one, a drop on a pile refuses then discards, and a refused
pick is explained with the words true to the moment."""

from __future__ import annotations

import random

from gnoming.feed import LocalFeed
from gnoming.rules import Action, ActionKind, GameState, Phase
from gnoming.rules import actions as A
from gnoming.store.settings import SeatSpec
from gnoming.ui.session import GameConfig, GameSession
from gnoming.ui.table.controller import (
    DRAW,
    HAND,
    REFUSE,
    TableController,
    TargetKind,
    pile,
    position,
    target_of,
)

YOU = SeatSpec("person", "You", "medium")
PIP = SeatSpec("gnome", "Pip", "easy")
EVERY_ACTION = (
    *A.FLIPS,
    *A.KEEPS,
    *A.BOUNCES,
    *A.TURNS,
    *A.TAKES,
    *A.DISCARDS,
    A.DRAW,
    A.REFUSE,
    A.STOP,
    A.DECLINE,
)


def test_every_action_of_one_decision_has_its_own_target() -> None:
    for kinds in (
        (ActionKind.FLIP,),
        (ActionKind.DRAW, ActionKind.TAKE),
        (ActionKind.KEEP, ActionKind.REFUSE),
        (ActionKind.BOUNCE, ActionKind.STOP),
        (ActionKind.DISCARD,),
        (ActionKind.TURN, ActionKind.DECLINE),
    ):
        actions = [a for a in EVERY_ACTION if a.kind in kinds]
        targets = [target_of(a) for a in actions]
        assert len(set(targets)) == len(targets), kinds
    assert target_of(A.keep(4)) == position(4) and target_of(A.take(1)) == pile(1)
    assert target_of(A.DRAW) == DRAW and target_of(A.REFUSE) == REFUSE
    assert all(not target_of(a).is_button for a in EVERY_ACTION if a.target >= 0)


def person_feed(seed: int = 3) -> LocalFeed:
    feed = LocalFeed(GameSession.new(GameConfig((YOU, PIP), seed), None))
    feed.take_events()
    return feed


def state_of(feed: LocalFeed) -> GameState:
    return feed.session.state


def play_until(feed: LocalFeed, wanted: Phase, choose: ActionKind | None = None) -> None:
    """Play (randomly, the person preferring ``choose``) until the person must act
    in ``wanted``."""
    rng = random.Random(1)
    for _ in range(2000):
        legal = feed.legal_actions()
        if legal and state_of(feed).phase is wanted:
            return
        if legal:
            preferred = [a for a in legal if a.kind is choose]
            feed.submit(rng.choice(preferred or list(legal)))
        else:
            feed.step(0.05)
        feed.take_events()
    raise AssertionError(f"never reached {wanted}")


def test_dropping_a_drawn_card_on_a_pile_means_refuse_then_discard_there() -> None:
    feed = person_feed()
    play_until(feed, Phase.DRAW)
    feed.submit(A.DRAW)
    picks = TableController(feed).picks()
    assert picks[REFUSE] == (A.REFUSE,)
    assert picks[pile(0)] == (A.REFUSE, A.discard(0))
    assert picks[pile(1)] == (A.REFUSE, A.discard(1))
    assert TableController(feed).carries_hand()


def test_dropping_a_card_taken_from_a_pile_back_says_it_must_be_kept() -> None:
    feed = person_feed()
    play_until(feed, Phase.DRAW)
    take = next(a for a in feed.legal_actions() if a.kind is ActionKind.TAKE)
    feed.submit(take)
    control = TableController(feed)
    obs = feed.observation()
    assert pile(0) not in control.picks() and pile(1) not in control.picks()
    assert (
        control.refusal(pile(take.target), obs) == "a card taken from a discard pile must be kept"
    )


def test_a_face_up_card_picked_at_the_set_up_says_to_choose_a_face_down_card() -> None:
    feed = person_feed()
    feed.submit(A.flip(0))
    control = TableController(feed)
    assert "face" in control.refusal(position(0), feed.observation())


def test_a_pick_on_your_cards_before_drawing_says_to_draw_first() -> None:
    feed = person_feed()
    play_until(feed, Phase.DRAW)
    control = TableController(feed)
    assert position(4) not in control.picks()
    assert "draw" in control.refusal(position(4), feed.observation())
    assert not control.carries_hand()


def test_nothing_is_picked_while_a_gnome_decides() -> None:
    feed = LocalFeed(GameSession.new(GameConfig((PIP, YOU), 3), None))
    control = TableController(feed)
    assert control.picks() == {}
    assert control.refusal(DRAW, feed.observation())


def test_a_hint_points_at_its_target_and_at_the_card_in_hand_when_it_is_kept() -> None:
    assert TableController.hint_targets(A.keep(3)) == {position(3), HAND}
    assert TableController.hint_targets(A.flip(3)) == {position(3)}
    assert TableController.hint_targets(A.take(0)) == {pile(0)}
    assert TableController.hint_targets(Action(ActionKind.STOP)) == {target_of(A.STOP)}
    assert target_of(A.STOP).kind is TargetKind.STOP
