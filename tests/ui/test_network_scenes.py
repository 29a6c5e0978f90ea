"""Network play from the desktop, headless and on 127.0.0.1 only: a whole hosted
game through the real table scene (the host's seat by mouse clicks, a friend
played by a headless client, a gnome), the friend's table when the host quits,
and the lobby and Join screens with bad input."""

from __future__ import annotations

import json
import random
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from gnoming.i18n import _
from gnoming.net.client import RemoteFeed
from gnoming.net.discovery import LanTable
from gnoming.net.headless import HeadlessOptions, play
from gnoming.net.protocol import EmoteId, SeatStatus
from gnoming.net.say import HOST_NAMED_QUIT, UNKNOWN_CODE
from gnoming.store.settings import SeatSpec
from gnoming.ui.app import App
from gnoming.ui.hosting import HostError, HostFeed, Hosting
from gnoming.ui.scenes.join import BAD_ADDRESS, BAD_CODE, JoinScene
from gnoming.ui.scenes.lobby import NO_ANSWER, LobbyScene, seat_words
from gnoming.ui.scenes.nettable import NetworkTableScene
from gnoming.ui.scenes.pause import PauseScene
from gnoming.ui.scenes.scoreboard import ScoreboardScene
from gnoming.ui.scenes.title import TitleScene

AppFactory = Callable[..., App]
DT = 1 / 60

ADA = SeatSpec("person", "Ada", "medium")
FRIEND = SeatSpec("friend", "Friend", "medium")
PIP = SeatSpec("gnome", "Pip Mossbottom", "easy")


def hosting(*seats: SeatSpec, seed: int = 7) -> Hosting:
    return Hosting(seats, port=0, bind="127.0.0.1", announce=False, gnome_delay=0.0, seed=seed)


def mouse(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=1)


def click(app: App, pos: tuple[int, int]) -> None:
    app.step([mouse(pygame.MOUSEMOTION, pos), mouse(pygame.MOUSEBUTTONDOWN, pos), mouse(pygame.MOUSEBUTTONUP, pos)], DT)


def key(app: App, code: int, text: str = "") -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=text, scancode=0)], DT)


def typed(app: App, text: str) -> None:
    app.step([pygame.event.Event(pygame.TEXTINPUT, text=text)], DT)


def pumped(*feeds: RemoteFeed) -> bool:
    """Let friends' feeds read what arrived (for use inside a ``frames_until`` condition)."""
    for feed in feeds:
        feed.step(0.0)
    return True


