"""Fit the learned position evaluation (gnoming/ai/value.py) on played rounds.

    .venv/bin/python scripts/value_fit.py --games 3000 --seed 1 --out gnoming/ai/value_heads_up.json

Plays heads-up games between two gnomes (``--bots``, Medium by default). At
the start of every turn while nobody has gone out it notes, for both seats,
the public layout, the quickest seat's face-down count and whether the seat
moves next; when the round ends, each note gets the seat's round points (the
went-out bonus or penalty included). It fits the model's weights to them by
least squares (Adagrad, a little L2 shrinkage), on all games but every tenth,
and prints how far the model and the hand-made leaf of ``hard.leaf_points``
lie from the real round points on the games held out, by the quickest seat's
face-down count. With ``--out`` it writes the weights.
"""

from __future__ import annotations

import argparse
import math
import pickle
import random
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gnoming.ai import make_bot_from_spec  # noqa: E402
from gnoming.ai.hard import SHORT_LEAF_POTENTIAL, leaf_points  # noqa: E402
from gnoming.ai.knowledge import Unseen  # noqa: E402
from gnoming.ai.playout import public_layout  # noqa: E402
from gnoming.ai.value import (  # noqa: E402
    MAX_QUICKEST,
    N_WEIGHTS,
    SCALE_PRIOR,
    LineValue,
    features,
    moment,
    numeric_indices,
)
from gnoming.rules import GameState, Phase, observe  # noqa: E402

NOTES_FORMAT = 1
"""Bumped whenever the notes change, so ``--notes`` never reads stale ones."""
EXPLORED = (Phase.DRAW, Phase.PLAY)
"""With ``--explore``, the decisions that are sometimes made at random."""
Sample = tuple[int, tuple[int, ...], int, bool, float, float, float]
"""(game, layout, quickest, moves next, own-seat leaf, other-seat leaf, round points)."""


def play(args: tuple[int, int, str, float]) -> list[Sample]:
    """The notes of one game (see the module docstring)."""
    return play_game(*args)[0]


def play_game(game: int, seed: int, bots: str, explore: float) -> tuple[list[Sample], GameState]:
    """The notes of one game, in the order taken (both seats' at each turn,
    seat 0 first), and the game's end."""
    wander = random.Random(seed * 31 + game)
    specs = bots.split(",")
    players = [
        make_bot_from_spec(spec, seed * 1_000 + game * 2 + s) for s, spec in enumerate(specs)
    ]
    state = GameState.new(2, seed=seed * 100_000 + game)
    pending: list[tuple[int, tuple[int, ...], int, bool, float, float]] = []
    out: list[Sample] = []
    seen_turn = -1
    rounds = 0

    def flush() -> None:
        nonlocal seen_turn
        seen_turn = -1  # the next round counts its turns from 0 again
        scores = state.round_results[rounds].scores
        out.extend(
            (game, c, q, m, own, other, float(scores[s])) for s, c, q, m, own, other in pending
        )
        pending.clear()

    while not state.is_over():
        if len(state.round_results) > rounds:
            flush()
            rounds += 1
        if (
            state.phase is Phase.DRAW
            and state.turns_taken != seen_turn
            and state.went_out_first is None
        ):
            seen_turn = state.turns_taken
            quickest = min(state.face_down_count)
            for seat in range(2):
                # the hand-made leaf's estimate of this seat, as its own and as the other's
                unseen = Unseen.of(observe(state, seat))
                own = leaf_points(state, seat, unseen, SHORT_LEAF_POTENTIAL)[seat]
                other = leaf_points(state, 1 - seat, unseen, SHORT_LEAF_POTENTIAL)[seat]
                cards = tuple(public_layout(state, seat))
                pending.append((seat, cards, quickest, seat == state.seat, own, other))
        legal = state.legal_actions()
        seat = state.current_seat()
        if len(legal) == 1:
            action = legal[0]
        elif explore and state.phase in EXPLORED and wander.random() < explore:
            action = legal[wander.randrange(len(legal))]
        else:
            action = players[seat].choose(observe(state, seat), legal)
        state.apply(action)
    if len(state.round_results) > rounds:
        flush()
    return out, state


