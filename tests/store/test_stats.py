"""Statistics are computed exactly from game records, and their file is read strictly."""

from __future__ import annotations

import datetime
import json
import tempfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from gnoming.rules import Action, ActionKind, GameRecord, GameState, HazardReason
from gnoming.rules.events import HazardRemoved
from gnoming.store.stats import (
    RECENT_GAMES,
    GameLine,
    SeatLine,
    Stats,
    Tally,
    add_finished_game,
    load_stats,
    record_finished_game,
    save_stats,
)

SEATS = (
    {"kind": "person", "name": "You", "difficulty": "medium"},
    {"kind": "gnome", "name": "Bramble", "difficulty": "easy"},
    {"kind": "gnome", "name": "Pip", "difficulty": "hard"},
    {"kind": "gnome", "name": "Tansy", "difficulty": "medium"},
)
WHEN = datetime.datetime(2026, 11, 29, 22, 0, tzinfo=datetime.UTC)


class HandCount:
    """A seeded game played move by move, counting by hand what the statistics claim."""

    def __init__(self, moves: list[Action], n_seats: int, seed: int, persons: set[int]) -> None:
        self.state = GameState.new(n_seats, seed=seed)
        self.bounces = self.suffered = self.discarded = 0
        for move in moves:
            mover = self.state.current_seat()
            if move.kind is ActionKind.BOUNCE and mover in persons:
                self.bounces += 1
            for event in self.state.apply(move):
                if isinstance(event, HazardRemoved) and event.reason is HazardReason.DISCARDED:
                    self.discarded += event.seat in persons
        results = self.state.round_results
        self.suffered = sum(
            1 for r in results for p in persons for card in r.seats[p].layout.cards if card == 99
        )
        self.matches = sum(len(r.seats[p].layout.matches) for r in results for p in persons)
        self.rounds = [r.scores[p] for r in results for p in persons]
        self.went_out = sum(r.went_out_first in persons for r in results)


def seeded_game(
    game_actions: Callable[..., list[Action]], persons: set[int]
) -> tuple[GameRecord, HandCount]:
    """The first seeded 4-seat game where the persons bounced, discarded a hazard
    and suffered one, so that every count below is tested with a non-zero number."""
    for seed in range(200):
        moves = game_actions(4, seed)
        hand = HandCount(moves, 4, seed, persons)
        if hand.bounces and hand.suffered and hand.discarded and hand.matches:
            return GameRecord.of(hand.state, SEATS), hand
    raise AssertionError("no seed in 0..199 gives a game with every kind of event")


def test_stats_of_a_seeded_game_match_a_count_by_hand(
    game_actions: Callable[..., list[Action]],
) -> None:
    record, hand = seeded_game(game_actions, {0})
    stats = record_finished_game(Stats(), hand.state, record, [0], when=WHEN)
    result = hand.state.result()
    assert result is not None
    won = 0 in result.winners
    assert stats.games_played == 1 and stats.games_won == int(won)
    assert stats.by_difficulty["hard"] == Tally(1, int(won))
    assert stats.by_difficulty["easy"] == stats.by_difficulty["medium"] == Tally()
    assert stats.bounces == hand.bounces > 0
    assert stats.hazards_suffered == hand.suffered > 0
    assert stats.hazards_discarded == hand.discarded > 0
    assert stats.matches == hand.matches > 0
    assert stats.went_out_first == hand.went_out
    assert stats.rounds_played == 3
    assert (stats.best_round, stats.worst_round) == (min(hand.rounds), max(hand.rounds))
    assert stats.best_game == stats.worst_game == result.totals[0]
    [line] = stats.recent
    assert line.date == "2026-11-29T22:00:00+00:00"
    assert line.person_seats == (0,) and line.winners == result.winners
    assert [s.name for s in line.seats] == ["You", "Bramble", "Pip", "Tansy"]
    assert [s.total for s in line.seats] == list(result.totals)


def test_two_people_at_one_table_both_count(game_actions: Callable[..., list[Action]]) -> None:
    record, hand = seeded_game(game_actions, {0, 2})
    stats = record_finished_game(Stats(), hand.state, record, {0, 2})
    result = hand.state.result()
    assert result is not None
    assert stats.games_played == 1
    assert stats.by_difficulty["medium"].played == 1  # seat 2 (hard) is a person here
    assert stats.bounces == hand.bounces
    assert stats.hazards_suffered == hand.suffered
    assert stats.rounds_played == 6
    assert stats.best_game == min(result.totals[0], result.totals[2])
    assert stats.worst_game == max(result.totals[0], result.totals[2])


def test_person_seats_default_to_the_records_person_seats(
    game_actions: Callable[..., list[Action]],
) -> None:
    record, hand = seeded_game(game_actions, {0})
    assert record_finished_game(Stats(), hand.state, record, when=WHEN) == record_finished_game(
        Stats(), hand.state, record, [0], when=WHEN
    )


def test_a_game_recorded_twice_counts_once(game_actions: Callable[..., list[Action]]) -> None:
    record, hand = seeded_game(game_actions, {0})
    once = record_finished_game(Stats(), hand.state, record, [0])
    assert record_finished_game(once, hand.state, record, [0]) is once


def test_a_game_with_no_person_is_not_counted(game_actions: Callable[..., list[Action]]) -> None:
    moves = game_actions(3, 2)
    state = GameState.new(3, seed=2)
    for move in moves:
        state.apply(move)
    gnomes = tuple({"kind": "gnome", "name": "G", "difficulty": "easy"} for _ in range(3))
    empty = Stats()
    assert record_finished_game(empty, state, GameRecord.of(state, gnomes)) is empty


