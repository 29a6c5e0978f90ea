"""One table on the server: seats, tokens, the rules state, who plays what.

No sockets and no clock here: a :class:`Table` is told the time (``now``) and
talks to each seat through a :class:`Link` (anything with ``send(bytes)`` and
``close()``), so the tests drive it directly. The asyncio server
(:mod:`gnoming.server.app`) owns the links, the timers and the gnomes' threads.

The rules decide everything: an action is applied only if it comes from the
link of the seat whose decision it is, answers the latest update, and the
rules accept it. Every update is built once from :func:`gnoming.rules.observe`
and the same bytes go to every seat, so no seat can be told more than another.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from gnoming.ai.characters import characters_of
from gnoming.net.protocol import (
    PROTOCOL_VERSION,
    CloseReason,
    Closing,
    Difficulty,
    EmoteId,
    EmoteShown,
    ErrorCode,
    Hello,
    Lobby,
    Message,
    Problem,
    Result,
    SeatChanged,
    SeatInfo,
    SeatKind,
    SeatStatus,
    TableSpec,
    Update,
    Welcome,
    encode,
)
from gnoming.net.wire import event_to_wire, observation_to_wire
from gnoming.rules import Action, GameResult, GameState, IllegalActionError, Observation, observe
from gnoming.rules import events as E


class Link(Protocol):
    """One client's connection, as a table sees it."""

    def send(self, data: bytes) -> None:
        """Queue one message; never blocks."""
        ...

    def close(self) -> None:
        """Close the connection (after what was queued)."""
        ...


@dataclass
class Seat:
    index: int
    kind: SeatKind
    name: str
    level: Difficulty
    status: SeatStatus
    token: str | None = None
    link: Link | None = None
    away_since: float | None = None
    kept: bool = False
    """A seat of a continued game: only its own token takes it, and the lobby waits
    for it (or for the host to let a gnome play it)."""

    @property
    def waiting(self) -> bool:
        """The lobby waits for this seat: open, or kept for its player."""
        return self.status is SeatStatus.OPEN or (self.kept and self.status is SeatStatus.RECONNECTING)

    def info(self, now: float | None = None, reconnect_seconds: float = 0.0) -> SeatInfo:
        """The seat as everyone sees it; with ``now``, a reconnecting seat says how
        many more seconds it waits for its friend."""
        wait: int | None = None
        if self.status is SeatStatus.RECONNECTING and self.away_since is not None and now is not None:
            # the time away first, then what is left: away_since + wait - now can round
            # up past the whole wait (30.000000000000004 s reads "31 s")
            left = reconnect_seconds - max(0.0, now - self.away_since)
            wait = max(0, min(86_400, math.ceil(left)))
        return SeatInfo(
            seat=self.index,
            name=self.name,
            kind=self.kind,
            status=self.status,
            level=self.level,
            wait_seconds=wait,
        )


@dataclass(frozen=True)
class GnomeTurn:
    """A decision a gnome must make: think on it anywhere, then :meth:`Table.play_gnome`."""

    seat: int
    seq: int
    level: Difficulty
    seed: int
    observation: Observation
    legal: tuple[Action, ...]


@dataclass(frozen=True)
class KeptSeat:
    """A seat of a saved game as a continued table lays it out again."""

    kind: SeatKind
    name: str
    level: Difficulty
    token: str | None = None
    """A person's seat token from the saved game (the same one their client kept)."""
    gnome_plays: bool = False
    """A gnome played the person's seat when the game was saved: it plays on until
    they come back, and the lobby does not wait for them."""


@dataclass
class Joined:
    seat: int


@dataclass
class Refused:
    problem: Problem
    counts_as_attempt: bool = field(default=False)
    """A wrong code or token: counted against the sender's join attempts."""


def display_name(name: str, index: int) -> str:
    """A friend's name as the table shows it (the decoder already refused control characters)."""
    return " ".join(name.split()) or f"Friend {index + 1}"


