"""Join a table: pick one announced on this network, or type an address and a code.

Tables announced with DNS-SD (``_gnoming._tcp.local.``) are listed while the
screen looks for them (a few seconds; "Look again" looks once more). Where
multicast does not work the list stays empty with a word about it, and the
player types the address the host reads out. What is typed is checked here
(:func:`check_join`) before anything is sent; the lobby then tells how the
table answered.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Protocol

import pygame

from gnoming.i18n import N_, _
from gnoming.net.address import parse_code, server_url
from gnoming.net.client import RemoteFeed
from gnoming.net.discovery import Browser, LanTable
from gnoming.net.seats import load_seat
from gnoming.ui import theme
from gnoming.ui.hosting import lan_allowed, network_name
from gnoming.ui.menus.common import draw_board, draw_heading, draw_key_hint, font_px, px
from gnoming.ui.scene import Scene
from gnoming.ui.table.layout import felt_rect
from gnoming.ui.widgets import Button, draw_paragraph, draw_text, text_width

if TYPE_CHECKING:
    from gnoming.ui.app import App

LOOK_SECONDS = 6.0
"""How long the screen listens for announced tables each time."""
MAX_LISTED = 5
MAX_FIELD = 64

BAD_ADDRESS = N_("Type the address of the table, like 192.168.1.20:47474.")
BAD_CODE = N_("A join code is 4 to 8 letters and digits (no I, O, 0 or 1).")


class TableBrowser(Protocol):
    """What the Join screen needs of a DNS-SD browser (:class:`gnoming.net.discovery.Browser`)."""

    def tables(self) -> list[LanTable]: ...

    def close(self) -> None: ...


def zeroconf_browser() -> TableBrowser:
    """Listen for tables with mDNS (raises when the network may not be used)."""
    if not lan_allowed():
        raise OSError("looking on the local network is switched off (GNOMING_LAN=off)")
    return Browser()


@dataclass(frozen=True)
class JoinRequest:
    url: str
    code: str


def check_join(address: str, code: str) -> JoinRequest | str:
    """The table to join, or why not (an untranslated message).

    >>> check_join("192.168.1.20", "gn7k")
    JoinRequest(url='ws://192.168.1.20:47474', code='GN7K')
    >>> check_join("", "GN7K") == BAD_ADDRESS, check_join("host:99999", "GN7K") == BAD_ADDRESS
    (True, True)
    >>> check_join("192.168.1.20", "IO01") == BAD_CODE
    True
    """
    try:
        url = server_url(address)
    except ValueError:
        return BAD_ADDRESS
    try:
        parsed = parse_code(code)
    except ValueError:
        return BAD_CODE
    return JoinRequest(url, parsed)


def table_label(table: LanTable) -> str:
    return f"{table.name}  ·  {table.address}"


class TextField:
    """A one-line text box: typed characters, Backspace, a caret when focused."""

    def __init__(self, label: Callable[[], str], text: str = "", upper: bool = False) -> None:
        self.label = label
        self.text = text
        self.upper = upper
        self.rect = pygame.Rect(0, 0, 0, 0)

    def type(self, text: str) -> None:
        clean = "".join(ch for ch in text if ch.isprintable())
        self.text = (self.text + (clean.upper() if self.upper else clean))[:MAX_FIELD]

    def backspace(self) -> None:
        self.text = self.text[:-1]

    def draw(self, surface: pygame.Surface, focus: bool, size: int, label_size: int) -> None:
        draw_text(surface, self.label(), (self.rect.left, self.rect.top - 4), label_size, theme.STONE_DARK, anchor="bottomleft", max_width=self.rect.width)
        pygame.draw.rect(surface, theme.WHITE, self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.GOLD if focus else theme.WOOD_LIGHT, self.rect, 3 if focus else 2, border_radius=6)
        inner = self.rect.inflate(-16, 0)
        shown = self.text
        while shown and text_width(shown + "|", size) > inner.width:
            shown = shown[1:]
        drawn = draw_text(surface, shown or " ", (inner.left, inner.centery), size, theme.INK, anchor="midleft")
        if focus:
            x = drawn.right + 2 if shown else inner.left
            pygame.draw.line(surface, theme.INK, (x, inner.centery - size // 2), (x, inner.centery + size // 2), 2)


@dataclass(frozen=True)
class JoinLayout:
    heading: tuple[int, int]
    board: pygame.Rect
    found: pygame.Rect
    """The list of tables on this network."""
    address: pygame.Rect
    code: pygame.Rect
    join: pygame.Rect
    look: pygame.Rect
    message: pygame.Rect
    back: pygame.Rect
    hint: tuple[int, int]


def join_layout(app: App, size: tuple[int, int]) -> JoinLayout:
    w, h = size
    board = pygame.Rect(0, 0, min(w - px(app, 60), px(app, 1000)), h - px(app, 236))
    board.midtop = (w // 2, px(app, 100))
    inner = board.inflate(-px(app, 48), -px(app, 40))
    half = (inner.width - px(app, 30)) // 2
    found = pygame.Rect(inner.left, inner.top + px(app, 34), half, inner.height - px(app, 34) - px(app, 62))
    look = pygame.Rect(inner.left, found.bottom + px(app, 12), min(half, px(app, 240)), px(app, 46))
    right = inner.left + half + px(app, 30)
    field_h = px(app, 50)
    address = pygame.Rect(right, inner.top + px(app, 34) + px(app, 32), half, field_h)
    code = pygame.Rect(right, address.bottom + px(app, 40), min(half, px(app, 260)), field_h)
    join = pygame.Rect(right, code.bottom + px(app, 22), min(half, px(app, 260)), px(app, 50))
    message = pygame.Rect(right, join.bottom + px(app, 14), half, inner.bottom - join.bottom - px(app, 14))
    back = pygame.Rect(0, 0, px(app, 240), px(app, 50))
    back.midtop = (w // 2, board.bottom + px(app, 14))  # the key hint goes under it, on the felt
    return JoinLayout((w // 2, px(app, 26)), board, found, address, code, join, look, message, back, (w // 2, felt_rect(size).bottom - px(app, 4)))


class JoinScene(Scene):
    """Join a table (see the module docstring)."""

    name = "network_join"

    def __init__(self, app: App, browser: Callable[[], TableBrowser] = zeroconf_browser) -> None:
        super().__init__(app)
        self.make_browser = browser
        self.browser: TableBrowser | None = None
        self.looking = 0.0
        self.look_error = False
        self.found: list[LanTable] = []
        self.address = TextField(lambda: _("Address of the table"))
        self.code = TextField(lambda: _("Join code"), upper=True)
        self.message: str | None = None
        self.join_button = Button(lambda: _("Join"), self.join)
        self.look_button = Button(lambda: _("Look again"), self.look)
        self.back_button = Button(lambda: _("Back"), self.back)
        self.table_buttons: list[Button] = []
        self.focus = 0
        self.hover: object | None = None
        self.layout = join_layout(app, app.size)
        self.focus_on(self.address)

    # ------------------------------------------------------------------ focus

    def focusables(self) -> list[TextField | Button]:
        return [self.address, self.code, self.join_button, *self.table_buttons, self.look_button, self.back_button]

    def focused(self) -> TextField | Button:
        items = self.focusables()
        return items[min(self.focus, len(items) - 1)]

    def focus_on(self, item: TextField | Button) -> None:
        self.focus = self.focusables().index(item)

    def move(self, step: int) -> None:
        self.focus = (self.focus + step) % len(self.focusables())

    # ------------------------------------------------------------------ life

    def enter(self) -> None:
        pygame.key.start_text_input()
        self.look()

    def leave(self) -> None:
        self.stop_looking()
        with contextlib.suppress(pygame.error):
            pygame.key.stop_text_input()

    def pause(self) -> None:
        self.stop_looking()

    def resume(self) -> None:
        with contextlib.suppress(pygame.error):
            pygame.key.start_text_input()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = join_layout(self.app, size)
        self._place()

    def _place(self) -> None:
        layout = self.layout
        self.address.rect = layout.address
        self.code.rect = layout.code
        self.join_button.rect = layout.join
        self.look_button.rect = layout.look
        self.back_button.rect = layout.back
        row_h = min(px(self.app, 56), layout.found.height // MAX_LISTED)
        for index, button in enumerate(self.table_buttons):
            button.rect = pygame.Rect(layout.found.left, layout.found.top + index * row_h, layout.found.width, row_h - px(self.app, 6))

    def look(self) -> None:
        """Listen for announced tables for a while (quietly nothing if multicast fails)."""
        self.stop_looking()
        self.look_error = False
        try:
            self.browser = self.make_browser()
        except Exception:  # noqa: BLE001 - no multicast here: the typed address still works
            self.browser = None
            self.look_error = True
            return
        self.looking = LOOK_SECONDS

    def stop_looking(self) -> None:
        browser, self.browser = self.browser, None
        self.looking = 0.0
        if browser is not None:
            with contextlib.suppress(Exception):
                browser.close()

    def back(self) -> None:
        self.app.audio.play("click")
        self.app.router.back()

    def pick(self, table: LanTable) -> None:
        self.address.text = table.address
        self.code.text = table.code
        self.focus_on(self.join_button)

    def join(self) -> None:
        """Check what was typed and go to the lobby (which tells how the table answered)."""
        self.app.audio.play("click")
        request = check_join(self.address.text, self.code.text)
        if isinstance(request, str):
            self.message = request
            self.focus_on(self.address if request == BAD_ADDRESS else self.code)
            return
        self.message = None
        persons = [s.name for s in self.app.settings.default_seats if s.kind == "person"]
        name = network_name(persons[0] if persons else "", _("Friend"))
        kept = load_seat(self.app.data_dir, request.url, request.code)
        feed = RemoteFeed.join(request.url, request.code, name, token=kept.token if kept else None)
        self.app.router.lobby(feed, self.address.text.strip())

    # ------------------------------------------------------------------ loop

    def update(self, dt: float) -> None:
        if self.browser is None:
            return
        try:
            tables = self.browser.tables()[:MAX_LISTED]
        except Exception:  # noqa: BLE001
            tables, self.look_error = [], True
        if tables != self.found:
            focused = self.focused()
            self.found = tables
            self.table_buttons = [
                Button(partial(table_label, t), partial(self.pick, t)) for t in tables
            ]
            self._place()
            if focused in self.focusables():
                self.focus_on(focused)
        self.looking -= dt
        if self.looking <= 0 or self.look_error:
            self.stop_looking()

    def handle(self, event: pygame.event.Event) -> None:
        focused = self.focused()
        if event.type == pygame.TEXTINPUT and isinstance(focused, TextField):
            focused.type(event.text)
            self.message = None
        elif event.type == pygame.KEYDOWN:
            self._key(event, focused)
        elif event.type == pygame.MOUSEMOTION:
            self.hover = self._at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            item = self._at(event.pos)
            if item is None:
                return
            self.focus_on(item)
            if isinstance(item, Button) and item.enabled:
                item.action()

    def _key(self, event: pygame.event.Event, focused: TextField | Button) -> None:
        key = event.key
        if key == pygame.K_ESCAPE:
            self.back()
        elif key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_DOWN, pygame.K_UP):
            self.move(1 if key == pygame.K_DOWN else -1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if focused is self.address:
                self.focus_on(self.code)
            elif focused is self.code:
                self.join()
            elif isinstance(focused, Button):
                focused.action()
        elif key == pygame.K_SPACE and isinstance(focused, Button):
            focused.action()
        elif key == pygame.K_BACKSPACE and isinstance(focused, TextField):
            focused.backspace()
        elif key == pygame.K_v and event.mod & pygame.KMOD_CTRL and isinstance(focused, TextField):
            with contextlib.suppress(Exception):
                focused.type(pygame.scrap.get_text() if hasattr(pygame.scrap, "get_text") else "")

    def _at(self, pos: tuple[int, int]) -> TextField | Button | None:
        for item in self.focusables():
            if item.rect.collidepoint(pos):
                return item
        return None

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_table(surface)
        app, layout = self.app, self.layout
        draw_heading(surface, _("Join a table"), layout.heading, font_px(app, 40), surface.get_width() - px(app, 40))
        draw_board(surface, layout.board, app)
        small = font_px(app, 18)
        found = layout.found
        draw_text(surface, _("Tables on this network"), (found.left, found.top - px(app, 30)), font_px(app, 20), theme.INK, bold=True, anchor="topleft", max_width=found.width)
        draw_text(surface, _("Or type what your host reads out"), (layout.address.left, found.top - px(app, 30)), font_px(app, 20), theme.INK, bold=True, anchor="topleft", max_width=layout.address.width)
        focused = self.focused()
        button_size = font_px(app, 19)
        for button in self.table_buttons:
            button.draw(surface, self.hover is button, focused is button, font_px(app, 17))
        if not self.table_buttons:
            if self.look_error:
                status = _("Tables cannot be listed on this network here: type the address.")
            elif self.browser is not None:
                status = _("Looking for tables…")
            else:
                status = _("No table found. Is the host's lobby open? You can type the address.")
            draw_paragraph(surface, status, found.inflate(-px(app, 8), 0), small, theme.STONE_DARK)
        for field in (self.address, self.code):
            field.draw(surface, focused is field, font_px(app, 24), small)
        for button in (self.join_button, self.look_button, self.back_button):
            button.draw(surface, self.hover is button, focused is button, button_size)
        if self.message is not None:
            draw_paragraph(surface, _(self.message), layout.message, small, theme.HAT_RED, bold=True)
        draw_key_hint(surface, _("Tab moves between the boxes, Enter joins, Esc goes back."), layout.hint, font_px(app, 15))
