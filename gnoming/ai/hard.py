"""Hard: a searching gnome.

For the decisions of its own turn (draw source, keep or refuse and where, each
bounce) Hard orders the legal actions by the one-turn planner (with the value of
half-built rows and columns counted), keeps the best few, and plays each of
them out over sampled determinizations of what it cannot see: the rest of its
turn, every other player's next turn and its own next one (or the end of the
round, if that comes first) with a fast policy. Every candidate sees the same
sampled deals and the same draws (common random numbers), so their comparison
is fair even with few samples. Leaves are scored by what the round will likely
end at, turned into the chance of winning the game: behind, it takes risks;
far ahead, it plays safe.

The search is anytime: a :class:`SearchThinker` does a slice of work per
``step``; it stops after ``playouts`` samples or ``time_limit`` seconds of
thinking, whichever comes first. Bounded by samples alone it is deterministic
for a given seed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from gnoming.rules import Action, Card, GameState, Observation, Phase, determinize
from gnoming.rules.state import ROUNDS

from .knowledge import DOWN, Estimator, Unseen, known_points, normal_cdf
from .planner import TurnPlanner
from .playout import FastPolicy, public_layout
from .protocol import DecidedThinker, Thinker, think_until_done

SEARCHED = (Phase.DRAW, Phase.PLAY, Phase.BOUNCE)
POTENTIAL = 1.0
"""How much of the chance of completing a half-built line the evaluation counts."""
FEED_WEIGHT = 0.1
"""How much Hard minds what its discards give the next player (per point)."""
MARGIN = 2.5
"""Search only the actions the planner values within this many points of its best."""


class HardBot:
    """Searches its own turn's decisions; see the module docstring."""

    name = "hard"

    def __init__(
        self,
        seed: int,
        *,
        playouts: int = 64,
        time_limit: float | None = 0.22,
        candidates: int = 4,
        horizon: int | None = 1,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.rng = random.Random(seed)
        self.clock = clock
        """Seconds, for the thinking budget only (a fake one makes tests exact)."""
        self.playouts = playouts
        self.time_limit = time_limit
        self.candidates = candidates
        self.horizon = horizon

    def start(self, obs: Observation, legal: Sequence[Action]) -> Thinker:
        if len(legal) == 1:
            return DecidedThinker(legal[0])
        return SearchThinker(
            obs,
            legal,
            seed=self.rng.getrandbits(64),
            playouts=self.playouts,
            time_limit=self.time_limit,
            candidates=self.candidates,
            horizon=self.horizon,
            clock=self.clock,
        )

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        return think_until_done(self.start(obs, legal))


class SearchThinker:
    """One Hard decision in progress (see :class:`~gnoming.ai.protocol.Thinker`)."""

    def __init__(
        self,
        obs: Observation,
        legal: Sequence[Action],
        *,
        seed: int,
        playouts: int,
        time_limit: float | None,
        candidates: int,
        horizon: int | None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.obs = obs
        self.clock = clock
        self.legal = tuple(legal)
        self.seed = seed
        self.playouts = max(1, playouts)
        self.time_limit = time_limit
        self.max_candidates = max(1, candidates)
        self.horizon = horizon
        self.rng = random.Random(seed)
        self.planner: TurnPlanner | None = None
        self.candidates: list[Action] = []
        self.prior: dict[Action, float] = {}
        self.totals: list[float] = []
        self.sample = 0
        self.index = 0
        self.base: GameState | None = None
        self.used = 0.0
        self.decision: Action | None = None
        self.unseen: Unseen | None = None

    # ------------------------------------------------------------ Thinker API

    def step(self, budget_seconds: float) -> bool:
        if self.decision is not None:
            return True
        clock = self.clock
        start = clock()
        try:
            if self.planner is None:
                self._prepare()
                if self.decision is not None:
                    return True
            while True:
                self._work()
                if self._finished(clock() - start):
                    self.decision = self._best()
                    return True
                if clock() - start >= budget_seconds:
                    return False
        finally:
            self.used += clock() - start

    def result(self) -> Action:
        if self.decision is None:
            raise RuntimeError("the decision is not made yet: call step() until it returns True")
        return self.decision

    @property
    def samples_done(self) -> int:
        return self.sample

    # ------------------------------------------------------------ the search

    def _prepare(self) -> None:
        obs = self.obs
        planner = TurnPlanner(obs, potential=POTENTIAL, feed_weight=FEED_WEIGHT)
        self.planner = planner
        if obs.phase not in SEARCHED or obs.held is Card.HAZARD:
            # a hazard in hand: the planner's points say it all (keep it only
            # over a card worth more than 10)
            self.decision = planner.choose(self.legal, self.rng)
            return
        values = planner.action_values(self.legal)
        ranked = sorted(self.legal, key=lambda a: values[a])
        self.prior = values
        best = values[ranked[0]]
        close = [a for a in ranked[: self.max_candidates] if values[a] <= best + MARGIN]
        if len(close) == 1:
            self.decision = ranked[0]
            return
        self.candidates = close
        self.totals = [0.0] * len(self.candidates)
        self.unseen = planner.unseen

    def _finished(self, elapsed_this_step: float) -> bool:
        """Stop only between samples, so every candidate has seen the same deals."""
        if self.index != 0:
            return False
        if self.sample >= self.playouts:
            return True
        if self.time_limit is None or self.sample == 0:
            return False
        return self.used + elapsed_this_step >= self.time_limit

    def _work(self) -> None:
        """One playout: candidate ``index`` on sampled deal ``sample``."""
        if self.index == 0:
            self.base = determinize(self.obs, random.Random(self.seed * 1_000_003 + self.sample))
        assert self.base is not None and self.unseen is not None and self.planner is not None
        state = self.base.clone()
        state.apply(self.candidates[self.index])
        policy = FastPolicy(
            self.unseen.mean,
            random.Random(self.seed + 7 * self.sample),
            self.obs.seat,
            self.planner.estimator,
        )
        self.totals[self.index] += rollout(
            state, self.obs.seat, policy, self.horizon, self.unseen, self.obs.round_index
        )
        self.index += 1
        if self.index == len(self.candidates):
            self.index = 0
            self.sample += 1

    def _best(self) -> Action:
        n = max(1, self.sample)
        best_i = min(
            range(len(self.candidates)),
            key=lambda i: (self.totals[i] / n, self.prior[self.candidates[i]]),
        )
        return self.candidates[best_i]


def rollout(
    state: GameState,
    me: int,
    policy: FastPolicy,
    horizon: int | None,
    unseen: Unseen,
    round_index: int,
) -> float:
    """Play on from ``state`` to the end of round ``round_index`` or the horizon
    (``horizon`` more turns of ``me``), and return the utility for ``me``
    (lower is better)."""
    limit = None if horizon is None else state.turns_taken + 1 + horizon * state.n_seats
    apply = state.apply
    while state.round_index == round_index and (limit is None or state.turns_taken < limit):
        apply(policy(state))
    if state.round_index != round_index:
        points = [float(s) for s in state.round_results[round_index].scores]
    else:
        points = leaf_points(state, me, unseen)
    return utility(points, me, state_totals_before(state, round_index), round_index)


def state_totals_before(state: GameState, round_index: int) -> list[int]:
    totals = [0] * state.n_seats
    for result in state.round_results[:round_index]:
        for seat, score in enumerate(result.scores):
            totals[seat] += score
    return totals


def leaf_points(state: GameState, me: int, unseen: Unseen) -> list[float]:
    """Likely final round points of every seat from what is face up now."""
    mean = unseen.mean
    out: list[float] = []
    went_out = state.went_out_first
    quickest = min(state.face_down_count)
    turns_left = 0.0 if went_out is not None else max(1.0, 1.5 * quickest - 0.5)
    mine = Estimator(unseen, turns_left, POTENTIAL)
    for seat in range(state.n_seats):
        cards = public_layout(state, seat)
        if seat == me:
            out.append(mine.value(cards))
        else:
            out.append(known_points(cards, mean) - (0.0 if went_out is not None else 1.0))
    if went_out is not None:
        cards = public_layout(state, went_out)
        if DOWN not in cards:
            own = out[went_out]
            rest = min(p for s, p in enumerate(out) if s != went_out)
            out[went_out] = own + (-5.0 if own <= rest else 5.0)
    return out


ROUND_SPREAD = 9.0
"""Roughly how much a seat's round score varies (for the chance of winning)."""
WIN_WEIGHT = (6.0, 10.0, 18.0)
"""How many points a certain win is worth, by round: the game matters more late."""


def utility(points: Sequence[float], me: int, totals: Sequence[int], round_index: int) -> float:
    """Own round points, less the value of the chance of winning the game."""
    rounds_after = ROUNDS - 1 - round_index
    spread = ROUND_SPREAD * math.sqrt(rounds_after + 0.35)
    mine = totals[me] + points[me]
    p_win = 1.0
    for seat, p in enumerate(points):
        if seat != me:
            p_win *= normal_cdf((totals[seat] + p - mine) / spread)
    return points[me] - WIN_WEIGHT[min(round_index, ROUNDS - 1)] * p_win
