"""The rules of Gnoming A Round as a pure, typed model (see RULES.md).

Nothing here imports pygame or the UI. The screen, the computer opponents and
the save files all stand on this package:

>>> import random
>>> from gnoming.rules import GameState, score_layout
>>> score_layout("7 7 7 7 1 2 7 3 4".split())
-4
"""

from . import actions
from .actions import Action, ActionKind
from .cards import DECK_SIZE, DECK_TABLE, Card, CardKind, full_deck
from .errors import IllegalActionError
from .events import DRAW_PILE, Event, HazardReason, TurnReason
from .observation import Observation, determinize, observe
from .record import RECORD_VERSION, GameRecord, RecordError
from .scoring import (
    GameResult,
    LayoutScore,
    LineMatch,
    RoundResult,
    SeatRoundScore,
    TieBreak,
    score_breakdown,
    score_layout,
)
from .state import MAX_SEATS, MIN_SEATS, ROUNDS, TURN_LIMIT, GameState, Phase, replay

__all__ = [
    "DECK_SIZE",
    "DECK_TABLE",
    "DRAW_PILE",
    "MAX_SEATS",
    "MIN_SEATS",
    "RECORD_VERSION",
    "ROUNDS",
    "TURN_LIMIT",
    "Action",
    "ActionKind",
    "Card",
    "CardKind",
    "Event",
    "GameRecord",
    "GameResult",
    "GameState",
    "HazardReason",
    "IllegalActionError",
    "LayoutScore",
    "LineMatch",
    "Observation",
    "Phase",
    "RecordError",
    "RoundResult",
    "SeatRoundScore",
    "TieBreak",
    "TurnReason",
    "actions",
    "determinize",
    "full_deck",
    "observe",
    "replay",
    "score_breakdown",
    "score_layout",
]
