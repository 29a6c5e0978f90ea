"""The load benchmark's parts (``python -m gnoming.server.bench``) and the server's own stopwatch."""

from __future__ import annotations

import asyncio
import gc
import io
import json
import sys
import threading
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.asyncio.server import ServerConnection

from gnoming.server import app as server_app
from gnoming.server import bench
from gnoming.server.__main__ import LineWriter
from gnoming.server.app import ServerConfig, TableServer
from gnoming.server.benchclients import TableClock, WorkerJob, WorkerReport, play_tables, table_code
from gnoming.server.stopwatch import Stopwatch, percentile_ms

from .netplay import Player, running_server, spec


def test_split_tables_deals_every_table_to_exactly_one_worker_and_leaves_none_idle():
    for tables, workers in ((200, 2), (5, 3), (3, 8), (1, 1)):
        parts = bench.split_tables(tables, workers)
        assert sorted(n for part in parts for n in part) == list(range(tables))
        assert all(parts) and len(parts) == min(tables, workers)


def test_table_codes_of_one_run_are_distinct_join_codes():
    codes = {table_code(7, n) for n in range(2000)}
    assert len(codes) == 2000
    assert all(len(code) == 6 for code in codes)


def test_table_clock_gives_each_seat_one_sample_per_action_then_forgets_it():
    clock = TableClock(seats=3)
    clock.sent_now(4)  # an action answering update 4; its update is 5
    samples = [clock.received(5, time.perf_counter()) for _ in range(3)]
    assert all(s is not None and s >= 0 for s in samples)
    assert clock.received(5, time.perf_counter()) is None  # every seat had its sample
    assert clock.received(9, time.perf_counter()) is None  # nobody sent action 8
    assert clock.sent == {}


def test_server_process_keeps_reading_stdout_so_a_chatty_server_never_blocks(tmp_path: Path):
    """The server writes a JSON line per finished game: more than a pipe holds
    (64 KB) must not stop it. The fake server writes 1 MB, then a last line."""
    script = (
        "import json, time\n"
        "print(json.dumps({'event': 'ready', 'port': 1}), flush=True)\n"
        "for _ in range(10_000):\n"
        "    print('x' * 100)\n"
        "print('last', flush=True)\n"
        "time.sleep(60)\n"
    )
    server = bench.ServerProcess([sys.executable, "-c", script])
    try:
        assert server.ready["port"] == 1
        deadline = time.monotonic() + 20
        while "last\n" not in server.lines[-1:] and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        lines = server.stop()
    assert lines[-1] == "last\n" and len(lines) == 10_001


def test_stopwatch_sees_the_event_loop_held_up():
    async def scenario() -> Stopwatch:
        watch = Stopwatch(loop_interval=0.005)
        task = asyncio.get_running_loop().create_task(watch.watch_loop())
        await asyncio.sleep(0.02)
        time.sleep(0.08)  # a blocking call on the loop: every connection waits
        await asyncio.sleep(0.02)
        task.cancel()
        return watch

    watch = asyncio.run(scenario())
    assert max(watch.loop_lag_seconds) >= 0.05
    record = watch.record()
    assert isinstance(record["loop_lag_ms_max"], float) and record["loop_lag_ms_max"] >= 50


def test_stopwatch_times_garbage_collections_only_while_watching():
    watch = Stopwatch()
    watch.watch_gc()
    try:
        gc.collect()
    finally:
        watch.stop_gc()
    seen = len(watch.gc_pauses[2])
    assert seen >= 1 and watch.record()["gc2_count"] == seen
    gc.collect()
    assert len(watch.gc_pauses[2]) == seen


def test_percentile_ms_uses_the_nearest_rank():
    assert percentile_ms([], 0.5) is None
    assert percentile_ms([0.001, 0.002, 0.003], 0.5) == 2.0
    assert percentile_ms([0.001, 0.002, 0.003], 1.0) == 3.0


def test_server_does_not_compress_frames_even_when_the_client_offers_it():
    """permessage-deflate costs CPU on every frame of every seat; the frames are small."""

    async def scenario() -> None:
        async with running_server(ServerConfig(port=0)) as (_server, url):
            ws = await connect(url, compression="deflate")
            try:
                assert ws.protocol.extensions == []
            finally:
                await ws.close()

    asyncio.run(asyncio.wait_for(scenario(), 30))


@pytest.mark.slow
def test_bench_plays_every_table_to_the_end_over_several_client_processes(tmp_path: Path):
    out = tmp_path / "bench.json"
    code = bench.main(
        ["--tables", "3", "--seats", "2", "--client-procs", "2", "--timeout", "90", "--json", str(out)]
    )
    report = json.loads(out.read_text())
    assert code == 0
    assert report["tables_finished"] == 3 and report["result_disagreements"] == 0
    assert report["client_procs"] == 2 and report["workers_lost"] == 0
    assert report["actions"] > 0 and report["latency_ms_p99"] >= report["latency_ms_p50"] > 0
    assert report["server_timings"]["actions"] == report["actions"]


def test_gnomes_thinking_in_a_worker_process_play_the_same_game_as_on_a_thread():
    """Medium and stronger gnomes think off the event loop; in a process (the
    dedicated server) they decide exactly as on a thread (seeded by the turn)."""

    async def game(processes: int) -> tuple[int, ...]:
        config = ServerConfig(port=0, gnome_processes=processes)
        async with running_server(config) as (server, url):
            table = server.open_table("GNPR", spec(3, 2), seed=21)
            view = await Player(url, "GNPR", "Ada").play(timeout=90)
            result = table.result()
            assert result is not None and view.result is not None
            assert view.result.totals == result.totals
            return result.totals

    on_thread = asyncio.run(asyncio.wait_for(game(0), 120))
    in_process = asyncio.run(asyncio.wait_for(game(1), 120))
    assert in_process == on_thread


