"""The network seat feed: a table on this screen, driven by a server.

:class:`RemoteFeed` keeps the :class:`~gnoming.feed.SeatFeed` contract with
what one seat receives: the observation of the latest snapshot, the events in
order, each once, and the legal actions when this seat decides. Its
connection lives on a background thread (:class:`~.connection.ClientThread`);
:meth:`RemoteFeed.step` only drains a queue, so a frame never waits for the
network. Nothing here reads a :class:`~gnoming.rules.GameState` of the real
game: there is none on this computer. A hint or a refusal's reason is worked
out on an imagined state (:func:`~gnoming.rules.determinize`), which needs
only what the seat may see.
"""

from __future__ import annotations

import json
import random
import time
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING

from gnoming.ai.hints import HintThinker, start_hint
from gnoming.i18n import N_, _
from gnoming.rules import (
    ROUNDS,
    Action,
    GameResult,
    IllegalActionError,
    Observation,
    Phase,
    determinize,
)
from gnoming.rules import events as E
from gnoming.store.settings import SeatSpec

from .connection import ClientThread, Disconnected
from .protocol import (
    PROTOCOL_VERSION,
    Act,
    EmoteId,
    EmoteShown,
    Hello,
    Leave,
    SeatKind,
    SeatStatus,
    TableSpec,
)
from .protocol import Emote as EmoteMessage
from .say import closing_text, problem_text
from .view import SeatNews, SeatView
from .wire import game_result_from_rounds

NOT_NOW = N_("Not now.")

_STATUS_LINES = {
    SeatStatus.RECONNECTING: N_("{name} lost the connection; their seat waits for them."),
    SeatStatus.GNOME_CONTROLLED: N_("A gnome plays for {name} until they come back."),
    SeatStatus.CONNECTED: N_("{name} is back at the table."),
    SeatStatus.OPEN: N_("{name} left the table."),
}

EMOTE_TEXTS = {
    EmoteId.NICE_BOUNCE: N_("Nice bounce!"),
    EmoteId.OH_NO_HAZARD: N_("Oh no, a hazard!"),
    EmoteId.WELL_PLAYED: N_("Well played!"),
    EmoteId.GOOD_LUCK: N_("Good luck!"),
    EmoteId.HMM: N_("Hmm..."),
    EmoteId.WOW: N_("Wow!"),
}


