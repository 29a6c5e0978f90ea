"""A table server on a background thread, for a game that hosts its own table.

The desktop game (and ``main.py --host``) keeps its frame loop on the main
thread; the server's asyncio loop runs here. Calls from the main thread go
through :meth:`ServerThread.call`, which runs a function on the server's loop
and waits (bounded) for its answer.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from typing import TypeVar

from gnoming.net.protocol import CloseReason

from .app import ResultCallback, ServerConfig, TableServer

T = TypeVar("T")


class ServerThread:
    """Start with :meth:`start`; :meth:`stop` tells every friend and ends the thread."""

    def __init__(
        self,
        config: ServerConfig,
        on_result: ResultCallback | None = None,
        on_change: ResultCallback | None = None,
    ) -> None:
        self.config = config
        self.on_result = on_result
        self.on_change = on_change
        self.host = ""
        self.port = 0
        self._server: TableServer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._stop_reason: tuple[CloseReason, str, str | None] = (CloseReason.HOST_QUIT, "the host closed the table", None)
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._main, name="gnoming-server", daemon=True)

    def _main(self) -> None:
        try:
            asyncio.run(self._run())
        except BaseException as error:  # reported to the caller of start()
            self._error = error
            self._ready.set()

    async def _run(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._stop = asyncio.Event()
        self._server = TableServer(self.config, self.on_result, self.on_change)
        self.host, self.port = await self._server.start()
        self._ready.set()
        await self._stop.wait()
        await self._server.stop(*self._stop_reason)

    def start(self, timeout: float = 10.0) -> None:
        """Listen; raises what went wrong (a port in use: OSError)."""
        self._thread.start()
        if not self._ready.wait(timeout):
            raise TimeoutError("the table server did not start")
        if self._error is not None:
            raise self._error

    def call(self, function: Callable[[TableServer], T], timeout: float = 5.0) -> T:
        """``function(server)`` on the server's loop; its result."""
        loop, server = self._loop, self._server
        if loop is None or server is None:
            raise RuntimeError("the server is not running")

        async def run() -> T:
            return function(server)

        return asyncio.run_coroutine_threadsafe(run(), loop).result(timeout)

    def stop(
        self,
        reason: CloseReason = CloseReason.HOST_QUIT,
        message: str = "the host closed the table",
        timeout: float = 10.0,
        name: str | None = None,
    ) -> None:
        """Close every table (telling friends why, and the host's ``name``) and wait for the thread."""
        self._stop_reason = (reason, message, name)
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # closed meanwhile
                loop.call_soon_threadsafe(stop.set)
        if self._thread.is_alive():
            self._thread.join(timeout)
