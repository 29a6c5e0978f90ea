"""The host's autosave of a network game, and the host's statistics of it.

A game hosted from this computer is decided by the table server running in
this process. A :class:`HostKeeper` listens to that table (the server calls
:meth:`HostKeeper.changed` on its loop after anything happened) and keeps the
game in the host's autosave as a local game is kept: the game record (seed,
seats, every action), plus what a network table needs to open again
(:class:`HostedSave` under the save's ``"network"`` extra): the join code,
the host's seat, and each person's seat token. Friends' clients kept the same
tokens, so when the host continues the game (:func:`continued_table`), each
friend who joins again with the same code sits down in their own seat, and
nobody else can take it.

When the game ends the host's seat is added to the statistics (its record
replays, so it counts once however often it is recorded) and the autosave is
cleared. Disk work happens on one background thread, never on the server's loop.
"""

from __future__ import annotations

import threading
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import msgspec

from gnoming.rules import MAX_SEATS, GameRecord, GameState
from gnoming.server.table import KeptSeat, Table
from gnoming.store.saves import SavedGame, SaveSlot, clear_game, save_game
from gnoming.store.stats import add_finished_game

from .protocol import Code, Difficulty, SeatKind, SeatStatus, Token

NETWORK_EXTRA = "network"
"""The key of a hosted game's table in the autosave's extras."""
HOSTED_VERSION = 1


