"""``python -m gnoming.server.bench``: many tables of bot clients against one server process.

Starts ``python -m gnoming.server`` on 127.0.0.1 (a free port) in a process of
its own, then plays ``--tables`` tables of ``--seats`` clients each from
``--client-procs`` worker processes (:mod:`.benchclients`; Easy gnomes
decide, so the load is the server's). Every table's clients live in one
worker, which measures for each action the time from sending it to each seat
receiving the update it caused (action-to-update latency, at the acting seat
and at every seat).

Two paces: ``--pace 0`` (the default) has every bot act the moment its turn
comes, the server's saturation point, where latency is only how many actions
wait in line (tables / actions per second); ``--pace 1`` has each bot wait
0.5 to 1.5 s before acting, about one action a second per table like a real
table whose clients animate every card.

Bounded: it stops when every game is over or after ``--timeout`` seconds,
whichever comes first, then stops the server. Prints the numbers (with the
machine's load average while it ran); the server's CPU time and peak memory
come from /proc (Linux) when available, its own delays (event-loop lag,
garbage-collector pauses) from ``--timings``.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import queue
import resource
import signal
import subprocess
import sys
import threading
import time
from array import array
from collections.abc import Sequence
from pathlib import Path

from gnoming.net.protocol import Difficulty

from .benchclients import WorkerJob, WorkerReport, run_clients


class ServerProcess:
    """``python -m gnoming.server`` as a child whose stdout is read all along.

    The server writes one JSON line per finished game; a pipe nobody reads fills
    after a few hundred of them and the server would then block on the write,
    so a thread keeps reading and keeps the lines."""

    def __init__(self, command: Sequence[str], ready_timeout: float = 30.0) -> None:
        self.process = subprocess.Popen(list(command), stdout=subprocess.PIPE, text=True)
        assert self.process.stdout is not None
        self.lines: list[str] = []
        ready: queue.SimpleQueue[str] = queue.SimpleQueue()
        self._reader = threading.Thread(target=self._read, args=(ready,), name="server-stdout", daemon=True)
        self._reader.start()
        try:
            self.ready: dict[str, object] = json.loads(ready.get(timeout=ready_timeout))
        except (queue.Empty, ValueError):
            self.stop()
            raise RuntimeError("the server did not say it was ready") from None

    @property
    def pid(self) -> int:
        return self.process.pid

    def _read(self, ready: queue.SimpleQueue[str]) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        first = True
        for line in stdout:
            if first:
                ready.put(line)
                first = False
            else:
                self.lines.append(line)
        if first:
            ready.put("")

    def stop(self, timeout: float = 20.0) -> list[str]:
        """SIGTERM, wait (then kill); every line it wrote after the ready line."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._reader.join(5.0)
        return self.lines


class LoadSampler:
    """The machine's 1-minute load average, every few seconds, on a thread."""

    def __init__(self, every: float = 5.0) -> None:
        self.every = every
        self.samples: list[float] = [os.getloadavg()[0]]
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="load-sampler", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            self.samples.append(os.getloadavg()[0])

    def stop(self) -> list[float]:
        self._stop.set()
        self._thread.join(self.every + 1)
        self.samples.append(os.getloadavg()[0])
        return self.samples


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
    """The ``q`` percentile (0 to 100) by nearest rank; NaN for no values."""
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[k]


def split_tables(tables: int, workers: int) -> list[tuple[int, ...]]:
    """Table numbers dealt round-robin to ``workers`` workers (none left empty).

    >>> split_tables(5, 2)
    [(0, 2, 4), (1, 3)]
    """
    workers = max(1, min(workers, tables))
    return [tuple(range(w, tables, workers)) for w in range(workers)]


def _worker(job: WorkerJob, out: multiprocessing.Queue[WorkerReport]) -> None:
    out.put(run_clients(job))


