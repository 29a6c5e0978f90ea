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

    python -m gnoming.tournament --seats "hard(candidates=3)",medium,medium,medium \\
        --summarize new.jsonl --paired hard.jsonl

reads ``--log`` files instead of playing, and with ``--paired`` compares them
game by game with a baseline run of the same seed (:func:`pair`).
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
from gnoming.ai.protocol import Bot
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
    seed: int | None = None
    """The tournament's seed: game ``g`` of another seed is another game
    (None in a log written before the seed was recorded)."""
    seats: list[str] | None = None
    """The run's seat list, as ``--seats`` gave it (None in older logs)."""


class SeatFailed(Exception):
    """A bot of the seat list failed in a game: it raised, or chose an action
    that is not legal (a bad parameter in ``--seats`` may pass the making of
    the bot and show only when it decides)."""

    def __init__(self, entry: int, spec: str, reason: str) -> None:
        super().__init__(entry, spec, reason)  # the args let it cross processes
        self.entry = entry
        self.spec = spec
        self.reason = reason

    def __str__(self) -> str:
        return f"seat {self.entry} ({self.spec}) failed: {self.reason}"


def _reason(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


PROBE_DECISIONS = 6
"""How many decisions every entry makes in :func:`probe`: its first turns."""


def play_game(specs: Sequence[str], seed: int, game: int) -> GameOutcome:
    """Play tournament game ``game``: its deal, its rotation, fresh bots.
    SeatFailed when a bot fails."""
    n = len(specs)
    rotation = game % n
    times: list[list[float]] = [[] for _ in range(n)]
    cpu_times: list[list[float]] = [[] for _ in range(n)]
    state, entry_at = _play(specs, seed, game, times, cpu_times)
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
        seed=seed,
        seats=list(specs),
    )


def probe(specs: Sequence[str], seed: int, game: int = 0) -> None:
    """Let every entry make its first :data:`PROBE_DECISIONS` decisions of
    game ``game`` (or all of the game, if it ends first), as that game would
    start: SeatFailed when a bot fails, so a bad seat is refused before a run.
    The bots are made for the probe and thrown away (every game makes its own),
    so it changes no game."""
    n = len(specs)
    _play(specs, seed, game, [[] for _ in range(n)], [[] for _ in range(n)], PROBE_DECISIONS)


