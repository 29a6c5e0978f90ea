"""The network seat feed keeps the SeatFeed contract, against a real server on 127.0.0.1."""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Iterator

import pytest

from gnoming.feed import SeatFeed, check_public
from gnoming.i18n import _
from gnoming.net.client import RemoteFeed
from gnoming.net.protocol import TableSpec
from gnoming.rules import IllegalActionError
from gnoming.rules import actions as A
from gnoming.server.app import ServerConfig
from gnoming.server.thread import ServerThread
from gnoming.ui.table.view import TableView


@contextlib.contextmanager
def server_thread(**config: object) -> Iterator[ServerThread]:
    thread = ServerThread(ServerConfig(port=0, **config))  # type: ignore[arg-type]
    thread.start()
    try:
        yield thread
    finally:
        thread.stop()


def url(server: ServerThread) -> str:
    return f"ws://{server.host}:{server.port}"


def wait_ready(feed: RemoteFeed, seconds: float = 10.0) -> None:
    end = time.monotonic() + seconds
    while not feed.ready and time.monotonic() < end:
        feed.step(0.0)
        time.sleep(0.005)
    assert feed.ready


def play_through(feed: SeatFeed, seed: int, seconds: float = 60.0) -> int:
    """As a screen would: fold the events into a view, which must equal the
    observation after every batch; random legal moves for this seat."""
    rng = random.Random(seed)
    view = TableView(len(feed.seats))
    end = time.monotonic() + seconds
    checked = 0
    while time.monotonic() < end:
        events = feed.take_events()
        check_public(events)
        for event in events:
            view.apply(event)
        assert view.differences(feed.observation()) == [], f"after {checked} batches"
        checked += 1
        if feed.result() is not None:
            return checked
        legal = feed.legal_actions()
        if legal:
            feed.submit(rng.choice(legal))
        elif not feed.step(0.0):
            time.sleep(0.002)
    raise AssertionError("the game never ended")


def test_a_remote_feed_plays_a_whole_game_and_its_view_always_equals_its_observation():
    with server_thread() as server:
        table = server.call(lambda s: s.open_table("FEED", TableSpec(seats=3, gnomes=2), 4))
        feed = RemoteFeed.join(url(server), "FEED", "Ada")
        try:
            wait_ready(feed)
            assert feed.screen_seats == (0,)
            assert [s.kind for s in feed.seats] == ["person", "gnome", "gnome"]
            assert feed.seed is None  # the seed would tell the face-down cards
            assert play_through(feed, seed=4) > 20
            assert feed.result() == table.result()
        finally:
            feed.close()


def test_a_remote_feed_refuses_what_its_seat_may_not_do_and_says_why():
    with server_thread() as server:
        server.call(lambda s: s.open_table("WHYY", TableSpec(seats=2, gnomes=1), 2))
        feed = RemoteFeed.join(url(server), "WHYY", "Ada")
        try:
            wait_ready(feed)
            assert feed.legal_actions()  # seat 0 starts with its flips
            assert feed.why_illegal(A.DRAW) == "first turn two of your own cards face up"
            with pytest.raises(IllegalActionError):
                feed.submit(A.DRAW)
            feed.submit(A.flip(4))
            assert feed.waiting and feed.legal_actions() == ()  # until the server answers
            assert feed.why_illegal(A.flip(5)) == "Not now."
            end = time.monotonic() + 10
            while feed.waiting and time.monotonic() < end:
                feed.step(0.0)
                time.sleep(0.005)
            assert not feed.waiting
            assert feed.observation().layouts[0][4] is not None  # flipped face up
        finally:
            feed.close()


def test_a_remote_feed_hears_that_the_host_closed_the_table():
    with server_thread() as server:
        server.call(lambda s: s.open_table("SHUT", TableSpec(seats=3, gnomes=1), 2))
        feed = RemoteFeed.join(url(server), "SHUT", "Ada")
        try:
            end = time.monotonic() + 10
            while not feed.view.joined and time.monotonic() < end:
                feed.step(0.0)
                time.sleep(0.005)
            server.stop()
            messages: list[str] = []
            while not feed.ended and time.monotonic() < end:
                feed.step(0.0)
                messages += feed.take_messages()
                time.sleep(0.005)
            messages += feed.take_messages()
            assert _("The host closed the table.") in messages, "said in the player's words, not the server's"
        finally:
            feed.close()
