"""Tournaments between computer opponents, straight on the rules engine (no UI).

    python -m gnoming.tournament --seats hard,medium,medium,medium --games 1000 \\
        --seed 1 --jobs 2 [--json]
    python -m gnoming.tournament --seats "hard(playouts=64)",yardstick --games 400

Seats are difficulty names (easy, medium, hard, expert), ``yardstick`` (the
flat Monte Carlo bot of :mod:`gnoming.ai.yardstick`) or ``module:Class`` for a
bot of your own (docs/bots.md), each optionally with parameters in brackets. Seats rotate between games and every deal is
replayed in each rotation: game ``g`` uses the deal seed
``deal_seed(seed, g // n)`` with the seat list rotated by ``g % n`` (``n`` the
number of seats), so each bot plays every deal from every seat. Wins shared by
a tie count fractionally. The table shows one line per entry of ``--seats``.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from typing import Any

from gnoming.ai import make_bot_from_spec
from gnoming.rules import GameState, observe

_MASK = (1 << 63) - 1


def deal_seed(seed: int, deal: int) -> int:
    """The seed of the ``deal``-th deal of a tournament (shared by its rotations)."""
    return (seed * 1_000_003 + deal * 7_919 + 12_345) & _MASK


def bot_seed(seed: int, game: int, entry: int) -> int:
    """The seed of one bot in one game."""
    return (seed * 2_654_435_761 + game * 40_503 + entry * 97 + 1) & _MASK


def seat_of(entry: int, rotation: int, n_seats: int) -> int:
    """Where entry ``entry`` of the seat list sits in a game with this rotation."""
    return (entry + rotation) % n_seats


@dataclass
class GameOutcome:
    """One game, per entry of the seat list (not per seat)."""

    game: int
    win_shares: list[float]
    round_scores: list[list[int]]
    totals: list[int]
    decision_seconds: list[list[float]]
    """Wall-clock seconds of each decision, per entry."""
    decision_cpu_seconds: list[list[float]] = field(default_factory=list)
    """CPU seconds (this thread's) of each decision, per entry: what the bot
    itself used, whatever else the machine was doing."""


def play_game(specs: Sequence[str], seed: int, game: int) -> GameOutcome:
    """Play tournament game ``game``: its deal, its rotation, fresh bots."""
    n = len(specs)
    rotation = game % n
    bots = [make_bot_from_spec(spec, bot_seed(seed, game, i)) for i, spec in enumerate(specs)]
    entry_at = [0] * n
    for entry in range(n):
        entry_at[seat_of(entry, rotation, n)] = entry
    state = GameState.new(n, seed=deal_seed(seed, game // n))
    times: list[list[float]] = [[] for _ in range(n)]
    cpu_times: list[list[float]] = [[] for _ in range(n)]
    while not state.is_over():
        legal = state.legal_actions()
        seat = state.current_seat()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        entry = entry_at[seat]
        obs = observe(state, seat)
        start = time.perf_counter()
        cpu_start = time.thread_time()
        action = bots[entry].choose(obs, legal)
        cpu_times[entry].append(time.thread_time() - cpu_start)
        times[entry].append(time.perf_counter() - start)
        if action not in legal:
            raise RuntimeError(f"{specs[entry]} chose {action}, which is not legal now")
        state.apply(action)
    result = state.result()
    assert result is not None
    shares = [0.0] * n
    for winner in result.winners:
        shares[entry_at[winner]] += 1.0 / len(result.winners)
    seat_of_entry = [seat_of(e, rotation, n) for e in range(n)]
    return GameOutcome(
        game=game,
        win_shares=shares,
        round_scores=[[r[seat_of_entry[e]] for r in result.round_scores] for e in range(n)],
        totals=[result.totals[seat_of_entry[e]] for e in range(n)],
        decision_seconds=times,
        decision_cpu_seconds=cpu_times,
    )


@dataclass
class EntryStats:
    bot: str
    games: int
    win_rate: float
    win_rate_ci95: tuple[float, float]
    mean_round_score: float
    mean_game_score: float


@dataclass
class TournamentResult:
    games: int
    entries: list[EntryStats]
    decision_ms: dict[str, dict[str, float]] = field(default_factory=dict)
    """Wall-clock milliseconds per decision: p50, p95, max."""
    decision_cpu_ms: dict[str, dict[str, float]] = field(default_factory=dict)
    """CPU milliseconds per decision (the deciding thread's): p50, p95, max."""

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "seats": [
                {
                    "bot": e.bot,
                    "win_rate": e.win_rate,
                    "win_rate_ci95": list(e.win_rate_ci95),
                    "mean_round_score": e.mean_round_score,
                    "mean_game_score": e.mean_game_score,
                }
                for e in self.entries
            ],
            "decision_ms": self.decision_ms,
            "decision_cpu_ms": self.decision_cpu_ms,
        }

    def table(self) -> str:
        lines = [
            f"{'seat':<4} {'bot':<24} {'games':>6} {'win rate':>9} {'95% CI':>17} "
            f"{'round':>7} {'game':>7}"
        ]
        for i, e in enumerate(self.entries):
            lo, hi = e.win_rate_ci95
            lines.append(
                f"{i:<4} {e.bot:<24} {e.games:>6} {e.win_rate:>9.3f} "
                f"{f'[{lo:.3f}, {hi:.3f}]':>17} {e.mean_round_score:>7.2f} {e.mean_game_score:>7.2f}"
            )
        lines.append("")
        lines.append(
            f"{'decision time (ms)':<24} {'p50':>8} {'p95':>8} {'max':>8}"
            f"   {'cpu p50':>8} {'cpu p95':>8} {'cpu max':>8}"
        )
        for bot, t in self.decision_ms.items():
            c = self.decision_cpu_ms.get(bot, {"p50": 0.0, "p95": 0.0, "max": 0.0})
            lines.append(
                f"{bot:<24} {t['p50']:>8.2f} {t['p95']:>8.2f} {t['max']:>8.2f}"
                f"   {c['p50']:>8.2f} {c['p95']:>8.2f} {c['max']:>8.2f}"
            )
        return "\n".join(lines)


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by nearest rank of sorted values (0 for none)."""
    if not sorted_values:
        return 0.0
    rank = max(1, math.ceil(q * len(sorted_values)))
    return sorted_values[rank - 1]


def summarize(specs: Sequence[str], outcomes: Sequence[GameOutcome]) -> TournamentResult:
    """Per-entry statistics of a set of games."""
    n_games = len(outcomes)
    entries = []
    for e, spec in enumerate(specs):
        shares = [o.win_shares[e] for o in outcomes]
        rate = sum(shares) / n_games if n_games else 0.0
        if n_games > 1:
            half = 1.96 * statistics.stdev(shares) / math.sqrt(n_games)
        else:
            half = 1.0
        rounds = [s for o in outcomes for s in o.round_scores[e]]
        totals = [o.totals[e] for o in outcomes]
        entries.append(
            EntryStats(
                bot=spec,
                games=n_games,
                win_rate=rate,
                win_rate_ci95=(max(0.0, rate - half), min(1.0, rate + half)),
                mean_round_score=statistics.fmean(rounds) if rounds else 0.0,
                mean_game_score=statistics.fmean(totals) if totals else 0.0,
            )
        )
    wall = _milliseconds(specs, [o.decision_seconds for o in outcomes])
    cpu = _milliseconds(specs, [o.decision_cpu_seconds for o in outcomes])
    return TournamentResult(n_games, entries, wall, cpu)


def _milliseconds(
    specs: Sequence[str], per_game: Sequence[list[list[float]]]
) -> dict[str, dict[str, float]]:
    """p50, p95 and max in ms per bot (entries with the same spec share one)."""
    times: dict[str, list[float]] = {}
    for e, spec in enumerate(specs):
        bucket = times.setdefault(spec, [])
        for game in per_game:
            if e < len(game):
                bucket.extend(game[e])
    out: dict[str, dict[str, float]] = {}
    for spec, values in times.items():
        values.sort()
        out[spec] = {
            "p50": 1000 * percentile(values, 0.50),
            "p95": 1000 * percentile(values, 0.95),
            "max": 1000 * (values[-1] if values else 0.0),
        }
    return out


def split_seats(text: str) -> list[str]:
    """The seats of ``--seats``: commas inside brackets belong to a bot's parameters.

    >>> split_seats('hard(playouts=128, gate=1),medium, yardstick')
    ['hard(playouts=128, gate=1)', 'medium', 'yardstick']
    """
    seats: list[str] = []
    depth = 0
    current = ""
    for ch in text:
        if ch == "," and depth == 0:
            seats.append(current.strip())
            current = ""
            continue
        depth += (ch == "(") - (ch == ")")
        current += ch
    seats.append(current.strip())
    return [s for s in seats if s]


def run(
    specs: Sequence[str],
    games: int,
    seed: int,
    jobs: int = 1,
    on_game: Callable[[GameOutcome], None] | None = None,
    first: int = 0,
) -> TournamentResult:
    """Play games ``first`` .. ``games - 1`` and summarize them (same result for
    any ``jobs``). ``on_game`` hears of every game as it ends (in the order they
    end). Game ``g`` is the same game whichever run plays it, so a long run can
    be split over processes or machines by ``first`` and the logs joined."""
    specs = tuple(specs)
    outcomes: list[GameOutcome] = []
    indices = range(first, games)
    if jobs <= 1 or len(indices) <= 1:
        for g in indices:
            outcomes.append(play_game(specs, seed, g))
            if on_game is not None:
                on_game(outcomes[-1])
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_game, specs, seed, g) for g in indices]
            for future in as_completed(futures):
                outcomes.append(future.result())
                if on_game is not None:
                    on_game(outcomes[-1])
    outcomes.sort(key=lambda o: o.game)
    return summarize(specs, outcomes)


def outcome_to_json(outcome: GameOutcome) -> dict[str, object]:
    return asdict(outcome)


def outcome_from_json(data: dict[str, Any]) -> GameOutcome:
    return GameOutcome(**data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Computer opponents play each other.")
    parser.add_argument(
        "--seats", required=True, help='e.g. hard,medium,medium,medium or "hard(playouts=64)",yardstick'
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument(
        "--from-game",
        type=int,
        default=0,
        metavar="G",
        help="play only games G .. GAMES-1 (split a long run; join the --log files)",
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes to play in")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--log",
        metavar="FILE",
        help="write every game as one JSON line as it ends (a long run can be read part-way)",
    )
    parser.add_argument(
        "--summarize",
        metavar="FILE",
        nargs="+",
        help="print the summary of the games in --log files (of these --seats) and stop;"
        " a game found in several files counts once",
    )
    args = parser.parse_args(argv)
    specs = split_seats(args.seats)
    if not 2 <= len(specs) <= 7:
        parser.error("a game has 2 to 7 seats")
    for spec in specs:
        try:
            make_bot_from_spec(spec, 0)
        except (ValueError, ImportError) as error:
            parser.error(str(error))
    if args.summarize:
        by_game: dict[int, GameOutcome] = {}
        for name in args.summarize:
            try:
                read = read_log(name)
            except OSError as error:
                parser.error(f"cannot read the log {name}: {error.strerror or error}")
            for outcome in read:
                by_game.setdefault(outcome.game, outcome)
        played = [by_game[g] for g in sorted(by_game)]
        if not played:
            parser.error("the logs hold no games")
        result = summarize(specs, played)
        emit(json.dumps(result.to_json()) if args.json else result.table())
        return 0
    if args.games < 1:
        parser.error("play at least one game")
    if not 0 <= args.from_game < args.games:
        parser.error("--from-game must be at least 0 and below --games")
    start = time.perf_counter()
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115

    def logged(outcome: GameOutcome) -> None:
        if log is not None:
            log.write(json.dumps(outcome_to_json(outcome)) + "\n")
            log.flush()

    try:
        result = run(specs, args.games, args.seed, args.jobs, logged, first=args.from_game)
    finally:
        if log is not None:
            log.close()
    if args.json:
        emit(json.dumps(result.to_json()))
    else:
        emit(result.table())
        print(f"\n{args.games - args.from_game} games in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


def read_log(name: str) -> list[GameOutcome]:
    """The games of a ``--log`` file. A line that is not a whole game (a run
    stopped while writing it) is skipped with a warning: the games before and
    after it still count."""
    games: list[GameOutcome] = []
    with open(name, encoding="utf-8", errors="replace") as handle:
        for number, line in enumerate(handle, 1):
            if not line.strip():
                continue
            try:
                games.append(outcome_from_json(json.loads(line)))
            except (ValueError, TypeError):
                print(f"{name}, line {number}: not a whole game (skipped)", file=sys.stderr)
    return games


def emit(text: str) -> None:
    """Print the result; a reader that went away (``| head``) is no error."""
    try:
        print(text, flush=True)
    except BrokenPipeError:
        # the advice of Python's signal docs: point stdout at devnull so the
        # interpreter's last flush does not fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    raise SystemExit(main())
