"""How the one-turn-ahead leaf that Expert blends into its search compares
with the round's end, heads-up.

    .venv/bin/python scripts/leaf_calibration.py --positions 110 --deals 10 --seed 11000

Plays heads-up rounds with the fast playout policy for both seats and, at
positions where the seat to move holds a drawn card (2 to 7 of its cards face
down, nobody gone out), takes the planner's three best actions, as a search
would. On ``--deals`` sampled deals, shared by the three, it plays each action
on as Expert's playouts do: the rest of the own turn, the opponent's turn and
the own next turn (``hard.leaf_points`` judges the table there, the own
half-built lines at 1.3), then on to the end of the round.

Prints, for the playouts where nobody went out before the leaf, how far the
leaf's points lie above the round's end for each seat, by the own face-down
cards at the leaf; and a least-squares fit, within each deal (the three
actions' values less their mean), of the ending's utility on the leaf's
utility, the own face-down cards at the leaf, and whether the own seat went out
before the leaf. A leaf coefficient below 1 says the leaf spreads the actions
further apart than their endings do; a positive went-out coefficient says the
leaf rates going out better than the ending does. docs/bots-log.md ("Later
on 7 December") says what this measured. ``--leaf learned`` judges the
leaf by the learned evaluation instead (gnoming/ai/value.py; "Late on 7
December").
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gnoming.ai import value  # noqa: E402
from gnoming.ai.hard import (  # noqa: E402
    POTENTIAL,
    SHORT_LEAF_POTENTIAL,
    leaf_points,
    learned_points,
    utility,
)
from gnoming.ai.planner import TurnPlanner  # noqa: E402
from gnoming.ai.playout import FastPolicy, PlayoutCache  # noqa: E402
from gnoming.ai.search import playout  # noqa: E402
from gnoming.rules import GameState, Phase, determinize, observe  # noqa: E402

CANDIDATES = 3
FEED_WEIGHT = 0.1

Row = tuple[int, float, float, float, float]
"""(deal, leaf utility, ending utility, own face-down at the leaf, went out before it)."""


def solve(matrix: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a few unknowns)."""
    n = len(rhs)
    m = [row[:] + [rhs[i]] for i, row in enumerate(matrix)]
    for i in range(n):
        pivot = max(range(i, n), key=lambda r: abs(m[r][i]))
        m[i], m[pivot] = m[pivot], m[i]
        if abs(m[i][i]) < 1e-12:
            raise ValueError("the fit is singular: too few positions")
        for r in range(n):
            if r != i:
                f = m[r][i] / m[i][i]
                for c in range(i, n + 1):
                    m[r][c] -= f * m[i][c]
    return [m[i][n] / m[i][i] for i in range(n)]


def within_deal_fit(rows: Sequence[Row], columns: Sequence[int]) -> list[float]:
    """Least squares of the ending's utility on ``columns`` of the rows, each
    deal's rows less their mean (only what tells the actions apart)."""
    by_deal: dict[int, list[Row]] = defaultdict(list)
    for row in rows:
        by_deal[row[0]].append(row)
    centred: list[list[float]] = []
    for group in by_deal.values():
        if len(group) < 2:
            continue
        means = [sum(r[i] for r in group) / len(group) for i in range(5)]
        centred.extend([r[i] - means[i] for i in range(5)] for r in group)
    matrix = [[sum(r[a] * r[b] for r in centred) for b in columns] for a in columns]
    rhs = [sum(r[a] * r[2] for r in centred) for a in columns]
    return solve(matrix, rhs)


def run(
    positions: int, deals: int, seed: int, learned: bool = False
) -> tuple[dict[int, tuple[list[float], list[float]]], list[Row]]:
    """The leaf's excess over the ending by own face-down cards (own, opponent),
    and the rows for the fit."""
    gaps: dict[int, tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    rows: list[Row] = []
    model = value.shared() if learned else None
    found = deal = 0
    game = 0
    while found < positions:
        state = GameState.new(2, seed=seed + game)
        state.stop_at_round_end = True
        table = FastPolicy(4.0, random.Random(seed + game))
        pick = random.Random(seed * 7 + game)
        game += 1
        while not state.round_over() and found < positions:
            me = state.seat
            if (
                state.phase is Phase.PLAY
                and state.went_out_first is None
                and 2 <= state.face_down_count[me] <= 7
                and pick.random() < 0.5
            ):
                found += 1
                obs = observe(state, me)
                planner = TurnPlanner(obs, potential=POTENTIAL, feed_weight=FEED_WEIGHT)
                legal = state.legal_actions()
                values = planner.action_values(legal)
                candidates = sorted(legal, key=lambda a: values[a])[:CANDIDATES]
                totals, round_index = obs.totals(), obs.round_index
                cache = PlayoutCache()
                for k in range(deals):
                    deal += 1
                    base = determinize(
                        obs, random.Random(seed * 1_000 + deal), stop_at_round_end=True
                    )
                    for action in candidates:
                        sim = base.clone()
                        sim.apply(action)
                        policy = FastPolicy(
                            planner.unseen.mean, random.Random(k), me, planner.estimator, cache
                        )
                        playout(sim, policy, 1 + sim.n_seats)
                        if sim.round_over():
                            continue
                        went_out = sim.went_out_first == me
                        anyone_out = sim.went_out_first is not None
                        down = sim.face_down_count[me]
                        if model is not None and not anyone_out:
                            leaf = learned_points(sim, model, planner.unseen)
                        else:
                            leaf = leaf_points(sim, me, planner.unseen, SHORT_LEAF_POTENTIAL)
                        leaf_utility = utility(leaf, me, totals, round_index)
                        playout(sim, policy)
                        ending = [float(p) for p in sim.round_results[round_index].scores]
                        rows.append(
                            (
                                deal,
                                leaf_utility,
                                utility(ending, me, totals, round_index),
                                float(down),
                                1.0 if went_out else 0.0,
                            )
                        )
                        if not anyone_out:
                            own, other = gaps[down]
                            own.append(leaf[me] - ending[me])
                            other.append(leaf[1 - me] - ending[1 - me])
            state.apply(table(state))
    return gaps, rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=110)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=11000)
    parser.add_argument(
        "--leaf",
        choices=("plain", "learned"),
        default="plain",
        help="judge the leaf by hard.leaf_points or by the learned evaluation (gnoming/ai/value.py)",
    )
    args = parser.parse_args(argv)
    if args.positions < 1 or args.deals < 1:
        parser.error("--positions and --deals are at least 1")
    gaps, rows = run(args.positions, args.deals, args.seed, args.leaf == "learned")
    print(
        f"{args.positions} positions, {args.deals} deals each, {len(rows)} playouts (seed {args.seed})"
    )
    print("own face-down at the leaf   playouts   leaf less ending: own   opponent")
    for down in sorted(gaps):
        own, other = gaps[down]
        print(
            f"{down:>26}   {len(own):>8}   {statistics.fmean(own):>21.2f}   {statistics.fmean(other):>8.2f}"
        )
    try:
        a, b, c = within_deal_fit(rows, (1, 3, 4))
        (alone,) = within_deal_fit(rows, (1,))
    except ValueError as error:
        print(error)
        return 1
    print(
        f"within a deal: ending = {a:.2f} x leaf {b:+.2f} x own face-down {c:+.2f} x went out before the leaf"
    )
    print(f"within a deal, the leaf alone: ending = {alone:.2f} x leaf")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
