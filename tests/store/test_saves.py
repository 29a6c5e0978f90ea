"""The autosave: a resumed game is the same game; a bad save is kept and never crashes."""

from __future__ import annotations

import datetime
import json
import random
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from gnoming.rules import Action, GameRecord, GameState, actions
from gnoming.store import atomic
from gnoming.store.atomic import backup_path
from gnoming.store.saves import (
    clear_game,
    has_saved_game,
    load_game,
    load_saved_game,
    save_game,
)

SEATS = tuple({"kind": "gnome", "name": f"G{i}", "difficulty": "easy"} for i in range(7))


def play(state: GameState, moves: list[Action]) -> GameState:
    for move in moves:
        state.apply(move)
    return state


@pytest.mark.parametrize("n_seats", [2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("seed", [1, 22, 333])
def test_a_game_saved_loaded_and_continued_ends_exactly_as_played_straight_through(
    tmp_path: Path,
    game_actions: Callable[..., list[Action]],
    n_seats: int,
    seed: int,
) -> None:
    first_seat = seed % n_seats
    moves = game_actions(n_seats, seed, first_seat)
    straight = play(GameState.new(n_seats, seed=seed, first_seat=first_seat), moves)
    cut = random.Random(seed + n_seats).randrange(len(moves))

    before = play(GameState.new(n_seats, seed=seed, first_seat=first_seat), moves[:cut])
    record = GameRecord.of(before, SEATS[:n_seats])
    assert save_game(tmp_path, record, {"names": [s["name"] for s in SEATS[:n_seats]]}) == []
    assert has_saved_game(tmp_path)
    loaded_record, resumed, messages = load_game(tmp_path)
    assert messages == [] and loaded_record == record and resumed is not None
    assert resumed.legal_actions() == before.legal_actions()
    assert resumed.rng.getstate() == before.rng.getstate()
    play(resumed, moves[cut:])

    final, expected = resumed.result(), straight.result()
    assert final is not None and expected is not None
    assert final == expected
    assert resumed.round_results == straight.round_results


def test_save_keeps_the_extras_and_the_time(tmp_path: Path) -> None:
    state = GameState.new(3, seed=5)
    state.apply(actions.flip(4))
    when = datetime.datetime(2026, 11, 29, 22, 15, 3, tzinfo=datetime.UTC)
    save_game(tmp_path, GameRecord.of(state, SEATS[:3]), {"view_seat": 0}, saved_at=when)
    saved, messages = load_saved_game(tmp_path)
    assert messages == [] and saved is not None
    assert saved.extra == {"view_seat": 0}
    assert saved.saved_at == "2026-11-29T22:15:03+00:00"
    assert saved.state.history == [actions.flip(4)]
    data = json.loads((tmp_path / "autosave.json").read_text())
    assert (data["version"], data["record"]["seed"]) == (1, 5)


def test_clear_game_forgets_the_save_and_its_backup(tmp_path: Path) -> None:
    record = GameRecord.of(GameState.new(2, seed=1))
    save_game(tmp_path, record)
    save_game(tmp_path, record)
    assert backup_path(tmp_path / "autosave.json").exists()
    clear_game(tmp_path)
    assert list(tmp_path.iterdir()) == []
    assert not has_saved_game(tmp_path)
    assert load_game(tmp_path) == (None, None, [])
    clear_game(tmp_path)  # nothing to clear: still fine


def test_a_save_the_rules_reject_is_kept_aside_and_the_bak_is_resumed(
    tmp_path: Path, game_actions: Callable[..., list[Action]]
) -> None:
    moves = game_actions(4, 9)
    good = play(GameState.new(4, seed=9), moves[:30])
    save_game(tmp_path, GameRecord.of(good))
    later = play(GameState.new(4, seed=9), moves[:40])
    save_game(tmp_path, GameRecord.of(later))
    data = json.loads((tmp_path / "autosave.json").read_text())
    data["record"]["actions"].append("refuse")  # never legal right after a discard
    bad = json.dumps(data).encode()
    (tmp_path / "autosave.json").write_bytes(bad)

    record, state, [message] = load_game(tmp_path)
    assert record is not None and state is not None
    assert state.history == good.history
    [kept] = tmp_path.glob("autosave.json.corrupt-*")
    assert kept.read_bytes() == bad
    assert message.startswith(
        "Your saved game file was damaged (the game cannot be replayed: action 41"
    )
    assert message.endswith(f"it was kept as {kept.name} and the backup copy is used.")


def test_a_rejected_save_without_a_backup_means_no_saved_game(tmp_path: Path) -> None:
    bad = {"version": 1, "record": {**GameRecord(seed=1, n_seats=3).to_dict(), "actions": ["draw"]}}
    (tmp_path / "autosave.json").write_text(json.dumps(bad))
    record, state, [message] = load_game(tmp_path)
    assert (record, state) == (None, None)
    assert "defaults are used" in message
    assert not has_saved_game(tmp_path)
    assert len(list(tmp_path.glob("autosave.json.corrupt-*"))) == 1


def test_a_failed_autosave_says_so_and_keeps_the_last_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = GameState.new(2, seed=3)
    save_game(tmp_path, GameRecord.of(state))
    before = (tmp_path / "autosave.json").read_bytes()
    state.apply(actions.flip(0))

    def refuse(src: object, dst: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(atomic.os, "replace", refuse)
    assert save_game(tmp_path, GameRecord.of(state)) == [
        "The game could not be saved (Permission denied)."
    ]
    monkeypatch.undo()
    assert (tmp_path / "autosave.json").read_bytes() == before
    record, _, messages = load_game(tmp_path)
    assert messages == [] and record is not None and record.actions == ()


def test_a_finished_game_without_a_person_is_cleared_not_continued(
    tmp_path: Path, game_actions: Callable[..., list[Action]]
) -> None:
    done = play(GameState.new(2, seed=4), game_actions(2, 4))
    save_game(tmp_path, GameRecord.of(done))
    assert load_game(tmp_path) == (None, None, [])
    assert not has_saved_game(tmp_path)
    assert not (tmp_path / "stats.json").exists()


def check_autosave_loader_on(content: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder_name:
        folder = Path(folder_name)
        (folder / "autosave.json").write_bytes(content)
        record, state, messages = load_game(folder)
        kept = sorted(folder.glob("autosave.json*.corrupt-*"))
        if record is None:
            assert state is None
            assert [p.read_bytes() for p in kept] == [content]
            assert len(messages) == 1 and messages[0].startswith("Your saved game file ")
            assert len(messages[0]) < 300 and messages[0].endswith(".")
        else:
            assert state is not None and messages == [] and kept == []
            assert (folder / "autosave.json").read_bytes() == content


@hsettings(max_examples=150, deadline=None)
@given(st.binary(max_size=200))
def test_random_bytes_never_break_the_autosave_loader(content: bytes) -> None:
    check_autosave_loader_on(content)


json_leaf = (
    st.none()
    | st.booleans()
    | st.integers(-5, 12)
    | st.text(max_size=6)
    | st.sampled_from([10**400, -(10**400), 2**63, 1e308, -0.0, float("inf"), float("nan")])
)
json_values = st.recursive(
    json_leaf,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=8,
)
record_fields = st.fixed_dictionaries(
    {},
    optional={
        "version": st.integers(-1, 3) | json_values,
        "seed": st.integers(0, 99) | json_values,
        "n_seats": st.integers(0, 9) | json_values,
        "first_seat": st.integers(-1, 8) | json_values,
        "seats": st.lists(st.dictionaries(st.text(max_size=4), json_leaf, max_size=2), max_size=3)
        | json_values,
        "actions": st.lists(
            st.sampled_from(["flip 0", "flip 4", "draw", "take A", "keep 3", "discard B", "x"]),
            max_size=6,
        )
        | json_values,
    },
)
autosave_objects = st.fixed_dictionaries(
    {},
    optional={
        "version": st.integers(-1, 3) | json_values,
        "record": record_fields | json_values,
        "saved_at": st.text(max_size=5) | json_values,
        "extra": st.dictionaries(st.text(max_size=4), json_leaf, max_size=2) | json_values,
    },
)


@hsettings(max_examples=300, deadline=None)
@given(autosave_objects)
def test_wrong_types_future_versions_and_illegal_actions_never_break_the_autosave_loader(
    obj: dict[str, object],
) -> None:
    check_autosave_loader_on(json.dumps(obj).encode())


@hsettings(max_examples=60, deadline=None)
@given(st.data())
def test_a_truncated_autosave_is_kept_and_reported(data: st.DataObject) -> None:
    state = GameState.new(3, seed=8)
    for move in (actions.flip(0), actions.flip(1), actions.flip(2)):
        state.apply(move)
    with tempfile.TemporaryDirectory() as folder_name:
        save_game(Path(folder_name), GameRecord.of(state, SEATS[:3]))
        text = (Path(folder_name) / "autosave.json").read_text()
    cut = data.draw(st.integers(0, len(text.rstrip()) - 1))
    check_autosave_loader_on(text[:cut].encode())


def test_a_long_reason_is_cut_short_in_the_message(tmp_path: Path) -> None:
    record = {**GameRecord(seed=1, n_seats=3).to_dict(), "actions": ["x" * 5000]}
    (tmp_path / "autosave.json").write_text(json.dumps({"version": 1, "record": record}))
    _, _, [message] = load_game(tmp_path)
    assert len(message) < 300 and "…" in message
