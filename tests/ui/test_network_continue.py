"""A network game the host quit, continued from the title screen: Continue opens
the table's lobby with the friend's seat kept for them; the friend comes back
into it, or the host lets a gnome play it. A friend's screen when the host
quits, and the friend's statistics at the end. Headless, on 127.0.0.1 only."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from gnoming.i18n import _
from gnoming.net.client import RemoteFeed
from gnoming.net.headless import EXIT_DONE, HeadlessOptions, choose, play
from gnoming.net.protocol import SeatKind, SeatStatus
from gnoming.net.seats import load_seat
from gnoming.store.saves import has_saved_game
from gnoming.store.settings import SeatSpec
from gnoming.store.stats import load_stats
from gnoming.ui import hosting as hosting_module
from gnoming.ui.app import App
from gnoming.ui.hosting import HostFeed, Hosting
from gnoming.ui.scenes.lobby import LobbyScene, seat_words
from gnoming.ui.scenes.nettable import NetworkTableScene
from gnoming.ui.scenes.scoreboard import ScoreboardScene
from gnoming.ui.scenes.title import TitleScene
from gnoming.ui.widgets import Button

AppFactory = Callable[..., App]
DT = 1 / 60
SECONDS = 60.0
ADA = SeatSpec("person", "Ada", "medium")
FRIEND = SeatSpec("friend", "Friend", "medium")
PIP = SeatSpec("gnome", "Pip Mossbottom", "easy")


def frames_until(app: App, done: Callable[[], bool], seconds: float = SECONDS, feeds: tuple[RemoteFeed, ...] = ()) -> None:
    """Step frames until ``done()``; the seats of ``feeds`` (and the app's own
    network seat) are played by an Easy gnome, the scoreboards are clicked on."""
    deadline = time.monotonic() + seconds
    while not done():
        top = app.stack.top
        assert time.monotonic() < deadline, f"timed out at {type(top).__name__}: {describe(top)}"
        if isinstance(top, ScoreboardScene) and top.over is None:
            button = top.menu.buttons[0].rect.center
            app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=button, button=1), pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button, button=1)], DT)
        mine = tuple(s.remote for s in app.stack.scenes if isinstance(s, NetworkTableScene))  # also under a scoreboard
        for feed in (*feeds, *mine):
            feed.step(0.0)
            if feed.legal_actions():
                feed.submit(choose(feed.view, "easy"))
        app.step([], DT)
        time.sleep(0.003)


def describe(scene: object) -> str:
    if not isinstance(scene, NetworkTableScene):
        return ""
    view = scene.remote.view
    obs = view.observation
    return f"seq {view.seq}, seat {view.seat}, turn {obs.current_seat if obs else None}, legal {len(view.legal)}, {[s.status.value for s in view.seats]}"


def click(app: App, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1), pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)


def friend_thread(port: int, code: str, data: Path, exits: list[int]) -> threading.Thread:
    options = HeadlessOptions(address=f"127.0.0.1:{port}", code=code, name="Tove", level="easy", data_dir=data, timeout=SECONDS)
    thread = threading.Thread(target=lambda: exits.append(play(options)), daemon=True)
    thread.start()
    return thread


def hosted_game_quit_midway(app: App, friend_dir: Path, host_dir: Path | None = None) -> str:
    """Ada hosts Tove and Pip, plays 30 moves, and quits; the table's code."""
    host_dir = host_dir or app.data_dir
    first = Hosting((ADA, FRIEND, PIP), port=0, bind="127.0.0.1", announce=False, gnome_delay=0.0, seed=11, data_dir=host_dir)
    feed = first.start()
    exits: list[int] = []
    friend = friend_thread(first.port, first.code, friend_dir, exits)
    try:
        deadline = time.monotonic() + SECONDS
        while not (feed.ready and feed.view.seq >= 30):
            assert time.monotonic() < deadline
            feed.step(0.0)
            if feed.legal_actions():
                feed.submit(choose(feed.view, "easy"))
            time.sleep(0.002)
    finally:
        feed.close()
    friend.join(SECONDS)
    assert exits == [3]
    return first.code


