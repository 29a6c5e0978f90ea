"""What a seat can work out from its observation: the unseen cards, and what a
partly face-down layout is likely to score.

Layouts are handled here as nine ints: the card values, with :data:`DOWN` where
a card is face down. Everything in this module reads only an
:class:`~gnoming.rules.Observation` (or the same public facts of a simulated
state), never a face-down card.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from gnoming.rules import Card, Observation
from gnoming.rules.cards import HAZARD_POINTS
from gnoming.rules.scoring import LINE_POSITIONS as LINE_POSITIONS
from gnoming.rules.scoring import WENT_OUT_BONUS, line_value

DOWN = 100
"""A face-down card in an int layout: breaks every match, scores the mean of
what a face-down card can be (``Unseen.mean``)."""
MULLIGAN = 0
HAZARD = int(Card.HAZARD)


def _others(p: int) -> tuple[int, int, int, int]:
    row = [q for q in range(p - p % 3, p - p % 3 + 3) if q != p]
    column = [q for q in range(p % 3, 9, 3) if q != p]
    return row[0], row[1], column[0], column[1]


OTHERS = tuple(_others(p) for p in range(9))
"""For each position: the other two of its row, then the other two of its column."""

LINES_THROUGH: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple(line for line in LINE_POSITIONS if p in line) for p in range(9)
)


def card_points(card: int) -> int:
    """What a card scores outside any match."""
    return HAZARD_POINTS if card == HAZARD else card


def int_layout(layout: Sequence[Card | None]) -> list[int]:
    """An observed layout as ints, :data:`DOWN` for face-down cards."""
    return [DOWN if card is None else int(card) for card in layout]


def line_match(a: int, b: int, c: int) -> int:
    """The value a line of known cards matches on, 0 for none. :data:`DOWN` is
    above every card value, so a face-down card breaks a match as a hazard does."""
    return line_value(a, b, c)


def _build_match_table() -> dict[tuple[int, int, int], int]:
    faces = [int(card) for card in Card] + [DOWN]
    return {(a, b, c): line_match(a, b, c) for a in faces for b in faces for c in faces}


MATCH: dict[tuple[int, int, int], int] = _build_match_table()
"""line_match for every triple of faces (DOWN included), for speed."""
POINTS: dict[int, int] = {int(card): card_points(int(card)) for card in Card}
POINTS[DOWN] = 0


def half_built(a: int, b: int, c: int) -> tuple[int, int] | None:
    """A line one card short of a match: (the value it would match on, the
    index 0..2 of the card that spoils it), or None.

    >>> half_built(7, DOWN, 7), half_built(0, 4, 9), half_built(5, 5, 5), half_built(1, 2, 3)
    ((7, 1), (4, 2), None, None)
    """
    if line_match(a, b, c):
        return None
    mulls = (a == MULLIGAN) + (b == MULLIGAN) + (c == MULLIGAN)
    value = 0
    for v in (a, b, c):
        if 1 <= v <= 12 and ((a == v) + (b == v) + (c == v)) + mulls == 2:
            value = v
            break
    if value == 0:
        return None
    for k, card in enumerate((a, b, c)):
        if card != value and card != MULLIGAN:
            return value, k
    return None


def _build_half_built_table() -> dict[tuple[int, int, int], tuple[int, int]]:
    faces = [int(card) for card in Card] + [DOWN]
    table: dict[tuple[int, int, int], tuple[int, int]] = {}
    for a in faces:
        for b in faces:
            for c in faces:
                found = half_built(a, b, c)
                if found is not None:
                    table[a, b, c] = found
    return table


HALF_BUILT: dict[tuple[int, int, int], tuple[int, int]] = _build_half_built_table()
"""half_built for every triple of faces (DOWN included) that is one short of a match."""


def known_points(cards: Sequence[int], down_value: float) -> float:
    """Round points of a layout, each face-down card counted as ``down_value``.

    >>> known_points([5, 5, 5, 1, 2, 3, 4, 6, 7], 0.0)
    18.0
    >>> known_points([7, 7, DOWN, 7, 1, 2, 7, 3, 4], 4.5)  # column of 7s, one card unseen
    14.5
    """
    a, b, c, d, e, f, g, h, i = cards
    m = MATCH
    r0 = m[a, b, c]
    r1 = m[d, e, f]
    r2 = m[g, h, i]
    k0 = m[a, d, g]
    k1 = m[b, e, h]
    k2 = m[c, f, i]
    p = POINTS
    if r0 or r1 or r2 or k0 or k1 or k2:
        total = float(
            (0 if r0 or k0 else p[a])
            + (0 if r0 or k1 else p[b])
            + (0 if r0 or k2 else p[c])
            + (0 if r1 or k0 else p[d])
            + (0 if r1 or k1 else p[e])
            + (0 if r1 or k2 else p[f])
            + (0 if r2 or k0 else p[g])
            + (0 if r2 or k1 else p[h])
            + (0 if r2 or k2 else p[i])
            - r0 - r1 - r2 - k0 - k1 - k2
        )
    else:  # no match: the usual case
        total = float(p[a] + p[b] + p[c] + p[d] + p[e] + p[f] + p[g] + p[h] + p[i])
    if down_value:
        total += down_value * cards.count(DOWN)
    return total


def exact_points(cards: Sequence[int]) -> int:
    """Round points of a fully known layout (no DOWN)."""
    return int(known_points(cards, 0.0))


@dataclass(frozen=True, slots=True)
class Unseen:
    """The cards nobody can see, as the seat counts them.

    Until the draw pile is rebuilt from the discard piles, a face-down card and
    the next draw come from the same unseen cards. After a rebuild the table
    knows the pile's cards (``Observation.draw_pile_cards``): then the counts,
    ``mean`` and ``face_down`` are those of the face-down cards only, and
    ``distribution`` that of the pile. An empty draw pile is rebuilt at the
    next draw from the discards under the two tops: ``distribution`` is theirs."""

    counts: dict[int, int]
    """The cards a face-down card may be, by card."""
    total: int
    mean: float
    """Mean points of a face-down card (what one is worth, on average)."""
    distribution: tuple[tuple[int, float], ...]
    """(card, probability) of the next card from the draw pile."""
    probabilities: dict[int, float] = field(default_factory=dict, compare=False, repr=False)
    """The same by card (cards that cannot come are missing)."""
    face_down: tuple[tuple[int, float], ...] = ()
    """(card, probability) of a face-down card."""
    down_probabilities: dict[int, float] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, obs: Observation) -> Unseen:
        hidden = obs.face_down_cards()
        counts = {int(card): n for card, n in hidden.items() if n > 0}
        total = sum(counts.values())
        if total == 0:
            return cls({}, 0, 4.0, ())
        mean = sum(card_points(c) * n for c, n in counts.items()) / total
        down = tuple(sorted((c, n / total) for c, n in counts.items()))
        if obs.draw_pile_count == 0:
            source = [c for pile in obs.discard_piles for c in pile[:-1]]
        else:
            source = list(obs.draw_pile_cards or ())
        if not source:  # the next draw is an unseen card (or nothing better is known)
            return cls(counts, total, mean, down, dict(down), down, dict(down))
        drawn: dict[int, int] = {}
        for card in source:
            drawn[int(card)] = drawn.get(int(card), 0) + 1
        draws = tuple(sorted((c, n / len(source)) for c, n in drawn.items()))
        return cls(counts, total, mean, draws, dict(draws), down, dict(down))

    def down_probability(self, card: int) -> float:
        """The chance that a face-down card is ``card``."""
        return self.down_probabilities.get(card, 0.0)

    def probability(self, card: int) -> float:
        return self.probabilities.get(card, 0.0)


Kept = Callable[[int], float]
"""Estimator.kept_at: the value of a layout with a card kept at one place, by
the card's points."""


