"""Game records: seed, seats and actions, as JSON; replaying one rebuilds the game.

Nothing loaded here can run code: a record is plain JSON, checked field by
field, and every action is re-applied through the rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .errors import IllegalActionError
from .state import MAX_SEATS, MIN_SEATS, GameState

RECORD_VERSION = 1


class RecordError(ValueError):
    """A record that cannot be read or replayed; the message says why."""


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to rebuild a game exactly."""

    seed: int
    n_seats: int
    first_seat: int = 0
    seats: tuple[dict[str, Any], ...] = ()
    """Who sat where (names, person or gnome, difficulty): kept as given."""
    actions: tuple[Action, ...] = field(default_factory=tuple)
    version: int = RECORD_VERSION

    @classmethod
    def of(cls, state: GameState, seats: tuple[dict[str, Any], ...] = ()) -> GameRecord:
        """The record of a game started from a seed."""
        if state.seed is None:
            raise RecordError("this game was not started from a seed and cannot be recorded")
        return cls(state.seed, state.n_seats, state.first_seat, seats, tuple(state.history))

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "seed": self.seed,
            "n_seats": self.n_seats,
            "first_seat": self.first_seat,
            "seats": list(self.seats),
            "actions": [a.to_json() for a in self.actions],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: object) -> GameRecord:
        """Check a decoded record; raises :class:`RecordError` with a clear message."""
        if not isinstance(data, dict):
            raise RecordError("a game record is a JSON object")
        version = data.get("version")
        if type(version) is not int:
            raise RecordError("the game record has no format version")
        if version > RECORD_VERSION:
            raise RecordError("the game record was written by a newer version of the game")
        if version < 1:
            raise RecordError(f"unknown game record version {version}")
        seed, n_seats, first_seat = data.get("seed"), data.get("n_seats"), data.get("first_seat", 0)
        for name, value in (("seed", seed), ("n_seats", n_seats), ("first_seat", first_seat)):
            if type(value) is not int:
                raise RecordError(f"the game record's {name} is not a whole number")
        assert isinstance(seed, int) and isinstance(n_seats, int) and isinstance(first_seat, int)
        if not MIN_SEATS <= n_seats <= MAX_SEATS:
            raise RecordError(f"a game has {MIN_SEATS} to {MAX_SEATS} players, not {n_seats}")
        if not 0 <= first_seat < n_seats:
            raise RecordError("the game record's first player is not one of its seats")
        seats = data.get("seats", [])
        if not isinstance(seats, list) or not all(isinstance(s, dict) for s in seats):
            raise RecordError("the game record's seats are not a list of objects")
        raw_actions = data.get("actions")
        if not isinstance(raw_actions, list):
            raise RecordError("the game record has no list of actions")
        try:
            actions = tuple(Action.parse(a) for a in raw_actions)
        except ValueError as error:
            raise RecordError(f"the game record holds a broken action: {error}") from None
        return cls(seed, n_seats, first_seat, tuple(seats), actions, version)

    @classmethod
    def from_json(cls, text: str | bytes) -> GameRecord:
        try:
            data = json.loads(text)
        except (ValueError, RecursionError) as error:
            raise RecordError(f"the game record is not valid JSON: {error}") from None
        return cls.from_dict(data)

    def replay(self) -> GameState:
        """The game this record describes; raises :class:`RecordError` if the rules
        reject one of its actions."""
        state = GameState.new(self.n_seats, first_seat=self.first_seat, seed=self.seed)
        for number, action in enumerate(self.actions, 1):
            try:
                state.apply(action)
            except IllegalActionError as error:
                raise RecordError(f"action {number} ({action}) is not allowed: {error}") from None
        return state
