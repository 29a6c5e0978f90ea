"""Starting the game with garbage in every file of its data folder: it plays a
whole game, exits 0, and every garbage file is still there, moved aside."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GARBAGE = {
    "settings.json": b"\x00\xff not json {",
    "autosave.json": b'{"version": 1, "record": {"version": 1, "seed": 1, "n_seats": 2, '
    b'"actions": ["keep 9"]}}',
    "stats.json": b'{"version": 999, "games_played": "lots"}',
}


def test_garbage_in_every_file_is_kept_aside_and_the_game_still_plays(tmp_path: Path) -> None:
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
    kept = {p.read_bytes() for p in tmp_path.iterdir() if ".corrupt-" in p.name}
    for name, data in GARBAGE.items():
        assert data in kept, f"{name} was not kept aside"
        assert data[::-1] in kept, f"{name}.bak was not kept aside"
