"""A fast playout policy for search: plays any seat of a simulated state from the
public facts only (its own face-up cards, the piles, the card in hand), with
flat expected points and no lookahead. About a tenth of a millisecond a turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import ClassVar

from gnoming.rules import Action, GameState, Phase
from gnoming.rules import actions as A
from gnoming.rules.events import DRAW_PILE

from .knowledge import (
    DOWN,
    HAZARD,
    MATCH,
    MULLIGAN,
    OTHERS,
    POINTS,
    Estimator,
    Kept,
    final_guess,
    known_points,
    plain_at,
    turns_left,
    went_out_adjustment,
)

TAKE_MARGIN = 2.5
"""Take a discard when it beats the average draw by this many points."""


def public_layout(state: GameState, seat: int) -> list[int]:
    layout = state.layouts[seat]
    up = state.face_up[seat]
    return [int(layout[p]) if up[p] else DOWN for p in range(9)]


class PlayoutCache:
    """What the playouts of one decision share. Every value in it depends only
    on its key (the decision's estimator and mean of the unseen cards are fixed),
    and the same layouts come back in every candidate's playout of a deal."""

    __slots__ = ("points", "mine_points", "keeps", "draws")

    def __init__(self) -> None:
        self.points: dict[tuple[int, ...], float] = {}
        """known_points(layout, mean) by layout."""
        self.mine_points: dict[tuple[int, ...], float] = {}
        """The estimator's value of the own seat's layouts (LiveLinesPolicy: of
        the other seats', keyed with the quickest seat's face-down count)."""
        self.keeps: dict[tuple[int, ...], tuple[float, int]] = {}
        """The best keep (value, position) by (layout, card, filled, how the
        seat values layouts: FastPolicy._keep_kind)."""
        self.draws: dict[tuple[int, ...], float] = {}
        """PlannedLinesPolicy: the expected value of a card drawn, by the
        quickest seat's face-down count and the layout."""


class FastPolicy:
    """Greedy on expected points, with a rough sense of going out."""

    __slots__ = (
        "mean", "rng", "me", "mine", "points", "mine_points", "keeps", "draws", "_rivals", "_finals"
    )
    every_seat: ClassVar[bool] = False
    """Every seat, not only ``me``, plays by the estimator ``mine``."""

    def __init__(
        self,
        mean: float,
        rng: random.Random,
        me: int = -1,
        mine: Estimator | None = None,
        cache: PlayoutCache | None = None,
    ) -> None:
        self.mean = mean
        self.rng = rng
        self.me = me
        self.mine = mine
        """Seat ``me`` plays by this estimator (half-built lines counted). It is
        the estimator of the decision being searched, so to the end of a
        playout it counts the turns that were left at that decision. Counting
        the turns left on the simulated table instead plays far better alone
        (``scripts/policy_bench.py``: -7.5 against +3.0 points a round) but
        made Hard's search worse against three Medium (docs/bots-log.md)."""
        if cache is None:
            cache = PlayoutCache()
        self.points = cache.points
        self.mine_points = cache.mine_points
        self.keeps = cache.keeps
        self.draws = cache.draws
        self._rivals: tuple[GameState, tuple[int, int, int], float] | None = None
        """The last :meth:`_rivals_points` answer, with its state and key."""
        self._finals: tuple[GameState, tuple[int, int, int], list[tuple[float, float]]] | None = (
            None
        )
        """PlannedLinesPolicy: the last others' finals for going out, with
        their state and key."""

    def _value(self, state: GameState, seat: int, cards: list[int]) -> float:
        if DOWN in cards or state.went_out_first is not None:
            key = tuple(cards)
            if (
                (seat == self.me or self.every_seat)
                and self.mine is not None
                and state.went_out_first is None
            ):
                value = self.mine_points.get(key)
                if value is None:
                    value = self.mine_points[key] = self.mine.value(cards)
                return value
            return self._known(key)
        points = self._known(tuple(cards))  # nothing face down: the exact points
        return points + self._going_out(state, seat, points)

    def _going_out(self, state: GameState, seat: int, points: float) -> float:
        """What going out first with ``points`` adds: -5 if they are at most
        the others' lowest plain points less 2, else +5."""
        return -5.0 if points <= self._rivals_points(state, seat) else 5.0

    def _rivals_points(self, state: GameState, seat: int) -> float:
        """The lowest plain points of the other seats' face-up cards, less 2.
        The other seats' cards change only in their own turns and when they
        turn one up (a hazard), so one answer serves a whole turn of ``seat``."""
        key = (state.turns_taken, seat, sum(state.face_down_count))
        last = self._rivals
        if last is not None and last[0] is state and last[1] == key:
            return last[2]
        rivals = min(
            self._known(tuple(public_layout(state, s))) - 2.0
            for s in range(state.n_seats)
            if s != seat
        )
        self._rivals = (state, key, rivals)
        return rivals

    def _known(self, key: tuple[int, ...]) -> float:
        value = self.points.get(key)
        if value is None:
            value = self.points[key] = known_points(key, self.mean)
        return value

    def _best_keep(
        self, state: GameState, seat: int, cards: list[int], card: int, filled: int
    ) -> tuple[float, int]:
        # Before anyone went out, with a card still face down after any keep, the
        # answer depends only on the layout, the card, the positions filled and
        # how the seat values layouts (_keep_kind). A keep that turns up the last
        # card is valued against the other seats' layouts.
        kind = self._keep_kind(state, seat)
        plain = kind == 0
        if kind < 0 or cards.count(DOWN) < 2:
            return self._search_keep(state, seat, cards, card, filled, plain)
        key = (*cards, card, filled, kind)
        known = self.keeps.get(key)
        if known is None:
            known = self.keeps[key] = self._search_keep(state, seat, cards, card, filled, plain)
        return known

    def _keep_kind(self, state: GameState, seat: int) -> int:
        """How ``seat`` values a layout with cards face down, as far as it
        depends on the layout alone: 0 by the plain points, 1 by the
        estimator ``mine``; -1 when it also depends on the table."""
        if state.went_out_first is not None:
            return -1
        if self.mine is None or (seat != self.me and not self.every_seat):
            return 0
        return 1

    def _keep_valuer(self, state: GameState, seat: int) -> Callable[[list[int]], float]:
        """How ``seat`` values a layout after a keep, for one keep search on
        ``state`` (the search's layouts change, the table does not)."""
        return partial(self._value, state, seat)

    def _search_keep(
        self,
        state: GameState,
        seat: int,
        cards: list[int],
        card: int,
        filled: int,
        plain: bool,
        templates: list[Kept | None] | None = None,
    ) -> tuple[float, int]:
        # templates: for each place, Estimator.kept_at of ``cards`` by the
        # estimator the valuer uses, which values a plain keep there (plain_at)
        # to the bit as the valuer would
        best, where = float("inf"), -1
        mulls = [p for p in range(9) if cards[p] == MULLIGAN] if card == MULLIGAN else []
        value = self._keep_valuer(state, seat)
        points = self.points
        mean = self.mean
        # Without a match on the table, and none made by the card, keeping it at
        # p changes the plain points by the two cards' points alone: the same
        # sum known_points would make, without building the layout. A positive
        # card makes a match where the two other cards of the row (or column)
        # are each that card or a mulligan; any other card makes none. A
        # mulligan in hand takes the long way.
        m = MATCH
        pts = POINTS
        a, b, c, d, e, f, g, h, i = cards
        simple = (
            plain
            and card != MULLIGAN
            and not (m[a, b, c] or m[d, e, f] or m[g, h, i] or m[a, d, g] or m[b, e, h] or m[c, f, i])
        )
        if simple:
            total = pts[a] + pts[b] + pts[c] + pts[d] + pts[e] + pts[f] + pts[g] + pts[h] + pts[i]
            downs = cards.count(DOWN)
            card_points = pts[card]
            positive = 1 <= card <= 12
            fits = [x in (card, MULLIGAN) for x in cards] if positive else []
        for p in range(9):
            if filled >> p & 1 or (mulls and mulls != [p]):
                continue
            old = cards[p]
            if simple:
                left = downs - (old == DOWN)
                if left:
                    if positive:
                        o1, o2, o3, o4 = OTHERS[p]
                        makes_match = (fits[o1] and fits[o2]) or (fits[o3] and fits[o4])
                    else:
                        makes_match = False
                    if not makes_match:
                        quick = float(total - pts[old] + card_points)
                        if mean:
                            quick += mean * left
                        if quick < best:
                            best, where = quick, p
                        continue
            kept = templates[p] if templates is not None else None
            if kept is not None and plain_at(cards, p, card):
                v = kept(pts[card])
            else:
                cards[p] = card
                if plain and DOWN in cards:
                    key = tuple(cards)
                    known = points.get(key)
                    if known is None:
                        known = points[key] = known_points(key, mean)
                    v = known
                else:
                    v = value(cards)
                cards[p] = old
            if v < best:
                best, where = v, p
        return best, where

    def __call__(self, state: GameState) -> Action:
        phase = state.phase
        seat = state.seat
        if phase is Phase.DRAW:
            legal = state.legal_actions()
            cards = public_layout(state, seat)
            base = self._value(state, seat, cards)
            best_gain, best_action = TAKE_MARGIN, A.DRAW if A.DRAW in legal else legal[0]
            for action in legal:
                if action is A.DRAW:
                    continue
                card = int(state.discard_piles[action.target][-1])
                v, _ = self._best_keep(state, seat, cards, card, 0)
                if base - v > best_gain:
                    best_gain, best_action = base - v, action
            return best_action
        if phase is Phase.PLAY:
            cards = public_layout(state, seat)
            held = state.held
            assert held is not None
            v, where = self._best_keep(state, seat, cards, int(held), 0)
            if state.held_from == DRAW_PILE and (
                where < 0 or self._value(state, seat, cards) <= v
            ):
                return A.REFUSE
            if where < 0:
                return state.legal_actions()[0]
            return A.KEEPS[where]
        if phase is Phase.BOUNCE:
            cards = public_layout(state, seat)
            held = state.held
            assert held is not None
            v, where = self._best_keep(state, seat, cards, int(held), state.filled)
            if where >= 0 and v < self._value(state, seat, cards):
                return A.BOUNCES[where]
            return A.STOP
        if phase is Phase.DISCARD:
            legal = state.legal_actions()
            piles = state.discard_piles
            if len(legal) == 1 or not piles[0] or not piles[1]:
                return legal[0]
            # cover the lower card: it is the one the next player would want
            a, b = piles[0][-1], piles[1][-1]
            points_a = 10 if a == HAZARD else int(a)
            points_b = 10 if b == HAZARD else int(b)
            return A.DISCARDS[0] if points_a <= points_b else A.DISCARDS[1]
        if phase is Phase.HAZARD_TURN:
            return state.legal_actions()[0]
        legal = state.legal_actions()
        assert legal, (phase, state.discard_piles, len(state.draw_pile), state.held)
        return legal[self.rng.randrange(len(legal))]


class LinesPolicy(FastPolicy):
    """:class:`FastPolicy` with every seat, not only ``me``, playing by the
    estimator ``mine`` (the chance of completing half-built rows and columns
    counted). In a search that is the estimator of the decision being
    searched, so every seat counts the turns that were left at that decision
    to the end of the playout. Played that way a seat is *weaker* than a plain
    FastPolicy seat (``scripts/policy_bench.py --policy lines-first``: 3.0
    points a round above three FastPolicy seats; counting the turns afresh,
    ``--policy lines``, it is 7.5 below). A search with it is slower (Hard's:
    CPU p95 362 ms a decision against 280) and was not stronger:
    ``hard(model="lines")`` won 51.7% of 400 games against Hard
    (docs/bots-log.md). :class:`LiveLinesPolicy` counts the turns afresh.
    """

    __slots__ = ()
    every_seat = True


class LiveLinesPolicy(FastPolicy):
    """:class:`FastPolicy` with every other seat counting the chance of
    completing its half-built rows and columns over the turns left *on the
    simulated table*, counted afresh every turn (the searcher's own seat plays
    as in :class:`FastPolicy`). The others play as the policy ``lines`` of
    ``scripts/policy_bench.py`` (7.5 points a round below three FastPolicy
    seats), with the searcher's count of the unseen cards: a model of an
    opponent that plans for its lines, as Hard does.
    :class:`LinesPolicy` instead plays them with the searcher's estimator of
    the decision, whose turns left stay frozen to the end of the playout
    (``lines-first``: 3.0 points a round *above* FastPolicy seats).
    """

    __slots__ = ()
    every_seat = True  # every seat goes through _value (no plain-points shortcut)
    live_own_seat: ClassVar[bool] = False
    """The searcher's own seat counts the turns left on the table too
    (:class:`AllLiveLinesPolicy`); else it plays as in :class:`FastPolicy`."""

    def _live(self, seat: int) -> bool:
        return self.mine is not None and (seat != self.me or self.live_own_seat)

    def _value(self, state: GameState, seat: int, cards: list[int]) -> float:
        mine = self.mine
        if mine is not None and self._live(seat) and state.went_out_first is None and DOWN in cards:
            quickest = min(state.face_down_count)
            key = (quickest, *cards)  # ten numbers: never a layout valued with frozen turns
            value = self.mine_points.get(key)
            if value is None:
                estimator = Estimator(mine.unseen, turns_left(quickest), mine.potential)
                value = self.mine_points[key] = estimator.value(cards)
            return value
        return super()._value(state, seat, cards)

    def _keep_kind(self, state: GameState, seat: int) -> int:
        if self._live(seat):
            return -1  # counts the turns left on the table
        return super()._keep_kind(state, seat)

    def _keep_valuer(self, state: GameState, seat: int) -> Callable[[list[int]], float]:
        # A live seat before anyone went out values every keep as _value does,
        # with the table's quickest count and one estimator worked out once for
        # the whole keep search (the table does not change while the seat weighs
        # where to keep the card).
        mine = self.mine
        if mine is None or state.went_out_first is not None or not self._live(seat):
            return super()._keep_valuer(state, seat)
        quickest = min(state.face_down_count)
        known = self.mine_points
        estimator: Estimator | None = None

        def value(cards: list[int]) -> float:
            nonlocal estimator
            if DOWN not in cards:
                return self._value(state, seat, cards)
            key = (quickest, *cards)
            v = known.get(key)
            if v is None:
                if estimator is None:
                    estimator = Estimator(mine.unseen, turns_left(quickest), mine.potential)
                v = known[key] = estimator.value(cards)
            return v

        return value


class AllLiveLinesPolicy(LiveLinesPolicy):
    """:class:`LiveLinesPolicy` with the searcher's own seat playing the same
    way: every seat counts the chance of completing its half-built rows and
    columns over the turns left on the simulated table, counted afresh every
    turn (the policy ``lines`` of ``scripts/policy_bench.py``, 3.6 points a
    round better than Medium heads-up). In :class:`LiveLinesPolicy` and
    :class:`FastPolicy` the own seat counts its lines over the turns that were
    left at the decision, to the end of the playout. Expert with it
    (``expert(model="all-live-lines")``) heads-up against Hard won 55.7% of
    1,200 games on three seeds, where Expert won 52.6%, for about 40% more
    time a decision (docs/bots-log.md, "Evening of 7 December").
    """

    __slots__ = ()
    live_own_seat = True


DRAW_MARGIN = 0.5
"""PlannedLinesPolicy takes a discard only when its best keep beats the
expected best play of a drawn card by more than this many points."""
SURE_TAKE = 6.0
"""PlannedLinesPolicy takes a discard that lowers its layout's value by this
many points without weighing the draw (a drawn card seldom does as well)."""


class PlannedLinesPolicy(AllLiveLinesPolicy):
    """:class:`AllLiveLinesPolicy` (every seat counting its half-built lines
    over the turns left on the simulated table) that makes two decisions the
    way the planner (:class:`~gnoming.ai.planner.TurnPlanner`) does:

    - Going out is valued with the chance of ending lowest: the expected +5
      or -5 (:func:`~gnoming.ai.knowledge.went_out_adjustment`) against every
      other seat's plain points less 2, spread by its face-down cards (the
      model of :func:`~gnoming.ai.knowledge.final_guess`), in place of a sure
      -5 at or below the others' lowest plain points less 2 and +5 above.
    - A discard is taken only when its best keep is worth more than
      :data:`DRAW_MARGIN` points better than a drawn card: the best play
      (keep or refuse) of every card the draw pile could give, averaged over
      the unseen cards of the decision (where no discard improves the layout
      it draws, and it takes one that improves it by :data:`SURE_TAKE` points
      or more at once). :class:`FastPolicy` takes a discard that improves the
      layout by more than :data:`TAKE_MARGIN` points.

    Heads-up, a seat playing it against one playing the all-live-lines
    policy ends its rounds 0.84 +- 0.19 points lower (``scripts/policy_bench.py
    --policy planned-lines --against lines --seats 2 --rounds 12000``), but a
    search with it takes longer: 1.6 times the instructions of Expert's
    heads-up search with the all-live-lines policy (six bench decisions under
    callgrind, since the expected draw values plain keeps from templates; 1.8
    times before). Expert's playouts played by it did not make Expert
    stronger against Hard, on half the deals
    (``expert(heads_up_model="planned-lines",playouts=48)``, the same time a
    decision: 55.0% of the target's 400 games where Expert won 57.5%) or on
    all 96 (``expert(heads_up_model="planned-lines")``, 1.6 times the time:
    56.2%, paired -1.2 +- 3.2 wins in a hundred, rounds 1.06 +- 0.73 points
    worse; docs/bots-log.md, "Early on 8 December" and "Small hours of 8
    December"); not shipped.
    """

    __slots__ = ()

    def _going_out(self, state: GameState, seat: int, points: float) -> float:
        key = (state.turns_taken, seat, sum(state.face_down_count))
        last = self._finals
        if last is not None and last[0] is state and last[1] == key:
            finals = last[2]
        else:
            finals = [
                final_guess(public_layout(state, s), self.mean)
                for s in range(state.n_seats)
                if s != seat
            ]
            self._finals = (state, key, finals)
        return went_out_adjustment(points, finals)

    def __call__(self, state: GameState) -> Action:
        mine = self.mine
        if state.phase is not Phase.DRAW or mine is None:
            return super().__call__(state)
        legal = state.legal_actions()
        if A.DRAW not in legal or len(legal) == 1:
            return super().__call__(state)
        seat = state.seat
        cards = public_layout(state, seat)
        base = self._value(state, seat, cards)
        takes: list[tuple[float, float, Action]] = []
        for action in legal:
            if action is not A.DRAW:
                card = int(state.discard_piles[action.target][-1])
                v, _ = self._best_keep(state, seat, cards, card, 0)
                takes.append((base - v, v, action))
        gain, _, surest = max(takes, key=lambda t: t[0])
        if gain <= 0.0:
            return A.DRAW
        if gain >= SURE_TAKE:
            return surest
        best, choice = self._draw_value(state, seat, cards, base) - DRAW_MARGIN, A.DRAW
        for _, v, action in takes:
            if v < best:
                best, choice = v, action
        return choice

    def _draw_value(self, state: GameState, seat: int, cards: list[int], base: float) -> float:
        """The expected value of the layout after drawing a card and playing
        it best (keeping it where it is best, or refusing it: ``base``), over
        the unseen cards of the decision. It depends on the table only through
        the quickest seat's face-down count, unless a keep may turn up the last
        card before anyone went out (then going out is valued against the
        others' layouts), so it is remembered for the whole search."""
        mine = self.mine
        assert mine is not None
        remember = state.went_out_first is not None or cards.count(DOWN) >= 2
        if remember:
            key = (min(state.face_down_count), *cards)
            known = self.draws.get(key)
            if known is not None:
                return known
        # A live seat before anyone went out values a keep that makes no match
        # and no half-built line from one template a place (Estimator.kept_at):
        # most of the cards are plain at most places.
        templates: list[Kept | None] | None = None
        if state.went_out_first is None:
            quickest = min(state.face_down_count)
            estimator = Estimator(mine.unseen, turns_left(quickest), mine.potential)
            templates = [estimator.kept_at(cards, p) for p in range(9)]
        expected = 0.0
        for card, chance in mine.unseen.distribution:
            v, _ = self._search_keep(state, seat, cards, int(card), 0, False, templates)
            expected += chance * min(v, base)
        if remember:
            self.draws[key] = expected
        return expected
