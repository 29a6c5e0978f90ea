"""How well the line estimator forecasts: the chance it gives each half-built
row and column of a seat against whether the line ended the round as a match.

    .venv/bin/python scripts/line_forecast.py --seats hard,medium,medium,medium --games 40 --seed 11

Plays tournament games (the deals and rotations of ``python -m
gnoming.tournament`` with the same ``--seats`` and ``--seed``) and, at every
draw of entry 0 before anyone went out, notes the quickest seat's face-down
cards, the turns the estimator expects the seat to have left, and, for every
half-built line of the seat's layout, its forecast chance of completion
(:meth:`gnoming.ai.knowledge.Estimator.line_forecasts`). When the round ends
it notes the seat's turns that were really left and which lines ended as a
match of their value. Prints the turns left by the quickest seat's face-down
cards, and the forecasts in bins against what happened.

``--slope``, ``--offset`` and ``--reach`` forecast with other turns left:
``reach * max(1, slope * quickest + offset)`` (the estimator's own are 1.5,
-0.5 and 1). docs/bots-log.md ("Evening of 6 December") says what this measured.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gnoming.ai.knowledge import (  # noqa: E402
    TURNS_OFFSET,
    TURNS_SLOPE,
    Estimator,
    Unseen,
    int_layout,
    turns_left,
)
from gnoming.rules import Observation, Phase, observe  # noqa: E402
from gnoming.rules.scoring import line_value  # noqa: E402
from gnoming.tournament import new_table, split_seats  # noqa: E402


@dataclass
class Line:
    positions: tuple[int, int, int]
    value: int
    forecast: float
    completed: bool = False


@dataclass
class Draw:
    """One draw of the seat before anyone went out."""

    quickest: int
    """Face-down cards of the quickest seat (the fewest at the table)."""
    expected_turns: float
    turn: int
    """Which draw of the round this is for the seat (1 = its first)."""
    lines: list[Line]
    turns_left: int = 0
    """The seat's draws from this one to the end of the round, this one included."""


def forecast(
    obs: Observation, turn: int, slope: float, offset: float, reach: float
) -> Draw:
    """The seat's half-built lines and their forecasts at a draw."""
    quickest = min(obs.face_down_count(s) for s in range(obs.n_seats))
    turns = reach * turns_left(quickest, slope, offset)
    estimator = Estimator(Unseen.of(obs), turns, 1.0)
    lines = [
        Line(positions, value, chance)
        for positions, value, _slot, chance in estimator.line_forecasts(
            int_layout(obs.layouts[obs.seat])
        )
    ]
    return Draw(quickest, turns, turn, lines)


def close_round(draws: Sequence[Draw], final: Sequence[int], draws_in_round: int) -> None:
    """Note what happened: ``final`` is the seat's layout at the round's end."""
    for draw in draws:
        draw.turns_left = draws_in_round - draw.turn + 1
        for line in draw.lines:
            a, b, c = (final[p] for p in line.positions)
            line.completed = line_value(a, b, c) == line.value


def play(
    specs: Sequence[str], seed: int, game: int, slope: float, offset: float, reach: float
) -> list[Draw]:
    """Tournament game ``game``; the draws of entry 0 with their outcomes."""
    bots, entry_at, state = new_table(specs, seed, game)
    me = entry_at.index(0)  # the seat of entry 0
    done: list[Draw] = []
    pending: list[Draw] = []
    draws_in_round = 0
    while not state.is_over():
        seat = state.current_seat()
        legal = state.legal_actions()
        layouts, round_index = state.layouts, state.round_index
        if seat == me and state.phase is Phase.DRAW:
            draws_in_round += 1
            if state.went_out_first is None:
                pending.append(forecast(observe(state, me), draws_in_round, slope, offset, reach))
        if len(legal) == 1:
            state.apply(legal[0])
        else:
            state.apply(bots[entry_at[seat]].choose(observe(state, seat), legal))
        if state.round_index != round_index or state.is_over():
            # a new round deals new layouts; the old list holds the last one
            close_round(pending, [int(card) for card in layouts[me]], draws_in_round)
            done.extend(pending)
            pending, draws_in_round = [], 0
    return done


@dataclass
class Summary:
    draws: int
    lines: int
    turns: dict[int, tuple[float, float, int]] = field(default_factory=dict)
    """By the quickest seat's face-down cards: (expected turns, mean turns
    really left, draws)."""
    bins: list[tuple[float, float, int]] = field(default_factory=list)
    """Forecasts in tenths: (mean forecast, share completed, lines)."""
    mean_forecast: float = 0.0
    completed: float = 0.0
    brier: float = 0.0
    log_loss: float = 0.0


def summarize(draws: Sequence[Draw]) -> Summary:
    lines = [line for draw in draws for line in draw.lines]
    summary = Summary(len(draws), len(lines))
    by_quickest: dict[int, list[Draw]] = defaultdict(list)
    for draw in draws:
        by_quickest[draw.quickest].append(draw)
    for quickest in sorted(by_quickest):
        group = by_quickest[quickest]
        summary.turns[quickest] = (
            group[0].expected_turns,
            sum(d.turns_left for d in group) / len(group),
            len(group),
        )
    if not lines:
        return summary
    by_tenth: dict[int, list[Line]] = defaultdict(list)
    for line in lines:
        by_tenth[min(int(line.forecast * 10), 9)].append(line)
    for tenth in sorted(by_tenth):
        tenth_lines = by_tenth[tenth]
        summary.bins.append(
            (
                sum(line.forecast for line in tenth_lines) / len(tenth_lines),
                sum(line.completed for line in tenth_lines) / len(tenth_lines),
                len(tenth_lines),
            )
        )
    summary.mean_forecast = sum(line.forecast for line in lines) / len(lines)
    summary.completed = sum(line.completed for line in lines) / len(lines)
    summary.brier = sum((line.forecast - line.completed) ** 2 for line in lines) / len(lines)
    summary.log_loss = -sum(
        math.log(max(1e-9, line.forecast if line.completed else 1.0 - line.forecast))
        for line in lines
    ) / len(lines)
    return summary


def report(summary: Summary) -> str:
    out = [
        f"{summary.draws} draws of entry 0 before anyone went out, "
        f"{summary.lines} half-built lines",
        "",
        "quickest seat's face-down cards: turns left expected, really left (mean), draws",
    ]
    for quickest, (expected, actual, count) in summary.turns.items():
        out.append(f"  {quickest}: {expected:5.2f} {actual:6.2f} {count:6d}")
    out += ["", "forecast chance of completing a line: mean forecast, share completed, lines"]
    for mean, share, count in summary.bins:
        out.append(f"  {mean:.3f} {share:.3f} {count:6d}")
    out += [
        "",
        f"all lines: mean forecast {summary.mean_forecast:.3f}, completed {summary.completed:.3f}",
        f"Brier score {summary.brier:.4f}, log loss {summary.log_loss:.4f}",
    ]
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--seats", default="hard,medium,medium,medium")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--slope", type=float, default=TURNS_SLOPE)
    parser.add_argument("--offset", type=float, default=TURNS_OFFSET)
    parser.add_argument("--reach", type=float, default=1.0)
    args = parser.parse_args(argv)
    specs = split_seats(args.seats)
    if not 2 <= len(specs) <= 7 or args.games < 1:
        parser.error("two to seven seats and at least one game")
    draws: list[Draw] = []
    for game in range(args.games):
        draws += play(specs, args.seed, game, args.slope, args.offset, args.reach)
    print(report(summarize(draws)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
