"""Hints for a person's seat: Hard's choice, with a one-line reason a player understands.

Hints play at Hard's level, the strongest whose thinking fits the hint's
budget (Expert may think a second), and like every gnome they depend only on
the seed and what the seat sees. A hint never swaps a card for an equal one, or
a move that gains nothing, when something better is legal. The reason is a
clause that follows the action the screen names ("take the 9 from discard pile
A — completes the top row of 9s: –9"); it never repeats the action. A minus
sign is written as the table draws it, :data:`MINUS`.

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

import re
from collections.abc import Sequence
from typing import NamedTuple

from gnoming.i18n import N_, _
from gnoming.rules import Action, ActionKind, Observation, Phase

from .hard import FEED_WEIGHT, POTENTIAL, HardBot
from .knowledge import (
    DOWN,
    HAZARD,
    LINE_POSITIONS,
    MULLIGAN,
    Unseen,
    card_points,
    exact_points,
    int_layout,
    line_match,
    others_final,
    went_out_adjustment,
)
from .planner import TurnPlanner
from .protocol import Thinker

LINE_NAMES = (
    N_("top row"),
    N_("middle row"),
    N_("bottom row"),
    N_("left column"),
    N_("middle column"),
    N_("right column"),
)
"""Translated when a reason is written, in the language of the moment."""


MINUS = "\u2013"
"""How the table writes a minus sign (its font has no U+2212; a hyphen is too short)."""
_HYPHEN_MINUS = re.compile(r"(?<![\w\u2013])[-\u2212](?=\d)")


def with_one_minus(text: str) -> str:
    """Every minus sign in ``text`` as :data:`MINUS` (a hyphen between words or
    in a range such as "4-5" stays).

    >>> with_one_minus("completes the top row of 7s: -7; keeps a \u22124 over 4-5")
    'completes the top row of 7s: \u20137; keeps a \u20134 over 4-5'
    """
    return _HYPHEN_MINUS.sub(MINUS, text)


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
        playouts: int | None = None,
    ) -> None:
        self.obs = obs
        self.legal = tuple(legal)
        if playouts is None:
            bot = HardBot(seed)
        else:  # the same number of deals at every table
            bot = HardBot(seed, playouts=playouts, short_playouts=playouts)
        self.thinker: Thinker = bot.start(obs, legal)
        self._hint: Hint | None = None

    def step(self, budget_seconds: float) -> bool:
        if self._hint is not None:
            return True
        if not self.thinker.step(budget_seconds):
            return False
        action = worth_hinting(self.obs, self.legal, self.thinker.result())
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
    playouts: int | None = None,
) -> HintThinker:
    """An incremental hint for ``obs.seat`` (see the module docstring): Hard's
    choice (:class:`~gnoming.ai.hard.HardBot`, ``playouts`` sampled deals or
    its default), which depends only on the seed and what the seat sees."""
    return HintThinker(obs, legal, seed, playouts=playouts)


def hint(
    obs: Observation,
    legal: Sequence[Action],
    seed: int,
    *,
    playouts: int | None = None,
) -> Hint:
    """Hard's choice for ``obs.seat`` and the reason, at once."""
    thinker = start_hint(obs, legal, seed, playouts=playouts)
    while not thinker.step(0.05):
        pass
    return thinker.result()


# ---------------------------------------------------------------- reasons


def name(card: int) -> str:
    if card == MULLIGAN:
        return _("mulligan")
    if card == HAZARD:
        return _("hazard")
    return str(card)


def line_name(index: int) -> str:
    return _(LINE_NAMES[index])


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
        if verb == "bounce":
            text = _("bounces the {card} to complete the {line} of {value}s: -{value}")
        else:
            text = _("completes the {line} of {value}s: -{value}")
        return text.format(card=name(card), line=line_name(index), value=value)
    if obs.went_out_first is None and DOWN not in new and DOWN in cards:
        points = exact_points(new)
        unseen = Unseen.of(obs)
        bonus = went_out_adjustment(points, others_final(obs, unseen))
        if bonus < 0:
            text = _(
                "turns up your last card: you go out with {points} points, likely the lowest (-5)"
            )
        else:
            text = _(
                "turns up your last card: you go out with {points} points before the others improve"
            )
        return text.format(points=points)
    if card < 0:
        return _("keeps a {card}: a negative card always lowers your score").format(card=card)
    if card == MULLIGAN:
        return _("keeps the mulligan: it counts as whatever completes a match")
    pair = pair_line(new, position)
    if pair is not None:
        index, with_mulligan = pair
        line = line_name(index)
        if with_mulligan:
            if verb == "bounce":
                text = _(
                    "bounces the {card} beside the mulligan in the {line}: one more {card} makes a match"
                )
            else:
                text = _(
                    "keeps the {card} beside the mulligan in the {line}: one more {card} makes a match"
                )
        elif verb == "bounce":
            text = _("bounces the {card} onto the {card}s in the {line}")
        else:
            text = _("puts a second {card} in the {line}: one more makes a match")
        return text.format(card=card, line=line)
    bouncing = verb == "bounce"
    if old == HAZARD:
        if bouncing:
            text = _("bounces the {card} over the hazard, which would score +10")
        else:
            text = _("keeps the {card} over the hazard, which would score +10")
    elif old != DOWN and card_points(old) <= card_points(card):
        text = _("nothing better is left for the {card}")
    elif old != DOWN:
        if bouncing:
            text = _("bounces the {card} in place of the {old}: {points} points less")
        else:
            text = _("keeps the {card} in place of the {old}: {points} points less")
    elif bouncing:
        text = _(
            "bounces the {card} in place of a face-down card (an unseen card is worth about {worth})"
        )
    else:
        text = _(
            "keeps the {card} in place of a face-down card (an unseen card is worth about {worth})"
        )
    worth = round(Unseen.of(obs).mean) if old == DOWN else 0
    return text.format(card=name(card), old=name(old), points=old - card, worth=worth)


