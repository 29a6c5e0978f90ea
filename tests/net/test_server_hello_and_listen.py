"""A new table no one could sit at is refused in words; port 0 on several addresses is one port."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import socket

import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import Server

from gnoming.net import protocol as P
from gnoming.server.app import ServerConfig, TableServer

from .netplay import running_server
from .test_server import problem_codes, receive_until, receive_until_closed


def run(coro: object) -> None:
    asyncio.run(asyncio.wait_for(coro, 30))  # type: ignore[arg-type]


def create_hello(code: str, seats: int, gnomes: int) -> str:
    """Written out by hand: the encoder would not stop a client sending it."""
    create = {"seats": seats, "gnomes": gnomes}
    return json.dumps({"type": "hello", "version": P.PROTOCOL_VERSION, "code": code, "name": "x", "create": create})


def ipv6_loopback() -> bool:
    if not socket.has_ipv6:
        return False
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_STREAM) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


needs_ipv6 = pytest.mark.skipif(not ipv6_loopback(), reason="no IPv6 loopback here")

BOTH_LOOPBACKS = ["127.0.0.1", "::1"]
"""Two addresses, two sockets: what ``--bind ""`` makes (an IPv4 and an IPv6
socket), but on the loopbacks only, so the tests open no port beyond them.
The server hands ``host`` to asyncio, which takes a list of addresses too."""


@pytest.mark.parametrize("gnomes", [2, 5])
def test_a_new_table_with_no_seat_for_a_friend_is_refused_and_the_server_stays_up(gnomes: int):
    async def scenario() -> None:
        async with running_server(ServerConfig(port=0)) as (server, url):
            async with connect(url) as ws:
                await ws.send(create_hello("ZZZZ", seats=2, gnomes=gnomes), text=True)
                got = await receive_until_closed(ws)
            assert problem_codes(got) == [P.ErrorCode.BAD_MESSAGE]
            problem = got[0]
            assert isinstance(problem, P.Problem) and problem.fatal and "seat for a friend" in problem.message
            assert "ZZZZ" not in server.tables
            async with connect(url) as ws:  # the server still opens tables
                await ws.send(create_hello("ZZZZ", seats=2, gnomes=1), text=True)
                welcome = (await receive_until(ws, P.Welcome))[-1]
                assert isinstance(welcome, P.Welcome) and welcome.seat == 0

    run(scenario())


def ports_of(server: Server) -> set[int]:
    return {int(s.getsockname()[1]) for s in server.sockets}


async def sit_down(url: str, code: str) -> None:
    async with connect(url, open_timeout=5) as ws:
        await ws.send(create_hello(code, seats=3, gnomes=1), text=True)
        await receive_until(ws, P.Welcome)


@needs_ipv6
def test_port_zero_on_two_addresses_is_one_port_for_ipv4_and_ipv6():
    async def scenario() -> None:
        server = TableServer(ServerConfig(host=BOTH_LOOPBACKS, port=0))  # type: ignore[arg-type]
        _, port = await server.start()
        try:
            assert server._server is not None and len(server._server.sockets) == 2
            assert ports_of(server._server) == {port}
            await sit_down(f"ws://127.0.0.1:{port}", "VFRT")  # where the host's own seat dials
            await sit_down(f"ws://[::1]:{port}", "VSXS")
        finally:
            await server.stop()

    run(scenario())


@needs_ipv6
def test_port_zero_gives_up_a_port_the_other_family_has_in_use(monkeypatch: pytest.MonkeyPatch):
    blocked: list[int] = []
    with contextlib.ExitStack() as stack:
        real_serve = TableServer._serve

        async def serve_after_a_stranger(self: TableServer, port: int) -> Server:
            if port != 0 and not blocked:  # someone else listens on [::1] at the first port chosen
                stranger = stack.enter_context(socket.socket(socket.AF_INET6, socket.SOCK_STREAM))
                stranger.bind(("::1", port))
                stranger.listen(1)
                blocked.append(port)
                with pytest.raises(OSError) as refused:
                    await real_serve(self, port)
                assert refused.value.errno == errno.EADDRINUSE
                raise refused.value
            return await real_serve(self, port)

        monkeypatch.setattr(TableServer, "_serve", serve_after_a_stranger)

        async def scenario() -> None:
            server = TableServer(ServerConfig(host=BOTH_LOOPBACKS, port=0))  # type: ignore[arg-type]
            _, port = await server.start()
            try:
                assert blocked and port != blocked[0]
                assert server._server is not None and ports_of(server._server) == {port}
                await sit_down(f"ws://127.0.0.1:{port}", "VFRT")
            finally:
                await server.stop()

        run(scenario())
