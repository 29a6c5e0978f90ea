"""How often two gnomes choose alike on the same positions, and how much of a
searcher's departure from its planner is its own and how much the luck of its
sampled deals.

    .venv/bin/python scripts/choice_agreement.py --bots expert,hard --positions 1000 --seed 4

Collects positions from Medium games (``gnoming.ai.bench``, ``--seats`` seats)
and keeps the decisions of the seat's own turn (draw, keep or refuse, bounce)
with a choice. On each, every bot of ``--bots`` decides twice, built from two
different seeds, and the planner alone (``hard(candidates=1)``) once. Prints,
for every bot, how often it leaves the planner's favourite with each seed, how
often both seeds leave it for the same action (the departures that are the
bot's own judgement, not its deals'), and how often the two seeds disagree; and
how often the first two bots disagree. docs/bots-log.md ("Later on 7 December")
says what this measured.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gnoming.ai import make_bot_from_spec  # noqa: E402
from gnoming.ai.bench import collect_positions  # noqa: E402
from gnoming.rules import Phase  # noqa: E402

PLANNER = "hard(candidates=1)"
"""Hard with one candidate searches nothing: the planner's favourite."""
OWN_TURN = (Phase.DRAW, Phase.PLAY, Phase.BOUNCE)
SECOND_SEED = 5000


def tally(bots: Sequence[str], positions: int, seed: int, seats: int) -> Counter[str]:
    """Counts, over the own-turn positions: ``n``; per bot ``b``: ``b left``
    and ``b' left`` (each seed left the planner's favourite), ``b left alike``
    (both seeds, for the same action), ``b seeds differ``; ``first two differ``."""
    counts: Counter[str] = Counter()
    for k, (obs, legal) in enumerate(collect_positions(seats, positions, seed)):
        if obs.phase not in OWN_TURN:
            continue
        counts["n"] += 1
        favourite = make_bot_from_spec(PLANNER, seed).choose(obs, legal)
        first: list[object] = []
        for bot in bots:
            a = make_bot_from_spec(bot, seed + k).choose(obs, legal)
            b = make_bot_from_spec(bot, seed + SECOND_SEED + k).choose(obs, legal)
            first.append(a)
            counts[f"{bot} left"] += a != favourite
            counts[f"{bot}' left"] += b != favourite
            counts[f"{bot} left alike"] += a == b != favourite
            counts[f"{bot} seeds differ"] += a != b
        if len(first) > 1:
            counts["first two differ"] += first[0] != first[1]
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bots", default="expert,hard", help="comma-separated seats")
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--seats", type=int, default=2)
    args = parser.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not bots or args.positions < 1:
        parser.error("name at least one bot and ask for at least one position")
    try:
        counts = tally(bots, args.positions, args.seed, args.seats)
    except (ValueError, TypeError) as error:  # a bad seat spec
        print(f"choice_agreement: {error}", file=sys.stderr)
        return 2
    n = counts["n"]
    if not n:
        print("no own-turn decisions among the positions: ask for more positions")
        return 1

    def pct(key: str) -> str:
        return f"{100 * counts[key] / n:5.1f}%"

    print(
        f"{n} own-turn decisions with a choice ({args.seats} seats, Medium games, seed {args.seed})"
    )
    print(
        f"{'bot':<28} {'leaves the planner (seed 1 / 2)':>32} {'both alike':>11} {'seeds differ':>13}"
    )
    for bot in bots:
        second = bot + "' left"
        both = f"{pct(bot + ' left')} / {pct(second)}"
        print(
            f"{bot:<28} {both:>32} {pct(bot + ' left alike'):>11} {pct(bot + ' seeds differ'):>13}"
        )
    if len(bots) > 1:
        print(f"{bots[0]} and {bots[1]} differ: {pct('first two differ')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
