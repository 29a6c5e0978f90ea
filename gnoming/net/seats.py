"""The seat tokens a client keeps, so that a restarted game rejoins its seat.

One small JSON file per table under ``<data dir>/network/<CODE>.json``. The
code is checked before it becomes part of a file name, and the file is read
back through a typed decoder: a damaged file is simply not used.

A kept token is offered only to the same host (the same address, any port:
a host who continues a saved game may be on another port) with the same code.
It stays until the game is seen to the end, so it outlives the host quitting.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from urllib.parse import urlsplit

import msgspec

from gnoming.store.atomic import write_atomic

from .address import parse_code
from .protocol import Code, Token

SEATS_VERSION = 1


class SavedSeat(msgspec.Struct, frozen=True, kw_only=True):
    version: int = SEATS_VERSION
    url: str
    code: Code
    token: Token
    seat: int


def seat_file(data_dir: Path, code: str) -> Path:
    return data_dir / "network" / f"{parse_code(code)}.json"


def save_seat(data_dir: Path, saved: SavedSeat) -> None:
    """Keep the token (a failing disk only loses the chance to rejoin)."""
    with contextlib.suppress(OSError):
        write_atomic(seat_file(data_dir, saved.code), msgspec.json.encode(saved).decode())


def load_seat(data_dir: Path, url: str, code: str) -> SavedSeat | None:
    """The kept seat at table ``code`` of the server ``url``, if any and readable."""
    try:
        data = seat_file(data_dir, code).read_bytes()
        saved = msgspec.json.decode(data, type=SavedSeat)
    except (OSError, ValueError):
        return None
    if saved.version != SEATS_VERSION or saved.code != code or not same_host(saved.url, url):
        return None
    return saved


def same_host(one: str, other: str) -> bool:
    """Whether two table addresses name the same host (the port may differ).

    >>> same_host("ws://192.168.1.20:47474", "ws://192.168.1.20:5000")
    True
    >>> same_host("ws://192.168.1.20:47474", "ws://192.168.1.21:47474")
    False
    """
    try:
        a, b = urlsplit(one), urlsplit(other)
        return a.scheme == b.scheme and a.hostname is not None and a.hostname == b.hostname
    except ValueError:
        return False


def forget_seat(data_dir: Path, code: str) -> None:
    """The game is over: the token is of no more use."""
    path = seat_file(data_dir, code)
    for stale in (path, path.with_name(path.name + ".bak")):
        with contextlib.suppress(OSError):
            stale.unlink()