class SavedSeatToken(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One seat of a hosted game as saved: a person's token (None for a gnome)."""

    token: Token | None = None
    gnome_plays: bool = False
    """A gnome was playing this person's seat when the game was saved."""


class HostedSave(msgspec.Struct, frozen=True, kw_only=True):
    """What the host's autosave holds besides the game record."""

    version: int = HOSTED_VERSION
    code: Code
    host_seat: Annotated[int, msgspec.Meta(ge=0, le=MAX_SEATS - 1)]
    seats: tuple[SavedSeatToken, ...]


@dataclass(frozen=True)
class ContinuedTable:
    """A saved network game, ready to be opened again (:meth:`TableServer.continue_table`)."""

    code: str
    host_seat: int
    host_token: str
    host_name: str
    state: GameState
    seats: tuple[KeptSeat, ...]


def is_hosted_save(saved: SavedGame) -> bool:
    """Whether an autosave is of a game this computer hosted for friends."""
    return NETWORK_EXTRA in saved.extra


def _level(value: object) -> Difficulty:
    levels = {d.value: d for d in Difficulty}
    return levels.get(value, Difficulty.MEDIUM) if isinstance(value, str) else Difficulty.MEDIUM


def continued_table(saved: SavedGame) -> ContinuedTable:
    """The table of a hosted autosave; raises ``ValueError`` when the save's table
    part is damaged (checked here, once: the code, the seat and every token)."""
    try:
        hosted = msgspec.convert(saved.extra.get(NETWORK_EXTRA), type=HostedSave)
    except msgspec.ValidationError as error:
        raise ValueError(f"the saved network table is damaged: {error}") from None
    record, state = saved.record, saved.state
    if hosted.version != HOSTED_VERSION:
        raise ValueError(f"the saved network table is of version {hosted.version}")
    if len(hosted.seats) != state.n_seats or len(record.seats) != state.n_seats:
        raise ValueError("the saved network table does not have the game's seats")
    host = hosted.seats[hosted.host_seat] if hosted.host_seat < state.n_seats else None
    if host is None or host.token is None:
        raise ValueError("the saved network table has no seat for its host")
    tokens = [s.token for s in hosted.seats if s.token is not None]
    if len(set(tokens)) != len(tokens):
        raise ValueError("two seats of the saved network table have the same token")
    seats = []
    for index, (info, kept) in enumerate(zip(record.seats, hosted.seats, strict=True)):
        person = info.get("kind") in ("person", "friend") and kept.token is not None
        seats.append(
            KeptSeat(
                kind=SeatKind.PERSON if person else SeatKind.GNOME,
                name=str(info.get("name", ""))[:24],
                level=_level(info.get("difficulty")),
                token=kept.token if person else None,
                gnome_plays=kept.gnome_plays and index != hosted.host_seat,
            )
        )
    return ContinuedTable(
        code=hosted.code,
        host_seat=hosted.host_seat,
        host_token=host.token,
        host_name=seats[hosted.host_seat].name,
        state=state,
        seats=tuple(seats),
    )


def table_record(table: Table, host_seat: int) -> GameRecord:
    """The game of ``table`` as a record: the host's seat is the person at this
    computer, the other people are friends."""
    assert table.state is not None
    seats = []
    for seat in table.seats:
        if seat.index == host_seat:
            kind = "person"
        else:
            kind = "gnome" if seat.kind is SeatKind.GNOME else "friend"
        seats.append({"kind": kind, "name": seat.name or f"Seat {seat.index + 1}", "difficulty": seat.level.value})
    return GameRecord.of(table.state, tuple(seats))


def table_extra(table: Table, host_seat: int) -> dict[str, Any]:
    """The autosave's extras for ``table``: its code, the host's seat, the tokens."""
    hosted = HostedSave(
        code=table.code,
        host_seat=host_seat,
        seats=tuple(
            SavedSeatToken(
                token=seat.token if seat.kind is SeatKind.PERSON else None,
                gnome_plays=seat.kind is SeatKind.PERSON and seat.status is SeatStatus.GNOME_CONTROLLED,
            )
            for seat in table.seats
        ),
    )
    return {NETWORK_EXTRA: msgspec.to_builtins(hosted)}


class HostKeeper:
    """Keeps a hosted table's game in the host's autosave and statistics (see the
    module docstring). :meth:`changed` runs on the server's loop; writing happens
    on this keeper's own thread, the newest game first (a save still waiting is
    replaced, never queued behind)."""

    def __init__(
        self,
        data_dir: Path,
        host_seat: int,
        *,
        slot: SaveSlot = SaveSlot.PERSON,
        count_statistics: bool = True,
    ) -> None:
        self.data_dir = data_dir
        self.host_seat = host_seat
        self.slot = slot
        self.count_statistics = count_statistics
        self._lock = threading.Lock()
        self._latest: tuple[GameRecord, dict[str, Any]] | None = None
        self._key: object = None
        self._finished = False
        self._messages: list[str] = []
        self._saver = ThreadPoolExecutor(max_workers=1, thread_name_prefix="host-autosave")
        self._pending: list[Future[None]] = []

    def changed(self, table: Table) -> None:
        """After anything happened at the table (on the server's loop)."""
        if table.state is None or self._finished:
            return
        if table.finished:
            self._finished = True
            record = table_record(table, self.host_seat)
            state = table.state
            with self._lock:
                self._latest = None
            self._submit(lambda: self._finish(record, state))
            return
        key = (table.seq, tuple((s.status, s.token, s.kind) for s in table.seats))
        if key == self._key:
            return
        self._key = key
        latest = (table_record(table, self.host_seat), table_extra(table, self.host_seat))
        with self._lock:
            queued = self._latest is not None
            self._latest = latest
        if not queued:
            self._submit(self._write_latest)

    def _submit(self, job: Any) -> None:
        try:
            self._pending.append(self._saver.submit(job))
        except RuntimeError:  # closed: the table outlived its host
            return
        self._pending = [f for f in self._pending if not f.done()]

    def _write_latest(self) -> None:
        with self._lock:
            latest, self._latest = self._latest, None
        if latest is None:
            return
        messages = save_game(self.data_dir, latest[0], latest[1], slot=self.slot)
        self._tell(messages)

    def _finish(self, record: GameRecord, state: GameState) -> None:
        messages: list[str] = []
        if self.count_statistics:
            # statistics first: a game counts once, so a stop in between loses nothing
            try:
                _stats, messages = add_finished_game(self.data_dir, state, record, [self.host_seat])
            except ValueError as error:
                messages = [str(error)]
        clear_game(self.data_dir, self.slot)
        self._tell(messages)

    def _tell(self, messages: list[str]) -> None:
        if messages:
            with self._lock:
                self._messages.extend(messages)

    def take_messages(self) -> list[str]:
        """Words for the host from saving (a full disk ...), each once."""
        with self._lock:
            messages, self._messages = self._messages, []
        return messages

    def close(self) -> None:
        """Wait until what was to be written is on disk."""
        self._saver.shutdown(wait=True)
