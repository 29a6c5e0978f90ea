"""A position evaluation learned from played rounds: how many points a seat's
round will likely end at, from the public facts of the table.

The model is a sum of lookup tables over the rows and columns of the seat's
layout (an "n-tuple network"): every line of three cells (a card value, or
face down) has a learned weight, once for any moment of the round and once
for the moment it is in (how many cards the quickest seat still has face
down, and whether this seat moves next), plus each moment's weights for the
plain points of the face-up cards, the count of face-down ones, a bias, and
a prior (a hand-made estimate of the seat's points; 0 unless fitted). Rows
and columns share the tables, and the order of the cells within a line does
not matter (neither does it for a match). ``scripts/value_fit.py`` plays the
rounds, fits the weights and writes them to a JSON file; :func:`load` reads
one. The evaluation reads only what every seat can see.

It forecasts a round's end well but judges choices poorly: as Expert's leaf
(``expert(leaf_model="learned")``) and as a greedy playing policy it was
worse than the hand-made judgement (docs/bots-log.md, "Late on 7
December"). No gnome uses it by default.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from pathlib import Path

from gnoming.rules import Card

from .knowledge import DOWN, known_points

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8))
FACES = tuple(sorted(int(card) for card in Card)) + (DOWN,)
CLASS = {face: i for i, face in enumerate(FACES)}
"""Every face (a card value, or DOWN) numbered 0 .. len(FACES) - 1."""
N_CLASSES = len(FACES)
MAX_QUICKEST = 6
"""Moments: the quickest seat's face-down count 1 .. 6 or more, by who moves next."""
N_MOMENTS = MAX_QUICKEST * 2
N_LINE_KEYS = N_CLASSES**3
LINE_BASE = 0
"""Feature indices: line keys (any moment), then line keys by moment, then
three numeric weights and a bias per moment."""
LINE_MOMENT_BASE = N_LINE_KEYS
NUMERIC_BASE = LINE_MOMENT_BASE + N_LINE_KEYS * N_MOMENTS
N_NUMERIC = 4
N_WEIGHTS = NUMERIC_BASE + N_NUMERIC * N_MOMENTS
SCALE_POINTS = 0.1
SCALE_DOWN = 1.0
SCALE_PRIOR = 0.1
"""The numeric features are the face-up points times ``SCALE_POINTS``, the
face-down count times ``SCALE_DOWN`` and a hand-made estimate of the round's
points (the prior, see :meth:`LineValue.value`) times ``SCALE_PRIOR``, so
one learning rate suits all."""

DEFAULT_WEIGHTS = Path(__file__).with_name("value_heads_up.json")


def moment(quickest: int, moves_next: bool) -> int:
    """The moment index of a table whose quickest seat has ``quickest`` cards
    face down (nobody gone out), for a seat that moves next or not."""
    q = min(max(quickest, 1), MAX_QUICKEST) - 1
    return q * 2 + (1 if moves_next else 0)


def line_key(a: int, b: int, c: int) -> int:
    x, y, z = sorted((CLASS[a], CLASS[b], CLASS[c]))
    return (x * N_CLASSES + y) * N_CLASSES + z


def features(cards: Sequence[int], when: int) -> tuple[list[int], float, float]:
    """The table indices that are on for a layout (``cards``: nine ints, DOWN
    for face down) at moment ``when``, and the two numeric features."""
    on: list[int] = []
    moment_base = LINE_MOMENT_BASE + when * N_LINE_KEYS
    for p, q, r in LINES:
        key = line_key(cards[p], cards[q], cards[r])
        on.append(LINE_BASE + key)
        on.append(moment_base + key)
    points = known_points(cards, 0.0) * SCALE_POINTS
    down = cards.count(DOWN) * SCALE_DOWN
    return on, points, down


def numeric_indices(when: int) -> tuple[int, int, int, int]:
    """The weights of the face-up points, the face-down count, the bias and
    the prior at moment ``when``."""
    base = NUMERIC_BASE + N_NUMERIC * when
    return base, base + 1, base + 2, base + 3


class LineValue:
    """The learned evaluation; see the module docstring."""

    __slots__ = ("weights", "cache", "uses_prior")

    def __init__(self, weights: Sequence[float]) -> None:
        if len(weights) != N_WEIGHTS:
            raise ValueError(f"the model has {N_WEIGHTS} weights, not {len(weights)}")
        self.weights = list(weights)
        self.uses_prior = any(self.weights[numeric_indices(w)[3]] for w in range(N_MOMENTS))
        """Whether the model weighs a prior (else :meth:`value` ignores it)."""
        self.cache: dict[tuple[tuple[int, ...], int], float] = {}

    def value(
        self, cards: Sequence[int], quickest: int, moves_next: bool, prior: float = 0.0
    ) -> float:
        """The likely round points (the went-out bonus or penalty included) of
        a layout while nobody has gone out; ``prior``: the hand-made estimate
        of the seat's points that a model fitted with one weighs (the
        estimator's value of the layout, own lines at 1.3, as the leaf of
        :func:`~gnoming.ai.hard.leaf_points` counts the own seat)."""
        when = moment(quickest, moves_next)
        key = (tuple(cards), when)
        w = self.weights
        found = self.cache.get(key)
        if found is None:
            on, points, down = features(cards, when)
            a, b, c, _ = numeric_indices(when)
            found = w[a] * points + w[b] * down + w[c]
            for i in on:
                found += w[i]
            if len(self.cache) > 50_000:  # about 12 MB
                self.cache.clear()
            self.cache[key] = found
        if prior:
            found += w[numeric_indices(when)[3]] * prior * SCALE_PRIOR
        return found

    def sparse(self) -> Iterator[tuple[int, float]]:
        for i, weight in enumerate(self.weights):
            if weight:
                yield i, weight

    def save(self, path: Path, meta: dict[str, object]) -> None:
        pairs = [[i, round(w, 5)] for i, w in self.sparse()]
        data = {"meta": meta, "n_weights": N_WEIGHTS, "weights": pairs}
        path.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")


def load(path: Path = DEFAULT_WEIGHTS) -> LineValue:
    """Read a model written by ``scripts/value_fit.py``; a missing, broken or
    foreign file raises ValueError with a one-line reason."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"{path}: cannot read the learned evaluation ({error})") from None
    if not isinstance(data, dict) or data.get("n_weights") != N_WEIGHTS:
        raise ValueError(f"{path}: not a learned evaluation of this layout ({N_WEIGHTS} weights)")
    weights = [0.0] * N_WEIGHTS
    pairs = data.get("weights")
    bad = ValueError(f"{path}: the weights are not [index, weight] pairs in range")
    if not isinstance(pairs, list):
        raise bad
    for pair in pairs:
        if not (isinstance(pair, list) and len(pair) == 2):
            raise bad
        i, w = pair
        if not (
            isinstance(i, int)
            and 0 <= i < N_WEIGHTS
            and isinstance(w, int | float)
            and math.isfinite(w)
        ):
            raise bad
        weights[i] = float(w)
    return LineValue(weights)


_LOADED: dict[Path, LineValue] = {}


def shared(path: Path = DEFAULT_WEIGHTS) -> LineValue:
    """One model per file for the whole process."""
    path = path.resolve()
    model = _LOADED.get(path)
    if model is None:
        model = _LOADED[path] = load(path)
    return model
