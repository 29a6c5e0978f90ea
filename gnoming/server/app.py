"""The asyncio server: WebSocket connections in, tables (:mod:`.table`) behind them.

One process hosts many tables. Each connection is one client: it must say
:class:`~gnoming.net.protocol.Hello` within a few seconds, then sends actions
at a limited rate. A frame that is too big, not ours, or malformed closes that
connection and nothing else. Failed joins (an unknown code, a wrong token) are
counted per address; too many in a minute and that address is refused for a while.

Gnomes (gnome seats and seats whose friend is away too long) think off the
event loop when they are Medium or stronger, so a slow decision never stalls
the other tables' connections: in worker processes (``gnome_processes``, the
dedicated server's default), or on one worker thread (the game hosting its own
table). A thread shares the interpreter lock with the loop: while a Hard gnome
thinks there, every socket call of the loop waits for the lock, so a server
with many tables wants processes.
"""

from __future__ import annotations

import asyncio
import dataclasses
import errno
import logging
import math
import multiprocessing
import secrets
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from gnoming.ai import make_bot, start_thinking, think_until_done
from gnoming.net.protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    Act,
    CloseReason,
    Difficulty,
    Emote,
    ErrorCode,
    Hello,
    Leave,
    Problem,
    ProtocolError,
    TableSpec,
    decode_client,
    encode,
)
from gnoming.rules import Action, GameState

from .stopwatch import Stopwatch
from .table import GnomeTurn, Joined, KeptSeat, Table, spec_refusal, version_problem

log = logging.getLogger("gnoming.server")

LISTEN_TRIES = 10
"""Ports tried with port 0 before giving up on one free on every address (:meth:`TableServer._listen`)."""

WRITE_BUFFER_LIMIT = 4 * 1024 * 1024
"""A client that reads so slowly that this much waits for it is dropped."""


@dataclass(frozen=True)
class ServerConfig:
    """Limits and times of one server process (``python -m gnoming.server --help``)."""

    host: str = "127.0.0.1"
    port: int = 47474
    reconnect_seconds: float = 60.0
    """How long a dropped friend's seat waits for them before a gnome plays it."""
    allow_create: bool = True
    """Whether a Hello with ``create`` may open a new table."""
    max_tables: int = 1000
    max_connections: int = 4000
    join_attempts: int = 10
    """Failed joins allowed per address per minute."""
    rate: float = 20.0
    """Messages per second a connection may send, on average; an action the
    table accepted is not counted (the game waits for it, so it cannot flood)."""
    burst: int = 40
    flood_limit: int = 100
    """Messages dropped for the rate before the connection is closed."""
    hello_seconds: float = 10.0
    lobby_idle_seconds: float = 600.0
    finished_keep_seconds: float = 30.0
    gnome_delay: float = 0.0
    """Seconds a gnome waits before playing (0 for tests and benchmarks)."""
    keep_timings: bool = False
    """Keep how long each friend's action took to apply and send (the benchmark)."""
    gnome_processes: int = 0
    """Worker processes Medium and stronger gnomes think in; 0: one thread of this process."""


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up."""

    __slots__ = ("rate", "burst", "tokens", "last")

    def __init__(self, rate: float, burst: int, now: float) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.last = now

    def refund(self) -> None:
        self.tokens = min(self.burst, self.tokens + 1.0)

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


class AttemptCounter:
    """Failed join attempts per address in a sliding minute."""

    def __init__(self, limit: int, window: float = 60.0) -> None:
        self.limit = limit
        self.window = window
        self._failures: dict[str, deque[float]] = {}

    def blocked(self, address: str, now: float) -> bool:
        times = self._failures.get(address)
        if not times:
            return False
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._failures[address]
            return False
        return len(times) >= self.limit

    def wait(self, address: str, now: float) -> float:
        """Seconds until a blocked address may try again."""
        times = self._failures.get(address)
        if not times or len(times) < self.limit:
            return 0.0
        return max(0.0, times[-self.limit] + self.window - now)

    def fail(self, address: str, now: float) -> None:
        self._failures.setdefault(address, deque()).append(now)


class WsLink:
    """A connection as a table sees it: sending never waits."""

    __slots__ = ("ws",)

    def __init__(self, ws: ServerConnection) -> None:
        self.ws = ws

    def send(self, data: bytes) -> None:
        ws = self.ws
        if ws.protocol.state is not State.OPEN:
            return
        broadcast((ws,), data, text=True)
        transport = ws.transport
        if transport is not None and transport.get_write_buffer_size() > WRITE_BUFFER_LIMIT:
            log.warning("dropping a client that reads too slowly")
            self.close()

    def close(self) -> None:
        if self.ws.protocol.state is State.OPEN:
            asyncio.get_running_loop().create_task(self.ws.close(1000, "bye"))


@dataclass(eq=False)
class Client:
    """One connection's state on the server."""

    link: WsLink
    address: str
    bucket: TokenBucket
    emotes: TokenBucket
    runner: TableRunner | None = None
    seat: int = -1
    dropped: int = 0


