"""Easy: a beginner gnome. Keeps low cards and negatives, throws high ones away,
never notices a bounce and sees a match only once it is complete on the table."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gnoming.rules import Action, ActionKind, Observation, Phase
from gnoming.rules import actions as A

from .knowledge import DOWN, HAZARD, LINE_POSITIONS, MULLIGAN, int_layout, line_match


class EasyBot:
    """Plausible, beatable play: no lookahead, no counting, no bounces."""

    name = "easy"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        phase = obs.phase
        cards = int_layout(obs.layouts[obs.seat])
        if phase is Phase.DRAW:
            for action in legal:
                if action.kind is ActionKind.TAKE:
                    top = int(obs.discard_piles[action.target][-1])
                    if top < 0 or (1 <= top <= 3 and self._worst(cards)[1] > top + 3):
                        return action
            return A.DRAW if A.DRAW in legal else legal[0]
        if phase is Phase.PLAY:
            assert obs.held is not None
            return self._play(cards, int(obs.held), legal)
        if phase is Phase.BOUNCE:
            return A.STOP
        if phase is Phase.HAZARD_TURN:
            turns = [a for a in legal if a.kind is ActionKind.TURN]
            return self.rng.choice(turns) if turns and self.rng.random() < 0.7 else A.DECLINE
        return self.rng.choice(list(legal))

    def _worst(self, cards: list[int]) -> tuple[int, int]:
        """The face-up card a beginner would most like to replace: (position, points)."""
        protected = self._in_matches(cards)
        worst, worst_points = -1, -99
        for p, card in enumerate(cards):
            if card in (DOWN, MULLIGAN) or p in protected:
                continue
            points = 10 if card == HAZARD else card
            if points > worst_points:
                worst, worst_points = p, points
        return worst, worst_points

    @staticmethod
    def _in_matches(cards: list[int]) -> set[int]:
        matched: set[int] = set()
        for line in LINE_POSITIONS:
            if line_match(*(cards[p] for p in line)):
                matched.update(line)
        return matched

    def _play(self, cards: list[int], card: int, legal: Sequence[Action]) -> Action:
        keeps = [a.target for a in legal if a.kind is ActionKind.KEEP]
        may_refuse = A.REFUSE in legal
        worst, worst_points = self._worst(cards)
        downs = [p for p in keeps if cards[p] == DOWN]
        points = 10 if card == HAZARD else card
        good = card != HAZARD and points <= 4
        if worst in keeps and worst_points >= points + 3:
            return A.KEEPS[worst]
        if good and downs:
            return A.KEEPS[self.rng.choice(downs)]
        if may_refuse:
            return A.REFUSE
        # a taken card must be kept: over the worst card, else anywhere face down
        if worst in keeps and worst_points > points:
            return A.KEEPS[worst]
        if downs:
            return A.KEEPS[self.rng.choice(downs)]
        return A.KEEPS[worst] if worst in keeps else A.KEEPS[keeps[0]]
