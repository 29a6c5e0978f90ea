"""Medium: a careful counting gnome with a one-turn lookahead (see planner.py)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gnoming.rules import Action, Observation

from .planner import TurnPlanner


class MediumBot:
    """Plays, at every decision, the action of lowest expected points this turn."""

    name = "medium"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return TurnPlanner(obs).choose(legal, self.rng)
