"""``python -m gnoming.server.bench``: many tables of bot clients against one server process.

Starts ``python -m gnoming.server`` on 127.0.0.1 (a free port) as a child
process, then opens ``--tables`` tables of ``--seats`` clients each from this
process (one asyncio loop; Easy gnomes decide, so the load is the server's).
Every client measures, for each of its actions, the time from sending it to
receiving the update it caused (action-to-update latency; this includes this
process's own queueing, so it errs on the slow side).

Bounded: it stops when every game is over or after ``--timeout`` seconds,
whichever comes first, then stops the server. Prints the numbers; the
server's CPU time and peak memory come from /proc (Linux) when available.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import msgspec
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from gnoming.ai import EasyBot
from gnoming.net.address import new_code
from gnoming.net.protocol import (
    MAX_MESSAGE_BYTES,
    PROTOCOL_VERSION,
    Act,
    Closing,
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


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    finished_tables: set[str] = field(default_factory=set)
    results: dict[str, tuple[int, ...]] = field(default_factory=dict)
    disagreements: int = 0
    problems: int = 0
    failed_clients: int = 0
    actions: int = 0


async def bot_client(
    url: str, code: str, create: TableSpec | None, index: int, stats: Stats, think: float
) -> None:
    """One seat played by an Easy gnome until the result comes."""
    hello = Hello(version=PROTOCOL_VERSION, code=code, name=f"Bench {index}", create=create)
    try:
        async with connect(url, max_size=MAX_MESSAGE_BYTES, open_timeout=30, compression=None, ping_interval=None) as ws:
            await ws.send(encode(hello), text=True)
            await play(ws, code, index, stats, think)
    except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake):
        stats.failed_clients += 1


class _PeekObservation(msgspec.Struct):
    current_seat: int


class _Peek(msgspec.Struct):
    """Just enough of a message to know whether it needs this seat (the rest is skipped)."""

    type: str
    seq: int = -1
    observation: _PeekObservation | None = None


_peek = msgspec.json.Decoder(_Peek)


async def play(ws: ClientConnection, code: str, index: int, stats: Stats, think: float) -> None:
    seat = -1
    bot = EasyBot(index)
    sent_at: dict[int, float] = {}
    async for raw in ws:
        now = time.perf_counter()
        peek = _peek.decode(raw)
        if peek.type == "update":
            asked = sent_at.pop(peek.seq - 1, None)
            if asked is not None:
                stats.latencies.append(now - asked)
            if peek.observation is None or peek.observation.current_seat != seat:
                continue  # another seat's decision: the bench client need not read it all
        message = decode_server(raw)
        if isinstance(message, Welcome):
            seat = message.seat
        elif isinstance(message, Update):
            obs = message.observation
            if obs.current_seat == seat and message.legal:
                legal = tuple(Action.parse(text) for text in message.legal)
                action = bot.choose(observation_from_wire(obs, seat), legal)
                if think > 0:
                    await asyncio.sleep(think)
                sent_at[message.seq] = time.perf_counter()
                stats.actions += 1
                await ws.send(encode(Act(seq=message.seq, action=str(action))), text=True)
        elif isinstance(message, Result):
            known = stats.results.setdefault(code, message.totals)
            if known != message.totals:
                stats.disagreements += 1
            stats.finished_tables.add(code)
            return
        elif isinstance(message, Problem):
            stats.problems += 1
            if message.fatal:
                return
        elif isinstance(message, Closing):
            return


async def one_table(
    url: str, seats: int, number: int, opening: asyncio.Semaphore, stats: Stats, think: float
) -> None:
    code = new_code()
    async with opening:
        creator = asyncio.create_task(bot_client(url, code, TableSpec(seats=seats), number * seats, stats, think))
        await asyncio.sleep(0.05)  # the table exists before the others ask for it
    others = [
        asyncio.create_task(bot_client(url, code, None, number * seats + k, stats, think))
        for k in range(1, seats)
    ]
    await asyncio.gather(creator, *others)


async def run_tables(
    url: str, tables: int, seats: int, timeout: float, think: float
) -> tuple[Stats, float]:
    stats = Stats()
    opening = asyncio.Semaphore(25)
    start = time.perf_counter()
    jobs = [asyncio.create_task(one_table(url, seats, n, opening, stats, think)) for n in range(tables)]
    done, pending = await asyncio.wait(jobs, timeout=timeout)
    for job in pending:
        job.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await asyncio.gather(*pending, return_exceptions=True)
    return stats, time.perf_counter() - start


def proc_numbers(pid: int) -> dict[str, float]:
    """CPU seconds and memory of a process from /proc (empty where there is none)."""
    out: dict[str, float] = {}
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        out["cpu_s"] = (int(fields[11]) + int(fields[12])) / ticks
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0]) / 1024.0
    except (OSError, ValueError, IndexError):
        pass
    return out


def raise_file_limit(wanted: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gnoming.server.bench", description=__doc__)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4, choices=range(2, 8))
    parser.add_argument("--timeout", type=float, default=300.0, help="stop after this many seconds (default 300)")
    parser.add_argument(
        "--think-ms",
        type=float,
        default=0.0,
        help="each bot waits this long before it acts (0: at once, the server's saturation point; "
        "100: a brisk human pace)",
    )
    parser.add_argument("--json", metavar="PATH", help="also write the numbers as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 2000:
        parser.error("--tables is 1 to 2000")
    raise_file_limit(args.tables * args.seats * 2 + 256)
    server = subprocess.Popen(
        [sys.executable, "-m", "gnoming.server", "--host", "127.0.0.1", "--port", "0",
         "--max-tables", str(args.tables + 10), "--timings"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        ready = json.loads(server.stdout.readline())
        url = f"ws://127.0.0.1:{ready['port']}"
        before = proc_numbers(server.pid)
        own_before = time.process_time()
        stats, elapsed = asyncio.run(
            run_tables(url, args.tables, args.seats, args.timeout, args.think_ms / 1000)
        )
        own_cpu = time.process_time() - own_before
        after = proc_numbers(server.pid)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            rest, _ = server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            rest, _ = server.communicate()
    timings: dict[str, object] = next(
        (json.loads(line) for line in rest.splitlines() if '"timings"' in line), {}
    )
    lat = [x * 1000 for x in stats.latencies]
    report: dict[str, object] = {
        "tables": args.tables,
        "seats": args.seats,
        "think_ms": args.think_ms,
        "tables_finished": len(stats.finished_tables),
        "result_disagreements": stats.disagreements,
        "problems": stats.problems,
        "failed_clients": stats.failed_clients,
        "actions": stats.actions,
        "elapsed_s": round(elapsed, 2),
        "actions_per_s": round(stats.actions / elapsed, 1) if elapsed else None,
        "latency_ms_p50": round(percentile(lat, 50), 2),
        "latency_ms_p99": round(percentile(lat, 99), 2),
        "latency_ms_max": round(max(lat), 2) if lat else None,
        "client_process_cpu_s": round(own_cpu, 2),
        "server_apply_and_send_ms_p50": timings.get("ms_p50"),
        "server_apply_and_send_ms_p99": timings.get("ms_p99"),
    }
    if "cpu_s" in after:
        cpu = after["cpu_s"] - before.get("cpu_s", 0.0)
        report["server_cpu_s"] = round(cpu, 2)
        report["server_cpu_ms_per_table"] = round(cpu * 1000 / args.tables, 1)
        report["server_cpu_share"] = round(cpu / elapsed, 2) if elapsed else None
    if "VmHWM" in after:
        report["server_rss_start_mb"] = round(before.get("VmRSS", 0.0), 1)
        report["server_rss_peak_mb"] = round(after["VmHWM"], 1)
        report["server_kb_per_table"] = round((after["VmHWM"] - before.get("VmRSS", 0.0)) * 1024 / args.tables, 1)
    for key, value in report.items():
        print(f"{key:>28}: {value}")
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    ok = len(stats.finished_tables) == args.tables and stats.disagreements == 0
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