@dataclass(slots=True)
class Estimator:
    """Estimates the final round points of a layout seen from outside.

    ``potential`` > 0 adds the chance of completing rows and columns that hold
    two of a kind (what a searching player plans for); 0 gives the plain
    expected points of the cards on the table (a one-turn player).
    """

    unseen: Unseen
    turns_left: float
    """About how many more turns the seat will have this round."""
    potential: float = 0.0

    def value(self, cards: Sequence[int]) -> float:
        """Expected final points (lower is better)."""
        base = known_points(cards, self.unseen.mean)
        if self.potential <= 0.0 or self.turns_left <= 0.0:
            return base
        return base - self.potential * self._potential(cards, base)

    def line_forecasts(
        self, cards: Sequence[int]
    ) -> list[tuple[tuple[int, int, int], int, int, float]]:
        """Every half-built row and column of ``cards``: (its positions, the value
        it would match on, the position of the card that spoils it, the chance
        that the value comes there within the turns left). The chance counts the
        draws of the value (a mulligan at half, while the layout holds none) and,
        where the spoiler is face down, that it is the value already."""
        unseen = self.unseen
        probability = unseen.probabilities
        p_mull = 0.0 if MULLIGAN in cards else probability.get(MULLIGAN, 0.0) * 0.5
        turns = self.turns_left
        pairs = HALF_BUILT
        out: list[tuple[tuple[int, int, int], int, int, float]] = []
        for line in LINE_POSITIONS:
            half_built = pairs.get((cards[line[0]], cards[line[1]], cards[line[2]]))
            if half_built is None:
                continue
            value, spoiler = half_built
            slot = line[spoiler]
            q = probability.get(value, 0.0) + p_mull
            chance = 1.0 - (1.0 - q) ** turns
            if cards[slot] == DOWN:
                already = unseen.down_probability(value)
                chance = 1.0 - (1.0 - chance) * (1.0 - already)
            out.append((line, value, slot, chance))
        return out

    def _potential(self, cards: Sequence[int], base: float) -> float:
        # One card goes on a spoiler. Where a row and a column share theirs and
        # wait for the same card, the trial of either line already counts both
        # matches, so it counts once (summing them credited the card there
        # twice, and could value a 12 there above a -5). Where they wait for
        # different cards, either will do: the better one if it comes, else the
        # other.
        # The same lines and chances as line_forecasts, without its list: most
        # layouts valued in a playout hold no half-built line (then 0.0, as
        # slot_bonus of nothing), and a chance is worked out only for a line
        # whose completion gains.
        pairs = HALF_BUILT
        found = [
            (line, half_built)
            for line in LINE_POSITIONS
            if (half_built := pairs.get((cards[line[0]], cards[line[1]], cards[line[2]])))
            is not None
        ]
        if not found:
            return 0.0
        unseen = self.unseen
        mean = unseen.mean
        probability = unseen.probabilities
        p_mull = 0.0 if MULLIGAN in cards else probability.get(MULLIGAN, 0.0) * 0.5
        turns = self.turns_left
        slots: dict[int, dict[int, tuple[float, float]]] = {}
        for line, (value, spoiler) in found:
            slot = line[spoiler]
            trial = list(cards)
            trial[slot] = value
            gain = base - known_points(trial, mean)
            if gain <= 0:
                continue
            q = probability.get(value, 0.0) + p_mull
            chance = 1.0 - (1.0 - q) ** turns
            if cards[slot] == DOWN:
                already = unseen.down_probability(value)
                chance = 1.0 - (1.0 - chance) * (1.0 - already)
            slots.setdefault(slot, {})[value] = (gain, chance)
        return slot_bonus(slots)

    def kept_at(self, cards: Sequence[int], p: int) -> Kept | None:
        """``value`` of ``cards`` with a card kept at ``p``, as a function of
        the card's points, for every card that :func:`plain_at` allows there;
        None where no card is valued so (a mulligan beside ``p``, or no other
        card face down). The function gives to the bit what ``value`` gives
        (the same sums, in the same order), at a fraction of the cost: such a
        card makes no match and no half-built line, so the layout's lines are
        those of a face-down card at ``p``, and the card adds only its points.
        """
        if MULLIGAN in [cards[q] for q in OTHERS[p]]:
            return None
        template = list(cards)
        template[p] = DOWN
        downs = template.count(DOWN) - 1
        if not downs:
            return None
        mean = self.unseen.mean
        ints = int(known_points(template, 0.0))
        if self.potential <= 0.0 or self.turns_left <= 0.0:

            def plain(points: int) -> float:
                total = float(ints + points)
                if mean:
                    total += mean * downs
                return total

            return plain
        potential = self.potential
        # Every half-built line, with the chance its card comes: those of any
        # plain card at p (a hazard makes no line and is not face down).
        marked = list(cards)
        marked[p] = HAZARD
        # (slot, value, the trial's points less the card's, its face-down
        # cards, or -1 and the trial's value where the card itself is the
        # spoiler, chance), in _potential's order
        lines: list[tuple[int, int, int, int, float, float]] = []
        for _, value, slot, chance in self.line_forecasts(marked):
            trial = list(template)
            trial[slot] = value
            if slot == p:  # the card kept is the spoiler: the trial is the same for every card
                lines.append((slot, value, 0, -1, known_points(trial, mean), chance))
            else:
                trial_ints = int(known_points(trial, 0.0))
                lines.append((slot, value, trial_ints, trial.count(DOWN) - 1, 0.0, chance))

        def kept(points: int) -> float:
            base = float(ints + points)
            if mean:
                base += mean * downs
            slots: dict[int, dict[int, tuple[float, float]]] = {}
            for slot, value, trial_ints, trial_downs, fixed, chance in lines:
                if trial_downs < 0:
                    trial_points = fixed
                else:
                    trial_points = float(trial_ints + points)
                    if mean:
                        trial_points += mean * trial_downs
                gain = base - trial_points
                if gain <= 0:
                    continue
                slots.setdefault(slot, {})[value] = (gain, chance)
            return base - potential * slot_bonus(slots)

        return kept


