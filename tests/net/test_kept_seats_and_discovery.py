"""What a client keeps on disk and hears on the local network is checked before use."""

from __future__ import annotations

import doctest

import pytest

from gnoming.net import address, discovery, protocol, seats
from gnoming.net.discovery import lan_table
from gnoming.net.protocol import PROTOCOL_VERSION
from gnoming.net.seats import SavedSeat, forget_seat, load_seat, save_seat, seat_file

URL = "ws://127.0.0.1:47474"


def test_a_kept_seat_is_found_again_for_the_same_server_and_code(tmp_path):
    save_seat(tmp_path, SavedSeat(url=URL, code="GN7K", token="t" * 24, seat=2))
    kept = load_seat(tmp_path, URL, "GN7K")
    assert kept is not None and kept.seat == 2
    assert load_seat(tmp_path, "ws://10.0.0.1:47474", "GN7K") is None  # another server
    assert load_seat(tmp_path, "wss://127.0.0.1:47474", "GN7K") is None
    moved = load_seat(tmp_path, "ws://127.0.0.1:5000", "GN7K")  # the host continued on another port
    assert moved is not None and moved.token == "t" * 24
    forget_seat(tmp_path, "GN7K")
    assert load_seat(tmp_path, URL, "GN7K") is None


@pytest.mark.parametrize(
    "content",
    [b"", b"\xff\xfe", b"[]", b'{"version":1}', b'{"version":1,"url":"ws://127.0.0.1:47474","code":"GN7K","token":"../x","seat":0}'],
)
def test_a_damaged_seat_file_is_not_used(tmp_path, content):
    path = seat_file(tmp_path, "GN7K")
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    assert load_seat(tmp_path, URL, "GN7K") is None


def test_a_code_that_could_walk_out_of_the_folder_never_becomes_a_file_name(tmp_path):
    with pytest.raises(ValueError):
        seat_file(tmp_path, "../../etc")


V = str(PROTOCOL_VERSION).encode()


@pytest.mark.parametrize(
    ("properties", "addresses", "port"),
    [
        ({b"v": b"1", b"code": b"GN7K", b"name": b"Ada"}, ["192.168.1.5"], 47474),  # an older version
        ({b"v": V, b"code": b"GN7K", b"name": b"A\nda"}, ["192.168.1.5"], 47474),
        ({b"v": V, b"code": b"GN7K", b"name": b"x" * 30}, ["192.168.1.5"], 47474),
        ({b"v": V, b"code": b"GN7K", b"name": b"\xff"}, ["192.168.1.5"], 47474),
        ({b"v": V, b"code": b"GN7K"}, ["192.168.1.5"], 47474),
        ({b"v": V, b"code": b"GN7K", b"name": b"Ada"}, [], 47474),
        ({b"v": V, b"code": b"GN7K", b"name": b"Ada"}, ["not an address"], 47474),
        ({b"v": V, b"code": b"GN7K", b"name": b"Ada"}, ["192.168.1.5"], 0),
    ],
)
def test_a_strange_announcement_is_ignored(properties, addresses, port):
    assert lan_table(properties, addresses, port) is None


def test_an_announced_ipv6_table_gets_a_bracketed_address():
    table = lan_table({b"v": V, b"code": b"gn7k", b"name": b"Ada"}, ["fd00::2"], 5000)
    assert table is not None and table.address == "[fd00::2]:5000" and table.code == "GN7K"
    assert address.server_url(table.address) == "ws://[fd00::2]:5000"


@pytest.mark.parametrize("module", [address, discovery, protocol, seats])
def test_the_examples_in_the_docstrings_hold(module):
    failures, tried = doctest.testmod(module)
    assert tried > 0 and failures == 0