@dataclass(eq=False)
class TableRunner:
    """A table with its timers and the gnome thinking for it."""

    table: Table
    created: float
    timer: asyncio.TimerHandle | None = None
    gnome_task: asyncio.Task[None] | None = None
    finished_at: float | None = None
    reported: bool = False
    clients: set[Client] = field(default_factory=set)


ResultCallback = Callable[[Table], None]


class TableServer:
    """Many tables behind one WebSocket port."""

    def __init__(
        self,
        config: ServerConfig,
        on_result: ResultCallback | None = None,
        on_change: ResultCallback | None = None,
    ) -> None:
        self.config = config
        self.on_result = on_result
        self.on_change = on_change
        """Called on the server's loop after anything happened at a table (the
        hosting game autosaves from it)."""
        self.tables: dict[str, TableRunner] = {}
        self.clients: set[Client] = set()
        self.attempts = AttemptCounter(config.join_attempts)
        self._pool: Executor = _gnome_pool(config.gnome_processes)
        self._server: Server | None = None
        self._janitor: asyncio.Task[None] | None = None
        self.address: tuple[str, int] | None = None
        self.stopwatch: Stopwatch | None = Stopwatch() if config.keep_timings else None
        """With ``keep_timings``: the server's own delays (see :mod:`.stopwatch`)."""
        self._loop_watch: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ life

    async def start(self) -> tuple[str, int]:
        """Listen; returns the host and the port (useful with port 0)."""
        self._server = await self._listen()
        sockname = next(iter(self._server.sockets)).getsockname()
        self.address = (str(sockname[0]), int(sockname[1]))
        self._janitor = asyncio.get_running_loop().create_task(self._sweep())
        if self.stopwatch is not None:
            self.stopwatch.watch_gc()
            self._loop_watch = asyncio.get_running_loop().create_task(self.stopwatch.watch_loop())
        return self.address

    async def _serve(self, port: int) -> Server:
        return await serve(
            self._handle,
            self.config.host,
            port,
            max_size=MAX_MESSAGE_BYTES,
            max_queue=64,
            ping_interval=20,
            ping_timeout=20,
            close_timeout=2,
            compression=None,
        )

    async def _listen(self) -> Server:
        """Listen on every address of ``config.host``, all on one port.

        With port 0 each socket (IPv4 and IPv6 for ``""`` or ``localhost``) would
        get a port of its own, while one port is reported and dialled (the hosting
        game's own seat dials 127.0.0.1 on it): so the first socket's port is taken
        for all of them, and a port the other family has in use is given up for a
        new one, a few times at most."""
        if self.config.port != 0:
            return await self._serve(self.config.port)
        for _ in range(LISTEN_TRIES):
            server = await self._serve(0)
            ports = {int(s.getsockname()[1]) for s in server.sockets}
            if len(ports) <= 1:
                return server
            port = int(next(iter(server.sockets)).getsockname()[1])
            server.close()
            await server.wait_closed()
            try:
                return await self._serve(port)
            except OSError as error:
                if error.errno != errno.EADDRINUSE:
                    raise
                log.info("port %d is in use on another address; trying another", port)
        raise OSError(errno.EADDRINUSE, f"found no port free on every address of {self.config.host!r}")

    async def stop(
        self,
        reason: CloseReason = CloseReason.SERVER_STOPPED,
        message: str = "the server is stopping",
        name: str | None = None,
    ) -> None:
        """Tell every table's friends why (and who: the host's ``name``), close every
        connection, stop listening."""
        for runner in list(self.tables.values()):
            self._close_table(runner, reason, message, name=name)
        if self._janitor is not None:
            self._janitor.cancel()
        if self._loop_watch is not None:
            self._loop_watch.cancel()
        if self.stopwatch is not None:
            self.stopwatch.stop_gc()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self._pool.shutdown(wait=False, cancel_futures=True)

    def open_table(self, code: str, spec: TableSpec, seed: int | None = None) -> Table:
        if code in self.tables:
            raise ValueError(f"a table {code} is already open")
        table = Table(
            code,
            spec,
            seed if seed is not None else secrets.randbits(31),
            reconnect_seconds=self.config.reconnect_seconds,
        )
        self.tables[code] = TableRunner(table, asyncio.get_running_loop().time())
        return table

    def continue_table(self, code: str, state: GameState, seats: Sequence[KeptSeat]) -> Table:
        """Open table ``code`` again for a saved game (see :meth:`Table.continue_game`)."""
        table = self.open_table(code, TableSpec(seats=len(seats), gnomes=0), state.seed)
        try:
            table.continue_game(state, seats)
        except ValueError:
            self.tables.pop(code, None)
            raise
        return table

    def lay_out_seats(self, code: str, seats: Sequence[tuple[bool, str, Difficulty]]) -> None:
        """Gnomes at the seats the host chose (see :meth:`Table.lay_out`)."""
        self.tables[code].table.lay_out(seats)

    def seat_gnome(self, code: str, index: int, name: str, level: Difficulty) -> bool:
        """The host fills an open lobby seat with a gnome (see :meth:`Table.seat_gnome`)."""
        runner = self.tables.get(code)
        if runner is None or not runner.table.seat_gnome(index, name, level):
            return False
        self._changed(runner)
        return True

    def choose_stand_in(self, code: str, level: Difficulty, reconnect_seconds: float) -> bool:
        """The host's choice in the lobby (see :meth:`Table.choose_stand_in`)."""
        runner = self.tables.get(code)
        return runner is not None and runner.table.choose_stand_in(level, reconnect_seconds)

    def _now(self) -> float:
        return asyncio.get_running_loop().time()

    # ------------------------------------------------------------------ connections

    async def _handle(self, ws: ServerConnection) -> None:
        now = self._now()
        address = str(ws.remote_address[0]) if ws.remote_address else "?"
        if len(self.clients) >= self.config.max_connections:
            await ws.send(encode(Problem(error=ErrorCode.SERVER_FULL, message="the server is full", fatal=True)), text=True)
            return
        config = self.config
        client = Client(
            WsLink(ws),
            address,
            TokenBucket(config.rate, config.burst, now),
            TokenBucket(1.0, 3, now),
        )
        self.clients.add(client)
        hello_timer = asyncio.get_running_loop().call_later(config.hello_seconds, self._hello_late, client)
        try:
            async for raw in ws:
                if not self._receive(client, raw):
                    break
        except ConnectionClosed:
            pass
        finally:
            hello_timer.cancel()
            self.clients.discard(client)
            runner = client.runner
            if runner is not None:
                runner.clients.discard(client)
                runner.table.leave(client.seat, client.link, self._now())
                self._changed(runner)
            await ws.close()

    @staticmethod
    def _hello_late(client: Client) -> None:
        """A connection that has not joined a table in time is closed."""
        if client.runner is None:
            client.link.close()

    def _fail(self, client: Client, problem: Problem) -> bool:
        client.link.send(encode(problem))
        if problem.fatal:
            client.link.close()
            return False
        return True

    def _receive(self, client: Client, raw: str | bytes) -> bool:
        """Handle one frame; False when the connection must close."""
        now = self._now()
        if not client.bucket.take(now):
            client.dropped += 1
            if client.dropped == 1:
                client.link.send(encode(Problem(error=ErrorCode.RATE_LIMITED, message="slow down")))
            if client.dropped > self.config.flood_limit:
                log.info("closing a flooding client from %s", client.address)
                return self._fail(client, Problem(error=ErrorCode.RATE_LIMITED, message="too many messages", fatal=True))
            return True
        try:
            message = decode_client(raw)
        except ProtocolError as error:
            log.info("bad message from %s: %s", client.address, error)
            return self._fail(client, Problem(error=ErrorCode.BAD_MESSAGE, message=str(error)[:300], fatal=True))
        match message:
            case Hello():
                return self._hello(client, message, now)
            case Act():
                return self._act(client, message)
            case Emote():
                runner = client.runner
                if runner is not None and client.emotes.take(now):
                    runner.table.emote(client.seat, message.emote)
                return True
            case Leave():
                runner = client.runner
                if runner is not None:
                    runner.table.give_to_gnome(client.seat)
                    self._changed(runner)
                client.link.close()
                return False
        return True  # pragma: no cover - the decoder returns one of the above

    def _hello(self, client: Client, hello: Hello, now: float) -> bool:
        if hello.version != PROTOCOL_VERSION:
            return self._fail(client, version_problem())  # first: the only refusal an older client can read
        if client.runner is not None:
            return self._fail(client, Problem(error=ErrorCode.ALREADY_JOINED, message="you are already at a table"))
        if self.attempts.blocked(client.address, now):
            wait = math.ceil(self.attempts.wait(client.address, now))
            return self._fail(
                client,
                Problem(
                    error=ErrorCode.TOO_MANY_ATTEMPTS,
                    message=f"too many wrong codes; wait {wait} s",
                    fatal=True,
                    seconds=wait,
                ),
            )
        runner = self.tables.get(hello.code)
        if runner is None:
            if hello.create is None or not self.config.allow_create or hello.token is not None:
                self.attempts.fail(client.address, now)
                return self._fail(
                    client,
                    Problem(
                        error=ErrorCode.UNKNOWN_TABLE,
                        message="there is no table with that code",
                        fatal=True,
                        code=hello.code,
                    ),
                )
            refusal = spec_refusal(hello.create)
            if refusal is not None:  # well formed, but no table can be laid out for it
                log.info("refused a table from %s: %s", client.address, refusal)
                return self._fail(client, Problem(error=ErrorCode.BAD_MESSAGE, message=refusal, fatal=True, code=hello.code))
            if len(self.tables) >= self.config.max_tables:
                return self._fail(client, Problem(error=ErrorCode.SERVER_FULL, message="the server has no room for another table", fatal=True))
            try:
                self.open_table(hello.code, hello.create)
            except ValueError as error:  # anything else a table refuses: the client hears why too
                log.info("refused a table from %s: %s", client.address, error)
                return self._fail(client, Problem(error=ErrorCode.BAD_MESSAGE, message=str(error)[:300], fatal=True, code=hello.code))
            runner = self.tables[hello.code]
        outcome = runner.table.join(client.link, hello, now)
        if not isinstance(outcome, Joined):
            if outcome.counts_as_attempt:
                self.attempts.fail(client.address, now)
            return self._fail(client, outcome.problem)
        client.runner = runner
        client.seat = outcome.seat
        runner.clients.add(client)
        self._changed(runner)
        return True

    def _act(self, client: Client, act: Act) -> bool:
        runner = client.runner
        if runner is None:
            return self._fail(client, Problem(error=ErrorCode.NOT_JOINED, message="join a table first", fatal=True))
        start = time.perf_counter()
        problem = runner.table.act(client.seat, act.seq, act.to_action())
        if problem is not None:
            return self._fail(client, problem)
        if self.stopwatch is not None:
            self.stopwatch.action(time.perf_counter() - start)
        client.bucket.refund()  # a played action was awaited: only the others count
        self._changed(runner)
        return True

    # ------------------------------------------------------------------ tables

    def _changed(self, runner: TableRunner) -> None:
        """After anything happened at a table: timers, gnomes, the result."""
        table = runner.table
        loop = asyncio.get_running_loop()
        if self.on_change is not None:
            self.on_change(table)
        if runner.timer is not None:
            runner.timer.cancel()
            runner.timer = None
        deadline = table.next_deadline()
        if deadline is not None:
            runner.timer = loop.call_at(deadline, self._tick, runner)
        if table.finished:
            if runner.finished_at is None:
                runner.finished_at = loop.time()
            if not runner.reported:
                runner.reported = True
                if self.on_result is not None:
                    self.on_result(table)
            return
        if runner.gnome_task is None and table.gnome_turn() is not None:
            runner.gnome_task = loop.create_task(self._gnome(runner))

    def _tick(self, runner: TableRunner) -> None:
        runner.timer = None
        runner.table.tick(self._now())
        self._changed(runner)

    async def _gnome(self, runner: TableRunner) -> None:
        table = runner.table
        try:
            while not table.closed:
                turn = table.gnome_turn()
                if turn is None:
                    return
                if self.config.gnome_delay > 0:
                    await asyncio.sleep(self.config.gnome_delay)
                try:
                    if turn.level is Difficulty.EASY or len(turn.legal) == 1:
                        action = decide(turn)
                    else:
                        action = await self._think(turn)
                except Exception:
                    # a gnome that cannot think must not stop the table for good
                    log.exception("a %s gnome failed to decide; it plays this move as an Easy gnome", turn.level.value)
                    action = _stand_in_move(turn)
                if not table.closed:
                    played = table.play_gnome(turn, action)
                    if table.finished:
                        break
                    if played and self.on_change is not None:
                        self.on_change(table)  # the host's autosave has the gnome's move too
                await asyncio.sleep(0)
        finally:
            runner.gnome_task = None
        self._changed(runner)

    async def _think(self, turn: GnomeTurn) -> Action:
        """``decide(turn)`` on the gnomes' pool; a pool whose process died is
        replaced by a thread, and the gnome thinks again there."""
        loop = asyncio.get_running_loop()
        pool = self._pool
        try:
            return await _on_pool(pool, turn)
        except BrokenProcessPool:
            if self._pool is pool:  # the first table to find it broken replaces it, once
                log.warning("a gnome's worker process died; gnomes think on a thread from now on")
                pool.shutdown(wait=False, cancel_futures=True)
                self._pool = _gnome_pool(0)
            return await loop.run_in_executor(self._pool, decide, turn)

    def _close_table(
        self,
        runner: TableRunner,
        reason: CloseReason,
        message: str,
        *,
        name: str | None = None,
        seconds: int | None = None,
    ) -> None:
        runner.table.close(reason, message, name=name, seconds=seconds)
        if runner.timer is not None:
            runner.timer.cancel()
        if runner.gnome_task is not None:
            runner.gnome_task.cancel()
        self.tables.pop(runner.table.code, None)

    async def _sweep(self) -> None:
        """Every few seconds: drop finished tables and lobbies nobody waits in."""
        while True:
            await asyncio.sleep(2.0)
            now = self._now()
            for runner in list(self.tables.values()):
                table = runner.table
                if runner.finished_at is not None:
                    if not table.links() or now - runner.finished_at > self.config.finished_keep_seconds:
                        self._close_table(runner, CloseReason.GAME_OVER, "the game is over")
                elif not table.started and not table.links() and now - runner.created > self.config.lobby_idle_seconds:
                    idle = round(self.config.lobby_idle_seconds)
                    self._close_table(runner, CloseReason.IDLE, "nobody came to this table", seconds=idle)


