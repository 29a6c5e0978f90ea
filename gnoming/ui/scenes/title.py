"""The title screen: the game's name over a fan of cards and a gnome, and the way
into everything else (new game, continue, how to play, statistics, settings)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gnoming import __version__
from gnoming.i18n import _
from gnoming.store.saves import has_saved_game, load_saved_game
from gnoming.ui import theme
from gnoming.ui.menus.common import MenuScene, draw_heading, font_px, px
from gnoming.ui.widgets import Button, Menu, draw_text, wrap_text

if TYPE_CHECKING:
    from gnoming.ui.app import App

GAME_NAME = "Gnoming A Round"
"""The game's name is a name: it is not translated."""
FAN = ("7", "7", "M", "7", "-3", "H")
"""The cards of the title fan: a column of 7s with a mulligan, a gift and a hazard."""


class TitleScene(MenuScene):
    name = "title"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self._fan: pygame.Surface | None = None
        self._fan_key: tuple[int, int] = (0, 0)
        self.has_save = False
        self.rebuild()

    # ------------------------------------------------------------------ menu

    def rebuild(self) -> None:
        """(Re)make the buttons: Continue appears only while a saved game exists."""
        try:
            self.has_save = has_saved_game(self.app.data_dir)
        except OSError:
            self.has_save = False
        buttons: list[Button] = []
        if self.has_save:
            buttons.append(Button(lambda: _("Continue"), self.continue_game))
        buttons += [
            Button(lambda: _("New game"), self.new_game),
            Button(lambda: _("How to play"), self.how_to_play),
            Button(lambda: _("Statistics"), self.statistics),
            Button(lambda: _("Settings"), self.settings),
            Button(lambda: _("Quit"), self.quit),
        ]
        self.menu = Menu(buttons)
        self.resize(self.app.size)

    def resume(self) -> None:
        self.rebuild()

    def enter(self) -> None:
        self.rebuild()

    def back(self) -> None:
        """Esc on the title does nothing: quitting is a button, not an accident."""

    def continue_game(self) -> None:
        self.app.audio.play("click")
        saved, messages = load_saved_game(self.app.data_dir)
        for message in messages:
            self.app.toast(message)
        if saved is None:
            self.app.toast(_("The saved game could not be continued; start a new one."))
            self.rebuild()
            return
        self.app.router.resume(saved)

    def new_game(self) -> None:
        self.app.audio.play("click")
        self.app.router.new_game()

    def how_to_play(self) -> None:
        self.app.audio.play("click")
        self.app.router.howto()

    def statistics(self) -> None:
        self.app.audio.play("click")
        self.app.router.stats()

    def settings(self) -> None:
        self.app.audio.play("click")
        self.app.router.settings()

    def quit(self) -> None:
        self.app.router.quit()

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.board = pygame.Rect(0, 0, min(px(self.app, 380), w * 36 // 100), 0)
        button_h = px(self.app, 54)
        gap = px(self.app, 14)
        count = len(self.menu.buttons)
        self.board.height = count * button_h + (count - 1) * gap + px(self.app, 56)
        self.board.midright = (w - max(px(self.app, 60), w // 16), h // 2 + px(self.app, 10))
        self.menu.layout_column(
            self.board.centerx,
            self.board.top + px(self.app, 28),
            self.board.width - px(self.app, 80),
            button_h,
            gap,
        )
        self.menu.text_size = font_px(self.app, 22)
        self.left = pygame.Rect(px(self.app, 30), 0, self.board.left - px(self.app, 50), h)

    def _fan_surface(self) -> pygame.Surface:
        card_w = px(self.app, 104)
        key = (card_w, len(FAN))
        if self._fan is not None and self._fan_key == key:
            return self._fan
        card = theme.card_size(card_w)
        radius = card[1] * 1.35
        span = 19.0
        n = len(FAN)
        shadow = pygame.Surface(card, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(), border_radius=card[0] // 10)
        placed: list[tuple[pygame.Surface, pygame.Rect]] = []
        for i, token in enumerate(FAN):
            angle = span * (i - (n - 1) / 2)
            centre = pygame.Vector2(0, -radius).rotate(angle)
            for surf, dx in ((shadow, 5), (self.app.cards.face(token, card), 0)):
                turned = pygame.transform.rotozoom(surf, -angle, 1.0)
                placed.append((turned, turned.get_rect(center=(centre.x + dx, centre.y + dx))))
        bounds = placed[0][1].unionall([rect for _surf, rect in placed])
        fan = pygame.Surface(bounds.size, pygame.SRCALPHA)
        for surf, rect in placed:
            fan.blit(surf, rect.move(-bounds.x, -bounds.y))
        self._fan, self._fan_key = fan, key
        return fan

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_table(surface)
        app = self.app
        w, h = surface.get_size()
        cx = self.left.centerx
        title_size = font_px(app, 72)
        heading = draw_heading(
            surface, GAME_NAME, (cx, px(app, 48)), title_size, self.left.width - px(app, 20)
        )
        sub_rect = pygame.Rect(0, heading.bottom + px(app, 6), self.left.width - px(app, 60), 0)
        sub_rect.height = px(app, 64)
        sub_rect.centerx = cx
        tagline = _("Grandpa Beck's card game. Three rounds, nine cards each — lowest score wins.")
        draw_text_block(surface, tagline, sub_rect, font_px(app, 21))

        fan = self._fan_surface()
        space_top = sub_rect.top + px(app, 60)
        space_bottom = h - px(app, 36)
        fan_rect = fan.get_rect(center=(cx + px(app, 50), (space_top + space_bottom) // 2))
        fan_rect.bottom = min(fan_rect.bottom, space_bottom)
        surface.blit(fan, fan_rect)
        portrait_h = px(app, 170)
        portrait = app.cards.portrait(2, (portrait_h, portrait_h))
        surface.blit(
            portrait,
            portrait.get_rect(
                bottomright=(fan_rect.left + px(app, 56), fan_rect.bottom - px(app, 4))
            ),
        )

        backdrop = pygame.Surface(self.board.size, pygame.SRCALPHA)
        pygame.draw.rect(
            backdrop, (*theme.SLATE_DARK, 110), backdrop.get_rect(), border_radius=px(app, 18)
        )
        surface.blit(backdrop, self.board)
        self.menu.draw(surface)
        draw_text(
            surface,
            _("Version {version}").format(version=__version__),
            (w - px(app, 30), h - px(app, 22)),
            font_px(app, 14),
            theme.GREEN_LIGHT,
            anchor="bottomright",
        )


_WRAP_CACHE: dict[tuple[str, int, int], list[str]] = {}


def balanced_lines(text: str, size: int, width: int) -> list[str]:
    """``text`` wrapped into as few lines as fit ``width``, of nearly equal length
    (no lonely last word); cached."""
    key = (text, size, width)
    lines = _WRAP_CACHE.get(key)
    if lines is None:
        lines = wrap_text(text, size, width)
        narrower = width
        while len(lines) > 1 and narrower > width // 2:
            narrower -= max(4, width // 40)
            trial = wrap_text(text, size, narrower)
            if len(trial) > len(lines):
                break
            lines = trial
        if len(_WRAP_CACHE) > 200:
            _WRAP_CACHE.clear()
        _WRAP_CACHE[key] = lines
    return lines


def draw_text_block(surface: pygame.Surface, text: str, rect: pygame.Rect, size: int) -> None:
    """Centred cream lines on the felt (the title's tagline)."""
    step = round(size * 1.3)
    y = rect.top
    for line in balanced_lines(text, size, rect.width):
        draw_text(
            surface,
            line,
            (rect.centerx, y),
            size,
            theme.CREAM,
            anchor="midtop",
            shadow=theme.SLATE_DARK,
        )
        y += step


__all__ = ["GAME_NAME", "TitleScene"]