def plain_at(cards: Sequence[int], p: int, card: int) -> bool:
    """Whether ``card`` kept at ``p`` of ``cards`` makes no match and no
    half-built line: not a mulligan, and no other card of its row and column
    is a mulligan or (for a card that can match, 1 to 12) the same card.
    Then :meth:`Estimator.kept_at` values the keep."""
    if card == MULLIGAN:
        return False
    others = [cards[q] for q in OTHERS[p]]
    return MULLIGAN not in others and not (1 <= card <= 12 and card in others)


def slot_bonus(slots: dict[int, dict[int, tuple[float, float]]]) -> float:
    """The chance-weighted gain of the spoilers: for each spoiler position, the
    (gain, chance) of every card that would complete a line there."""
    bonus = 0.0
    for ways in slots.values():
        if len(ways) == 1:
            ((gain, chance),) = ways.values()
            bonus += chance * gain
            continue
        left = 1.0  # the chance that no better card came
        for gain, chance in sorted(ways.values(), reverse=True):
            bonus += left * chance * gain
            left *= 1.0 - chance
    return bonus


def estimate_turns_left(obs: Observation, seat: int) -> float:
    """Own turns left in the round, roughly: the table goes out about when its
    quickest player has turned up its last cards."""
    if obs.went_out_first is not None:
        return 0.0
    return turns_left(min(obs.face_down_count(s) for s in range(obs.n_seats)))


