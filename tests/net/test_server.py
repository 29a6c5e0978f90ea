"""The server over real WebSockets on 127.0.0.1, in this process: friends, gnomes, hostile clients."""

from __future__ import annotations

import asyncio
import json
import os

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from gnoming.net import protocol as P
from gnoming.server.app import ServerConfig

from .netplay import Player, running_server, spec

HOSTILE = ServerConfig(port=0, reconnect_seconds=0.3, hello_seconds=2.0, gnome_delay=0.02)
"""Gnomes wait a little, so that the game is still on while the hostile seat tries things."""


def run(coro: object) -> None:
    asyncio.run(asyncio.wait_for(coro, 60))  # type: ignore[arg-type]


async def say_hello(ws: ClientConnection, code: str = "HSTL", name: str = "Mallory", token: str | None = None) -> None:
    await ws.send(P.encode(P.Hello(version=P.PROTOCOL_VERSION, code=code, name=name, token=token)), text=True)


async def receive_until_closed(ws: ClientConnection, limit: int = 2000) -> list[P.ServerMessage]:
    """Everything the server sends until it closes the connection (decoded: it must decode)."""
    got: list[P.ServerMessage] = []
    try:
        for _ in range(limit):
            got.append(P.decode_server(await asyncio.wait_for(ws.recv(), 10)))
    except ConnectionClosed:
        return got
    raise AssertionError("the server did not close the connection")


async def receive_until(ws: ClientConnection, kind: type, limit: int = 200) -> list[P.ServerMessage]:
    got: list[P.ServerMessage] = []
    for _ in range(limit):
        message = P.decode_server(await asyncio.wait_for(ws.recv(), 10))
        got.append(message)
        if isinstance(message, kind):
            return got
    raise AssertionError(f"no {kind.__name__} came")


def problem_codes(messages: list[P.ServerMessage]) -> list[P.ErrorCode]:
    return [m.error for m in messages if isinstance(m, P.Problem)]


def test_two_friends_and_two_gnomes_play_a_whole_game_over_websockets():
    async def scenario() -> None:
        async with running_server(ServerConfig(port=0)) as (server, url):
            table = server.open_table("FRND", spec(4, 2), seed=9)
            players = [Player(url, "FRND", name) for name in ("Ada", "Bo")]
            views = await asyncio.gather(*(p.play() for p in players))
            result = table.result()
            assert result is not None
            for player, view in zip(players, views, strict=True):
                assert view.result is not None and view.result.totals == result.totals
                assert view.game_result() == result  # rescored from the rounds it saw
                assert player.problems() == []
                assert [u.seq for u in player.updates()] == list(range(table.seq + 1))
            assert {v.seat for v in views} == {0, 1}

    run(scenario())


async def strangers_attack(url: str) -> None:
    """Connections that never sit down: each is closed, and says why when it can."""
    async with connect(url) as ws:  # random bytes in a binary frame
        await ws.send(os.urandom(300))
        got = await receive_until_closed(ws)
        assert problem_codes(got) == [P.ErrorCode.BAD_MESSAGE]
    async with connect(url, max_size=None) as ws:  # a frame over 64 KB
        await ws.send("x" * (P.MAX_MESSAGE_BYTES + 10))
        await receive_until_closed(ws)
        assert ws.close_code == 1009
    async with connect(url) as ws:  # JSON of the wrong types
        await ws.send(json.dumps({"type": "hello", "version": "1", "code": 1234, "name": ["x"]}))
        assert problem_codes(await receive_until_closed(ws)) == [P.ErrorCode.BAD_MESSAGE]
    async with connect(url) as ws:  # a made-up token
        await say_hello(ws, token="A" * 24)
        assert problem_codes(await receive_until_closed(ws)) == [P.ErrorCode.BAD_TOKEN]
    async with connect(url) as ws:  # a code nobody opened
        await say_hello(ws, code="ZZZZ")
        assert problem_codes(await receive_until_closed(ws)) == [P.ErrorCode.UNKNOWN_TABLE]
    async with connect(url) as ws:  # an action before joining
        await ws.send(P.encode(P.Act(seq=0, action="draw")), text=True)
        assert problem_codes(await receive_until_closed(ws)) == [P.ErrorCode.NOT_JOINED]