def test_a_game_with_no_gnome_counts_under_none(game_actions: Callable[..., list[Action]]) -> None:
    state = GameState.new(2, seed=6)
    for move in game_actions(2, 6):
        state.apply(move)
    people = ({"kind": "person", "name": "A"}, {"kind": "person", "name": "B"})
    stats = record_finished_game(Stats(), state, GameRecord.of(state, people))
    assert stats.by_difficulty["none"].played == 1
    assert stats.games_won == 1  # one of the two people won (or they shared)


def test_an_unfinished_or_mismatched_game_is_a_programming_error(
    game_actions: Callable[..., list[Action]],
) -> None:
    moves = game_actions(4, 1)
    half = GameState.new(4, seed=1)
    for move in moves[:50]:
        half.apply(move)
    with pytest.raises(ValueError, match="does not reach the end"):
        record_finished_game(Stats(), half, GameRecord.of(half, SEATS), [0])
    other = GameState.new(4, seed=2)
    for move in game_actions(4, 2):
        other.apply(move)
    full = GameState.new(4, seed=1)
    for move in moves:
        full.apply(move)
    with pytest.raises(ValueError, match="do not agree"):
        record_finished_game(Stats(), other, GameRecord.of(full, SEATS), [0])


def fake_line(number: int) -> GameLine:
    return GameLine(f"id{number}", "2026-01-01T00:00:00+00:00", (), (0,), (0,), "easy")


def test_only_the_last_fifty_games_are_kept(game_actions: Callable[..., list[Action]]) -> None:
    record, hand = seeded_game(game_actions, {0})
    full = Stats(recent=tuple(fake_line(n) for n in range(RECENT_GAMES)))
    stats = record_finished_game(full, hand.state, record, [0])
    assert len(stats.recent) == RECENT_GAMES
    assert stats.recent[0].game_id == "id1" and stats.recent[-2].game_id == f"id{RECENT_GAMES - 1}"


def test_stats_round_trip_and_accumulate_through_the_file(
    tmp_path: Path, game_actions: Callable[..., list[Action]]
) -> None:
    for seed in (3, 4, 5):
        state = GameState.new(4, seed=seed)
        for move in game_actions(4, seed):
            state.apply(move)
        stats, messages = add_finished_game(tmp_path, state, GameRecord.of(state, SEATS))
        assert messages == []
    loaded, messages = load_stats(tmp_path)
    assert messages == [] and loaded == stats
    assert loaded.games_played == 3 and len(loaded.recent) == 3
    assert loaded.by_difficulty["hard"].played == 3
    assert save_stats(tmp_path, loaded) == []
    assert load_stats(tmp_path) == (loaded, [])


def test_no_stats_file_means_empty_stats(tmp_path: Path) -> None:
    assert load_stats(tmp_path) == (Stats(), [])


def test_a_wrong_typed_stats_file_is_kept_and_the_bak_used(tmp_path: Path) -> None:
    good = Stats(games_played=2, games_won=1, best_round=-12)
    save_stats(tmp_path, good)
    save_stats(tmp_path, replace(good, games_played=3))
    data = json.loads((tmp_path / "stats.json").read_text())
    data["bounces"] = "many"
    bad = json.dumps(data).encode()
    (tmp_path / "stats.json").write_bytes(bad)
    stats, [message] = load_stats(tmp_path)
    assert stats == good
    assert "'bounces' is not a count" in message and "backup copy is used" in message
    [kept] = tmp_path.glob("stats.json.corrupt-*")
    assert kept.read_bytes() == bad


def check_stats_loader_on(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        (folder / "stats.json").write_bytes(content)
        stats, messages = load_stats(folder)
        kept = sorted(folder.glob("stats.json*.corrupt-*"))
        if messages:
            assert stats == Stats()
            assert [p.read_bytes() for p in kept] == [content]
            assert len(messages) == 1 and messages[0].startswith("Your statistics file ")
        else:
            assert kept == [] and (folder / "stats.json").read_bytes() == content


@hsettings(max_examples=150, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_never_break_the_stats_loader(content: bytes) -> None:
    check_stats_loader_on(content)


json_leaf = (
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats()
    | st.text(max_size=4)
    | st.sampled_from([10**400, -(10**400), 2**63])
)
json_values = st.recursive(
    json_leaf,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=4), children, max_size=3)
    ),
    max_leaves=8,
)
SAMPLE = Stats(
    games_played=1,
    by_difficulty={"easy": Tally(1, 0), "medium": Tally(), "hard": Tally(), "none": Tally()},
    best_round=3,
    recent=(GameLine("abc", "2026", (SeatLine("You", "person", "", 4),), (0,), (0,), "easy"),),
).to_dict()


@hsettings(max_examples=300, deadline=None)
@given(st.data())
def test_wrong_types_and_future_versions_never_break_the_stats_loader(data: st.DataObject) -> None:
    obj = json.loads(json.dumps(SAMPLE))
    paths: list[list[Any]] = [[], ["by_difficulty"], ["recent", 0], ["recent", 0, "seats", 0]]
    for _ in range(data.draw(st.integers(1, 3))):
        target: Any = obj
        for step in data.draw(st.sampled_from(paths)):
            try:
                target = target[step]
            except (KeyError, IndexError, TypeError):
                break
        if not isinstance(target, dict):
            target = obj
        key = data.draw(st.sampled_from([*sorted(target), "version", "extra"]))
        target[key] = data.draw(json_values | st.integers(-1, 3))
    check_stats_loader_on(json.dumps(obj).encode())


@hsettings(max_examples=60, deadline=None)
@given(st.data())
def test_a_truncated_stats_file_is_kept_and_reported(data: st.DataObject) -> None:
    text = json.dumps(SAMPLE, indent=1)
    cut = data.draw(st.integers(0, len(text.rstrip()) - 1))
    check_stats_loader_on(text[:cut].encode())
