"""After the draw pile is rebuilt from the discard piles, the table knows which
cards it holds (everyone saw them in the discard piles, and every card drawn
since): the observation says so, imagined deals keep those cards in the pile,
and the gnomes value a face-down card by the cards that can still be face down.
Before, the rebuilt cards were mixed back into the face-down places."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

from gnoming.ai.hints import describe_placing
from gnoming.ai.knowledge import DOWN, Unseen, card_points
from gnoming.ai.playout import FastPolicy
from gnoming.net.protocol import ProtocolError
from gnoming.net.wire import observation_from_wire, observation_to_wire
from gnoming.rules import GameState, determinize, observe
from gnoming.rules import events as E


def after_a_rebuild(n_seats: int = 7, seed: int = 3) -> GameState:
    """A round of greedy play stopped a few turns after its draw pile was rebuilt."""
    state = GameState.new(n_seats, seed=seed).clone(stop_at_round_end=True)
    policy = FastPolicy(4.5, random.Random(seed))
    turns_after = None
    while not state.round_over():
        legal = state.legal_actions()
        events = state.apply(legal[0] if len(legal) == 1 else policy(state))
        if any(isinstance(e, E.DrawPileRebuilt) for e in events):
            turns_after = state.turns_taken
        if turns_after is not None and state.turns_taken >= turns_after + 3 and state.draw_pile:
            return state
    pytest.fail("no rebuilt draw pile in this round")


def face_down(state: GameState) -> Counter[int]:
    return Counter(
        int(card)
        for layout, up in zip(state.layouts, state.face_up, strict=True)
        for card, is_up in zip(layout, up, strict=True)
        if not is_up
    )


def test_the_observation_names_the_rebuilt_piles_cards_and_a_new_round_forgets_them() -> None:
    state = after_a_rebuild()
    assert state.draw_pile_known
    obs = observe(state, 0)
    assert obs.draw_pile_cards == tuple(sorted(state.draw_pile))
    assert Counter(int(c) for c in obs.face_down_cards().elements()) == face_down(state)
    fresh = GameState.new(4, seed=1)
    assert observe(fresh, 0).draw_pile_cards is None
    assert observe(fresh, 0).face_down_cards() == observe(fresh, 0).hidden_cards()
    copy = state.clone(stop_at_round_end=False)
    while copy.round_index == state.round_index:
        copy.apply(copy.legal_actions()[0])
    assert not copy.draw_pile_known and observe(copy, 0).draw_pile_cards is None


@pytest.mark.parametrize("seed", [3, 5, 12])
def test_imagined_deals_keep_the_known_cards_in_the_draw_pile(seed: int) -> None:
    state = after_a_rebuild(seed=seed)
    obs = observe(state, 1)
    truth = face_down(state)
    for k in range(20):
        deal = determinize(obs, random.Random(k))
        assert sorted(deal.draw_pile) == sorted(state.draw_pile)
        assert face_down(deal) == truth
        assert observe(deal, 1) == obs
        assert deal.draw_pile_known


def test_a_face_down_card_is_valued_by_the_cards_that_can_be_face_down() -> None:
    state = after_a_rebuild()
    unseen = Unseen.of(observe(state, 0))
    truth = face_down(state)
    true_mean = sum(card_points(c) * n for c, n in truth.items()) / sum(truth.values())
    assert unseen.mean == pytest.approx(true_mean)
    pile = Counter(int(c) for c in state.draw_pile)
    assert dict(unseen.distribution) == pytest.approx(
        {c: n / len(state.draw_pile) for c, n in pile.items()}
    )
    assert dict(unseen.face_down) == pytest.approx(
        {c: n / sum(truth.values()) for c, n in truth.items()}
    )


def test_the_known_pile_crosses_the_network_and_a_false_one_is_refused() -> None:
    state = after_a_rebuild()
    obs = observe(state, 2)
    assert observation_from_wire(observation_to_wire(obs), 2) == obs
    wire = observation_to_wire(obs)
    short = msgspec.structs.replace(wire, draw_pile_cards=(wire.draw_pile_cards or ())[1:])
    with pytest.raises(ProtocolError, match="draw_pile_count"):
        observation_from_wire(short, 2)
    # one card of the pile swapped for a card that is all on the table already
    hidden = obs.hidden_cards()
    gone = next(c for c in obs.visible_cards() if hidden[c] == 0)
    assert wire.draw_pile_cards
    false = msgspec.structs.replace(wire, draw_pile_cards=(gone, *wire.draw_pile_cards[1:]))
    with pytest.raises(ProtocolError, match="seen elsewhere"):
        observation_from_wire(false, 2)
    # a host that says every hidden card is in the pile leaves none to be face down
    everything = tuple(sorted(hidden.elements()))
    greedy = msgspec.structs.replace(
        wire, draw_pile_cards=everything, draw_pile_count=len(everything)
    )
    with pytest.raises(ProtocolError, match="face-down places"):
        observation_from_wire(greedy, 2)


def test_an_emptied_known_pile_is_drawn_from_the_discards_under_the_tops() -> None:
    for seed in range(2, 40):
        state = GameState.new(7, seed=seed).clone(stop_at_round_end=True)
        policy = FastPolicy(4.5, random.Random(seed))
        while not state.round_over() and not (state.draw_pile_known and not state.draw_pile):
            legal = state.legal_actions()
            state.apply(legal[0] if len(legal) == 1 else policy(state))
        if state.draw_pile_known and not state.draw_pile:
            break
    else:
        pytest.fail("no known draw pile ran out")
    obs = observe(state, 0)
    under = Counter(int(c) for pile in obs.discard_piles for c in pile[:-1])
    assert under
    total = sum(under.values())
    expected = {c: n / total for c, n in under.items()}
    assert dict(Unseen.of(obs).distribution) == pytest.approx(expected)
    deal = determinize(obs, random.Random(1))
    assert deal.draw_pile == [] and face_down(deal) == face_down(state)


def test_a_hint_says_what_a_face_down_card_is_worth_on_this_table() -> None:
    # It said "about 4-5" on every table: after a rebuild a face-down card can
    # be worth much less or more than that.
    obs = observe(after_a_rebuild(), 0)
    worth = round(Unseen.of(obs).mean)
    hidden = obs.hidden_cards()
    mixed = sum(card_points(int(c)) * n for c, n in hidden.items()) / sum(hidden.values())
    assert worth != round(mixed)  # the table's own number, not the unseen cards' mean
    cards = [DOWN, DOWN, 1, 2, 3, 4, 6, 8, 10]
    text = describe_placing(obs, cards, 5, 0, "keep")
    assert text == f"keeps the 5 in place of a face-down card (an unseen card is worth about {worth})"
    fresh = observe(GameState.new(4, seed=1), 0)
    assert describe_placing(fresh, cards, 5, 0, "bounce").endswith(
        f"(an unseen card is worth about {round(Unseen.of(fresh).mean)})"
    )