def new_table(
    specs: Sequence[str], seed: int, game: int
) -> tuple[list[Bot], list[int], GameState]:
    """Game ``game`` before its first move: fresh bots (one per entry of the
    seat list), the entry at each seat, and the dealt state. SeatFailed when a
    bot cannot be made."""
    n = len(specs)
    rotation = game % n
    bots = []
    for i, spec in enumerate(specs):
        try:
            bots.append(make_bot_from_spec(spec, bot_seed(seed, game, i)))
        except Exception as error:
            raise SeatFailed(i, spec, _reason(error)) from error
    entry_at = [0] * n
    for entry in range(n):
        entry_at[seat_of(entry, rotation, n)] = entry
    return bots, entry_at, GameState.new(n, seed=deal_seed(seed, game // n))


def _play(
    specs: Sequence[str],
    seed: int,
    game: int,
    times: list[list[float]],
    cpu_times: list[list[float]],
    decisions: int | None = None,
) -> tuple[GameState, list[int]]:
    """Play game ``game`` with fresh bots to its end, or until every entry has
    made ``decisions`` decisions, noting the time of each in ``times`` and
    ``cpu_times``: the state reached and the entry at each seat."""
    bots, entry_at, state = new_table(specs, seed, game)
    while not state.is_over():
        if decisions is not None and min(map(len, times)) >= decisions:
            break
        legal = state.legal_actions()
        seat = state.current_seat()
        if len(legal) == 1:
            state.apply(legal[0])
            continue
        entry = entry_at[seat]
        obs = observe(state, seat)
        start = time.perf_counter()
        cpu_start = time.thread_time()
        try:
            action = bots[entry].choose(obs, legal)
        except Exception as error:
            raise SeatFailed(entry, specs[entry], _reason(error)) from error
        cpu_times[entry].append(time.thread_time() - cpu_start)
        times[entry].append(time.perf_counter() - start)
        if action not in legal:
            raise SeatFailed(entry, specs[entry], f"chose {action}, which is not legal now")
        state.apply(action)
    return state, entry_at


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


def log_origin(
    outcomes: Sequence[GameOutcome], what: str, n_seats: int | None = None
) -> list[str] | None:
    """The seat list the games of some logs were played with (None where the
    logs are older than the record). ValueError, saying what differs, when
    they mix runs of different seats, hold games of another number of seats
    than ``n_seats`` (or of several numbers of seats), or join logs that do not record their seed with logs of
    several seeds (game ``g`` of one seed is not game ``g`` of another)."""
    seat_lists: list[list[str]] = []
    for o in outcomes:
        if o.seats is not None and o.seats not in seat_lists:
            seat_lists.append(o.seats)
    if len(seat_lists) > 1:
        played = " and ".join(",".join(s) for s in seat_lists)
        raise ValueError(f"{what} hold games of different seats ({played})")
    sizes = sorted({len(o.win_shares) for o in outcomes})
    if n_seats is not None and sizes != [n_seats]:
        raise ValueError(
            f"{what} hold games of {' and '.join(map(str, sizes))} seats, not {n_seats}"
        )
    if len(sizes) > 1:
        raise ValueError(f"{what} hold games of {' and '.join(map(str, sizes))} seats")
    seeds = {o.seed for o in outcomes}
    if None in seeds and len(seeds) > 2:
        raise ValueError(
            f"{what} join logs that do not record their seed with logs of several seeds:"
            " their games cannot be told apart"
        )
    return seat_lists[0] if seat_lists else None


GameKey = tuple[bool, int, int]
"""(the seed is known, the seed or 0, the game number)."""


def game_key(outcome: GameOutcome, seed: int | None = None) -> GameKey:
    """What tells a game apart in joined logs: its seed (``seed`` where the
    log does not record one) and its number. Any int is a seed, negative too."""
    own = outcome.seed if outcome.seed is not None else seed
    return (own is not None, own or 0, outcome.game)


def only_seed(outcomes: Sequence[GameOutcome]) -> int | None:
    """The one seed the games record, or None (none or several)."""
    seeds = {o.seed for o in outcomes if o.seed is not None}
    return seeds.pop() if len(seeds) == 1 else None


@dataclass
class PairedEntry:
    """One entry of the seat list, compared game by game with the baseline's
    entry in the same place."""

    bot: str
    baseline_bot: str
    win_rate: float
    baseline_win_rate: float
    paired_wins: tuple[float, float | None]
    """Wins in a hundred games, this run less the baseline, on the same games:
    mean and standard error (None from one game)."""
    paired_rounds: tuple[float, float | None]
    """The entry's mean round less the other entries' mean, this run less the
    baseline (negative: better): mean and standard error."""


@dataclass
class Paired:
    """Two runs of the same seed compared on the games both played (see
    :func:`pair`)."""

    games: int
    played_alike: int
    """Games both runs played to the same round scores at every seat."""
    entries: list[PairedEntry]
    seeds: list[int] = field(default_factory=list)
    """The seeds of the games compared (none recorded in older logs)."""

    def to_json(self) -> dict[str, object]:
        return {
            "games": self.games,
            "played_alike": self.played_alike,
            "seeds": self.seeds,
            "seats": [
                {
                    "bot": e.bot,
                    "baseline_bot": e.baseline_bot,
                    "win_rate": e.win_rate,
                    "baseline_win_rate": e.baseline_win_rate,
                    "paired_wins": list(e.paired_wins),
                    "paired_rounds": list(e.paired_rounds),
                }
                for e in self.entries
            ],
        }

    def table(self) -> str:
        seeds = ""
        if self.seeds:
            plural = "s" if len(self.seeds) > 1 else ""
            seeds = f" of seed{plural} {', '.join(map(str, self.seeds))}"
        lines = [
            f"paired with the baseline on the {self.games} games{seeds} both played;"
            f" {self.played_alike} played exactly alike",
            f"{'seat':<4} {'bot':<24} {'baseline':<24} {'wins':>7} {'baseline':>9}"
            f" {'paired wins':>14} {'paired rounds':>15}",
        ]

        def pm(value: tuple[float, float | None], digits: int) -> str:
            mean, error = value
            spread = "-" if error is None else f"{error:.{digits}f}"
            return f"{mean:+.{digits}f} ± {spread}"

        for i, e in enumerate(self.entries):
            lines.append(
                f"{i:<4} {e.bot:<24} {e.baseline_bot:<24} {100 * e.win_rate:>6.1f}%"
                f" {100 * e.baseline_win_rate:>8.1f}% {pm(e.paired_wins, 1):>14}"
                f" {pm(e.paired_rounds, 2):>15}"
            )
        lines.append("paired wins: this run less the baseline, in a hundred games; ± one standard error")
        lines.append(
            "paired rounds: the seat's mean round less the other seats' mean, this run"
            " less the baseline (negative: better)"
        )
        return "\n".join(lines)


def _mean_and_error(values: Sequence[float]) -> tuple[float, float | None]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    return mean, statistics.stdev(values) / math.sqrt(len(values))


def _relative_round(outcome: GameOutcome, entry: int) -> float:
    """The entry's mean round less the mean of the other entries' mean rounds."""
    means = [statistics.fmean(r) for r in outcome.round_scores]
    others = [m for i, m in enumerate(means) if i != entry]
    return means[entry] - statistics.fmean(others)


def pair(
    specs: Sequence[str],
    run: Sequence[GameOutcome],
    baseline: Sequence[GameOutcome],
    baseline_specs: Sequence[str] | None = None,
) -> Paired:
    """Compare two runs game by game, on the games both played (the same seed
    and game number): a changed bot against the one it changes, every other
    seat the same. Game ``g`` of a seed is the same deal and rotation in both,
    so the luck of the deal cancels and the difference is measured far more
    finely than by two win rates (docs/bots.md). Games of a log that does not
    record its seed count as of the other run's seed, if it has one.
    ValueError when no game is in both."""
    ours = {game_key(o, only_seed(baseline)): o for o in run}
    theirs = {game_key(o, only_seed(run)): o for o in baseline}
    common = sorted(set(ours) & set(theirs))
    if not common:
        raise ValueError("no game is in both the run and the baseline (the same seed and number)")
    names = list(baseline_specs) if baseline_specs is not None else ["baseline"] * len(specs)
    entries = []
    for e, spec in enumerate(specs):
        wins = [100 * (ours[k].win_shares[e] - theirs[k].win_shares[e]) for k in common]
        rounds = [_relative_round(ours[k], e) - _relative_round(theirs[k], e) for k in common]
        entries.append(
            PairedEntry(
                bot=spec,
                baseline_bot=names[e],
                win_rate=statistics.fmean(ours[k].win_shares[e] for k in common),
                baseline_win_rate=statistics.fmean(theirs[k].win_shares[e] for k in common),
                paired_wins=_mean_and_error(wins),
                paired_rounds=_mean_and_error(rounds),
            )
        )
    alike = sum(ours[k].round_scores == theirs[k].round_scores for k in common)
    seeds = sorted({seed for known, seed, _ in common if known})
    return Paired(len(common), alike, entries, seeds)


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
    any ``jobs``); SeatFailed when a bot fails, and no more games are started.
    ``on_game`` hears of every game as it ends (in the order they end). Game ``g`` is the same game whichever run plays it, so a long run can
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
            try:
                for future in as_completed(futures):
                    outcomes.append(future.result())
                    if on_game is not None:
                        on_game(outcomes[-1])
            except BaseException:
                # a failed bot fails every game: do not play the rest first
                for future in futures:
                    future.cancel()
                raise
    outcomes.sort(key=lambda o: o.game)
    return summarize(specs, outcomes)


def outcome_to_json(outcome: GameOutcome) -> dict[str, object]:
    return asdict(outcome)


LIMIT = 10**6
"""No number in the log of a real game comes near this (a score, a time in
seconds): a line with a bigger one, or with a NaN or an infinity, is no game,
and its numbers would overflow the summary's arithmetic."""


def outcome_from_json(data: dict[str, Any]) -> GameOutcome:
    """A game of a log line; TypeError when the line is not one (a missing or
    unknown field, or a field of the wrong kind, or a number beyond
    :data:`LIMIT`)."""
    outcome = GameOutcome(**data)
    n = len(outcome.win_shares) if isinstance(outcome.win_shares, list) else -1

    def numbers(value: object, kind: type | tuple[type, ...]) -> bool:
        return isinstance(value, list) and all(
            isinstance(x, kind)
            and isinstance(x, int | float)
            and not isinstance(x, bool)
            and abs(x) <= LIMIT  # False for nan and inf too
            for x in value
        )

    def per_entry(value: object, kind: type | tuple[type, ...]) -> bool:
        return isinstance(value, list) and len(value) == n and all(numbers(v, kind) for v in value)

    def words(value: object) -> bool:
        return isinstance(value, list) and all(isinstance(x, str) for x in value)

    cpu = outcome.decision_cpu_seconds
    fits = (
        isinstance(outcome.game, int)
        and n >= 2
        and numbers(outcome.win_shares, (int, float))
        and numbers(outcome.totals, int)
        and len(outcome.totals) == n
        and per_entry(outcome.round_scores, int)
        and all(outcome.round_scores)
        and per_entry(outcome.decision_seconds, (int, float))
        # a log older than the record of CPU times has none
        and (cpu == [] or per_entry(cpu, (int, float)))
        and (outcome.seed is None or isinstance(outcome.seed, int))
        and (outcome.seats is None or (words(outcome.seats) and len(outcome.seats) == n))
    )
    if not fits:
        raise TypeError("not a game of a tournament log")
    return outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Computer opponents play each other.")
    parser.add_argument(
        "--seats",
        help='e.g. hard,medium,medium,medium or "hard(playouts=64)",yardstick'
        " (with --summarize: taken from the logs, where they record it)",
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
    parser.add_argument(
        "--paired",
        metavar="FILE",
        nargs="+",
        help="with --summarize: compare its games, game by game, with those of these --log"
        " files (a baseline run of the same seeds and number of seats)",
    )
    args = parser.parse_args(argv)
    if args.paired and not args.summarize:
        parser.error("--paired compares the games of --summarize logs with a baseline: give both")
    if args.summarize:
        return summarize_logs(parser, args)
    if not args.seats:
        parser.error("the following arguments are required: --seats")
    specs = split_seats(args.seats)
    if not 2 <= len(specs) <= 7:
        parser.error("a game has 2 to 7 seats")
    for spec in specs:
        try:
            make_bot_from_spec(spec, 0)
        except (ValueError, ImportError) as error:
            parser.error(str(error))
    if args.games < 1:
        parser.error("play at least one game")
    if not 0 <= args.from_game < args.games:
        parser.error("--from-game must be at least 0 and below --games")
    try:
        probe(specs, args.seed, args.from_game)
    except SeatFailed as error:
        parser.error(str(error))
    start = time.perf_counter()
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115

    def logged(outcome: GameOutcome) -> None:
        if log is not None:
            log.write(json.dumps(outcome_to_json(outcome)) + "\n")
            log.flush()

    try:
        result = run(specs, args.games, args.seed, args.jobs, logged, first=args.from_game)
    except SeatFailed as error:
        parser.error(str(error))
    finally:
        if log is not None:
            log.close()
    if args.json:
        emit(json.dumps(result.to_json()))
    else:
        emit(result.table())
        print(f"\n{args.games - args.from_game} games in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return 0


def summarize_logs(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    """``--summarize`` (and ``--paired``): the summary of logged games, named
    by ``--seats`` or by the seats the logs record."""
    specs = split_seats(args.seats) if args.seats else None
    if specs is not None and not 2 <= len(specs) <= 7:
        parser.error("a game has 2 to 7 seats")
    n_seats = len(specs) if specs is not None else None
    played, seats = _read_logs(parser, args.summarize, "the logs", n_seats)
    if specs is None:
        if seats is None:
            parser.error("these logs do not record their seats: give --seats")
        specs = seats
    elif seats is not None and seats != specs:
        parser.error(f"the logs were played with --seats {','.join(seats)}, not {','.join(specs)}")
    result = summarize(specs, played)
    paired = None
    if args.paired:
        base, base_seats = _read_logs(parser, args.paired, "the --paired logs", len(specs))
        try:
            paired = pair(specs, played, base, base_seats)
        except ValueError as error:
            parser.error(str(error))
    if args.json:
        out = result.to_json()
        if paired is not None:
            out["paired"] = paired.to_json()
        emit(json.dumps(out))
    else:
        emit(result.table() + ("" if paired is None else "\n\n" + paired.table()))
    return 0


def _read_logs(
    parser: argparse.ArgumentParser, names: Sequence[str], what: str, n_seats: int | None
) -> tuple[list[GameOutcome], list[str] | None]:
    """The games of some --log files (a game found in several counts once),
    by seed and number, and their seats; a usage error when a file cannot be
    read, holds no games, or the files mix runs (:func:`log_origin`)."""
    games: list[GameOutcome] = []
    for name in names:
        try:
            games.extend(read_log(name))
        except OSError as error:
            parser.error(f"cannot read the log {name}: {error.strerror or error}")
    if not games:
        parser.error(f"{what} hold no games")
    try:
        seats = log_origin(games, what, n_seats)
    except ValueError as error:
        parser.error(str(error))
    seed = only_seed(games)
    by_game: dict[GameKey, GameOutcome] = {}
    for outcome in games:
        by_game.setdefault(game_key(outcome, seed), outcome)
    return [by_game[k] for k in sorted(by_game)], seats


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
            except (ValueError, TypeError, RecursionError):  # deep nesting: RecursionError
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
