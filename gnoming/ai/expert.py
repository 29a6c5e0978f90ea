"""Expert ("Grandpa Beck"): Hard's search with a better model of its opponents.

Like Hard it plays the planner's best four actions (within 2.5 points of its
favourite) to the end of the round on 24 sampled deals, but in its playouts
every other seat also counts its half-built rows and columns
(``model="lines"``, :class:`~gnoming.ai.playout.LinesPolicy`), where Hard's
playouts play them by the plain points of their cards. More deals alone made
little difference against Hard (96 deals on three candidates won 53.7% of 270
games, and 48 deals with the lines model 48.6% of 37); the lines model on
Hard's own amount of search won 59.0% of 83 (docs/bots.md). A decision takes
about a sixth longer than Hard's. Like every gnome, how much it searches is
fixed by its settings, never by a clock.
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
        playouts: int = 24,
        candidates: int = 4,
        gate: float = 0.5,
        margin: float = 2.5,
        discards: bool = False,
        objective: str = "win",
        full_seats: int = 4,
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
