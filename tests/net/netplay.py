"""In-process players for the server tests: asyncio clients that let a gnome play."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from gnoming.net.connection import Connection, Disconnected, Incoming
from gnoming.net.headless import choose
from gnoming.net.protocol import (
    PROTOCOL_VERSION,
    Act,
    Hello,
    Problem,
    SeatChanged,
    TableSpec,
    Update,
)
from gnoming.net.view import SeatView
from gnoming.server.app import ServerConfig, TableServer


@dataclass
class Player:
    """A client playing its seat with an Easy gnome; keeps everything it received."""

    url: str
    code: str
    name: str
    view: SeatView = field(default_factory=SeatView)
    received: list[Incoming] = field(default_factory=list)
    connection: Connection | None = None

    async def play(self, timeout: float = 30.0) -> SeatView:
        answered = -1

        def deliver(item: Incoming) -> None:
            nonlocal answered
            self.received.append(item)
            if isinstance(item, Disconnected):
                return
            self.view.receive(item)
            if isinstance(item, Problem) and not item.fatal:
                answered = -1
            view = self.view
            if view.my_turn() and view.seq != answered:
                answered = view.seq
                assert self.connection is not None
                self.connection.send(Act(seq=view.seq, action=str(choose(view, "easy"))))
            if view.ended and self.connection is not None:
                self.connection.stop()

        hello = Hello(version=PROTOCOL_VERSION, code=self.code, name=self.name)
        self.connection = Connection(self.url, hello, deliver)
        await asyncio.wait_for(self.connection.run(), timeout)
        return self.view

    def problems(self) -> list[Problem]:
        return [m for m in self.received if isinstance(m, Problem)]

    def updates(self) -> list[Update]:
        return [m for m in self.received if isinstance(m, Update)]

    def seat_changes(self) -> list[SeatChanged]:
        return [m for m in self.received if isinstance(m, SeatChanged)]


@contextlib.asynccontextmanager
async def running_server(config: ServerConfig) -> AsyncIterator[tuple[TableServer, str]]:
    server = TableServer(config)
    host, port = await server.start()
    try:
        yield server, f"ws://{host}:{port}"
    finally:
        await server.stop()


def spec(seats: int, gnomes: int) -> TableSpec:
    return TableSpec(seats=seats, gnomes=gnomes)