def fit(
    samples: Sequence[Sample],
    epochs: int,
    rate: float,
    shrink: float,
    seed: int,
    prior: bool = False,
) -> LineValue:
    """Adagrad on the squared error, ``shrink`` the L2 penalty of the line
    weights. With ``prior``, the model also weighs the own-seat leaf of the
    note (the hand-made estimate); else its weight stays 0."""
    weights = [0.0] * N_WEIGHTS
    squares = [1e-8] * N_WEIGHTS
    encoded = []
    for _, cards, quickest, moves_next, own, _, target in samples:
        when = moment(quickest, moves_next)
        on, points, down = features(cards, when)
        x = own * SCALE_PRIOR if prior else 0.0
        encoded.append((on, numeric_indices(when), points, down, x, target))
    order = list(range(len(encoded)))
    rng = random.Random(seed)
    for _ in range(epochs):
        rng.shuffle(order)
        for k in order:
            on, (a, b, c, d), points, down, x_prior, target = encoded[k]
            guess = weights[a] * points + weights[b] * down + weights[c] + weights[d] * x_prior
            for i in on:
                guess += weights[i]
            error = guess - target
            for i, x in ((a, points), (b, down), (c, 1.0), (d, x_prior)):
                if not x:
                    continue
                g = error * x
                squares[i] += g * g
                weights[i] -= rate * g / math.sqrt(squares[i])
            for i in on:
                g = error + shrink * weights[i]
                squares[i] += g * g
                weights[i] -= rate * g / math.sqrt(squares[i])
    return LineValue(weights)


def report(model: LineValue, held: Sequence[Sample]) -> None:
    """Root mean square error of the model and the hand-made leaves on ``held``."""
    rows: dict[int, list[tuple[float, float, float]]] = {}
    for _, cards, quickest, moves_next, own, other, target in held:
        learned = model.value(cards, quickest, moves_next, own)
        rows.setdefault(min(quickest, MAX_QUICKEST), []).append(
            (learned - target, own - target, other - target)
        )
    print("quickest  notes  rmse learned  own leaf  other leaf  (bias learned / own / other)")
    everything: list[tuple[float, float, float]] = []
    for q in sorted(rows):
        errs = rows[q]
        everything.extend(errs)
        print(_line(str(q), errs))
    print(_line("all", everything))


def _line(label: str, errs: Sequence[tuple[float, float, float]]) -> str:
    n = len(errs)
    rmse = [math.sqrt(sum(e[i] ** 2 for e in errs) / n) for i in range(3)]
    bias = [sum(e[i] for e in errs) / n for i in range(3)]
    return (
        f"{label:>8} {n:6d}  {rmse[0]:12.2f}  {rmse[1]:8.2f}  {rmse[2]:10.2f}"
        f"  ({bias[0]:+.2f} / {bias[1]:+.2f} / {bias[2]:+.2f})"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="medium,medium")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--rate", type=float, default=0.05)
    parser.add_argument("--shrink", type=float, default=0.01)
    parser.add_argument("--out", type=Path)
    parser.add_argument(
        "--notes",
        type=Path,
        help="keep the played notes in this file and read them back when the games are the same",
    )
    parser.add_argument(
        "--prior",
        action="store_true",
        help="weigh the hand-made leaf's estimate of the seat (the tables learn what it misses)",
    )
    parser.add_argument(
        "--explore",
        type=float,
        default=0.0,
        help="the chance that a draw or keep is made at random (so the notes see other choices)",
    )
    args = parser.parse_args(argv)
    if args.games < 10:
        print("value_fit: play at least 10 games (every tenth is held out)", file=sys.stderr)
        return 2
    key = (NOTES_FORMAT, args.games, args.seed, args.bots, args.explore)
    samples: list[Sample] | None = None
    if args.notes is not None and args.notes.exists():
        try:
            with args.notes.open("rb") as file:
                saved = pickle.load(file)
        except (OSError, EOFError, pickle.UnpicklingError, AttributeError, ImportError) as error:
            print(f"value_fit: {args.notes} cannot be read ({error}); the games are played again")
            saved = None
        if isinstance(saved, dict) and saved.get("key") == key:
            samples = saved["samples"]
            print(f"notes read from {args.notes}")
    if samples is None:
        tasks = [(g, args.seed, args.bots, args.explore) for g in range(args.games)]
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                results = list(pool.map(play, tasks, chunksize=8))
        else:
            results = [play(t) for t in tasks]
        samples = [s for r in results for s in r]
        if args.notes is not None:
            with args.notes.open("wb") as file:
                pickle.dump({"key": key, "samples": samples}, file)
    train = [s for s in samples if s[0] % 10 != 9]
    held = [s for s in samples if s[0] % 10 == 9]
    print(f"{len(samples)} notes from {args.games} games ({len(held)} held out)")
    model = fit(train, args.epochs, args.rate, args.shrink, args.seed, args.prior)
    report(model, held)
    if args.out is not None:
        model.save(
            args.out,
            {
                "games": args.games,
                "seed": args.seed,
                "bots": args.bots,
                "epochs": args.epochs,
                "rate": args.rate,
                "shrink": args.shrink,
                "notes": len(train),
                "explore": args.explore,
                "prior": args.prior,
            },
        )
        print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
