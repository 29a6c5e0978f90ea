"""The lobby of a network game: who sits at the table while it waits for friends.

The host sees the address(es) and the join code to give out, every seat with
who is in it, and a "Gnome" button on each open seat to fill it with a gnome.
A friend who joined sees the same seats. When every seat is taken the server
deals, and the lobby hands its feed to the table. If joining fails (no table at
that address, a wrong code, the host closed it) the lobby says so in plain
words and Back returns to where the player came from.

Everything shown comes from the seat's :class:`~gnoming.net.client.RemoteFeed`
(the server's ``Lobby`` and ``Welcome`` messages): the host's screen too is only
a client of its own table.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from gnoming.i18n import N_, _
from gnoming.net.client import RemoteFeed
from gnoming.net.protocol import Difficulty, SeatInfo, SeatKind, SeatStatus
from gnoming.net.say import closing_text, problem_text
from gnoming.options import RECONNECT_WAITS, difficulty_label
from gnoming.ui import theme
from gnoming.ui.hosting import STAND_IN_LEVELS, HostFeed
from gnoming.ui.menus.common import draw_board, draw_heading, draw_key_hint, font_px, px
from gnoming.ui.scene import Scene
from gnoming.ui.table.layout import felt_rect
from gnoming.ui.widgets import Button, Menu, draw_paragraph, draw_text, ellipsize

if TYPE_CHECKING:
    from gnoming.ui.app import App

NO_ANSWER = N_("No table answered at {address}. Check the address, and that the host's game is open.")
REFUSED = N_("The table refused to seat you.")


def failure_text(feed: RemoteFeed, address: str) -> str | None:
    """Why this feed will never reach the table, in the player's words (None: all well so far)."""
    view = feed.view
    if view.fatal is not None:
        return problem_text(view.fatal)
    if view.closing is not None:
        return closing_text(view.closing)
    if feed.ended and not feed.ready:
        if view.joined:
            return _("The connection to the table was lost.")
        return _(NO_ANSWER).format(address=address)
    return None


def lobby_waits_for(info: SeatInfo) -> bool:
    """The lobby waits for this seat: an open one, or (at a continued table) one
    kept for the friend who sat there. Either can be given to a gnome."""
    return info.status in (SeatStatus.OPEN, SeatStatus.RECONNECTING)


def seat_words(info: SeatInfo, mine: bool) -> tuple[str, str]:
    """The name and the state of a seat as the lobby shows them."""
    if info.status is SeatStatus.OPEN:
        return _("Open seat"), _("waiting for a friend")
    name = info.name or _("A friend")
    if mine:
        return name, _("you")
    if info.kind is SeatKind.GNOME:
        return name, _("{difficulty} gnome").format(difficulty=difficulty_label(info.level.value))
    if info.status is SeatStatus.RECONNECTING:
        return name, _("seat kept for them")  # in the lobby: a continued game's friend
    if info.status is SeatStatus.GNOME_CONTROLLED:
        return name, _("a gnome plays for them")
    return name, _("joined")


@dataclass(frozen=True)
class LobbyLayout:
    """Where everything of the lobby goes (one scale from the window)."""

    heading: tuple[int, int]
    board: pygame.Rect
    info: pygame.Rect
    """Host: addresses and the code. A friend: the table's code."""
    seats: pygame.Rect
    row_h: int
    back: pygame.Rect
    hint: tuple[int, int]
    stand_in: pygame.Rect
    """The host's choice of gnome (fills a seat, stands in for a dropped friend)."""
    wait: pygame.Rect
    """The host's choice of how long a dropped friend's seat waits."""