TURNS_SLOPE = 1.5
TURNS_OFFSET = -0.5


def turns_left(quickest: int, slope: float = TURNS_SLOPE, offset: float = TURNS_OFFSET) -> float:
    """Own turns left when the quickest player still has ``quickest`` cards face
    down: ``max(1, slope * quickest + offset)`` (other counts are for
    scripts/line_forecast.py)."""
    return max(1.0, slope * quickest + offset)


def went_out_adjustment(my_points: float, others: Sequence[tuple[float, float]]) -> float:
    """Expected went-out-first adjustment (+5 or -5) for going out with ``my_points``
    against the others' (mean, spread) of final points."""
    p_lowest = 1.0
    for mean, spread in others:
        p_lowest *= normal_cdf((mean - my_points + 0.5) / spread)
    return WENT_OUT_BONUS * (1.0 - 2.0 * p_lowest)


def normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def others_final(
    obs: Observation, unseen: Unseen, *, improvement: float = 2.0
) -> list[tuple[float, float]]:
    """(mean, spread) of every other seat's final points if the round ended after
    one more turn each (what going out now would leave them)."""
    return [
        final_guess(int_layout(obs.layouts[s]), unseen.mean, improvement)
        for s in range(obs.n_seats)
        if s != obs.seat
    ]


def final_guess(
    cards: Sequence[int], down_value: float, improvement: float = 2.0
) -> tuple[float, float]:
    """(mean, spread) of a seat's final points with this public layout if the
    round ended after one more turn of it: its plain points (face-down cards
    at ``down_value``) less ``improvement``, spread by its face-down cards."""
    return (
        known_points(cards, down_value) - improvement,
        2.5 + 3.5 * math.sqrt(cards.count(DOWN)),
    )
