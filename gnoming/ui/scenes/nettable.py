"""The table of a network game: the same table, driven by a seat at a server.

:class:`NetworkTableScene` is the :class:`~gnoming.ui.scenes.table.TableScene`
with a :class:`~gnoming.net.client.RemoteFeed` and what only a network game
needs: quick emotes (E, or the Emote button, then a number or a click; no
typing, nothing to moderate), and leaving for the title with a clear word when
the table is gone (the host quit, the connection is lost for good). Friends who
drop, come back or are replaced by a gnome are told by the feed's messages,
and their plate says "Reconnecting… 42 s", then "Gnome standing in", until they are back.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from gnoming.i18n import _
from gnoming.net.client import EMOTE_TEXTS, RemoteFeed
from gnoming.net.friendstats import record_friend_game
from gnoming.net.protocol import CloseReason, EmoteId, SeatKind, SeatStatus
from gnoming.net.seats import SavedSeat, forget_seat, save_seat
from gnoming.options import difficulty_label
from gnoming.ui import theme
from gnoming.ui.hosting import HostFeed
from gnoming.ui.scenes.lobby import failure_text
from gnoming.ui.scenes.table import TableScene
from gnoming.ui.table.paint import SeatInfo
from gnoming.ui.widgets import draw_text

if TYPE_CHECKING:
    from gnoming.ui.app import App

EMOTES: tuple[EmoteId, ...] = tuple(EmoteId)
"""In the order of their number keys (1 to 6 while the emotes are open)."""
EMOTE_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6)
EMOTE_PAUSE = 1.0
"""Seconds between two emotes of this player (the server limits them too)."""


class NetworkTableScene(TableScene):
    """A table whose game is decided on a server (see the module docstring)."""

    def __init__(self, app: App, feed: RemoteFeed) -> None:
        super().__init__(app, feed)
        self.remote = feed
        self.emotes_open = False
        self.emote_hover: int | None = None
        self.emote_wait = 0.0
        self.gone = False
        self._seen_seq = feed.view.seq
        self._kept: str | None = None
        self.counted = False
        """This friend's statistics have the finished game (the host's are kept by its table)."""

    # ------------------------------------------------------------------ seats

    def seat_info(self, seat: int) -> SeatInfo:
        """A friend who dropped says so on their plate, with the seconds their seat
        still waits, then that a gnome stands in; the plate is plain again when
        they are back."""
        info = super().seat_info(seat)
        seats = self.remote.view.seats
        if not 0 <= seat < len(seats) or seats[seat].kind is not SeatKind.PERSON:
            return info
        status = seats[seat].status
        if status is SeatStatus.RECONNECTING:
            left = self.remote.view.wait_left.get(seat)
            if left is None:
                return replace(info, subtitle=_("Reconnecting…"), short=_("Reconnecting…"), alert=True)
            seconds = math.ceil(left)
            return replace(
                info,
                subtitle=_("Reconnecting… {seconds} s").format(seconds=seconds),
                short=_("Away {seconds} s").format(seconds=seconds),
                alert=True,
            )
        if status is SeatStatus.GNOME_CONTROLLED:
            level = difficulty_label(seats[seat].level.value)
            return replace(
                info,
                subtitle=_("Gnome standing in ({level})").format(level=level),
                short=_("Gnome standing in"),
                alert=True,
            )
        return info

    # ------------------------------------------------------------------ places

    def emote_button(self) -> pygame.Rect:
        """Below the Menu button, in the table's button column."""
        menu = max(self.geom.buttons.values(), key=lambda r: r.bottom)
        gap = max(4, round(8 * self.geom.unit))
        return pygame.Rect(menu.left, menu.bottom + gap, menu.width, menu.height)

    def emote_rects(self) -> list[pygame.Rect]:
        """The open emote list: one row each, right above the Emote button."""
        button = self.emote_button()
        row_h = button.height
        width = max(button.width, round(260 * self.geom.unit))
        top = max(4, button.top - 6 - row_h * len(EMOTES))
        left = min(button.left, self.app.size[0] - width - 4)
        return [pygame.Rect(left, top + i * row_h, width, row_h - 2) for i in range(len(EMOTES))]

    # ------------------------------------------------------------------ loop

    def update(self, dt: float) -> None:
        self.emote_wait = max(0.0, self.emote_wait - dt)
        if self.remote.step(0.0) or self.remote.view.seq != self._seen_seq:
            self._pull()  # seat news and emotes come on the person's turn too
        self._seen_seq = self.remote.view.seq
        super().update(dt)
        feed = self.remote
        self._keep_seat()
        if not self.gone and feed.ended and feed.result() is None:
            self.gone = True
            self.app.toast(failure_text(feed, "") or _("The connection to the table was lost."))
            closing, refused = feed.view.closing, feed.view.fatal is not None
            host_quit = closing is not None and closing.reason is CloseReason.HOST_QUIT
            lost = closing is None and not refused  # the host's game stopped, or the network
            if (host_quit or lost) and not isinstance(feed, HostFeed):
                self.app.toast(_("Your seat is kept: when the host continues the game, join with the same code."))
            self.app.router.title()

    def _keep_seat(self) -> None:
        """A friend's seat token is kept on disk while the game runs, so that starting
        the game again and joining with the same address and code takes the seat
        back; it is forgotten when the game is over."""
        view = self.remote.view
        if isinstance(self.remote, HostFeed) or view.code is None or view.token is None:
            return
        url = self.remote.url
        if self.remote.result() is not None:
            if not self.counted:
                self.counted = True
                for message in record_friend_game(self.app.data_dir, view):
                    self.app.toast(message)
            if self._kept is not None:
                forget_seat(self.app.data_dir, view.code)
                self._kept = None
        elif self._kept != view.token:
            save_seat(self.app.data_dir, SavedSeat(url=url, code=view.code, token=view.token, seat=view.seat))
            self._kept = view.token

    def send_emote(self, emote: EmoteId) -> None:
        self.emotes_open = False
        if self.emote_wait > 0:
            return
        self.emote_wait = EMOTE_PAUSE
        self.app.audio.play("click")
        self.remote.emote(emote)
        self.app.toast(_("You: {emote}").format(emote=_(EMOTE_TEXTS[emote])))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if self.emotes_open:
                if event.key in EMOTE_KEYS:
                    self.send_emote(EMOTES[EMOTE_KEYS.index(event.key)])
                elif event.key in (pygame.K_ESCAPE, pygame.K_e):
                    self.emotes_open = False
                return
            if event.key == pygame.K_e and self.pass_to is None:
                self.emotes_open = True
                return
        elif event.type == pygame.MOUSEMOTION and self.emotes_open:
            self.emote_hover = next((i for i, r in enumerate(self.emote_rects()) if r.collidepoint(event.pos)), None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.emotes_open:
                for index, rect in enumerate(self.emote_rects()):
                    if rect.collidepoint(event.pos):
                        self.send_emote(EMOTES[index])
                        return
                self.emotes_open = False
                return
            if self.emote_button().collidepoint(event.pos):
                self.emotes_open = True
                return
        super().handle(event)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        size = self.app.font_size(16)
        button = self.emote_button()
        inner = theme.draw_panel(surface, button, hover=self.emotes_open)
        draw_text(surface, _("Emote (E)"), inner.center, size, bold=True, max_width=inner.w - 6)
        if not self.emotes_open:
            return
        rects = self.emote_rects()
        backdrop = rects[0].unionall(rects).inflate(10, 10)
        pygame.draw.rect(surface, theme.SLATE_DARK, backdrop, border_radius=8)
        for index, (emote, rect) in enumerate(zip(EMOTES, self.emote_rects(), strict=True)):
            inner = theme.draw_panel(surface, rect, hover=index == self.emote_hover)
            draw_text(surface, f"{index + 1}", (inner.left + size, inner.centery), size, theme.WOOD_DARK, bold=True)
            draw_text(
                surface,
                _(EMOTE_TEXTS[emote]),
                (inner.left + size * 2, inner.centery),
                size,
                bold=True,
                anchor="midleft",
                max_width=inner.w - size * 2 - 6,
            )