class SlowToSeatTheFirst(TableServer):
    """A server that takes its time with the first connection (a busy machine)."""

    first = True

    async def _handle(self, ws: ServerConnection) -> None:
        if self.first:
            self.first = False
            await asyncio.sleep(0.4)
        await super()._handle(ws)


def test_bench_clients_ask_for_a_table_only_once_its_creator_is_seated():
    """A joiner that comes before the table exists is a wrong code to the server
    (ten lock the address out for a minute, and the table never starts)."""

    async def scenario() -> WorkerReport:
        server = SlowToSeatTheFirst(ServerConfig(port=0))
        host, port = await server.start()
        try:
            job = WorkerJob(url=f"ws://{host}:{port}", tables=(0,), seats=3, pace=0.0, timeout=30, seed=3)
            return await play_tables(job)
        finally:
            await server.stop()

    report = asyncio.run(scenario())
    assert report.problems == 0 and report.failed_clients == 0
    assert list(report.results) == [table_code(3, 0)]


class StoppedReader(io.StringIO):
    """Standard output whose reader has stopped reading until ``reading`` is set."""

    def __init__(self) -> None:
        super().__init__()
        self.reading = threading.Event()

    def write(self, text: str) -> int:
        self.reading.wait(10)
        return super().write(text)


def test_result_lines_never_hold_up_the_tables_when_nobody_reads_stdout():
    """The server writes a line per finished game from its event loop; a paused
    terminal or a full pipe must hold up only the writing, not every table."""
    stdout = StoppedReader()
    lines = LineWriter(stdout)
    for n in range(3):
        lines.put({"event": "result", "n": n})  # returns though nothing can be written
    assert stdout.getvalue() == ""
    stdout.reading.set()
    lines.close()
    assert [json.loads(line)["n"] for line in stdout.getvalue().splitlines()] == [0, 1, 2]


def test_gnomes_think_on_a_thread_when_their_worker_process_has_died():
    async def game(kill_worker: bool) -> tuple[int, ...]:
        async with running_server(ServerConfig(port=0, gnome_processes=1)) as (server, url):
            if kill_worker:
                pool = server._pool
                assert isinstance(pool, ProcessPoolExecutor)
                await asyncio.get_running_loop().run_in_executor(pool, int)  # the worker is up
                for process in list(pool._processes.values()):  # type: ignore[attr-defined]
                    process.kill()
                    process.join(10)
            table = server.open_table("BRKN", spec(3, 2), seed=21)
            view = await Player(url, "BRKN", "Ada").play(timeout=90)
            result = table.result()
            assert result is not None and view.result is not None
            if kill_worker:
                assert isinstance(server._pool, ThreadPoolExecutor)
            return result.totals

    assert asyncio.run(asyncio.wait_for(game(True), 120)) == asyncio.run(asyncio.wait_for(game(False), 120))


class LostTaskPool(Executor):
    """A process pool that marked itself broken while a decision was being handed
    to it, and lost the decision: CPython 3.11's manager thread fails the pending
    tasks without the lock that ``submit`` holds, so a task added in between never
    finishes. Seen as a table that waited 90 s for its gnome in one of five runs
    of the suite on a busy machine."""

    def __init__(self) -> None:
        self._broken = "A child process terminated abruptly, the process pool is not usable anymore"
        self.lost: list[Future[object]] = []

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        future: Future[object] = Future()
        self.lost.append(future)
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        pass


def test_a_decision_lost_by_a_broken_worker_pool_is_thought_again_on_a_thread():
    async def game() -> None:
        async with running_server(ServerConfig(port=0, gnome_processes=0)) as (server, url):
            server._pool.shutdown()
            lost = server._pool = LostTaskPool()
            table = server.open_table("LSTK", spec(3, 2), seed=21)
            view = await Player(url, "LSTK", "Ada").play(timeout=20)
            assert table.result() is not None and view.result is not None, (view.closing, view.fatal)
            assert lost.lost, "the gnome's first decision went to the broken pool"
            assert isinstance(server._pool, ThreadPoolExecutor)

    asyncio.run(asyncio.wait_for(game(), 30))


def test_a_gnome_whose_thinking_fails_plays_on_as_an_easy_gnome_or_the_first_legal_action(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
):
    real = server_app.decide

    def failing(turn: server_app.GnomeTurn) -> object:
        if turn.level is not server_app.Difficulty.EASY:
            raise RuntimeError("a bug in a gnome")
        if turn.seq % 7 == 0:
            raise RuntimeError("a bug in the Easy gnome too")
        return real(turn)

    monkeypatch.setattr(server_app, "decide", failing)

    async def game() -> None:
        async with running_server(ServerConfig(port=0, gnome_processes=0)) as (server, url):
            table = server.open_table("BUGS", spec(3, 2), seed=21)
            view = await Player(url, "BUGS", "Ada").play(timeout=20)
            assert table.result() is not None and view.result is not None

    asyncio.run(asyncio.wait_for(game(), 30))
    assert "a bug in a gnome" in caplog.text and "a bug in the Easy gnome too" in caplog.text