def lobby_layout(app: App, size: tuple[int, int]) -> LobbyLayout:
    w, h = size
    board = pygame.Rect(0, 0, min(w - px(app, 60), px(app, 1000)), h - px(app, 236))
    board.midtop = (w // 2, px(app, 100))
    inner = board.inflate(-px(app, 48), -px(app, 40))
    info = pygame.Rect(inner.left, inner.top, inner.width * 5 // 12, inner.height)
    seats = pygame.Rect(info.right + px(app, 24), inner.top, inner.right - info.right - px(app, 24), inner.height)
    row_h = min(px(app, 52), (seats.height - px(app, 36)) // 7)
    back = pygame.Rect(0, 0, px(app, 280), px(app, 50))
    back.midtop = (w // 2, board.bottom + px(app, 14))  # the key hint goes under it, on the felt
    choice_h = px(app, 40)
    wait = pygame.Rect(info.left, info.bottom - choice_h, info.width, choice_h)
    stand_in = wait.move(0, -choice_h - px(app, 8))
    return LobbyLayout(
        heading=(w // 2, px(app, 26)),
        board=board,
        info=info,
        seats=seats,
        row_h=row_h,
        back=back,
        hint=(w // 2, felt_rect(size).bottom - px(app, 4)),
        stand_in=stand_in,
        wait=wait,
    )


class LobbyScene(Scene):
    """Waiting at a network table until the game starts (see the module docstring)."""

    name = "network_lobby"

    def __init__(self, app: App, feed: RemoteFeed, address: str = "") -> None:
        super().__init__(app)
        self.feed = feed
        self.address = address
        self.failure: str | None = None
        self.handed_over = False
        self._seat_key: tuple[tuple[int, SeatStatus], ...] | None = None
        self.menu = Menu([])
        self.layout = lobby_layout(app, app.size)
        self._rebuild()

    @property
    def hosting(self) -> bool:
        return isinstance(self.feed, HostFeed)

    @property
    def continuing(self) -> bool:
        """The host continues a saved game: the friends' seats wait for them."""
        return isinstance(self.feed, HostFeed) and self.feed.hosting.continued is not None

    # ------------------------------------------------------------------ life

    def leave(self) -> None:
        if not self.handed_over:
            self.feed.close()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = lobby_layout(self.app, size)
        self._rebuild()

    def back(self) -> None:
        self.app.audio.play("click")
        self.app.router.back()

    def _rebuild(self) -> None:
        """Buttons: a Gnome button on each open seat (host only), and Back."""
        layout = self.layout
        buttons: list[Button] = []
        if self.hosting and self.failure is None:
            for index, info in enumerate(self.feed.view.seats):
                if lobby_waits_for(info):
                    button = Button(lambda: _("Gnome"), partial(self.fill, index))
                    row = self.seat_row(index)
                    button.rect = pygame.Rect(0, 0, px(self.app, 120), row.height - px(self.app, 8))
                    button.rect.midright = (row.right - px(self.app, 4), row.centery)
                    buttons.append(button)
            stand_in = Button(self.stand_in_label, self.next_stand_in)
            stand_in.rect = layout.stand_in
            wait = Button(self.wait_label, self.next_wait)
            wait.rect = layout.wait
            buttons += [stand_in, wait]
        back_label = N_("Close the table") if self.hosting and self.failure is None else N_("Back")
        back = Button(lambda: _(back_label), self.back)
        back.rect = layout.back
        buttons.append(back)
        focus_back = self.menu.focus >= len(self.menu.buttons) - 1
        self.menu = Menu(buttons)
        self.menu.text_size = font_px(self.app, 19)
        self.menu.focus = len(buttons) - 1 if focus_back else min(self.menu.focus, len(buttons) - 1)

    def seat_row(self, index: int) -> pygame.Rect:
        layout = self.layout
        top = layout.seats.top + px(self.app, 36)
        return pygame.Rect(layout.seats.left, top + index * layout.row_h, layout.seats.width, layout.row_h - px(self.app, 4))

    def stand_in_label(self) -> str:
        level = self.feed.hosting.stand_in if isinstance(self.feed, HostFeed) else STAND_IN_LEVELS[1]
        return _("Gnomes: {level}").format(level=difficulty_label(level.value))

    def wait_label(self) -> str:
        return _("A dropped friend waits {seconds} s").format(seconds=round(self.feed.view.reconnect_seconds))

    def next_stand_in(self) -> None:
        """The next gnome level (Easy, Medium, Hard, Expert, round again)."""
        feed = self.feed
        if isinstance(feed, HostFeed):
            self.app.audio.play("click")
            levels = STAND_IN_LEVELS
            level = levels[(levels.index(feed.hosting.stand_in) + 1) % len(levels)]
            self._choose(level, feed.hosting.reconnect_seconds)

    def next_wait(self) -> None:
        """The next wait for a dropped friend (30 s, 1, 2, 5 minutes, round again)."""
        feed = self.feed
        if isinstance(feed, HostFeed):
            self.app.audio.play("click")
            now = feed.hosting.reconnect_seconds
            later = [w for w in RECONNECT_WAITS if w > now]
            self._choose(feed.hosting.stand_in, later[0] if later else RECONNECT_WAITS[0])

    def _choose(self, level: Difficulty, wait: float) -> None:
        """Tell the table, and remember the choice for the next table this game hosts."""
        feed = self.feed
        if isinstance(feed, HostFeed):
            feed.hosting.choose_stand_in(level, wait)
            if wait in RECONNECT_WAITS:
                settings = self.app.settings
                self.app.update_settings(replace(settings, stand_in_level=level.value, reconnect_wait=int(wait)))

    def fill(self, seat: int) -> None:
        feed = self.feed
        if isinstance(feed, HostFeed):
            self.app.audio.play("click")
            feed.hosting.fill_with_gnome(seat)

    # ------------------------------------------------------------------ loop

    def update(self, dt: float) -> None:
        feed = self.feed
        feed.step(0.0)
        for message in feed.take_messages():
            if self.failure is None and not feed.ended:
                self.app.toast(message)
        if isinstance(feed, HostFeed) and feed.view.joined:
            feed.hosting.start_announcing()
        if self.failure is None and feed.ready and (not feed.ended or feed.result() is not None):
            # (a friend back after the end sees the final table, and counts the game once)
            self.handed_over = True
            if isinstance(feed, HostFeed):
                feed.hosting.stop_announcing()
            self.app.router.network_table(feed)
            return
        failure = failure_text(feed, self.address)
        if failure is not None and self.failure is None:
            self.failure = failure
            feed.close()
            self._seat_key = None
            self._rebuild()
            return
        key = tuple((s.seat, s.status) for s in feed.view.seats)
        if key != self._seat_key:
            self._seat_key = key
            self._rebuild()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        self.menu.handle(event)

    # ------------------------------------------------------------------ drawing

    def heading(self) -> str:
        if self.failure is not None:
            return _("Could not join the table")
        if not self.feed.view.joined:
            return _("Joining the table…")
        if self.continuing:
            return _("Waiting for friends to come back")
        return _("Waiting for friends")

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_table(surface)
        app, layout = self.app, self.layout
        draw_heading(surface, self.heading(), layout.heading, font_px(app, 40), surface.get_width() - px(app, 40))
        inner = draw_board(surface, layout.board, app)
        if self.failure is not None:
            self._draw_failure(surface, inner)
        else:
            self._draw_info(surface)
            self._draw_seats(surface)
        self.menu.draw(surface)
        if self.failure is None:
            if self.continuing:
                hint = _("The game goes on when every friend is back. Gnome lets a gnome play a seat until its friend returns.")
            elif self.hosting:
                hint = _("The game starts when every seat is taken. Gnome puts a gnome in an open seat.")
            else:
                hint = _("The game starts when every seat is taken.")
            draw_key_hint(surface, hint, layout.hint, font_px(app, 15))

    def _draw_failure(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        assert self.failure is not None
        box = inner.inflate(-px(self.app, 80), -px(self.app, 80))
        draw_paragraph(surface, self.failure, box, font_px(self.app, 24), theme.INK)

    def _draw_info(self, surface: pygame.Surface) -> None:
        app, info = self.app, self.layout.info
        small, big = font_px(app, 18), font_px(app, 24)
        y = info.top
        feed = self.feed
        if isinstance(feed, HostFeed):
            draw_text(surface, _("Friends type this address:"), (info.left, y), small, theme.STONE_DARK, anchor="topleft", max_width=info.width)
            y += round(small * 1.5)
            for address in feed.hosting.addresses()[:3]:
                draw_text(surface, address, (info.left + px(app, 10), y), big, theme.INK, bold=True, anchor="topleft", max_width=info.width - px(app, 10))
                y += round(big * 1.35)
            y += px(app, 14)
        code = feed.view.code or (feed.hosting.code if isinstance(feed, HostFeed) else "")
        draw_text(surface, _("Join code:"), (info.left, y), small, theme.STONE_DARK, anchor="topleft", max_width=info.width)
        y += round(small * 1.5)
        code_size = font_px(app, 54)
        box = pygame.Rect(info.left, y, info.width, round(code_size * 1.5))
        pygame.draw.rect(surface, theme.SLATE_DARK, box, border_radius=px(app, 10))
        draw_text(surface, " ".join(code), box.center, code_size, theme.GOLD, bold=True, max_width=box.width - px(app, 16))
        y = box.bottom + px(app, 14)
        bottom = self.layout.stand_in.top - px(app, 6)
        if isinstance(feed, HostFeed):
            caption = draw_text(
                surface,
                _("For open seats and friends who drop:"),
                (info.left, bottom),
                small,
                theme.STONE_DARK,
                anchor="bottomleft",
                max_width=info.width,
            )
            bottom = caption.top - px(app, 6)
            note = (
                _("Also listed under Join a table on the same network.")
                if feed.hosting.announce and not feed.hosting.loopback_only
                else _("Not listed on the network: friends type the address.")
            )
            draw_paragraph(surface, note, pygame.Rect(info.left, y, info.width, bottom - y), small, theme.STONE_DARK)
        else:
            area = self.layout.stand_in.union(self.layout.wait)
            draw_paragraph(surface, self.stand_in_words(), area, small, theme.STONE_DARK)

    def stand_in_words(self) -> str:
        """What happens to a friend who drops, as the host chose it (shown to friends)."""
        view = self.feed.view
        person = next((s for s in view.seats if s.kind is SeatKind.PERSON), None)
        level = difficulty_label(person.level.value) if person is not None else "?"
        return _("A friend who drops has {seconds} s to come back; then a gnome plays for them ({level}).").format(
            seconds=round(view.reconnect_seconds), level=level
        )

    def _draw_seats(self, surface: pygame.Surface) -> None:
        app, area = self.app, self.layout.seats
        view = self.feed.view
        title = _("At the table") if view.seats else _("Asking the table for a seat…")
        draw_text(surface, title, (area.left, area.top), font_px(app, 20), theme.INK, bold=True, anchor="topleft", max_width=area.width)
        button_w = px(app, 128) if self.hosting else 0
        for index, info in enumerate(view.seats):
            row = self.seat_row(index)
            open_seat = lobby_waits_for(info)
            colour = theme.GREEN_LIGHT if index == view.seat else (theme.STONE if open_seat else theme.WHITE)
            pygame.draw.rect(surface, colour, row, border_radius=px(app, 8))
            pygame.draw.rect(surface, theme.WOOD_LIGHT, row, 1, border_radius=px(app, 8))
            name, state = seat_words(info, index == view.seat)
            size = font_px(app, 19)
            draw_text(surface, str(index + 1), (row.left + px(app, 18), row.centery), size, theme.INK, bold=True)
            text_left = row.left + px(app, 40)
            room = row.right - text_left - px(app, 10) - (button_w if open_seat else 0)
            state_room = room * 2 // 5
            draw_text(surface, ellipsize(name, size, room - state_room, True), (text_left, row.centery), size, theme.INK, bold=True, anchor="midleft", max_width=room - state_room)
            draw_text(surface, state, (text_left + room, row.centery), font_px(app, 16), theme.STONE_DARK, anchor="midright", max_width=state_room)
