"""Hints for a person's seat: Hard's choice, with a one-line reason a player understands.

>>> import random
>>> from gnoming.rules import GameState, observe
>>> state = GameState.new(2, seed=3)
>>> h = hint(observe(state, 0), state.legal_actions(), seed=1)
>>> h.action in state.legal_actions() and h.reason != ""
True

The screen uses the incremental form so it never freezes::

    thinker = start_hint(obs, legal, seed)
    # once per frame:
    if thinker.step(0.004):
        show(thinker.result())
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from gnoming.rules import Action, ActionKind, Observation, Phase
from gnoming.rules.actions import PILE_NAMES

from .hard import HardBot
from .knowledge import (
    DOWN,
    HAZARD,
    LINE_POSITIONS,
    MULLIGAN,
    Unseen,
    exact_points,
    int_layout,
    line_match,
    others_final,
    went_out_adjustment,
)
from .planner import TurnPlanner
from .protocol import Thinker

LINE_NAMES = (
    "top row",
    "middle row",
    "bottom row",
    "left column",
    "middle column",
    "right column",
)


class Hint(NamedTuple):
    """What to do, and why in one line."""

    action: Action
    reason: str


class HintThinker:
    """A hint in progress: ``step(budget)`` until True, then ``result()``."""

    def __init__(
        self,
        obs: Observation,
        legal: Sequence[Action],
        seed: int,
        *,
        playouts: int = 64,
        time_limit: float | None = 0.22,
    ) -> None:
        self.obs = obs
        self.legal = tuple(legal)
        bot = HardBot(seed, playouts=playouts, time_limit=time_limit)
        self.thinker: Thinker = bot.start(obs, legal)
        self._hint: Hint | None = None

    def step(self, budget_seconds: float) -> bool:
        if self._hint is not None:
            return True
        if not self.thinker.step(budget_seconds):
            return False
        action = self.thinker.result()
        self._hint = Hint(action, explain(self.obs, action))
        return True

    def result(self) -> Hint:
        if self._hint is None:
            raise RuntimeError("the hint is not ready yet: call step() until it returns True")
        return self._hint


def start_hint(
    obs: Observation,
    legal: Sequence[Action],
    seed: int,
    *,
    playouts: int = 64,
    time_limit: float | None = 0.22,
) -> HintThinker:
    """An incremental hint for ``obs.seat`` (see the module docstring). Hard's
    search settings as in :class:`~gnoming.ai.hard.HardBot`."""
    return HintThinker(obs, legal, seed, playouts=playouts, time_limit=time_limit)


def hint(
    obs: Observation,
    legal: Sequence[Action],
    seed: int,
    *,
    playouts: int = 64,
    time_limit: float | None = 0.22,
) -> Hint:
    """Hard's choice for ``obs.seat`` and the reason, at once (up to ~0.25 s)."""
    thinker = start_hint(obs, legal, seed, playouts=playouts, time_limit=time_limit)
    while not thinker.step(0.05):
        pass
    return thinker.result()


# ---------------------------------------------------------------- reasons


def name(card: int) -> str:
    if card == MULLIGAN:
        return "mulligan"
    if card == HAZARD:
        return "hazard"
    return str(card)


def matched_lines(cards: Sequence[int]) -> dict[int, int]:
    """Line index -> value of every complete match among face-up cards."""
    out = {}
    for index, (a, b, c) in enumerate(LINE_POSITIONS):
        value = line_match(cards[a], cards[b], cards[c])
        if value:
            out[index] = value
    return out


def pair_line(cards: Sequence[int], position: int) -> tuple[int, bool] | None:
    """A line through ``position`` one card short of a match of the card placed
    there: (line index, whether a mulligan makes up the pair). A line whose
    third card is negative (worth keeping) does not count."""
    card = cards[position]
    if not 1 <= card <= 12:
        return None
    for index, line in enumerate(LINE_POSITIONS):
        if position not in line:
            continue
        values = [cards[p] for p in line]
        same = sum(1 for v in values if v in (card, MULLIGAN))
        third = [v for v in values if v not in (card, MULLIGAN)]
        if same == 2 and third and not third[0] < 0:
            return index, MULLIGAN in values
    return None


