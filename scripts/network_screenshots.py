"""Make the network screenshots in docs/screenshots/ with the game's own scenes.

    python scripts/network_screenshots.py [--lang CODE] [--out DIR]

Headless (SDL's dummy driver), on 127.0.0.1 only: a hosted table's lobby with
one friend joined and one seat open, the Join a table screen with two tables
"heard" on the network (a stand-in browser: nothing is multicast), and the
network table with the emotes open. Each at 1280x720 (``network_lobby.png``,
``network_join.png``, ``network_table.png``) and 960x600 (``..._960x600.png``).
The lobby shows a typical home-network address instead of 127.0.0.1.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["GNOMING_LAN"] = "off"
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from gnoming.cli import parse_args  # noqa: E402
from gnoming.net.client import RemoteFeed  # noqa: E402
from gnoming.net.discovery import LanTable  # noqa: E402
from gnoming.store.settings import SeatSpec  # noqa: E402
from gnoming.ui.app import App  # noqa: E402
from gnoming.ui.hosting import Hosting  # noqa: E402
from gnoming.ui.scenes.join import JoinScene  # noqa: E402
from gnoming.ui.scenes.lobby import LobbyScene  # noqa: E402
from gnoming.ui.scenes.nettable import NetworkTableScene  # noqa: E402

SIZES = ((1280, 720), (960, 600))


class HeardTables:
    """Two tables as the Join screen would list them (no multicast)."""

    def tables(self) -> list[LanTable]:
        return [
            LanTable(name="Ada", address="192.168.1.20:47474", code="GN7KQ2"),
            LanTable(name="Grandpa Beck", address="192.168.1.31:47475", code="HZRD99"),
        ]

    def close(self) -> None:
        pass


def frames(app: App, count: int, *feeds: RemoteFeed) -> None:
    for _ in range(count):
        app.step([], 1 / 60)
        for feed in feeds:
            feed.step(0.0)
        time.sleep(0.01)


def shoot(out: Path, lang: str, size: tuple[int, int], data: Path) -> None:
    suffix = "" if size == SIZES[0] else f"_{size[0]}x{size[1]}"
    app = App(parse_args(["--data-dir", str(data), "--window", f"{size[0]}x{size[1]}", "--lang", lang]))
    seats = (
        SeatSpec("person", "Ada", "medium"),
        SeatSpec("friend", "Friend", "medium"),
        SeatSpec("gnome", "Old Beck", "hard"),
        SeatSpec("friend", "Friend", "medium"),
    )
    hosting = Hosting(seats, port=0, bind="127.0.0.1", announce=False, code="GN7KQ2", seed=5)
    feed = hosting.start()
    hosting.addresses = lambda: ["192.168.1.20:47474"]  # type: ignore[method-assign]
    friend = RemoteFeed.join(hosting.join_url(), hosting.code, "Tove")
    lobby = LobbyScene(app, feed)
    app.clear_to(lobby)
    frames(app, 40, friend)
    pygame.image.save(app.screen, str(out / f"network_lobby{suffix}.png"))
    late = RemoteFeed.join(hosting.join_url(), hosting.code, "Ilmar")
    for _ in range(300):
        frames(app, 1, friend, late)
        if isinstance(app.stack.top, NetworkTableScene):
            break
    table = app.stack.top
    if isinstance(table, NetworkTableScene):
        frames(app, 240, friend, late)
        table.emotes_open = True
        app.step([], 1 / 60)
        pygame.image.save(app.screen, str(out / f"network_table{suffix}.png"))
    friend.close()
    late.close()
    join = JoinScene(app, browser=HeardTables)
    app.clear_to(join)
    app.step([], 1 / 60)
    join.address.text = "192.168.1.20:47474"
    join.code.text = "GN7KQ"
    join.focus_on(join.code)
    app.step([], 1 / 60)
    pygame.image.save(app.screen, str(out / f"network_join{suffix}.png"))
    while app.stack.top is not None:
        app.stack.pop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        for size in SIZES:
            shoot(args.out, args.lang, size, Path(folder))
    print(f"network screenshots in {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