def frames_until(app: App, done: Callable[[], bool], seconds: float = 15.0) -> None:
    """Step frames (letting the network threads work) until ``done()``."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        app.step([], DT)
        time.sleep(0.005)


# ---------------------------------------------------------------- a whole game


@pytest.mark.slow
def test_a_whole_hosted_game_through_the_table_scene_with_a_friend_and_a_gnome(
    make_app: AppFactory, tmp_path: Path
) -> None:
    app = make_app("--speed", "instant")
    host = hosting(ADA, FRIEND, PIP, seed=11)
    feed = host.start()
    app.clear_to(LobbyScene(app, feed))
    frames_until(app, lambda: feed.view.joined)
    friend_result = tmp_path / "friend.json"
    exits: list[int] = []
    friend = threading.Thread(
        target=lambda: exits.append(
            play(HeadlessOptions(address=host.join_url(), code=host.code, name="Tove", timeout=120, result_json=friend_result))
        ),
        daemon=True,
    )
    friend.start()
    frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene))
    scene = app.stack.top
    assert isinstance(scene, NetworkTableScene)
    rng = random.Random(3)
    clicks = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        top = app.stack.top
        if isinstance(top, ScoreboardScene):
            if top.over is not None:
                break
            click(app, top.menu.buttons[0].rect.center)
            continue
        assert top is scene, f"left the table for {type(top).__name__}"
        if scene.person_turn():
            picks = [t for t, acts in scene.picks().items() if acts and t in scene.clickable()]
            before = scene.remote.view.seq
            click(app, scene.clickable()[rng.choice(picks)].center)
            clicks += 1
            frames_until(app, lambda seq=before: scene.remote.view.seq != seq or not scene.person_turn())
        else:
            app.step([], DT)
            time.sleep(0.002)
    friend.join(30)
    result = feed.result()
    assert result is not None and clicks > 10
    assert isinstance(app.stack.top, ScoreboardScene) and app.stack.top.over is not None
    assert scene.view.totals == list(result.totals)
    assert exits == [0]
    seen = json.loads(friend_result.read_text())
    assert seen["totals"] == list(result.totals) and seen["seat"] == 1
    assert [s.kind for s in feed.seats] == ["person", "person", "gnome"]
    board = app.stack.top
    again = next(b for b in board.menu.buttons if b.label() == _("Play again"))
    click(app, again.rect.center)
    if app.stack.top is board:  # the first click only ends the counting
        click(app, again.rect.center)
    frames_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and isinstance(lobby.feed, HostFeed), "a new table is hosted"
    assert [s.gnome for s in lobby.feed.hosting.seats] == [False, False, True]
    frames_until(app, lambda: lobby.feed.view.joined)
    assert lobby.feed.view.seats[1].status is SeatStatus.OPEN, "Tove's seat waits for her"


def test_the_friends_table_goes_back_to_the_title_when_the_host_quits(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    host = hosting(ADA, FRIEND)
    host_feed = host.start()
    try:
        friend = RemoteFeed.join(host.join_url(), host.code, "Tove")
        app.clear_to(TitleScene(app))
        app.router.lobby(friend, host.join_url())
        frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene))
        scene = app.stack.top
        assert isinstance(scene, NetworkTableScene)
        key(app, pygame.K_e)
        assert scene.emotes_open
        key(app, pygame.K_1)
        assert not scene.emotes_open
        host_feed.step(0.0)
        host.stop()
        frames_until(app, lambda: isinstance(app.stack.top, TitleScene))
        assert any(t.text == _(HOST_NAMED_QUIT).format(name="Ada") for t in app.toasts)
    finally:
        host_feed.close()


def test_a_friend_who_drops_is_shown_reconnecting_to_the_host(make_app: AppFactory) -> None:
    host = hosting(ADA, FRIEND, FRIEND)
    feed = host.start()
    try:
        app = make_app()
        app.clear_to(LobbyScene(app, feed))
        friends = [RemoteFeed.join(host.join_url(), host.code, name) for name in ("Tove", "Ilmar")]
        frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene))
        ilmar = next(s.seat for s in feed.view.seats if s.name == "Ilmar")
        friends[1]._thread.close(0.5)  # the connection drops without a goodbye
        frames_until(app, lambda: feed.view.seats[ilmar].status is SeatStatus.RECONNECTING)
        frames_until(app, lambda: any("Ilmar" in t.text for t in app.toasts))
        friends[0].emote(EmoteId.NICE_BOUNCE)
        frames_until(app, lambda: any(_("Nice bounce!") in t.text for t in app.toasts))
        friends[0].close()
    finally:
        feed.close()


def test_the_final_scoreboard_knows_the_result_before_the_servers_result_message() -> None:
    from gnoming.rules import GameState, observe

    state, _events = GameState.start(2, first_seat=0, seed=4)
    rng = random.Random(4)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))

    class Quiet:
        def poll(self) -> list[object]:
            return []

    feed = RemoteFeed(Quiet())  # type: ignore[arg-type]
    feed.view.seat = 0
    feed.view.observation = observe(state, 0)
    assert feed.view.result is None
    assert feed.result() == state.result()


def test_a_friend_whose_game_closed_mid_game_joins_again_into_the_same_seat(make_app: AppFactory) -> None:
    host = hosting(ADA, FRIEND, FRIEND)
    host_feed = host.start()
    try:
        other = RemoteFeed.join(host.join_url(), host.code, "Ilmar")
        app = make_app()
        app.clear_to(TitleScene(app))

        def join_from_the_title() -> NetworkTableScene:
            join = JoinScene(app, browser=lambda: EmptyBrowser())
            app.push(join)
            join.address.text = f"127.0.0.1:{host.port}"
            join.code.text = host.code
            click(app, join.join_button.rect.center)
            frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene))
            scene = app.stack.top
            assert isinstance(scene, NetworkTableScene)
            return scene

        first = join_from_the_title()
        app.step([], DT)
        seat = first.remote.view.seat
        first.remote._thread.close(0.5)  # the game closes without a goodbye
        first.remote.close = lambda: None  # type: ignore[method-assign]
        app.router.title()
        again = join_from_the_title()
        assert again.remote.view.seat == seat
        frames_until(app, lambda: host_feed.step(0.0) or host_feed.view.seats[seat].status is SeatStatus.CONNECTED)
        other.close()
    finally:
        host_feed.close()


# ---------------------------------------------------------------- the lobby


def test_new_game_with_a_friend_seat_opens_the_lobby_of_a_hosted_table(make_app: AppFactory) -> None:
    from gnoming.ui.scenes.newgame import NewGameScene

    app = make_app()
    app.clear_to(TitleScene(app))
    scene = NewGameScene(app)
    app.push(scene)
    scene.seats[1] = FRIEND
    scene.start()
    frames_until(app, lambda: isinstance(app.stack.top, LobbyScene))  # the table opens on a worker
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and lobby.hosting
    frames_until(app, lambda: lobby.feed.view.joined)
    assert [s.status for s in lobby.feed.view.seats][1] is SeatStatus.OPEN
    assert app.settings.default_seats[1].kind == "friend"
    key(app, pygame.K_ESCAPE)  # Close the table
    assert app.stack.top is scene


def test_the_host_fills_an_open_seat_with_a_gnome_and_the_game_starts(make_app: AppFactory) -> None:
    app = make_app()
    host = hosting(ADA, FRIEND, PIP)
    feed = host.start()
    try:
        lobby = LobbyScene(app, feed)
        app.clear_to(lobby)
        frames_until(app, lambda: len(lobby.menu.buttons) == 4)  # Gnome on seat 2, Gnomes, Wait, Close
        click(app, lobby.menu.buttons[0].rect.center)
        frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene))
        assert [s.kind for s in feed.seats] == ["person", "gnome", "gnome"]
    finally:
        feed.close()


def test_a_port_in_use_is_a_message_not_a_crash() -> None:
    first = hosting(ADA, FRIEND)
    feed = first.start()
    try:
        second = Hosting((ADA, FRIEND), port=first.port, bind="127.0.0.1", announce=False)
        with pytest.raises(HostError):
            second.start()
    finally:
        feed.close()


def test_joining_with_a_wrong_code_says_so_and_back_returns_to_join(make_app: AppFactory) -> None:
    app = make_app()
    host = hosting(ADA, FRIEND)
    host_feed = host.start()
    try:
        app.clear_to(TitleScene(app))
        join = JoinScene(app, browser=lambda: EmptyBrowser())
        app.push(join)
        join.address.text = f"127.0.0.1:{host.port}"
        join.code.text = "ZZZZZZ"
        join.focus_on(join.code)
        key(app, pygame.K_RETURN)  # Enter in the code box joins
        lobby = app.stack.top
        assert isinstance(lobby, LobbyScene)
        frames_until(app, lambda: lobby.failure is not None)
        assert lobby.failure == _(UNKNOWN_CODE).format(code="ZZZZZZ")
        key(app, pygame.K_ESCAPE)
        assert app.stack.top is join
    finally:
        host_feed.close()


def test_joining_where_no_table_answers_says_so(make_app: AppFactory) -> None:
    app = make_app()
    with socket_nobody_listens() as port:
        feed = RemoteFeed.join(f"ws://127.0.0.1:{port}", "GN7K", "Tove")
        lobby = LobbyScene(app, feed, f"127.0.0.1:{port}")
        app.clear_to(lobby)
        frames_until(app, lambda: lobby.failure is not None)
    assert lobby.failure == _(NO_ANSWER).format(address=f"127.0.0.1:{port}")
    app.step([], DT)  # drawing the failure does not crash


@pytest.mark.parametrize(
    ("address", "code", "message"),
    [
        ("", "GN7K", BAD_ADDRESS),
        ("http://example.com", "GN7K", BAD_ADDRESS),
        ("127.0.0.1:99999", "GN7K", BAD_ADDRESS),
        ("\x00\x01 ::: ]]", "GN7K", BAD_ADDRESS),
        ("127.0.0.1", "", BAD_CODE),
        ("127.0.0.1", "IO01", BAD_CODE),
        ("127.0.0.1", "much too long a code", BAD_CODE),
    ],
)
def test_garbage_in_the_join_boxes_is_a_message_and_nothing_is_sent(
    make_app: AppFactory, address: str, code: str, message: str
) -> None:
    app = make_app()
    join = JoinScene(app, browser=lambda: EmptyBrowser())
    app.clear_to(join)
    typed(app, address)
    key(app, pygame.K_TAB)
    typed(app, code)
    click(app, join.join_button.rect.center)
    assert app.stack.top is join
    assert join.message == message
    app.step([], DT)


def test_tables_heard_on_the_network_fill_the_boxes_and_a_failing_browser_is_quiet(make_app: AppFactory) -> None:
    app = make_app()
    heard = LanTable(name="Ada", address="192.168.1.20:47474", code="GN7K")

    class OneTable(EmptyBrowser):
        def tables(self) -> list[LanTable]:
            return [heard]

    join = JoinScene(app, browser=OneTable)
    app.clear_to(join)
    app.step([], DT)
    click(app, join.table_buttons[0].rect.center)
    assert (join.address.text, join.code.text) == ("192.168.1.20:47474", "GN7K")

    def broken() -> EmptyBrowser:
        raise OSError("no multicast here")

    quiet = JoinScene(app, browser=broken)
    app.clear_to(quiet)
    app.step([], DT)
    assert quiet.look_error and quiet.table_buttons == []


class EmptyBrowser:
    def tables(self) -> list[LanTable]:
        return []

    def close(self) -> None:
        pass


class socket_nobody_listens:
    """A port on 127.0.0.1 that was free a moment ago (bound, then closed)."""

    def __enter__(self) -> int:
        import socket

        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            return int(probe.getsockname()[1])

    def __exit__(self, *exc: object) -> None:
        return None


# ---------------------------------------------------------------- opening without freezing


class SlowHosting(Hosting):
    """A table whose opening waits until the test lets it (a busy computer, a slow network)."""

    def __init__(self, *seats: SeatSpec) -> None:
        super().__init__(seats, port=0, bind="127.0.0.1", announce=False, gnome_delay=0.0, seed=3)
        self.release = threading.Event()
        self.worker: str | None = None

    def start(self) -> HostFeed:
        self.worker = threading.current_thread().name
        assert self.release.wait(20), "the test never let the table open"
        return super().start()


def test_opening_a_table_runs_on_a_worker_and_the_window_keeps_drawing(make_app: AppFactory) -> None:
    from gnoming.ui.scenes.opening import OpeningScene

    app = make_app()
    app.clear_to(TitleScene(app))
    slow = SlowHosting(ADA, FRIEND)
    app.router.opening(slow)
    opening = app.stack.top
    assert isinstance(opening, OpeningScene)
    for _frame in range(30):  # a blocked UI thread would never get here: start() waits for the test
        app.step([], DT)
    assert app.stack.top is opening and opening.clock > 0.4, "frames went on while the table opened"
    assert slow.worker is not None and slow.worker != threading.current_thread().name
    shot = pygame.Surface(app.size)
    opening.draw(shot)
    slow.release.set()
    frames_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and isinstance(lobby.feed, HostFeed)
    frames_until(app, lambda: lobby.feed.view.joined)
    lobby.feed.close()


def test_cancelling_while_the_table_opens_closes_it_once_it_is_open(make_app: AppFactory) -> None:
    from gnoming.ui.scenes.opening import OpeningScene

    app = make_app()
    app.clear_to(TitleScene(app))
    slow = SlowHosting(ADA, FRIEND)
    app.router.opening(slow)
    assert isinstance(app.stack.top, OpeningScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TitleScene)
    slow.release.set()
    deadline = time.monotonic() + 15
    while not slow._stopped and time.monotonic() < deadline:
        time.sleep(0.01)
    assert slow._stopped, "the table opened after Cancel was closed again"


def test_a_table_that_cannot_open_says_so_without_blocking(make_app: AppFactory) -> None:
    first = hosting(ADA, FRIEND)
    feed = first.start()
    try:
        app = make_app()
        app.clear_to(TitleScene(app))
        app.router.opening(Hosting((ADA, FRIEND), port=first.port, bind="127.0.0.1", announce=False))
        frames_until(app, lambda: isinstance(app.stack.top, TitleScene))
        assert any(str(app.settings.network_port) in t.text for t in app.toasts)
    finally:
        feed.close()


def test_a_table_that_fails_while_opening_is_told_and_stops_listening(make_app: AppFactory) -> None:
    class Failing(Hosting):
        def start(self) -> HostFeed:
            self.server.start()
            raise RuntimeError("the table broke while opening")

    app = make_app()
    app.clear_to(TitleScene(app))
    failing = Failing((ADA, FRIEND), port=0, bind="127.0.0.1", announce=False)
    app.router.opening(failing)
    frames_until(app, lambda: isinstance(app.stack.top, TitleScene))
    assert any("the table broke while opening" in t.text for t in app.toasts)
    assert failing._stopped and not failing.server._thread.is_alive()


class SlowAnnouncer:
    """An mDNS announcement that takes as long as the test wants (real ones take ~1.6 s)."""

    made: list[SlowAnnouncer] = []

    def __init__(self, port: int, code: str, name: str, release: threading.Event) -> None:
        assert release.wait(20)
        self.closed = False
        SlowAnnouncer.made.append(self)

    def close(self) -> None:
        self.closed = True


def test_announcing_the_table_happens_on_a_worker_and_a_late_announcement_is_withdrawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("GNOMING_LAN", "on")
    release = threading.Event()
    table = Hosting(
        (ADA, FRIEND),
        port=0,
        bind="0.0.0.0",  # never started: no socket is opened here
        announcer=lambda port, code, name: SlowAnnouncer(port, code, name, release),
    )
    table.start_announcing()  # returns at once although the announcement waits
    assert not table.announced
    table.stop_announcing()  # the game starts before the network heard of it
    release.set()
    deadline = time.monotonic() + 15
    while not SlowAnnouncer.made and time.monotonic() < deadline:
        time.sleep(0.01)
    while SlowAnnouncer.made and not SlowAnnouncer.made[-1].closed and time.monotonic() < deadline:
        time.sleep(0.01)
    assert SlowAnnouncer.made and SlowAnnouncer.made[-1].closed and not table.announced


# ---------------------------------------------------------------- the stand-in gnome


def test_the_host_chooses_the_stand_in_gnome_and_the_wait_and_a_friend_sees_both(make_app: AppFactory) -> None:
    from gnoming.net.protocol import Difficulty

    app = make_app()
    host = hosting(ADA, FRIEND, FRIEND)
    feed = host.start()
    friend = RemoteFeed.join(host.join_url(), host.code, "Tove")
    try:
        lobby = LobbyScene(app, feed)
        app.clear_to(lobby)
        frames_until(app, lambda: pumped(friend) and friend.view.joined and len(lobby.menu.buttons) == 4)
        gnomes = next(b for b in lobby.menu.buttons if b.rect == lobby.layout.stand_in)
        wait = next(b for b in lobby.menu.buttons if b.rect == lobby.layout.wait)
        assert gnomes.label() == _("Gnomes: {level}").format(level=_("Medium"))
        click(app, gnomes.rect.center)
        click(app, gnomes.rect.center)
        assert host.stand_in is Difficulty.EXPERT
        click(app, wait.rect.center)
        frames_until(app, lambda: pumped(friend) and friend.view.reconnect_seconds == 120.0)
        assert friend._thread._connection is not None and friend._thread._connection.reconnect_seconds == 120.0
        assert [s.level for s in friend.view.seats if s.kind.value == "person"] == [Difficulty.EXPERT] * 3
        frames_until(app, lambda: wait.label() == _("A dropped friend waits {seconds} s").format(seconds=120))
        assert (app.settings.stand_in_level, app.settings.reconnect_wait) == ("expert", 120), "remembered"
        click(app, lobby.menu.buttons[0].rect.center)  # Gnome on the open seat: the chosen level
        frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene))
        assert feed.view.seats[2].kind.value == "gnome" and feed.view.seats[2].level is Difficulty.EXPERT
        words = _("{difficulty} gnome").format(difficulty=_("Expert"))
        assert seat_words(feed.view.seats[2], False)[1] == words, "the lobby says which gnome sits there"
    finally:
        friend.close()
        feed.close()


def test_a_dropped_friends_plate_counts_down_then_says_a_gnome_stands_in_then_is_plain_again(
    make_app: AppFactory,
) -> None:
    app = make_app()
    host = Hosting((ADA, FRIEND, FRIEND), port=0, bind="127.0.0.1", announce=False, gnome_delay=0.0, seed=5, reconnect_seconds=30.0)
    feed = host.start()
    try:
        app.clear_to(LobbyScene(app, feed))
        tove = RemoteFeed.join(host.join_url(), host.code, "Tove")
        ilmar = RemoteFeed.join(host.join_url(), host.code, "Ilmar")
        frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene))
        scene = app.stack.top
        assert isinstance(scene, NetworkTableScene)
        seat = next(s.seat for s in feed.view.seats if s.name == "Ilmar")
        frames_until(app, lambda: pumped(ilmar) and ilmar.view.token is not None)
        plain = scene.seat_info(seat)
        assert not plain.alert
        token = ilmar.view.token
        now = [time.monotonic()]
        feed.clock = lambda: now[0]  # the host's screen's time stands still unless the test moves it
        ilmar._thread.close(0.5)  # the connection drops without a goodbye
        frames_until(app, lambda: feed.view.seats[seat].status is SeatStatus.RECONNECTING)
        info = scene.seat_info(seat)
        assert info.alert and info.subtitle == _("Reconnecting… {seconds} s").format(seconds=30)
        app.push(PauseScene(app))  # the countdown goes on under the pause menu
        now[0] += 1.5
        app.pop()
        scene.update(DT)
        assert scene.seat_info(seat).subtitle == _("Reconnecting… {seconds} s").format(seconds=29)
        feed.clock = time.monotonic
        # another friend's screen shows the same plate
        frames_until(app, lambda: pumped(tove) and tove.view.seats[seat].status is SeatStatus.RECONNECTING)
        other = NetworkTableScene(app, tove)
        assert other.seat_info(seat).alert and _("Reconnecting…") in other.seat_info(seat).subtitle
        # the wait runs out (the server's clock moved on 31 s)
        host.server.call(lambda s: s.tables[host.code].table.tick(s.tables[host.code].table.now + 31))
        host.server.call(lambda s: s._changed(s.tables[host.code]))
        frames_until(app, lambda: feed.view.seats[seat].status is SeatStatus.GNOME_CONTROLLED)
        standing = scene.seat_info(seat)
        assert standing.alert and standing.subtitle == _("Gnome standing in ({level})").format(level=_("Medium"))
        back = RemoteFeed.join(host.join_url(), host.code, "Ilmar", token=token)
        frames_until(app, lambda: pumped(back) and feed.view.seats[seat].status is SeatStatus.CONNECTED)
        assert scene.seat_info(seat) == plain
        back.close()
        tove.close()
    finally:
        feed.close()


def test_the_lobby_keeps_drawing_while_the_table_is_announced_and_withdraws_it_when_the_game_starts(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GNOMING_LAN", "on")
    monkeypatch.setattr(Hosting, "loopback_only", property(lambda self: False))  # listens on 127.0.0.1 all the same
    release = threading.Event()
    SlowAnnouncer.made.clear()
    host = Hosting(
        (ADA, FRIEND),
        port=0,
        bind="127.0.0.1",
        gnome_delay=0.0,
        announcer=lambda port, code, name: SlowAnnouncer(port, code, name, release),
    )
    feed = host.start()
    try:
        app = make_app()
        lobby = LobbyScene(app, feed)
        app.clear_to(lobby)
        for _frame in range(30):  # the announcement waits for the test: these frames would not come
            app.step([], DT)
        assert not host.announced and app.stack.top is lobby
        release.set()
        frames_until(app, lambda: host.announced)
        click(app, lobby.menu.buttons[0].rect.center)  # a gnome in the open seat: the game starts
        frames_until(app, lambda: isinstance(app.stack.top, NetworkTableScene))
        frames_until(app, lambda: SlowAnnouncer.made[-1].closed)
        assert not host.announced
    finally:
        feed.close()


def test_the_next_table_hosted_starts_with_the_hosts_last_choice_of_gnome_and_wait(make_app: AppFactory) -> None:
    import dataclasses

    from gnoming.net.protocol import Difficulty
    from gnoming.store.settings import load_settings
    from gnoming.ui.session import GameConfig

    app = make_app()
    app.update_settings(dataclasses.replace(app.settings, stand_in_level="hard", reconnect_wait=300))
    assert (load_settings(app.data_dir)[0].stand_in_level, load_settings(app.data_dir)[0].reconnect_wait) == ("hard", 300)
    app.clear_to(TitleScene(app))
    app.router.host(GameConfig((ADA, FRIEND), 5, 0))
    frames_until(app, lambda: isinstance(app.stack.top, LobbyScene))
    lobby = app.stack.top
    assert isinstance(lobby, LobbyScene) and isinstance(lobby.feed, HostFeed)
    try:
        assert lobby.feed.hosting.stand_in is Difficulty.HARD
        frames_until(app, lambda: lobby.feed.view.joined and lobby.feed.view.reconnect_seconds == 300)
        assert lobby.feed.view.seats[1].level is Difficulty.HARD, "the open seat's stand-in"
    finally:
        lobby.feed.close()


def test_a_wait_the_game_does_not_offer_is_not_taken_from_the_settings_file() -> None:
    from gnoming.store.settings import Settings, settings_from_dict

    settings, problems = settings_from_dict({"reconnect_wait": 7, "stand_in_level": "grandmaster"}, Settings())
    assert (settings.reconnect_wait, settings.stand_in_level) == (60, "medium")
    assert set(problems) == {"reconnect_wait", "stand_in_level"}
