"""The client's connection: asyncio inside, a thread-safe queue outside.

:class:`Connection` (asyncio) connects, says hello, decodes every message at
the edge and hands it on; when the connection drops before the game is over it
rejoins with the seat's token for as long as the table keeps the seat.
:class:`ClientThread` runs one on a background thread so that the pygame loop
only ever polls a queue and never waits for the network.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import broadcast
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.protocol import State

from .protocol import (
    MAX_MESSAGE_BYTES,
    Closing,
    Hello,
    Lobby,
    Message,
    Problem,
    ProtocolError,
    Result,
    ServerMessage,
    Welcome,
    decode_server,
    encode,
)


@dataclass(frozen=True)
class Disconnected:
    """The connection dropped (``final``: and this client gives up on it)."""

    final: bool
    reason: str


Incoming = ServerMessage | Disconnected


class Connection:
    """One seat's connection to a table server (asyncio; see the module docstring)."""

    def __init__(
        self,
        url: str,
        hello: Hello,
        deliver: Callable[[Incoming], None],
        *,
        reconnect: bool = True,
        open_timeout: float = 5.0,
        retry_seconds: float = 0.5,
    ) -> None:
        self.url = url
        self.hello = hello
        self.deliver = deliver
        self.reconnect = reconnect
        self.open_timeout = open_timeout
        self.retry_seconds = retry_seconds
        self.token: str | None = hello.token
        self.reconnect_seconds = 60.0
        self._ws: ClientConnection | None = None
        self._stopping = asyncio.Event()
        self._ended = False
        self._got_welcome = False

    def send(self, message: Message) -> bool:
        """Send now (call on the loop's thread); False when not connected."""
        ws = self._ws
        if ws is None or ws.protocol.state is not State.OPEN:
            return False
        broadcast((ws,), encode(message), text=True)
        return True

    def stop(self) -> None:
        """Close and do not come back (call on the loop's thread)."""
        self._stopping.set()
        ws = self._ws
        if ws is not None:
            asyncio.get_running_loop().create_task(ws.close())

    async def run(self) -> None:
        """Connect and deliver messages until the table ends, the server gives
        up on this client, :meth:`stop` is called, or rejoining fails for longer
        than the table keeps the seat."""
        lost_at: float | None = None
        while not self._stopping.is_set():
            reason = await self._session()
            if self._ended or self._stopping.is_set():
                return
            now = time.monotonic()
            if lost_at is None or self._got_welcome:
                lost_at = now
            may_retry = (
                self.reconnect
                and self.token is not None
                and now - lost_at < self.reconnect_seconds
            )
            self.deliver(Disconnected(final=not may_retry, reason=reason))
            if not may_retry:
                return
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), self.retry_seconds)

    async def _session(self) -> str:
        """One connection, from hello to its end; returns why it ended."""
        self._got_welcome = False
        hello = self.hello if self.token is None else msgspec.structs.replace(self.hello, token=self.token, create=None)
        try:
            async with connect(
                self.url,
                open_timeout=self.open_timeout,
                max_size=MAX_MESSAGE_BYTES,
                max_queue=256,
                compression=None,
                ping_interval=20,
                ping_timeout=20,
                close_timeout=2,
            ) as ws:
                self._ws = ws
                await ws.send(encode(hello), text=True)
                async for raw in ws:
                    message = decode_server(raw)
                    self._note(message)
                    self.deliver(message)
                return "the connection closed"
        except ProtocolError as error:
            self._ended = True
            self.deliver(Disconnected(final=True, reason=f"the server sent a message this game does not understand: {error}"))
            return "protocol"
        except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake, InvalidURI) as error:
            return str(error) or type(error).__name__
        finally:
            self._ws = None

    def _note(self, message: ServerMessage) -> None:
        if isinstance(message, Welcome):
            self.token = message.token
            self.reconnect_seconds = message.reconnect_seconds
            self._got_welcome = True
        elif isinstance(message, Lobby) and message.reconnect_seconds is not None:
            self.reconnect_seconds = message.reconnect_seconds  # the host chose another wait
        elif isinstance(message, Closing) or (isinstance(message, Problem) and message.fatal) or isinstance(message, Result):
            self._ended = True


class ClientThread:
    """A :class:`Connection` on its own thread; the caller polls :meth:`poll`."""

    def __init__(self, url: str, hello: Hello, *, reconnect: bool = True) -> None:
        self.url = url
        self.hello = hello
        self.reconnect = reconnect
        self.inbox: queue.SimpleQueue[Incoming] = queue.SimpleQueue()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._connection: Connection | None = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._main, name="gnoming-net", daemon=True)

    def start(self) -> None:
        self._thread.start()
        self._ready.wait(5.0)

    def _main(self) -> None:
        asyncio.run(self._run())

    async def _run(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._connection = Connection(self.url, self.hello, self.inbox.put, reconnect=self.reconnect)
        self._ready.set()
        await self._connection.run()

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def send(self, message: Message) -> None:
        """Queue a message for the server (never blocks)."""
        loop, connection = self._loop, self._connection
        if loop is not None and connection is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop closed meanwhile
                loop.call_soon_threadsafe(connection.send, message)

    def poll(self) -> list[Incoming]:
        """Everything that arrived, without waiting."""
        out: list[Incoming] = []
        while True:
            try:
                out.append(self.inbox.get_nowait())
            except queue.Empty:
                return out

    def wait(self, timeout: float) -> list[Incoming]:
        """Like :meth:`poll`, but waits up to ``timeout`` seconds for the first message."""
        try:
            first = self.inbox.get(timeout=timeout)
        except queue.Empty:
            return []
        return [first, *self.poll()]

    def close(self, timeout: float = 3.0) -> None:
        """Stop the connection and wait (bounded) for the thread to end."""
        loop, connection = self._loop, self._connection
        if loop is not None and connection is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(connection.stop)
        if self._thread.is_alive():
            self._thread.join(timeout)
