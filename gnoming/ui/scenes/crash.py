"""The screen shown after an unexpected error: calm words, where the report is,
and two ways on. It must never fail itself, so every step is guarded and the
plainest possible drawing is the fallback."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from gnoming.i18n import _
from gnoming.ui import theme
from gnoming.ui.menus.common import board_inner, draw_board
from gnoming.ui.scale import Scale
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
            self.layout = crash_layout(size, self.app.scale)
            self.panel = self.layout.panel
            if self.menu is not None:
                self.menu.place(self.layout.buttons, self.layout.button_text)

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
        lay = self.layout
        theme.draw_table(surface)
        draw_board(surface, lay.panel, self.app)
        side = lay.portrait.width
        surface.blit(self.app.cards.portrait(7, (side, side)), lay.portrait)
        heading = draw_text(
            surface,
            _t("Something went wrong — your game was saved"),
            lay.text.topleft,
            lay.heading_text,
            theme.INK,
            bold=True,
            anchor="topleft",
            max_width=lay.text.width,
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
        area = pygame.Rect(lay.text.left, heading.bottom + lay.gap, lay.text.width, 0)
        area.height = lay.text.bottom - area.top
        draw_paragraph(surface, body, area, lay.body_text, theme.INK)
        if self.menu is not None:
            self.menu.draw(surface)


@dataclass(frozen=True)
class CrashLayout:
    panel: pygame.Rect
    portrait: pygame.Rect
    text: pygame.Rect
    """The heading and the words, right of the gnome and above the buttons."""
    gap: int
    buttons: tuple[pygame.Rect, pygame.Rect]
    heading_text: int
    body_text: int
    button_text: int


def crash_layout(size: tuple[int, int], scale: Scale) -> CrashLayout:
    w, h = size
    px = scale.px
    panel = pygame.Rect(0, 0, min(w - px(80), px(860)), min(h - px(80), px(470)))
    panel.center = (w // 2, h // 2)
    inner = board_inner(panel, scale)
    pad, side = px(30), px(110)
    portrait = pygame.Rect(inner.left + pad, inner.top + pad, side, side)
    button_w = min(px(260), (panel.width - px(100)) // 2)
    button_h, button_gap = px(52), px(40)
    top = panel.bottom - px(96)
    left = panel.centerx - (2 * button_w + button_gap) // 2
    buttons = (
        pygame.Rect(left, top, button_w, button_h),
        pygame.Rect(left + button_w + button_gap, top, button_w, button_h),
    )
    text_left = portrait.right + pad
    text = pygame.Rect(text_left, inner.top + pad, inner.right - pad - text_left, 0)
    text.height = top - px(20) - text.top
    return CrashLayout(
        panel=panel,
        portrait=portrait,
        text=text,
        gap=px(14),
        buttons=buttons,
        heading_text=scale.font(28),
        body_text=scale.font(19),
        button_text=scale.font(20),
    )
