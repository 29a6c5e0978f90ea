"""Layout functions of the title, pause, settings, statistics and crash screens:
pure, and at every supported window size everything stays on screen and apart."""

from __future__ import annotations

from itertools import combinations

import pygame
import pytest

from gnoming.options import MAX_WINDOW, MIN_WINDOW
from gnoming.ui.scale import scale_for
from gnoming.ui.scenes.crash import crash_layout
from gnoming.ui.scenes.pause import pause_layout
from gnoming.ui.scenes.settings import ROWS, settings_layout
from gnoming.ui.scenes.stats import stats_layout
from gnoming.ui.scenes.title import title_layout

SIZES = [MIN_WINDOW, (1280, 720), (1024, 768), (1920, 1080), (2560, 1080), MAX_WINDOW]


def on_screen(rect: pygame.Rect, size: tuple[int, int]) -> bool:
    return pygame.Rect((0, 0), size).contains(rect)


def apart(rects: tuple[pygame.Rect, ...] | list[pygame.Rect]) -> bool:
    return not any(a.colliderect(b) for a, b in combinations(rects, 2))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("large_text", [False, True])
def test_title_buttons_sit_on_their_board_beside_the_name(
    size: tuple[int, int], large_text: bool
) -> None:
    for count in (5, 6):
        lay = title_layout(size, scale_for(size, large_text), count)
        assert len(lay.buttons) == count and apart(lay.buttons)
        assert all(lay.board.contains(b) for b in lay.buttons)
        assert on_screen(lay.board, size) and on_screen(lay.heading, size)
        assert lay.left.right < lay.board.left and lay.tagline.top >= lay.heading.bottom
        assert lay.fan_area.bottom <= size[1]


@pytest.mark.parametrize("size", SIZES)
def test_pause_buttons_fit_under_the_heading_on_the_board(size: tuple[int, int]) -> None:
    lay = pause_layout(size, scale_for(size, True), 5)
    assert on_screen(lay.board, size) and apart(lay.buttons)
    assert all(lay.board.contains(b) for b in lay.buttons)
    assert lay.heading.bottom <= lay.buttons[0].top


@pytest.mark.parametrize("size", SIZES)
def test_settings_rows_fill_the_board_and_back_is_below_the_help(size: tuple[int, int]) -> None:
    lay = settings_layout(size, scale_for(size), len(ROWS))
    assert apart(lay.rows) and all(lay.board.contains(r) for r in lay.rows)
    assert all(row.contains(c) for row, c in zip(lay.rows, lay.controls, strict=True))
    assert lay.board.bottom <= lay.help.top < lay.help.bottom <= lay.back.top
    assert on_screen(lay.back, size) and lay.key_hint[1] <= size[1]


@pytest.mark.parametrize("size", SIZES)
def test_statistics_boards_stand_side_by_side_above_back(size: tuple[int, int]) -> None:
    lay = stats_layout(size, scale_for(size))
    assert apart([lay.left_board, lay.right_board, lay.back])
    assert lay.left_board.contains(lay.summary) and lay.right_board.contains(lay.recent)
    assert lay.left_board.contains(lay.empty_portrait) and lay.left_board.contains(lay.empty_text)
    assert on_screen(lay.back, size) and lay.back.top > lay.left_board.bottom


@pytest.mark.parametrize("size", SIZES)
def test_crash_words_stay_on_the_panel_above_its_buttons(size: tuple[int, int]) -> None:
    lay = crash_layout(size, scale_for(size, True))
    assert on_screen(lay.panel, size)
    assert apart([lay.portrait, lay.text, *lay.buttons])
    assert all(lay.panel.contains(r) for r in (lay.portrait, lay.text, *lay.buttons))
