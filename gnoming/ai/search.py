"""Sampled search to the end of the round: the engine of the yardstick, Hard and Expert.

A :class:`RoundSearch` compares a few candidate actions of one decision. It
imagines the hidden cards ``samples`` times (:func:`~gnoming.rules.determinize`),
plays every candidate on every imagined deal to the end of the round with a
playout policy, and scores each ending (or, with a ``horizon``, plays on only
that many more turns of every seat and scores the table with a ``leaf``
evaluation; with a ``leaf_weight`` below 1, it judges the table at the
horizon, plays on to the end of the round and blends the two; with several
leaf weights, it also judges the table after each further round of turns).
Every
candidate sees the same deals and the same random numbers in its playout (common random numbers), so their difference is measured on equal
terms even with few samples.

The choice is confidence-gated: the ``default`` action (what a cheaper judgement
prefers) is kept unless another candidate is better on average by more than
``gate`` standard errors of the paired difference.

The amount of work is fixed by ``samples`` and the number of candidates, never
by a clock: the same seed and observation always give the same decision. The
time budget of :meth:`RoundSearch.step` only decides how the work is sliced
between frames.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterator, Sequence

from gnoming.rules import Action, GameState, Observation, determinize

from .protocol import Thinker

Policy = Callable[[GameState], Action]
PolicyFactory = Callable[[random.Random], Policy]
"""Builds the playout policy of one sample from that sample's generator."""
Score = Callable[[GameState], float]
"""Scores a finished playout for the deciding seat (lower is better)."""
Leaf = Callable[[GameState], float]
"""Scores a playout stopped at the horizon, before its round ended (lower is better)."""

SEED_MIX = 1_000_003
INNER_SLICE = 0.001
"""Seconds a thinking playout policy's own thinker is stepped at a time
(:func:`playout_steps`): the outer step checks its budget in between."""


def playout(state: GameState, policy: Policy, turns: int | None = None) -> GameState:
    """Play ``state`` (a search copy) to the end of its round, or until ``turns``
    more turns have ended (a turn in progress counts as one); returns it."""
    apply = state.apply
    if turns is None:
        while not state.round_over():
            apply(policy(state))
        return state
    limit = state.turns_taken + turns
    while not state.round_over() and state.turns_taken < limit:
        apply(policy(state))
    return state


def playout_steps(
    state: GameState, policy: Policy, turns: int | None = None
) -> Iterator[None]:
    """:func:`playout` that can be paused. A policy that thinks at length
    offers ``begin(state)``, which returns a :class:`~gnoming.ai.protocol.Thinker`
    for a decision that needs thought (else None: ``policy(state)`` decides);
    the thinker is stepped :data:`INNER_SLICE` at a time and the generator
    yields in between, so a search whose playouts search (``expert(own_search=8)``)
    still fits a frame. The moves are exactly those of :func:`playout`."""
    begin: Callable[[GameState], Thinker | None] | None = getattr(policy, "begin", None)
    if begin is None:
        playout(state, policy, turns)
        return
    limit = None if turns is None else state.turns_taken + turns
    apply = state.apply
    while not state.round_over() and (limit is None or state.turns_taken < limit):
        thinker = begin(state)
        if thinker is None:
            apply(policy(state))
            continue
        while not thinker.step(INNER_SLICE):
            yield
        apply(thinker.result())