def unique_name(name: str, taken: Iterable[str]) -> str:
    """``name``, or ``name 2``, ``name 3``… when someone at the table has it already
    (two fresh copies of the game both come as "Friend"); at most 24 characters.

    >>> unique_name("Friend", ["Host", "friend"])
    'Friend 2'
    >>> unique_name("Tove", ["Host"])
    'Tove'
    """
    used = {t.casefold() for t in taken}
    if name.casefold() not in used:
        return name
    number = 2
    while True:
        suffix = f" {number}"
        candidate = name[: 24 - len(suffix)].rstrip() + suffix
        if candidate.casefold() not in used:
            return candidate
        number += 1


def new_token() -> str:
    return secrets.token_urlsafe(18)


def bot_seed(game_seed: int, seat: int, decision: int) -> int:
    """The same game and decision always give the gnome the same seed."""
    return (game_seed * 1_000_003 + seat * 10_007 + decision) % (2**63)


def spec_refusal(spec: TableSpec) -> str | None:
    """Why no table can be laid out for ``spec`` (the decoder checked each number
    alone, not that the gnomes leave a seat for a friend); None when one can.

    >>> spec_refusal(TableSpec(seats=2, gnomes=2))
    'a table needs at least one seat for a friend'
    >>> spec_refusal(TableSpec(seats=3, gnomes=2)) is None
    True
    """
    if not 0 <= spec.gnomes < spec.seats:
        return "a table needs at least one seat for a friend"
    return None


