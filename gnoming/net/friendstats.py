"""A friend's statistics of a network game: what their seat saw at the end.

A friend's computer has no game record (the deal stays on the host), so the
finished game is counted from the final snapshot: every scored round's final
layout, and who sat where (:func:`gnoming.store.stats.record_seen_game`). It
is recorded only when the game was seen to its end; a friend whose table
closed early, or who was replaced by a gnome and never came back, records
nothing, and seeing the same end again (a rejoin after the end) counts nothing.
"""

from __future__ import annotations

from pathlib import Path

from gnoming.rules import ROUNDS, Phase
from gnoming.store.stats import add_seen_game

from .protocol import SeatKind
from .view import SeatView


def seen_seats(view: SeatView) -> list[dict[str, str]]:
    """Who sat where, as a game record names them: this seat is the person."""
    seats = []
    for info in view.seats:
        if info.seat == view.seat:
            kind = "person"
        else:
            kind = "gnome" if info.kind is SeatKind.GNOME else "friend"
        seats.append({"kind": kind, "name": info.name, "difficulty": info.level.value})
    return seats


def saw_the_end(view: SeatView) -> bool:
    obs = view.observation
    return obs is not None and obs.phase is Phase.GAME_OVER and len(obs.round_results) == ROUNDS


def record_friend_game(data_dir: Path, view: SeatView) -> list[str]:
    """Count the finished game in this friend's statistics (once); messages for
    the player (a disk problem). Nothing happens before the end."""
    obs = view.observation
    if obs is None or not saw_the_end(view) or view.code is None or not view.joined:
        return []
    try:
        _stats, messages = add_seen_game(data_dir, view.code, view.seat, seen_seats(view), obs.round_results)
    except ValueError:
        return []
    return messages
