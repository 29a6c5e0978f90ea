"""``python -m gnoming.server``: host tables for friends (docs/network.md).

Prints one JSON line when it listens (address, port, code of ``--open-table``)
and one JSON line per finished game (totals, winners). Stops on Ctrl+C or
SIGTERM, telling every friend at every table that the host closed it; with
``--quit-at-end`` it stops by itself once the ``--open-table`` game is over.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import signal
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TextIO

from gnoming.net.address import DEFAULT_PORT, code_flag, port_flag
from gnoming.net.protocol import Difficulty, TableSpec
from gnoming.rules import MAX_SEATS, MIN_SEATS

from .app import ServerConfig, TableServer
from .table import Table

GNOME_PROCESSES = 1
"""The dedicated server's gnomes think in one worker process unless told otherwise."""


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a number of seconds, not {text!r}") from None
    if not 0 <= value <= 86_400:
        raise argparse.ArgumentTypeError(f"0 to 86400 seconds, not {value}")
    return value


def _count(low: int, high: int) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"a whole number, not {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{low} to {high}, not {value}")
        return value

    return parse


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m gnoming.server",
        description="Host Gnoming A Round tables for friends over the network.",
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1; 0.0.0.0 or :: for every interface)")
    parser.add_argument("--port", type=port_flag, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0 picks a free one)")
    parser.add_argument("--open-table", type=code_flag, metavar="CODE", help="open one table with this join code at start")
    parser.add_argument("--seats", type=_count(MIN_SEATS, MAX_SEATS), default=4, metavar="N", help="seats at the --open-table table (default 4)")
    parser.add_argument("--gnomes", type=_count(0, MAX_SEATS - 1), default=0, metavar="G", help="of them, gnomes played by the server (default 0)")
    parser.add_argument("--level", choices=[d.value for d in Difficulty], default="medium", help="how well the gnomes play, also for a friend away too long (default medium)")
    parser.add_argument("--seed", type=int, metavar="S", help="shuffle seed of the --open-table game")
    parser.add_argument("--reconnect-seconds", type=_seconds, default=60.0, metavar="T", help="how long a dropped friend's seat waits before a gnome plays it (default 60)")
    parser.add_argument("--no-create", action="store_true", help="friends may only join tables opened here, not open new ones")
    parser.add_argument("--max-tables", type=_count(1, 100_000), default=1000, metavar="N")
    parser.add_argument("--gnome-delay", type=_seconds, default=0.0, metavar="T", help="seconds a gnome waits before it plays (default 0)")
    parser.add_argument(
        "--gnome-procs",
        type=_count(0, 64),
        default=GNOME_PROCESSES,
        metavar="N",
        help=f"worker processes Medium and stronger gnomes think in, off the event loop "
        f"(default {GNOME_PROCESSES}; 0: one thread, which holds up every table while a gnome thinks)",
    )
    parser.add_argument("--quit-at-end", action="store_true", help="stop once the --open-table game is over")
    parser.add_argument("--timings", action="store_true", help="on exit, print one JSON line with how long actions took to apply and send")
    parser.add_argument("--verbose", action="store_true", help="log connections and problems to stderr")
    return parser


def emit(record: dict[str, object], stream: TextIO | None = None) -> None:
    """One JSON line on ``stream`` (stdout), at once."""
    out = sys.stdout if stream is None else stream
    out.write(json.dumps(record, separators=(",", ":")) + "\n")
    out.flush()


class LineWriter:
    """JSON lines written in order on a thread of their own: a reader that stops
    reading (a paused terminal, a pipe nobody empties) holds up that thread,
    never the event loop and the tables on it."""

    def __init__(self, stream: TextIO | None = None) -> None:
        self._stream = stream
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="stdout")

    def put(self, record: dict[str, object]) -> None:
        self._thread.submit(emit, record, self._stream)

    def close(self) -> None:
        """Wait until every line is written."""
        self._thread.shutdown(wait=True)


def result_record(table: Table) -> dict[str, object]:
    result = table.result()
    assert result is not None
    return {
        "event": "result",
        "code": table.code,
        "seed": table.seed,
        "totals": list(result.totals),
        "winners": list(result.winners),
        "round_scores": [list(r) for r in result.round_scores],
        "tie_break": result.tie_break.value,
        "names": [s.name for s in table.seats],
        "statuses": [s.status.value for s in table.seats],
    }


async def serve(args: argparse.Namespace) -> int:
    open_code: str | None = args.open_table
    done = asyncio.Event()
    lines = LineWriter()

    def on_result(table: Table) -> None:
        lines.put(result_record(table))
        if args.quit_at_end and table.code == open_code:
            done.set()

    config = ServerConfig(
        host=args.host,
        port=args.port,
        reconnect_seconds=args.reconnect_seconds,
        allow_create=not args.no_create,
        max_tables=args.max_tables,
        gnome_delay=args.gnome_delay,
        keep_timings=args.timings,
        gnome_processes=args.gnome_procs,
    )
    server = TableServer(config, on_result)
    spec = TableSpec(seats=args.seats, gnomes=args.gnomes, level=Difficulty(args.level))
    if open_code is not None and args.gnomes >= args.seats:
        print("--gnomes must leave at least one seat for a friend", file=sys.stderr)
        return 2
    host, port = await server.start()
    if open_code is not None:
        server.open_table(open_code, spec, args.seed)
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):  # Windows has none
            loop.add_signal_handler(signum, done.set)
    shown = f"[{host}]" if ":" in host else host
    emit({"event": "ready", "address": f"ws://{shown}:{port}", "host": host, "port": port, "code": open_code})
    await done.wait()
    if args.quit_at_end and open_code is not None:
        await _let_friends_leave(server, open_code)
    await server.stop()
    lines.close()
    if server.stopwatch is not None:
        emit(server.stopwatch.record())
    return 0


async def _let_friends_leave(server: TableServer, code: str, seconds: float = 5.0) -> None:
    """After the last game: give the friends a moment to read the result and go."""
    runner = server.tables.get(code)
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while runner is not None and runner.table.links() and loop.time() < end:
        await asyncio.sleep(0.05)


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    logging.basicConfig(
        level=logging.INFO if args.verbose else logging.WARNING,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
        stream=sys.stderr,
    )
    try:
        return asyncio.run(serve(args))
    except KeyboardInterrupt:  # pragma: no cover - a second Ctrl+C
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
