"""One-turn lookahead: the expected points of every way to play this turn.

:class:`TurnPlanner` values each legal action of the current decision (draw
source, keep or refuse and where, each bounce, the discard pile) by the
expected final points of the seat's layout after it, counting the unseen cards:
a draw from the pile is averaged over every card it could be, a card turned up
under a kept card may bounce, going out is valued with the expected +5/-5, and
a card thrown away is charged for what the next player could do with it.
Medium plays the best of these values; Hard uses them to order its candidates
and for the decisions it does not search.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from gnoming.rules import Action, ActionKind, Observation, Phase
from gnoming.rules import actions as A

from .knowledge import (
    DOWN,
    HAZARD,
    LINE_POSITIONS,
    MULLIGAN,
    Estimator,
    Unseen,
    estimate_turns_left,
    exact_points,
    int_layout,
    known_points,
    others_final,
    went_out_adjustment,
)


class TurnPlanner:
    """Values the legal actions of one decision for ``obs.seat``."""

    def __init__(
        self,
        obs: Observation,
        *,
        potential: float = 0.0,
        feed_weight: float | None = None,
        bounce_lookahead: bool = True,
    ) -> None:
        self.obs = obs
        self.seat = obs.seat
        self.unseen = Unseen.of(obs)
        self.estimator = Estimator(self.unseen, estimate_turns_left(obs, obs.seat), potential)
        self.cards = int_layout(obs.layouts[obs.seat])
        self.can_go_out = obs.went_out_first is None
        self.others = others_final(obs, self.unseen) if self.can_go_out else []
        if feed_weight is None:
            feed_weight = 0.8 / max(1, obs.n_seats - 1)
        self.feed_weight = feed_weight
        self.bounce_lookahead = bounce_lookahead
        self._next_seat = self._seat_after(obs.turn_seat)
        self._gain_cache: dict[int, float] = {}
        self._value_cache: dict[tuple[int, ...], float] = {}
        self._mean_feed: float | None = None

    # ------------------------------------------------------------ values

    def value(self, cards: Sequence[int]) -> float:
        """Expected final points of our layout (lower is better); going out included."""
        key = tuple(cards)
        cached = self._value_cache.get(key)
        if cached is not None:
            return cached
        if self.can_go_out and DOWN not in key:
            points = exact_points(key)
            result = points + went_out_adjustment(points, self.others)
        else:
            result = self.estimator.value(key)
        self._value_cache[key] = result
        return result

    def _seat_after(self, seat: int) -> int | None:
        """The seat that plays next, or None when nobody does this round."""
        obs = self.obs
        nxt = (seat + 1) % obs.n_seats
        if obs.went_out_first is not None and (
            obs.final_turns_left <= 1 or nxt == obs.went_out_first
        ):
            return None
        return nxt

    def gain_for_next(self, card: int) -> float:
        """How many points the next player could save by taking ``card``."""
        cached = self._gain_cache.get(card)
        if cached is not None:
            return cached
        gain = 0.0
        if self._next_seat is not None and card != HAZARD:
            theirs = int_layout(self.obs.layouts[self._next_seat])
            mean = self.unseen.mean
            base = known_points(theirs, mean)
            best = base
            for p in range(9):
                old = theirs[p]
                theirs[p] = card
                points = known_points(theirs, mean)
                theirs[p] = old
                if points < best:
                    best = points
            gain = base - best
        self._gain_cache[card] = gain
        return gain

    def feed_cost(self, card: int, tops: Sequence[int | None]) -> float:
        """What throwing ``card`` away costs us: the next player's best gain with
        ``card`` on the better pile for us (``tops``: the piles' tops before)."""
        if self.feed_weight == 0.0 or card == HAZARD or self._next_seat is None:
            return 0.0
        g = self.gain_for_next(card)
        best = None
        for pile in (0, 1):
            other = tops[1 - pile]
            if tops[pile] is not None and other is None:
                continue  # must go onto the empty pile
            cost = max(g, self.gain_for_next(other) if other is not None else 0.0)
            if best is None or cost < best:
                best = cost
        return self.feed_weight * (best if best is not None else g)

    def mean_feed(self, tops: Sequence[int | None]) -> float:
        """Expected feed cost of a card turned up from face down."""
        if self._mean_feed is None:
            self._mean_feed = sum(
                p * self.feed_cost(card, tops) for card, p in self.unseen.face_down
            )
        return self._mean_feed

    def keep_value(
        self,
        cards: Sequence[int],
        card: int,
        position: int,
        filled: int,
        tops: Sequence[int | None],
        *,
        bounce: bool,
    ) -> float:
        """Expected value of putting ``card`` at ``position`` (then maybe bouncing)."""
        new = list(cards)
        old = new[position]
        new[position] = card
        if old != DOWN:
            return self.value(new) + self.feed_cost(old, tops)
        stop = self.value(new) + self.mean_feed(tops)
        if not bounce:
            return stop
        filled |= 1 << position
        if filled == (1 << 9) - 1:
            return stop
        # a positive card turned up that matches may bounce: take the better of
        # stopping and the best bounce, for each card it could be
        gain = 0.0
        up_values = {c for c in new if 1 <= c <= 12}
        for revealed, p in self.unseen.face_down:
            if not 1 <= revealed <= 12 or revealed not in up_values:
                continue
            stop_r = self.value(new) + self.feed_cost(revealed, tops)
            best = stop_r
            for q in range(9):
                if filled >> q & 1:
                    continue
                v = self.keep_value(new, revealed, q, filled, tops, bounce=False)
                if v < best:
                    best = v
            gain += p * (stop_r - best)
        return stop - gain

    def may_keep(self, cards: Sequence[int], card: int, position: int) -> bool:
        """The mulligan rule: no second face-up mulligan after keeping."""
        if card != MULLIGAN:
            return True
        others = [p for p in range(9) if cards[p] == MULLIGAN]
        return not others or others == [position]

    def best_play(
        self, card: int, tops: Sequence[int | None], *, may_refuse: bool, bounce: bool
    ) -> tuple[float, Action]:
        """The best keep (or refuse) of ``card`` in hand, and its value."""
        cards = self.cards
        best_value = float("inf")
        best_action = A.REFUSE
        if may_refuse:
            best_value = self.value(cards) + self.feed_cost(card, tops)
        for p in range(9):
            if not self.may_keep(cards, card, p):
                continue
            v = self.keep_value(cards, card, p, 0, tops, bounce=bounce)
            if v < best_value:
                best_value, best_action = v, A.KEEPS[p]
        return best_value, best_action

    # ------------------------------------------------------------ decisions

    def tops(self) -> list[int | None]:
        return [int(pile[-1]) if pile else None for pile in self.obs.discard_piles]

    def action_values(self, legal: Sequence[Action]) -> dict[Action, float]:
        """Expected points after each legal action (lower is better)."""
        obs = self.obs
        phase = obs.phase
        values: dict[Action, float] = {}
        if phase is Phase.DRAW:
            tops = self.tops()
            for action in legal:
                if action.kind is ActionKind.TAKE:
                    pile = obs.discard_piles[action.target]
                    after = list(tops)
                    after[action.target] = int(pile[-2]) if len(pile) > 1 else None
                    values[action] = self.best_play(
                        int(pile[-1]), after, may_refuse=False, bounce=False
                    )[0]
                else:
                    values[action] = sum(
                        p * self.best_play(card, tops, may_refuse=True, bounce=False)[0]
                        for card, p in self.unseen.distribution
                    )
            return values
        if phase is Phase.PLAY or phase is Phase.BOUNCE:
            # keeping and bouncing place the card in hand; refusing and stopping discard it
            assert obs.held is not None
            card = int(obs.held)
            tops = self.tops()
            for action in legal:
                if action.kind is ActionKind.REFUSE or action.kind is ActionKind.STOP:
                    values[action] = self.value(self.cards) + self.feed_cost(card, tops)
                else:
                    values[action] = self.keep_value(
                        self.cards, card, action.target, obs.filled, tops,
                        bounce=self.bounce_lookahead,
                    )
            return values
        if phase is Phase.DISCARD:
            assert obs.held is not None
            card = int(obs.held)
            tops = self.tops()
            for action in legal:
                other = tops[1 - action.target]
                covered = tops[action.target]
                g_other = self.gain_for_next(other) if other is not None else 0.0
                g_covered = self.gain_for_next(covered) if covered is not None else 0.0
                # the next player sees our card and the other top; among equals,
                # cover the more useful card
                values[action] = max(self.gain_for_next(card), g_other) - 0.01 * g_covered
            return values
        if phase is Phase.HAZARD_TURN:
            for action in legal:
                values[action] = -self.turn_interest(action.target) if action.target >= 0 else 0.0
            return values
        for action in legal:
            values[action] = 0.0
        return values

    def turn_interest(self, position: int) -> float:
        """How much knowing the face-down card at ``position`` helps planning."""
        cards = self.cards
        interest = 0.1
        for line in LINE_POSITIONS:
            if position not in line:
                continue
            ups = [cards[p] for p in line if p != position and cards[p] != DOWN]
            positives = [c for c in ups if 1 <= c <= 12]
            if len(positives) == 2 and positives[0] == positives[1]:
                interest += 1.0
            elif len(positives) == 1:
                interest += 0.2
        return interest

    def choose(self, legal: Sequence[Action], rng: random.Random) -> Action:
        """The action of lowest value; ties broken by ``rng``."""
        if len(legal) == 1:
            return legal[0]
        if self.obs.phase is Phase.INITIAL_FLIP:
            return rng.choice(list(legal))
        values = self.action_values(legal)
        best = min(values.values())
        ties = [a for a in legal if values[a] <= best + 1e-9]
        return ties[0] if len(ties) == 1 else rng.choice(ties)
