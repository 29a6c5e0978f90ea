"""The Statistics screen: games played and won per difficulty, records, what
happened at the table, the last games and a small chart of recent totals.

The numbers are the ones ``gnoming.store.stats`` keeps for the people at this
computer (see that module for what exactly counts)."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from gnoming.i18n import N_, _
from gnoming.options import DIFFICULTIES, difficulty_label
from gnoming.store.stats import NO_GNOMES, GameLine, Stats, load_stats
from gnoming.ui import theme
from gnoming.ui.menus.common import (
    MenuScene,
    board_inner,
    draw_board,
    draw_heading,
    draw_key_hint,
)
from gnoming.ui.scale import Scale
from gnoming.ui.table.explain import MINUS
from gnoming.ui.widgets import Button, Menu, draw_paragraph, draw_text, text_width

if TYPE_CHECKING:
    from gnoming.ui.app import App

CHART_GAMES = 20
LIST_GAMES = 5
NO_GNOMES_LABEL = N_("No gnomes")


def person_total(line: GameLine) -> int | None:
    """The best total of the people at this computer in one past game."""
    totals = [line.seats[s].total for s in line.person_seats if 0 <= s < len(line.seats)]
    return min(totals) if totals else None


def person_won(line: GameLine) -> bool:
    return any(s in line.winners for s in line.person_seats)


def short_date(iso: str) -> str:
    """``2026-11-29T22:15:03+00:00`` as local ``2026-11-29 23:15``; the text itself
    when it is not a date."""
    try:
        moment = datetime.datetime.fromisoformat(iso)
        if moment.tzinfo is not None:
            moment = moment.astimezone()
        return moment.strftime("%Y-%m-%d %H:%M")
    except (ValueError, OverflowError, OSError):
        return iso[:16]


def seats_text(line: GameLine, size: int, width: int) -> str:
    """``You 12 · Fennick Burrow 30 · ...`` fitted to ``width``: first names only
    when the full names do not fit, then cut short with an ellipsis."""
    minimum = max(10, size * 3 // 4)
    full = "  ·  ".join(f"{seat.name} {score_text(seat.total)}" for seat in line.seats)
    if text_width(full, minimum) <= width:
        return full
    short = " · ".join(
        f"{(seat.name.split() or [seat.name])[0]} {score_text(seat.total)}" for seat in line.seats
    )
    while short and text_width(short, minimum) > width:
        short = short[:-2].rstrip() + "…"
    return short


def score_text(value: int | None) -> str:
    """A score as the table writes it, with its minus sign ("–14"); "—" for none."""
    return "—" if value is None else str(value).replace("-", MINUS)


class StatsScene(MenuScene):
    name = "stats"

    def __init__(self, app: App, stats: Stats | None = None) -> None:
        super().__init__(app)
        if stats is None:
            stats, messages = load_stats(app.data_dir)
            for message in messages:
                app.toast(message)
        self.stats = stats
        self.menu = Menu([Button(lambda: _("Back"), self.back)])
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = stats_layout(size, self.app.scale)
        self.menu.place((self.layout.back,), self.layout.button_text)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        theme.draw_table(surface)
        draw_heading(
            surface, _("Statistics"), lay.heading.midtop, lay.heading_text, lay.heading.width
        )
        draw_board(surface, lay.left_board, self.app)
        draw_board(surface, lay.right_board, self.app)
        if self.stats.games_played == 0:
            self._draw_empty(surface)
        else:
            self._draw_summary(surface, lay.summary)
            self._draw_recent(surface, lay.recent)
        self.menu.draw(surface)
        draw_key_hint(surface, _("Esc: back"), lay.key_hint, lay.key_text)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        lay = self.layout
        side = lay.empty_portrait.width
        portrait = self.app.cards.portrait(4, (side, side))
        surface.blit(portrait, lay.empty_portrait)
        text = lay.empty_text
        draw_paragraph(
            surface,
            _(
                "No finished games yet. Play one to the end and your numbers "
                "appear here: wins, best rounds, matches and more."
            ),
            text,
            lay.body_text,
        )
        draw_paragraph(
            surface,
            _("Your recent totals will be drawn here as a chart."),
            lay.empty_chart,
            lay.body_text,
            theme.STONE_DARK,
        )

    def _heading(self, surface: pygame.Surface, text: str, x: int, y: int, width: int) -> int:
        rect = draw_text(
            surface,
            text,
            (x, y),
            self.layout.section_text,
            theme.WOOD_DARK,
            bold=True,
            anchor="topleft",
            max_width=width,
        )
        return rect.bottom + self.layout.gap

    def _draw_summary(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        lay = self.layout
        s = self.stats
        y = self._heading(surface, _("Games"), area.left, area.top, area.width)
        size = lay.line_text
        line_h = lay.summary_line
        percent = round(100 * s.games_won / s.games_played) if s.games_played else 0
        draw_text(
            surface,
            _("Played {played} · won {won} ({percent}%)").format(
                played=s.games_played, won=s.games_won, percent=percent
            ),
            (area.left, y),
            lay.total_text,
            theme.INK,
            bold=True,
            anchor="topleft",
            max_width=area.width,
        )
        y += line_h + lay.gap
        # the table of difficulties: name, played, won
        columns = (
            area.left,
            area.left + area.width * 55 // 100,
            area.left + area.width * 80 // 100,
        )
        col_w = area.width * 22 // 100
        for x, text in zip(columns, (_("Against"), _("Played"), _("Won")), strict=True):
            draw_text(
                surface,
                text,
                (x, y),
                size,
                theme.STONE_DARK,
                bold=True,
                anchor="topleft",
                max_width=col_w if x != columns[0] else columns[1] - columns[0] - 8,
            )
        y += line_h
        for key in (*DIFFICULTIES, NO_GNOMES):
            tally = s.by_difficulty.get(key)
            if tally is None or (key == NO_GNOMES and tally.played == 0):
                continue
            draw_text(
                surface,
                _(NO_GNOMES_LABEL) if key == NO_GNOMES else difficulty_label(key),
                (columns[0], y),
                size,
                theme.INK,
                anchor="topleft",
                max_width=columns[1] - columns[0] - 8,
            )
            for x, number in zip(columns[1:], (tally.played, tally.won), strict=True):
                draw_text(
                    surface, str(number), (x, y), size, theme.INK, anchor="topleft", max_width=col_w
                )
            y += line_h
        y += 2 * lay.gap
        records = (
            (_("Best round"), score_text(s.best_round)),
            (_("Worst round"), score_text(s.worst_round)),
            (_("Best game"), score_text(s.best_game)),
            (_("Worst game"), score_text(s.worst_game)),
        )
        totals = (
            (_("Matched rows and columns"), str(s.matches)),
            (_("Bounces"), str(s.bounces)),
            (_("Hazards suffered"), str(s.hazards_suffered)),
            (_("Hazards discarded"), str(s.hazards_discarded)),
            (_("Went out first"), str(s.went_out_first)),
        )
        y = self._heading(surface, _("Records (lower is better)"), area.left, y, area.width)
        y = self._pairs(surface, area, y, records)
        if y + line_h <= area.bottom:
            y = self._heading(surface, _("Over all games"), area.left, y + lay.gap, area.width)
            self._pairs(surface, area, y, totals)

    def _pairs(
        self, surface: pygame.Surface, area: pygame.Rect, y: int, pairs: tuple[tuple[str, str], ...]
    ) -> int:
        """Label and value rows from ``y`` down, as many as fit; the ``y`` after them."""
        lay = self.layout
        size = lay.line_text
        line_h = lay.summary_line
        value_x = area.right
        for label, value in pairs:
            if y + line_h > area.bottom:
                break
            draw_text(
                surface,
                label,
                (area.left, y),
                size,
                theme.INK,
                anchor="topleft",
                max_width=area.width - lay.value_width - lay.gap,
            )
            draw_text(
                surface,
                value,
                (value_x, y),
                size,
                theme.INK,
                bold=True,
                anchor="topright",
                max_width=lay.value_width,
            )
            y += line_h
        return y

    def _draw_recent(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        lay = self.layout
        y = self._heading(surface, _("Your recent totals"), area.left, area.top, area.width)
        chart = pygame.Rect(area.left, y + lay.gap, area.width, lay.chart_height)
        self._draw_chart(surface, chart)
        y = chart.bottom + lay.chart_key_room
        y = self._heading(surface, _("Last games"), area.left, y, area.width)
        size = lay.list_text
        line_h = max(size * 2 + 10, (area.bottom - y) // LIST_GAMES)
        for line in reversed(self.stats.recent[-LIST_GAMES:]):
            if y + size * 2 + 4 > area.bottom:
                break
            won = person_won(line)
            mark = _("Won") if won else _("Lost")
            draw_text(
                surface,
                short_date(line.date),
                (area.left, y),
                size,
                theme.STONE_DARK,
                anchor="topleft",
                max_width=area.width // 2,
            )
            draw_text(
                surface,
                mark,
                (area.right, y),
                size,
                theme.FELT if won else theme.HAT_RED,
                bold=True,
                anchor="topright",
                max_width=area.width // 3,
            )
            seats = seats_text(line, size, area.width)
            draw_text(
                surface,
                seats,
                (area.left, y + size + 4),
                size,
                theme.INK,
                anchor="topleft",
                max_width=area.width,
            )
            y += line_h

    def _draw_chart(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Bars of the recent totals from a zero line; a win also gets a small
        flag on its bar (so colour is not the only sign)."""
        lay = self.layout
        games = [g for g in self.stats.recent[-CHART_GAMES:] if person_total(g) is not None]
        pygame.draw.rect(surface, (236, 226, 202), rect, border_radius=lay.radius)
        if not games:
            return
        totals = [person_total(g) or 0 for g in games]
        high, low = max(0, *totals), min(0, *totals)
        span = max(1, high - low)
        label_size = lay.chart_text
        plot = rect.inflate(-lay.axis_room - lay.gap, -lay.chart_pad)
        plot.left = rect.left + lay.axis_room
        zero_y = plot.top + round(plot.height * high / span)
        pygame.draw.line(surface, theme.STONE_DARK, (plot.left, zero_y), (plot.right, zero_y), 1)
        for value, y in ((high, plot.top), (low, plot.bottom), (0, zero_y)):
            if value != 0 and abs(y - zero_y) < label_size:
                continue
            draw_text(
                surface,
                score_text(value),
                (plot.left - 6, y),
                label_size,
                theme.STONE_DARK,
                anchor="midright",
            )
        slot = plot.width / CHART_GAMES
        bar_w = max(3, round(slot * 0.7))
        for index, (game, total) in enumerate(zip(games, totals, strict=True)):
            x = plot.left + round(slot * (CHART_GAMES - len(games) + index) + (slot - bar_w) / 2)
            y = plot.top + round(plot.height * (high - total) / span)
            bar = pygame.Rect(x, min(y, zero_y), bar_w, max(2, abs(zero_y - y)))
            won = person_won(game)
            pygame.draw.rect(surface, theme.FELT if won else theme.STONE, bar, border_radius=2)
            pygame.draw.rect(surface, theme.WOOD_DARK, bar, 1, border_radius=2)
            if won:
                top = bar.top - 2 if total >= 0 else bar.bottom + 14
                pole = (bar.centerx, top)
                pygame.draw.line(surface, theme.INK, pole, (pole[0], pole[1] - 12), 1)
                pygame.draw.polygon(
                    surface,
                    theme.HAT_RED,
                    [(pole[0], pole[1] - 12), (pole[0] + 8, pole[1] - 9), (pole[0], pole[1] - 6)],
                )
        key = _("Bars: your total in each game, oldest left. Flag: a win.")
        draw_text(
            surface,
            key,
            (rect.centerx, rect.bottom + 4),
            label_size,
            theme.STONE_DARK,
            anchor="midtop",
            max_width=rect.width,
        )


