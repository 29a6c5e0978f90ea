"""Set-up, the turn, bouncing, mulligans, hazards and the end of a round (RULES.md)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gnoming.rules import Card, GameState, IllegalActionError, Phase, TurnReason
from gnoming.rules import actions as A
from gnoming.rules import events as E
from gnoming.rules.state import TURN_LIMIT

Table = Callable[..., GameState]


def play(state: GameState, *actions: A.Action) -> list[E.Event]:
    events: list[E.Event] = []
    for action in actions:
        events.extend(state.apply(action))
    return events


def of_type(events: list[E.Event], kind: type) -> list:  # type: ignore[type-arg]
    return [e for e in events if isinstance(e, kind)]


# ---------------------------------------------------------------- players and set-up


@pytest.mark.parametrize("n_seats", [2, 3, 4, 5, 6, 7])
def test_two_to_seven_players_ours_two_allowed(n_seats: int) -> None:
    state = GameState.new(n_seats, seed=1)
    assert len(state.layouts) == n_seats


@pytest.mark.parametrize("n_seats", [0, 1, 8])
def test_fewer_than_two_or_more_than_seven_players_rejected(n_seats: int) -> None:
    with pytest.raises(ValueError, match="2 to 7 players"):
        GameState.new(n_seats, seed=1)


def test_deal_nine_face_down_cards_to_each_player() -> None:
    state, events = GameState.start(4, seed=3)
    assert all(len(layout) == 9 for layout in state.layouts)
    assert all(not any(up) for up in state.face_up)
    assert len(of_type(events, E.Dealt)) == 36


def test_two_discard_piles_start_with_one_card_each() -> None:
    state = GameState.new(3, seed=5)
    assert [len(p) for p in state.discard_piles] == [1, 1]
    assert Card.HAZARD not in (state.discard_piles[0][0], state.discard_piles[1][0])
    assert len(state.draw_pile) == 110 - 27 - 2 - len(state.removed_hazards)


def test_setup_hazard_on_a_discard_pile_is_removed_and_replaced_ours() -> None:
    seed = next(s for s in range(2000) if GameState.new(2, seed=s).removed_hazards)
    state, events = GameState.start(2, seed=seed)
    removed = of_type(events, E.HazardRemoved)
    assert removed and all(e.reason is E.HazardReason.SETUP for e in removed)
    assert all(len(p) == 1 and p[0] is not Card.HAZARD for p in state.discard_piles)
    # set-up hazards give nobody a turn
    assert state.phase is Phase.INITIAL_FLIP


def test_every_player_turns_two_cards_in_seat_order_from_the_starter() -> None:
    state = GameState.new(3, seed=2, first_seat=1)
    order = []
    while state.phase is Phase.INITIAL_FLIP:
        order.append(state.current_seat())
        events = state.apply(state.legal_actions()[0])
        assert of_type(events, E.TurnedUp)[0].reason is TurnReason.INITIAL
    assert order == [1, 1, 2, 2, 0, 0]
    assert state.face_down_count == [7, 7, 7]
    assert state.phase is Phase.DRAW and state.current_seat() == 1


def test_initial_flip_must_be_a_face_down_card() -> None:
    state = GameState.new(2, seed=2)
    state.apply(A.flip(4))
    with pytest.raises(IllegalActionError, match="already face up"):
        state.apply(A.flip(4))


def test_round_one_started_by_chosen_player_later_rounds_by_next_seat_ours() -> None:
    import random

    rng = random.Random(9)
    state = GameState.new(3, seed=4, first_seat=2)
    starters = [state.round_starter]
    round_index = 0
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
        if state.round_index != round_index and not state.is_over():
            round_index = state.round_index
            starters.append(state.round_starter)
    assert starters == [2, 0, 1]


def test_removed_hazards_come_back_next_round() -> None:
    import random

    rng = random.Random(1)
    for seed in range(200):
        state = GameState.new(2, seed=seed)
        while state.round_index == 0:
            state.apply(rng.choice(state.legal_actions()))
        if state.is_over():
            continue
        cards = [c for layout in state.layouts for c in layout] + state.draw_pile
        cards += state.discard_piles[0] + state.discard_piles[1] + state.removed_hazards
        assert cards.count(Card.HAZARD) == 3
        assert len(cards) == 110


# ---------------------------------------------------------------- the turn


def test_draw_from_the_draw_pile_or_either_discard_pile(table: Table) -> None:
    state = table(layouts={0: "[1] [2] [3] [4] [5] [6] [7] [8] [9]"}, draw="10 11")
    assert set(state.legal_actions()) == {A.DRAW, A.take(0), A.take(1)}
    events = play(state, A.DRAW)
    assert events == [E.Drawn(0, -1, Card.P11)]
    assert state.held is Card.P11


def test_keep_places_face_up_and_the_replaced_card_is_turned_up_and_discarded(
    table: Table,
) -> None:
    state = table(layouts={0: "[1] [2] [3] [4] [5] [6] [7] [8] [9]"}, draw="10 11")
    events = play(state, A.DRAW, A.keep(4))
    assert state.layouts[0][4] is Card.P11 and state.face_up[0][4]
    assert E.TurnedUp(0, 4, Card.P5, TurnReason.REPLACED) in events
    assert state.phase is Phase.DISCARD and state.held is Card.P5
    play(state, A.discard(1))
    assert state.discard_piles[1][-1] is Card.P5
    assert state.current_seat() == 1


def test_keep_may_replace_a_face_up_card(table: Table) -> None:
    state = table(layouts={0: "12 [2] [3] [4] [5] [6] [7] [8] [9]"}, draw="1")
    events = play(state, A.DRAW, A.keep(0))
    assert E.Placed(0, 0, Card.P1, Card.P12, True) in events
    assert state.held is Card.P12 and state.phase is Phase.DISCARD


def test_refuse_discards_the_drawn_card(table: Table) -> None:
    state = table(draw="12")
    play(state, A.DRAW, A.REFUSE, A.discard(0))
    assert state.discard_piles[0][-1] is Card.P12


def test_card_taken_from_a_discard_pile_must_be_kept_ours(table: Table) -> None:
    state = table(piles=("3", "4"))
    play(state, A.take(0))
    assert A.REFUSE not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="must be kept"):
        state.apply(A.REFUSE)


def test_discard_onto_either_pile(table: Table) -> None:
    state = table(draw="12", piles=("3", "4"))
    play(state, A.DRAW, A.REFUSE)
    assert set(state.legal_actions()) == {A.discard(0), A.discard(1)}


def test_discard_must_go_onto_an_empty_pile(table: Table) -> None:
    state = table(layouts={0: "1 2 [3] [4] [5] [6] [7] [8] [9]"}, piles=("3", "4"))
    play(state, A.take(1), A.keep(0))
    assert state.discard_piles[1] == []
    assert state.legal_actions() == (A.discard(1),)
    with pytest.raises(IllegalActionError, match="empty pile"):
        state.apply(A.discard(0))


def test_empty_draw_pile_is_rebuilt_from_discards_except_their_tops_ours(table: Table) -> None:
    state = table(draw="", piles=("1 2 3", "4 5 6"))
    state.draw_pile = []
    state._legal = None
    events = play(state, A.DRAW)
    rebuilt = of_type(events, E.DrawPileRebuilt)
    assert rebuilt == [E.DrawPileRebuilt(4)]
    assert state.discard_piles == [[Card.P3], [Card.P6]]
    assert len(state.draw_pile) == 3
    assert sorted([*state.draw_pile, state.held]) == [Card.P1, Card.P2, Card.P4, Card.P5]


# ---------------------------------------------------------------- bouncing


def test_bounce_when_replaced_card_matches_the_card_just_placed(table: Table) -> None:
    state = table(layouts={0: "[7] [2] [3] [4] [5] [6] [8] [9] [10]"}, draw="7")
    play(state, A.DRAW, A.keep(8))  # the 10 is lifted out; no match
    assert state.phase is Phase.DISCARD
    state = table(layouts={0: "[7] [2] [3] [4] [5] [6] [8] [9] [10]"}, draw="7")
    play(state, A.DRAW, A.keep(1))  # the 2: no
    state = table(layouts={0: "[1] [2] [3] [4] [5] [6] [8] [9] [7]"}, draw="7")
    play(state, A.DRAW, A.keep(8))
    assert state.phase is Phase.BOUNCE and state.held is Card.P7
    assert A.bounce(8) not in state.legal_actions()
    assert A.STOP in state.legal_actions()


def test_bounce_when_replaced_card_matches_another_face_up_card(table: Table) -> None:
    state = table(layouts={0: "4 [2] [3] [1] [5] [6] [8] [9] [10]"}, draw="11")
    state.layouts[0][5] = Card.P4
    play(state, A.DRAW, A.keep(5))
    assert state.phase is Phase.BOUNCE and state.held is Card.P4


def test_bounce_chain_continues_and_each_landing_is_filled(table: Table) -> None:
    state = table(layouts={0: "[5] [5] [5] [1] [2] [3] [6] [8] [9]"}, draw="5")
    play(state, A.DRAW, A.keep(0))  # lifts a 5: matches the placed 5
    assert state.phase is Phase.BOUNCE
    events = play(state, A.bounce(1))  # lifts another 5
    assert of_type(events, E.Bounced) == [E.Bounced(0, 0, 1, Card.P5, Card.P5, False)]
    assert state.phase is Phase.BOUNCE
    play(state, A.bounce(2))
    assert state.phase is Phase.BOUNCE and state.held is Card.P5
    assert not {A.bounce(0), A.bounce(1), A.bounce(2)} & set(state.legal_actions())
    play(state, A.bounce(6))  # lifts the 6: no match, the chain ends
    assert state.phase is Phase.DISCARD and state.held is Card.P6
    assert state.layouts[0][:3] == [Card.P5] * 3


def test_bounce_may_not_land_on_a_position_filled_this_turn_ours(table: Table) -> None:
    state = table(layouts={0: "[3] [3] [1] [2] [4] [6] [8] [9] [10]"}, draw="3")
    play(state, A.DRAW, A.keep(0))
    with pytest.raises(IllegalActionError, match="already filled this turn"):
        state.apply(A.bounce(0))


def test_stop_bouncing_discards_the_card(table: Table) -> None:
    state = table(layouts={0: "[3] [1] [2] [4] [5] [6] [8] [9] [10]"}, draw="3")
    play(state, A.DRAW, A.keep(0), A.STOP)
    assert state.phase is Phase.DISCARD and state.held is Card.P3


def test_no_bounce_when_the_replaced_card_was_face_up(table: Table) -> None:
    state = table(layouts={0: "3 [1] [2] [4] [5] [6] [8] [9] [10]"}, draw="3")
    play(state, A.DRAW, A.keep(0))
    assert state.phase is Phase.DISCARD


def test_no_bounce_when_the_replaced_card_does_not_match(table: Table) -> None:
    state = table(layouts={0: "[4] [1] [2] [3] [5] [6] [8] [9] [10]"}, draw="3")
    play(state, A.DRAW, A.keep(0))
    assert state.phase is Phase.DISCARD


@pytest.mark.parametrize("lifted", ["-3", "M", "H"])
def test_negative_mulligan_and_hazard_never_bounce(table: Table, lifted: str) -> None:
    state = table(layouts={0: f"[{lifted}] -3 M [3] [5] [6] [8] [9] [10]"}, draw="-3")
    state.apply(A.DRAW)
    state.apply(A.keep(0))
    assert state.phase is not Phase.BOUNCE


def test_mulligan_does_not_count_as_a_match_for_bouncing_ours(table: Table) -> None:
    state = table(layouts={0: "[6] M [1] [2] [3] [4] [5] [7] [8]"}, draw="9")
    play(state, A.DRAW, A.keep(0))
    assert state.phase is Phase.DISCARD


# ---------------------------------------------------------------- mulligans


def test_may_not_keep_a_mulligan_while_another_is_face_up(table: Table) -> None:
    state = table(layouts={0: "M [1] [2] [3] [4] [5] [6] [7] [8]"}, draw="M")
    state.apply(A.DRAW)
    assert set(state.legal_actions()) == {A.keep(0), A.REFUSE}
    with pytest.raises(IllegalActionError, match="second mulligan"):
        state.apply(A.keep(3))


def test_taking_a_mulligan_is_refused_when_it_could_not_be_kept(table: Table) -> None:
    state = table(layouts={0: "M M [2] [3] [4] [5] [6] [7] [8]"}, piles=("M", "4"))
    assert A.take(0) not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="mulligan"):
        state.apply(A.take(0))


def test_second_mulligan_can_appear_by_a_hazard_turn(table: Table) -> None:
    state = table(
        layouts={0: "[H] [1] [2] [3] [4] [5] [6] [7] [8]", 1: "M [M] [2] [3] [4] [5] [6] [7] [8]"},
        draw="9",
    )
    play(state, A.DRAW, A.keep(0))
    assert state.current_seat() == 1 and state.phase is Phase.HAZARD_TURN
    play(state, A.turn(1))
    assert state.layouts[1][:2] == [Card.MULLIGAN, Card.MULLIGAN]
    assert state.face_up[1][:2] == [True, True]


# ---------------------------------------------------------------- hazards


def test_discarded_hazard_is_removed_and_others_may_turn_a_card_in_seat_order(
    table: Table,
) -> None:
    layouts = {s: "[1] [2] [3] [4] [5] [6] [7] [8] [9]" for s in range(4)}
    state = table(n_seats=4, layouts=layouts, draw="H", turn_seat=1)
    events = play(state, A.DRAW, A.REFUSE)
    assert E.HazardRemoved(1, E.HazardReason.DISCARDED) in events
    assert state.removed_hazards == [Card.HAZARD]
    assert Card.HAZARD not in state.discard_piles[0] + state.discard_piles[1]
    order = []
    while state.phase is Phase.HAZARD_TURN:
        order.append(state.current_seat())
        events = play(state, A.turn(0))
        assert E.TurnedUp(order[-1], 0, Card.P1, TurnReason.HAZARD) in events
    assert order == [2, 3, 0]
    assert state.phase is Phase.DRAW and state.current_seat() == 2


def test_hazard_replaced_out_of_a_layout_is_removed_too(table: Table) -> None:
    state = table(layouts={0: "H [1] [2] [3] [4] [5] [6] [7] [8]"}, draw="1")
    events = play(state, A.DRAW, A.keep(0))
    assert of_type(events, E.HazardRemoved)
    assert state.phase is Phase.HAZARD_TURN and state.current_seat() == 1


def test_declining_the_hazard_turn_is_allowed_ours(table: Table) -> None:
    state = table(draw="H")
    play(state, A.DRAW, A.REFUSE)
    events = play(state, A.DECLINE)
    assert E.HazardTurnDeclined(1) in events
    assert state.phase is Phase.DRAW


def test_last_face_down_card_is_never_turned_by_a_hazard(table: Table) -> None:
    state = table(
        n_seats=3,
        layouts={1: "1 2 3 4 5 6 7 8 [9]", 2: "1 2 3 4 5 6 7 [8] [9]"},
        draw="H",
    )
    play(state, A.DRAW, A.REFUSE)
    assert state.current_seat() == 2  # seat 1 is skipped
    assert A.turn(8) in state.legal_actions()


def test_keeping_a_hazard_is_legal_and_scores_ten(table: Table) -> None:
    state = table(draw="H")
    play(state, A.DRAW, A.keep(4))
    assert state.layouts[0][4] is Card.HAZARD


# ---------------------------------------------------------------- ending a round


def test_turning_the_last_card_triggers_the_endgame_one_more_turn_each(table: Table) -> None:
    state = table(
        n_seats=3,
        layouts={0: "1 2 3 4 5 6 7 8 [9]"},
        draw="12 12 12 11",
    )
    events = play(state, A.DRAW, A.keep(8), A.discard(0))
    assert E.EndgameTriggered(0) in events
    assert state.went_out_first == 0
    play(state, A.DRAW, A.REFUSE, A.discard(0))  # seat 1's last turn
    assert state.round_index == 0
    events = play(state, A.DRAW, A.REFUSE, A.discard(0))  # seat 2's last turn
    scored = of_type(events, E.RoundScored)
    assert len(scored) == 1 and scored[0].result.went_out_first == 0
    assert state.round_index == 1


def test_round_end_turns_up_every_face_down_card_where_it_lies(table: Table) -> None:
    state = table(layouts={0: "1 2 3 4 5 6 7 8 [9]", 1: "[12] 2 3 4 5 6 7 8 9"}, draw="12 11")
    play(state, A.DRAW, A.keep(8), A.discard(0))
    events = play(state, A.DRAW, A.REFUSE, A.discard(0))
    reveal = [e for e in of_type(events, E.TurnedUp) if e.reason is TurnReason.ROUND_END]
    assert E.TurnedUp(1, 0, Card.P12, TurnReason.ROUND_END) in reveal
    result = of_type(events, E.RoundScored)[0].result
    assert result.seats[1].layout.cards[0] is Card.P12


def test_went_out_first_lowest_gets_minus_five_in_the_round(table: Table) -> None:
    state = table(layouts={0: "1 1 1 1 1 1 1 1 [2]", 1: "12 12 11 10 9 8 7 6 [5]"}, draw="1 1")
    play(state, A.DRAW, A.keep(8), A.discard(0), A.DRAW, A.REFUSE, A.discard(0))
    result = state.round_results[0]
    assert result.seats[0].adjustment == -5
    assert result.seats[0].total == 6 * -1 - 5  # three rows and three columns of 1s


def test_went_out_first_not_lowest_gets_plus_five(table: Table) -> None:
    state = table(layouts={0: "12 11 10 9 8 7 6 5 [4]", 1: "1 1 1 1 1 1 1 1 [1]"}, draw="1 3")
    play(state, A.DRAW, A.keep(8), A.discard(0), A.DRAW, A.REFUSE, A.discard(0))
    assert state.round_results[0].seats[0].adjustment == 5


def test_round_ends_after_thirty_turns_each_without_anyone_going_out_ours(table: Table) -> None:
    layout = "1 2 [3] [4] [5] [6] [7] [8] [9]"
    state = table(n_seats=2, layouts={0: layout, 1: layout})
    turns = 0
    while state.round_index == 0:
        # take and keep on a face-up card: nobody ever goes out
        seat = state.current_seat()
        position = state.face_up[seat].index(True)
        events = play(state, A.take(0), A.keep(position), A.discard(0))
        turns += 1
    assert turns == TURN_LIMIT * 2
    result = state.round_results[0]
    assert result.ended_by_turn_limit and result.went_out_first is None
    assert all(s.adjustment == 0 for s in result.seats)
    assert of_type(events, E.RoundScored)


def test_three_rounds_then_game_over() -> None:
    import random

    rng = random.Random(0)
    state = GameState.new(4, seed=11)
    game_over = []
    while not state.is_over():
        game_over += of_type(state.apply(rng.choice(state.legal_actions())), E.GameOver)
    assert len(state.round_results) == 3 and len(game_over) == 1
    assert game_over[0].result.totals == tuple(state.totals())
    assert state.legal_actions() == () and state.current_seat() == -1
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(A.DRAW)


# ---------------------------------------------------------------- cases RULES.md leaves open
# (decided in docs/rules.md)


def test_keeping_a_mulligan_onto_the_face_up_mulligan_is_allowed(table: Table) -> None:
    state = table(layouts={0: "M [1] [2] [3] [4] [5] [6] [7] [8]"}, draw="M")
    play(state, A.DRAW, A.keep(0))
    assert state.layouts[0][0] is Card.MULLIGAN
    assert state.phase is Phase.DISCARD and state.held is Card.MULLIGAN


def test_a_bounce_chain_with_every_position_filled_ends(table: Table) -> None:
    # every keep and bounce lands on a face-down matching 2; the ninth lift has nowhere to go
    state = table(layouts={0: "[2] [2] [2] [2] [2] [2] [2] [2] [2]"}, draw="2")
    play(state, A.DRAW, A.keep(0))
    for position in range(1, 9):
        assert state.phase is Phase.BOUNCE
        play(state, A.bounce(position))
    assert state.phase is Phase.DISCARD and state.held is Card.P2


def test_the_endgame_is_triggered_at_the_end_of_the_going_out_turn(table: Table) -> None:
    state = table(n_seats=3, layouts={0: "1 2 3 4 5 6 7 8 [12]"}, draw="12 11")
    events = play(state, A.DRAW, A.keep(8))
    assert not of_type(events, E.EndgameTriggered)
    events = play(state, A.discard(0))
    assert of_type(events, E.EndgameTriggered) == [E.EndgameTriggered(0)]


def test_final_turns_are_played_even_past_the_turn_limit(table: Table) -> None:
    layout = "1 2 [3] [4] [5] [6] [7] [8] [9]"
    state = table(n_seats=2, layouts={0: layout, 1: layout})
    state.turns_taken = TURN_LIMIT * 2 - 1  # seat 0 is about to take the last turn
    state.layouts[0] = [Card.P1] * 8 + [Card.P12]
    state.face_up[0] = [True] * 8 + [False]
    state.face_down_count[0] = 1
    state.draw_pile.append(Card.P2)
    state._legal = None
    play(state, A.DRAW, A.keep(8), A.discard(0))
    assert state.went_out_first == 0 and state.round_index == 0
    play(state, A.take(0), A.keep(0), A.discard(0))
    assert state.round_index == 1
    assert not state.round_results[0].ended_by_turn_limit


def test_the_deal_goes_round_the_table_from_the_starter() -> None:
    _state, events = GameState.start(3, seed=6, first_seat=2)
    dealt = of_type(events, E.Dealt)
    assert [(e.seat, e.position) for e in dealt[:4]] == [(2, 0), (0, 0), (1, 0), (2, 1)]


def test_hazard_turns_skip_players_with_one_face_down_card_and_end_the_turn(table: Table) -> None:
    state = table(n_seats=2, layouts={1: "1 2 3 4 5 6 7 8 [9]"}, draw="H")
    events = play(state, A.DRAW, A.REFUSE)
    assert of_type(events, E.TurnEnded) == [E.TurnEnded(0)]
    assert state.phase is Phase.DRAW and state.current_seat() == 1
