"""What a pick on the table means: legal actions to targets and back, and why a
pick is refused. No pygame here; the scene asks, the feed decides.

A :class:`Target` is a place the person can pick (a card of their layout, a
pile, the card in hand, a button). :func:`target_of` is the one mapping from an
action to where it is picked; everything else (what glows, what a click or a
drop plays, where a hint points) is derived from it and from the feed's legal
actions, never from a copy of the rules' phases.

>>> from gnoming.rules import actions as A
>>> target_of(A.keep(4))
Target(kind=<TargetKind.POSITION: 'position'>, index=4)
>>> target_of(A.discard(1)) == pile(1) and target_of(A.DRAW) == DRAW
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from gnoming.feed import SeatFeed
from gnoming.i18n import N_
from gnoming.rules import Action, ActionKind, Observation
from gnoming.rules import actions as A


class TargetKind(enum.Enum):
    """What kind of place a target is."""

    DRAW = "draw"
    """The draw pile."""
    PILE = "pile"
    """A discard pile (``index`` 0 = A, 1 = B)."""
    HAND = "hand"
    """The card in hand (dragged, or selected and then dropped)."""
    POSITION = "position"
    """A position (``index`` 0-8) of the layout at the bottom of the screen."""
    REFUSE = "refuse"
    """The Refuse button."""
    STOP = "stop"
    """The Stop bouncing button."""
    DECLINE = "decline"
    """The Turn nothing up button."""
    HINT = "hint"
    """The Hint button."""
    LOG = "log"
    """The round log button."""
    MENU = "menu"
    """The Menu button."""


@dataclass(frozen=True, slots=True)
class Target:
    """A place on the table the person can pick; ``index`` is a pile or a position."""

    kind: TargetKind
    index: int = -1

    @property
    def is_button(self) -> bool:
        return self.kind in BUTTON_KINDS


BUTTON_KINDS = (
    TargetKind.REFUSE,
    TargetKind.STOP,
    TargetKind.DECLINE,
    TargetKind.HINT,
    TargetKind.LOG,
    TargetKind.MENU,
)
"""The buttons, top to bottom in the button column."""

DRAW = Target(TargetKind.DRAW)
HAND = Target(TargetKind.HAND)
REFUSE = Target(TargetKind.REFUSE)
STOP = Target(TargetKind.STOP)
DECLINE = Target(TargetKind.DECLINE)
HINT = Target(TargetKind.HINT)
LOG = Target(TargetKind.LOG)
MENU = Target(TargetKind.MENU)
PILES = (Target(TargetKind.PILE, 0), Target(TargetKind.PILE, 1))
POSITIONS = tuple(Target(TargetKind.POSITION, p) for p in range(9))
BUTTONS = tuple(Target(kind) for kind in BUTTON_KINDS)


def pile(index: int) -> Target:
    return PILES[index]


def position(index: int) -> Target:
    return POSITIONS[index]


_BY_KIND: dict[ActionKind, TargetKind] = {
    ActionKind.FLIP: TargetKind.POSITION,
    ActionKind.KEEP: TargetKind.POSITION,
    ActionKind.BOUNCE: TargetKind.POSITION,
    ActionKind.TURN: TargetKind.POSITION,
    ActionKind.DRAW: TargetKind.DRAW,
    ActionKind.TAKE: TargetKind.PILE,
    ActionKind.DISCARD: TargetKind.PILE,
    ActionKind.REFUSE: TargetKind.REFUSE,
    ActionKind.STOP: TargetKind.STOP,
    ActionKind.DECLINE: TargetKind.DECLINE,
}


def target_of(action: Action) -> Target:
    """Where ``action`` is picked: the one action -> target mapping."""
    kind = _BY_KIND[action.kind]
    if kind is TargetKind.POSITION:
        return POSITIONS[action.target]
    if kind is TargetKind.PILE:
        return PILES[action.target]
    return Target(kind)


PUTS_DOWN = (ActionKind.REFUSE, ActionKind.STOP)
"""Actions that let go of the card in hand; dropping it on a pile plays one and
then discards it there."""
CARRIES_HAND = (ActionKind.KEEP, ActionKind.BOUNCE)
"""Actions that put the card in hand into the layout (the card can be dragged)."""


class TableController:
    """Legal actions as picks, picks as actions, refusals in words, for the person
    at the bottom of the screen."""

    def __init__(self, feed: SeatFeed) -> None:
        self.feed = feed

    def picks(self) -> dict[Target, tuple[Action, ...]]:
        """Target -> the actions picking it plays now, in order (a drop of the card
        in hand on a discard pile is refuse/stop, then discard there). The first is
        legal; each later one is played if it is legal then. Empty when the screen
        has no decision."""
        legal = self.feed.legal_actions()
        out: dict[Target, tuple[Action, ...]] = {}
        for action in legal:
            out[target_of(action)] = (action,)
        for action in legal:
            if action.kind in PUTS_DOWN:
                for index, target in enumerate(PILES):
                    out.setdefault(target, (action, A.discard(index)))
        return out

    def carries_hand(self) -> bool:
        """The card in hand may be dragged onto the layout now."""
        return any(a.kind in CARRIES_HAND for a in self.feed.legal_actions())

    def meaning(self, target: Target, obs: Observation) -> Action | None:
        """The action a pick of ``target`` stands for now, legal or not (None: it
        stands for nothing at this moment). Read from what is legal and from
        whether a card is in hand, so the refusal can say why."""
        legal = self.feed.legal_actions()
        if target.kind is TargetKind.POSITION:
            kinds = [a.kind for a in legal if _BY_KIND[a.kind] is TargetKind.POSITION]
            if kinds:
                kind = kinds[0]
            else:
                kind = ActionKind.KEEP if obs.held is not None else ActionKind.FLIP
            return Action(kind, target.index)
        if target.kind is TargetKind.PILE:
            if obs.held is None:
                return A.take(target.index)
            put_down = [a for a in legal if a.kind in PUTS_DOWN]
            if put_down:
                return put_down[0]
            if any(a.kind is ActionKind.DISCARD for a in legal):
                return A.discard(target.index)
            return A.REFUSE  # the card was taken from a discard pile: it must be kept
        if target.kind is TargetKind.DRAW:
            return A.DRAW
        return None

    def refusal(self, target: Target, obs: Observation) -> str:
        """Why picking ``target`` does nothing now (an untranslated message id)."""
        meant = self.meaning(target, obs)
        if meant is not None:
            reason = self.feed.why_illegal(meant)
            if reason is not None:
                return reason
        return N_("Not now.")

    @staticmethod
    def hint_targets(action: Action) -> frozenset[Target]:
        """What a recommended action points at: its target, and the card in hand when
        the card goes into the layout."""
        target = target_of(action)
        if action.kind in CARRIES_HAND:
            return frozenset((target, HAND))
        return frozenset((target,))
