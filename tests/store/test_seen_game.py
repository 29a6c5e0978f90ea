"""A friend's statistics of a network game, from the final result their seat saw."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from gnoming.rules import GameRecord, GameState, observe
from gnoming.store.stats import (
    Stats,
    add_seen_game,
    load_stats,
    record_finished_game,
    record_seen_game,
)

SEATS = [
    {"kind": "friend", "name": "Ada", "difficulty": "medium"},
    {"kind": "person", "name": "Tove", "difficulty": "medium"},
    {"kind": "gnome", "name": "Pip Mossbottom", "difficulty": "hard"},
]


def finished(seed: int = 4) -> GameState:
    state, _events = GameState.start(3, first_seat=0, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_the_seen_end_counts_as_the_hosts_record_does_except_bounces_and_discards():
    state = finished()
    seen = record_seen_game(Stats(), "GN7K", 1, SEATS, observe(state, 1).round_results)
    host_seats = tuple({**s, "kind": "person" if i == 1 else s["kind"]} for i, s in enumerate(SEATS))
    full = record_finished_game(Stats(), state, GameRecord.of(state, host_seats), [1])
    for field in ("games_played", "games_won", "rounds_played", "best_round", "worst_round", "best_game",
                  "worst_game", "matches", "hazards_suffered", "went_out_first", "by_difficulty"):
        assert getattr(seen, field) == getattr(full, field), field
    assert seen.bounces == 0 and seen.hazards_discarded == 0
    line = seen.recent[-1]
    assert line.person_seats == (1,) and [s.kind for s in line.seats] == ["friend", "person", "gnome"]
    assert line.difficulty == "hard"


def test_seeing_the_same_end_again_counts_nothing_and_another_game_counts(tmp_path: Path):
    state = finished()
    rounds = observe(state, 1).round_results
    once, _ = add_seen_game(tmp_path, "GN7K", 1, SEATS, rounds)
    twice, _ = add_seen_game(tmp_path, "GN7K", 1, SEATS, rounds)  # a rejoin after the end
    assert once.games_played == twice.games_played == 1
    other, _ = add_seen_game(tmp_path, "GN7K", 1, SEATS, observe(finished(5), 1).round_results)
    assert other.games_played == 2 and load_stats(tmp_path)[0].games_played == 2


def test_a_game_not_seen_to_its_end_is_refused_and_changes_nothing():
    state, _events = GameState.start(3, first_seat=0, seed=2)
    rng = random.Random(2)
    while len(state.round_results) < 2:
        state.apply(rng.choice(state.legal_actions()))
    with pytest.raises(ValueError):
        record_seen_game(Stats(), "GN7K", 1, SEATS, observe(state, 1).round_results)
    with pytest.raises(ValueError):
        record_seen_game(Stats(), "GN7K", 3, SEATS, observe(finished(), 1).round_results)