def run_workers(jobs: Sequence[WorkerJob], grace: float = 30.0) -> list[WorkerReport | None]:
    """Each job in a process of its own (spawned); a worker that has not
    reported ``grace`` seconds after its timeout is ended and reported as None."""
    context = multiprocessing.get_context("spawn")
    results: multiprocessing.Queue[WorkerReport] = context.Queue()
    processes = [context.Process(target=_worker, args=(job, results), daemon=True) for job in jobs]
    for process in processes:
        process.start()
    reports: list[WorkerReport | None] = []
    deadline = time.monotonic() + max(job.timeout for job in jobs) + grace
    for _ in processes:
        try:
            reports.append(results.get(timeout=max(0.1, deadline - time.monotonic())))
        except queue.Empty:
            reports.append(None)
    for process in processes:
        process.join(5.0)
        if process.is_alive():
            process.terminate()
            process.join(5.0)
    return reports


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gnoming.server.bench",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4, choices=range(2, 8))
    parser.add_argument("--timeout", type=float, default=300.0, help="stop after this many seconds (default 300)")
    parser.add_argument(
        "--pace",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="mean seconds a bot waits before each action, drawn from 0.5x to 1.5x (0, the default: "
        "at once, the server's saturation point; 1: about one action a second per table, a real game's pace)",
    )
    parser.add_argument(
        "--client-procs",
        type=int,
        default=2,
        metavar="N",
        help="worker processes the clients are spread over (default 2; each table stays in one)",
    )
    parser.add_argument(
        "--gnomes",
        type=int,
        default=0,
        metavar="G",
        help="of each table's seats, G are gnomes the server plays itself (default 0: every seat a client)",
    )
    parser.add_argument(
        "--level",
        choices=[d.value for d in Difficulty],
        default="easy",
        help="how well those gnomes play (Medium and up think off the event loop)",
    )
    parser.add_argument(
        "--gnome-procs",
        type=int,
        default=1,
        metavar="N",
        help="the server's --gnome-procs (default 1; 0: its gnomes think on a thread)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seeds the bots, their pace and the join codes")
    parser.add_argument("--json", metavar="PATH", help="also write the numbers as JSON")
    args = parser.parse_args(argv)
    if not 1 <= args.tables <= 2000:
        parser.error("--tables is 1 to 2000")
    if not 1 <= args.client_procs <= 64:
        parser.error("--client-procs is 1 to 64")
    if not 0 <= args.gnomes < args.seats:
        parser.error("--gnomes leaves at least one seat for a client")
    if not 0 <= args.pace <= 60:
        parser.error("--pace is 0 to 60 seconds")
    raise_file_limit(args.tables * args.seats * 2 + 256)
    loads = LoadSampler()
    server = ServerProcess(
        [sys.executable, "-m", "gnoming.server", "--host", "127.0.0.1", "--port", "0",
         "--max-tables", str(args.tables + 10), "--gnome-procs", str(args.gnome_procs), "--timings"]
    )
    try:
        url = f"ws://127.0.0.1:{server.ready['port']}"
        before = proc_numbers(server.pid)
        jobs = [
            WorkerJob(
                url=url,
                tables=tables,
                seats=args.seats,
                pace=args.pace,
                timeout=args.timeout,
                seed=args.seed,
                gnomes=args.gnomes,
                level=Difficulty(args.level),
            )
            for tables in split_tables(args.tables, args.client_procs)
        ]
        start = time.perf_counter()
        reports = run_workers(jobs)
        elapsed = time.perf_counter() - start
        after = proc_numbers(server.pid)
    finally:
        lines = server.stop()
        load_samples = loads.stop()
    records = [json.loads(line) for line in lines if line.startswith("{")]
    timings: dict[str, object] = next((r for r in records if r.get("event") == "timings"), {})
    server_results = {str(r["code"]): tuple(r["totals"]) for r in records if r.get("event") == "result"}
    report = build_report(args, reports, elapsed, before, after, timings, server_results, load_samples)
    print(format_report(report))
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    ok = report["tables_finished"] == args.tables and report["result_disagreements"] == 0
    return 0 if ok else 1


