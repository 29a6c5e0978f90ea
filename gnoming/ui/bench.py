"""Frame-time, start-up and memory benchmark of the game on screen.

    python -m gnoming.ui.bench                 # 7 seats, fast, 1280x720
    python -m gnoming.ui.bench --speed normal --players 4

Runs the real game in child processes, headless (SDL's dummy video driver, the
software renderer), and prints:

* the time from starting ``python main.py`` to its first drawn title frame
  (``GNOMING_TIMING=1`` makes the game print when that frame was flipped);
* the frame work time (events, update, draw, flip) p50/p95/p99/max over a whole
  ``--autoplay`` game, in which Hard gnomes think a few milliseconds per frame;
* the peak resident memory of that game (``ru_maxrss`` of the child).

Targets (issue 5): p99 <= 8 ms and no frame over 33 ms; first frame <= 1.0 s;
peak memory <= 200 MB. A benchmark prints numbers; nothing here asserts.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

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


def game_run(players: int, speed: str, window: str, seed: int) -> tuple[dict[str, float], float, float]:
    """Play one autoplay game; returns (frame stats, peak memory in MB, wall seconds)."""
    with tempfile.TemporaryDirectory() as data:
        stats_path = Path(data) / "frames.json"
        argv = [
            sys.executable, str(ROOT / "main.py"), "--autoplay", "--quit-at-end",
            "--players", str(players), "--speed", speed, "--window", window,
            "--seed", str(seed), "--data-dir", data, "--frame-stats", str(stats_path),
        ]
        started = time.perf_counter()
        subprocess.run(argv, env=_env(), check=True, timeout=3600)
        wall = time.perf_counter() - started
        stats = json.loads(stats_path.read_text())
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024  # kB on Linux
    return stats, peak, wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gnoming.ui.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=7)
    parser.add_argument("--speed", choices=("fast", "normal", "slow", "instant"), default="fast")
    parser.add_argument("--window", default="1280x720")
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
    stats, peak, wall = game_run(args.players, args.speed, args.window, args.seed)
    print(
        f"{args.players}-seat autoplay game at {args.window}, speed {args.speed}, seed {args.seed}: "
        f"{stats['frames']} frames in {wall:.1f} s"
    )
    print(
        "frame work time ms: p50 {p50:.2f}  p95 {p95:.2f}  p99 {p99:.2f}  max {max:.2f}"
        "  (targets: p99 <= 8, max <= 33)".format(**stats)
    )
    print(f"peak memory of the game: {peak:.0f} MB (target <= 200 MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