@dataclass(frozen=True)
class StatsLayout:
    """Where everything on the Statistics screen goes."""

    heading: pygame.Rect
    heading_text: int
    left_board: pygame.Rect
    right_board: pygame.Rect
    summary: pygame.Rect
    """Inside the left board: games, difficulties, records."""
    recent: pygame.Rect
    """Inside the right board: the chart and the last games."""
    chart_height: int
    chart_key_room: int
    """Below the chart, for its one-line key."""
    back: pygame.Rect
    key_hint: tuple[int, int]
    empty_portrait: pygame.Rect
    empty_text: pygame.Rect
    empty_chart: pygame.Rect
    summary_line: int
    """Line step of the summary: 16 lines and the headings fill its height."""
    gap: int
    radius: int
    value_width: int
    axis_room: int
    chart_pad: int
    button_text: int
    section_text: int
    total_text: int
    line_text: int
    list_text: int
    chart_text: int
    body_text: int
    key_text: int


def stats_layout(size: tuple[int, int], scale: Scale) -> StatsLayout:
    w, h = size
    px = scale.px
    top, bottom = px(96), h - px(110)
    margin = max(px(40), (w - px(1160)) // 2)
    gap = px(20)
    usable = w - 2 * margin - gap
    left = pygame.Rect(margin, top, usable * 42 // 100, bottom - top)
    right = pygame.Rect(left.right + gap, top, usable - left.width, bottom - top)
    left_in, right_in = board_inner(left, scale), board_inner(right, scale)
    summary = left_in.inflate(-px(28), -px(20))
    recent = right_in.inflate(-px(28), -px(20))
    back = pygame.Rect(0, 0, px(220), px(48))
    back.midtop = (w // 2, bottom + px(16))
    heading = pygame.Rect(0, px(26), w - px(120), scale.font(44))
    heading.centerx = w // 2
    side = min(px(150), left_in.height // 2)
    portrait = pygame.Rect(0, 0, side, side)
    portrait.midtop = (left_in.centerx, left_in.top + px(30))
    empty_text = pygame.Rect(
        left_in.left + px(24),
        left_in.top + side + px(50),
        left_in.width - px(48),
        left_in.height - side - px(60),
    )
    line_text = scale.font(17)
    return StatsLayout(
        heading=heading,
        heading_text=scale.font(44),
        left_board=left,
        right_board=right,
        summary=summary,
        recent=recent,
        chart_height=recent.height * 40 // 100,
        chart_key_room=px(30),
        back=back,
        key_hint=(w // 2, h - px(22)),
        empty_portrait=portrait,
        empty_text=empty_text,
        empty_chart=right_in.inflate(-px(48), -px(60)),
        summary_line=max(line_text + 4, (summary.height - px(120)) // 16),
        gap=px(4),
        radius=px(6),
        value_width=px(64),
        axis_room=px(44),
        chart_pad=px(24),
        button_text=scale.font(20),
        section_text=scale.font(22),
        total_text=scale.font(19),
        line_text=line_text,
        list_text=scale.font(16),
        chart_text=scale.font(13),
        body_text=scale.font(20),
        key_text=scale.font(15),
    )
