"""Hosting from the game: a table laid out like New game, gnomes put in by the
host in the lobby, and a whole game between the host's seat and a friend."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gnoming.net import protocol as P
from gnoming.net.connection import ClientThread
from gnoming.net.host import HostedTable, HostError, HostSeat, seats_from_spec
from gnoming.net.view import SeatView
from gnoming.server.table import Table

from .helpers import FakeLink, hello

ROOT = Path(__file__).resolve().parents[2]


def test_lay_out_puts_gnomes_where_the_host_chose() -> None:
    table = Table("GNMK", P.TableSpec(seats=3, gnomes=1), 5)
    table.lay_out([(False, "", P.Difficulty.EASY), (True, "Old Beck", P.Difficulty.HARD), (False, "", P.Difficulty.EASY)])
    kinds = [s.kind for s in table.seats]
    assert kinds == [P.SeatKind.PERSON, P.SeatKind.GNOME, P.SeatKind.PERSON]
    assert table.seats[1].name == "Old Beck" and table.seats[1].level is P.Difficulty.HARD
    assert table.open_seats() == 2


def test_lay_out_refuses_a_table_of_gnomes_only() -> None:
    table = Table("GNMK", P.TableSpec(seats=2, gnomes=1), 5)
    with pytest.raises(ValueError):
        table.lay_out([(True, "A", P.Difficulty.EASY), (True, "B", P.Difficulty.EASY)])


def test_a_gnome_filling_the_last_open_seat_starts_the_game() -> None:
    table = Table("GNMK", P.TableSpec(seats=3, gnomes=0), 5)
    link = FakeLink()
    table.join(link, hello("Host"), now=0.0)
    assert table.seat_gnome(1, "Pip Mossbottom", P.Difficulty.EASY)
    assert not table.started
    assert not table.seat_gnome(0, "Pip", P.Difficulty.EASY), "a seat with a person is not open"
    assert table.seat_gnome(2, "Old Beck", P.Difficulty.HARD)
    assert table.started
    kinds = [type(m) for m in link.take()]
    assert P.Update in kinds and P.Lobby in kinds


def test_seats_from_new_game_rows_keep_one_person_here() -> None:
    rows = [("friend", "", "easy"), ("person", "You", "medium"), ("person", "Ann", "medium"), ("gnome", "Old Beck", "hard")]
    seats = seats_from_spec(rows)
    assert [s.kind for s in seats] == ["friend", "here", "friend", "gnome"]
    assert seats[3].level is P.Difficulty.HARD


def test_a_hosted_table_needs_exactly_one_seat_here() -> None:
    with pytest.raises(ValueError):
        HostedTable((HostSeat("friend"), HostSeat("friend")), port=0, bind="127.0.0.1")


def test_a_taken_port_is_a_host_error_not_a_crash() -> None:
    first = HostedTable((HostSeat("here"), HostSeat("friend")), port=0, bind="127.0.0.1")
    first.start()
    try:
        second = HostedTable((HostSeat("here"), HostSeat("friend")), port=first.port, bind="127.0.0.1")
        with pytest.raises(HostError):
            second.start()
    finally:
        first.stop()


def _play_seat(view: SeatView, thread: ClientThread, deadline: float) -> None:
    """Answer every decision of this seat with its first legal action."""
    answered = -1
    while not view.ended and time.monotonic() < deadline:
        for item in thread.wait(0.1):
            if isinstance(item, P.Problem) and not item.fatal:
                answered = -1
            if not isinstance(item, P.Problem | P.Welcome | P.Lobby | P.Update | P.SeatChanged | P.EmoteShown | P.Result | P.Closing):
                continue
            view.receive(item)
        if view.my_turn() and view.seq != answered:
            thread.send(P.Act(seq=view.seq, action=str(view.legal[0])))
            answered = view.seq


def test_host_and_friend_play_a_whole_game_with_a_gnome_put_in_from_the_lobby() -> None:
    hosted = HostedTable(
        (HostSeat("here", "Host"), HostSeat("friend"), HostSeat("friend"), HostSeat("gnome", "Old Beck", P.Difficulty.EASY)),
        port=0,
        bind="127.0.0.1",
        seed=11,
        gnome_delay=0.0,
    )
    hosted.start()
    try:
        assert hosted.addresses() == [f"127.0.0.1:{hosted.port}"]
        host = ClientThread(hosted.join_url(), P.Hello(version=P.PROTOCOL_VERSION, code=hosted.code, name="Host"))
        friend = ClientThread(hosted.join_url(), P.Hello(version=P.PROTOCOL_VERSION, code=hosted.code, name="Ann"))
        host.start()
        friend.start()
        host_view, friend_view = SeatView(), SeatView()
        deadline = time.monotonic() + 10
        while host_view.open_seats != 1 and time.monotonic() < deadline:
            for item in host.wait(0.1):
                if not isinstance(item, P.Problem | P.Welcome | P.Lobby | P.Update | P.SeatChanged):
                    continue
                host_view.receive(item)
        assert host_view.seat == 0 and host_view.open_seats == 1
        open_seat = next(s.seat for s in host_view.seats if s.status is P.SeatStatus.OPEN)
        hosted.seat_gnome(open_seat, P.Difficulty.EASY)
        deadline = time.monotonic() + 60
        other = threading.Thread(target=_play_seat, args=(friend_view, friend, deadline))
        other.start()
        _play_seat(host_view, host, deadline)
        other.join(60)
        assert host_view.result is not None and friend_view.result is not None
        assert host_view.result.totals == friend_view.result.totals
        assert [s.kind for s in host_view.seats].count(P.SeatKind.GNOME) == 2
        deadline = time.monotonic() + 5
        while not hosted.results and time.monotonic() < deadline:
            time.sleep(0.05)
        assert hosted.results and hosted.results[0]["totals"] == list(host_view.result.totals)
        host.close()
        friend.close()
    finally:
        hosted.stop()


def test_friends_hear_when_the_host_stops() -> None:
    hosted = HostedTable((HostSeat("here"), HostSeat("friend"), HostSeat("friend")), port=0, bind="127.0.0.1")
    hosted.start()
    friend = ClientThread(hosted.join_url(), P.Hello(version=P.PROTOCOL_VERSION, code=hosted.code, name="Ann"))
    friend.start()
    view = SeatView()
    deadline = time.monotonic() + 10
    while not view.joined and time.monotonic() < deadline:
        for item in friend.wait(0.1):
            if not isinstance(item, P.Problem | P.Welcome | P.Lobby):
                continue
            view.receive(item)
    hosted.stop()
    deadline = time.monotonic() + 10
    while view.closing is None and time.monotonic() < deadline:
        for item in friend.wait(0.1):
            if isinstance(item, P.Closing):
                view.receive(item)
    assert view.closing is not None and view.closing.reason is P.CloseReason.HOST_QUIT
    friend.close()


@pytest.mark.slow
def test_main_host_flag_waits_for_a_friend_then_plays(tmp_path: Path) -> None:
    host = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--host", "0", "--players", "2", "--autoplay", "--quit-at-end",
         "--code", "GNMK42", "--seed", "3", "--data-dir", str(tmp_path / "h"), "--result-json", str(tmp_path / "h.json")],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert host.stdout is not None
        ready = json.loads(host.stdout.readline())
        assert ready["event"] == "ready" and ready["code"] == "GNMK42"
        friend = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--join", f"127.0.0.1:{ready['port']}", "--code", "GNMK42",
             "--autoplay", "--quit-at-end", "--data-dir", str(tmp_path / "f"), "--result-json", str(tmp_path / "f.json")],
            timeout=120,
        )
        assert friend.returncode == 0
        assert host.wait(60) == 0
        result = json.loads(host.stdout.readline())
        assert result["event"] == "result"
        for name in ("h", "f"):
            seen = json.loads((tmp_path / f"{name}.json").read_text())
            assert seen["totals"] == result["totals"] and seen["winners"] == result["winners"]
    finally:
        if host.poll() is None:
            host.kill()
            host.wait(5)
