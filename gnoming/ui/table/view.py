"""The displayed table: what the player currently sees, which lags the rules state.

The rules state is already ahead when an animation starts; the screen draws
this model instead and updates it as each event's animation completes
(:meth:`TableView.apply`). It knows only what the events said: a face-down
card is ``None`` until a ``TurnedUp`` names it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gnoming.rules import DECK_SIZE, ROUNDS, Card, Observation, Phase
from gnoming.rules import events as E
from gnoming.rules.scoring import score_breakdown


@dataclass
class SeatView:
    cards: list[Card | None] = field(default_factory=lambda: [None] * 9)
    up: list[bool] = field(default_factory=lambda: [False] * 9)
    dealt: list[bool] = field(default_factory=lambda: [False] * 9)

    def face_down(self) -> int:
        return sum(1 for p in range(9) if self.dealt[p] and not self.up[p])


@dataclass
class Held:
    """The card in hand: where it shows (``position`` -1: the hand spot, else lifted
    above that position) and whether it is face up."""

    card: Card
    position: int = -1
    face_up: bool = True
    seat: int = -1


class TableView:
    """The table as shown. ``apply`` an event once its animation is done."""

    def __init__(self, n_seats: int) -> None:
        self.n_seats = n_seats
        self.seats = [SeatView() for _ in range(n_seats)]
        self.discards: list[list[Card]] = [[], []]
        self.draw_count = 0
        self.held: Held | None = None
        self.round_index = 0
        self.turn_seat = -1
        self.went_out_first: int | None = None
        self.totals = [0] * n_seats
        self.scored: E.RoundScored | None = None
        """The last round's scoring while it is shown (matched lines glow)."""
        self.game_over: E.GameOver | None = None
        self.bottom_seat = 0
        """The seat drawn large at the bottom (its drawn card shows in the hand spot)."""
        self.setting_up = False
        """Between a round's deal and its first turn (everyone turns up two cards)."""
        self.last_turn_done: set[int] = set()
        """Once someone went out first: the seats whose last turn is over."""
        self.traces: list[list[E.Event]] = [[] for _ in range(n_seats)]
        """Each seat's moves of its current or last turn (kept until its next turn)."""
        self.log: list[E.Event] = []
        """Every move of the round so far, in order (the round log)."""

    def estimate(self, seat: int) -> int:
        """The seat's round points counting its face-up cards only, with the matches
        they make (an estimate: face-down cards count 0 and complete no line).
        Scored by the rules: a hazard in each face-down place breaks every line it is
        in, and its own points are taken off again."""
        sv = self.seats[seat]
        cards = [
            c if up and c is not None else Card.HAZARD
            for c, up in zip(sv.cards, sv.up, strict=True)
        ]
        hidden = sum(1 for c, up in zip(sv.cards, sv.up, strict=True) if not up or c is None)
        return score_breakdown(cards).total - hidden * Card.HAZARD.points

    def still_to_play(self, seat: int) -> bool:
        """Someone went out first and ``seat`` still has its last turn."""
        out = self.went_out_first
        return out is not None and seat != out and seat not in self.last_turn_done

    def changed(self, seat: int) -> set[int]:
        """The positions the seat's last turn changed (highlighted until its next turn)."""
        out: set[int] = set()
        for event in self.traces[seat]:
            match event:
                case E.Placed() | E.Bounced():
                    out.add(event.position)
                case E.TurnedUp(reason=E.TurnReason.INITIAL | E.TurnReason.HAZARD):
                    out.add(event.position)
        return out

    def _trace(self, event: E.Event) -> None:
        """Remember a seat's move for its trace line and the round log."""
        match event:
            case E.TurnStarted():
                self.traces[event.seat] = []
                self.setting_up = False
                return
            case E.HazardRemoved(reason=E.HazardReason.SETUP):
                return
            case E.TurnedUp(reason=E.TurnReason.REPLACED | E.TurnReason.ROUND_END):
                return
            case (
                E.Drawn()
                | E.Placed()
                | E.Bounced()
                | E.Refused()
                | E.Discarded()
                | E.TurnedUp()
                | E.HazardRemoved()
                | E.HazardTurnDeclined()
            ):
                self.traces[event.seat].append(event)
                self.log.append(event)
            case E.EndgameTriggered() | E.DrawPileRebuilt():
                self.log.append(event)

    @classmethod
    def from_observation(cls, obs: Observation) -> TableView:
        """The whole table as it stands (a continued game starts from here)."""
        view = cls(obs.n_seats)
        view.round_index = min(obs.round_index, ROUNDS - 1)
        view.totals = obs.totals()
        for seat, layout in enumerate(obs.layouts):
            sv = view.seats[seat]
            sv.dealt = [True] * 9
            sv.up = [card is not None for card in layout]
            sv.cards = list(layout)
        view.discards = [list(pile) for pile in obs.discard_piles]
        view.draw_count = obs.draw_pile_count
        if obs.held is not None:
            position = obs.bounce_from if obs.phase is Phase.BOUNCE else -1
            view.held = Held(obs.held, position, True, obs.turn_seat)
        view.turn_seat = obs.turn_seat
        view.went_out_first = out = obs.went_out_first
        view.setting_up = obs.phase is Phase.INITIAL_FLIP
        if out is not None:
            done = obs.n_seats - 1 - obs.final_turns_left
            view.last_turn_done = {(out + k) % obs.n_seats for k in range(1, done + 1)}
        return view

    def differences(self, obs: Observation) -> list[str]:
        """Where this model and ``obs`` disagree (empty: the screen shows the game as
        it is). Only what the table draws is compared."""
        out: list[str] = []
        for seat, layout in enumerate(obs.layouts):
            shown = tuple(
                c if up else None
                for c, up in zip(self.seats[seat].cards, self.seats[seat].up, strict=True)
            )
            if shown != layout:
                out.append(f"seat {seat}: shows {shown}, is {layout}")
            if not all(self.seats[seat].dealt):
                out.append(f"seat {seat}: not every card dealt")
        if [pile[-1:] for pile in self.discards] != [list(p[-1:]) for p in obs.discard_piles]:
            out.append(f"discard tops: shows {self.discards}, is {obs.discard_piles}")
        if self.draw_count != obs.draw_pile_count:
            out.append(f"draw pile: shows {self.draw_count}, is {obs.draw_pile_count}")
        held = self.held.card if self.held is not None else None
        if held != obs.held:
            out.append(f"in hand: shows {held}, is {obs.held}")
        if self.totals != obs.totals():
            out.append(f"totals: show {self.totals}, are {obs.totals()}")
        if self.went_out_first != obs.went_out_first:
            out.append(f"went out first: shows {self.went_out_first}, is {obs.went_out_first}")
        if obs.went_out_first is not None:
            done = obs.n_seats - 1 - obs.final_turns_left
            if len(self.last_turn_done) != done:
                out.append(f"last turns over: shows {self.last_turn_done}, is {done}")
        if obs.phase is not Phase.GAME_OVER and self.turn_seat != obs.turn_seat:
            out.append(f"turn: shows {self.turn_seat}, is {obs.turn_seat}")
        return out

    def apply(self, event: E.Event) -> None:
        """Show the effect of ``event`` (its animation has just finished)."""
        self._trace(event)
        match event:
            case E.RoundStarted():
                self.setting_up = True
                self.last_turn_done = set()
                self.traces = [[] for _ in range(self.n_seats)]
                self.log = []
                self.seats = [SeatView() for _ in range(self.n_seats)]
                self.discards = [[], []]
                self.draw_count = DECK_SIZE
                self.held = None
                self.round_index = event.round_index
                self.turn_seat = event.starting_seat
                self.went_out_first = None
                self.scored = None
            case E.Dealt():
                self.seats[event.seat].dealt[event.position] = True
                self.draw_count -= 1
            case E.DiscardPileStarted():
                self.discards[event.pile].append(event.card)
                self.draw_count -= 1
            case E.HazardRemoved(reason=E.HazardReason.SETUP):
                self.draw_count -= 1
            case E.HazardRemoved():
                self.held = None
            case E.TurnedUp(reason=E.TurnReason.REPLACED):
                # the lifted card (now in hand, above its old place) turns face up
                self.held = Held(event.card, event.position, True, event.seat)
            case E.TurnedUp():
                seat = self.seats[event.seat]
                seat.cards[event.position] = event.card
                seat.up[event.position] = True
            case E.TurnStarted():
                self.turn_seat = event.seat
                self.held = None
            case E.TurnEnded() if self.went_out_first is not None:
                self.last_turn_done.add(event.seat)
            case E.Drawn():
                if event.source == E.DRAW_PILE:
                    self.draw_count -= 1
                elif self.discards[event.source]:
                    self.discards[event.source].pop()
                self.held = Held(event.card, -1, True, event.seat)
            case E.Placed() | E.Bounced():
                seat = self.seats[event.seat]
                seat.cards[event.position] = event.card
                seat.up[event.position] = True
                self.held = Held(
                    event.replaced, event.position, event.replaced_was_face_up, event.seat
                )
            case E.Discarded():
                self.discards[event.pile].append(event.card)
                self.held = None
            case E.DrawPileRebuilt():
                self.discards = [pile[-1:] for pile in self.discards]
                self.draw_count = event.size
            case E.EndgameTriggered():
                self.went_out_first = event.seat
            case E.RoundScored():
                self.scored = event
                for index, score in enumerate(event.result.scores):
                    self.totals[index] += score
            case E.GameOver():
                self.game_over = event
