"""Rules values to their wire form and back.

The server builds every snapshot from :func:`gnoming.rules.observe`, the
rules' own definition of what a seat may know, so a face-down card is ``None``
before it ever reaches the encoder. Events carry cards only once they are
face up for everyone (a ``Placed`` that lifts out a face-down card comes with
the ``TurnedUp`` that shows it, in the same update).

Coming back, :func:`observation_from_wire` and :func:`event_from_wire` check
what types cannot: nine cards a layout, seat numbers below the table's size.
Scores are not taken from the server's word: a round is sent as its final
layouts and rescored here by the rules.
"""

from __future__ import annotations

from gnoming.rules import GameResult, Observation, RoundResult
from gnoming.rules import events as E
from gnoming.rules.scoring import decide_winners, score_round

from .protocol import (
    BouncedEv,
    DealtEv,
    DiscardedEv,
    DiscardPileStartedEv,
    DrawnEv,
    DrawPileRebuiltEv,
    EndgameTriggeredEv,
    GameOverEv,
    HazardRemovedEv,
    HazardTurnDeclinedEv,
    PlacedEv,
    ProtocolError,
    RefusedEv,
    RoundScoredEv,
    RoundStartedEv,
    TurnedUpEv,
    TurnEndedEv,
    TurnStartedEv,
    WireEvent,
    WireObservation,
    WireRound,
)

# ---------------------------------------------------------------------- rounds


def round_to_wire(result: RoundResult) -> WireRound:
    return WireRound(
        round_index=result.round_index,
        layouts=tuple(seat.layout.cards for seat in result.seats),
        went_out_first=result.went_out_first,
        ended_by_turn_limit=result.ended_by_turn_limit,
    )


def round_from_wire(wire: WireRound, n_seats: int) -> RoundResult:
    if len(wire.layouts) != n_seats or any(len(layout) != 9 for layout in wire.layouts):
        raise ProtocolError(f"a scored round has {n_seats} layouts of nine cards")
    if wire.went_out_first is not None and wire.went_out_first >= n_seats:
        raise ProtocolError("went_out_first is not a seat at this table")
    return score_round(wire.round_index, wire.layouts, wire.went_out_first, wire.ended_by_turn_limit)


def game_result_from_rounds(rounds: tuple[RoundResult, ...]) -> GameResult:
    return decide_winners([r.scores for r in rounds])


# ---------------------------------------------------------------------- observations


def observation_to_wire(obs: Observation) -> WireObservation:
    """The snapshot sent to every seat (``obs.seat`` is left out: it is the same for all)."""
    return WireObservation(
        n_seats=obs.n_seats,
        first_seat=obs.first_seat,
        round_index=obs.round_index,
        round_starter=obs.round_starter,
        phase=obs.phase,
        current_seat=obs.current_seat,
        turn_seat=obs.turn_seat,
        layouts=obs.layouts,
        discard_piles=obs.discard_piles,
        draw_pile_count=obs.draw_pile_count,
        removed_hazards=obs.removed_hazards,
        held=obs.held,
        held_from=obs.held_from,
        bounce_from=obs.bounce_from,
        filled=obs.filled,
        flip_queue=obs.flip_queue,
        hazard_queue=obs.hazard_queue,
        turns_taken=obs.turns_taken,
        went_out_first=obs.went_out_first,
        final_turns_left=obs.final_turns_left,
        round_results=tuple(round_to_wire(r) for r in obs.round_results),
        draw_pile_cards=obs.draw_pile_cards,
    )


def observation_from_wire(wire: WireObservation, seat: int) -> Observation:
    """The snapshot as ``seat`` sees it; raises :class:`ProtocolError` when its
    shape does not fit the table."""
    n = wire.n_seats
    if not 0 <= seat < n:
        raise ProtocolError(f"seat {seat} is not at a table of {n}")
    if len(wire.layouts) != n or any(len(layout) != 9 for layout in wire.layouts):
        raise ProtocolError(f"a table of {n} has {n} layouts of nine cards")
    if len(wire.discard_piles) != 2:
        raise ProtocolError("there are two discard piles")
    seats = (wire.first_seat, wire.round_starter, wire.turn_seat, *wire.flip_queue, *wire.hazard_queue)
    if wire.current_seat >= n or any(s >= n for s in seats):
        raise ProtocolError(f"a seat number is not at a table of {n}")
    if wire.went_out_first is not None and wire.went_out_first >= n:
        raise ProtocolError("went_out_first is not a seat at this table")
    if len(wire.round_results) > 3:
        raise ProtocolError("a game has three rounds")
    if wire.draw_pile_cards is not None and len(wire.draw_pile_cards) != wire.draw_pile_count:
        raise ProtocolError("the known draw pile does not hold draw_pile_count cards")
    obs = Observation(
        seat=seat,
        n_seats=n,
        first_seat=wire.first_seat,
        round_index=wire.round_index,
        round_starter=wire.round_starter,
        phase=wire.phase,
        current_seat=wire.current_seat,
        turn_seat=wire.turn_seat,
        layouts=wire.layouts,
        discard_piles=wire.discard_piles,
        draw_pile_count=wire.draw_pile_count,
        removed_hazards=wire.removed_hazards,
        held=wire.held,
        held_from=wire.held_from,
        bounce_from=wire.bounce_from,
        filled=wire.filled,
        flip_queue=wire.flip_queue,
        hazard_queue=wire.hazard_queue,
        turns_taken=wire.turns_taken,
        went_out_first=wire.went_out_first,
        final_turns_left=wire.final_turns_left,
        round_results=tuple(round_from_wire(r, n) for r in wire.round_results),
        draw_pile_cards=wire.draw_pile_cards,
    )
    if obs.draw_pile_cards is not None:
        hidden = obs.hidden_cards()
        hidden.subtract(obs.draw_pile_cards)
        if any(n < 0 for n in hidden.values()):
            raise ProtocolError("the known draw pile holds cards that are seen elsewhere")
        places = sum(1 for layout in obs.layouts for card in layout if card is None)
        if sum(hidden.values()) != places:
            raise ProtocolError("the known draw pile leaves the wrong cards for the face-down places")
    return obs


