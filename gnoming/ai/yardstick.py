"""The yardstick: a plain flat Monte Carlo bot to measure the gnomes against.

Not offered to players. Issue 11 describes it, and the tournament seats it as
``yardstick``:

- every decision with a choice (except the two initial flips, which it makes at
  random) is searched;
- 32 deals are sampled with :func:`~gnoming.rules.determinize`, the same deals
  for every candidate; the candidates are all the legal actions;
- each candidate is played to the end of the round by a greedy policy
  (:class:`~gnoming.ai.playout.FastPolicy`, for every seat);
- an ending is scored as the bot's round points less the mean round points of
  the others (lower is better);
- the policy's own move is kept unless another action is better on average by
  more than one standard error (of the paired difference over the deals).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from gnoming.rules import Action, GameState, Observation, Phase, determinize

from .knowledge import Unseen
from .playout import FastPolicy, PlayoutCache
from .protocol import DecidedThinker, Thinker, think_until_done
from .search import RoundSearch

SAMPLES = 32


def margin_score(seat: int) -> Callable[[GameState], float]:
    """Round points of ``seat`` less the mean of the others' (lower is better)."""

    def score(state: GameState) -> float:
        scores = state.round_results[-1].scores
        others = (sum(scores) - scores[seat]) / (len(scores) - 1)
        return scores[seat] - others

    return score


class YardstickBot:
    """Flat Monte Carlo with a greedy playout policy (see the module docstring)."""

    name = "yardstick"

    def __init__(self, seed: int, *, playouts: int = SAMPLES) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts

    def start(self, obs: Observation, legal: Sequence[Action]) -> Thinker:
        if len(legal) == 1:
            return DecidedThinker(legal[0])
        if obs.phase is Phase.INITIAL_FLIP:
            return DecidedThinker(self.rng.choice(list(legal)))
        seed = self.rng.getrandbits(64)
        mean = Unseen.of(obs).mean
        cache = PlayoutCache()
        # the policy reads only public facts, so any imagined deal gives its move
        default = FastPolicy(mean, random.Random(seed))(determinize(obs, random.Random(seed)))
        return RoundSearch(
            obs,
            legal,
            default,
            seed=seed,
            samples=self.playouts,
            policy=lambda rng: FastPolicy(mean, rng, cache=cache),
            score=margin_score(obs.seat),
            gate=1.0,
        )

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        return think_until_done(self.start(obs, legal))
