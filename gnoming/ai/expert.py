"""Expert ("Grandpa Beck"): Hard's search with a better model of its opponents.

It plays the planner's best three actions (within 2.5 points of its favourite)
to the end of the round on 48 sampled deals, where Hard plays four on 24, and
in its playouts every other seat also counts its half-built rows and columns
(``model="lines"``, :class:`~gnoming.ai.playout.LinesPolicy`), where Hard's
playouts play them by the plain points of their cards. More deals alone made
little difference (96 deals won 53.7% of 270 games against Hard); Hard's own
search with the lines model won 59.0% of 83 (docs/bots.md). Like every gnome,
how much it searches is fixed by its settings, never by a clock.
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
        playouts: int = 48,
        candidates: int = 3,
        gate: float = 0.5,
        margin: float = 2.5,
        discards: bool = False,
        objective: str = "win",
        full_seats: int = 3,
        model: str = "lines",
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
            full_seats=full_seats,
            model=model,
            clock=clock,
        )
