"""What the menu screens share: headings, the dimmed backdrop of an overlay, a
sign board, and a base class with a button menu and Esc to go back.

:func:`px` and :func:`font_px` are the app's :class:`~gnoming.ui.scale.Scale`
for scenes that have no layout function yet."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gnoming.ui import theme
from gnoming.ui.scale import Scale
from gnoming.ui.scene import Scene
from gnoming.ui.widgets import Menu, draw_text

if TYPE_CHECKING:
    from gnoming.ui.app import App

_DIM_CACHE: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


def unit(app: App) -> float:
    """``app.scale.unit``: 1.0 at 1280x720 (see :class:`~gnoming.ui.scale.Scale`)."""
    return app.scale.unit


def font_px(app: App, base: int) -> int:
    """``app.scale.font(base)``: a font size written for 1280x720."""
    return app.scale.font(base)


def px(app: App, value: float) -> int:
    """``app.scale.px(value)``: a length written for 1280x720."""
    return app.scale.px(value)


def dim(surface: pygame.Surface, alpha: int = 150) -> None:
    """Darken the whole surface (the table under a pause menu)."""
    key = (surface.get_size(), alpha)
    veil = _DIM_CACHE.get(key)
    if veil is None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((*theme.SLATE_DARK, alpha))
        if len(_DIM_CACHE) > 4:
            _DIM_CACHE.clear()
        _DIM_CACHE[key] = veil
    surface.blit(veil, (0, 0))


def rounded_veil(
    size: tuple[int, int], colour: tuple[int, int, int, int], radius: int
) -> pygame.Surface:
    """A see-through rounded rectangle (made once per size, blitted every frame)."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, colour, veil.get_rect(), border_radius=radius)
    return veil


def draw_heading(
    surface: pygame.Surface, text: str, midtop: tuple[int, int], size: int, max_width: int
) -> pygame.Rect:
    """A screen's heading: bold cream letters with a dark shadow, on the felt."""
    return draw_text(
        surface,
        text,
        midtop,
        size,
        theme.CREAM,
        bold=True,
        anchor="midtop",
        max_width=max_width,
        shadow=theme.SLATE_DARK,
    )


def draw_key_hint(
    surface: pygame.Surface, text: str, midbottom: tuple[int, int], size: int
) -> None:
    """The small line at the bottom that says which keys do what."""
    width = surface.get_width() - 80
    draw_text(
        surface, text, midbottom, size, theme.GREEN_LIGHT, anchor="midbottom", max_width=width
    )


class MenuScene(Scene):
    """A full screen with a :class:`Menu`; Esc (or the Back button) goes back."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menu = Menu([])

    def back(self) -> None:
        self.app.audio.play("click")
        self.app.router.back()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.menu.handle(event)


BOARD_FRAME = 7
"""Width of a sign board's wooden frame at 1280x720 (see :func:`board_inner`)."""


def board_inner(rect: pygame.Rect, scale: Scale) -> pygame.Rect:
    """The cream face inside a sign board drawn in ``rect``."""
    frame = scale.px(BOARD_FRAME)
    return rect.inflate(-2 * frame, -2 * frame)


def draw_board(
    surface: pygame.Surface, rect: pygame.Rect, app: App, face: theme.Colour = theme.CREAM
) -> pygame.Rect:
    """A large sign board (cream face, thin wooden frame) for a screen's content;
    returns the inner area. Unlike ``theme.draw_panel`` its frame does not grow
    with the board."""
    frame = px(app, BOARD_FRAME)
    radius = px(app, 16)
    r = pygame.Rect(rect)
    pygame.draw.rect(surface, theme.SLATE_DARK, r.move(0, px(app, 4)), border_radius=radius)
    pygame.draw.rect(surface, theme.WOOD, r, border_radius=radius)
    pygame.draw.rect(surface, theme.WOOD_DARK, r, 1, border_radius=radius)
    inner = r.inflate(-2 * frame, -2 * frame)
    pygame.draw.rect(surface, face, inner, border_radius=max(2, radius - frame))
    return inner
