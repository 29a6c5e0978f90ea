"""Frame-time, start-up and memory benchmark of the game on screen.

    python -m gnoming.ui.bench                 # 7 seats, fast, 1280x720
    python -m gnoming.ui.bench --speed normal --players 4

Runs the real game headless (SDL's dummy video driver, the
software renderer), and prints:

* the time from starting ``python main.py`` to its first drawn title frame
  (``GNOMING_TIMING=1`` makes the game print when that frame was flipped);
* the frame work time (events, update, draw, flip) p50/p95/p99/max over a whole
  ``--autoplay`` game, in which Hard gnomes think a few milliseconds per frame;
* the peak resident memory of the process that played it (``ru_maxrss``).

The game is played in this process (as ``App.run`` would), so each frame is
timed both on the wall clock and as CPU time: on a busy machine the two differ.

Targets (issue 5): p99 <= 8 ms and no frame over 33 ms; first frame <= 1.0 s;
peak memory <= 200 MB. A benchmark prints numbers; nothing here asserts.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HEADLESS = {
    "SDL_VIDEODRIVER": "dummy",
    "SDL_AUDIODRIVER": "dummy",
    "PYGAME_HIDE_SUPPORT_PROMPT": "1",
}
for _name, _value in HEADLESS.items():
    os.environ.setdefault(_name, _value)

import pygame  # noqa: E402

from gnoming.options import SEAT_COUNTS, SPEEDS, LaunchOptions, Speed  # noqa: E402
from gnoming.ui.app import MAX_DT, App, percentile  # noqa: E402
from gnoming.ui.scenes.table import TableScene  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return env


def startup_seconds(runs: int = 5) -> list[float]:
    """Seconds from launching ``python main.py`` to its first flipped frame, per run."""
    env = _env()
    env["GNOMING_TIMING"] = "1"
    out = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as data:
            argv = [sys.executable, str(ROOT / "main.py"), "--max-frames", "1", "--data-dir", data]
            started = time.time_ns()
            done = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=60)
        match = re.search(r"first_frame_epoch_ns=(\d+)", done.stderr)
        if match is None:
            raise RuntimeError(f"no timing line from the game:\n{done.stderr}")
        out.append((int(match.group(1)) - started) / 1e9)
    return out


def _summary(values: list[float]) -> str:
    if not values:
        return "no frames"
    p = [percentile(values, q) for q in (0.50, 0.95, 0.99, 1.0)]
    return "p50 {:.2f}  p95 {:.2f}  p99 {:.2f}  max {:.2f}".format(*p)


def game_run(players: int, speed: Speed, window: tuple[int, int], seed: int) -> dict[str, object]:
    """Play one ``--autoplay`` game in this process, frame by frame as ``App.run`` does,
    timing each frame's work both on the wall clock and as this thread's CPU time (the
    second does not count time the system gave to other programs)."""
    with tempfile.TemporaryDirectory() as data:
        options = LaunchOptions(
            players=players,
            seed=seed,
            speed=speed,
            autoplay=True,
            quit_at_end=True,
            window=window,
            data_dir=Path(data),
        )
        app = App(options)
        app.push(app.first_scene())
        clock = pygame.time.Clock()
        wall: list[float] = []
        cpu: list[float] = []
        hard_wall: list[float] = []
        dt = 0.0
        started = time.perf_counter()
        while app.running:
            t0, c0 = time.perf_counter(), time.thread_time()
            app.step(pygame.event.get(), dt)
            pygame.display.flip()
            ms = (time.perf_counter() - t0) * 1000
            wall.append(ms)
            cpu.append((time.thread_time() - c0) * 1000)
            table = next((s for s in app.stack.scenes if isinstance(s, TableScene)), None)
            seat = table.thinking_seat if table is not None else -1
            if table is not None and seat >= 0 and table.feed.seats[seat].difficulty == "hard":
                hard_wall.append(ms)
            dt = min(clock.tick(60) / 1000.0, MAX_DT)
        seconds = time.perf_counter() - started
        while app.stack.top is not None:
            app.stack.pop()
        pygame.quit()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux
    return {
        "frames": len(wall),
        "seconds": seconds,
        "wall": wall,
        "cpu": cpu,
        "hard": hard_wall,
        "peak_mb": peak,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gnoming.ui.bench", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--players", type=int, choices=SEAT_COUNTS, default=7)
    parser.add_argument("--speed", choices=SPEEDS, default="fast")
    parser.add_argument("--window", default="1280x720", help="WxH")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--startup-runs", type=int, default=5)
    parser.add_argument("--no-game", action="store_true", help="measure the start-up only")
    args = parser.parse_args(argv)

    times = startup_seconds(args.startup_runs)
    print(
        f"start-up to first title frame: median {statistics.median(times):.3f} s, "
        f"best {min(times):.3f} s, worst {max(times):.3f} s ({len(times)} runs; target <= 1.0 s)"
    )
    if args.no_game:
        return 0
    load = os.getloadavg()[0]
    width, _sep, height = args.window.partition("x")
    run = game_run(args.players, args.speed, (int(width), int(height)), args.seed)
    wall = run["wall"]
    assert isinstance(wall, list)
    print(
        f"{args.players}-seat autoplay game at {args.window}, speed {args.speed}, seed {args.seed}: "
        f"{run['frames']} frames in {run['seconds']:.1f} s; load average before: {load:.2f}"
    )
    print(f"frame work time ms (wall clock): {_summary(wall)}   (targets: p99 <= 8, max <= 33)")
    print(f"frame work time ms (CPU time):   {_summary(run['cpu'])}")  # type: ignore[arg-type]
    print(f"  while a Hard gnome thinks (wall): {_summary(run['hard'])}")  # type: ignore[arg-type]
    print(
        f"frames over 33 ms: {sum(1 for ms in wall if ms > 33)}; over 8 ms: "
        f"{sum(1 for ms in wall if ms > 8)}"
    )
    print(f"peak memory of the game: {run['peak_mb']:.0f} MB (target <= 200 MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
