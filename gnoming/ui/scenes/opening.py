"""While the host's table opens: a short wait the window keeps drawing through.

Opening a table listens on the port, starts the table server's thread and seats
the host over loopback; on a busy computer that can take seconds. It runs on a
worker thread (:class:`~gnoming.ui.hosting.Opening`); this screen says the
table is opening, with a Cancel button, and becomes the lobby as soon as the
host sits at the table. If the table cannot be opened (most often: the port is
in use) it says so and goes back.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from gnoming.i18n import _
from gnoming.ui import theme
from gnoming.ui.hosting import HostError, Opening
from gnoming.ui.menus.common import draw_board, draw_heading, draw_key_hint, font_px, px
from gnoming.ui.scene import Scene
from gnoming.ui.scenes.lobby import LobbyLayout, LobbyScene, lobby_layout
from gnoming.ui.widgets import Button, Menu, draw_paragraph

if TYPE_CHECKING:
    from gnoming.ui.app import App


class OpeningScene(Scene):
    """The table is opening (see the module docstring)."""

    name = "network_opening"

    def __init__(self, app: App, opening: Opening, port: int) -> None:
        super().__init__(app)
        self.opening = opening
        self.port = port
        """The port asked for (told to the host if it cannot be opened)."""
        self.clock = 0.0
        self.done = False
        self.layout: LobbyLayout = lobby_layout(app, app.size)
        self.menu = Menu([])
        self._rebuild()

    def _rebuild(self) -> None:
        cancel = Button(lambda: _("Cancel"), self.cancel)
        cancel.rect = self.layout.back
        self.menu = Menu([cancel])
        self.menu.text_size = font_px(self.app, 19)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = lobby_layout(self.app, size)
        self._rebuild()

    def leave(self) -> None:
        if not self.done:
            self.opening.cancel()

    def cancel(self) -> None:
        self.app.audio.play("click")
        self.app.router.back()

    # ------------------------------------------------------------------ loop

    def update(self, dt: float) -> None:
        self.clock += dt
        outcome = self.opening.poll()
        if outcome is None:
            return
        self.done = True
        if isinstance(outcome, HostError):
            self.app.toast(
                _("The table could not be opened on port {port}: {error}").format(port=self.port, error=outcome)
            )
            self.app.router.back()
            return
        self.app.replace(LobbyScene(self.app, outcome))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.cancel()
            return
        self.menu.handle(event)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_table(surface)
        app, layout = self.app, self.layout
        draw_heading(surface, _("Opening the table…"), layout.heading, font_px(app, 40), surface.get_width() - px(app, 40))
        inner = draw_board(surface, layout.board, app)
        centre = (inner.centerx, inner.centery - px(app, 40))
        self._draw_spinner(surface, centre, px(app, 34))
        box = pygame.Rect(0, 0, inner.width - px(app, 80), px(app, 110))
        box.midtop = (inner.centerx, centre[1] + px(app, 60))
        draw_paragraph(
            surface,
            _("Listening for friends and taking your seat. The join code comes next."),
            box,
            font_px(app, 22),
            theme.INK,
        )
        self.menu.draw(surface)
        draw_key_hint(surface, _("Esc cancels."), layout.hint, font_px(app, 15))

    def _draw_spinner(self, surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
        """Eight dots round a circle, the bright one going round: the window is alive."""
        lead = int(self.clock * 10) % 8
        for k in range(8):
            angle = 2 * math.pi * k / 8 - math.pi / 2
            at = (round(centre[0] + radius * math.cos(angle)), round(centre[1] + radius * math.sin(angle)))
            behind = (lead - k) % 8
            colour = theme.GOLD if behind == 0 else (theme.WOOD_DARK if behind < 3 else theme.STONE)
            pygame.draw.circle(surface, colour, at, max(3, radius // 5 - behind // 3))