def build_report(
    args: argparse.Namespace,
    reports: Sequence[WorkerReport | None],
    elapsed: float,
    before: dict[str, float],
    after: dict[str, float],
    timings: dict[str, object],
    server_results: dict[str, tuple[int, ...]],
    load_samples: Sequence[float],
) -> dict[str, object]:
    """Every number of a run, flat (what is printed and written with ``--json``)."""
    done = [r for r in reports if r is not None]
    acting = array("d")
    every_seat = array("d")
    client_results: dict[str, tuple[int, ...]] = {}
    for r in done:
        acting.extend(r.acting_latencies)
        every_seat.extend(r.seat_latencies)
        client_results.update(r.results)
    disagreements = sum(r.disagreements for r in done) + sum(
        1 for code, totals in client_results.items() if server_results.get(code, totals) != totals
    )
    acting_ms = [x * 1000 for x in acting]
    seat_ms = [x * 1000 for x in every_seat]
    actions = sum(r.actions for r in done)
    report: dict[str, object] = {
        "tables": args.tables,
        "seats": args.seats,
        "gnomes": f"{args.gnomes} {args.level}, {args.gnome_procs} processes" if args.gnomes else 0,
        "pace_s": args.pace,
        "client_procs": len(reports),
        "tables_finished": len(client_results),
        "result_disagreements": disagreements,
        "problems": sum(r.problems for r in done),
        "failed_clients": sum(r.failed_clients for r in done),
        "workers_lost": sum(1 for r in reports if r is None),
        "actions": actions,
        "elapsed_s": round(elapsed, 2),
        "actions_per_s": round(actions / elapsed, 1) if elapsed else None,
        "latency_ms_p50": round(percentile(acting_ms, 50), 2),
        "latency_ms_p99": round(percentile(acting_ms, 99), 2),
        "latency_ms_max": round(max(acting_ms), 2) if acting_ms else None,
        "every_seat_latency_ms_p50": round(percentile(seat_ms, 50), 2),
        "every_seat_latency_ms_p99": round(percentile(seat_ms, 99), 2),
        "client_procs_cpu_s": round(sum(r.cpu_s for r in done), 2),
        "server_apply_and_send_ms_p50": timings.get("ms_p50"),
        "server_apply_and_send_ms_p99": timings.get("ms_p99"),
        "server_loop_lag_ms_p50": timings.get("loop_lag_ms_p50"),
        "server_loop_lag_ms_p99": timings.get("loop_lag_ms_p99"),
        "server_loop_lag_ms_max": timings.get("loop_lag_ms_max"),
        "server_gc2_count": timings.get("gc2_count"),
        "server_gc2_ms_max": timings.get("gc2_ms_max"),
        "server_gc_ms_max": max(
            (v for k, v in timings.items() if k.startswith("gc") and k.endswith("_ms_max") and isinstance(v, float)),
            default=None,
        ),
    }
    if "cpu_s" in after:
        cpu = after["cpu_s"] - before.get("cpu_s", 0.0)
        report["server_cpu_s"] = round(cpu, 2)
        report["server_cpu_ms_per_table"] = round(cpu * 1000 / args.tables, 1)
        report["server_cpu_us_per_action"] = round(cpu * 1e6 / actions, 1) if actions else None
        report["server_cpu_share"] = round(cpu / elapsed, 3) if elapsed else None
    if "VmHWM" in after:
        report["server_rss_start_mb"] = round(before.get("VmRSS", 0.0), 1)
        report["server_rss_peak_mb"] = round(after["VmHWM"], 1)
        report["server_kb_per_table"] = round((after["VmHWM"] - before.get("VmRSS", 0.0)) * 1024 / args.tables, 1)
    report["server_timings"] = {k: v for k, v in timings.items() if k != "event"}
    report["load_average_1min_start"] = round(load_samples[0], 2) if load_samples else None
    report["load_average_1min_mean"] = round(sum(load_samples) / len(load_samples), 2) if load_samples else None
    report["load_average_1min_max"] = round(max(load_samples), 2) if load_samples else None
    return report


def format_report(report: dict[str, object]) -> str:
    return "\n".join(f"{key:>32}: {value}" for key, value in report.items())


if __name__ == "__main__":
    raise SystemExit(main())