# ---------------------------------------------------------------------- events


def event_to_wire(event: E.Event) -> WireEvent:
    match event:
        case E.RoundStarted():
            return RoundStartedEv(round_index=event.round_index, starting_seat=event.starting_seat)
        case E.Dealt():
            return DealtEv(seat=event.seat, position=event.position)
        case E.DiscardPileStarted():
            return DiscardPileStartedEv(pile=event.pile, card=event.card)
        case E.TurnedUp():
            return TurnedUpEv(
                seat=event.seat, position=event.position, card=event.card, reason=event.reason
            )
        case E.TurnStarted():
            return TurnStartedEv(seat=event.seat, turn_number=event.turn_number)
        case E.Drawn():
            return DrawnEv(seat=event.seat, source=event.source, card=event.card)
        case E.Placed():
            return PlacedEv(
                seat=event.seat,
                position=event.position,
                card=event.card,
                replaced=event.replaced,
                replaced_was_face_up=event.replaced_was_face_up,
            )
        case E.Bounced():
            return BouncedEv(
                seat=event.seat,
                from_position=event.from_position,
                position=event.position,
                card=event.card,
                replaced=event.replaced,
                replaced_was_face_up=event.replaced_was_face_up,
            )
        case E.Refused():
            return RefusedEv(seat=event.seat, card=event.card)
        case E.Discarded():
            return DiscardedEv(seat=event.seat, pile=event.pile, card=event.card)
        case E.HazardRemoved():
            return HazardRemovedEv(seat=event.seat, reason=event.reason)
        case E.HazardTurnDeclined():
            return HazardTurnDeclinedEv(seat=event.seat)
        case E.DrawPileRebuilt():
            return DrawPileRebuiltEv(size=event.size)
        case E.EndgameTriggered():
            return EndgameTriggeredEv(seat=event.seat)
        case E.TurnEnded():
            return TurnEndedEv(seat=event.seat)
        case E.RoundScored():
            return RoundScoredEv(result=round_to_wire(event.result))
        case E.GameOver():
            return GameOverEv(round_scores=event.result.round_scores)
    raise TypeError(f"{event!r} is not an event of the rules")


def _seat(seat: int, n_seats: int) -> int:
    if seat >= n_seats:
        raise ProtocolError(f"seat {seat} is not at a table of {n_seats}")
    return seat


def event_from_wire(wire: WireEvent, n_seats: int) -> E.Event:
    """The rules event; raises :class:`ProtocolError` for a seat not at the table."""
    n = n_seats
    match wire:
        case RoundStartedEv():
            return E.RoundStarted(wire.round_index, _seat(wire.starting_seat, n))
        case DealtEv():
            return E.Dealt(_seat(wire.seat, n), wire.position)
        case DiscardPileStartedEv():
            return E.DiscardPileStarted(wire.pile, wire.card)
        case TurnedUpEv():
            return E.TurnedUp(_seat(wire.seat, n), wire.position, wire.card, wire.reason)
        case TurnStartedEv():
            return E.TurnStarted(_seat(wire.seat, n), wire.turn_number)
        case DrawnEv():
            return E.Drawn(_seat(wire.seat, n), wire.source, wire.card)
        case PlacedEv():
            return E.Placed(
                _seat(wire.seat, n),
                wire.position,
                wire.card,
                wire.replaced,
                wire.replaced_was_face_up,
            )
        case BouncedEv():
            return E.Bounced(
                _seat(wire.seat, n),
                wire.from_position,
                wire.position,
                wire.card,
                wire.replaced,
                wire.replaced_was_face_up,
            )
        case RefusedEv():
            return E.Refused(_seat(wire.seat, n), wire.card)
        case DiscardedEv():
            return E.Discarded(_seat(wire.seat, n), wire.pile, wire.card)
        case HazardRemovedEv():
            return E.HazardRemoved(_seat(wire.seat, n), wire.reason)
        case HazardTurnDeclinedEv():
            return E.HazardTurnDeclined(_seat(wire.seat, n))
        case DrawPileRebuiltEv():
            return E.DrawPileRebuilt(wire.size)
        case EndgameTriggeredEv():
            return E.EndgameTriggered(_seat(wire.seat, n))
        case TurnEndedEv():
            return E.TurnEnded(_seat(wire.seat, n))
        case RoundScoredEv():
            return E.RoundScored(round_from_wire(wire.result, n))
        case GameOverEv():
            if not wire.round_scores or any(len(r) != n for r in wire.round_scores):
                raise ProtocolError(f"a game's scores have one number per seat ({n})")
            return E.GameOver(decide_winners(wire.round_scores))
    raise ProtocolError(f"{wire!r} is not an event")


