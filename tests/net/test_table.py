"""One table on the server, driven without sockets: seats, tokens, turns, faults."""

from __future__ import annotations

from gnoming.net import protocol as P
from gnoming.rules import Action, observe
from gnoming.server.app import decide
from gnoming.server.table import Joined, Refused, Table

from .helpers import FakeLink, full_table, hello, token_of


def play_to_the_end(table: Table, links: list[FakeLink], limit: int = 5000) -> None:
    """Friends and gnomes play (friends through :meth:`Table.act`, as the server would)."""
    for _ in range(limit):
        if table.finished:
            return
        turn = table.gnome_turn()
        if turn is not None:
            assert table.play_gnome(turn, decide(turn))
            continue
        assert table.state is not None
        seat = table.state.current_seat()
        action = decide_for(table, seat)
        assert table.act(seat, table.seq, action) is None
    raise AssertionError("the game did not end")


def decide_for(table: Table, seat: int) -> Action:
    from gnoming.ai import make_bot

    assert table.state is not None
    return make_bot("easy", table.seq).choose(observe(table.state, seat), table.state.legal_actions())


def test_friends_fill_the_seats_in_order_and_the_game_starts_when_the_last_sits_down():
    table = Table("GNMK", P.TableSpec(seats=3, gnomes=1), seed=1)
    first, second = FakeLink(), FakeLink()
    assert isinstance(table.join(first, hello("Ada"), 0.0), Joined)
    lobby = first.take()
    assert isinstance(lobby[0], P.Welcome) and lobby[0].seat == 0
    assert isinstance(lobby[-1], P.Lobby) and lobby[-1].open_seats == 1
    assert not table.started
    assert isinstance(table.join(second, hello("Bo"), 0.0), Joined)
    assert table.started
    got = second.messages()
    assert [type(m) for m in got] == [P.Welcome, P.Lobby, P.Update]
    assert isinstance(got[-1], P.Update) and got[-1].seq == 0
    assert [s.kind for s in table.seat_infos()] == [P.SeatKind.PERSON, P.SeatKind.PERSON, P.SeatKind.GNOME]


def test_a_full_table_refuses_one_more_friend():
    table, _ = full_table(seats=2, gnomes=0)
    outcome = table.join(FakeLink(), hello("Late"), 0.0)
    assert isinstance(outcome, Refused) and outcome.problem.error is P.ErrorCode.TABLE_FULL


def test_a_client_of_another_version_is_refused():
    table = Table("GNMK", P.TableSpec(seats=2), seed=1)
    outcome = table.join(FakeLink(), P.Hello(version=99, code="GNMK", name="Old"), 0.0)
    assert isinstance(outcome, Refused) and outcome.problem.error is P.ErrorCode.VERSION


def test_a_seat_may_not_act_for_another_seat_and_nothing_changes():
    table, links = full_table()
    assert table.state is not None
    current = table.state.current_seat()
    other = (current + 1) % 3
    before = list(table.state.history)
    for link in links:
        link.sent.clear()
    problem = table.act(other, table.seq, table.state.legal_actions()[0])
    assert problem is not None and problem.error is P.ErrorCode.NOT_YOUR_TURN
    assert table.state.history == before
    assert all(not link.sent for link in links)


def test_an_action_for_an_older_update_is_stale_and_an_illegal_one_says_why():
    table, _ = full_table()
    assert table.state is not None
    seat = table.state.current_seat()
    stale = table.act(seat, table.seq + 1, table.state.legal_actions()[0])
    assert stale is not None and stale.error is P.ErrorCode.STALE
    illegal = table.act(seat, table.seq, Action.parse("discard A"))
    assert illegal is not None and illegal.error is P.ErrorCode.ILLEGAL
    assert "first turn two of your own cards" in illegal.message


