"""The look of the table: palette, card sizes, and cached drawing of table and panels.

A mini-golf course at gnome scale: felt-green table, a wooden rail on a stone
edge, cream cards, a red gnome-hat accent. Everything here that is more than a
rectangle is drawn once per size into a surface and then only blitted, so that
a frame at 1280x720 on the software renderer stays well inside 8 ms.
"""

from __future__ import annotations

import math

import pygame

from gnoming.ui import drawlog

Colour = tuple[int, int, int]

# The palette. art/make_cards.py and art/make_gnomes.py use the same values.
CREAM: Colour = (244, 236, 216)
INK: Colour = (31, 51, 38)
FELT: Colour = (46, 107, 58)
FELT_DARK: Colour = (31, 77, 41)
FELT_LIGHT: Colour = (63, 128, 74)
GREEN_LIGHT: Colour = (207, 227, 176)
WOOD: Colour = (122, 78, 45)
WOOD_DARK: Colour = (78, 48, 27)
WOOD_LIGHT: Colour = (160, 110, 66)
STONE: Colour = (154, 149, 138)
STONE_DARK: Colour = (105, 101, 94)
SLATE: Colour = (43, 70, 96)
SLATE_DARK: Colour = (15, 30, 42)
HAT_RED: Colour = (200, 49, 43)
GOLD: Colour = (217, 165, 43)
HAZARD_YELLOW: Colour = (242, 194, 48)
HAZARD_BLACK: Colour = (28, 26, 23)
WATER: Colour = (47, 111, 168)
WHITE: Colour = (255, 255, 255)

GLOW_LEGAL: Colour = (255, 221, 87)
"""Outline of a card or pile the player may pick now (warm yellow)."""
GLOW_MATCH: Colour = (120, 220, 255)
"""Outline of a matched row or column at scoring (light sky blue)."""
GLOW_DANGER: Colour = (255, 120, 90)
"""Outline of something costly, such as a hazard about to score."""

CARD_RATIO = 7 / 5
"""Card height divided by card width (poker-card proportions, 250x350 in the SVGs)."""


def card_size(width: int) -> tuple[int, int]:
    """A card's pixel size for a given width, in the art's 5:7 proportion."""
    return (width, round(width * CARD_RATIO))


def card_size_to_fit(width: int, height: int) -> tuple[int, int]:
    """The largest 5:7 card size that fits in ``width`` x ``height`` pixels."""
    w = min(width, int(height / CARD_RATIO))
    return card_size(max(w, 1))


def _draw_windmill(surface: pygame.Surface, x: int, y: int, s: float) -> None:
    """A tiny mini-golf windmill; (x, y) is the bottom middle of the tower."""
    body = [(x - 12 * s, y), (x + 12 * s, y), (x + 8 * s, y - 34 * s), (x - 8 * s, y - 34 * s)]
    pygame.draw.polygon(surface, CREAM, body)
    pygame.draw.polygon(surface, WOOD_DARK, body, max(1, round(s)))
    pygame.draw.polygon(
        surface, HAT_RED, [(x - 11 * s, y - 34 * s), (x + 11 * s, y - 34 * s), (x, y - 48 * s)]
    )
    pygame.draw.rect(surface, WOOD_DARK, (x - 4 * s, y - 12 * s, 8 * s, 12 * s))
    hub = (x, y - 36 * s)
    for k in range(4):
        a = math.radians(20 + 90 * k)
        ux, uy = math.cos(a), math.sin(a)
        vx, vy = -uy * 7 * s, ux * 7 * s
        p0 = (hub[0] + ux * 7 * s, hub[1] + uy * 7 * s)
        p1 = (hub[0] + ux * 28 * s, hub[1] + uy * 28 * s)
        sail = [p0, p1, (p1[0] + vx, p1[1] + vy), (p0[0] + vx, p0[1] + vy)]
        pygame.draw.polygon(surface, CREAM, sail)
        pygame.draw.polygon(surface, WOOD_DARK, sail, 1)
        pygame.draw.line(surface, WOOD_DARK, hub, p1, max(2, round(2 * s)))
    pygame.draw.circle(surface, WOOD_DARK, hub, max(2, round(3 * s)))


