"""How well a playout policy plays: one seat plays it, the others play another,
round after round; prints its round score less the others' mean.

    .venv/bin/python scripts/policy_bench.py --policy lines --against fast --rounds 1500

Policies: ``fast`` (:class:`~gnoming.ai.playout.FastPolicy`, plain points),
``lines`` (:class:`~gnoming.ai.playout.LinesPolicy` with the seat's own
estimator: half-built rows and columns counted), ``lines-first`` (the same
with the estimator of the seat's first decision of the round kept to its end,
as Hard's playouts keep the estimator of the decision being searched),
``medium`` (the Medium gnome).
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

from gnoming.ai.knowledge import Estimator, Unseen, estimate_turns_left  # noqa: E402
from gnoming.ai.medium import MediumBot  # noqa: E402
from gnoming.ai.playout import FastPolicy, LinesPolicy  # noqa: E402
from gnoming.rules import Action, GameState, observe  # noqa: E402

Play = Callable[[GameState], Action]
POLICIES = ("fast", "lines", "lines-first", "medium")


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
