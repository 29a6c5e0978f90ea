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
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from gnoming.ai.characters import characters_of
from gnoming.net.address import DEFAULT_PORT, new_code
from gnoming.net.client import RemoteFeed
from gnoming.net.connection import ClientThread
from gnoming.net.discovery import Announcer, lan_addresses
from gnoming.net.hostsave import ContinuedTable, HostKeeper
from gnoming.net.protocol import PROTOCOL_VERSION, Difficulty, Hello, SeatKind, TableSpec
from gnoming.server.app import ServerConfig, TableServer
from gnoming.server.thread import ServerThread
from gnoming.store.settings import SeatSpec

LAN_SWITCH = "GNOMING_LAN"
"""``GNOMING_LAN=off`` (the tests): no mDNS announcing or browsing, hosted tables
listen on 127.0.0.1 only (and New game's on a free port)."""


def lan_allowed() -> bool:
    return os.environ.get(LAN_SWITCH, "on").lower() not in ("off", "0", "no")


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


def hosted_seats(seats: Sequence[SeatSpec]) -> tuple[HostedSeat, ...]:
    """The New game seats as the server lays them out: gnomes stay gnomes, every
    person and friend seat is open for a person (the host takes the first)."""
    levels = {d.value: d for d in Difficulty}
    return tuple(
        HostedSeat(s.kind == "gnome", s.name if s.kind == "gnome" else "", levels.get(s.difficulty, Difficulty.MEDIUM))
        for s in seats
    )


def host_name(seats: Sequence[SeatSpec]) -> str:
    """The host's name at the table: the first person's."""
    return next((s.name for s in seats if s.kind == "person"), "Host")


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
        reconnect_seconds: float = 60.0,
        data_dir: Path | None = None,
        continued: ContinuedTable | None = None,
    ) -> None:
        self.continued = continued
        if continued is not None:
            self.seats = tuple(HostedSeat(k.kind is SeatKind.GNOME, k.name, k.level) for k in continued.seats)
            self.name = continued.host_name
            self.first_seat = continued.state.first_seat
            self.seed = continued.state.seed
            self.code = continued.code
            self.host_seat = continued.host_seat
        else:
            self.seats = hosted_seats(seats)
            if all(s.gnome for s in self.seats):
                raise ValueError("a hosted table needs a seat for the host")
            self.name = host_name(seats)
            self.first_seat = first_seat if 0 <= first_seat < len(self.seats) else 0
            self.seed = seed
            self.code = code or new_code()
            self.host_seat = next(i for i, s in enumerate(self.seats) if not s.gnome)
        self.keeper = HostKeeper(data_dir, self.host_seat) if data_dir is not None else None
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
        self._announcer: Announcer | None = None
        self.announce_error: str | None = None
        self._stopped = False

    # ------------------------------------------------------------------ life

    def start(self) -> HostFeed:
        """Listen, open the table and sit the host at it; raises :class:`HostError`."""
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
        return feed

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
        """``address:port`` for friends to type, best first (this computer only: loopback)."""
        if not self.loopback_only:
            with contextlib.suppress(Exception):
                found = [a for a in lan_addresses() if ":" not in a]
                if found:
                    return [f"{a}:{self.port}" for a in found]
        return [f"127.0.0.1:{self.port}"]

    def start_announcing(self) -> None:
        """Tell the local network about the table (once the host sits at it); quiet on failure."""
        if not self.announce or self.loopback_only or self._announcer is not None or self._stopped:
            return
        try:
            self._announcer = Announcer(self.port, self.code, self.name)
        except Exception as error:  # noqa: BLE001 - no multicast: friends type the address
            self.announce_error = str(error) or type(error).__name__
            self.announce = False

    def stop_announcing(self) -> None:
        announcer, self._announcer = self._announcer, None
        if announcer is not None:
            with contextlib.suppress(Exception):
                announcer.close()

    def fill_with_gnome(self, seat: int, level: Difficulty = Difficulty.MEDIUM) -> None:
        """The host puts a gnome in an open seat (the game starts when none is open).
        At a continued table a friend's kept seat stays theirs: the gnome plays it
        under their name until they join again."""
        if self._stopped:
            return
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
        self.server.stop()
        if self.keeper is not None:
            self.keeper.close()