@pytest.fixture(autouse=True)
def quick_gnomes(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tables the router opens let their gnomes play at once."""
    monkeypatch.setattr(hosting_module, "GNOME_DELAY", 0.0)


def continue_from_the_title(app: App) -> LobbyScene:
    app.clear_to(TitleScene(app))
    title = app.stack.top
    assert isinstance(title, TitleScene) and title.has_save
    click(app, title.menu.buttons[0].rect.center)  # Continue
    frames_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and isinstance(lobby.feed, HostFeed)
    frames_until(app, lambda: len(lobby.feed.view.seats) == 3 and gnome_button(lobby) is not None)
    return lobby


def gnome_button(lobby: LobbyScene) -> Button | None:
    return next((b for b in lobby.menu.buttons if b.label() == _("Gnome")), None)


def test_continue_reopens_the_hosted_table_and_the_friend_sits_down_again(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app("--speed", "instant")
    friend_dir = tmp_path / "friend"
    code = hosted_game_quit_midway(app, friend_dir)
    lobby = continue_from_the_title(app)
    feed = lobby.feed
    assert isinstance(feed, HostFeed) and feed.hosting.code == code
    tove = feed.view.seats[1]
    assert tove.name == "Tove" and tove.status is SeatStatus.RECONNECTING
    assert seat_words(tove, False) == ("Tove", _("seat kept for them"))
    app.step([], DT)
    pygame.image.save(app.screen, str(tmp_path / "continued_lobby.png"))
    exits: list[int] = []
    friend = friend_thread(feed.hosting.port, code, friend_dir, exits)
    frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene))
    scene = app.stack.top
    assert isinstance(scene, NetworkTableScene)
    frames_until(app, lambda: scene.remote.view.over)
    friend.join(SECONDS)
    assert exits == [EXIT_DONE]
    frames_until(app, lambda: not has_saved_game(app.data_dir))
    host_stats, _messages = load_stats(app.data_dir)
    friend_stats, _messages = load_stats(friend_dir)
    assert host_stats.games_played == 1 and friend_stats.games_played == 1


def test_the_host_lets_a_gnome_play_the_kept_seat_until_the_friend_comes_back(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app("--speed", "instant")
    friend_dir = tmp_path / "friend"
    code = hosted_game_quit_midway(app, friend_dir)
    lobby = continue_from_the_title(app)
    feed = lobby.feed
    button = gnome_button(lobby)
    assert button is not None and lobby.seat_row(1).contains(button.rect), "on Tove's seat"
    click(app, button.rect.center)
    frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene))
    tove = feed.view.seats[1]
    assert tove.kind is SeatKind.PERSON and tove.name == "Tove" and tove.status is SeatStatus.GNOME_CONTROLLED
    kept = load_seat(friend_dir, f"ws://127.0.0.1:{feed.hosting.port}", code)
    assert kept is not None and kept.seat == 1
    back = RemoteFeed.join(f"ws://127.0.0.1:{feed.hosting.port}", code, "Tove", token=kept.token)
    try:
        frames_until(app, lambda: back.step(0.0) or feed.view.seats[1].status is SeatStatus.CONNECTED)
        assert back.view.seat == 1
    finally:
        back.close()


def test_a_friend_whose_host_quits_is_told_the_seat_is_kept(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    host = Hosting((ADA, FRIEND), port=0, bind="127.0.0.1", announce=False, gnome_delay=0.0, seed=5)
    host_feed = host.start()
    try:
        friend = RemoteFeed.join(host.join_url(), host.code, "Tove")
        app.clear_to(TitleScene(app))
        app.router.lobby(friend, host.join_url())
        frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene), feeds=(host_feed,))
        frames_until(app, lambda: friend.view.seq >= 6, feeds=(host_feed,))
        assert load_seat(app.data_dir, host.join_url(), host.code) is not None
    finally:
        host_feed.close()
    frames_until(app, lambda: isinstance(app.stack.top, TitleScene))
    texts = [t.text for t in app.toasts]
    assert _("{name} closed the table.").format(name="Ada") in texts
    assert _("Your seat is kept: when the host continues the game, join with the same code.") in texts
    assert load_seat(app.data_dir, host.join_url(), host.code) is not None, "the token stays"
    assert load_stats(app.data_dir)[0].games_played == 0


def test_a_friend_at_the_table_counts_the_finished_game_once(make_app: AppFactory, tmp_path: Path) -> None:
    app = make_app("--speed", "instant")
    host = Hosting((ADA, FRIEND, PIP), port=0, bind="127.0.0.1", announce=False, gnome_delay=0.0, seed=8, data_dir=tmp_path / "host")
    host_feed = host.start()
    try:
        friend = RemoteFeed.join(host.join_url(), host.code, "Tove")
        app.clear_to(TitleScene(app))
        app.router.lobby(friend, host.join_url())
        frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene), feeds=(host_feed,))
        scene = app.stack.top
        assert isinstance(scene, NetworkTableScene)
        frames_until(app, lambda: scene.counted, feeds=(host_feed,))
        for _frame in range(5):
            app.step([], DT)
    finally:
        host_feed.close()
    stats, _messages = load_stats(app.data_dir)
    assert stats.games_played == 1
    line = stats.recent[-1]
    assert line.person_seats == (1,) and [s.kind for s in line.seats] == ["friend", "person", "gnome"]
    result = friend.result()
    assert result is not None and [s.total for s in line.seats] == list(result.totals)
    assert load_seat(app.data_dir, host.join_url(), host.code) is None, "the token is forgotten at the end"
    assert load_stats(tmp_path / "host")[0].games_played == 1


def test_a_friend_joins_the_continued_table_from_the_join_screen_into_the_kept_seat(make_app: AppFactory, tmp_path: Path) -> None:
    from gnoming.net.hostsave import continued_table
    from gnoming.store.saves import load_saved_game
    from gnoming.ui.scenes.join import JoinScene

    app = make_app("--speed", "instant")  # the friend's game, its data folder holds the token
    host_dir = tmp_path / "host"
    code = hosted_game_quit_midway(app, app.data_dir, host_dir)
    saved, _messages = load_saved_game(host_dir)
    assert saved is not None
    again = Hosting((), port=0, bind="127.0.0.1", announce=False, gnome_delay=0.0, data_dir=host_dir, continued=continued_table(saved))
    host_feed = again.start()
    try:
        app.clear_to(TitleScene(app))
        join = JoinScene(app, browser=lambda: EmptyBrowser())
        app.push(join)
        join.address.text = f"127.0.0.1:{again.port}"  # another port than the first time
        join.code.text = code
        click(app, join.join_button.rect.center)
        frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene), feeds=(host_feed,))
        scene = app.stack.top
        assert isinstance(scene, NetworkTableScene) and scene.remote.view.seat == 1
        # the host hears of the friend's return through its own feed, a little after the friend sits down
        frames_until(app, lambda: host_feed.view.seats[1].status is SeatStatus.CONNECTED, seconds=10.0, feeds=(host_feed,))
    finally:
        host_feed.close()


class EmptyBrowser:
    def tables(self) -> list[object]:
        return []

    def close(self) -> None:
        pass


def test_a_friend_who_loses_the_table_mid_game_is_told_the_seat_is_kept(make_app: AppFactory) -> None:
    from gnoming.net.connection import Disconnected

    app = make_app("--speed", "instant")
    host = Hosting((ADA, FRIEND), port=0, bind="127.0.0.1", announce=False, gnome_delay=0.0, seed=5)
    host_feed = host.start()
    try:
        friend = RemoteFeed.join(host.join_url(), host.code, "Tove")
        app.clear_to(TitleScene(app))
        app.router.lobby(friend, host.join_url())
        frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene), feeds=(host_feed,))
        thread = friend._thread
        thread.close(0.5)
        lost = [Disconnected(final=True, reason="the host's game stopped answering")]
        thread.poll = lambda: [lost.pop()] if lost else []  # type: ignore[method-assign]
        frames_until(app, lambda: isinstance(app.stack.top, TitleScene))
    finally:
        host_feed.close()
    texts = [t.text for t in app.toasts]
    assert _("The connection to the table was lost.") in texts
    assert _("Your seat is kept: when the host continues the game, join with the same code.") in texts
    assert load_seat(app.data_dir, host.join_url(), host.code) is not None


def test_a_friend_back_after_the_end_sees_the_final_table_and_counts_the_game_once(make_app: AppFactory, tmp_path: Path) -> None:
    from gnoming.net.seats import SavedSeat, save_seat
    from gnoming.ui.scenes.join import JoinScene

    app = make_app("--speed", "instant")
    host = Hosting((ADA, FRIEND, PIP), port=0, bind="127.0.0.1", announce=False, gnome_delay=0.0, seed=8, reconnect_seconds=0.0, data_dir=tmp_path / "host")
    host_feed = host.start()
    try:
        friend = RemoteFeed.join(host.join_url(), host.code, "Tove")
        deadline = time.monotonic() + SECONDS
        while not (friend.ready and friend.view.seq >= 10):
            assert time.monotonic() < deadline
            for feed in (host_feed, friend):
                feed.step(0.0)
                if feed.legal_actions():
                    feed.submit(choose(feed.view, "easy"))
            time.sleep(0.002)
        token, seat = friend.view.token, friend.view.seat
        assert token is not None
        friend._thread.close(0.5)  # Tove's game stops without a goodbye; a gnome plays on
        frames_until(app, lambda: host_feed.view.over, feeds=(host_feed,))
        save_seat(app.data_dir, SavedSeat(url=host.join_url(), code=host.code, token=token, seat=seat))
        for _time in range(2):  # and once more: still one game
            app.clear_to(TitleScene(app))
            join = JoinScene(app, browser=lambda: EmptyBrowser())
            app.push(join)
            join.address.text = f"127.0.0.1:{host.port}"
            join.code.text = host.code
            click(app, join.join_button.rect.center)
            frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene), feeds=(host_feed,))
            scene = app.stack.top
            assert isinstance(scene, NetworkTableScene) and scene.remote.view.seat == seat
            frames_until(app, lambda scene=scene: scene.counted, feeds=(host_feed,))
            save_seat(app.data_dir, SavedSeat(url=host.join_url(), code=host.code, token=token, seat=seat))
    finally:
        host_feed.close()
    stats, _messages = load_stats(app.data_dir)
    assert stats.games_played == 1 and stats.recent[-1].person_seats == (seat,)
