"""A hosted game saved and opened again: the table waits for the people whose seats
it kept, a token gives back only its own seat, the host may let a gnome play a
seat, and the host's autosave and statistics (no sockets here)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gnoming.net import protocol as P
from gnoming.net.hostsave import (
    HostKeeper,
    continued_table,
    is_hosted_save,
    table_extra,
    table_record,
)
from gnoming.rules import GameState
from gnoming.server.table import Joined, KeptSeat, Refused, Table
from gnoming.store.saves import has_saved_game, load_saved_game, save_game
from gnoming.store.stats import load_stats

from .helpers import FakeLink, full_table, hello, token_of
from .test_table import play_to_the_end


def play_some(table: Table, links: list[FakeLink], actions: int) -> None:
    """Play ``actions`` decisions of the game (friends and gnomes alike)."""
    from gnoming.server.app import decide

    from .test_table import decide_for

    for _ in range(actions):
        turn = table.gnome_turn()
        if turn is not None:
            assert table.play_gnome(turn, decide(turn))
            continue
        assert table.state is not None and not table.finished
        seat = table.state.current_seat()
        assert table.act(seat, table.seq, decide_for(table, seat)) is None


def saved_and_continued(table: Table, host_seat: int = 0) -> Table:
    """What the host's autosave keeps of ``table``, opened again as a new table."""
    assert table.state is not None
    record = table_record(table, host_seat)
    state = record.replay()
    extra = json.loads(json.dumps(table_extra(table, host_seat)))
    from gnoming.store.saves import SavedGame

    continued = continued_table(SavedGame(record, state, extra, ""))
    again = Table(continued.code, P.TableSpec(seats=len(continued.seats), gnomes=0), 0)
    again.continue_game(continued.state, continued.seats)
    return again


def test_a_continued_table_waits_for_each_kept_seat_and_carries_on_where_it_stopped():
    table, links = full_table(seats=3, gnomes=1)
    tokens = [token_of(link) for link in links]
    play_some(table, links, 25)
    assert table.state is not None
    history = list(table.state.history)
    again = saved_and_continued(table)
    assert not again.started and again.open_seats() == 2
    assert [s.status for s in again.seats] == [P.SeatStatus.RECONNECTING, P.SeatStatus.RECONNECTING, P.SeatStatus.GNOME_CONTROLLED]
    host, friend = FakeLink(), FakeLink()
    assert again.join(host, hello("Ada", token=tokens[0]), 0.0) == Joined(0)
    assert not again.started, "the friend's seat still waits"
    assert again.join(friend, hello("Tove", token=tokens[1]), 0.0) == Joined(1)
    assert again.started and again.state is not None
    assert list(again.state.history) == history
    update = next(m for m in friend.messages() if isinstance(m, P.Update))
    assert update.resync and update.seq == again.seq
    play_to_the_end(again, [host, friend])
    assert again.finished


def test_a_newcomer_cannot_take_a_kept_seat_and_a_token_gives_back_only_its_own():
    table, links = full_table(seats=3, gnomes=0)
    tokens = [token_of(link) for link in links]
    play_some(table, links, 10)
    again = saved_and_continued(table)
    stranger = FakeLink()
    refused = again.join(stranger, hello("Mallory"), 0.0)
    assert isinstance(refused, Refused) and refused.problem.error is P.ErrorCode.TABLE_FULL
    wrong = again.join(FakeLink(), hello("Mallory", token="x" * 24), 0.0)
    assert isinstance(wrong, Refused) and wrong.counts_as_attempt
    for index in (2, 0, 1):
        assert again.join(FakeLink(), hello("Someone", token=tokens[index]), 0.0) == Joined(index)
    assert again.started


def test_the_host_lets_a_gnome_play_a_kept_seat_and_the_friend_takes_it_back_later():
    table, links = full_table(seats=3, gnomes=0)
    tokens = [token_of(link) for link in links]
    play_some(table, links, 10)
    again = saved_and_continued(table)
    host = FakeLink()
    again.join(host, hello("Ada", token=tokens[0]), 0.0)
    again.join(FakeLink(), hello("Tove", token=tokens[1]), 0.0)
    name = again.seats[2].name
    assert again.seat_gnome(2, "Pip Mossbottom", P.Difficulty.EASY)
    assert again.started
    seat = again.seats[2]
    assert seat.kind is P.SeatKind.PERSON and seat.status is P.SeatStatus.GNOME_CONTROLLED
    assert seat.name == name and seat.token == tokens[2]
    assert again.join(FakeLink(), hello("Ilmar", token=tokens[2]), 1.0) == Joined(2)
    assert again.seats[2].status is P.SeatStatus.CONNECTED


def test_a_friend_who_leaves_the_continued_lobby_keeps_the_seat():
    table, links = full_table(seats=2, gnomes=0)
    tokens = [token_of(link) for link in links]
    play_some(table, links, 4)
    again = saved_and_continued(table)
    friend = FakeLink()
    again.join(friend, hello("Tove", token=tokens[1]), 0.0)
    again.leave(1, friend, 1.0)
    assert again.seats[1].status is P.SeatStatus.RECONNECTING and again.seats[1].token == tokens[1]
    assert again.join(FakeLink(), hello("Tove", token=tokens[1]), 2.0) == Joined(1)