def _draw_flag(surface: pygame.Surface, x: int, y: int, s: float) -> None:
    """A tiny golf flag in its hole; (x, y) is the hole."""
    pygame.draw.ellipse(surface, SLATE_DARK, (x - 9 * s, y - 3 * s, 18 * s, 6 * s))
    pygame.draw.line(surface, CREAM, (x, y), (x, y - 36 * s), max(1, round(2 * s)))
    pygame.draw.polygon(
        surface, HAT_RED, [(x, y - 36 * s), (x + 18 * s, y - 30 * s), (x, y - 24 * s)]
    )


_TABLE_CACHE: dict[tuple[int, int], pygame.Surface] = {}


def _felt_rect(size: tuple[int, int]) -> tuple[pygame.Rect, float]:
    w, h = size
    unit = max(1.0, min(w, h) / 720)
    stone = max(4, round(10 * unit))
    rail = max(6, round(18 * unit))
    felt = pygame.Rect(stone, stone, w - 2 * stone, h - 2 * stone).inflate(-2 * rail, -2 * rail)
    return felt, unit


def _decoration_spots(size: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int], float]:
    """Where the windmill (bottom middle) and the flag (its hole) stand, and their scale."""
    felt, unit = _felt_rect(size)
    windmill = (felt.right - round(40 * unit), felt.bottom - round(12 * unit))
    flag = (felt.left + round(30 * unit), felt.bottom - round(14 * unit))
    return windmill, flag, 1.1 * unit


