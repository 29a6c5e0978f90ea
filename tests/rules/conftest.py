"""Builders for rule tests: a table in a chosen position, written as text."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gnoming.rules import Card, GameState, Phase


def parse_layout(text: str) -> tuple[list[Card], list[bool]]:
    """Nine cards row by row; a card in brackets is face down: ``"5 [7] M / ..."``."""
    tokens = text.replace("/", " ").split()
    assert len(tokens) == 9, text
    cards, up = [], []
    for token in tokens:
        face_down = token.startswith("[")
        cards.append(Card.parse(token.strip("[]")))
        up.append(not face_down)
    return cards, up


def build_table(
    n_seats: int = 2,
    layouts: dict[int, str] | None = None,
    draw: str = "",
    piles: tuple[str, str] = ("1", "2"),
    turn_seat: int = 0,
) -> GameState:
    """A game past its initial flips, with the given layouts, draw pile (top card
    last) and discard piles (top card last), waiting for ``turn_seat`` to draw."""
    state = GameState.new(n_seats, seed=0)
    while state.phase is Phase.INITIAL_FLIP:
        state.apply(state.legal_actions()[0])
    for seat, text in (layouts or {}).items():
        cards, up = parse_layout(text)
        state.layouts[seat] = cards
        state.face_up[seat] = up
        state.face_down_count[seat] = up.count(False)
    if draw:
        state.draw_pile = [Card.parse(t) for t in draw.split()]
    state.discard_piles = [[Card.parse(t) for t in pile.split()] for pile in piles]
    state.turn_seat = state.seat = turn_seat
    state._legal = None
    return state


@pytest.fixture
def table() -> Callable[..., GameState]:
    return build_table
