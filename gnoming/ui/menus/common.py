"""What the menu screens share: a scale for their layout, headings, the dimmed
backdrop of an overlay, and a base class with a button menu and Esc to go back."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gnoming.ui import theme
from gnoming.ui.scene import Scene
from gnoming.ui.widgets import Menu, draw_text, fit_size, render_text

if TYPE_CHECKING:
    from gnoming.ui.app import App

_DIM_CACHE: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


DESIGN_WIDTH = 1152
"""The narrowest window, per 720 pixels of height, that the menus are laid out
for; a narrower (taller) window scales them by its width instead."""


def unit(app: App) -> float:
    """Layout unit: 1.0 at 720 pixels of window height, less when the window is
    narrow for its height (not enlarged by large text, so that boxes keep their
    place and the text inside them grows)."""
    w, h = app.size
    return min(h / 720, w / DESIGN_WIDTH)


def font_px(app: App, base: int) -> int:
    """A font size for the menus: ``base`` at 1280x720, following :func:`unit`
    and the large-text setting (like ``App.font_size``, which follows the height
    alone)."""
    large = 1.25 if getattr(app.settings, "large_text", False) else 1.0
    return max(11, round(base * unit(app) * large))


def px(app: App, value: float) -> int:
    return max(1, round(value * unit(app)))


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


def label_surface(
    text: str, size: int, max_width: int, colour: theme.Colour = theme.INK, bold: bool = False
) -> pygame.Surface:
    """``text`` rendered at the largest size up to ``size`` that fits ``max_width``."""
    return render_text(text, fit_size(text, size, max_width, bold), colour, bold)


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


def draw_board(
    surface: pygame.Surface, rect: pygame.Rect, app: App, face: theme.Colour = theme.CREAM
) -> pygame.Rect:
    """A large sign board (cream face, thin wooden frame) for a screen's content;
    returns the inner area. Unlike ``theme.draw_panel`` its frame does not grow
    with the board."""
    frame = px(app, 7)
    radius = px(app, 16)
    r = pygame.Rect(rect)
    pygame.draw.rect(surface, theme.SLATE_DARK, r.move(0, px(app, 4)), border_radius=radius)
    pygame.draw.rect(surface, theme.WOOD, r, border_radius=radius)
    pygame.draw.rect(surface, theme.WOOD_DARK, r, 1, border_radius=radius)
    inner = r.inflate(-2 * frame, -2 * frame)
    pygame.draw.rect(surface, face, inner, border_radius=max(2, radius - frame))
    return inner
