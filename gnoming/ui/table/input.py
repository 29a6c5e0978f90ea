"""Pointer and keyboard helpers of the table: which target is under the mouse,
where the arrow keys lead, what a number key means. Pure geometry over the
targets' rects; what a pick *means* is the controller's
(:mod:`gnoming.ui.table.controller`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from gnoming.ui.table.controller import HAND, Target, position

SHAKE_SECONDS = 0.4
MESSAGE_SECONDS = 3.0
"""How long a word about a mistake stays on the status line."""
DRAG_THRESHOLD = 6
"""Pixels the mouse must move with the button down before a press becomes a drag."""


def sentence(text: str) -> str:
    """The rules' messages start in lower case; on screen they are sentences."""
    return text[:1].upper() + text[1:]


@dataclass
class Drag:
    """The card in hand being dragged: where the press began and where it is now."""

    start: tuple[int, int]
    pos: tuple[int, int]

    def moved(self, pos: tuple[int, int]) -> bool:
        return abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1]) >= DRAG_THRESHOLD


def target_at(
    rects: dict[Target, pygame.Rect],
    legal: set[Target],
    pos: tuple[int, int],
    skip: Target | None = None,
) -> Target | None:
    """The target under ``pos``: a button, else something the player may pick now,
    else the card in hand, else anything else there."""
    hits = [t for t, r in rects.items() if t != skip and r.collidepoint(pos)]
    if not hits:
        return None

    def rank(target: Target) -> int:
        if target.is_button:
            return 0
        if target in legal:
            return 1
        return 2 if target == HAND else 3

    return min(hits, key=rank)


def nearest(
    rects: dict[Target, pygame.Rect], focus: Target | None, direction: tuple[int, int]
) -> Target | None:
    """Where the keyboard focus goes from ``focus`` in ``direction`` (None: stay)."""
    if not rects:
        return None
    if focus not in rects:
        return next(iter(rects))
    here = rects[focus].center
    dx, dy = direction
    best, best_score = None, float("inf")
    for target, rect in rects.items():
        if target == focus:
            continue
        vx, vy = rect.centerx - here[0], rect.centery - here[1]
        along = vx * dx + vy * dy
        if along <= 0:
            continue
        across = abs(vx * dy) + abs(vy * dx)
        score = along + 2.5 * across
        if score < best_score:
            best, best_score = target, score
    return best


ARROWS = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
CONFIRM_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


def number_key(key: int) -> Target | None:
    """Keys 1-9 (and the keypad's) pick the positions of your layout, row by row."""
    if pygame.K_1 <= key <= pygame.K_9:
        return position(key - pygame.K_1)
    if pygame.K_KP1 <= key <= pygame.K_KP9:
        return position(key - pygame.K_KP1)
    return None
