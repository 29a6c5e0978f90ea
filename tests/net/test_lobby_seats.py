"""A hosted table laid out like New game, and gnomes put in by the host in the lobby."""

from __future__ import annotations

import pytest

from gnoming.net import protocol as P
from gnoming.server.table import Table

from .helpers import FakeLink, hello


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


def test_two_friends_with_one_name_are_told_apart_at_the_table() -> None:
    """Two fresh copies of the game both join as "Friend": the plates, the
    scoreboard and their statistics could not say whose seat is whose."""
    table = Table("GNMK", P.TableSpec(seats=5, gnomes=1), 5)
    table.lay_out(
        [(False, "", P.Difficulty.EASY)] * 4 + [(True, "Pip Mossbottom", P.Difficulty.EASY)]
    )
    for name in ("Host", "Friend", "friend", "pip mossbottom"):
        table.join(FakeLink(), hello(name), now=0.0)
    assert [s.name for s in table.seats] == ["Host", "Friend", "friend 2", "pip mossbottom 2", "Pip Mossbottom"]


def test_a_numbered_name_still_fits_in_24_characters() -> None:
    table = Table("GNMK", P.TableSpec(seats=3, gnomes=0), 5)
    long = "Wilhelmina Thistlewhisk"  # 23 characters
    for _ in range(3):
        table.join(FakeLink(), hello(long), now=0.0)
    names = [s.name for s in table.seats]
    assert names == [long, "Wilhelmina Thistlewhis 2", "Wilhelmina Thistlewhis 3"]
    assert all(len(n) <= 24 for n in names)