class Table:
    """A table of ``spec.seats`` seats, the last ``spec.gnomes`` of them gnomes."""

    def __init__(
        self,
        code: str,
        spec: TableSpec,
        seed: int,
        *,
        reconnect_seconds: float = 60.0,
        first_seat: int = 0,
    ) -> None:
        refusal = spec_refusal(spec)
        if refusal is not None:
            raise ValueError(refusal)
        self.code = code
        self.spec = spec
        self.seed = seed
        self.first_seat = first_seat
        self.reconnect_seconds = reconnect_seconds
        n_people = spec.seats - spec.gnomes
        gnome_names = [c.name for c in characters_of(spec.level.value)]
        self.seats: list[Seat] = []
        for index in range(spec.seats):
            if index < n_people:
                self.seats.append(Seat(index, SeatKind.PERSON, "", spec.level, SeatStatus.OPEN))
            else:
                name = gnome_names[(index - n_people) % len(gnome_names)]
                self.seats.append(
                    Seat(index, SeatKind.GNOME, name, spec.level, SeatStatus.GNOME_CONTROLLED)
                )
        self.state: GameState | None = None
        self.seq = 0
        self.closed = False
        self._last_update: bytes | None = None
        self.result_message: Result | None = None
        self._continued: GameState | None = None
        self.now: float | None = None
        """The time of the latest join, leave or tick (for the seconds a dropped seat waits)."""

    # ------------------------------------------------------------------ queries

    @property
    def started(self) -> bool:
        return self.state is not None

    @property
    def finished(self) -> bool:
        return self.state is not None and self.state.is_over()

    def result(self) -> GameResult | None:
        return None if self.state is None else self.state.result()

    def open_seats(self) -> int:
        """Seats the lobby waits for: open ones, and kept ones whose player is not back."""
        return sum(1 for s in self.seats if s.waiting)

    def links(self) -> list[Link]:
        return [s.link for s in self.seats if s.link is not None]

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        return tuple(s.info(self.now, self.reconnect_seconds) for s in self.seats)

    # ------------------------------------------------------------------ sending

    def _send(self, seat: Seat, message: Message) -> None:
        if seat.link is not None:
            seat.link.send(encode(message))

    def _broadcast(self, data: bytes) -> None:
        for link in self.links():
            link.send(data)

    def _broadcast_seat(self, seat: Seat) -> None:
        if self.started:
            self._broadcast(encode(SeatChanged(seat=seat.info(self.now, self.reconnect_seconds))))
        else:
            self._broadcast_lobby()

    def _broadcast_lobby(self) -> None:
        self._broadcast(
            encode(
                Lobby(
                    code=self.code,
                    seats=self.seat_infos(),
                    open_seats=self.open_seats(),
                    reconnect_seconds=self.reconnect_seconds,
                )
            )
        )

    # ------------------------------------------------------------------ joining

    def join(self, link: Link, hello: Hello, now: float) -> Joined | Refused:
        """Seat the sender of ``hello``: by token (rejoin) or in the first open seat."""
        self.now = now
        if hello.version != PROTOCOL_VERSION:
            return Refused(version_problem())
        if self.closed:
            return Refused(
                Problem(error=ErrorCode.UNKNOWN_TABLE, message="this table has closed", fatal=True, code=self.code)
            )
        if hello.token is not None:
            return self._rejoin(link, hello.token, now)
        seat = next((s for s in self.seats if s.status is SeatStatus.OPEN), None)
        if seat is None:
            if any(s.kept for s in self.seats):
                return Refused(_problem(ErrorCode.TABLE_FULL, "every seat at this table is kept for the player who sat there", fatal=True))
            return Refused(_problem(ErrorCode.TABLE_FULL, "every seat at this table is taken", fatal=True))
        others = (s.name for s in self.seats if s is not seat and s.status is not SeatStatus.OPEN)
        seat.name = unique_name(display_name(hello.name, seat.index), others)
        seat.token = new_token()
        seat.link = link
        seat.status = SeatStatus.CONNECTED
        self._welcome(seat)
        if self.started:  # pragma: no cover - open seats exist only in the lobby
            self._send_snapshot(seat)
        elif self.open_seats() == 0:
            self._broadcast_lobby()
            self.start()
        else:
            self._broadcast_lobby()
        return Joined(seat.index)

    def _rejoin(self, link: Link, token: str, now: float) -> Joined | Refused:
        seat = next(
            (s for s in self.seats if s.token is not None and secrets.compare_digest(s.token, token)),
            None,
        )
        if seat is None:
            return Refused(
                _problem(ErrorCode.BAD_TOKEN, "that seat token is not for this table", fatal=True),
                counts_as_attempt=True,
            )
        old = seat.link
        seat.link = link
        seat.status = SeatStatus.CONNECTED
        seat.away_since = None
        if old is not None and old is not link:
            old.send(encode(_problem(ErrorCode.TAKEN_OVER, "your seat was taken up from another connection", fatal=True)))
            old.close()
        self._welcome(seat)
        if self.started:
            self._send_snapshot(seat)
        self._broadcast_seat(seat)
        self._start_when_seated()
        return Joined(seat.index)

    def _start_when_seated(self) -> None:
        if not self.started and not self.closed and self.open_seats() == 0:
            self.start()

    def _welcome(self, seat: Seat) -> None:
        assert seat.token is not None
        self._send(
            seat,
            Welcome(
                version=PROTOCOL_VERSION,
                code=self.code,
                seat=seat.index,
                token=seat.token,
                seats=self.seat_infos(),
                reconnect_seconds=self.reconnect_seconds,
            ),
        )

    def leave(self, seat_index: int, link: Link, now: float) -> None:
        """The connection of ``seat_index`` closed (or the friend said goodbye)."""
        self.now = now
        seat = self.seats[seat_index]
        if seat.link is not link:
            return  # an old connection of a seat rejoined elsewhere
        seat.link = None
        if not self.started and seat.kept:
            if seat.status is SeatStatus.CONNECTED:
                seat.status = SeatStatus.RECONNECTING  # still kept for them
        elif not self.started:
            seat.status = SeatStatus.OPEN
            seat.token = None
            seat.name = ""
        elif self.finished or seat.status is SeatStatus.GNOME_CONTROLLED:
            return
        else:
            seat.status = SeatStatus.RECONNECTING
            seat.away_since = now
            if self.reconnect_seconds <= 0:
                seat.status = SeatStatus.GNOME_CONTROLLED
        self._broadcast_seat(seat)

    def give_to_gnome(self, seat_index: int) -> None:
        """The friend left for good (said goodbye): a gnome plays on at once."""
        seat = self.seats[seat_index]
        if self.started and not self.finished and seat.kind is SeatKind.PERSON:
            seat.status = SeatStatus.GNOME_CONTROLLED
            seat.away_since = None
            self._broadcast_seat(seat)

    def next_deadline(self) -> float | None:
        """When :meth:`tick` has something to do next."""
        times = [s.away_since + self.reconnect_seconds for s in self.seats if s.away_since is not None]
        return min(times) if times else None

    def tick(self, now: float) -> None:
        """Seats away longer than the reconnect time are played by a gnome from now."""
        self.now = now
        for seat in self.seats:
            if (
                seat.status is SeatStatus.RECONNECTING
                and seat.away_since is not None
                and now >= seat.away_since + self.reconnect_seconds
            ):
                seat.status = SeatStatus.GNOME_CONTROLLED
                seat.away_since = None
                self._broadcast_seat(seat)

    # ------------------------------------------------------------------ playing

    def start(self) -> None:
        """Deal (or, at a continued table, carry on where the saved game stopped)."""
        if self._continued is not None:
            self.state, self._continued = self._continued, None
            self._last_update = self._update((), resync=True)
            self._broadcast(self._last_update)
            return
        state, events = GameState.start(self.spec.seats, first_seat=self.first_seat, seed=self.seed)
        self.state = state
        self._publish(events)

    def _update(self, events: Sequence[E.Event], resync: bool = False) -> bytes:
        assert self.state is not None
        return encode(
            Update(
                seq=self.seq,
                observation=observation_to_wire(observe(self.state, 0)),
                events=tuple(event_to_wire(e) for e in events),
                legal=tuple(str(a) for a in self.state.legal_actions()),
                resync=resync,
            )
        )

    def _publish(self, events: Sequence[E.Event]) -> None:
        data = self._update(events)
        self._last_update = data
        self._broadcast(data)
        if self.finished:
            result = self.result()
            assert result is not None
            self.result_message = Result(
                code=self.code,
                round_scores=result.round_scores,
                totals=result.totals,
                winners=result.winners,
                tie_break=result.tie_break.value,
                names=tuple(s.name or f"Seat {s.index + 1}" for s in self.seats),
            )
            self._broadcast(encode(self.result_message))

    def _send_snapshot(self, seat: Seat) -> None:
        if seat.link is not None:
            seat.link.send(self._update((), resync=True))
            if self.result_message is not None:
                seat.link.send(encode(self.result_message))

    def act(self, seat_index: int, seq: int, action: Action) -> Problem | None:
        """A friend's action; None when it was played, else what was wrong (nothing changed)."""
        state = self.state
        if state is None:
            return _problem(ErrorCode.NOT_YOUR_TURN, "the game has not started yet")
        if state.is_over():
            return _problem(ErrorCode.ILLEGAL, "the game is over")
        if state.current_seat() != seat_index or self.seats[seat_index].status is not SeatStatus.CONNECTED:
            return _problem(ErrorCode.NOT_YOUR_TURN, "it is not your turn")
        if seq != self.seq:
            return _problem(ErrorCode.STALE, "the table has moved on since")
        return self._apply(action)

    def _apply(self, action: Action) -> Problem | None:
        assert self.state is not None
        try:
            events = self.state.apply(action)
        except IllegalActionError as error:
            return _problem(ErrorCode.ILLEGAL, str(error))
        self.seq += 1
        self._publish(events)
        return None

    def gnome_turn(self) -> GnomeTurn | None:
        """The decision a gnome must make now, if any."""
        state = self.state
        if state is None or state.is_over():
            return None
        seat = self.seats[state.current_seat()]
        if seat.status is not SeatStatus.GNOME_CONTROLLED:
            return None
        return GnomeTurn(
            seat=seat.index,
            seq=self.seq,
            level=seat.level,
            seed=bot_seed(self.seed, seat.index, self.seq),
            observation=observe(state, seat.index),
            legal=state.legal_actions(),
        )

    def play_gnome(self, turn: GnomeTurn, action: Action) -> bool:
        """Play a gnome's decision unless the table moved on or the friend came back."""
        state = self.state
        if (
            state is None
            or state.is_over()
            or self.seq != turn.seq
            or state.current_seat() != turn.seat
            or self.seats[turn.seat].status is not SeatStatus.GNOME_CONTROLLED
        ):
            return False
        return self._apply(action) is None

    def lay_out(self, seats: Sequence[tuple[bool, str, Difficulty]]) -> None:
        """Before anyone joins: gnomes at the seats the host chose (``(is_gnome, name,
        level)`` per seat), the other seats open for people."""
        if self.started or self.links() or len(seats) != len(self.seats):
            raise ValueError("a table is laid out once, before anyone joins, seat for seat")
        if all(gnome for gnome, _name, _level in seats):
            raise ValueError("a table needs at least one seat for a friend")
        self.seats = [
            Seat(i, SeatKind.GNOME, name, level, SeatStatus.GNOME_CONTROLLED)
            if gnome
            else Seat(i, SeatKind.PERSON, "", level, SeatStatus.OPEN)
            for i, (gnome, name, level) in enumerate(seats)
        ]

    def continue_game(self, state: GameState, seats: Sequence[KeptSeat]) -> None:
        """Before anyone joins: lay the table out as a saved game left it. The lobby
        waits for each person whose seat is kept (they come back with their token,
        nobody else can take it) unless the host lets a gnome play it; then the game
        carries on from ``state``."""
        if self.started or self.links() or len(seats) != len(self.seats) or state.n_seats != len(seats):
            raise ValueError("a table is laid out once, before anyone joins, seat for seat")
        if state.is_over():
            raise ValueError("a finished game cannot be continued")
        if not any(s.kind is SeatKind.PERSON and s.token for s in seats):
            raise ValueError("a continued table needs a seat kept for a person")
        laid_out = []
        for i, kept in enumerate(seats):
            if kept.kind is SeatKind.GNOME or kept.token is None:
                laid_out.append(Seat(i, SeatKind.GNOME, kept.name, kept.level, SeatStatus.GNOME_CONTROLLED))
            else:
                status = SeatStatus.GNOME_CONTROLLED if kept.gnome_plays else SeatStatus.RECONNECTING
                name = display_name(kept.name, i)
                laid_out.append(Seat(i, SeatKind.PERSON, name, kept.level, status, token=kept.token, kept=True))
        self.seats = laid_out
        if state.seed is not None:
            self.seed = state.seed
        self.first_seat = state.first_seat
        self.seq = len(state.history)
        self._continued = state

    def seat_gnome(self, index: int, name: str, level: Difficulty) -> bool:
        """The host fills an open seat with a gnome in the lobby; the game starts
        when no seat is left open. A seat kept for a friend of a continued game
        keeps their name and token: the gnome plays it until they come back.
        False if the seat does not wait for anyone (nothing changes)."""
        if self.started or self.closed or not 0 <= index < len(self.seats):
            return False
        seat = self.seats[index]
        if not seat.waiting or seat.link is not None:
            return False
        if seat.kept:
            seat.status = SeatStatus.GNOME_CONTROLLED
            seat.level = level
        else:
            self.seats[index] = Seat(index, SeatKind.GNOME, name, level, SeatStatus.GNOME_CONTROLLED)
        self._broadcast_lobby()
        self._start_when_seated()
        return True

    def choose_stand_in(self, level: Difficulty, reconnect_seconds: float) -> bool:
        """In the lobby, the host chooses the gnome that plays a friend's seat when
        the friend is away longer than ``reconnect_seconds``; everyone is told.
        False once the game has started (nothing changes)."""
        if self.started or self.closed or not 0 <= reconnect_seconds <= 86_400:
            return False
        self.reconnect_seconds = reconnect_seconds
        for seat in self.seats:
            if seat.kind is SeatKind.PERSON:
                seat.level = level
        self._broadcast_lobby()
        return True

    def emote(self, seat_index: int, emote: EmoteId) -> None:
        self._broadcast(encode(EmoteShown(seat=seat_index, emote=emote)))

    def close(
        self,
        reason: CloseReason,
        message: str,
        *,
        name: str | None = None,
        seconds: int | None = None,
    ) -> None:
        """Tell everyone the table is closing (why, with the host's ``name`` or the
        ``seconds`` it waited), and close their connections."""
        if self.closed:
            return
        self.closed = True
        data = encode(Closing(reason=reason, message=message, name=name, seconds=seconds))
        for link in self.links():
            link.send(data)
            link.close()


def _problem(error: ErrorCode, message: str, *, fatal: bool = False) -> Problem:
    return Problem(error=error, message=message, fatal=fatal)


def version_problem() -> Problem:
    """The refusal of a client of another protocol version: in the shape every
    version decodes (``error``, ``message``, ``fatal``), plus this table's version."""
    return Problem(
        error=ErrorCode.VERSION,
        message=f"this table plays version {PROTOCOL_VERSION} of the network game",
        fatal=True,
        version=PROTOCOL_VERSION,
    )
