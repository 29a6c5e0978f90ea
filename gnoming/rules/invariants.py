"""Checks that must hold after every action; used by the tests and the soak run."""

from __future__ import annotations

from collections import Counter

from .cards import Card, deck_counter
from .state import GameState, Phase

_HOLDING = (Phase.PLAY, Phase.BOUNCE, Phase.DISCARD)


def broken_invariants(state: GameState) -> list[str]:
    """What is wrong with ``state``, in words; empty when all is well."""
    problems: list[str] = []
    cards: Counter[Card] = Counter()
    for seat, layout in enumerate(state.layouts):
        if len(layout) != 9 or len(state.face_up[seat]) != 9:
            problems.append(f"seat {seat}'s layout does not hold nine cards")
        cards.update(layout)
        if state.face_down_count[seat] != state.face_up[seat].count(False):
            problems.append(f"seat {seat}'s face-down count is off")
    cards.update(state.draw_pile)
    for pile in state.discard_piles:
        cards.update(pile)
        if Card.HAZARD in pile:
            problems.append("a hazard lies on a discard pile")
    cards.update(state.removed_hazards)
    if state.phase in _HOLDING:
        if state.held is None:
            problems.append(f"nothing in hand during {state.phase.value}")
        else:
            cards[state.held] += 1
    elif state.held is not None:
        problems.append(f"a card in hand during {state.phase.value}")
    if cards != deck_counter():
        missing = deck_counter() - cards
        extra = cards - deck_counter()
        problems.append(f"cards unaccounted for: missing {dict(missing)}, extra {dict(extra)}")
    if len(state.removed_hazards) > 3:
        problems.append("more than three hazards removed")
    for result in state.round_results:
        for seat_score in result.seats:
            breakdown = seat_score.layout
            if breakdown.match_points + sum(breakdown.card_points) != breakdown.total:
                problems.append(f"round {result.round_index + 1}: a breakdown does not add up")
    if not state.is_over():
        if not state.legal_actions():
            problems.append(f"no legal action in phase {state.phase.value}")
        if not 0 <= state.current_seat() < state.n_seats:
            problems.append("the current seat is not a seat")
    return problems
