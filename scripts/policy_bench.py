"""How well a playout policy plays: one seat plays it, the others play another,
round after round; prints its round score less the others' mean.

    .venv/bin/python scripts/policy_bench.py --policy lines --against fast --rounds 1500

Policies: ``fast`` (:class:`~gnoming.ai.playout.FastPolicy`, plain points),
``lines`` (:class:`~gnoming.ai.playout.LinesPolicy` with the seat's own
estimator: half-built rows and columns counted), ``lines-first`` (the same
with the estimator of the seat's first decision of the round kept to its end,
as Hard's playouts keep the estimator of the decision being searched),
``planned-lines`` (:class:`~gnoming.ai.playout.PlannedLinesPolicy`:
``lines`` weighing a discard against the expected draw and going out against
the chance of ending lowest), ``medium`` (the Medium gnome), ``value`` (every
seat judging its layouts by the evaluation learned from played rounds,
gnoming/ai/value.py, while nobody has gone out).
Each round is round 1 of a new deal; the seat that plays ``--policy`` moves
round the table. Rounds are played by the rules engine alone, so this takes
seconds, where a tournament takes hours: a quick first look at a policy, not a
measure of a gnome (docs/bots-log.md says what it did and did not predict).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gnoming.ai.hard import SHORT_LEAF_POTENTIAL  # noqa: E402
from gnoming.ai.knowledge import (  # noqa: E402
    DOWN,
    Estimator,
    Unseen,
    estimate_turns_left,
    turns_left,
)
from gnoming.ai.medium import MediumBot  # noqa: E402
from gnoming.ai.playout import (  # noqa: E402
    FastPolicy,
    LinesPolicy,
    PlannedLinesPolicy,
    PlayoutCache,
)
from gnoming.ai.value import LineValue, shared  # noqa: E402
from gnoming.rules import Action, GameState, observe  # noqa: E402

Play = Callable[[GameState], Action]
POLICIES = ("fast", "lines", "lines-first", "planned-lines", "medium", "value")


class ValuePolicy(FastPolicy):
    """:class:`FastPolicy` with every seat judging its layouts, while nobody
    has gone out and a card is still face down, by the evaluation learned from
    played rounds (gnoming/ai/value.py): the round points it is likely to end
    at after its turn, at the moment the table would then be in."""

    __slots__ = ("model", "unseen")
    every_seat = True

    def __init__(
        self, unseen: Unseen, rng: random.Random, cache: PlayoutCache, model: LineValue
    ) -> None:
        super().__init__(unseen.mean, rng, cache=cache)
        self.model = model
        self.unseen = unseen

    def _others_quickest(self, state: GameState, seat: int) -> int:
        return min(n for s, n in enumerate(state.face_down_count) if s != seat)

    def _value(self, state: GameState, seat: int, cards: list[int]) -> float:
        if state.went_out_first is None:
            down = cards.count(DOWN)
            if down:
                quickest = min(down, self._others_quickest(state, seat))
                prior = 0.0
                if self.model.uses_prior:
                    estimator = Estimator(self.unseen, turns_left(quickest), SHORT_LEAF_POTENTIAL)
                    prior = estimator.value(cards)
                return self.model.value(cards, quickest, False, prior)
        return super()._value(state, seat, cards)

    def _keep_kind(self, state: GameState, seat: int) -> int:
        if state.went_out_first is not None:
            return -1
        return 2 + self._others_quickest(state, seat)  # with the layout, decides the keep


def player(kind: str, seed: int) -> Play:
    rng = random.Random(seed)
    if kind == "medium":
        bot = MediumBot(seed)
        return lambda state: bot.choose(observe(state, state.seat), state.legal_actions())

    first: list[Estimator] = []

    def play(state: GameState) -> Action:
        obs = observe(state, state.seat)
        unseen = Unseen.of(obs)
        if kind in ("lines", "lines-first"):
            estimator = Estimator(unseen, estimate_turns_left(obs, state.seat), 1.0)
            if kind == "lines-first":
                first[:] = first or [estimator]  # the round's first decision
                estimator = first[0]
            return LinesPolicy(estimator.unseen.mean, rng, state.seat, estimator)(state)
        if kind == "planned-lines":
            estimator = Estimator(unseen, estimate_turns_left(obs, state.seat), 1.0)
            return PlannedLinesPolicy(unseen.mean, rng, state.seat, estimator)(state)
        if kind == "value":
            return ValuePolicy(unseen, rng, PlayoutCache(), shared())(state)
        return FastPolicy(unseen.mean, rng)(state)

    return play


def run(policy: str, against: str, n_seats: int, rounds: int, base: int) -> tuple[float, float]:
    """Mean and standard error of the policy seat's round score less the others' mean."""
    diffs: list[float] = []
    for r in range(rounds):
        state = GameState.new(n_seats, seed=base + r).clone(stop_at_round_end=True)
        me = r % n_seats
        seats = [player(policy if s == me else against, base * 7 + r * 11 + s) for s in range(n_seats)]
        while not state.round_over():
            legal = state.legal_actions()
            state.apply(legal[0] if len(legal) == 1 else seats[state.current_seat()](state))
        scores = state.round_results[-1].scores
        diffs.append(scores[me] - (sum(scores) - scores[me]) / (n_seats - 1))
    return statistics.mean(diffs), statistics.stdev(diffs) / len(diffs) ** 0.5


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--policy", choices=POLICIES, default="lines")
    parser.add_argument("--against", choices=POLICIES, default="fast")
    parser.add_argument("--seats", type=int, default=4, choices=range(2, 8))
    parser.add_argument("--rounds", type=int, default=1500)
    parser.add_argument("--base", type=int, default=20000, help="seed of the first deal")
    args = parser.parse_args(argv)
    mean, se = run(args.policy, args.against, args.seats, args.rounds, args.base)
    print(
        f"{args.policy} against {args.against}, {args.seats} seats, {args.rounds} rounds: "
        f"round score {mean:+.2f} ± {se:.2f} against the others' mean"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