def test_a_seat_a_gnome_played_when_saved_does_not_hold_up_the_continued_game():
    table, links = full_table(seats=3, gnomes=0)
    tokens = [token_of(link) for link in links]
    play_some(table, links, 6)
    table.leave(2, links[2], 0.0)
    table.give_to_gnome(2)
    again = saved_and_continued(table)
    assert again.seats[2].status is P.SeatStatus.GNOME_CONTROLLED
    again.join(FakeLink(), hello("Ada", token=tokens[0]), 0.0)
    again.join(FakeLink(), hello("Tove", token=tokens[1]), 0.0)
    assert again.started


@pytest.mark.parametrize(
    "network",
    [
        None,
        {"code": "GN7K", "host_seat": 0, "seats": [{"token": None}, {"token": None}]},
        {"code": "GN7K", "host_seat": 5, "seats": [{"token": "a" * 24}, {"token": "b" * 24}]},
        {"code": "../x", "host_seat": 0, "seats": [{"token": "a" * 24}, {"token": "b" * 24}]},
        {"code": "GN7K", "host_seat": 0, "seats": [{"token": "a" * 24}, {"token": "a" * 24}]},
        {"code": "GN7K", "host_seat": 0, "seats": [{"token": "a" * 24}]},
        {"code": "GN7K", "host_seat": 0, "seats": [{"token": "a b"}, {"token": "b" * 24}]},
    ],
)
def test_a_damaged_network_part_of_the_autosave_is_refused(network):
    from gnoming.rules import GameRecord
    from gnoming.store.saves import SavedGame

    state = GameState.new(2, seed=3)
    record = GameRecord.of(state, ({"kind": "person", "name": "Ada"}, {"kind": "friend", "name": "Tove"}))
    saved = SavedGame(record, state, {"network": network}, "")
    assert is_hosted_save(saved)
    with pytest.raises(ValueError):
        continued_table(saved)


def test_the_keeper_saves_the_hosted_game_and_at_the_end_counts_it_once_and_clears_it(tmp_path: Path):
    table, links = full_table(seats=3, gnomes=1)
    keeper = HostKeeper(tmp_path, host_seat=0)
    play_some(table, links, 12)
    keeper.changed(table)
    keeper.close()
    saved, messages = load_saved_game(tmp_path)
    assert saved is not None and messages == []
    assert is_hosted_save(saved)
    assert [s.get("kind") for s in saved.record.seats] == ["person", "friend", "gnome"]
    assert table.state is not None and saved.state.history == table.state.history
    continued = continued_table(saved)
    assert continued.host_token == token_of(links[0]) and continued.code == table.code

    keeper = HostKeeper(tmp_path, host_seat=0)
    play_to_the_end(table, links)
    keeper.changed(table)
    keeper.changed(table)
    keeper.close()
    assert not has_saved_game(tmp_path)
    stats, _messages = load_stats(tmp_path)
    assert stats.games_played == 1 and stats.recent[-1].person_seats == (0,)


def test_a_hosted_save_that_had_already_ended_is_counted_once_when_loaded(tmp_path: Path):
    table, links = full_table(seats=2, gnomes=0)
    play_to_the_end(table, links)
    keeper = HostKeeper(tmp_path, host_seat=0)
    keeper.changed(table)
    keeper.close()
    save_game(tmp_path, table_record(table, 0), table_extra(table, 0))  # a stop before the clear
    saved, _messages = load_saved_game(tmp_path)
    assert saved is None and not has_saved_game(tmp_path)
    stats, _messages = load_stats(tmp_path)
    assert stats.games_played == 1


def test_a_finished_game_cannot_be_continued():
    table, links = full_table(seats=2, gnomes=0)
    play_to_the_end(table, links)
    assert table.state is not None
    again = Table("GNMK", P.TableSpec(seats=2, gnomes=0), 0)
    seats = [KeptSeat(P.SeatKind.PERSON, "Ada", P.Difficulty.EASY, "a" * 24), KeptSeat(P.SeatKind.PERSON, "Tove", P.Difficulty.EASY, "b" * 24)]
    with pytest.raises(ValueError):
        again.continue_game(table.state, seats)


def test_the_server_tells_the_hosts_autosave_about_every_move_the_gnomes_make_too():
    import asyncio

    from gnoming.server.app import ServerConfig, TableServer

    from .netplay import Player

    async def game() -> tuple[list[int], list[int]]:
        seen: list[int] = []
        server = TableServer(ServerConfig(port=0), on_change=lambda table: seen.append(table.seq))
        host, port = await server.start()
        try:
            server.open_table("GNMK", P.TableSpec(seats=2, gnomes=1), 3)
            player = Player(f"ws://{host}:{port}", "GNMK", "Ada")
            await player.play()
        finally:
            await server.stop()
        return seen, [u.seq for u in player.updates()]

    seen, updates = asyncio.run(game())
    assert set(updates) <= set(seen), sorted(set(updates) - set(seen))[:10]