def test_a_dropped_friend_is_reconnecting_then_a_gnome_plays_then_they_take_the_seat_back():
    table, links = full_table(reconnect=10.0)
    assert table.state is not None
    seat = table.state.current_seat()
    token = token_of(links[seat])
    table.leave(seat, links[seat], now=100.0)
    assert table.seats[seat].status is P.SeatStatus.RECONNECTING
    assert table.gnome_turn() is None  # their turn waits for them
    assert table.next_deadline() == 110.0
    table.tick(109.9)
    assert table.seats[seat].status is P.SeatStatus.RECONNECTING
    table.tick(110.0)
    assert table.seats[seat].status is P.SeatStatus.GNOME_CONTROLLED
    turn = table.gnome_turn()
    assert turn is not None and turn.seat == seat
    assert table.play_gnome(turn, decide(turn))
    others = [link for i, link in enumerate(links) if i != seat]
    assert any(isinstance(m, P.SeatChanged) and m.seat.status is P.SeatStatus.GNOME_CONTROLLED for m in others[0].messages())

    back = FakeLink()
    outcome = table.join(back, hello(token=token), now=120.0)
    assert isinstance(outcome, Joined) and outcome.seat == seat
    assert table.seats[seat].status is P.SeatStatus.CONNECTED
    got = back.messages()
    assert isinstance(got[0], P.Welcome) and got[0].seat == seat
    assert isinstance(got[1], P.Update) and got[1].resync and got[1].seq == table.seq


def test_a_gnome_decision_is_dropped_when_its_friend_came_back_meanwhile():
    table, links = full_table(reconnect=0.0)
    assert table.state is not None
    seat = table.state.current_seat()
    token = token_of(links[seat])
    table.leave(seat, links[seat], now=1.0)
    turn = table.gnome_turn()
    assert turn is not None
    table.join(FakeLink(), hello(token=token), now=2.0)
    assert not table.play_gnome(turn, decide(turn))
    assert table.seq == turn.seq


def test_a_token_from_a_second_connection_takes_the_seat_over_and_closes_the_first():
    table, links = full_table()
    token = token_of(links[1])
    second = FakeLink()
    assert isinstance(table.join(second, hello(token=token), now=1.0), Joined)
    assert links[1].closed
    assert any(isinstance(m, P.Problem) and m.error is P.ErrorCode.TAKEN_OVER for m in links[1].messages())
    table.leave(1, links[1], now=2.0)  # the old connection closing changes nothing
    assert table.seats[1].status is P.SeatStatus.CONNECTED


def test_an_unknown_token_is_refused_and_counted_as_an_attempt():
    table, _ = full_table()
    outcome = table.join(FakeLink(), hello(token="x" * 24), now=1.0)
    assert isinstance(outcome, Refused)
    assert outcome.problem.error is P.ErrorCode.BAD_TOKEN and outcome.counts_as_attempt


def test_leaving_the_lobby_frees_the_seat_and_its_token():
    table = Table("GNMK", P.TableSpec(seats=3), seed=1)
    link = FakeLink()
    table.join(link, hello("Ada"), 0.0)
    token = token_of(link)
    table.leave(0, link, 1.0)
    assert table.open_seats() == 3
    assert isinstance(table.join(FakeLink(), hello(token=token), 2.0), Refused)


def test_a_whole_game_ends_with_the_same_result_for_every_friend():
    table, links = full_table(seats=4, gnomes=1)
    play_to_the_end(table, links)
    result = table.result()
    assert result is not None
    for link in links:
        got = [m for m in link.messages() if isinstance(m, P.Result)]
        assert len(got) == 1
        assert got[0].totals == result.totals and got[0].winners == result.winners
        updates = [m for m in link.messages() if isinstance(m, P.Update)]
        assert [u.seq for u in updates] == list(range(table.seq + 1))


def test_closing_the_table_tells_every_friend_why():
    table, links = full_table()
    table.close(P.CloseReason.HOST_QUIT, "the host closed the table")
    for link in links:
        last = link.messages()[-1]
        assert isinstance(last, P.Closing) and last.reason is P.CloseReason.HOST_QUIT
        assert link.closed
