"""The seat feed: what drives a table on one screen, and the one way back.

A table (the pygame scene, or anything else that shows a game) never reads
the rules state. It is driven by a :class:`SeatFeed`:

* an :class:`~gnoming.rules.Observation` of the game as the seat(s) at this
  screen may see it (:meth:`SeatFeed.observation`), used to build the table
  once (a continued game) and to know what may be decided now;
* the events those seats may see, in the order they happened, each once
  (:meth:`SeatFeed.take_events`), which the table animates and folds into
  its displayed model;
* the actions of the people at this screen, sent back with
  :meth:`SeatFeed.submit`.

Everything else a table may want (is it my decision, which actions are legal,
why a pick is not allowed, a hint, the save messages, the final result) is a
question to the feed, answered from what the seat may know.

Two feeds exist or will: :class:`LocalFeed` runs the whole game on this
computer (it wraps a :class:`~gnoming.ui.session.GameSession`: the rules, the
computer gnomes' thinking, autosave); a network feed receives the same events
and observations from a server. The contract both keep:

1. After :meth:`~SeatFeed.take_events` has returned every event so far, the
   table's model built from them equals :meth:`~SeatFeed.observation` (the
   view-vs-rules test checks this for the local feed).
   An action may change the observation without any event (``stop`` only moves
   on to choosing a discard pile), so a table re-reads the observation after
   every submit and step, not only when events come.
2. No event names a card that is face down for everyone when the batch ends.
   The rules' only events that carry such a card are ``Placed``/``Bounced``
   with ``replaced_was_face_up`` false; their ``replaced`` card is turned up by
   the ``TurnedUp(REPLACED)`` of the same batch, so a feed delivers a batch whole
   (:func:`check_public` is the test of that). Deals carry no cards.
3. :meth:`~SeatFeed.legal_actions` is empty unless a seat at this screen has
   the decision and the feed is ready to accept it (not :attr:`~SeatFeed.waiting`); :meth:`~SeatFeed.submit`
   of an action not in it raises :class:`~gnoming.rules.IllegalActionError`
   and changes nothing.
4. Time comes in as a budget: :meth:`~SeatFeed.step` does a slice of work
   (local: a gnome thinks; remote: messages are read), never blocks longer.

This module imports nothing from pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from gnoming.ai.hints import HintThinker
from gnoming.ai.protocol import Thinker
from gnoming.i18n import N_
from gnoming.rules import Action, GameResult, IllegalActionError, Observation, TurnReason, observe
from gnoming.rules import events as E
from gnoming.store.settings import SeatSpec
from gnoming.ui.session import GameSession


class SeatFeed(Protocol):
    """A game as one screen takes part in it (see the module docstring)."""

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        """Every seat of the game in seat order: name, person or gnome, difficulty."""
        ...

    @property
    def screen_seats(self) -> tuple[int, ...]:
        """The seats played by people at this screen (empty: everyone is a gnome
        or plays elsewhere; the screen only watches)."""
        ...

    @property
    def seed(self) -> int | None:
        """The game's seed (shown to the player for bug reports); None where this
        screen does not know it (a network game: the seed would tell every card)."""
        ...

    @property
    def thinking_seat(self) -> int:
        """The gnome (or remote player) whose decision is awaited, -1 if none."""
        ...

    @property
    def waiting(self) -> bool:
        """An action was submitted and its answer has not come yet (the observation
        does not show it). A local feed answers at once: always False."""
        ...

    def observation(self) -> Observation:
        """The game now, as the screen seats may see it: seen from the screen seat
        that has the decision, else the first screen seat, else seat 0."""
        ...

    def take_events(self) -> list[E.Event]:
        """The events since the last call, in order (each returned once). The first
        call of a new game returns the deal."""
        ...

    def legal_actions(self) -> tuple[Action, ...]:
        """What the screen seat whose decision it is may do now; () otherwise."""
        ...

    def why_illegal(self, action: Action) -> str | None:
        """None if ``action`` may be submitted now, else why not in a player's words
        (an untranslated message id: pass it through ``_``)."""
        ...

    def submit(self, action: Action) -> None:
        """Play ``action`` for the screen seat whose decision it is; its events come
        from :meth:`take_events`. Raises IllegalActionError (changing nothing)."""
        ...

    def step(self, budget_s: float, act: bool = True) -> bool:
        """Do up to about ``budget_s`` seconds of work. Local: the gnome whose
        decision it is thinks, and plays once decided if ``act``; remote: pump the
        connection. True when new events are waiting."""
        ...

    def hint_thinker(self) -> HintThinker:
        """A Hard gnome's recommendation for the screen seat deciding now; step it
        a few milliseconds per frame like a gnome."""
        ...

    def take_messages(self) -> list[str]:
        """Words for the player from below the table (a save that failed, a lost
        connection), each once, already translated."""
        ...

    def result(self) -> GameResult | None:
        """Winners and totals once the game is over."""
        ...

    def record_json(self) -> str:
        """The game so far as a record (for the crash report and saves)."""
        ...

    def close(self) -> None:
        """The table is leaving: finish saving, close connections."""
        ...


def check_public(events: Sequence[E.Event]) -> None:
    """Raise ValueError if a batch of events leaves a face-down card named:
    every ``Placed``/``Bounced`` that lifts out a face-down card must be followed,
    in the same batch, by the ``TurnedUp(REPLACED)`` that shows it."""
    owed: list[tuple[int, int]] = []
    for event in events:
        if isinstance(event, (E.Placed, E.Bounced)) and not event.replaced_was_face_up:
            owed.append((event.seat, event.position))
        elif (
            isinstance(event, E.TurnedUp)
            and event.reason is TurnReason.REPLACED
            and (event.seat, event.position) in owed
        ):
            owed.remove((event.seat, event.position))
    if owed:
        raise ValueError(f"face-down cards named and never turned up: {owed}")


class LocalFeed:
    """The whole game on this computer: the rules, the gnomes (thinking through the
    :class:`~gnoming.ai.protocol.Thinker` API a slice at a time), autosave."""

    def __init__(self, session: GameSession) -> None:
        self.session = session
        state = session.state
        self._events: list[E.Event] = []
        if not state.history and state.round_index == 0:
            self._events = state.deal_events()
        self._thinker: Thinker | None = None
        self._thinking_seat = -1

    # ------------------------------------------------------------------ who is who

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        return self.session.config.seats

    @property
    def screen_seats(self) -> tuple[int, ...]:
        return tuple(self.session.person_seats())

    @property
    def seed(self) -> int:
        return self.session.config.seed

    @property
    def thinking_seat(self) -> int:
        return self._thinking_seat

    @property
    def waiting(self) -> bool:
        return False

    def _screen_decides(self) -> bool:
        state = self.session.state
        return not state.is_over() and state.current_seat() in self.screen_seats

    # ------------------------------------------------------------------ what is seen

    def observation(self) -> Observation:
        state = self.session.state
        screen = self.screen_seats
        seat = state.current_seat()
        viewer = seat if seat in screen else (screen[0] if screen else 0)
        return observe(state, viewer)

    def take_events(self) -> list[E.Event]:
        events, self._events = self._events, []
        return events

    # ------------------------------------------------------------------ deciding

    def legal_actions(self) -> tuple[Action, ...]:
        if not self._screen_decides():
            return ()
        return self.session.legal_actions()

    def why_illegal(self, action: Action) -> str | None:
        state = self.session.state
        if not self._screen_decides():
            return N_("Not now.") if not state.is_over() else N_("the game is over")
        return state.why_illegal(action)

    def submit(self, action: Action) -> None:
        if not self._screen_decides():
            raise IllegalActionError(self.why_illegal(action) or N_("Not now."))
        self._apply(action)

    def _apply(self, action: Action) -> None:
        events = self.session.apply(action)
        check_public(events)
        self._events.extend(events)

    def step(self, budget_s: float, act: bool = True) -> bool:
        state = self.session.state
        if state.is_over() or self._screen_decides():
            self._thinker = None
            self._thinking_seat = -1
            return bool(self._events)
        if self._thinker is None or self._thinking_seat != state.current_seat():
            self._thinker = self.session.bot_thinker()
            self._thinking_seat = state.current_seat()
        if self._thinker.step(budget_s) and act:
            action = self._thinker.result()
            self._thinker = None
            self._thinking_seat = -1
            self._apply(action)
        return bool(self._events)

    def hint_thinker(self) -> HintThinker:
        return self.session.hint_thinker()

    # ------------------------------------------------------------------ the rest

    def take_messages(self) -> list[str]:
        return self.session.take_messages()

    def result(self) -> GameResult | None:
        return self.session.state.result()

    def record_json(self) -> str:
        return self.session.record_json()

    def close(self) -> None:
        self.session.close()
