"""The pause menu over a running game (Esc at the table): the table stays
visible, dimmed, behind a small board of choices. Esc again resumes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from gnoming.i18n import _
from gnoming.ui import theme
from gnoming.ui.menus.common import MenuScene, dim
from gnoming.ui.scale import Scale
from gnoming.ui.scenes.table import TableScene
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
        self.app.router.confirm(
            lambda: _("Quit the game?"),
            lambda: _("Your game is saved: Continue on the title screen picks it up again."),
            lambda: _("Quit"),
            lambda: _("Keep playing"),
            self.app.router.quit,
        )

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = pause_layout(size, self.app.scale, len(self.menu.buttons))
        self.menu.place(self.layout.buttons, self.layout.button_text)
        lay = self.layout
        board = pygame.Surface(lay.board.size, pygame.SRCALPHA)
        pygame.draw.rect(board, (*theme.FELT_DARK, 240), board.get_rect(), border_radius=lay.radius)
        pygame.draw.rect(board, theme.WOOD, board.get_rect(), lay.frame, border_radius=lay.radius)
        self._board = board

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        dim(surface, 150)
        surface.blit(self._board, lay.board)
        draw_text(
            surface,
            _("Paused"),
            lay.heading.midtop,
            lay.heading_text,
            theme.CREAM,
            bold=True,
            anchor="midtop",
            max_width=lay.heading.width,
            shadow=theme.SLATE_DARK,
        )
        self.menu.draw(surface)
        seed = self.game_seed()
        if seed is not None:
            # the README asks for it in bug reports
            draw_text(
                surface,
                _("Seed: {seed}").format(seed=seed),
                lay.seed,
                lay.seed_text,
                theme.CREAM,
                anchor="midbottom",
                max_width=lay.heading.width,
            )

    def game_seed(self) -> int | None:
        """The seed of the game under this menu."""
        table = next((s for s in self.app.stack.scenes if isinstance(s, TableScene)), None)
        return table.feed.seed if table is not None else None


@dataclass(frozen=True)
class PauseLayout:
    board: pygame.Rect
    radius: int
    frame: int
    heading: pygame.Rect
    """Its top middle is where "Paused" hangs; its width the most it may take."""
    heading_text: int
    buttons: tuple[pygame.Rect, ...]
    button_text: int
    seed: tuple[int, int]
    """Middle bottom of the game's seed line, under the buttons."""
    seed_text: int


def pause_layout(size: tuple[int, int], scale: Scale, button_count: int) -> PauseLayout:
    w, h = size
    px = scale.px
    button_h, gap = px(52), px(12)
    board = pygame.Rect(0, 0, min(px(440), w - 80), 0)
    board.height = px(126) + button_count * button_h + max(0, button_count - 1) * gap
    board.center = (w // 2, h // 2)
    button_w = board.width - px(110)
    top = board.top + px(78)
    buttons = tuple(
        pygame.Rect(board.centerx - button_w // 2, top + i * (button_h + gap), button_w, button_h)
        for i in range(button_count)
    )
    heading = pygame.Rect(0, board.top + px(20), board.width - px(40), scale.font(34))
    heading.centerx = board.centerx
    return PauseLayout(
        board=board,
        radius=px(20),
        frame=max(3, px(6)),
        heading=heading,
        heading_text=scale.font(34),
        buttons=buttons,
        button_text=scale.font(21),
        seed=(board.centerx, board.bottom - px(14)),
        seed_text=scale.font(16),
    )
