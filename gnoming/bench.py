"""Rules-engine speed: complete 3-round games per second under random legal play.

    python -m gnoming.bench [--seconds S] [--seed N]

Runs on one core (one process). The computer opponents search by playing games
forward, so their strength depends on this number. Target: >= 300 four-seat
games per second.
"""

from __future__ import annotations

import argparse
import random
import time

from gnoming.rules import GameState


def play_random_game(n_seats: int, seed: int) -> GameState:
    """One complete game with every decision taken uniformly among the legal actions."""
    rng = random.Random(seed)
    state = GameState.new(n_seats, first_seat=seed % n_seats, seed=seed)
    choice = rng.choice
    while not state.is_over():
        state.apply(choice(state.legal_actions()))
    return state


def games_per_second(n_seats: int, seconds: float, seed: int) -> tuple[float, float, float]:
    """(games per second, games per CPU-second, actions per game) over about
    ``seconds`` of play. On a shared machine the CPU-second rate is the steadier
    one: compare two versions by it, run back to back."""
    games = actions = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    while (elapsed := time.perf_counter() - start) < seconds or games == 0:
        state = play_random_game(n_seats, seed + games)
        actions += len(state.history)
        games += 1
    cpu = max(time.process_time() - cpu_start, 1e-9)
    return games / elapsed, games / cpu, actions / games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per table size")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    for n_seats in (4, 7):
        rate, cpu_rate, per_game = games_per_second(n_seats, args.seconds, args.seed)
        print(
            f"{n_seats} seats: {rate:8.1f} games/s  {cpu_rate:8.1f} games per CPU-second  "
            f"({per_game:.0f} actions per game)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
