"""Starting the game with garbage in every file of its data folder: it plays a
whole game, exits 0, and every garbage file is still there, moved aside; the
game a person left unfinished is not touched by the autoplay run at all."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gnoming.rules import GameRecord, GameState
from gnoming.store.saves import save_game

ROOT = Path(__file__).resolve().parents[2]
GARBAGE = {
    "settings.json": b"\x00\xff not json {",
    "autosave-autoplay.json": b'{"version": 1, "record": {"version": 1, "seed": 1, '
    b'"n_seats": 2, "actions": ["keep 9"]}}',
    "stats.json": b'{"version": 999, "games_played": "lots"}',
}
PERSON_SEATS = (
    {"kind": "person", "name": "You", "difficulty": "medium"},
    {"kind": "gnome", "name": "Pip", "difficulty": "hard"},
)


def _person_save(folder: Path) -> dict[str, bytes]:
    """A person's unfinished game, saved twice so that it has a ``.bak`` too."""
    state = GameState.new(2, seed=11)
    for _turn in range(2):
        state.apply(state.legal_actions()[0])
        assert save_game(folder, GameRecord.of(state, PERSON_SEATS)) == []
    return {name: (folder / name).read_bytes() for name in ("autosave.json", "autosave.json.bak")}


@pytest.mark.slow
def test_garbage_is_kept_aside_the_person_save_is_untouched_and_autoplay_still_plays(
    tmp_path: Path,
) -> None:
    person = _person_save(tmp_path)
    for name, data in GARBAGE.items():
        (tmp_path / name).write_bytes(data)
        (tmp_path / f"{name}.bak").write_bytes(data[::-1])
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--autoplay", "--quit-at-end"]
        + ["--speed", "instant", "--players", "2", "--seed", "3", "--data-dir", str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "crash").exists()
    for name, data in person.items():
        assert (tmp_path / name).read_bytes() == data, f"the autoplay run changed {name}"
    kept = {p.read_bytes() for p in tmp_path.iterdir() if ".corrupt-" in p.name}
    for name, data in GARBAGE.items():
        assert data in kept, f"{name} was not kept aside"
        assert data[::-1] in kept, f"{name}.bak was not kept aside"
    assert not (tmp_path / "autosave-autoplay.json").exists()  # the finished game is cleared
