"""What a client knows of its table, built from the server's messages alone.

:class:`SeatView` is fed decoded :mod:`~gnoming.net.protocol` messages and
keeps the seat, its token, who sits where, the latest snapshot as an
:class:`~gnoming.rules.Observation`, the events not yet shown, the legal
actions when it is this seat's decision, and the end. No sockets, no threads:
the connection (:mod:`gnoming.net.connection`), the headless player and the
table's :class:`~gnoming.net.client.RemoteFeed` all stand on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gnoming.rules import Action, GameResult, Observation
from gnoming.rules import events as E

from .protocol import (
    Closing,
    EmoteShown,
    Lobby,
    Problem,
    ProtocolError,
    Result,
    SeatChanged,
    SeatInfo,
    SeatStatus,
    ServerMessage,
    Update,
    Welcome,
)
from .wire import event_from_wire, game_result_from_rounds, observation_from_wire


@dataclass(frozen=True)
class SeatNews:
    """Someone's seat changed: shown to the player as a short line."""

    seat: SeatInfo


@dataclass
class SeatView:
    """The table as one client knows it."""

    seat: int = -1
    token: str | None = None
    code: str | None = None
    reconnect_seconds: float = 60.0
    seats: list[SeatInfo] = field(default_factory=list)
    open_seats: int = 0
    observation: Observation | None = None
    seq: int = -1
    legal: tuple[Action, ...] = ()
    events: list[E.Event] = field(default_factory=list)
    """Events not yet taken by the screen."""
    resynced: bool = False
    """The last snapshot came without its events (a rejoin): rebuild from the observation."""
    result: Result | None = None
    closing: Closing | None = None
    fatal: Problem | None = None
    problems: list[Problem] = field(default_factory=list)
    news: list[SeatNews | EmoteShown] = field(default_factory=list)
    wait_left: dict[int, float] = field(default_factory=dict)
    """Seat -> seconds its dropped friend still has before the gnome stands in (told
    by the server, counted down by :meth:`pass_time` as the client's time passes)."""

    # ------------------------------------------------------------------ state

    @property
    def joined(self) -> bool:
        return self.seat >= 0

    @property
    def started(self) -> bool:
        return self.observation is not None

    @property
    def over(self) -> bool:
        return self.result is not None

    @property
    def ended(self) -> bool:
        """Nothing more will come: the result is in, or the table or the server said goodbye."""
        return self.result is not None or self.closing is not None or self.fatal is not None

    def my_turn(self) -> bool:
        obs = self.observation
        return obs is not None and obs.current_seat == self.seat and bool(self.legal)

    def game_result(self) -> GameResult | None:
        obs = self.observation
        if obs is None or self.result is None or len(obs.round_results) != 3:
            return None
        return game_result_from_rounds(obs.round_results)

    def pass_time(self, dt: float) -> None:
        """Count down the reconnecting seats' waits by ``dt`` seconds of the screen's time."""
        for seat, left in self.wait_left.items():
            self.wait_left[seat] = max(0.0, left - dt)

    def _note_waits(self, infos: list[SeatInfo] | tuple[SeatInfo, ...]) -> None:
        for info in infos:
            if info.status is SeatStatus.RECONNECTING and info.wait_seconds is not None:
                self.wait_left[info.seat] = float(info.wait_seconds)
            else:
                self.wait_left.pop(info.seat, None)

    def take_events(self) -> list[E.Event]:
        events, self.events = self.events, []
        return events

    # ------------------------------------------------------------------ messages

    def receive(self, message: ServerMessage) -> None:
        """Fold one message in; raises :class:`ProtocolError` if it does not fit."""
        match message:
            case Welcome():
                self.seat = message.seat
                self.token = message.token
                self.code = message.code
                self.reconnect_seconds = message.reconnect_seconds
                self.seats = list(message.seats)
                self._check_seats()
                self._note_waits(message.seats)
            case Lobby():
                self.seats = list(message.seats)
                self.open_seats = message.open_seats
                if message.reconnect_seconds is not None:
                    self.reconnect_seconds = message.reconnect_seconds
                self._check_seats()
                self._note_waits(message.seats)
            case SeatChanged():
                index = message.seat.seat
                if not 0 <= index < len(self.seats):
                    raise ProtocolError(f"seat {index} is not at this table")
                self.seats[index] = message.seat
                self._note_waits((message.seat,))
                if index != self.seat:
                    self.news.append(SeatNews(message.seat))
            case Update():
                self._update(message)
            case EmoteShown():
                if 0 <= message.seat < len(self.seats):
                    self.news.append(message)
            case Problem():
                self.problems.append(message)
                if message.fatal:
                    self.fatal = message
            case Result():
                self.result = message
            case Closing():
                self.closing = message

    def _check_seats(self) -> None:
        if [s.seat for s in self.seats] != list(range(len(self.seats))):
            raise ProtocolError("the seats are not listed in order")
        if self.seat >= len(self.seats):
            raise ProtocolError(f"seat {self.seat} is not at this table")

    def _update(self, update: Update) -> None:
        if self.seat < 0:
            raise ProtocolError("an update before the welcome")
        obs = observation_from_wire(update.observation, self.seat)
        if self.seats and obs.n_seats != len(self.seats):
            raise ProtocolError("the snapshot has another number of seats than the table")
        events = [event_from_wire(e, obs.n_seats) for e in update.events]
        self.observation = obs
        self.seq = update.seq
        self.legal = tuple(Action.parse(text) for text in update.legal)
        if update.resync:
            self.resynced = True
            self.events.clear()
        else:
            self.events.extend(events)

    def my_status(self) -> SeatStatus | None:
        return self.seats[self.seat].status if 0 <= self.seat < len(self.seats) else None
