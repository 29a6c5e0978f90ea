"""Two fresh copies of the game at one network table: both people are "You" in
their own New game, so the names they take to the table must say who is who
(found playing a whole game between two windows: the friend's plate, the
scoreboard and both players' statistics read "You 91 · You 94")."""

from __future__ import annotations

import time
from collections.abc import Callable

from gnoming.i18n import _, set_language
from gnoming.net.discovery import LanTable
from gnoming.net.protocol import SeatStatus
from gnoming.store.settings import SeatSpec
from gnoming.ui.app import App
from gnoming.ui.hosting import Hosting, host_name, network_name
from gnoming.ui.scenes.join import JoinScene
from gnoming.ui.scenes.lobby import LobbyScene
from gnoming.ui.scenes.title import TitleScene

AppFactory = Callable[..., App]
YOU = SeatSpec("person", "You", "medium")
FRIEND = SeatSpec("friend", "Friend", "medium")
PIP = SeatSpec("gnome", "Pip Mossbottom", "easy")


class EmptyBrowser:
    def tables(self) -> list[LanTable]:
        return []

    def close(self) -> None:
        pass


def test_the_placeholder_you_goes_to_the_table_as_host_or_friend() -> None:
    assert host_name((YOU, FRIEND, PIP)) == "Host"
    assert host_name((SeatSpec("person", "Ada", "medium"), FRIEND)) == "Ada"
    assert host_name((FRIEND, PIP, SeatSpec("person", " Ada ", "medium"))) == "Ada"
    assert network_name("You", "Friend") == "Friend"
    assert network_name("  ", "Friend") == "Friend"
    assert network_name("Tove", "Friend") == "Tove"
    assert network_name("x" * 40, "Friend") == "x" * 24


def test_the_translated_placeholder_is_not_a_name_either() -> None:
    set_language("fi")
    try:
        assert _("You") != "You"
        assert network_name(_("You"), "Friend") == "Friend"
        assert host_name((SeatSpec("person", _("You"), "medium"), FRIEND)) == "Isäntä", "the host's own language"
    finally:
        set_language("en")


def test_a_fresh_friend_joins_a_fresh_hosts_table_as_friend_and_the_host_is_host(make_app: AppFactory) -> None:
    app = make_app()
    assert [s.name for s in app.settings.default_seats if s.kind == "person"] == ["You"]
    host = Hosting((YOU, FRIEND, PIP), port=0, bind="127.0.0.1", announce=False, gnome_delay=0.0, seed=3)
    host_feed = host.start()
    try:
        app.clear_to(TitleScene(app))
        join = JoinScene(app, browser=lambda: EmptyBrowser())
        app.push(join)
        join.address.text = f"127.0.0.1:{host.port}"
        join.code.text = host.code
        join.join()
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        deadline = time.monotonic() + 15
        while len(lobby.feed.view.seats) < 2 or lobby.feed.view.seats[1].status is SeatStatus.OPEN:
            assert time.monotonic() < deadline, "timed out"
            app.step([], 1 / 60)
            host_feed.step(0.0)
            time.sleep(0.005)
        names = [s.name for s in lobby.feed.view.seats]
        assert names[:2] == ["Host", "Friend"]
        assert "You" not in names
    finally:
        host_feed.close()
