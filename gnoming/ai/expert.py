"""Expert ("Grandpa Beck"): Hard's search with more candidates and more samples.

It thinks up to about a second a decision; like every gnome, how much it
searches is fixed by its settings, never by a clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from .hard import HardBot


class ExpertBot(HardBot):
    """The top level: see the module docstring and :class:`~gnoming.ai.hard.HardBot`."""

    name = "expert"

    def __init__(
        self,
        seed: int,
        *,
        playouts: int = 56,
        candidates: int = 5,
        gate: float = 0.5,
        margin: float = 4.0,
        discards: bool = False,
        objective: str = "win",
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        super().__init__(
            seed,
            playouts=playouts,
            candidates=candidates,
            gate=gate,
            margin=margin,
            discards=discards,
            objective=objective,
            clock=clock,
        )
