"""Small table pictures for How to play: a 3x3 layout in the game's own card
art with its matches outlined, piles, and arrows for moves."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from gnoming.ui import theme

if TYPE_CHECKING:
    from gnoming.ui.app import App

FACE_DOWN = "?"


def grid_rects(rect: pygame.Rect, gap_ratio: float = 0.08) -> list[pygame.Rect]:
    """Nine card rects, row by row, as large as fit in ``rect`` (centred)."""
    # three cards and two gaps across; three cards and two gaps down
    card_w = min(
        rect.width / (3 + 2 * gap_ratio), rect.height / (3 * theme.CARD_RATIO + 2 * gap_ratio)
    )
    w, h = theme.card_size(max(8, int(card_w)))
    gap = max(2, round(w * gap_ratio))
    total_w, total_h = 3 * w + 2 * gap, 3 * h + 2 * gap
    left = rect.left + (rect.width - total_w) // 2
    top = rect.top + (rect.height - total_h) // 2
    return [
        pygame.Rect(left + (i % 3) * (w + gap), top + (i // 3) * (h + gap), w, h) for i in range(9)
    ]


def draw_card(app: App, surface: pygame.Surface, token: str, rect: pygame.Rect) -> None:
    art = app.cards.back(rect.size) if token == FACE_DOWN else app.cards.face(token, rect.size)
    surface.blit(art, rect)


def draw_layout(
    app: App,
    surface: pygame.Surface,
    tokens: tuple[str, ...],
    rect: pygame.Rect,
    *,
    show_matches: bool = True,
) -> list[pygame.Rect]:
    """Draw nine cards (``"?"`` face down); outline each matched row and column
    and strike it with a line, so a match is seen by shape as well as colour.
    Returns the card rects."""
    rects = grid_rects(rect)
    for token, card in zip(tokens, rects, strict=True):
        draw_card(app, surface, token, card)
    if show_matches and FACE_DOWN not in tokens:
        from gnoming.rules import score_breakdown

        for match in score_breakdown(tokens).matches:
            first, last = rects[match.positions[0]], rects[match.positions[-1]]
            line = first.union(last).inflate(4, 4)
            theme.glow(surface, line, theme.GLOW_MATCH, 4)
            pygame.draw.line(
                surface, theme.WATER, first.center, last.center, max(2, first.width // 18)
            )
    return rects


def draw_pile(
    app: App, surface: pygame.Surface, token: str | None, rect: pygame.Rect, depth: int = 3
) -> None:
    """A pile: a few card edges below the top card (``None``: an empty place)."""
    if token is None:
        pygame.draw.rect(surface, theme.FELT_DARK, rect, 2, border_radius=rect.width // 10)
        return
    for k in range(depth, 0, -1):
        edge = rect.move(k * 2, k * 2)
        pygame.draw.rect(surface, theme.CREAM, edge, border_radius=rect.width // 10)
        pygame.draw.rect(surface, theme.STONE_DARK, edge, 1, border_radius=rect.width // 10)
    draw_card(app, surface, token, rect)


def arrow_middle(
    start: tuple[float, float], end: tuple[float, float], bend: float = 0.0
) -> tuple[int, int]:
    """The middle of the arc :func:`draw_arrow` draws: where its number badge goes."""
    sx, sy = start
    ex, ey = end
    length = math.hypot(ex - sx, ey - sy) or 1.0
    nx, ny = (ey - sy) / length, -(ex - sx) / length
    return round((sx + ex) / 2 + nx * bend * length / 2), round(
        (sy + ey) / 2 + ny * bend * length / 2
    )


def draw_arrow(
    surface: pygame.Surface,
    start: tuple[float, float],
    end: tuple[float, float],
    colour: theme.Colour = theme.HAT_RED,
    *,
    bend: float = 0.0,
    width: int = 4,
) -> None:
    """An arrow from ``start`` to ``end``; ``bend`` lifts it into an arc (a hop),
    as a fraction of its length."""
    sx, sy = start
    ex, ey = end
    length = math.hypot(ex - sx, ey - sy) or 1.0
    nx, ny = (ey - sy) / length, -(ex - sx) / length
    cx, cy = (sx + ex) / 2 + nx * bend * length, (sy + ey) / 2 + ny * bend * length
    points = []
    for i in range(21):
        t = i / 20
        x = (1 - t) ** 2 * sx + 2 * (1 - t) * t * cx + t * t * ex
        y = (1 - t) ** 2 * sy + 2 * (1 - t) * t * cy + t * t * ey
        points.append((x, y))
    outline = [(x + 1, y + 1) for x, y in points]
    pygame.draw.lines(surface, theme.SLATE_DARK, False, outline, width + 2)
    pygame.draw.lines(surface, colour, False, points, width)
    # the head points along the last piece of the curve
    (ax, ay), (bx, by) = points[-3], points[-1]
    angle = math.atan2(by - ay, bx - ax)
    size = width * 3.2
    head = [
        (bx, by),
        (bx - size * math.cos(angle - 0.45), by - size * math.sin(angle - 0.45)),
        (bx - size * math.cos(angle + 0.45), by - size * math.sin(angle + 0.45)),
    ]
    pygame.draw.polygon(surface, colour, head)
    pygame.draw.polygon(surface, theme.SLATE_DARK, head, 1)


def draw_badge(
    surface: pygame.Surface,
    text: str,
    centre: tuple[int, int],
    size: int,
    fill: theme.Colour = theme.GOLD,
) -> pygame.Rect:
    """A small round-ended label (a step number, a score) over a picture."""
    from gnoming.ui.widgets import render_text

    label = render_text(text, size, theme.INK, True)
    rect = label.get_rect(center=centre).inflate(size, size // 3)
    pygame.draw.rect(surface, fill, rect, border_radius=rect.height // 2)
    pygame.draw.rect(surface, theme.WOOD_DARK, rect, 2, border_radius=rect.height // 2)
    surface.blit(label, label.get_rect(center=rect.center))
    return rect
