"""The round log: every move of the round so far in words, newest at the bottom,
opened over the table with L or its button, scrolled with the wheel or the keys."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from gnoming.i18n import _
from gnoming.ui import theme
from gnoming.ui.table.layout import TableGeometry
from gnoming.ui.widgets import draw_text, fit_size


@dataclass(frozen=True)
class LogLayout:
    """Where the round log goes: its panel, the lines' box and how many lines fit."""

    panel: pygame.Rect
    lines: pygame.Rect
    line_h: int
    rows: int
    size: int


def log_layout(geom: TableGeometry, font_size: int) -> LogLayout:
    """Over the opponents' half of the table, clear of the status line."""
    w, h = geom.size
    panel = pygame.Rect(0, 0, min(w - 80, round(760 * max(geom.unit, 0.8))), 0)
    panel.top = max(8, round(12 * geom.unit))
    panel.height = geom.status.top - panel.top - 4
    panel.centerx = w // 2
    line_h = font_size * 13 // 10
    border = max(2, min(panel.size) // 14) + 6  # the wooden frame of theme.draw_panel
    lines = pygame.Rect(panel.left + border, panel.top + border + font_size * 2, 0, 0)
    lines.width = panel.w - 2 * border
    lines.height = panel.bottom - border - font_size * 3 // 2 - lines.top
    rows = max(1, lines.height // line_h)
    return LogLayout(panel, lines, line_h, rows, font_size)


def draw_round_log(
    surface: pygame.Surface,
    layout: LogLayout,
    lines: list[str],
    scroll: int,
    round_number: int,
) -> None:
    """The newest ``rows`` lines (``scroll`` lines up from the end)."""
    inner = theme.draw_panel(surface, layout.panel)
    size = layout.size
    draw_text(
        surface,
        _("Round {number}: every move so far").format(number=round_number),
        (inner.centerx, layout.lines.top - size),
        size,
        theme.INK,
        bold=True,
        max_width=inner.w - 20,
    )
    end = len(lines) - scroll
    shown = lines[max(0, end - layout.rows) : end]
    y = layout.lines.top
    if not shown:
        draw_text(
            surface,
            _("Nothing has happened yet"),
            (layout.lines.left, y),
            size,
            theme.WOOD_DARK,
            anchor="topleft",
            max_width=layout.lines.w,
        )
    for line in shown:
        line_size = fit_size(line, size, layout.lines.w)
        draw_text(
            surface,
            line,
            (layout.lines.left, y),
            line_size,
            theme.INK,
            anchor="topleft",
            max_width=layout.lines.w,
        )
        y += layout.line_h
    footer = _("Wheel or arrow keys: scroll; L or Esc: close")
    draw_text(
        surface,
        footer,
        (inner.centerx, layout.lines.bottom + size * 3 // 4),
        max(10, size - 2),
        theme.WOOD_DARK,
        max_width=inner.w - 20,
    )