class RoundSearch:
    """One decision by sampled playouts (see the module docstring)."""

    def __init__(
        self,
        obs: Observation,
        candidates: Sequence[Action],
        default: Action,
        *,
        seed: int,
        samples: int,
        policy: PolicyFactory,
        score: Score,
        gate: float = 1.0,
        clock: Callable[[], float] = time.perf_counter,
        horizon: int | None = None,
        leaf: Leaf | None = None,
        leaf_weight: float | Sequence[float] = 1.0,
    ) -> None:
        if default not in candidates:
            raise ValueError("the default action must be one of the candidates")
        self.obs = obs
        self.candidates = tuple(candidates)
        self.default = default
        self.seed = seed
        self.samples = max(1, samples)
        self.policy = policy
        self.score = score
        self.gate = gate
        self.clock = clock
        """Read only to slice the work between frames."""
        if horizon is not None and (horizon < 1 or leaf is None):
            raise ValueError("a horizon is at least 1 and needs a leaf evaluation")
        self.horizon = horizon
        """Play each candidate on until the deciding seat has had this many more
        turns (every other seat as many), or to the end of the round (None)."""
        self.leaf = leaf
        weights = (leaf_weight,) if isinstance(leaf_weight, int | float) else tuple(leaf_weight)
        if (
            not weights
            or any(w <= 0.0 for w in weights)
            or sum(weights) > 1.0 + 1e-9
            or (horizon is None and weights != (1.0,))
        ):
            raise ValueError(
                "leaf_weight is above 0 and at most 1 (several: each above 0, at most 1 "
                "together), and other than 1 only with a horizon"
            )
        self.leaf_weight = leaf_weight
        """With a horizon: below 1 the playout goes on from the horizon to the
        end of the round, and a sample scores ``leaf_weight * leaf + (1 -
        leaf_weight) * ending``, two judgements of the same playout blended.
        Several weights ``(w1, w2, ...)``: the table is judged at the horizon
        (``w1``), again after each further round of turns (``w2``, ...), and the
        ending takes the rest; a judgement due after the round ended is its
        ending."""
        self.leaf_weights = weights
        """``leaf_weight`` as a tuple."""
        self.values: list[list[float]] = [[] for _ in self.candidates]
        """Score of every candidate on every finished sample."""
        self._base: GameState | None = None
        self._job: Iterator[None] | None = None
        """The playout under way, paused between frames (:func:`playout_steps`)."""
        self._sample = 0
        self._index = 0
        self.decision: Action | None = None
        if len(self.candidates) == 1:
            self.decision = self.candidates[0]

    # ------------------------------------------------------------ Thinker API

    def step(self, budget_seconds: float) -> bool:
        if self.decision is not None:
            return True
        clock = self.clock
        start = clock()
        while True:
            if self._job is None:
                self._job = self._work()
            try:
                next(self._job)
            except StopIteration:
                self._job = None
                if self._sample >= self.samples:
                    self.decision = self._choose()
                    return True
            if clock() - start >= budget_seconds:
                return False

    def result(self) -> Action:
        if self.decision is None:
            raise RuntimeError("the decision is not made yet: call step() until it returns True")
        return self.decision

    @property
    def samples_done(self) -> int:
        return self._sample

    @property
    def playouts_done(self) -> int:
        """Playouts finished so far (every candidate on every deal is one)."""
        return self._sample * len(self.candidates) + self._index

    # ------------------------------------------------------------ the work

    def _work(self) -> Iterator[None]:
        """One playout: candidate ``_index`` on sampled deal ``_sample``; it
        pauses (yields) only where the policy thinks (:func:`playout_steps`)."""
        sample = self._sample
        if self._index == 0:
            self._base = determinize(
                self.obs, random.Random(self.seed * SEED_MIX + sample), stop_at_round_end=True
            )
        assert self._base is not None
        state = self._base.clone()
        state.apply(self.candidates[self._index])
        policy = self.policy(random.Random(self.seed + 7 * sample + 1))
        if self.horizon is None:
            yield from playout_steps(state, policy)
            self.values[self._index].append(self.score(state))
        else:
            # the rest of the deciding seat's turn, then ``horizon`` rounds of turns
            yield from playout_steps(state, policy, 1 + self.horizon * state.n_seats)
            assert self.leaf is not None
            if state.round_over():
                value = self.score(state)
            else:
                value, rest = 0.0, 1.0
                for k, weight in enumerate(self.leaf_weights):
                    if k:  # one more round of turns
                        yield from playout_steps(state, policy, state.n_seats)
                    judged = self.score(state) if state.round_over() else self.leaf(state)
                    value += weight * judged
                    rest -= weight
                if rest > 1e-9:
                    yield from playout_steps(state, policy)
                    value += rest * self.score(state)
            self.values[self._index].append(value)
        self._index += 1
        if self._index == len(self.candidates):
            self._index = 0
            self._sample += 1

    def means(self) -> list[float]:
        return [sum(v) / len(v) if v else 0.0 for v in self.values]

    def _choose(self) -> Action:
        means = self.means()
        d = self.candidates.index(self.default)
        best = min(range(len(self.candidates)), key=lambda i: (means[i], i != d))
        if best == d:
            return self.default
        diffs = [a - b for a, b in zip(self.values[best], self.values[d], strict=True)]
        n = len(diffs)
        mean = sum(diffs) / n
        if n > 1:
            var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
            se = math.sqrt(var / n)
        else:
            se = 0.0
        # better (lower) by more than ``gate`` standard errors
        return self.candidates[best] if mean < -self.gate * se else self.default
