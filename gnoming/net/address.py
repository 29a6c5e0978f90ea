"""Addresses and join codes as people type them; checked here, with the standard library only
(the command line uses these before anything heavy is imported).

>>> server_url("192.168.1.20")
'ws://192.168.1.20:47474'
>>> server_url("[::1]:5000")
'ws://[::1]:5000'
>>> parse_code(" gn7k ")
'GN7K'
"""

from __future__ import annotations

import argparse
import random
import re
import secrets
import urllib.parse
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")

DEFAULT_PORT = 47474

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""Join codes avoid characters that read alike (no I, O, 0, 1)."""

CODE_PATTERN = f"\\A[{CODE_ALPHABET}]{{4,8}}\\Z"
_CODE_RE = re.compile(CODE_PATTERN)


def parse_code(text: str) -> str:
    """A join code as typed by a person (any case, spaces around), or ValueError."""
    code = text.strip().upper()
    if not _CODE_RE.match(code):
        raise ValueError(
            f"{text!r} is not a join code: 4 to 8 letters and digits (no I, O, 0 or 1)"
        )
    return code


def new_code(rng: random.Random | None = None, length: int = 6) -> str:
    """A fresh join code (from the system's randomness unless ``rng`` is given)."""
    chooser = rng if rng is not None else secrets.SystemRandom()
    return "".join(chooser.choice(CODE_ALPHABET) for _ in range(length))


def server_url(text: str) -> str:
    """A WebSocket URL from what a person types: ``host``, ``host:port``,
    ``[::1]:port`` or a full ``ws://`` URL; ValueError if it is none of these."""
    text = text.strip()
    if not text:
        raise ValueError("type the address of the table, e.g. 192.168.1.20:47474")
    if "://" not in text:
        text = "ws://" + text
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in ("ws", "wss") or not parts.hostname:
        raise ValueError(f"{text!r} is not an address of a table")
    try:
        port = parts.port or DEFAULT_PORT
    except ValueError:
        raise ValueError(f"{text!r}: the port is a number from 1 to 65535") from None
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port}{parts.path}"


def parse_port(text: str) -> int:
    """A port number as typed (0 means any free port), or ValueError."""
    try:
        port = int(text)
    except ValueError:
        raise ValueError(f"a port is a whole number, not {text!r}") from None
    if not 0 <= port <= 65535:
        raise ValueError(f"a port is 0 to 65535 (0: any free port), not {port}")
    return port


def _flag(parse: Callable[[str], T]) -> Callable[[str], T]:
    """``parse`` as an argparse ``type=``: its ValueError becomes the flag's message."""

    def flag(text: str) -> T:
        try:
            return parse(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    flag.__name__ = parse.__name__
    return flag


code_flag = _flag(parse_code)
"""``--code`` and ``--open-table`` on the command lines of the game and the server."""
port_flag = _flag(parse_port)
"""``--host`` and ``--port``."""
address_flag = _flag(server_url)
"""``--join``."""
