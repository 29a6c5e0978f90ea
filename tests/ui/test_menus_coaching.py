"""First-game coaching: a tip at each moment, once per game, only while the
setting is on, and off after a whole game."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from gnoming.cli import parse_args
from gnoming.store.settings import Settings, load_settings
from gnoming.ui import widgets
from gnoming.ui.app import App
from gnoming.ui.menus import coaching
from gnoming.ui.menus.coaching import FIRST_BOUNCE, FIRST_DRAW, FIRST_HAZARD, FIRST_MATCH, Coach
from gnoming.ui.scene import CoachingDone


def make_app(tmp_path: Path) -> App:
    return App(parse_args(["--data-dir", str(tmp_path), "--window", "960x600"]))


def test_every_moment_has_a_tip_and_unknown_ones_have_none() -> None:
    for kind in (FIRST_DRAW, FIRST_BOUNCE, FIRST_HAZARD, FIRST_MATCH, "bounce", "match"):
        assert coaching.tip_for(kind)
    assert coaching.tip_for("first_sneeze") is None
    assert coaching.tip_for(FIRST_DRAW, Settings(coaching=False)) is None


def test_coach_says_each_tip_once_per_game(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    coach = Coach(app)
    assert coach.tip_for(FIRST_DRAW) == coaching.tip_for(FIRST_DRAW)
    assert coach.current is not None
    assert coach.tip_for(FIRST_DRAW) is None
    coach.dismiss()
    assert coach.current is None
    assert Coach(app).tip_for(FIRST_DRAW) is not None  # a new game starts afresh


def test_coach_is_silent_when_coaching_is_off_and_turns_it_off_after_a_game(
    tmp_path: Path,
) -> None:
    app = make_app(tmp_path)
    coach = Coach(app)
    assert coach.game_finished()
    app.apply(CoachingDone())
    assert not app.settings.coaching
    assert not load_settings(app.data_dir)[0].coaching
    assert coach.tip_for(FIRST_MATCH) is None
    app.update_settings(dataclasses.replace(app.settings, coaching=True))
    assert coach.tip_for(FIRST_MATCH) is not None


def test_draw_tip_fits_its_text_at_the_smallest_window(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    widgets.OVERFLOWS = []
    try:
        surface = pygame.Surface(app.size)
        area = pygame.Rect(0, 0, 420, 300)
        area.bottomright = (940, 580)
        for kind in coaching.TIPS:
            text = coaching.tip_for(kind)
            assert text is not None
            drawn = coaching.draw_tip(surface, text, area, app)
            assert surface.get_rect().contains(drawn)
            assert drawn.bottom == area.bottom and drawn.width == area.width
        assert widgets.OVERFLOWS == []
    finally:
        widgets.OVERFLOWS = None