def explain(obs: Observation, action: Action) -> str:
    """A one-line reason for ``action`` in ``obs``, in a player's words: a clause
    to follow the action's own words, with one kind of minus sign."""
    return with_one_minus(_explain(obs, action))


def _explain(obs: Observation, action: Action) -> str:
    cards = int_layout(obs.layouts[obs.seat])
    kind = action.kind
    held = int(obs.held) if obs.held is not None else None
    if kind is ActionKind.FLIP:
        return _("any card will do: they are all unseen")
    if kind is ActionKind.DRAW:
        return _("neither discard pile top helps you")
    if kind is ActionKind.TAKE:
        card = int(obs.discard_piles[action.target][-1])
        planner = TurnPlanner(obs)
        tops = planner.tops()
        tops[action.target] = None
        _value, keep = planner.best_play(card, tops, may_refuse=False, bounce=False)
        return describe_placing(obs, cards, card, keep.target, "keep")
    if kind is ActionKind.KEEP and held is not None:
        return describe_placing(obs, cards, held, action.target, "keep")
    if kind is ActionKind.REFUSE and held is not None:
        if held == HAZARD:
            return _("a hazard scores +10 in your layout")
        text = _("the {card} would not lower your score anywhere")
        return text.format(card=name(held))
    if kind is ActionKind.BOUNCE and held is not None:
        return describe_placing(obs, cards, held, action.target, "bounce")
    if kind is ActionKind.STOP and held is not None:
        return _("no place makes the {card} worth more").format(card=name(held))
    if kind is ActionKind.DISCARD and held is not None:
        return _discard_reason(obs, action)
    if kind is ActionKind.TURN:
        return _("knowing one more of your cards helps you plan")
    if kind is ActionKind.DECLINE:
        return _("keep your cards hidden")
    return str(action)


def _discard_reason(obs: Observation, action: Action) -> str:
    planner = TurnPlanner(obs)
    tops = planner.tops()
    covered = tops[action.target]
    if covered is not None and planner.gain_for_next(covered) >= 2.0:
        return _("it covers the {card} the next player could use").format(card=name(covered))
    if (
        obs.phase is Phase.DISCARD
        and obs.held is not None
        and planner.gain_for_next(int(obs.held)) >= 2.0
    ):
        return _("the next player sees this card either way; the other top is worth less to them")
    return _("it leaves the next player nothing useful on top")


# ---------------------------------------------------------------- nothing gained


def gains_nothing(obs: Observation, action: Action) -> bool:
    """Whether ``action`` puts a card over a face-up one without making the layout
    any better (an equal card, or a worse one that builds nothing): a move a
    player would call pointless. Taking a discard counts by its best keep."""
    kind = action.kind
    if obs.phase not in (Phase.DRAW, Phase.PLAY, Phase.BOUNCE):
        return False
    planner = TurnPlanner(obs, potential=POTENTIAL, feed_weight=FEED_WEIGHT)
    cards = planner.cards
    if kind is ActionKind.TAKE:
        pile = obs.discard_piles[action.target]
        card = int(pile[-1])
        tops = planner.tops()
        tops[action.target] = int(pile[-2]) if len(pile) > 1 else None
        _value, keep = planner.best_play(card, tops, may_refuse=False, bounce=False)
        position = keep.target
    elif kind in (ActionKind.KEEP, ActionKind.BOUNCE) and obs.held is not None:
        card = int(obs.held)
        position = action.target
    else:
        return False
    if position < 0 or cards[position] == DOWN:
        return False
    after = list(cards)
    after[position] = card
    estimator = planner.estimator
    return cards[position] == card or estimator.value(after) >= estimator.value(cards) - 1e-9


def worth_hinting(obs: Observation, legal: Sequence[Action], action: Action) -> Action:
    """``action``, unless it gains nothing while another legal action does
    something: then the best of those by the planner's points."""
    if not gains_nothing(obs, action):
        return action
    others = [a for a in legal if a != action and not gains_nothing(obs, a)]
    if not others:
        return action
    planner = TurnPlanner(obs, potential=POTENTIAL, feed_weight=FEED_WEIGHT)
    values = planner.action_values(legal)
    return min(others, key=lambda a: (values[a], legal.index(a)))
