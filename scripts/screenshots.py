"""Make the screenshots in docs/screenshots/ with the game itself (--screenshot-dir).

    python scripts/screenshots.py            # every language: title, a turn, the scoreboard
    python scripts/screenshots.py network    # only the network lobby and table (2 and 7 seats)

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
from collections.abc import Callable
from functools import partial
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


def network_screens(out: Path = OUT, lang: str = "en", size: tuple[int, int] = (1280, 720)) -> list[Path]:
    """docs/screenshots/network_lobby_<N>.png and network_reconnecting_<N>.png at 2
    and 7 seats: the host's lobby while friends join, and the host's table with a
    friend reconnecting (at 7 seats also one a gnome stands in for). The table is
    hosted in this process on 127.0.0.1 only; friends are joined from here too."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["GNOMING_LAN"] = "off"
    sys.path.insert(0, str(ROOT))
    made: list[Path] = []
    for n in (2, 7):
        made += network_table_shots(n, out, lang, size)
        print(f"network {n} seats: -> {', '.join(p.name for p in made[-2:])} in {out}")
    return made


def network_table_shots(n: int, out: Path, lang: str, size: tuple[int, int]) -> list[Path]:
    """The lobby and the table with a reconnecting friend of one ``n``-seat hosted table."""
    import time

    import pygame

    from gnoming.cli import parse_args
    from gnoming.net.client import RemoteFeed
    from gnoming.net.protocol import SeatKind, SeatStatus
    from gnoming.store.settings import SeatSpec
    from gnoming.ui.app import App
    from gnoming.ui.hosting import Hosting
    from gnoming.ui.scenes.lobby import LobbyScene
    from gnoming.ui.scenes.nettable import NetworkTableScene

    def frames(done: Callable[[], bool], seconds: float = 20.0) -> None:
        deadline = time.monotonic() + seconds
        while not done():
            if time.monotonic() > deadline:
                raise RuntimeError("the network screens did not come up in time")
            app.step([], 1 / 60)
            time.sleep(0.004)

    def seated(friend: RemoteFeed) -> bool:
        friend.step(0.0)
        return friend.view.token is not None

    def statuses() -> list[tuple[SeatKind, SeatStatus]]:
        return [(s.kind, s.status) for s in feed.view.seats]

    friends_names = ("Tove", "Ilmar", "Aino", "Mirjam", "Sanjay")
    gnomes = 0 if n == 2 else 2
    seats = [SeatSpec("person", "Ada", "medium")]
    seats += [SeatSpec("friend", "Friend", "medium")] * (n - 1 - gnomes)
    seats += [SeatSpec("gnome", name, "hard") for name in ("Pip Mossbottom", "Grandpa Beck")[:gnomes]]
    joining = n - 2 - gnomes  # friends in the lobby; the last friend's seat stays open
    made: list[Path] = []
    with tempfile.TemporaryDirectory() as folder:
        flags = ["--data-dir", folder, "--window", f"{size[0]}x{size[1]}", "--lang", lang, "--speed", "instant"]
        app = App(parse_args(flags))
        host = Hosting(seats, port=0, bind="127.0.0.1", announce=False, gnome_delay=3600.0, seed=2026)
        feed = host.start()
        friends: list[RemoteFeed] = []
        try:
            app.clear_to(LobbyScene(app, feed))
            for name in friends_names[:joining]:
                friends.append(RemoteFeed.join(host.join_url(), host.code, name))
            frames(lambda: [s for _k, s in statuses()].count(SeatStatus.CONNECTED) == 1 + joining)
            for _frame in range(5):
                app.step([], 1 / 60)
            made.append(out / f"network_lobby_{n}.png")
            pygame.image.save(app.screen, str(made[-1]))
            friends.append(RemoteFeed.join(host.join_url(), host.code, friends_names[joining]))
            frames(lambda: isinstance(app.stack.top, NetworkTableScene))
            for friend in friends:
                frames(partial(seated, friend))
            friends[-1]._thread.close(0.5)  # dropped without a goodbye: reconnecting
            if n > 2:
                friends[0].close()  # left: a gnome stands in at once
            frames(lambda: (SeatKind.PERSON, SeatStatus.RECONNECTING) in statuses())
            frames(lambda: n == 2 or (SeatKind.PERSON, SeatStatus.GNOME_CONTROLLED) in statuses())
            for _frame in range(240):  # four seconds of the countdown, the deal's animation done
                app.step([], 1 / 60)
            made.append(out / f"network_reconnecting_{n}.png")
            pygame.image.save(app.screen, str(made[-1]))
        finally:
            for friend in friends:
                friend.close()
            feed.close()
            while app.stack.top is not None:
                app.stack.pop()
    return made


def run_game(flags: list[str], shots: Path, data: Path) -> None:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    command = [sys.executable, str(ROOT / "main.py"), "--screenshot-dir", str(shots)]
    command += ["--data-dir", str(data), *flags]
    subprocess.run(command, check=True, env=env, cwd=ROOT, timeout=900)


def main() -> int:
    new_game_seven_seats()
    network_screens()
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
    if sys.argv[1:] == ["network"]:
        network_screens()
        raise SystemExit(0)
    raise SystemExit(main())
