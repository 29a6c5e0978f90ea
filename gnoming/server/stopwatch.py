"""What the server measures about itself for the load benchmark (``--timings``).

Three numbers say whether the server is what keeps a client waiting:

* how long each friend's action took from decoded to its update written to
  every seat (:attr:`Stopwatch.action_seconds`);
* how late the event loop runs a callback it was asked to run at a given
  time (the loop's lag: every connection waits that long too), sampled by
  :meth:`Stopwatch.watch_loop`;
* how long the garbage collector stopped everything (:meth:`Stopwatch.watch_gc`).

Nothing here changes what the server does; it only keeps numbers and turns
them into one JSON-able record at the end (:meth:`Stopwatch.record`).
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Sequence

MAX_SAMPLES = 2_000_000
"""No list grows past this (a long-running server with ``--timings`` stays bounded)."""


def percentile_ms(ordered: Sequence[float], q: float) -> float | None:
    """The ``q`` (0 to 1) quantile of sorted seconds, in milliseconds (nearest rank)."""
    if not ordered:
        return None
    return round(ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] * 1000, 3)


class Stopwatch:
    """Samples of the server's own delays; see the module docstring."""

    def __init__(self, loop_interval: float = 0.01) -> None:
        self.loop_interval = loop_interval
        self.action_seconds: list[float] = []
        self.loop_lag_seconds: list[float] = []
        self.gc_pauses: dict[int, list[float]] = {0: [], 1: [], 2: []}
        self._gc_started: float | None = None

    def action(self, seconds: float) -> None:
        if len(self.action_seconds) < MAX_SAMPLES:
            self.action_seconds.append(seconds)

    async def watch_loop(self) -> None:
        """Forever: ask to wake after ``loop_interval`` and note how late the wake-up came."""
        loop = asyncio.get_running_loop()
        interval = self.loop_interval
        samples = self.loop_lag_seconds
        while True:
            asked = loop.time() + interval
            await asyncio.sleep(interval)
            if len(samples) < MAX_SAMPLES:
                samples.append(max(0.0, loop.time() - asked))

    def watch_gc(self) -> None:
        """Time every collection from now on (undo with :meth:`stop_gc`)."""
        if self._on_gc not in gc.callbacks:
            gc.callbacks.append(self._on_gc)

    def stop_gc(self) -> None:
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)

    def _on_gc(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._gc_started = time.perf_counter()
        elif self._gc_started is not None:
            pauses = self.gc_pauses.setdefault(info.get("generation", 2), [])
            if len(pauses) < MAX_SAMPLES:
                pauses.append(time.perf_counter() - self._gc_started)
            self._gc_started = None

    def record(self) -> dict[str, object]:
        """Everything measured, in milliseconds, as one flat JSON-able record."""
        actions = sorted(self.action_seconds)
        lag = sorted(self.loop_lag_seconds)
        out: dict[str, object] = {
            "event": "timings",
            "actions": len(actions),
            "ms_p50": percentile_ms(actions, 0.5),
            "ms_p99": percentile_ms(actions, 0.99),
            "ms_max": percentile_ms(actions, 1.0),
            "loop_lag_samples": len(lag),
            "loop_lag_ms_p50": percentile_ms(lag, 0.5),
            "loop_lag_ms_p99": percentile_ms(lag, 0.99),
            "loop_lag_ms_max": percentile_ms(lag, 1.0),
        }
        for generation, pauses in sorted(self.gc_pauses.items()):
            out[f"gc{generation}_count"] = len(pauses)
            out[f"gc{generation}_ms_total"] = round(sum(pauses) * 1000, 1)
            out[f"gc{generation}_ms_max"] = percentile_ms(sorted(pauses), 1.0)
        return out
