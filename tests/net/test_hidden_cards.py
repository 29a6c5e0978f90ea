"""No byte a client receives depends on a face-down card.

Two tables play the same game side by side. Before every action, the second
table's state is replaced by a copy of the first in which every card that is
face down (and stays face down through the action) has been shuffled among
those places: the determinize idea, applied to the server. Whatever each seat
is sent for that action must be byte for byte the same at both tables. A
message that leaked a face-down card, the order of the draw pile, or the seed
would differ.
"""

from __future__ import annotations

import random

import pytest

from gnoming.ai import make_bot
from gnoming.rules import Action, ActionKind, GameState, observe
from gnoming.rules import events as E
from gnoming.server.app import decide
from gnoming.server.table import Table

from .helpers import full_table


def hidden_places(before: GameState, action: Action) -> tuple[list[tuple[int, int]], list[int]]:
    """Layout places and draw-pile indexes whose cards nobody sees through ``action``."""
    after = before.clone()
    events = after.apply(action)
    same_round = after.round_index == before.round_index
    layout_places = []
    if same_round:
        layout_places = [
            (seat, p)
            for seat in range(before.n_seats)
            for p in range(9)
            if not after.face_up[seat][p]
        ]
    rebuilt = any(isinstance(e, E.DrawPileRebuilt) for e in events)
    pile = [] if rebuilt else list(range(len(before.draw_pile)))
    if action.kind is ActionKind.DRAW and pile:
        pile.pop()  # the top card is drawn and shown
    return layout_places, pile


def shuffled(before: GameState, action: Action, rng: random.Random) -> GameState:
    state = before.clone()
    places, pile = hidden_places(before, action)
    if before.draw_pile_known:
        # after a rebuild the table knows which cards the pile holds: the
        # face-down cards and the pile's order are still secret, each apart
        groups = [places, []], [[], pile]
    else:
        groups = ([places, pile],)
    for group_places, group_pile in groups:
        cards = [state.layouts[s][p] for s, p in group_places]
        cards += [state.draw_pile[i] for i in group_pile]
        rng.shuffle(cards)
        for s, p in group_places:
            state.layouts[s][p] = cards.pop()
        for i in group_pile:
            state.draw_pile[i] = cards.pop()
    state._legal = None
    return state


@pytest.mark.parametrize("seats,seed", [(3, 1), (4, 7), (6, 23), (7, 3)])
def test_every_byte_sent_is_the_same_whatever_the_face_down_cards_are(seats, seed):
    table_a, links_a = full_table(seats=seats, gnomes=1, seed=seed)
    table_b, links_b = full_table(seats=seats, gnomes=1, seed=seed)
    rng = random.Random(seed)
    check_the_deal(table_a, table_b, rng)
    differences_seen = 0
    known_pile_seen = 0
    for _ in range(3000):
        if table_a.finished:
            break
        for link in links_a + links_b:
            link.sent.clear()
        state_a = table_a.state
        assert state_a is not None
        turn = table_a.gnome_turn()
        if turn is not None:
            action = decide(turn)
        else:
            seat = state_a.current_seat()
            action = make_bot("medium", table_a.seq).choose(observe(state_a, seat), state_a.legal_actions())
        table_b.state = shuffled(state_a, action, rng)
        known_pile_seen += state_a.draw_pile_known
        differences_seen += table_b.state.layouts != state_a.layouts
        step(table_a, action)
        step(table_b, action)
        assert [link.sent for link in links_a] == [link.sent for link in links_b]
    assert table_a.finished and table_b.finished
    assert differences_seen > 50  # the shuffles did change the hidden cards
    if seats == 7:  # the draw pile was rebuilt, and its cards (not their order) sent
        assert known_pile_seen > 50


def check_the_deal(table_a: Table, table_b: Table, rng: random.Random) -> None:
    """The first update (the deal) with every face-down card and the draw pile shuffled."""
    state = table_a.state
    assert state is not None
    other = state.clone()
    places = [(s, p) for s in range(state.n_seats) for p in range(9)]
    cards = [other.layouts[s][p] for s, p in places] + other.draw_pile
    rng.shuffle(cards)
    for s, p in places:
        other.layouts[s][p] = cards.pop()
    other.draw_pile = cards
    assert other.layouts != state.layouts
    table_b.state = other
    deal = state.deal_events()
    assert table_a._update(deal) == table_b._update(deal)
    assert table_a._last_update == table_a._update(deal)  # what the friends were sent


def step(table: Table, action: Action) -> None:
    turn = table.gnome_turn()
    if turn is not None:
        assert table.play_gnome(turn, action)
    else:
        assert table.state is not None
        assert table.act(table.state.current_seat(), table.seq, action) is None
