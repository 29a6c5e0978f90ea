"""Host a table from the game itself, without a window:
``main.py --host PORT --players N --autoplay --quit-at-end``.

The table server runs on a background thread of this process
(:class:`~gnoming.server.thread.ServerThread`); the host's own seat (seat 0)
is played by a gnome through a local connection, like any friend's. When the
host's seat is taken it prints one JSON line (address, port, code, this
computer's network addresses) and the table waits for the other N-1-G friends
(``--gnomes G``: the last G seats are the table's own gnomes).
It announces itself on the local network unless it listens on loopback only.
At the end the friends are told the game is over; if the host stops early
they are told the host closed the table.

With a data folder the game is kept in its autosave as it goes, and counted in
its statistics at the end (the host's seat as the player's), as the desktop
game does. Started again with the same ``--code`` while that autosave holds an
unfinished game of table CODE, the host continues it: the table opens with
the friends' seats kept for them, and each friend's ``--join`` with the same
code (and the same data folder, where its token is) sits down in its own seat.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from gnoming.server.app import ServerConfig
from gnoming.server.thread import ServerThread
from gnoming.store.saves import SaveSlot, load_saved_game

from .address import new_code
from .discovery import Announcer, lan_addresses
from .headless import EXIT_DONE, EXIT_NO_RESULT, HeadlessOptions, play
from .hostsave import ContinuedTable, HostKeeper, continued_table, is_hosted_save
from .protocol import CloseReason, Difficulty, TableSpec

EXIT_NO_PORT = 2
EXIT_NO_TABLE = 6
"""The table could not be opened (a saved table that cannot be continued)."""
EXIT_STOPPED = 130


@dataclass(frozen=True)
class HostOptions:
    port: int
    players: int
    bind: str = "0.0.0.0"
    code: str | None = None
    seed: int | None = None
    name: str = "Host"
    gnomes: int = 0
    """Seats the table's own gnomes play (the last seats; the host sits at seat 0)."""
    level: str = "medium"
    reconnect_seconds: float = 60.0
    data_dir: Path | None = None
    result_json: Path | None = None
    announce: bool = True
    timeout: float = 1800.0


def _loopback(bind: str) -> bool:
    return bind in ("127.0.0.1", "::1", "localhost")


def _local_address(bind: str, port: int) -> str:
    if bind in ("", "0.0.0.0"):
        return f"127.0.0.1:{port}"
    if bind == "::":
        return f"[::1]:{port}"
    return f"[{bind}]:{port}" if ":" in bind else f"{bind}:{port}"


def emit(record: dict[str, object]) -> None:
    sys.stdout.write(json.dumps(record, separators=(",", ":")) + "\n")
    sys.stdout.flush()


HEADLESS_SLOT = SaveSlot.AUTOPLAY
"""A gnome plays the headless host's seat, so its game is kept in the autoplay
slot: the person's own ``autosave.json`` (docs/files.md) is never touched."""


def saved_table(data_dir: Path, code: str) -> ContinuedTable | None:
    """The unfinished hosted game of table ``code`` in the headless host's autosave, if any."""
    saved, messages = load_saved_game(data_dir, HEADLESS_SLOT)
    for message in messages:
        print(message, file=sys.stderr)
    if saved is None or not is_hosted_save(saved):
        return None
    try:
        continued = continued_table(saved)
    except ValueError as error:
        print(f"The saved network game cannot be continued: {error}", file=sys.stderr)
        return None
    return continued if continued.code == code else None


def host(options: HostOptions) -> int:
    """Open the table, play the host's seat with a gnome, close the table; the exit code."""
    code = options.code or new_code()
    continued = saved_table(options.data_dir, code) if options.data_dir and options.code else None
    host_seat = continued.host_seat if continued is not None else 0
    keeper = HostKeeper(options.data_dir, host_seat, slot=HEADLESS_SLOT) if options.data_dir is not None else None
    config = ServerConfig(
        host=options.bind,
        port=options.port,
        reconnect_seconds=options.reconnect_seconds,
        allow_create=False,
    )
    server = ServerThread(config, on_change=keeper.changed if keeper is not None else None)
    try:
        server.start()
    except OSError as error:
        print(f"Cannot open the table on port {options.port}: {error}", file=sys.stderr)
        if keeper is not None:
            keeper.close()
        return EXIT_NO_PORT
    try:
        if continued is not None:
            state, seats = continued.state, continued.seats
            server.call(lambda s: s.continue_table(code, state, seats))
        else:
            spec = TableSpec(seats=options.players, gnomes=options.gnomes, level=Difficulty(options.level))
            server.call(lambda s: s.open_table(code, spec, options.seed))
    except ValueError as error:  # a saved table that cannot go on; the save is left as it is
        if continued is not None:
            print(
                f"Cannot continue the saved table {code}: {error}. "
                "Its autosave is left as it is; host with another --code to start a new game.",
                file=sys.stderr,
            )
        else:
            print(f"Cannot open the table: {error}", file=sys.stderr)
        server.stop(name=options.name)
        if keeper is not None:
            keeper.close()
        return EXIT_NO_TABLE
    announcer: list[Announcer] = []

    def ready() -> None:
        lan = [] if _loopback(options.bind) else lan_addresses()
        emit(
            {
                "event": "ready",
                "address": f"ws://{_local_address(options.bind, server.port)}",
                "port": server.port,
                "code": code,
                "lan": [f"{ip}:{server.port}" for ip in lan],
                "continued": continued is not None,
            }
        )
        if options.announce and not _loopback(options.bind):
            try:
                announcer.append(Announcer(server.port, code, options.name))
            except Exception as error:  # no multicast here: friends type the address
                print(f"Not announced on the local network: {error}", file=sys.stderr)

    try:
        result = play(
            HeadlessOptions(
                address=_local_address(options.bind, server.port),
                code=code,
                name=options.name,
                level=options.level,
                data_dir=options.data_dir,
                result_json=options.result_json,
                timeout=options.timeout,
                on_welcome=ready,
                token=continued.host_token if continued is not None else None,
                count_statistics=False,
            )
        )
        if result in (EXIT_DONE, EXIT_NO_RESULT):  # the game was played to its end
            _let_friends_leave(server, code)
            server.stop(CloseReason.GAME_OVER, "the game is over")
        return result
    except KeyboardInterrupt:  # Ctrl+C: friends are told the host closed the table
        print("The host stopped the table; an unfinished game stays in the autosave.", file=sys.stderr)
        return EXIT_STOPPED
    finally:
        for one in announcer:
            one.close()
        server.stop(name=options.name)
        if keeper is not None:
            keeper.close()


def _let_friends_leave(server: ServerThread, code: str, seconds: float = 5.0) -> None:
    """Give the friends a moment to read the result before the table closes."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        runner = server.call(lambda s: s.tables.get(code))
        if runner is None or not runner.table.links():
            return
        time.sleep(0.05)