def describe_placing(
    obs: Observation, cards: Sequence[int], card: int, position: int, verb: str
) -> str:
    """Why putting ``card`` at ``position`` is good, e.g. "completes the top row of 7s: -7"."""
    new = list(cards)
    old = new[position]
    new[position] = card
    before = matched_lines(cards)
    gained = {i: v for i, v in matched_lines(new).items() if before.get(i) != v}
    if gained:
        index, value = next(iter(gained.items()))
        what = "bounces the {c} to complete" if verb == "bounce" else "completes"
        return f"{what.format(c=name(card))} the {LINE_NAMES[index]} of {value}s: -{value}"
    if obs.went_out_first is None and DOWN not in new and DOWN in cards:
        points = exact_points(new)
        unseen = Unseen.of(obs)
        bonus = went_out_adjustment(points, others_final(obs, unseen))
        if bonus < 0:
            return f"turns up your last card: you go out with {points} points, likely the lowest (-5)"
        return f"turns up your last card: you go out with {points} points before the others improve"
    if card < 0:
        return f"keeps a {card}: a negative card always lowers your score"
    if card == MULLIGAN:
        return "keeps the mulligan: it counts as whatever completes a match"
    pair = pair_line(new, position)
    if pair is not None:
        index, with_mulligan = pair
        line = LINE_NAMES[index]
        if with_mulligan:
            return f"{verb}s the {card} beside the mulligan in the {line}: one more {card} makes a match"
        if verb == "bounce":
            return f"bounces the {card} onto the {card}s in the {line}"
        return f"puts a second {card} in the {line}: one more makes a match"
    lead = f"bounces the {name(card)}" if verb == "bounce" else f"keeps the {name(card)}"
    if old == HAZARD:
        return f"{lead} over the hazard, which would score +10"
    if old != DOWN:
        return f"{lead} in place of the {name(old)}: {old - card} points less"
    return f"{lead} in place of a face-down card (an unseen card is worth about 4-5)"


def explain(obs: Observation, action: Action) -> str:
    """A one-line reason for ``action`` in ``obs``, in a player's words."""
    cards = int_layout(obs.layouts[obs.seat])
    kind = action.kind
    held = int(obs.held) if obs.held is not None else None
    if kind is ActionKind.FLIP:
        return "turn up two cards to start: any two will do, they are all unseen"
    if kind is ActionKind.DRAW:
        return "neither discard pile top helps you: draw a fresh card"
    if kind is ActionKind.TAKE:
        card = int(obs.discard_piles[action.target][-1])
        planner = TurnPlanner(obs)
        tops = planner.tops()
        tops[action.target] = None
        _, keep = planner.best_play(card, tops, may_refuse=False, bounce=False)
        why = describe_placing(obs, cards, card, keep.target, "keep")
        return f"take the {name(card)} from pile {PILE_NAMES[action.target]}: it {why}"
    if kind is ActionKind.KEEP and held is not None:
        return describe_placing(obs, cards, held, action.target, "keep")
    if kind is ActionKind.REFUSE and held is not None:
        if held == HAZARD:
            return "a hazard scores +10 in your layout: throw it away"
        return f"the {name(held)} would not lower your score anywhere: throw it away"
    if kind is ActionKind.BOUNCE and held is not None:
        return describe_placing(obs, cards, held, action.target, "bounce")
    if kind is ActionKind.STOP and held is not None:
        return f"no place makes the {name(held)} worth more: stop bouncing"
    if kind is ActionKind.DISCARD and held is not None:
        return f"put the {name(held)} on pile {PILE_NAMES[action.target]}: " + _discard_reason(
            obs, action
        )
    if kind is ActionKind.TURN:
        return "turn up a face-down card: knowing it helps you plan"
    if kind is ActionKind.DECLINE:
        return "keep your cards hidden"
    return str(action)


def _discard_reason(obs: Observation, action: Action) -> str:
    planner = TurnPlanner(obs)
    tops = planner.tops()
    covered = tops[action.target]
    if covered is not None and planner.gain_for_next(covered) >= 2.0:
        return f"it covers the {name(covered)} the next player could use"
    if (
        obs.phase is Phase.DISCARD
        and obs.held is not None
        and planner.gain_for_next(int(obs.held)) >= 2.0
    ):
        return "the next player sees this card either way; the other top is worth less to them"
    return "it leaves the next player nothing useful on top"
