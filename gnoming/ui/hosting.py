"""Hosting a network game from the desktop: the table server in this process.

New game with a "Friend (network)" seat starts a :class:`Hosting`: the table
server runs on a background thread (:class:`~gnoming.server.thread.ServerThread`),
one table is laid out like the New game seats (gnomes where the host put them,
the other seats open for people), and the host's own seat joins it over
loopback like any friend (:class:`HostFeed`). So the rules on this computer
decide everything, and the host's screen sees what its seat may see, no more.

The host sits at the first seat that is not a gnome; friends fill the other
open seats in the order they join. With a data folder the game is kept in the
host's autosave as it goes (:class:`~gnoming.net.hostsave.HostKeeper`), so
Continue on the title screen opens the same table again
(``Hosting(..., continued=...)``): the friends' seats wait for them, and each
friend who joins again with the same code gets their own seat back. No pygame here.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from gnoming.ai.characters import characters_of
from gnoming.i18n import _
from gnoming.net.address import DEFAULT_PORT, new_code
from gnoming.net.client import RemoteFeed
from gnoming.net.connection import ClientThread
from gnoming.net.discovery import Announcer, lan_addresses
from gnoming.net.hostsave import ContinuedTable, HostKeeper
from gnoming.net.protocol import PROTOCOL_VERSION, Difficulty, Hello, SeatKind, TableSpec
from gnoming.options import DEFAULT_RECONNECT_WAIT
from gnoming.server.app import ServerConfig, TableServer
from gnoming.server.thread import ServerThread
from gnoming.store.settings import SeatSpec

LAN_SWITCH = "GNOMING_LAN"
"""``GNOMING_LAN=off`` (the tests): no mDNS announcing or browsing, hosted tables
listen on 127.0.0.1 only (and New game's on a free port)."""


def lan_allowed() -> bool:
    return os.environ.get(LAN_SWITCH, "on").lower() not in ("off", "0", "no")


STAND_IN_LEVELS: tuple[Difficulty, ...] = tuple(Difficulty)
"""The gnomes the host may choose to fill a seat or stand in for a dropped friend."""

SEAT_SECONDS = 5.0
"""How long opening a table may wait for the host's own seat."""
GNOME_DELAY = 0.5
"""Seconds a gnome at a hosted table waits before it plays, so people can follow."""


class HostError(RuntimeError):
    """The table could not be opened (most often: the port is in use)."""


@dataclass(frozen=True)
class HostedSeat:
    """A seat of the hosted table: ``gnome`` with its name and level, else open for a person."""

    gnome: bool
    name: str
    level: Difficulty


def hosted_seats(
    seats: Sequence[SeatSpec], stand_in: Difficulty = Difficulty.MEDIUM
) -> tuple[HostedSeat, ...]:
    """The New game seats as the server lays them out: gnomes stay gnomes, every
    person and friend seat is open for a person (the host takes the first), with
    the ``stand_in`` gnome for when its friend is away too long."""
    levels = {d.value: d for d in Difficulty}
    return tuple(
        HostedSeat(True, s.name, levels.get(s.difficulty, Difficulty.MEDIUM))
        if s.kind == "gnome"
        else HostedSeat(False, "", stand_in)
        for s in seats
    )


class Closeable(Protocol):
    def close(self) -> None: ...


AnnouncerFactory = Callable[[int, str, str], Closeable]
"""Makes the local-network announcement of a table (port, code, host's name); slow
(mDNS probing takes seconds), so it runs on a worker thread."""


def network_name(name: str, instead: str) -> str:
    """The name a person takes to a network table: their own, but not the
    placeholder "You" every fresh copy of the game starts with (two of them at
    one table could not tell whose seat, scores and statistics are whose), nor
    a blank one: then ``instead`` ("Host", "Friend")."""
    name = name.strip()[:24]
    return instead if not name or name in ("You", _("You")) else name


def host_name(seats: Sequence[SeatSpec]) -> str:
    """The host's name at the table: the first person's (see :func:`network_name`)."""
    return network_name(next((s.name for s in seats if s.kind == "person"), ""), _("Host"))


class HostFeed(RemoteFeed):
    """The host's seat: a :class:`RemoteFeed` over loopback that also closes the table."""

    def __init__(self, thread: ClientThread, hosting: Hosting) -> None:
        super().__init__(thread)
        self.hosting = hosting

    def take_messages(self) -> list[str]:
        messages = super().take_messages()
        keeper = self.hosting.keeper
        return messages + (keeper.take_messages() if keeper is not None else [])

    def close(self) -> None:
        """The host leaves: the table closes (friends are told, the autosave is on
        disk). The host's seat is not handed to a gnome first: the game waits in
        the autosave exactly as the host left it."""
        self.hosting.stop()
        self._thread.close()


class Hosting:
    """One table served from this game (see the module docstring)."""

    def __init__(
        self,
        seats: Sequence[SeatSpec],
        *,
        first_seat: int = 0,
        seed: int | None = None,
        port: int = DEFAULT_PORT,
        bind: str = "0.0.0.0",
        code: str | None = None,
        announce: bool = True,
        gnome_delay: float | None = None,
        reconnect_seconds: float = DEFAULT_RECONNECT_WAIT,
        stand_in: Difficulty = Difficulty.MEDIUM,
        announcer: AnnouncerFactory = Announcer,
        data_dir: Path | None = None,
        continued: ContinuedTable | None = None,
    ) -> None:
        self.stand_in = stand_in
        """The gnome that fills a seat (Gnome in the lobby) or stands in for a friend."""
        self.reconnect_seconds = reconnect_seconds
        self.continued = continued
        """A saved game this table continues (Continue on the title), else None."""
        if continued is not None:
            self.seats = tuple(HostedSeat(k.kind is SeatKind.GNOME, k.name, k.level) for k in continued.seats)
            self.name = continued.host_name
            self.first_seat = continued.state.first_seat
            self.seed = continued.state.seed
            self.code = continued.code
            self.host_seat = continued.host_seat
        else:
            self.seats = hosted_seats(seats, stand_in)
            if all(s.gnome for s in self.seats):
                raise ValueError("a hosted table needs a seat for the host")
            self.name = host_name(seats)
            self.first_seat = first_seat if 0 <= first_seat < len(self.seats) else 0
            self.seed = seed
            self.code = code or new_code()
            self.host_seat = next(i for i, s in enumerate(self.seats) if not s.gnome)
        self.keeper = HostKeeper(data_dir, self.host_seat) if data_dir is not None else None
        """Keeps the game in the host's autosave and, at the end, statistics."""
        self.bind = bind if lan_allowed() else "127.0.0.1"
        self.announce = announce and lan_allowed()
        self.server = ServerThread(
            ServerConfig(
                host=self.bind,
                port=port,
                reconnect_seconds=reconnect_seconds,
                allow_create=False,
                max_tables=1,
                gnome_delay=GNOME_DELAY if gnome_delay is None else gnome_delay,
            ),
            on_change=self.keeper.changed if self.keeper is not None else None,
        )
        self._make_announcer = announcer
        self._announcer: Closeable | None = None
        self._announcing: threading.Thread | None = None
        self._lock = threading.Lock()
        self._addresses: list[str] | None = None
        self.announce_error: str | None = None
        self._stopped = False

    # ------------------------------------------------------------------ life

    def start(self) -> HostFeed:
        """Listen, open the table and sit the host at it; raises :class:`HostError`.

        This waits for the network (up to :data:`SEAT_SECONDS` on a busy computer):
        a window calls it through :meth:`open` instead."""
        try:
            self.server.start()
        except (OSError, TimeoutError) as error:
            self.stop()
            raise HostError(str(error) or type(error).__name__) from None
        gnomes = sum(1 for s in self.seats if s.gnome)
        spec = TableSpec(seats=len(self.seats), gnomes=gnomes)
        layout = [(s.gnome, s.name, s.level) for s in self.seats]
        code, seed, first, continued = self.code, self.seed, self.first_seat, self.continued

        def open_table(server: TableServer) -> None:
            if continued is not None:
                server.continue_table(code, continued.state, continued.seats)
                return
            table = server.open_table(code, spec, seed)
            table.first_seat = first
            server.lay_out_seats(code, layout)

        try:
            self.server.call(open_table)
        except ValueError as error:
            self.stop()
            raise HostError(str(error)) from None
        token = continued.host_token if continued is not None else None
        hello = Hello(version=PROTOCOL_VERSION, code=self.code, name=self.name[:24] or "Host", token=token)
        thread = ClientThread(self.join_url(), hello)
        thread.start()
        feed = HostFeed(thread, self)
        deadline = time.monotonic() + SEAT_SECONDS
        while not feed.view.joined and not feed.ended and time.monotonic() < deadline:
            feed.step(0.0)  # the host sits down before anyone can be told the code
            time.sleep(0.005)
        if not feed.view.joined:
            feed.close()
            raise HostError("the table did not seat the host")
        self._addresses = self._find_addresses()
        return feed

    def open(self) -> Opening:
        """:meth:`start` on a worker thread: the window keeps drawing meanwhile."""
        return Opening(self)

    @property
    def port(self) -> int:
        return self.server.port

    def join_url(self) -> str:
        """Where the host's own screen connects."""
        return f"ws://127.0.0.1:{self.port}"

    @property
    def loopback_only(self) -> bool:
        return self.bind in ("127.0.0.1", "::1", "localhost")

    def addresses(self) -> list[str]:
        """``address:port`` for friends to type, best first (this computer only: loopback).
        Looked up once when the table opens (every frame draws them)."""
        if self._addresses is None:
            self._addresses = self._find_addresses()
        return self._addresses

    def _find_addresses(self) -> list[str]:
        if not self.loopback_only:
            with contextlib.suppress(Exception):
                found = [a for a in lan_addresses() if ":" not in a]
                if found:
                    return [f"{a}:{self.port}" for a in found]
        return [f"127.0.0.1:{self.port}"]

    def start_announcing(self) -> None:
        """Tell the local network about the table (once the host sits at it); quiet on
        failure. Returns at once: the announcement is made on a worker thread."""
        with self._lock:
            if not self.announce or self.loopback_only or self._announcing is not None or self._stopped:
                return
            self._announcing = threading.Thread(target=self._announce, name="gnoming-announce", daemon=True)
            self._announcing.start()

    def _announce(self) -> None:
        try:
            announcer = self._make_announcer(self.port, self.code, self.name)
        except Exception as error:  # noqa: BLE001 - no multicast: friends type the address
            self.announce_error = str(error) or type(error).__name__
            self.announce = False
            return
        with self._lock:
            if self._stopped or not self.announce:  # the game started or the table closed meanwhile
                _close_quietly(announcer)
                return
            self._announcer = announcer

    @property
    def announced(self) -> bool:
        """The local network has been told about the table (and not told to forget it)."""
        return self._announcer is not None

    def stop_announcing(self) -> None:
        """Forget the announcement (the game starts): returns at once, the goodbye
        to the network is said on a worker thread."""
        with self._lock:
            self.announce = False
            announcer, self._announcer = self._announcer, None
        if announcer is not None:
            threading.Thread(target=_close_quietly, args=(announcer,), name="gnoming-unannounce", daemon=True).start()

    def choose_stand_in(self, level: Difficulty, reconnect_seconds: float) -> None:
        """The host's choice in the lobby: the gnome that fills a seat or stands in for
        a friend away longer than ``reconnect_seconds``; every friend is told."""
        if self._stopped:
            return
        self.stand_in = level
        self.reconnect_seconds = reconnect_seconds
        self.seats = tuple(s if s.gnome else HostedSeat(False, "", level) for s in self.seats)
        code = self.code
        with contextlib.suppress(RuntimeError, TimeoutError):
            self.server.call(lambda server: server.choose_stand_in(code, level, reconnect_seconds))

    def fill_with_gnome(self, seat: int, level: Difficulty | None = None) -> None:
        """The host puts a gnome (by default the chosen stand-in's level) in an open
        seat; the game starts when none is open. At a continued table a friend's
        kept seat stays theirs: the gnome plays it under their name until they
        join again."""
        if self._stopped:
            return
        level = level or self.stand_in
        taken = {s.name for s in self.seats}
        names = [c.name for c in characters_of(level.value) if c.name not in taken]
        name = (names or [c.name for c in characters_of(level.value)])[0]
        if self.continued is None:
            self.seats = tuple(
                HostedSeat(True, name, level) if i == seat else s for i, s in enumerate(self.seats)
            )
        code = self.code
        with contextlib.suppress(RuntimeError, TimeoutError):
            self.server.call(lambda server: server.seat_gnome(code, seat, name, level))

    def stop(self) -> None:
        """Friends are told the host closed the table; the server thread ends."""
        if self._stopped:
            return
        self._stopped = True
        self.stop_announcing()
        self.server.stop(name=self.name)
        if self.keeper is not None:
            self.keeper.close()


def _close_quietly(thing: Closeable) -> None:
    with contextlib.suppress(Exception):
        thing.close()


class Opening:
    """A table being opened on a worker thread (:meth:`Hosting.open`); the screen
    asks :meth:`poll` each frame. Cancelling closes the table once it is open."""

    def __init__(self, hosting: Hosting) -> None:
        self.hosting = hosting
        self._lock = threading.Lock()
        self._feed: HostFeed | None = None
        self._error: HostError | None = None
        self._cancelled = False
        self._thread = threading.Thread(target=self._run, name="gnoming-host-open", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        feed: HostFeed | None = None
        error: HostError | None = None
        try:
            feed = self.hosting.start()
        except HostError as refused:
            error = refused
        except Exception as failed:  # noqa: BLE001 - told to the player, never a crash
            error = HostError(str(failed) or type(failed).__name__)
            self.hosting.stop()  # the port is not left listening for a table nobody sees
        with self._lock:
            if self._cancelled:
                if feed is not None:
                    feed.close()
                return
            self._feed, self._error = feed, error

    @property
    def working(self) -> bool:
        """The worker thread is still opening the table."""
        return self._thread.is_alive()

    def poll(self) -> HostFeed | HostError | None:
        """The host's seat once the table is open, what went wrong, or None (not yet)."""
        with self._lock:
            return self._feed or self._error

    def cancel(self) -> None:
        """The host changed their mind: the table closes (now, or as soon as it is open)."""
        with self._lock:
            self._cancelled = True
            feed, self._feed = self._feed, None
        if feed is not None:
            feed.close()
