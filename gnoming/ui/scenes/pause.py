"""The pause menu over a running game (Esc at the table): the table stays
visible, dimmed, behind a small board of choices. Esc again resumes."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gnoming.i18n import _
from gnoming.ui import theme
from gnoming.ui.menus.common import MenuScene, dim, font_px, px
from gnoming.ui.scenes.confirm import ConfirmScene
from gnoming.ui.widgets import Button, Menu, draw_text

if TYPE_CHECKING:
    from gnoming.ui.app import App


class PauseScene(MenuScene):
    name = "pause"
    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.menu = Menu(
            [
                Button(lambda: _("Resume"), self.back),
                Button(lambda: _("How to play"), self.how_to_play),
                Button(lambda: _("Settings"), self.settings),
                Button(lambda: _("Save and quit to title"), self.quit_to_title),
                Button(lambda: _("Quit the game"), self.quit),
            ]
        )
        self.resize(app.size)

    def how_to_play(self) -> None:
        self.app.audio.play("click")
        self.app.router.howto()

    def settings(self) -> None:
        self.app.audio.play("click")
        self.app.router.settings()

    def quit_to_title(self) -> None:
        self.app.audio.play("click")
        # leaving the table lets its last autosave reach the disk
        self.app.router.title()

    def quit(self) -> None:
        """Quitting asks first: a click meant for Resume should not end the evening."""
        self.app.audio.play("click")
        self.app.push(
            ConfirmScene(
                self.app,
                lambda: _("Quit the game?"),
                lambda: _("Your game is saved: Continue on the title screen picks it up again."),
                lambda: _("Quit"),
                lambda: _("Keep playing"),
                self.app.router.quit,
            )
        )

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        button_h = px(self.app, 52)
        gap = px(self.app, 12)
        count = len(self.menu.buttons)
        self.board = pygame.Rect(0, 0, min(px(self.app, 440), w - 80), 0)
        self.board.height = px(self.app, 96) + count * button_h + (count - 1) * gap
        self.board.center = (w // 2, h // 2)
        self.menu.layout_column(
            self.board.centerx,
            self.board.top + px(self.app, 78),
            self.board.width - px(self.app, 110),
            button_h,
            gap,
        )
        self.menu.text_size = font_px(self.app, 21)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, 150)
        board = pygame.Surface(self.board.size, pygame.SRCALPHA)
        radius = px(self.app, 20)
        pygame.draw.rect(board, (*theme.FELT_DARK, 240), board.get_rect(), border_radius=radius)
        pygame.draw.rect(
            board, theme.WOOD, board.get_rect(), max(3, px(self.app, 6)), border_radius=radius
        )
        surface.blit(board, self.board)
        draw_text(
            surface,
            _("Paused"),
            (self.board.centerx, self.board.top + px(self.app, 20)),
            font_px(self.app, 34),
            theme.CREAM,
            bold=True,
            anchor="midtop",
            max_width=self.board.width - px(self.app, 40),
            shadow=theme.SLATE_DARK,
        )
        self.menu.draw(surface)
