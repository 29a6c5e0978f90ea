"""Make the screenshots in docs/screenshots/ with the game itself (--screenshot-dir).

    python scripts/screenshots.py            # every language: title, a turn, the scoreboard

Runs the game headless (SDL's dummy video driver) from this checkout, once on
the title screen and once as a seeded autoplay game per language, and copies
the frames the game saved into docs/screenshots/<lang>/.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
LANGUAGES = ("en", "et", "fi", "mr")
WANTED = {
    "title.png": "title.png",
    "turn.png": "turn.png",
    "scoreboard.png": "scoreboard.png",
    "game_over.png": "game_over.png",
}
NEW_GAME_SIZES = ((960, 600), (1280, 720))


def new_game_seven_seats() -> None:
    """docs/screenshots/newgame_7_seats_<W>x<H>.png: New game filled in by
    ``--players 7 --seed 2026``, drawn in this process with the dummy video driver."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    import pygame

    from gnoming.cli import parse_args
    from gnoming.ui.app import App
    from gnoming.ui.scenes.newgame import NewGameScene

    for w, h in NEW_GAME_SIZES:
        with tempfile.TemporaryDirectory() as folder:
            flags = ["--data-dir", folder, "--window", f"{w}x{h}", "--lang", "en"]
            app = App(parse_args([*flags, "--players", "7", "--seed", "2026"]))
            app.clear_to(NewGameScene(app))
            app.step([], 1 / 60)
            target = OUT / f"newgame_7_seats_{w}x{h}.png"
            pygame.image.save(app.screen, str(target))
            print(f"new game: -> {target.relative_to(ROOT)}")


def run_game(flags: list[str], shots: Path, data: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, str(ROOT / "main.py"), "--screenshot-dir", str(shots)]
    command += ["--data-dir", str(data), *flags]
    subprocess.run(command, check=True, env=env, cwd=ROOT, timeout=900)


def main() -> int:
    new_game_seven_seats()
    for lang in LANGUAGES:
        with tempfile.TemporaryDirectory() as folder:
            shots, data = Path(folder) / "shots", Path(folder) / "data"
            run_game(["--lang", lang, "--max-frames", "30"], shots, data)
            run_game(
                [
                    "--lang",
                    lang,
                    "--autoplay",
                    "--quit-at-end",
                    "--seed",
                    "2026",
                    "--speed",
                    "instant",
                ],
                shots,
                data,
            )
            target = OUT / lang
            target.mkdir(parents=True, exist_ok=True)
            for source, name in WANTED.items():
                shutil.copyfile(shots / source, target / name)
        print(f"{lang}: {', '.join(WANTED.values())} -> {target.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
