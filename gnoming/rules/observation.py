"""What one seat may know, and a way to imagine the rest.

An :class:`Observation` holds everything public at the table — every face-up
card, both discard piles in full, counts, scores, whose turn it is, the card in
hand, and, once the draw pile was rebuilt from the discard piles, which cards
it holds — and nothing else: no face-down card, no order of the draw pile.
:func:`determinize` turns an observation back into a full :class:`GameState`
by dealing the hidden cards at random, which is how the computer opponents
search without cheating.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from .cards import Card, deck_counter
from .scoring import RoundResult
from .state import GameState, Phase


@dataclass(frozen=True, slots=True)
class Observation:
    """The table as seen from ``seat`` (face-down cards are ``None``)."""

    seat: int
    n_seats: int
    first_seat: int
    round_index: int
    round_starter: int
    phase: Phase
    current_seat: int
    turn_seat: int
    layouts: tuple[tuple[Card | None, ...], ...]
    discard_piles: tuple[tuple[Card, ...], ...]
    """Bottom to top."""
    draw_pile_count: int
    removed_hazards: int
    held: Card | None
    held_from: int
    bounce_from: int
    filled: int
    flip_queue: tuple[int, ...]
    hazard_queue: tuple[int, ...]
    turns_taken: int
    went_out_first: int | None
    final_turns_left: int
    round_results: tuple[RoundResult, ...]
    draw_pile_cards: tuple[Card, ...] | None = None
    """The cards of the draw pile, sorted, when the table knows them: after the
    pile was rebuilt from the discard piles (which everyone saw) in this round,
    every card drawn since shown. ``None`` while it is the unseen rest of the deck."""

    def face_down_count(self, seat: int) -> int:
        return sum(1 for card in self.layouts[seat] if card is None)

    def totals(self) -> list[int]:
        totals = [0] * self.n_seats
        for result in self.round_results:
            for seat, score in enumerate(result.scores):
                totals[seat] += score
        return totals

    def visible_cards(self) -> Counter[Card]:
        """Every card whose place is known to the whole table."""
        seen: Counter[Card] = Counter()
        for layout in self.layouts:
            seen.update(card for card in layout if card is not None)
        for pile in self.discard_piles:
            seen.update(pile)
        if self.held is not None:
            seen[self.held] += 1
        seen[Card.HAZARD] += self.removed_hazards
        return seen

    def hidden_cards(self) -> Counter[Card]:
        """The multiset of cards nobody can see now: the face-down cards and the
        draw pile together, in unknown places. Computer opponents sample from it
        (:meth:`face_down_cards` when the draw pile's cards are known)."""
        hidden = deck_counter()
        hidden.subtract(self.visible_cards())
        return +hidden

    def face_down_cards(self) -> Counter[Card]:
        """The multiset the face-down cards are dealt from: the hidden cards less
        the draw pile when its cards are known (then the draw pile is exactly
        :attr:`draw_pile_cards`), else all the hidden cards."""
        hidden = self.hidden_cards()
        if self.draw_pile_cards is not None:
            hidden.subtract(self.draw_pile_cards)
            hidden = +hidden
        return hidden


def observe(state: GameState, seat: int) -> Observation:
    """What ``seat`` may know of ``state``."""
    layouts = tuple(
        tuple(card if up else None for card, up in zip(layout, face_up, strict=True))
        for layout, face_up in zip(state.layouts, state.face_up, strict=True)
    )
    return Observation(
        seat=seat,
        n_seats=state.n_seats,
        first_seat=state.first_seat,
        round_index=state.round_index,
        round_starter=state.round_starter,
        phase=state.phase,
        current_seat=state.seat,
        turn_seat=state.turn_seat,
        layouts=layouts,
        discard_piles=(tuple(state.discard_piles[0]), tuple(state.discard_piles[1])),
        draw_pile_count=len(state.draw_pile),
        removed_hazards=len(state.removed_hazards),
        held=state.held,
        held_from=state.held_from,
        bounce_from=state.bounce_from,
        filled=state.filled,
        flip_queue=tuple(state.flip_queue),
        hazard_queue=tuple(state.hazard_queue),
        turns_taken=state.turns_taken,
        went_out_first=state.went_out_first,
        final_turns_left=state.final_turns_left,
        round_results=tuple(state.round_results),
        draw_pile_cards=tuple(sorted(state.draw_pile)) if state.draw_pile_known else None,
    )


def determinize(
    obs: Observation, rng: random.Random, *, stop_at_round_end: bool = False
) -> GameState:
    """A full state consistent with ``obs``: the hidden cards dealt at random into
    the face-down positions and the draw pile. Its own generator is seeded from
    ``rng``; it has no history and cannot be replayed from a record.
    ``stop_at_round_end`` as in :meth:`GameState.clone` (for search)."""
    known_pile = obs.draw_pile_cards
    hidden = list(obs.face_down_cards().elements())
    rng.shuffle(hidden)
    if known_pile is not None:  # the face-down cards come from the rest of them
        pile = list(known_pile)
        rng.shuffle(pile)
    else:  # the face-down cards are dealt from the top: the rest is the pile
        pile = hidden
    state = GameState.__new__(GameState)
    state.n_seats = obs.n_seats
    state.first_seat = obs.first_seat
    state.seed = None
    state.rng = random.Random(rng.getrandbits(64))
    state.round_index = obs.round_index
    state.round_starter = obs.round_starter
    layouts: list[list[Card]] = []
    face_up: list[list[bool]] = []
    for layout in obs.layouts:
        layouts.append([card if card is not None else hidden.pop() for card in layout])
        face_up.append([card is not None for card in layout])
    state.layouts = layouts
    state.face_up = face_up
    state.face_down_count = [up.count(False) for up in face_up]
    state.draw_pile = pile
    state.draw_pile_known = known_pile is not None
    state.discard_piles = [list(obs.discard_piles[0]), list(obs.discard_piles[1])]
    state.removed_hazards = [Card.HAZARD] * obs.removed_hazards
    state.phase = obs.phase
    state.seat = obs.current_seat
    state.turn_seat = obs.turn_seat
    state.held = obs.held
    state.held_from = obs.held_from
    state.bounce_from = obs.bounce_from
    state.filled = obs.filled
    state.flip_queue = list(obs.flip_queue)
    state.hazard_queue = list(obs.hazard_queue)
    state.turns_taken = obs.turns_taken
    state.went_out_first = obs.went_out_first
    state.final_turns_left = obs.final_turns_left
    state.round_results = list(obs.round_results)
    state.history = []
    state.stop_at_round_end = stop_at_round_end
    state._legal = None
    return state
