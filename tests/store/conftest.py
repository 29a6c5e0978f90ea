"""Helpers for the store tests: seeded random games and a look at a folder's files."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from gnoming.rules import Action, GameState

SEATS_4 = (
    {"kind": "person", "name": "You", "difficulty": "medium"},
    {"kind": "gnome", "name": "Bramble", "difficulty": "easy"},
    {"kind": "gnome", "name": "Pip", "difficulty": "hard"},
    {"kind": "gnome", "name": "Tansy", "difficulty": "medium"},
)


def random_game_actions(n_seats: int, seed: int, first_seat: int = 0) -> list[Action]:
    """Every action of a whole game whose choices come from ``random.Random(seed)``."""
    state = GameState.new(n_seats, seed=seed, first_seat=first_seat)
    chooser = random.Random(seed * 7919 + n_seats)
    actions: list[Action] = []
    while not state.is_over():
        action = chooser.choice(state.legal_actions())
        state.apply(action)
        actions.append(action)
    return actions


@pytest.fixture
def game_actions() -> Callable[..., list[Action]]:
    return random_game_actions


@pytest.fixture
def files() -> Callable[[Path], dict[str, bytes]]:
    """Name -> bytes of every file in a folder."""

    def read(folder: Path) -> dict[str, bytes]:
        return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}

    return read