def _stand_in_move(turn: GnomeTurn) -> Action:
    """The move of a gnome whose thinking failed: an Easy gnome's, or if even that
    fails, the first legal action."""
    try:
        return decide(dataclasses.replace(turn, level=Difficulty.EASY))
    except Exception:
        log.exception("an Easy gnome failed to decide too; it plays the first legal action")
        return turn.legal[0]


POOL_CHECK_SECONDS = 0.5
"""How often a decision waiting on the gnomes' pool looks whether the pool broke."""


async def _on_pool(pool: Executor, turn: GnomeTurn) -> Action:
    """``decide(turn)`` on ``pool``; raises :class:`BrokenProcessPool` if the pool
    broke, even when it lost the decision. CPython 3.11's process pool, when a
    worker dies, fails the pending decisions without the lock that ``submit``
    holds: a decision handed over at that moment never finishes, and the table
    would wait for its gnome forever."""
    future = asyncio.get_running_loop().run_in_executor(pool, decide, turn)
    try:
        while True:
            done, _ = await asyncio.wait((future,), timeout=POOL_CHECK_SECONDS)
            if done:
                return future.result()
            if getattr(pool, "_broken", False):
                raise BrokenProcessPool("the gnomes' pool broke while a gnome was thinking")
    finally:
        future.cancel()  # nothing if it finished; a table closed meanwhile stops waiting


def _gnome_pool(processes: int) -> Executor:
    if processes <= 0:
        return ThreadPoolExecutor(max_workers=1, thread_name_prefix="gnome")
    return ProcessPoolExecutor(max_workers=processes, mp_context=multiprocessing.get_context("spawn"))


def decide(turn: GnomeTurn) -> Action:
    """A gnome's decision for ``turn`` (deterministic: its seed comes with the turn)."""
    bot = make_bot(turn.level.value, turn.seed)
    return think_until_done(start_thinking(bot, turn.observation, turn.legal))