class RemoteFeed:
    """A :class:`~gnoming.feed.SeatFeed` for one seat at a table on a server."""

    def __init__(self, thread: ClientThread, clock: Callable[[], float] = time.monotonic) -> None:
        self._thread = thread
        self.clock = clock
        """Counts down a dropped friend's wait between two :meth:`step` calls: the
        server's timer runs while this screen is paused or covered, so this one does too."""
        self._stepped_at = clock()
        self.view = SeatView()
        self._submitted_seq = -1
        self._messages: list[str] = []
        self._lost: str | None = None
        self._closing_told = False

    @classmethod
    def join(
        cls,
        url: str,
        code: str,
        name: str,
        *,
        token: str | None = None,
        create: TableSpec | None = None,
    ) -> RemoteFeed:
        """Connect (on a background thread) and ask for a seat; returns at once."""
        hello = Hello(version=PROTOCOL_VERSION, code=code, name=name, token=token, create=create)
        thread = ClientThread(url, hello)
        thread.start()
        return cls(thread)

    # ------------------------------------------------------------------ who is who

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        return tuple(
            SeatSpec(
                "person" if info.kind is SeatKind.PERSON else "gnome",
                info.name or _("Open seat"),
                info.level.value,
            )
            for info in self.view.seats
        )

    @property
    def screen_seats(self) -> tuple[int, ...]:
        return (self.view.seat,) if self.view.joined else ()

    @property
    def seed(self) -> int | None:
        """Unknown here: the seed would tell every face-down card."""
        return None

    @property
    def thinking_seat(self) -> int:
        obs = self.view.observation
        if obs is None or obs.current_seat < 0 or obs.current_seat == self.view.seat:
            return -1
        return obs.current_seat

    @property
    def url(self) -> str:
        """The server this seat is connected to."""
        return self._thread.url

    @property
    def waiting(self) -> bool:
        """An action went to the server and its update has not come back yet."""
        return self._submitted_seq == self.view.seq and self._submitted_seq >= 0

    @property
    def ready(self) -> bool:
        """The game has started and a snapshot is here."""
        return self.view.observation is not None

    @property
    def ended(self) -> bool:
        return self.view.ended or self._lost is not None

    # ------------------------------------------------------------------ what is seen

    def observation(self) -> Observation:
        obs = self.view.observation
        if obs is None:
            raise RuntimeError("the game has not started yet: wait until ready")
        return obs

    def take_events(self) -> list[E.Event]:
        return self.view.take_events()

    # ------------------------------------------------------------------ deciding

    def _i_decide(self) -> bool:
        return (
            self.view.my_turn()
            and self._submitted_seq != self.view.seq
            and self.view.my_status() is SeatStatus.CONNECTED
            and not self.ended
        )

    def legal_actions(self) -> tuple[Action, ...]:
        return self.view.legal if self._i_decide() else ()

    def why_illegal(self, action: Action) -> str | None:
        if not self._i_decide():
            return NOT_NOW if not self.view.over else N_("the game is over")
        if action in self.view.legal:
            return None
        imagined = determinize(self.observation(), random.Random(0))
        return imagined.why_illegal(action)

    def submit(self, action: Action) -> None:
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalActionError(reason)
        self._submitted_seq = self.view.seq
        self._thread.send(Act(seq=self.view.seq, action=str(action)))

    def emote(self, emote: EmoteId) -> None:
        self._thread.send(EmoteMessage(emote=emote))

    def step(self, budget_s: float, act: bool = True) -> bool:
        """Read what arrived (never waits); True when events are waiting."""
        now = self.clock()
        self.view.pass_time(max(0.0, now - self._stepped_at))
        self._stepped_at = now
        for item in self._thread.poll():
            if isinstance(item, Disconnected):
                if item.final:
                    self._lost = item.reason
                    self._messages.append(_("The connection to the table was lost."))
                else:
                    self._messages.append(_("The connection dropped; trying to rejoin..."))
                continue
            try:
                self.view.receive(item)
            except ValueError:
                self._lost = "protocol"
                self._messages.append(_("The table sent something this game does not understand."))
                self._thread.close(0.0)
                break
        self._collect_news()
        return bool(self.view.events)

    def _collect_news(self) -> None:
        view = self.view
        for problem in view.problems:
            if problem.fatal:
                self._messages.append(problem_text(problem))
            else:
                self._submitted_seq = -1  # refused: decide again
        view.problems.clear()
        for news in view.news:
            if isinstance(news, SeatNews):
                name = news.seat.name or _("A friend")
                self._messages.append(_(_STATUS_LINES[news.seat.status]).format(name=name))
            elif isinstance(news, EmoteShown):
                name = view.seats[news.seat].name
                self._messages.append(f"{name}: {_(EMOTE_TEXTS[news.emote])}")
        view.news.clear()
        if view.closing is not None and not view.over and not self._closing_told:
            self._messages.append(closing_text(view.closing))
            self._closing_told = True

    def hint_thinker(self) -> HintThinker:
        seed = zlib.crc32(f"{self.view.code}:{self.view.seat}:{self.view.seq}".encode())
        return start_hint(self.observation(), self.view.legal, seed)

    # ------------------------------------------------------------------ the rest

    def take_messages(self) -> list[str]:
        messages, self._messages = self._messages, []
        return messages

    def result(self) -> GameResult | None:
        """From the last snapshot once it shows the game over (the server's Result
        message may come a frame later than the final round's events)."""
        obs = self.view.observation
        if obs is not None and obs.phase is Phase.GAME_OVER and len(obs.round_results) == ROUNDS:
            return game_result_from_rounds(obs.round_results)
        return self.view.game_result()

    def record_json(self) -> str:
        """What this seat knows of the game (the deal and the other seats' cards stay on the server)."""
        return json.dumps(
            {"network": True, "code": self.view.code, "seat": self.view.seat, "seq": self.view.seq},
            separators=(",", ":"),
        )

    def close(self) -> None:
        """Leaving the table: an unfinished game's seat goes to a gnome."""
        if not self.view.over and self.view.joined:
            self._thread.send(Leave())
        self._thread.close()


if TYPE_CHECKING:
    from gnoming.feed import SeatFeed

    def _a_remote_feed_is_a_seat_feed(feed: RemoteFeed) -> SeatFeed:
        return feed  # mypy checks the protocol here