def decoration_rects(size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The boxes of the windmill and the flag on a table of ``size``: screens keep
    their buttons off them (the layout audit checks)."""
    (wx, wy), (fx, fy), s = _decoration_spots(size)
    windmill = pygame.Rect(round(wx - 35 * s), round(wy - 71 * s), round(70 * s), round(71 * s))
    flag = pygame.Rect(round(fx - 9 * s), round(fy - 36 * s), round(27 * s), round(39 * s))
    return windmill, flag


def table_surface(size: tuple[int, int]) -> pygame.Surface:
    """The whole table drawn at ``size``; made once per size and kept."""
    cached = _TABLE_CACHE.get(size)
    if cached is not None:
        return cached
    w, h = size
    surf = pygame.Surface(size)
    unit = max(1.0, min(w, h) / 720)
    stone = max(4, round(10 * unit))
    rail = max(6, round(18 * unit))
    surf.fill(STONE)
    # stone edge: staggered blocks
    block = max(8, round(36 * unit))
    for y in range(0, h, stone):
        offset = (y // stone % 2) * block // 2
        for x in range(-offset, w, block):
            pygame.draw.rect(surf, STONE_DARK, (x, y, block, stone), 1)
    # wooden rail with grain lines
    rail_rect = pygame.Rect(stone, stone, w - 2 * stone, h - 2 * stone)
    pygame.draw.rect(surf, WOOD, rail_rect, border_radius=rail)
    for k in range(1, 4):
        inset = rail * k // 4
        pygame.draw.rect(
            surf,
            WOOD_DARK,
            rail_rect.inflate(-2 * inset, -2 * inset),
            1,
            border_radius=max(1, rail - inset),
        )
    # felt with a soft lighter centre and a faint mowing-stripe pattern
    felt_rect = rail_rect.inflate(-2 * rail, -2 * rail)
    pygame.draw.rect(surf, FELT, felt_rect, border_radius=max(2, rail // 2))
    stripe = max(8, round(48 * unit))
    stripes = pygame.Surface(felt_rect.size, pygame.SRCALPHA)
    for i, x in enumerate(range(0, felt_rect.w, stripe)):
        if i % 2:
            pygame.draw.rect(stripes, (*FELT_LIGHT, 40), (x, 0, stripe, felt_rect.h))
    centre = pygame.Surface(felt_rect.size, pygame.SRCALPHA)
    pygame.draw.ellipse(
        centre, (*FELT_LIGHT, 50), centre.get_rect().inflate(-felt_rect.w // 5, -felt_rect.h // 5)
    )
    surf.blit(stripes, felt_rect.topleft)
    surf.blit(centre, felt_rect.topleft)
    pygame.draw.rect(
        surf, FELT_DARK, felt_rect, max(1, round(2 * unit)), border_radius=max(2, rail // 2)
    )
    # accents in the corners, small enough to stay out of the way of the cards
    windmill, flag, s = _decoration_spots(size)
    _draw_windmill(surf, *windmill, s)
    _draw_flag(surf, *flag, s)
    if pygame.display.get_surface() is not None:
        surf = surf.convert()
    if len(_TABLE_CACHE) >= 4:  # a window dragged through many sizes: keep memory flat
        _TABLE_CACHE.clear()
    _TABLE_CACHE[size] = surf
    return surf


def draw_table(surface: pygame.Surface, rect: pygame.Rect | None = None) -> None:
    """Draw the table into ``rect`` (default: the whole surface). One blit per frame."""
    area = surface.get_rect() if rect is None else pygame.Rect(rect)
    surface.blit(table_surface(area.size), area.topleft)
    if drawlog.RECORD is not None:
        for decoration in decoration_rects(area.size):
            drawlog.record(drawlog.BoxKind.DECOR, decoration.move(area.topleft))


_PANEL_CACHE: dict[tuple[tuple[int, int], bool, bool], pygame.Surface] = {}


def panel_surface(
    size: tuple[int, int], hover: bool = False, pressed: bool = False
) -> pygame.Surface:
    """A wooden sign-board panel at ``size``: cream centre, wood frame; cached."""
    key = (size, hover, pressed)
    cached = _PANEL_CACHE.get(key)
    if cached is not None:
        return cached
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, min(w, h) // 6)
    frame = max(2, min(w, h) // 14)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (0, 0, 0, 70), rect.move(0, 2).inflate(-2, -2), border_radius=radius)
    body = rect.inflate(-2, -4).move(0, -1 if not pressed else 1)
    pygame.draw.rect(surf, WOOD_LIGHT if hover else WOOD, body, border_radius=radius)
    inner = body.inflate(-2 * frame, -2 * frame)
    face = (250, 244, 228) if hover else CREAM
    if pressed:
        face = (230, 220, 196)
    pygame.draw.rect(surf, face, inner, border_radius=max(2, radius - frame))
    pygame.draw.rect(surf, WOOD_DARK, body, 1, border_radius=radius)
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    _PANEL_CACHE[key] = surf
    return surf


def draw_panel(
    surface: pygame.Surface, rect: pygame.Rect, hover: bool = False, pressed: bool = False
) -> pygame.Rect:
    """Draw a panel or button background into ``rect``; returns the inner text area."""
    r = pygame.Rect(rect)
    surface.blit(panel_surface(r.size, hover, pressed), r.topleft)
    drawlog.record(drawlog.BoxKind.PANEL, r)
    frame = max(2, min(r.w, r.h) // 14)
    return r.inflate(-2 * frame - 2, -2 * frame - 4)


_GLOW_CACHE: dict[tuple[tuple[int, int], Colour, int], pygame.Surface] = {}


def glow_surface(size: tuple[int, int], colour: Colour, width: int = 4) -> pygame.Surface:
    """A soft rounded outline, ``width`` pixels outside a rect of ``size``; cached.

    The returned surface is ``2 * width`` larger in each direction than ``size``.
    """
    key = (size, colour, width)
    cached = _GLOW_CACHE.get(key)
    if cached is not None:
        return cached
    w, h = size
    surf = pygame.Surface((w + 2 * width, h + 2 * width), pygame.SRCALPHA)
    radius = max(2, min(w, h) // 10)
    for i in range(width, 0, -1):
        alpha = round(255 * (1 - (i - 1) / width) ** 1.5)
        r = pygame.Rect(width - i, width - i, w + 2 * i, h + 2 * i)
        pygame.draw.rect(surf, (*colour, alpha), r, 2, border_radius=radius + i)
    pygame.draw.rect(
        surf,
        (*colour, 255),
        surf.get_rect().inflate(-2 * width + 2, -2 * width + 2),
        2,
        border_radius=radius,
    )
    if pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    _GLOW_CACHE[key] = surf
    return surf


def glow(
    surface: pygame.Surface, rect: pygame.Rect, colour: Colour = GLOW_LEGAL, width: int = 4
) -> None:
    """Outline ``rect`` (a card, a pile, a row of cards) with a soft glow of ``colour``.

    Use :data:`GLOW_LEGAL` for legal targets and :data:`GLOW_MATCH` for matched lines.
    For a pulsing glow, vary the alpha of a copy, or draw with ``width`` stepping.
    """
    r = pygame.Rect(rect)
    surface.blit(glow_surface(r.size, colour, width), (r.x - width, r.y - width))
