"""Decision-time benchmark for the computer opponents on real positions.

    python -m gnoming.ai.bench [--bot hard] [--positions 400] [--seats 4] [--seed 1]

Collects positions from games between Medium gnomes (every decision with more
than one legal action), then times the bot on each: the whole decision
(``choose``), and the frame-loop form (``step(0.004)`` once per "frame": the
longest single step shows how long a frame can stall). Prints milliseconds.
A script that prints numbers; nothing here asserts a timing.
"""

from __future__ import annotations

import argparse
import random
import time

from gnoming.rules import Action, GameState, Observation, Phase, observe

from . import make_bot_from_spec
from .medium import MediumBot
from .protocol import start_thinking


def collect_positions(
    n_seats: int, count: int, seed: int
) -> list[tuple[Observation, tuple[Action, ...]]]:
    """Positions with a real choice, sampled from Medium-vs-Medium games."""
    rng = random.Random(seed)
    out: list[tuple[Observation, tuple[Action, ...]]] = []
    game = 0
    while len(out) < count:
        state = GameState.new(n_seats, seed=seed * 10_007 + game)
        bots = [MediumBot(seed + s + game * 13) for s in range(n_seats)]
        game += 1
        while not state.is_over() and len(out) < count:
            seat = state.current_seat()
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
                continue
            obs = observe(state, seat)
            if rng.random() < 0.5:
                out.append((obs, legal))
            state.apply(bots[seat].choose(obs, legal))
    return out


def percentiles(values: list[float]) -> tuple[float, float, float]:
    values = sorted(values)
    if not values:
        return 0.0, 0.0, 0.0
    p50 = values[max(0, (len(values) + 1) // 2 - 1)]
    p95 = values[max(0, -(-95 * len(values) // 100) - 1)]
    return p50, p95, values[-1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="hard", help="difficulty or module:Class")
    parser.add_argument("--positions", type=int, default=400)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--frame", type=float, default=0.004, help="step budget per frame (s)")
    args = parser.parse_args(argv)
    positions = collect_positions(args.seats, args.positions, args.seed)
    whole: list[float] = []
    whole_cpu: list[float] = []
    own_turn: list[float] = []
    longest_steps: list[float] = []
    frames: list[int] = []
    for k, (obs, legal) in enumerate(positions):
        bot = make_bot_from_spec(args.bot, args.seed + k)
        start = time.perf_counter()
        cpu = time.thread_time()
        bot.choose(obs, legal)
        whole_cpu.append(time.thread_time() - cpu)
        whole.append(time.perf_counter() - start)
        if obs.phase in (Phase.DRAW, Phase.PLAY, Phase.BOUNCE):
            own_turn.append(whole[-1])
        thinker = start_thinking(make_bot_from_spec(args.bot, args.seed + k), obs, legal)
        longest = 0.0
        n = 0
        while True:
            t = time.perf_counter()
            done = thinker.step(args.frame)
            longest = max(longest, time.perf_counter() - t)
            n += 1
            if done:
                break
        longest_steps.append(longest)
        frames.append(n)
    p50, p95, worst = percentiles(whole)
    print(f"{args.bot}: {len(positions)} positions, {args.seats} seats (Medium games, seed {args.seed})")
    print(
        f"all decisions ({len(whole)}), ms"
        f"      p50 {1000 * p50:7.1f}  p95 {1000 * p95:7.1f}  max {1000 * worst:7.1f}"
    )
    c50, c95, cmax = percentiles(whole_cpu)
    print(
        f"all decisions, CPU ms"
        f"           p50 {1000 * c50:7.1f}  p95 {1000 * c95:7.1f}  max {1000 * cmax:7.1f}"
    )
    o50, o95, omax = percentiles(own_turn)
    print(
        f"draw/play/bounce only ({len(own_turn)}), ms"
        f"  p50 {1000 * o50:7.1f}  p95 {1000 * o95:7.1f}  max {1000 * omax:7.1f}"
    )
    s50, s95, smax = percentiles(longest_steps)
    print(
        f"longest step({args.frame * 1000:.0f} ms) per decision, ms"
        f"  p50 {1000 * s50:5.1f}  p95 {1000 * s95:5.1f}  max {1000 * smax:5.1f}"
    )
    f50, f95, fmax = percentiles([float(f) for f in frames])
    print(f"frames per decision   p50 {f50:5.0f}  p95 {f95:5.0f}  max {fmax:5.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
