"""The screen shown after an unexpected error: calm words, where the report is,
and two ways on. It must never fail itself, so every step is guarded and the
plainest possible drawing is the fallback."""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from gnoming.i18n import _
from gnoming.ui import theme
from gnoming.ui.menus.common import draw_board, font_px, px
from gnoming.ui.scene import Scene
from gnoming.ui.widgets import Button, Menu, draw_paragraph, draw_text

if TYPE_CHECKING:
    from gnoming.ui.app import App


def _t(message: str) -> str:
    """``_()`` that cannot fail (a broken catalog must not break this screen)."""
    try:
        return _(message)
    except Exception:
        return message


class CrashScene(Scene):
    name = "crash"

    def __init__(self, app: App, report_path: Path | str | None) -> None:
        super().__init__(app)
        self.report_path = None if report_path is None else str(report_path)
        self.menu: Menu | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        with contextlib.suppress(Exception):
            self.menu = Menu(
                [
                    Button(lambda: _t("Back to title"), self.back_to_title),
                    Button(lambda: _t("Quit"), self.quit),
                ]
            )
        with contextlib.suppress(Exception):
            self.resize(app.size)

    def back_to_title(self) -> None:
        try:
            self.app.router.title()
        except Exception:
            self.app.quit(1)

    def quit(self) -> None:
        self.app.quit(1)

    def resize(self, size: tuple[int, int]) -> None:
        with contextlib.suppress(Exception):
            w, h = size
            self.panel = pygame.Rect(
                0,
                0,
                min(w - px(self.app, 80), px(self.app, 860)),
                min(h - px(self.app, 80), px(self.app, 470)),
            )
            self.panel.center = (w // 2, h // 2)
            if self.menu is not None:
                button_w = min(px(self.app, 260), (self.panel.width - px(self.app, 100)) // 2)
                self.menu.layout_row(
                    self.panel.centerx,
                    self.panel.bottom - px(self.app, 96),
                    button_w,
                    px(self.app, 52),
                    px(self.app, 40),
                )
                self.menu.text_size = font_px(self.app, 20)

    def handle(self, event: pygame.event.Event) -> None:
        try:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.back_to_title()
                return
            if self.menu is not None:
                self.menu.handle(event)
        except Exception:
            if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
                self.app.quit(1)

    def draw(self, surface: pygame.Surface) -> None:
        try:
            self._draw(surface)
        except Exception:
            with contextlib.suppress(Exception):
                surface.fill((31, 51, 38))

    def _draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme.draw_table(surface)
        inner = draw_board(surface, self.panel, app)
        pad = px(app, 30)
        side = px(app, 110)
        portrait = app.cards.portrait(7, (side, side))
        surface.blit(portrait, (inner.left + pad, inner.top + pad))
        text_left = inner.left + pad * 2 + side
        text_w = inner.right - pad - text_left
        heading = draw_text(
            surface,
            _t("Something went wrong — your game was saved"),
            (text_left, inner.top + pad),
            font_px(app, 28),
            theme.INK,
            bold=True,
            anchor="topleft",
            max_width=text_w,
        )
        body = _t(
            "Sorry! The game tripped over something it did not expect. Your game is kept: "
            "choose Continue on the title screen to play on from your last turn."
        )
        if self.report_path:
            body += "\n\n" + _t("A report for the developers was written to:\n{path}").format(
                path=self.report_path
            )
        else:
            body += "\n\n" + _t("No report could be written this time.")
        area = pygame.Rect(text_left, heading.bottom + px(app, 14), text_w, 0)
        area.height = self.menu.buttons[0].rect.top - px(app, 20) - area.top if self.menu else 200
        draw_paragraph(surface, body, area, font_px(app, 19), theme.INK)
        if self.menu is not None:
            self.menu.draw(surface)
