"""The client without a window (``main.py --join/--host ... --autoplay``) against
what can go wrong around it: a message that does not fit, a result file that
cannot be written, a saved table that cannot go on. It says so and exits with
its code; it never ends in a traceback, and never loses the game it saw."""

from __future__ import annotations

from pathlib import Path

import pytest

from gnoming.net import headless
from gnoming.net.headless import EXIT_ENDED_EARLY, EXIT_NO_RESULT, HeadlessOptions, play
from gnoming.net.host import EXIT_NO_TABLE, HostOptions, host
from gnoming.net.protocol import (
    PROTOCOL_VERSION,
    Difficulty,
    SeatInfo,
    SeatKind,
    SeatStatus,
    TableSpec,
    Welcome,
)
from gnoming.net.seats import seat_file
from gnoming.rules import GameRecord, GameState
from gnoming.server.app import ServerConfig
from gnoming.server.thread import ServerThread
from gnoming.store.saves import SaveSlot, save_game
from gnoming.store.stats import load_stats


class TableThatSaysNonsense:
    """Stands in for the connection: a welcome whose seats are out of order."""

    def __init__(self, url: str, hello: object) -> None:
        self.sent: list[object] = []

    def start(self) -> None:
        pass

    def wait(self, timeout: float) -> list[object]:
        seats = tuple(
            SeatInfo(seat=s, name=f"Seat {s}", kind=SeatKind.PERSON, status=SeatStatus.CONNECTED)
            for s in (1, 0)
        )
        return [
            Welcome(version=PROTOCOL_VERSION, code="ABCD", seat=0, token="T" * 22, seats=seats, reconnect_seconds=60.0)
        ]

    def send(self, message: object) -> None:
        self.sent.append(message)

    def close(self, timeout: float = 3.0) -> None:
        pass


def test_a_message_that_does_not_fit_ends_the_seat_with_a_message_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(headless, "ClientThread", TableThatSaysNonsense)
    assert play(HeadlessOptions(address="127.0.0.1:9", code="ABCD", timeout=5.0)) == EXIT_ENDED_EARLY
    error = capsys.readouterr().err
    assert "does not understand" in error and "not listed in order" in error


def test_a_result_file_that_cannot_be_written_costs_the_friend_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "friend"
    folder = tmp_path / "a folder"
    folder.mkdir()
    server = ServerThread(ServerConfig(port=0, allow_create=False))
    server.start()
    try:
        spec = TableSpec(seats=2, gnomes=1, level=Difficulty.EASY)
        server.call(lambda s: s.open_table("QWER", spec, 5))
        options = HeadlessOptions(
            address=f"{server.host}:{server.port}", code="QWER", level="easy",
            data_dir=data, result_json=folder, timeout=60.0,
        )
        assert play(options) == EXIT_NO_RESULT
    finally:
        server.stop()
    assert "could not be written" in capsys.readouterr().err
    assert load_stats(data)[0].games_played == 1, "the game is counted all the same"
    assert not seat_file(data, "QWER").exists(), "and its seat forgotten, as after any finished game"


def test_a_saved_table_that_cannot_go_on_is_refused_and_kept(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seats = (
        {"kind": "gnome", "name": "Host", "difficulty": "medium"},
        {"kind": "gnome", "name": "Friend", "difficulty": "medium"},
    )
    hosted = {"version": 1, "code": "ABCD", "host_seat": 0, "seats": [{"token": "A" * 22}, {"token": "B" * 22}]}
    assert save_game(tmp_path, GameRecord.of(GameState.new(2, seed=7), seats), {"network": hosted}, slot=SaveSlot.AUTOPLAY) == []
    path = tmp_path / SaveSlot.AUTOPLAY.value
    before = path.read_bytes()
    options = HostOptions(port=0, players=2, bind="127.0.0.1", code="ABCD", data_dir=tmp_path, announce=False, timeout=10.0)
    assert host(options) == EXIT_NO_TABLE
    error = capsys.readouterr().err
    assert "Cannot continue the saved table ABCD" in error and "seat kept for a person" in error
    assert path.read_bytes() == before, "the save is left as it was"


def test_a_host_whose_result_file_cannot_be_written_still_ends_the_game_for_its_friends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gnoming.net import host as host_module

    told: list[str] = []
    monkeypatch.setattr(host_module, "play", lambda options: EXIT_NO_RESULT)
    monkeypatch.setattr(host_module, "_let_friends_leave", lambda server, code, seconds=5.0: told.append(code))
    options = HostOptions(port=0, players=2, gnomes=1, bind="127.0.0.1", code="ABCD", announce=False, timeout=10.0)
    assert host(options) == EXIT_NO_RESULT
    assert told == ["ABCD"], "the friends hear the game is over, not that the host left"
    assert EXIT_NO_TABLE not in (EXIT_NO_RESULT, 0, 2, 3, 4), "every exit code says one thing"