@pytest.mark.slow
def test_hostile_clients_and_a_hostile_seat_do_not_disturb_the_table():
    async def scenario() -> None:
        async with running_server(HOSTILE) as (server, url):
            table = server.open_table("HSTL", spec(4, 1), seed=3)
            await strangers_attack(url)
            players = [Player(url, "HSTL", name) for name in ("Ada", "Bo")]
            games = [asyncio.create_task(p.play()) for p in players]
            while table.open_seats() > 1:
                await asyncio.sleep(0.01)

            mallory = await connect(url)
            await say_hello(mallory)
            joined = await receive_until(mallory, P.Update)
            welcome = joined[0]
            assert isinstance(welcome, P.Welcome) and welcome.seat == 2
            # acting for the table while another seat decides: refused, nothing changes
            await mallory.send(P.encode(P.Act(seq=0, action="flip 4")), text=True)
            refused = await receive_until(mallory, P.Problem)
            assert problem_codes(refused) in ([P.ErrorCode.NOT_YOUR_TURN], [P.ErrorCode.STALE])
            assert 2 not in [s for s in range(4) if table.state and table.state.face_up[2][4]]
            # a burst of 1,000 messages in well under a second: dropped, then the connection closed
            for _ in range(1000):
                await mallory.send(P.encode(P.Emote(emote=P.EmoteId.WOW)), text=True)
            got = await receive_until_closed(mallory)
            assert P.ErrorCode.RATE_LIMITED in problem_codes(got)
            # the token replayed on a new connection takes the seat back ...
            again = await connect(url)
            await say_hello(again, token=welcome.token)
            back = await receive_until(again, P.Update)
            assert isinstance(back[0], P.Welcome) and back[0].seat == 2
            update = back[-1]
            assert isinstance(update, P.Update) and update.resync
            # ... and a frame of garbage closes only that connection
            await again.send(b"\x00\xff" * 100)
            assert P.ErrorCode.BAD_MESSAGE in problem_codes(await receive_until_closed(again))

            views = await asyncio.gather(*games)
            result = table.result()
            assert result is not None
            for player, view in zip(players, views, strict=True):
                assert view.result is not None and view.result.totals == result.totals
                assert player.problems() == []  # nobody else was told anything went wrong
                assert [u.seq for u in player.updates()] == list(range(table.seq + 1))
                assert {c.seat.seat for c in player.seat_changes()} == {2}

    run(scenario())


def test_too_many_wrong_codes_lock_the_address_out_for_a_while():
    async def scenario() -> None:
        config = ServerConfig(port=0, join_attempts=3)
        async with running_server(config) as (server, url):
            server.open_table("GNMK", spec(2, 1), seed=1)
            for code in ("AAAA", "BBBB", "CCCC"):
                async with connect(url) as ws:
                    await say_hello(ws, code=code)
                    assert problem_codes(await receive_until_closed(ws)) == [P.ErrorCode.UNKNOWN_TABLE]
            async with connect(url) as ws:
                await say_hello(ws, code="GNMK")  # the right code, too late
                assert problem_codes(await receive_until_closed(ws)) == [P.ErrorCode.TOO_MANY_ATTEMPTS]

    run(scenario())


def test_a_connection_that_never_says_hello_is_closed():
    async def scenario() -> None:
        config = ServerConfig(port=0, hello_seconds=0.2)
        async with running_server(config) as (_, url), connect(url) as ws:
            assert await receive_until_closed(ws) == []

    run(scenario())


def test_the_first_friend_with_a_new_code_opens_the_table():
    async def scenario() -> None:
        async with running_server(ServerConfig(port=0)) as (server, url), connect(url) as ws:
            create = P.TableSpec(seats=3, gnomes=1)
            hello = P.Hello(version=P.PROTOCOL_VERSION, code="NEWT", name="Ada", create=create)
            await ws.send(P.encode(hello), text=True)
            got = await receive_until(ws, P.Lobby)
            assert isinstance(got[0], P.Welcome) and got[0].seat == 0
            assert "NEWT" in server.tables
            lobby = got[-1]
            assert isinstance(lobby, P.Lobby) and lobby.open_seats == 1

    run(scenario())


def test_stopping_the_server_tells_the_friends_the_server_stopped():
    async def scenario() -> None:
        async with running_server(ServerConfig(port=0)) as (server, url):
            server.open_table("BYEB", spec(3, 1), seed=1)
            async with connect(url) as ws:
                await say_hello(ws, code="BYEB")
                await receive_until(ws, P.Lobby)
                await server.stop()
                got = await receive_until_closed(ws)
                closing = got[-1]
                assert isinstance(closing, P.Closing) and closing.reason is P.CloseReason.SERVER_STOPPED

    run(scenario())
