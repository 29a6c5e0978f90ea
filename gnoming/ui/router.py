"""Navigation as typed calls: every way from one screen to another, in one place.

Scenes never import each other to move on; they call the app's router::

    self.app.router.title()            # back to the title, leaving everything else
    self.app.router.table(config)      # a new game at the table
    self.app.router.howto(page=2)      # How to play, over the current screen

Pushing puts a screen over the current one (Esc comes back); ``title``,
``table``, ``resume`` and ``crash`` leave every other screen behind.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from gnoming.i18n import _
from gnoming.net.client import RemoteFeed
from gnoming.net.hostsave import continued_table, is_hosted_save
from gnoming.net.protocol import Difficulty
from gnoming.rules import GameResult
from gnoming.rules import events as E
from gnoming.store.saves import SavedGame
from gnoming.store.settings import SeatSpec
from gnoming.store.stats import Stats
from gnoming.ui.hosting import Hosting, lan_allowed
from gnoming.ui.scene import Scene
from gnoming.ui.scenes.confirm import ConfirmScene
from gnoming.ui.scenes.crash import CrashScene
from gnoming.ui.scenes.howto import HowToPlayScene
from gnoming.ui.scenes.join import JoinScene
from gnoming.ui.scenes.lobby import LobbyScene
from gnoming.ui.scenes.nettable import NetworkTableScene
from gnoming.ui.scenes.newgame import NewGameScene
from gnoming.ui.scenes.opening import OpeningScene
from gnoming.ui.scenes.pause import PauseScene
from gnoming.ui.scenes.scoreboard import ScoreboardScene
from gnoming.ui.scenes.settings import SettingsScene
from gnoming.ui.scenes.stats import StatsScene
from gnoming.ui.scenes.table import TableScene
from gnoming.ui.scenes.title import TitleScene
from gnoming.ui.session import GameConfig, GameSession, autoplay_config

if TYPE_CHECKING:
    from gnoming.ui.app import App


def new_seed() -> int:
    """A fresh shuffle seed for a game the player starts."""
    return random.SystemRandom().randrange(2**31)


class Router:
    """Moves between the screens of one :class:`~gnoming.ui.app.App`."""

    def __init__(self, app: App) -> None:
        self.app = app

    # ------------------------------------------------------------ scenes

    def first_scene(self) -> Scene:
        """The title, or with ``--autoplay`` a table of gnomes."""
        options = self.app.options
        if options.autoplay:
            return self.table_scene(autoplay_config(options.players, options.seed))
        return TitleScene(self.app)

    def table_scene(self, config: GameConfig) -> TableScene:
        return TableScene(self.app, GameSession.new(config, self.app.data_dir))

    # ------------------------------------------------------------ moves

    def title(self) -> None:
        """The title screen, leaving every other screen (a table autosaves as it goes)."""
        self.app.clear_to(TitleScene(self.app))

    def new_game(self) -> None:
        self.app.push(NewGameScene(self.app))

    def table(self, config: GameConfig) -> None:
        """Start a new game at the table, leaving the menus behind."""
        self.app.clear_to(self.table_scene(config))

    def host(self, config: GameConfig) -> None:
        """Open a network table laid out like ``config`` and wait in its lobby."""
        hosting = Hosting(
            config.seats,
            first_seat=config.first_seat,
            seed=config.seed,
            port=self.app.settings.network_port if lan_allowed() else 0,
            data_dir=self.app.data_dir,
            stand_in=Difficulty(self.app.settings.stand_in_level),
            reconnect_seconds=self.app.settings.reconnect_wait,
        )
        self.opening(hosting)

    def opening(self, hosting: Hosting) -> None:
        """The table opens on a worker thread; its lobby follows once the host is seated."""
        self.app.push(OpeningScene(self.app, hosting.open(), self.app.settings.network_port))

    def join_table(self) -> None:
        """The Join a table screen, over the title."""
        self.app.push(JoinScene(self.app))

    def lobby(self, feed: RemoteFeed, address: str) -> None:
        """Wait at a friend's table (joining at ``address``) until the game starts."""
        self.app.push(LobbyScene(self.app, feed, address))

    def network_table(self, feed: RemoteFeed) -> None:
        """The game of a network table has started: the table, leaving the menus behind."""
        self.app.clear_to(NetworkTableScene(self.app, feed))

    def play_again(self, config: GameConfig) -> None:
        """The same seats once more, with a new shuffle. After a network game this
        screen hosts a new table: the other people's seats wait for them as friends."""
        network = next((s for s in self.app.stack.scenes if isinstance(s, NetworkTableScene)), None)
        if network is None:
            self.table(GameConfig(config.seats, new_seed(), config.first_seat))
            return
        mine = network.remote.view.seat
        seats = tuple(
            SeatSpec("friend", "Friend", seat.difficulty) if seat.kind == "person" and i != mine else seat
            for i, seat in enumerate(config.seats)
        )
        self.title()
        self.host(GameConfig(seats, new_seed(), config.first_seat))

    def resume(self, saved: SavedGame) -> None:
        """Continue a saved game where it stopped. A game this computer hosted for
        friends opens its table again, in the lobby: the friends' seats wait for them."""
        if is_hosted_save(saved):
            try:
                continued = continued_table(saved)
            except ValueError:
                self.app.toast(_("The saved game could not be continued; start a new one."))
                return
            self.opening(
                Hosting(
                    (),
                    port=self.app.settings.network_port if lan_allowed() else 0,
                    data_dir=self.app.data_dir,
                    stand_in=Difficulty(self.app.settings.stand_in_level),
                    reconnect_seconds=self.app.settings.reconnect_wait,
                    continued=continued,
                )
            )
            return
        self.app.clear_to(TableScene(self.app, GameSession.resume(saved, self.app.data_dir)))

    def howto(self, page: int = 0) -> None:
        self.app.push(HowToPlayScene(self.app, page))

    def stats(self, stats: Stats | None = None) -> None:
        self.app.push(StatsScene(self.app, stats))

    def settings(self) -> None:
        self.app.push(SettingsScene(self.app))

    def pause(self) -> None:
        self.app.push(PauseScene(self.app))

    def scoreboard(self, table: TableScene, scored: E.RoundScored, over: GameResult | None) -> None:
        self.app.push(ScoreboardScene(self.app, table, scored, over))

    def confirm(
        self,
        question: Callable[[], str],
        detail: Callable[[], str],
        yes: Callable[[], str],
        no: Callable[[], str],
        on_yes: Callable[[], None],
    ) -> None:
        """Ask before doing something that cannot be undone (texts as functions, so
        that they follow a change of language)."""
        self.app.push(ConfirmScene(self.app, question, detail, yes, no, on_yes))

    def crash(self, report: Path | None) -> None:
        self.app.clear_to(CrashScene(self.app, report))

    def back(self) -> None:
        """Close the screen on top (the last one closes the game)."""
        self.app.pop()

    def quit(self, code: int = 0) -> None:
        self.app.quit(code)
