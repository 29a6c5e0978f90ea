"""The title screen: the game's name over a fan of cards and a gnome, and the way
into everything else (new game, continue, how to play, statistics, settings)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from gnoming import __version__
from gnoming.i18n import _
from gnoming.store.saves import has_saved_game, load_saved_game
from gnoming.ui import theme
from gnoming.ui.menus.common import MenuScene, draw_heading, rounded_veil
from gnoming.ui.scale import Scale
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
            Button(lambda: _("Join a table"), self.join_table),
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

    def join_table(self) -> None:
        self.app.audio.play("click")
        self.app.router.join_table()

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
        self.layout = title_layout(size, self.app.scale, len(self.menu.buttons))
        self.menu.place(self.layout.buttons, self.layout.button_text)
        self._backdrop = rounded_veil(
            self.layout.board.size, (*theme.SLATE_DARK, 110), self.layout.board_radius
        )

    def _fan_surface(self) -> pygame.Surface:
        card_w = self.layout.fan_card_width
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
        lay = self.layout
        draw_heading(surface, GAME_NAME, lay.heading.midtop, lay.heading_text, lay.heading.width)
        tagline = _("Grandpa Beck's card game. Three rounds, nine cards each — lowest score wins.")
        draw_text_block(surface, tagline, lay.tagline, lay.tagline_text)

        fan = self._fan_surface()
        fan_rect = fan.get_rect(center=lay.fan_area.center)
        fan_rect.bottom = min(fan_rect.bottom, lay.fan_area.bottom)
        surface.blit(fan, fan_rect)
        side = lay.portrait_side
        portrait = self.app.cards.portrait(2, (side, side))
        corner = (fan_rect.left + lay.portrait_offset[0], fan_rect.bottom + lay.portrait_offset[1])
        surface.blit(portrait, portrait.get_rect(bottomright=corner))

        surface.blit(self._backdrop, lay.board)
        self.menu.draw(surface)
        draw_text(
            surface,
            _("Version {version}").format(version=__version__),
            lay.version_corner,
            lay.version_text,
            theme.GREEN_LIGHT,
            anchor="bottomright",
        )


@dataclass(frozen=True)
class TitleLayout:
    """Where everything on the title screen goes."""

    board: pygame.Rect
    """The dark board behind the buttons, at the right."""
    board_radius: int
    buttons: tuple[pygame.Rect, ...]
    button_text: int
    left: pygame.Rect
    """The space left of the board: name, tagline, the fan of cards."""
    heading: pygame.Rect
    heading_text: int
    tagline: pygame.Rect
    tagline_text: int
    fan_area: pygame.Rect
    """The fan of cards is centred here and never reaches below it."""
    fan_card_width: int
    portrait_side: int
    portrait_offset: tuple[int, int]
    """The gnome's bottom-right corner from the fan's bottom-left corner."""
    version_corner: tuple[int, int]
    version_text: int


def title_layout(size: tuple[int, int], scale: Scale, button_count: int) -> TitleLayout:
    w, h = size
    px = scale.px
    button_h, gap = px(54), px(14)
    board = pygame.Rect(0, 0, min(px(380), w * 36 // 100), 0)
    board.height = button_count * button_h + max(0, button_count - 1) * gap + px(56)
    board.midright = (w - max(px(60), w // 16), h // 2 + px(10))
    button_w = board.width - px(80)
    buttons = tuple(
        pygame.Rect(
            board.centerx - button_w // 2,
            board.top + px(28) + i * (button_h + gap),
            button_w,
            button_h,
        )
        for i in range(button_count)
    )
    left = pygame.Rect(px(30), 0, board.left - px(50), h)
    heading_text = scale.font(72)
    heading = pygame.Rect(0, px(48), left.width - px(20), round(heading_text * 1.37))
    heading.centerx = left.centerx
    tagline = pygame.Rect(0, heading.bottom + px(6), left.width - px(60), px(64))
    tagline.centerx = left.centerx
    fan_area = pygame.Rect(0, tagline.top + px(60), left.width, 0)
    fan_area.height = h - px(36) - fan_area.top
    fan_area.centerx = left.centerx + px(50)
    return TitleLayout(
        board=board,
        board_radius=px(18),
        buttons=buttons,
        button_text=scale.font(22),
        left=left,
        heading=heading,
        heading_text=heading_text,
        tagline=tagline,
        tagline_text=scale.font(21),
        fan_area=fan_area,
        fan_card_width=px(104),
        portrait_side=px(170),
        portrait_offset=(px(56), -px(4)),
        version_corner=(w - px(30), h - px(22)),
        version_text=scale.font(14),
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


__all__ = ["GAME_NAME", "TitleLayout", "TitleScene", "title_layout"]
