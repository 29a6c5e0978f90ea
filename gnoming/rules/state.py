"""The state of a game and the one way to change it: :meth:`GameState.apply`.

The state is a plain mutable object tuned for speed (the computer opponents
play thousands of games forward). Everything outside the rules treats it as
read-only and changes it only through actions; :meth:`GameState.clone` gives a
copy to explore with.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence

from . import actions as A
from .actions import Action, ActionKind, canonical
from .cards import Card, full_deck
from .errors import N_, IllegalActionError
from .events import (
    DRAW_PILE,
    Bounced,
    Dealt,
    Discarded,
    DiscardPileStarted,
    Drawn,
    DrawPileRebuilt,
    EndgameTriggered,
    Event,
    GameOver,
    HazardReason,
    HazardRemoved,
    HazardTurnDeclined,
    Placed,
    Refused,
    RoundScored,
    RoundStarted,
    TurnedUp,
    TurnEnded,
    TurnReason,
    TurnStarted,
)
from .scoring import GameResult, RoundResult, decide_winners, layout_points, score_round

MIN_SEATS = 2
MAX_SEATS = 7
ROUNDS = 3
INITIAL_FLIPS = 2
TURN_LIMIT = 30
"""A round ends when every player has had this many turns and nobody went out."""

ALL_FILLED = (1 << 9) - 1
HAZARD = Card.HAZARD
MULLIGAN = Card.MULLIGAN


class Phase(enum.Enum):
    """Which kind of decision the game is waiting for."""

    INITIAL_FLIP = "initial flip"
    """A player chooses a card of their own to turn up at the start of the round."""
    DRAW = "draw"
    """The player whose turn it is draws from the draw pile or a discard pile."""
    PLAY = "play"
    """The player holds the drawn card: keep it somewhere, or refuse it."""
    BOUNCE = "bounce"
    """The card just turned up matches: bounce it to another position, or stop."""
    DISCARD = "discard"
    """The player chooses the discard pile for the card in hand."""
    HAZARD_TURN = "hazard turn"
    """After a hazard was discarded, another player may turn up one face-down card."""
    GAME_OVER = "game over"
    """Three rounds were played."""
    ROUND_OVER = "round over"
    """Only in a search copy made with ``clone(stop_at_round_end=True)``: the
    round was scored and the next one is not dealt (nothing is legal)."""


class GameState:
    """A game of 2-7 seats over three rounds.

    >>> import random
    >>> state = GameState.new(4, random.Random(1))
    >>> state.phase, state.current_seat()
    (<Phase.INITIAL_FLIP: 'initial flip'>, 0)
    >>> events = state.apply(A.flip(0))
    """

    __slots__ = (
        "n_seats",
        "first_seat",
        "seed",
        "rng",
        "round_index",
        "round_starter",
        "layouts",
        "face_up",
        "face_down_count",
        "draw_pile",
        "draw_pile_known",
        "discard_piles",
        "removed_hazards",
        "phase",
        "seat",
        "turn_seat",
        "held",
        "held_from",
        "bounce_from",
        "filled",
        "flip_queue",
        "hazard_queue",
        "turns_taken",
        "went_out_first",
        "final_turns_left",
        "round_results",
        "history",
        "stop_at_round_end",
        "_legal",
    )

    n_seats: int
    first_seat: int
    seed: int | None
    rng: random.Random
    round_index: int
    round_starter: int
    layouts: list[list[Card]]
    face_up: list[list[bool]]
    face_down_count: list[int]
    draw_pile: list[Card]
    """Top card last."""
    draw_pile_known: bool
    """The draw pile was rebuilt from the discard piles this round: the whole
    table saw those cards and every card drawn since, so which cards it holds
    (not their order) is public."""
    discard_piles: list[list[Card]]
    """Piles A and B, top card last."""
    removed_hazards: list[Card]
    phase: Phase
    seat: int
    """Whose decision it is."""
    turn_seat: int
    """Whose turn it is (during set-up: who starts the round)."""
    held: Card | None
    """The card in hand: drawn, lifted out for a bounce, or about to be discarded."""
    held_from: int
    """Where the drawn card came from: -1 the draw pile, else the discard pile."""
    bounce_from: int
    """During a bounce decision: the position the matching card was lifted from."""
    filled: int
    """Bit mask of the positions filled during this turn."""
    flip_queue: list[int]
    hazard_queue: list[int]
    turns_taken: int
    went_out_first: int | None
    final_turns_left: int
    round_results: list[RoundResult]
    history: list[Action]
    stop_at_round_end: bool
    """A search copy: stop in :attr:`Phase.ROUND_OVER` instead of dealing the next round."""
    _legal: tuple[Action, ...] | None

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls,
        n_seats: int,
        rng: random.Random | None = None,
        *,
        first_seat: int = 0,
        seed: int | None = None,
    ) -> GameState:
        """A new game, dealt and waiting for the first initial flip.

        Give either ``seed`` (recorded, so the game can be replayed from its
        record) or an ``rng`` of your own.
        """
        if not MIN_SEATS <= n_seats <= MAX_SEATS:
            raise ValueError(f"a game has {MIN_SEATS} to {MAX_SEATS} players, not {n_seats}")
        if not 0 <= first_seat < n_seats:
            raise ValueError(f"the first player must be one of seats 0 to {n_seats - 1}")
        if rng is None:
            if seed is None:
                raise ValueError("give a seed or a random generator")
            rng = random.Random(seed)
        state = cls.__new__(cls)
        state.n_seats = n_seats
        state.first_seat = first_seat
        state.seed = seed
        state.rng = rng
        state.round_index = 0
        state.round_results = []
        state.history = []
        state.stop_at_round_end = False
        state._start_round(first_seat, [])
        return state

    @classmethod
    def start(
        cls,
        n_seats: int,
        rng: random.Random | None = None,
        *,
        first_seat: int = 0,
        seed: int | None = None,
    ) -> tuple[GameState, list[Event]]:
        """Like :meth:`new`, and also the events of the first deal, for the screen."""
        state = cls.new(n_seats, rng, first_seat=first_seat, seed=seed)
        return state, state.deal_events()

    def deal_events(self) -> list[Event]:
        """The events of the current round's deal as they happened: dealing,
        starting the discard piles, hazards removed at set-up, and the initial
        flips made so far. Lets a screen show a round from its beginning."""
        n = self.n_seats
        starter = self.round_starter
        events: list[Event] = [RoundStarted(self.round_index, starter)]
        order = [(starter + k) % n for k in range(n)]
        events.extend(Dealt(seat, position) for position in range(9) for seat in order)
        events.extend(HazardRemoved(-1, HazardReason.SETUP) for _ in self.removed_hazards)
        events.extend(DiscardPileStarted(pile, self.discard_piles[pile][0]) for pile in (0, 1))
        return events

    def clone(self, *, stop_at_round_end: bool | None = None) -> GameState:
        """An independent copy, random generator included.

        ``stop_at_round_end=True`` makes a copy for search: when its current
        round ends it is scored (``round_results[-1]``) and the copy stops in
        :attr:`Phase.ROUND_OVER` without shuffling and dealing the next round.
        ``None`` keeps the setting of the original.

        >>> state = GameState.new(2, seed=4)
        >>> copy = state.clone(stop_at_round_end=True)
        >>> while not copy.round_over():
        ...     _ = copy.apply(copy.legal_actions()[0])
        >>> len(copy.round_results), copy.round_index, copy.legal_actions()
        (1, 0, ())
        """
        other = GameState.__new__(GameState)
        other.n_seats = self.n_seats
        other.first_seat = self.first_seat
        other.seed = self.seed
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.round_index = self.round_index
        other.round_starter = self.round_starter
        other.layouts = [layout[:] for layout in self.layouts]
        other.face_up = [up[:] for up in self.face_up]
        other.face_down_count = self.face_down_count[:]
        other.draw_pile = self.draw_pile[:]
        other.draw_pile_known = self.draw_pile_known
        other.discard_piles = [self.discard_piles[0][:], self.discard_piles[1][:]]
        other.removed_hazards = self.removed_hazards[:]
        other.phase = self.phase
        other.seat = self.seat
        other.turn_seat = self.turn_seat
        other.held = self.held
        other.held_from = self.held_from
        other.bounce_from = self.bounce_from
        other.filled = self.filled
        other.flip_queue = self.flip_queue[:]
        other.hazard_queue = self.hazard_queue[:]
        other.turns_taken = self.turns_taken
        other.went_out_first = self.went_out_first
        other.final_turns_left = self.final_turns_left
        other.round_results = self.round_results[:]
        other.history = self.history[:]
        other.stop_at_round_end = (
            self.stop_at_round_end if stop_at_round_end is None else stop_at_round_end
        )
        other._legal = self._legal
        return other

    # ------------------------------------------------------------------ queries

    def current_seat(self) -> int:
        """The seat whose decision it is (-1 once the game is over)."""
        return self.seat

    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    def round_over(self) -> bool:
        """The current round has been scored and play stopped there: the game is
        over, or this is a search copy that stops at the end of a round."""
        return self.phase is Phase.ROUND_OVER or self.phase is Phase.GAME_OVER

    @property
    def round_number(self) -> int:
        """1, 2 or 3 (3 also after the game is over)."""
        return min(self.round_index + 1, ROUNDS)

    def round_scores(self) -> list[tuple[int, ...]]:
        """The scores of the rounds played so far, ``[round][seat]``."""
        return [r.scores for r in self.round_results]

    def totals(self) -> list[int]:
        """Each seat's game total so far."""
        totals = [0] * self.n_seats
        for result in self.round_results:
            for seat, score in enumerate(result.scores):
                totals[seat] += score
        return totals

    def result(self) -> GameResult | None:
        """Winners and totals once the game is over."""
        if self.phase is not Phase.GAME_OVER:
            return None
        return decide_winners(self.round_scores())

    def visible_points(self, seat: int) -> int:
        """Points of a layout counting only its face-up cards (face-down count as 0)."""
        layout = self.layouts[seat]
        up = self.face_up[seat]
        return layout_points([layout[p] if up[p] else MULLIGAN for p in range(9)])

    def legal_actions(self) -> tuple[Action, ...]:
        """Every action the current seat may take now."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> tuple[Action, ...]:
        phase = self.phase
        if phase is Phase.DRAW:
            piles = self.discard_piles
            out: list[Action] = []
            if self.draw_pile or len(piles[0]) > 1 or len(piles[1]) > 1:
                out.append(A.DRAW)
            for pile in (0, 1):
                if piles[pile] and (piles[pile][-1] is not MULLIGAN or self._may_keep_mulligan()):
                    out.append(A.TAKES[pile])
            return tuple(out)
        if phase is Phase.PLAY:
            seat = self.seat
            if self.held is MULLIGAN:
                layout = self.layouts[seat]
                up = self.face_up[seat]
                others = [p for p in range(9) if up[p] and layout[p] is MULLIGAN]
                if others:
                    keeps = tuple(A.KEEPS[p] for p in others) if len(others) == 1 else ()
                else:
                    keeps = A.KEEPS
            else:
                keeps = A.KEEPS
            if self.held_from == DRAW_PILE:
                return (*keeps, A.REFUSE)
            return keeps
        if phase is Phase.BOUNCE:
            filled = self.filled
            return (*(A.BOUNCES[p] for p in range(9) if not filled >> p & 1), A.STOP)
        if phase is Phase.DISCARD:
            piles = self.discard_piles
            if piles[0] and not piles[1]:
                return (A.DISCARDS[1],)
            if piles[1] and not piles[0]:
                return (A.DISCARDS[0],)
            return A.DISCARDS
        if phase is Phase.INITIAL_FLIP:
            up = self.face_up[self.seat]
            return tuple(A.FLIPS[p] for p in range(9) if not up[p])
        if phase is Phase.HAZARD_TURN:
            up = self.face_up[self.seat]
            return (*(A.TURNS[p] for p in range(9) if not up[p]), A.DECLINE)
        return ()

    def _may_keep_mulligan(self) -> bool:
        """A mulligan can be kept somewhere: at most one face-up mulligan in the layout
        (keeping onto that one leaves one)."""
        return self._face_up_mulligans() <= 1

    # ------------------------------------------------------------------ changes

    def apply(self, action: Action) -> list[Event]:
        """Take one action for the current seat; returns what happened.

        Raises :class:`IllegalActionError` (a ``ValueError``) and changes
        nothing when the action is not allowed now, or is not one of the
        engine's own actions (an :class:`Action` of an :class:`ActionKind` and a
        whole-number target in range); the message is :meth:`why_illegal`'s.
        """
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        for allowed in legal:
            if allowed is action:
                break
        else:
            own = canonical(action)
            if own is None or not self._allows(own):
                raise IllegalActionError(self._refusal(own))
            action = own
        self._legal = None
        self.history.append(action)
        events: list[Event] = []
        kind = action.kind
        seat = self.seat
        if kind is ActionKind.KEEP:
            self._place(action.target, None, events)
        elif kind is ActionKind.DRAW:
            if not self.draw_pile:
                self._rebuild_draw_pile(events)
            card = self.draw_pile.pop()
            self.held = card
            self.held_from = DRAW_PILE
            self.phase = Phase.PLAY
            events.append(Drawn(seat, DRAW_PILE, card))
        elif kind is ActionKind.DISCARD:
            held = self.held
            assert held is not None
            self.discard_piles[action.target].append(held)
            self.held = None
            events.append(Discarded(seat, action.target, held))
            self._end_turn(events)
        elif kind is ActionKind.TAKE:
            card = self.discard_piles[action.target].pop()
            self.held = card
            self.held_from = action.target
            self.phase = Phase.PLAY
            events.append(Drawn(seat, action.target, card))
        elif kind is ActionKind.REFUSE:
            held = self.held
            assert held is not None
            events.append(Refused(seat, held))
            self._to_discard(held, events)
        elif kind is ActionKind.BOUNCE:
            self._place(action.target, self.bounce_from, events)
        elif kind is ActionKind.STOP:
            held = self.held
            assert held is not None
            self._to_discard(held, events)
        elif kind is ActionKind.FLIP:
            self._turn_up(seat, action.target, TurnReason.INITIAL, events)
            self.flip_queue.pop()
            if self.flip_queue:
                self.seat = self.flip_queue[-1]
            else:
                self._start_turn(self.round_starter, events)
        elif kind is ActionKind.TURN:
            self._turn_up(seat, action.target, TurnReason.HAZARD, events)
            self._next_hazard_turn(events)
        else:  # DECLINE
            events.append(HazardTurnDeclined(seat))
            self._next_hazard_turn(events)
        return events

    def _turn_up(self, seat: int, position: int, reason: TurnReason, events: list[Event]) -> None:
        self.face_up[seat][position] = True
        self.face_down_count[seat] -= 1
        events.append(TurnedUp(seat, position, self.layouts[seat][position], reason))

    def _place(self, position: int, bounced_from: int | None, events: list[Event]) -> None:
        """Keep (``bounced_from`` None) or bounce the card in hand to ``position``."""
        seat = self.seat
        card = self.held
        assert card is not None
        layout = self.layouts[seat]
        up = self.face_up[seat]
        replaced = layout[position]
        was_up = up[position]
        layout[position] = card
        self.filled |= 1 << position
        if bounced_from is None:
            events.append(Placed(seat, position, card, replaced, was_up))
        else:
            events.append(Bounced(seat, bounced_from, position, card, replaced, was_up))
        if was_up:
            self._to_discard(replaced, events)
            return
        up[position] = True
        self.face_down_count[seat] -= 1
        events.append(TurnedUp(seat, position, replaced, TurnReason.REPLACED))
        if (
            1 <= replaced <= 12
            and self.filled != ALL_FILLED
            and any(up[p] and layout[p] == replaced for p in range(9))
        ):
            self.held = replaced
            self.bounce_from = position
            self.phase = Phase.BOUNCE
        else:
            self._to_discard(replaced, events)

    def _to_discard(self, card: Card, events: list[Event]) -> None:
        if card is HAZARD:
            self.held = None
            self.removed_hazards.append(card)
            events.append(HazardRemoved(self.turn_seat, HazardReason.DISCARDED))
            n = self.n_seats
            turner = self.turn_seat
            queue = [(turner + k) % n for k in range(n - 1, 0, -1)]
            self.hazard_queue = queue
            self._next_hazard_turn(events, first=True)
            return
        self.held = card
        self.phase = Phase.DISCARD

    def _next_hazard_turn(self, events: list[Event], first: bool = False) -> None:
        queue = self.hazard_queue
        if not first:
            queue.pop()
        while queue and self.face_down_count[queue[-1]] < 2:
            queue.pop()
        if queue:
            self.seat = queue[-1]
            self.phase = Phase.HAZARD_TURN
        else:
            self._end_turn(events)

    def _rebuild_draw_pile(self, events: list[Event]) -> None:
        cards: list[Card] = []
        for pile in self.discard_piles:
            cards.extend(pile[:-1])
            del pile[:-1]
        self.rng.shuffle(cards)
        self.draw_pile = cards
        self.draw_pile_known = True
        events.append(DrawPileRebuilt(len(cards)))

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        self.turn_seat = seat
        self.seat = seat
        self.phase = Phase.DRAW
        self.held = None
        self.held_from = DRAW_PILE
        self.filled = 0
        events.append(TurnStarted(seat, self.turns_taken))

    def _end_turn(self, events: list[Event]) -> None:
        seat = self.turn_seat
        events.append(TurnEnded(seat))
        self.turns_taken += 1
        if self.went_out_first is None:
            if self.face_down_count[seat] == 0:
                self.went_out_first = seat
                self.final_turns_left = self.n_seats - 1
                events.append(EndgameTriggered(seat))
            elif self.turns_taken >= TURN_LIMIT * self.n_seats:
                self._end_round(events, turn_limit=True)
                return
        else:
            self.final_turns_left -= 1
            if self.final_turns_left == 0:
                self._end_round(events, turn_limit=False)
                return
        self._start_turn((seat + 1) % self.n_seats, events)

    def _end_round(self, events: list[Event], *, turn_limit: bool) -> None:
        for seat in range(self.n_seats):
            up = self.face_up[seat]
            for position in range(9):
                if not up[position]:
                    self._turn_up(seat, position, TurnReason.ROUND_END, events)
        result = score_round(self.round_index, self.layouts, self.went_out_first, turn_limit)
        self.round_results.append(result)
        events.append(RoundScored(result))
        if self.stop_at_round_end and self.round_index + 1 < ROUNDS:
            self.phase = Phase.ROUND_OVER
            self.seat = -1
            self.held = None
            return
        self.round_index += 1
        if self.round_index == ROUNDS:
            self.phase = Phase.GAME_OVER
            self.seat = -1
            self.held = None
            events.append(GameOver(decide_winners(self.round_scores())))
            return
        self._start_round((self.first_seat + self.round_index) % self.n_seats, events)

    def _start_round(self, starter: int, events: list[Event]) -> None:
        n = self.n_seats
        self.round_starter = starter
        self.turn_seat = starter
        events.append(RoundStarted(self.round_index, starter))
        deck = full_deck()
        self.rng.shuffle(deck)
        self.layouts = [[HAZARD] * 9 for _ in range(n)]
        self.face_up = [[False] * 9 for _ in range(n)]
        self.face_down_count = [9] * n
        order = [(starter + k) % n for k in range(n)]
        for position in range(9):
            for seat in order:
                self.layouts[seat][position] = deck.pop()
                events.append(Dealt(seat, position))
        self.removed_hazards = []
        self.discard_piles = [[], []]
        for pile in range(2):
            card = deck.pop()
            while card is HAZARD:
                self.removed_hazards.append(card)
                events.append(HazardRemoved(-1, HazardReason.SETUP))
                card = deck.pop()
            self.discard_piles[pile].append(card)
            events.append(DiscardPileStarted(pile, card))
        self.draw_pile = deck
        self.draw_pile_known = False
        self.held = None
        self.held_from = DRAW_PILE
        self.bounce_from = -1
        self.filled = 0
        self.hazard_queue = []
        self.turns_taken = 0
        self.went_out_first = None
        self.final_turns_left = 0
        # Each player turns two cards, in seat order from the starter; stored reversed.
        self.flip_queue = [seat for seat in reversed(order) for _ in range(INITIAL_FLIPS)]
        self.seat = starter
        self.phase = Phase.INITIAL_FLIP
        self._legal = None

    # ------------------------------------------------------------------ messages

    def why_illegal(self, action: object) -> str | None:
        """Why the current seat may not take ``action`` now, in a player's words
        (marked for translation, see :func:`~gnoming.rules.errors.N_`), or None
        when it may. Changes nothing; :meth:`apply` refuses with this message.

        >>> import random
        >>> state = GameState.new(2, seed=5)
        >>> state.why_illegal(A.flip(4)) is None
        True
        >>> state.why_illegal(A.DRAW)
        'first turn two of your own cards face up'
        >>> state.why_illegal((ActionKind.FLIP, 4))
        'that is not an action of this game'
        """
        own = canonical(action)
        if own is not None and self._allows(own):
            return None
        return self._refusal(own)

    def _allows(self, action: Action) -> bool:
        """Whether the engine's own ``action`` is legal now."""
        return any(allowed is action for allowed in self.legal_actions())

    def _refusal(self, action: Action | None) -> str:
        """Why ``action`` (None: not an action of this game) is refused now."""
        if action is None:
            return N_("that is not an action of this game")
        if self.phase is Phase.GAME_OVER:
            return N_("the game is over")
        if self.phase is Phase.ROUND_OVER:
            return "the round is over: this search copy stops here"
        kind = action.kind
        if kind not in _PHASE_KINDS[self.phase]:
            return self._what_now()
        if kind in (ActionKind.FLIP, ActionKind.TURN):
            return N_("that card is already face up; choose a face-down card")
        if kind is ActionKind.TAKE:
            if self.discard_piles[action.target]:
                return N_(
                    "you could not keep that mulligan anywhere: two mulligans are already face up in your layout"
                )
            return (
                N_("discard pile A is empty")
                if action.target == 0
                else N_("discard pile B is empty")
            )
        if kind is ActionKind.DRAW:
            return N_("the draw pile is empty and there is nothing to rebuild it from")
        if kind is ActionKind.REFUSE:
            return N_("a card taken from a discard pile must be kept")
        if kind is ActionKind.KEEP:
            if self._face_up_mulligans() >= 2:
                return N_(
                    "two mulligans are already face up in your layout, so you may not keep another"
                )
            return N_("you may not keep a second mulligan while one is face up in your layout")
        if kind is ActionKind.BOUNCE:
            return N_("a bounce may not land on a position already filled this turn")
        if kind is ActionKind.DISCARD:
            return N_("a discard pile is empty, so the card must go onto the empty pile")
        return self._what_now()  # stop and decline are always allowed in their phase

    def _face_up_mulligans(self) -> int:
        layout = self.layouts[self.seat]
        up = self.face_up[self.seat]
        return sum(1 for p in range(9) if up[p] and layout[p] is MULLIGAN)

    def _what_now(self) -> str:
        """What the current seat is to do now, for an action of the wrong kind."""
        phase = self.phase
        legal = self.legal_actions()
        kinds = {action.kind for action in legal}
        if phase is Phase.INITIAL_FLIP:
            if self.flip_queue.count(self.seat) == 1:
                return N_("first turn one more of your own cards face up")
            return N_("first turn two of your own cards face up")
        if phase is Phase.DRAW:
            if ActionKind.TAKE not in kinds:
                return N_("draw a card from the draw pile first")
            if ActionKind.DRAW not in kinds:
                return N_("take a card from a discard pile first")
            return N_("draw a card from the draw pile or take one from a discard pile first")
        if phase is Phase.PLAY:
            if ActionKind.REFUSE not in kinds:
                return N_(
                    "keep the card you took in your layout: a card taken from a discard pile must be kept"
                )
            if ActionKind.KEEP not in kinds:
                return N_("refuse the card: two mulligans are already face up in your layout")
            return N_("keep the card in your layout or refuse it")
        if phase is Phase.BOUNCE:
            return N_("bounce the matching card to another position, or stop bouncing")
        if phase is Phase.DISCARD:
            if len(legal) == 1:
                return N_("put the card onto the empty discard pile")
            return N_("choose a discard pile for the card")
        return N_("a hazard was discarded: turn one of your face-down cards up, or decline")


_PHASE_KINDS: dict[Phase, tuple[ActionKind, ...]] = {
    Phase.INITIAL_FLIP: (ActionKind.FLIP,),
    Phase.DRAW: (ActionKind.DRAW, ActionKind.TAKE),
    Phase.PLAY: (ActionKind.KEEP, ActionKind.REFUSE),
    Phase.BOUNCE: (ActionKind.BOUNCE, ActionKind.STOP),
    Phase.DISCARD: (ActionKind.DISCARD,),
    Phase.HAZARD_TURN: (ActionKind.TURN, ActionKind.DECLINE),
    Phase.GAME_OVER: (),
    Phase.ROUND_OVER: (),
}


def replay(n_seats: int, seed: int, actions: Sequence[Action], *, first_seat: int = 0) -> GameState:
    """The state reached by playing ``actions`` from a new game with this seed."""
    state = GameState.new(n_seats, first_seat=first_seat, seed=seed)
    for action in actions:
        state.apply(action)
    return state
