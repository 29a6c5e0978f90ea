"""A question before something that cannot be taken back ("Quit the game?"): a
small board over the dimmed screen with Yes and No buttons. Esc (or No) closes
it and nothing happens; the No button has the focus, so a stray Enter is safe."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from gnoming.ui import theme
from gnoming.ui.menus.common import MenuScene, dim, font_px, px
from gnoming.ui.widgets import Button, Menu, draw_paragraph, draw_text

if TYPE_CHECKING:
    from gnoming.ui.app import App


@dataclass(frozen=True)
class ConfirmLayout:
    board: pygame.Rect
    question: pygame.Rect
    detail: pygame.Rect
    yes: pygame.Rect
    no: pygame.Rect
    holders: tuple[str, ...] = ("board",)


def confirm_layout(size: tuple[int, int], scale: float) -> ConfirmLayout:
    """The dialog's boxes for a window of ``size`` at ``scale`` (1.0 at 1280x720)."""

    def px_(value: float) -> int:
        return max(1, round(value * scale))

    w, h = size
    board = pygame.Rect(0, 0, min(px_(560), w - 80), px_(250))
    board.center = (w // 2, h // 2)
    pad = px_(28)
    question = pygame.Rect(board.left + pad, board.top + px_(22), board.width - 2 * pad, px_(44))
    detail = pygame.Rect(board.left + pad, question.bottom + px_(8), question.width, px_(60))
    button_w = (board.width - 3 * pad) // 2
    yes = pygame.Rect(board.left + pad, board.bottom - px_(24) - px_(52), button_w, px_(52))
    no = yes.move(button_w + pad, 0)
    return ConfirmLayout(board, question, detail, yes, no)


class ConfirmScene(MenuScene):
    name = "confirm"
    opaque = False

    def __init__(
        self,
        app: App,
        question: Callable[[], str],
        detail: Callable[[], str],
        yes: Callable[[], str],
        no: Callable[[], str],
        on_yes: Callable[[], None],
    ) -> None:
        super().__init__(app)
        self.question = question
        self.detail = detail
        self.on_yes = on_yes
        self.menu = Menu([Button(yes, self.confirm), Button(no, self.back)])
        self.menu.focus = 1
        self.resize(app.size)

    def layout(self) -> ConfirmLayout:
        """Where everything is now (the layout audit reads it)."""
        return confirm_layout(self.app.size, px(self.app, 1000) / 1000)

    def confirm(self) -> None:
        self.app.audio.play("click")
        self.on_yes()

    def resize(self, size: tuple[int, int]) -> None:
        g = self.layout()
        self.menu.buttons[0].rect = g.yes
        self.menu.buttons[1].rect = g.no
        self.menu.text_size = font_px(self.app, 21)

    def draw(self, surface: pygame.Surface) -> None:
        g = self.layout()
        dim(surface, 120)
        radius = px(self.app, 20)
        pygame.draw.rect(surface, theme.FELT_DARK, g.board, border_radius=radius)
        pygame.draw.rect(
            surface, theme.WOOD, g.board, max(3, px(self.app, 6)), border_radius=radius
        )
        draw_text(
            surface,
            self.question(),
            g.question.center,
            font_px(self.app, 30),
            theme.CREAM,
            bold=True,
            max_width=g.question.width,
            shadow=theme.SLATE_DARK,
        )
        draw_paragraph(surface, self.detail(), g.detail, font_px(self.app, 18), theme.GREEN_LIGHT)
        self.menu.draw(surface)
