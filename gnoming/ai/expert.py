"""Expert ("Grandpa Beck"): Hard's search, narrower, four times deeper, and
judged twice; heads-up, its playouts played by the strongest simple policy.

It plays the planner's best three actions (within 2.5 points of its favourite)
to the end of the round on 96 sampled deals, where Hard plays four on 24.
Every playout is judged twice and the two are averaged (``blend=0.5``): by how
the round ended, and by the one-turn-ahead leaf Hard uses at four seats (the
table just after the own next turn, own half-built lines at 1.3). Heads-up
against Hard that won 56.2% of 400 games, where Expert judging the ending alone
won 52.5% of the same deals (docs/bots-log.md). Heads-up every seat of its
playouts, its own included, counts its half-built lines over the turns left on
the simulated table (``heads_up_model="all-live-lines"``, :data:`HEADS_UP_MODEL`):
57.5% of the target's 400 games against Hard, where Expert with the plain
fast policy won 50.0%, and 55.7% of 1,200 games on three seeds against 52.6%
(docs/bots-log.md, "Evening of 7 December"). At three seats and more the
playouts play the fast policy (``model="fast"``).
More candidates measured worse (docs/bots-log.md), probably because every extra one is
another chance that the playouts' greedy policy overrates a weak action.
It thinks up to about a second a decision; like every gnome, how much it
searches is fixed by its settings, never by a clock. ``model="lines"`` plays
the other seats in its playouts with its own estimator of the decision (a
weaker player than the plain policy); on Hard's amount of search that won
51.7% of 400 games against Hard, no real gain. ``model="live-lines"`` plays
them as counting their half-built lines over the turns left in the playout;
Expert with it won 50.8% of 130 games against Hard (Expert 50.0% of the same
games) and thought over a second a decision (CPU p95). ``own_search=8`` plays
its own next turn in every playout by a small search, as it would decide it
at the table (see :data:`OWN_SEARCH_SEATS`); not shipped.
``objective="zero-sum"`` scores every ending and leaf as Expert's usual score
less the opponent's round points, which the chance of winning counts only in
part; over the target's three seeds no stronger (docs/bots-log.md, "Later on
7 December"); not shipped. ``leaf_model="learned"`` judges the leaf by a
position evaluation learned from played rounds (:mod:`gnoming.ai.value`);
over 400 games it won as often as Expert within chance (-0.8 +- 3.3 in a
hundred) with rounds 1.40 +- 0.75 points worse (docs/bots-log.md, "Late on 7
December"); not shipped. These screens ran before Expert played its playouts
heads-up as :data:`HEADS_UP_MODEL` says: to replay one, add
``heads_up_model=None`` (heads-up as ``model`` says, which was then "fast"
unless the screen named another).
``heads_up_model="planned-lines"`` plays every seat of the playouts
heads-up taking a discard against the expected draw and going out by the
chance of ending lowest (:class:`~gnoming.ai.playout.PlannedLinesPolicy`);
a search with it takes 1.6 times as long. On 48 deals (``playouts=48``)
it won 55.0% of the target's 400 games, where Expert won 57.5% and Expert on
48 deals 52.8% (docs/bots-log.md, "Early on 8 December"); on Expert's 96
deals 56.2% (paired with Expert -1.2 +- 3.2 wins in a hundred, rounds 1.06
+- 0.73 points worse; "Small hours of 8 December"); not shipped.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

from .hard import HardBot

OWN_SEARCH_PLAYOUTS = 24
OWN_SEARCH_SEATS = (2,)
"""With ``own_search`` deals (``expert(own_search=8)`` was screened), at these
table sizes Expert's playouts make its own decisions up to the end of its next
turn by a small search (:class:`~gnoming.ai.hard.OwnSearchPolicy`), and it
samples ``own_search_playouts`` deals a decision in place of ``playouts``.
Heads-up against Hard that won 53.0% of the target's 400 games, where Expert
wins 50.0% (paired +3.0 +- 3.1 wins in a hundred), and 53.2% of the 400 games
of seed 9, where Expert won 52.0% (paired +1.2 +- 3.1): Expert's equal within
chance, for about twice the time a decision (docs/bots-log.md, "Night of 7
December" and "Morning of 7 December"), so Expert ships without it."""


HEADS_UP_MODEL = "all-live-lines"
"""How Expert's playouts play heads-up (``heads_up_model``; ``model`` says how
at three seats and more, and None here: the same heads-up). Every seat, Expert's
own included, counts its half-built lines over the turns left on the simulated
table (:class:`~gnoming.ai.playout.AllLiveLinesPolicy`): against Hard that won
55.7% of 1,200 games on three seeds where Expert with the fast policy won
52.6% (paired +3.1 +- 1.8 wins in a hundred, rounds 0.95 +- 0.44 points
better; docs/bots-log.md, "Evening of 7 December"). At four and seven seats it
took over twice the time a decision and was not measured for strength, so
there Expert plays the fast policy."""


class ExpertBot(HardBot):
    """The top level: see the module docstring and :class:`~gnoming.ai.hard.HardBot`."""

    name = "expert"

    def __init__(
        self,
        seed: int,
        *,
        playouts: int = 96,
        candidates: int = 3,
        gate: float = 0.5,
        margin: float = 2.5,
        discards: bool = False,
        objective: str = "win",
        full_seats: int = 3,
        model: str = "fast",
        blend: float = 0.5,
        heads_up_feed_weight: float | None = None,
        heads_up_leaf_potential: float | None = None,
        own_search: int = 0,
        own_search_playouts: int = OWN_SEARCH_PLAYOUTS,
        own_search_seats: Sequence[int] = OWN_SEARCH_SEATS,
        leaf_model: str = "plain",
        heads_up_model: str | None = HEADS_UP_MODEL,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if own_search < 0 or own_search_playouts < 1:
            raise ValueError("own_search is at least 0 and own_search_playouts at least 1")
        self.own_search = own_search
        """Deals of the small search that plays the own seat's next turn in
        the playouts at ``own_search_seats`` (0: the fast policy plays it)."""
        self.own_search_playouts = own_search_playouts
        """Deals sampled where the own next turn is searched (in place of
        ``playouts``): every playout costs more there."""
        self.own_search_seats = tuple(own_search_seats)
        super().__init__(
            seed,
            playouts=playouts,
            candidates=candidates,
            gate=gate,
            margin=margin,
            discards=discards,
            objective=objective,
            full_seats=full_seats,
            model=model,
            short_seats=(),
            blend=blend,
            heads_up_feed_weight=heads_up_feed_weight,
            heads_up_leaf_potential=heads_up_leaf_potential,
            leaf_model=leaf_model,
            heads_up_model=heads_up_model,
            clock=clock,
        )

    def own_search_deals(self, n_seats: int) -> int:
        return self.own_search if n_seats in self.own_search_seats else 0

    def deals(self, n_seats: int) -> int:
        if self.own_search_deals(n_seats):
            return self.own_search_playouts
        return super().deals(n_seats)
