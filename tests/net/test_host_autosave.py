"""The host quits a network game and continues it later from its autosave; the
friend rejoins its own seat with the token its client kept; at the end both
sides' statistics have the game exactly once. Real sockets on 127.0.0.1, the
host's table in this process, the friend a headless client on a thread."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from gnoming.net.headless import EXIT_DONE, EXIT_ENDED_EARLY, HeadlessOptions, choose, play
from gnoming.net.hostsave import continued_table, is_hosted_save
from gnoming.net.protocol import SeatStatus
from gnoming.net.seats import seat_file
from gnoming.store.saves import has_saved_game, load_saved_game
from gnoming.store.settings import SeatSpec
from gnoming.store.stats import load_stats
from gnoming.ui.hosting import HostFeed, Hosting

ADA = SeatSpec("person", "Ada", "medium")
FRIEND = SeatSpec("friend", "Friend", "medium")
PIP = SeatSpec("gnome", "Pip Mossbottom", "easy")
SECONDS = 60.0


def drive(feed: HostFeed, done: Callable[[], bool], seconds: float = SECONDS) -> None:
    """Play the host's seat with an Easy gnome until ``done()`` (bounded in time)."""
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        feed.step(0.0)
        if feed.legal_actions():
            feed.submit(choose(feed.view, "easy"))
        time.sleep(0.002)


def friend_thread(hosting: Hosting, data: Path, exits: list[int]) -> threading.Thread:
    options = HeadlessOptions(address=hosting.join_url(), code=hosting.code, name="Tove", level="easy", data_dir=data, timeout=SECONDS)
    thread = threading.Thread(target=lambda: exits.append(play(options)), daemon=True)
    thread.start()
    return thread


def test_the_host_quits_and_continues_from_its_autosave_and_the_friend_gets_its_seat_back(tmp_path: Path) -> None:
    host_dir, friend_dir = tmp_path / "host", tmp_path / "friend"
    first = Hosting((ADA, FRIEND, PIP), port=0, bind="127.0.0.1", announce=False, gnome_delay=0.0, seed=11, data_dir=host_dir)
    feed = first.start()
    exits: list[int] = []
    friend = friend_thread(first, friend_dir, exits)
    try:
        drive(feed, lambda: feed.ready and feed.view.seq >= 30)
        deadline = time.monotonic() + SECONDS
        while not feed.legal_actions():  # the host quits on its own turn, after the others played
            assert time.monotonic() < deadline
            feed.step(0.0)
            time.sleep(0.002)
        quit_at = feed.view.seq
        assert not feed.view.over
    finally:
        feed.close()  # the host quits in the middle of the game
    friend.join(SECONDS)
    assert exits == [EXIT_ENDED_EARLY]
    assert seat_file(friend_dir, first.code).exists(), "the friend kept its seat's token"

    saved, messages = load_saved_game(host_dir)
    assert saved is not None and messages == [] and is_hosted_save(saved)
    assert len(saved.state.history) == quit_at, "every move up to the host's quitting is saved"
    assert [s.get("kind") for s in saved.record.seats] == ["person", "friend", "gnome"]
    continued = continued_table(saved)
    again = Hosting((), port=0, bind="127.0.0.1", announce=False, gnome_delay=0.0, data_dir=host_dir, continued=continued)
    feed = again.start()
    try:
        assert again.code == first.code and feed.view.seat == 0
        drive(feed, lambda: len(feed.view.seats) == 3)
        assert feed.view.seats[1].status is SeatStatus.RECONNECTING, "Tove's seat waits for her"
        assert feed.view.seats[1].name == "Tove" and not feed.ready
        friend = friend_thread(again, friend_dir, exits)
        drive(feed, lambda: feed.view.over)
        friend.join(SECONDS)
        assert exits == [EXIT_ENDED_EARLY, EXIT_DONE]
        result = feed.result()
        assert result is not None
    finally:
        feed.close()
    assert not has_saved_game(host_dir), "a finished game leaves no autosave"
    assert not seat_file(friend_dir, first.code).exists(), "nor a kept token"
    host_stats, _ = load_stats(host_dir)
    friend_stats, _ = load_stats(friend_dir)
    assert host_stats.games_played == 1 and friend_stats.games_played == 1
    host_line, friend_line = host_stats.recent[-1], friend_stats.recent[-1]
    assert host_line.person_seats == (0,) and friend_line.person_seats == (1,)
    assert [s.total for s in host_line.seats] == [s.total for s in friend_line.seats] == list(result.totals)
    assert [s.kind for s in friend_line.seats] == ["friend", "person", "gnome"]
    assert [s.kind for s in host_line.seats] == ["person", "friend", "gnome"]
    assert host_line.difficulty == friend_line.difficulty == "easy"
