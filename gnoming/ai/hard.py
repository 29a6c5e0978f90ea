"""Hard: a searching gnome.

For the decisions of its own turn (draw source, keep or refuse and where, each
bounce) Hard orders the legal actions by the one-turn planner (with the value of
half-built rows and columns counted), keeps the best few, and plays each of
them to the end of the round over sampled determinizations of what it cannot
see, every seat played by a fast greedy policy (:mod:`gnoming.ai.search`).
Every candidate sees the same sampled deals and the same draws (common random
numbers), so their comparison is fair even with few samples. An ending is
scored as the round's points turned into the chance of winning the game:
behind, it takes risks; far ahead, it plays safe. The planner's favourite is
kept unless another candidate is better by ``gate`` standard errors.

With ``horizon`` set, the playouts stop after that many more turns of every
seat, and the table is scored by what it will likely end at
(:func:`leaf_points`), as the Hard of 29 November searched. One turn ahead it
plays about as well heads-up, in an eighth of the time, and worse at seven
seats. At four seats (:data:`SHORT_SEATS`) Hard searches one turn ahead, its
own half-built lines at the leaf counted at 1.3: against three Medium that won
53.0% of the target's 400 games, where the search to the end of the round won
48.5% (docs/bots-log.md). A playout one turn ahead is short, so there it searches
wider and on more deals (:data:`SHORT_CANDIDATES` actions within
:data:`SHORT_MARGIN` points on :data:`SHORT_PLAYOUTS` deals): its rounds came
out 0.75 points better against the Medium mean over 2,800 games.

The amount of search is fixed by ``playouts`` (sampled deals; at four seats
``short_playouts``) and ``candidates``, never by a clock, so a decision
depends only on the seed and what the seat sees. The frame budget of ``step``
only slices the work.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from gnoming.rules import Action, Card, GameState, Observation, Phase, observe
from gnoming.rules.scoring import WENT_OUT_BONUS
from gnoming.rules.state import ROUNDS

from . import value
from .knowledge import Estimator, Unseen, known_points, normal_cdf, turns_left
from .planner import TurnPlanner
from .playout import (
    AllLiveLinesPolicy,
    FastPolicy,
    LinesPolicy,
    LiveLinesPolicy,
    PlannedLinesPolicy,
    PlayoutCache,
    public_layout,
)
from .protocol import DecidedThinker, Thinker, think_until_done
from .search import RoundSearch

SEARCHED = (Phase.DRAW, Phase.PLAY, Phase.BOUNCE)
POTENTIAL = 1.0
"""How much of the chance of completing a half-built line the evaluation counts."""
FEED_WEIGHT = 0.1
"""How much Hard minds what its discards give the next player (per point)."""
MARGIN = 2.5
"""Search only the actions the planner values within this many points of its best."""
SHORT_SEATS = (4,)
"""At these table sizes Hard searches one turn ahead (with the leaf's own lines
at :data:`SHORT_LEAF_POTENTIAL`). At four seats that won 54.4% of 1,200 games
against three Medium, where the same search with the leaf at 1.0 won 50.2%
(docs/bots-log.md); three seats were not measured."""
SHORT_LEAF_POTENTIAL = 1.3
"""How much the one-turn-ahead leaf counts the own half-built lines."""
SHORT_PLAYOUTS = 96
SHORT_CANDIDATES = 6
SHORT_MARGIN = 4.0
"""The one-turn-ahead search at :data:`SHORT_SEATS` plays the planner's best
six actions within 4 points on 96 deals, where the search to the end of the
round plays four within 2.5 on 24. Against three Medium that made Hard's
rounds better by three quarters of a point against the Medium mean
(docs/bots-log.md, "Later on the evening of 6 December: a wider search at four
seats"); more candidates on 24 deals, or more deals for four candidates, did
not. Against three yardsticks it won 39.5% of the target's 400 games, where
the narrower search won 44.0% of the same games (paired 4.5 +- 3.4 fewer wins
in a hundred, rounds 0.49 +- 0.62 worse): fewer, but within chance."""
MODELS = ("fast", "lines", "live-lines", "all-live-lines", "planned-lines")
"""How the playouts play every other seat: by the plain expected points of its
cards (:class:`~gnoming.ai.playout.FastPolicy`); counting half-built lines
with the searcher's own estimator of the decision, turns left frozen
(:class:`~gnoming.ai.playout.LinesPolicy`); or counting them over the turns
left on the simulated table (:class:`~gnoming.ai.playout.LiveLinesPolicy`);
or that way for the searcher's own seat too
(:class:`~gnoming.ai.playout.AllLiveLinesPolicy`; in the other models the own
seat counts its lines over the turns left at the decision); or that way, every
seat weighing a discard against the expected draw and going out against the
chance of ending lowest, as the planner does
(:class:`~gnoming.ai.playout.PlannedLinesPolicy`)."""
LEAF_MODELS = ("plain", "learned")
"""How a leaf is judged: by :func:`leaf_points`, or heads-up (while nobody has
gone out) by the evaluation learned from played rounds (:mod:`gnoming.ai.value`)."""
OBJECTIVES = ("win", "margin", "zero-sum")
"""How an ending is scored: own points less the value of the chance of winning
the game; own points less the mean of the others'; or both, the first less
the mean of the others' points (``"zero-sum"``: every point the others save
counts against the seat as much as its own, which the chance of winning alone
counts only in part)."""


class HardBot:
    """Searches its own turn's decisions; see the module docstring."""

    name = "hard"

    def __init__(
        self,
        seed: int,
        *,
        playouts: int = 24,
        candidates: int = 4,
        gate: float = 0.5,
        margin: float = MARGIN,
        discards: bool = False,
        objective: str = "win",
        full_seats: int = 4,
        big_table_candidates: int = 3,
        model: str = "fast",
        horizon: int | None = None,
        leaf_potential: float = POTENTIAL,
        short_seats: Sequence[int] = SHORT_SEATS,
        short_leaf_potential: float = SHORT_LEAF_POTENTIAL,
        short_playouts: int = SHORT_PLAYOUTS,
        short_candidates: int = SHORT_CANDIDATES,
        short_margin: float = SHORT_MARGIN,
        blend: float | Sequence[float] = 0.0,
        feed_weight: float = FEED_WEIGHT,
        heads_up_feed_weight: float | None = None,
        heads_up_leaf_potential: float | None = None,
        leaf_model: str = "plain",
        heads_up_model: str | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if leaf_model not in LEAF_MODELS:
            raise ValueError(f"leaf_model is one of {', '.join(LEAF_MODELS)}")
        if leaf_model == "learned":
            value.shared()  # a missing or broken weights file says so now, not mid-game
        self.leaf_model = leaf_model
        """How the leaf judges a table heads-up (one of :data:`LEAF_MODELS`)."""
        if objective not in OBJECTIVES:
            raise ValueError(f"objective is one of {', '.join(OBJECTIVES)}")
        for named in (model, heads_up_model):
            if named is not None and named not in MODELS:
                raise ValueError(f"model is one of {', '.join(MODELS)}")
        self.rng = random.Random(seed)
        self.clock = clock
        """Read only to slice the work between frames, never to decide."""
        self.playouts = playouts
        self.candidates = candidates
        self.gate = gate
        self.margin = margin
        self.discards = discards
        """Also search the discard pile and hazard turns (else the planner decides)."""
        self.objective = objective
        self.full_seats = full_seats
        """Up to this many seats every decision gets ``playouts`` deals; at a
        bigger table a playout is longer, so it gets proportionally fewer."""
        self.big_table_candidates = big_table_candidates
        """At a table bigger than ``full_seats``, search at most this many
        candidates (a decision there took too long with four)."""
        self.model = model
        """How the playouts play the other seats, and with "all-live-lines" or
        "planned-lines" the own seat too (one of :data:`MODELS`); at a table of
        two ``heads_up_model``."""
        self.heads_up_model = model if heads_up_model is None else heads_up_model
        """``model`` at a table of two (by default the same)."""
        if horizon is not None and horizon < 1:
            raise ValueError("the horizon is at least 1 turn (or None: the end of the round)")
        self.horizon = horizon
        """Play the candidates on for this many more turns of every seat and
        score what the table will likely end at (:func:`leaf_points`), or to the
        end of the round (None)."""
        self.leaf_potential = leaf_potential
        """How much of the chance of completing half-built lines the horizon's
        leaf evaluation counts for the own seat."""
        self.short_seats = tuple(short_seats)
        """Table sizes at which Hard searches one turn ahead (``horizon=1``) with
        the leaf's own half-built lines at ``short_leaf_potential``, unless a
        ``horizon`` is given."""
        self.short_leaf_potential = short_leaf_potential
        if short_playouts < 1 or short_candidates < 1:
            raise ValueError("short_playouts and short_candidates are at least 1")
        self.short_playouts = short_playouts
        self.short_candidates = short_candidates
        self.short_margin = short_margin
        """Where Hard searches one turn ahead (``short_seats``, no ``horizon``
        given) it samples ``short_playouts`` deals and searches up to
        ``short_candidates`` actions within ``short_margin`` points of the
        planner's best, in place of ``playouts``, ``candidates`` and ``margin``."""
        self.heads_up_leaf_potential = (
            short_leaf_potential if heads_up_leaf_potential is None else heads_up_leaf_potential
        )
        """``short_leaf_potential`` at a table of two (by default the same)."""
        if isinstance(blend, int | float):
            fits = 0.0 <= blend < 1.0
        else:
            blend = tuple(blend)
            fits = bool(blend) and all(w > 0.0 for w in blend) and sum(blend) < 1.0
        if not fits:
            raise ValueError("blend is at least 0 and below 1 (several weights: each above 0)")
        self.blend: float | tuple[float, ...] = blend
        """Where the search goes to the end of the round: with ``blend`` > 0 every
        playout is also judged one turn ahead (:func:`leaf_points`, own lines at
        ``short_leaf_potential``), and scores ``blend * leaf + (1 - blend) *
        ending``. Several weights ``(b1, b2, ...)``: judged one turn ahead
        (``b1``), two turns ahead (``b2``) and so on, the ending the rest
        (``RoundSearch(leaf_weight=...)``)."""
        for weight in (feed_weight, heads_up_feed_weight):
            if weight is not None and not 0.0 <= weight <= 2.0:
                raise ValueError("a feed weight is between 0 and 2")
        self.feed_weight = feed_weight
        """How much the planner (which ranks the candidates and decides what is
        not searched) minds what the discards give the next player, per point."""
        self.heads_up_feed_weight = (
            feed_weight if heads_up_feed_weight is None else heads_up_feed_weight
        )
        """The same at a table of two, where the next player is the only one."""

    def start(self, obs: Observation, legal: Sequence[Action]) -> Thinker:
        if len(legal) == 1:
            return DecidedThinker(legal[0])
        seed = self.rng.getrandbits(64)
        feed = self.heads_up_feed_weight if obs.n_seats == 2 else self.feed_weight
        planner = TurnPlanner(obs, potential=POTENTIAL, feed_weight=feed)
        searched = SEARCHED + ((Phase.DISCARD, Phase.HAZARD_TURN) if self.discards else ())
        if obs.phase not in searched or obs.held is Card.HAZARD:
            # a hazard in hand: the planner's points say it all (keep it only
            # over a card worth more than 10)
            return DecidedThinker(planner.choose(legal, random.Random(seed)))
        values = planner.action_values(legal)
        ranked = sorted(legal, key=lambda a: values[a])
        best = values[ranked[0]]
        short = self.searches_short(obs.n_seats)
        count, margin, deals = self.candidates, self.margin, self.deals(obs.n_seats)
        if short:
            count, margin = self.short_candidates, self.short_margin
        elif obs.n_seats > self.full_seats:
            count = min(count, self.big_table_candidates)
        close = [a for a in ranked[:count] if values[a] <= best + margin]
        if obs.phase in (Phase.DISCARD, Phase.HAZARD_TURN):
            close = ranked[:count]  # the planner's values here are no points
        if len(close) == 1:
            return DecidedThinker(ranked[0])
        horizon, leaf_potential = self.horizon, self.leaf_potential
        leaf_weight: float | tuple[float, ...] = 1.0
        short_leaf = self.heads_up_leaf_potential if obs.n_seats == 2 else self.short_leaf_potential
        if short:
            horizon, leaf_potential = 1, short_leaf
        elif horizon is None and self.blend:
            horizon, leaf_potential, leaf_weight = 1, short_leaf, self.blend
        return search_thinker(
            obs, close, ranked[0], planner, seed, deals, self.gate, self.clock,
            self.objective, self.model_at(obs.n_seats), horizon, leaf_potential, leaf_weight,
            own_search=self.own_search_deals(obs.n_seats),
            learned=self.leaf_model == "learned" and obs.n_seats == 2,
        )

    def model_at(self, n_seats: int) -> str:
        """How the playouts play at a table of ``n_seats`` (one of :data:`MODELS`)."""
        return self.heads_up_model if n_seats == 2 else self.model

    def own_search_deals(self, n_seats: int) -> int:
        """How many deals the small search samples that makes the own seat's
        decisions of its next turn inside the playouts (:class:`OwnSearchPolicy`)
        at a table of ``n_seats``; 0: the fast policy makes them. Hard: always 0."""
        return 0

    def searches_short(self, n_seats: int) -> bool:
        """Whether a search at a table of ``n_seats`` goes one turn ahead with
        the short settings (``short_seats``, no ``horizon`` given)."""
        return self.horizon is None and n_seats in self.short_seats

    def deals(self, n_seats: int) -> int:
        """How many deals a search samples at a table of ``n_seats``: the same
        thinking time at any table (it depends only on the table, never a clock).
        Where Hard searches one turn ahead (``short_seats``): ``short_playouts``."""
        if self.searches_short(n_seats):
            return self.short_playouts
        if n_seats <= self.full_seats:
            return self.playouts
        return max(8, round(self.playouts * self.full_seats / n_seats))

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        return think_until_done(self.start(obs, legal))


def search_thinker(
    obs: Observation,
    candidates: Sequence[Action],
    default: Action,
    planner: TurnPlanner,
    seed: int,
    playouts: int,
    gate: float,
    clock: Callable[[], float],
    objective: str = "win",
    model: str = "fast",
    horizon: int | None = None,
    leaf_potential: float = POTENTIAL,
    leaf_weight: float | Sequence[float] = 1.0,
    own_search: int = 0,
    learned: bool = False,
) -> RoundSearch:
    """Hard's search of ``candidates`` to the end of the round, or to ``horizon``
    more turns of every seat and an estimate of the round's end (with a
    ``leaf_weight`` below 1: both, blended). With ``own_search`` deals, the
    playouts make the own seat's decisions up to the end of its next turn by
    a small search (:class:`OwnSearchPolicy`; every other seat as ``model`` says)."""
    me = obs.seat
    mean = planner.unseen.mean
    estimator = planner.estimator
    totals = obs.totals()
    round_index = obs.round_index

    cache = PlayoutCache()

    kind = {
        "lines": LinesPolicy,
        "live-lines": LiveLinesPolicy,
        "all-live-lines": AllLiveLinesPolicy,
        "planned-lines": PlannedLinesPolicy,
    }.get(model, FastPolicy)

    def policy(rng: random.Random) -> FastPolicy:
        if own_search:
            return OWN_SEARCH_KINDS[model](mean, rng, me, estimator, cache, deals=own_search)
        return kind(mean, rng, me, estimator, cache)

    def judge(points: list[float]) -> float:
        return ending_value(objective, points, me, totals, round_index)

    def score(state: GameState) -> float:
        return judge([float(p) for p in state.round_results[round_index].scores])

    evaluation = value.shared() if learned else None

    def leaf(state: GameState) -> float:
        if evaluation is not None and state.went_out_first is None:
            return judge(learned_points(state, evaluation, planner.unseen))
        return judge(leaf_points(state, me, planner.unseen, leaf_potential))

    return RoundSearch(
        obs, candidates, default, seed=seed, samples=playouts, policy=policy, score=score,
        gate=gate, clock=clock, horizon=horizon, leaf=leaf, leaf_weight=leaf_weight,
    )


OWN_SEARCH_CANDIDATES = 3
OWN_SEARCH_MARGIN = 4.0
"""The small search of :class:`OwnSearchPolicy` compares the planner's best
three actions within 4 points, one turn ahead, the leaf's own lines at
:data:`SHORT_LEAF_POTENTIAL`."""


class OwnSearchPolicy(FastPolicy):
    """:class:`FastPolicy`, except that the searching seat's own decisions (draw,
    keep or refuse and where, each bounce) up to the end of its next turn are
    made as a gnome would make them at the table: by a small search one turn
    ahead (a :class:`HardBot` on ``deals`` deals) on what the seat would see of
    the playout's table, its hidden cards sampled afresh. Later turns, and
    every other seat, are played by the fast policy. The search's seed is
    drawn from the playout's generator, so a playout depends only on its
    seed. ``expert(own_search=8)`` plays its playouts this way heads-up; it was
    not clearly stronger (docs/bots-log.md, "Night of 7 December"; on a second
    seed it was Expert's equal: "Morning of 7 December"). A playout pauses
    inside the small search when a frame's budget is spent (:meth:`begin`)."""

    __slots__ = ("deals", "limit", "inner")

    def __init__(
        self,
        mean: float,
        rng: random.Random,
        me: int = -1,
        mine: Estimator | None = None,
        cache: PlayoutCache | None = None,
        *,
        deals: int = 8,
    ) -> None:
        super().__init__(mean, rng, me, mine, cache)
        self.deals = deals
        self.limit: int | None = None
        """The last turn searched: set at the playout's first decision (the
        searched decision's turn), one round of turns later."""
        self.inner: HardBot | None = None

    def begin(self, state: GameState) -> Thinker | None:
        """The small search's thinker for a decision it makes (stepped between
        frames by :func:`~gnoming.ai.search.playout_steps`), else None: the
        fast policy decides."""
        if self.limit is None:
            self.limit = state.turns_taken + state.n_seats
        if (
            state.seat != self.me
            or state.turns_taken > self.limit
            or state.phase not in SEARCHED
        ):
            return None
        legal = state.legal_actions()
        if len(legal) == 1:
            return DecidedThinker(legal[0])
        if self.inner is None:
            self.inner = HardBot(
                self.rng.getrandbits(32),
                horizon=1,
                leaf_potential=SHORT_LEAF_POTENTIAL,
                playouts=self.deals,
                candidates=OWN_SEARCH_CANDIDATES,
                margin=OWN_SEARCH_MARGIN,
            )
        return self.inner.start(observe(state, self.me), legal)

    def __call__(self, state: GameState) -> Action:
        thinker = self.begin(state)
        if thinker is None:
            return super().__call__(state)
        return think_until_done(thinker)


class OwnSearchLinesPolicy(OwnSearchPolicy, LinesPolicy):
    """:class:`OwnSearchPolicy` with the other seats played as in :class:`LinesPolicy`."""

    __slots__ = ()


class OwnSearchLiveLinesPolicy(OwnSearchPolicy, LiveLinesPolicy):
    """:class:`OwnSearchPolicy` with the other seats played as in :class:`LiveLinesPolicy`."""

    __slots__ = ()


class OwnSearchAllLiveLinesPolicy(OwnSearchPolicy, AllLiveLinesPolicy):
    """:class:`OwnSearchPolicy` with every seat's fast turns played as in
    :class:`AllLiveLinesPolicy`."""

    __slots__ = ()


class OwnSearchPlannedLinesPolicy(OwnSearchPolicy, PlannedLinesPolicy):
    """:class:`OwnSearchPolicy` with every seat's fast turns played as in
    :class:`PlannedLinesPolicy`."""

    __slots__ = ()


OWN_SEARCH_KINDS: dict[str, type[OwnSearchPolicy]] = {
    "fast": OwnSearchPolicy,
    "lines": OwnSearchLinesPolicy,
    "live-lines": OwnSearchLiveLinesPolicy,
    "all-live-lines": OwnSearchAllLiveLinesPolicy,
    "planned-lines": OwnSearchPlannedLinesPolicy,
}
"""The playout policy that searches the own next turn, by ``model``."""


OTHERS_BONUS = 1.0
"""How many points the other seats' rounds are likely to end below the plain
points of their cards when nobody has gone out yet (their coming turns help)."""


def leaf_points(state: GameState, me: int, unseen: Unseen, potential: float) -> list[float]:
    """Likely final round points of every seat of a playout stopped mid-round,
    from the face-up cards: the own seat by the estimator (half-built lines
    counted over the turns likely left), the others by the plain points of
    their cards less :data:`OTHERS_BONUS`; the went-out-first bonus or
    penalty is added when the endgame has begun."""
    mean = unseen.mean
    went_out = state.went_out_first
    turns = 0.0 if went_out is not None else turns_left(min(state.face_down_count))
    mine = Estimator(unseen, turns, potential)
    out: list[float] = []
    for seat in range(state.n_seats):
        cards = public_layout(state, seat)
        if seat == me:
            out.append(mine.value(cards))
        elif went_out is None:
            out.append(known_points(cards, mean) - OTHERS_BONUS)
        else:
            out.append(known_points(cards, mean))
    if went_out is not None:  # its cards are all face up
        own = out[went_out]
        rest = min(p for s, p in enumerate(out) if s != went_out)
        out[went_out] = own + (-WENT_OUT_BONUS if own <= rest else WENT_OUT_BONUS)
    return out


def learned_points(state: GameState, model: value.LineValue, unseen: Unseen) -> list[float]:
    """Likely final round points of every seat of a playout stopped mid-round
    while nobody has gone out, by the learned evaluation (with the
    estimator's value of each layout, own lines at :data:`SHORT_LEAF_POTENTIAL`,
    as its prior if it weighs one)."""
    quickest = min(state.face_down_count)
    estimator = None
    if model.uses_prior:
        estimator = Estimator(unseen, turns_left(quickest), SHORT_LEAF_POTENTIAL)
    out = []
    for seat in range(state.n_seats):
        cards = public_layout(state, seat)
        prior = 0.0 if estimator is None else estimator.value(cards)
        out.append(model.value(cards, quickest, seat == state.seat, prior))
    return out


ROUND_SPREAD = 9.0
"""Roughly how much a seat's round score varies (for the chance of winning)."""
WIN_WEIGHT = (6.0, 10.0, 18.0)
"""How many points a certain win is worth, by round: the game matters more late."""


def ending_value(
    objective: str, points: Sequence[float], me: int, totals: Sequence[int], round_index: int
) -> float:
    """How a round ending with ``points`` scores for seat ``me`` by the
    search's ``objective`` (:data:`OBJECTIVES`); lower is better, as points."""
    if objective == "win":
        return utility(points, me, totals, round_index)
    others = (sum(points) - points[me]) / (len(points) - 1)
    if objective == "margin":
        return points[me] - others
    return utility(points, me, totals, round_index) - others  # "zero-sum"


def utility(points: Sequence[float], me: int, totals: Sequence[int], round_index: int) -> float:
    """Own round points, less the value of the chance of winning the game."""
    rounds_after = ROUNDS - 1 - round_index
    spread = ROUND_SPREAD * math.sqrt(rounds_after + 0.35)
    mine = totals[me] + points[me]
    p_win = 1.0
    for seat, p in enumerate(points):
        if seat != me:
            p_win *= normal_cdf((totals[seat] + p - mine) / spread)
    return points[me] - WIN_WEIGHT[min(round_index, ROUNDS - 1)] * p_win
