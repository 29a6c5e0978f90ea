"""The bot clients of the load benchmark, run in a worker process of their own.

:func:`run_clients` plays some of the benchmark's tables: for each, one client
creates the table and the others join it; every seat is played by an Easy
gnome. A worker is one asyncio loop; the benchmark starts several of them
(``--client-procs``) so that the clients' own queueing does not pass for the
server's latency.

Latency is measured per table in this process (all of a table's clients live
in the same worker, so they share the clock): from the moment the seat whose
turn it is sends its action to the moment each seat receives the update that
action caused. The acting seat's own sample is also kept apart.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from array import array
from dataclasses import dataclass, field

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from gnoming.ai import EasyBot
from gnoming.net.address import CODE_ALPHABET
from gnoming.net.protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    Act,
    Closing,
    Difficulty,
    Hello,
    Problem,
    Result,
    TableSpec,
    Update,
    Welcome,
    decode_server,
    encode,
)
from gnoming.net.wire import observation_from_wire
from gnoming.rules import Action


@dataclass(frozen=True)
class WorkerJob:
    """What one worker process plays."""

    url: str
    tables: tuple[int, ...]
    """The benchmark-wide numbers of this worker's tables (they seed the bots and the pace)."""
    seats: int
    pace: float
    """Mean seconds a bot waits before each action (0: at once)."""
    timeout: float
    seed: int
    gnomes: int = 0
    """Of the seats, this many are gnomes the server plays (the rest are this worker's clients)."""
    level: Difficulty = Difficulty.EASY


@dataclass
class WorkerReport:
    """What one worker saw; merged by the benchmark."""

    acting_latencies: array[float] = field(default_factory=lambda: array("d"))
    """Seconds from an action sent to its update received, at the seat that acted."""
    seat_latencies: array[float] = field(default_factory=lambda: array("d"))
    """The same for every seat at the table (the acting one included)."""
    results: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Join code -> totals, once per finished table."""
    disagreements: int = 0
    problems: int = 0
    failed_clients: int = 0
    actions: int = 0
    updates: int = 0
    cpu_s: float = 0.0
    elapsed_s: float = 0.0


class TableClock:
    """When each of a table's actions was sent, until every seat got its update."""

    __slots__ = ("seats", "sent")

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.sent: dict[int, list[float]] = {}
        """seq of the update answered -> [time sent, seats not yet updated]."""

    def sent_now(self, seq: int) -> None:
        self.sent[seq] = [time.perf_counter(), float(self.seats)]

    def received(self, update_seq: int, now: float) -> float | None:
        """The latency of the action that caused update ``update_seq``, if one was sent."""
        entry = self.sent.get(update_seq - 1)
        if entry is None:
            return None
        entry[1] -= 1
        if entry[1] <= 0:
            del self.sent[update_seq - 1]
        return now - entry[0]


class _PeekObservation(msgspec.Struct):
    current_seat: int


class _Peek(msgspec.Struct):
    """Just enough of a message to know whether it needs this seat (the rest is skipped)."""

    type: str
    seq: int = -1
    observation: _PeekObservation | None = None


_peek = msgspec.json.Decoder(_Peek)


async def bot_client(
    job: WorkerJob,
    code: str,
    create: TableSpec | None,
    index: int,
    clock: TableClock,
    report: WorkerReport,
    welcomed: asyncio.Event | None = None,
) -> None:
    """One seat played by an Easy gnome until the result comes; ``welcomed`` is
    set once this client has its seat (or has given up)."""
    hello = Hello(version=PROTOCOL_VERSION, code=code, name=f"Bench {index}", create=create)
    try:
        async with connect(
            job.url, max_size=MAX_MESSAGE_BYTES, open_timeout=30, compression=None, ping_interval=None
        ) as ws:
            await ws.send(encode(hello), text=True)
            await play(ws, job, code, index, clock, report, welcomed)
    except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake):
        report.failed_clients += 1
    finally:
        if welcomed is not None:
            welcomed.set()


async def play(
    ws: ClientConnection,
    job: WorkerJob,
    code: str,
    index: int,
    clock: TableClock,
    report: WorkerReport,
    welcomed: asyncio.Event | None = None,
) -> None:
    seat = -1
    bot = EasyBot(job.seed * 100_003 + index)
    pace = random.Random(job.seed * 7_919 + index)
    acted: set[int] = set()
    async for raw in ws:
        now = time.perf_counter()
        peek = _peek.decode(raw)
        if peek.type == "update":
            report.updates += 1
            latency = clock.received(peek.seq, now)
            if latency is not None:
                report.seat_latencies.append(latency)
                if peek.seq - 1 in acted:
                    acted.discard(peek.seq - 1)
                    report.acting_latencies.append(latency)
            if peek.observation is None or peek.observation.current_seat != seat:
                continue  # another seat's decision: this client need not read it all
        message = decode_server(raw)
        if isinstance(message, Welcome):
            seat = message.seat
            if welcomed is not None:
                welcomed.set()
        elif isinstance(message, Update):
            obs = message.observation
            if obs.current_seat == seat and message.legal:
                legal = tuple(Action.parse(text) for text in message.legal)
                action = bot.choose(observation_from_wire(obs, seat), legal)
                if job.pace > 0:
                    await asyncio.sleep(pace.uniform(0.5, 1.5) * job.pace)
                clock.sent_now(message.seq)
                acted.add(message.seq)
                report.actions += 1
                await ws.send(encode(Act(seq=message.seq, action=str(action))), text=True)
        elif isinstance(message, Result):
            known = report.results.setdefault(code, message.totals)
            if known != message.totals:
                report.disagreements += 1
            return
        elif isinstance(message, Problem):
            report.problems += 1
            if message.fatal:
                return
        elif isinstance(message, Closing):
            return


def table_code(seed: int, number: int) -> str:
    """A join code per benchmark table, unique within a run (6 characters)."""
    value = seed * 1_000_003 + number
    chars = []
    for _ in range(6):
        value, digit = divmod(value, len(CODE_ALPHABET))
        chars.append(CODE_ALPHABET[digit])
    return "".join(chars)


async def one_table(job: WorkerJob, number: int, opening: asyncio.Semaphore, report: WorkerReport) -> None:
    code = table_code(job.seed, number)
    clients = job.seats - job.gnomes
    clock = TableClock(clients)
    first = number * job.seats
    spec = TableSpec(seats=job.seats, gnomes=job.gnomes, level=job.level)
    created = asyncio.Event()
    async with opening:
        creator = asyncio.create_task(bot_client(job, code, spec, first, clock, report, created))
        # The others ask for the table once it exists: a code the server does not
        # know yet counts as a wrong guess, and ten of those lock this address out.
        await created.wait()
    others = [
        asyncio.create_task(bot_client(job, code, None, first + k, clock, report))
        for k in range(1, clients)
    ]
    await asyncio.gather(creator, *others)


async def play_tables(job: WorkerJob) -> WorkerReport:
    report = WorkerReport()
    opening = asyncio.Semaphore(10)
    start = time.perf_counter()
    tasks = [asyncio.create_task(one_table(job, n, opening, report)) for n in job.tables]
    _done, pending = await asyncio.wait(tasks, timeout=job.timeout)
    for task in pending:
        task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.gather(*pending, return_exceptions=True)
    report.elapsed_s = time.perf_counter() - start
    return report


def run_clients(job: WorkerJob) -> WorkerReport:
    """Play ``job`` in this process (the worker's entry point); bounded by ``job.timeout``."""
    cpu = time.process_time()
    report = asyncio.run(play_tables(job))
    report.cpu_s = time.process_time() - cpu
    return report
