"""Soak run: many seeded complete games under random legal play, every invariant
checked after every action, every record replayed.

    python -m gnoming.soak [--games 10000] [--seed 0]

Prints the number of games, actions and problems; exits 1 if there was any.
"""

from __future__ import annotations

import argparse
import random
import time
import traceback

from gnoming.rules import GameRecord, GameState
from gnoming.rules.invariants import broken_invariants


def soak_game(seed: int) -> tuple[int, list[str]]:
    """Play one game (2-7 seats by seed); return its action count and problems."""
    n_seats = 2 + seed % 6
    rng = random.Random(seed)
    state = GameState.new(n_seats, first_seat=rng.randrange(n_seats), seed=seed)
    try:
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            problems = broken_invariants(state)
            if problems:
                return len(state.history), [f"seed {seed}: {p}" for p in problems]
        replayed = GameRecord.from_json(GameRecord.of(state).to_json()).replay()
        if replayed.round_scores() != state.round_scores():
            return len(state.history), [f"seed {seed}: the replay scored differently"]
    except Exception:  # the soak reports every failure instead of stopping at one
        return len(state.history), [f"seed {seed}: {traceback.format_exc()}"]
    return len(state.history), []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    actions = 0
    problems: list[str] = []
    for seed in range(args.seed, args.seed + args.games):
        count, found = soak_game(seed)
        actions += count
        problems.extend(found)
    elapsed = time.perf_counter() - start
    for problem in problems[:20]:
        print(problem)
    print(
        f"{args.games} games (2-7 seats), {actions} actions, {len(problems)} problems, "
        f"{elapsed:.1f} s"
    )
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
