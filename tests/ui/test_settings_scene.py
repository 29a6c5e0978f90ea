"""The Settings screen: every row changes its setting at once, saved, by keyboard
and by mouse; a new language takes effect without a restart."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from gnoming import i18n
from gnoming.cli import parse_args
from gnoming.store.settings import load_settings
from gnoming.ui.app import App
from gnoming.ui.scenes.settings import ROWS, SettingsScene


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(parse_args(["--data-dir", str(tmp_path), "--window", "1280x720"]))
    yield application
    while application.stack.top is not None:
        application.stack.pop()
    i18n.set_language("en")


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def step(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        app.step([event], 0.016)
    app.step([], 0.016)


def row_index(field: str) -> int:
    return next(i for i, row in enumerate(ROWS) if row.field == field)


def open_settings(app: App) -> SettingsScene:
    scene = SettingsScene(app)
    app.push(scene)
    step(app)
    return scene


def test_settings_has_a_row_for_each_setting_the_issue_names() -> None:
    fields = {row.field for row in ROWS}
    assert fields == {
        "language",
        "sound_volume",
        "music_volume",
        "muted",
        "animation_speed",
        "fullscreen",
        "reduced_motion",
        "large_text",
        "coaching",
        "network_port",
    }


def test_language_switches_at_once_and_is_saved(app: App) -> None:
    scene = open_settings(app)
    assert scene.focus == row_index("language")
    step(app, key(pygame.K_RIGHT))
    assert app.settings.language == "et"
    assert i18n.current_language() == "et"
    step(app, key(pygame.K_RIGHT), key(pygame.K_RIGHT))
    assert i18n.current_language() == "mr"
    saved, _messages = load_settings(app.data_dir)
    assert saved.language == "mr"
    step(app, key(pygame.K_RIGHT))
    assert i18n.current_language() == "en"
    assert i18n._("Settings") == "Settings"


def test_a_language_given_with_lang_shows_in_settings_and_steps_from_there(
    tmp_path: Path,
) -> None:
    """--lang holds for the run without being saved; Settings shows the language
    the screen speaks, steps from it, and other rows leave the saved one alone."""
    app = App(parse_args(["--data-dir", str(tmp_path), "--window", "1280x720", "--lang", "fi"]))
    try:
        scene = open_settings(app)
        assert app.settings.language == "en"
        assert scene.shown_value(ROWS[row_index("language")]) == "fi"
        scene.focus = row_index("muted")
        step(app, key(pygame.K_RETURN))
        assert i18n.current_language() == "fi"
        assert load_settings(app.data_dir)[0].language == "en"
        scene.focus = row_index("language")
        step(app, key(pygame.K_LEFT))  # Suomi -> Eesti
        assert i18n.current_language() == "et"
        assert load_settings(app.data_dir)[0].language == "et"
        assert scene.shown_value(ROWS[row_index("language")]) == "et"
        step(app, key(pygame.K_LEFT))  # -> English: the saved language before --lang
        step(app, key(pygame.K_LEFT))  # -> मराठी
        step(app, key(pygame.K_RIGHT))  # -> English again
        assert i18n.current_language() == "en"
        assert app.settings.language == "en"
    finally:
        while app.stack.top is not None:
            app.stack.pop()
        i18n.set_language("en")


def test_up_down_choose_a_row_and_left_right_change_it(app: App) -> None:
    scene = open_settings(app)
    step(app, key(pygame.K_DOWN))
    assert scene.focus == row_index("sound_volume")
    before = app.settings.sound_volume
    step(app, key(pygame.K_LEFT))
    assert app.settings.sound_volume == pytest.approx(before - 0.1)
    step(app, key(pygame.K_DOWN), key(pygame.K_RIGHT), key(pygame.K_RIGHT))
    assert app.settings.music_volume == pytest.approx(0.2)
    assert load_settings(app.data_dir)[0].music_volume == pytest.approx(0.2)
    scene.focus = row_index("animation_speed")
    step(app, key(pygame.K_RIGHT))
    assert app.settings.animation_speed == "fast"
    assert app.speed == "fast"
    for field in ("muted", "reduced_motion", "coaching"):
        scene.focus = row_index(field)
        before_flag = getattr(app.settings, field)
        step(app, key(pygame.K_RETURN))
        assert getattr(app.settings, field) is (not before_flag)


def test_volumes_stay_between_zero_and_one(app: App) -> None:
    scene = open_settings(app)
    scene.focus = row_index("sound_volume")
    step(app, *[key(pygame.K_RIGHT)] * 15)
    assert app.settings.sound_volume == 1.0
    step(app, *[key(pygame.K_LEFT)] * 15)
    assert app.settings.sound_volume == 0.0


def test_large_text_re_lays_the_screen_out(app: App) -> None:
    scene = open_settings(app)
    scene.focus = row_index("large_text")
    step(app, key(pygame.K_SPACE))
    assert app.settings.large_text
    assert app.ui_scale == pytest.approx(1.25)
    step(app)


def test_fullscreen_switch_does_not_break_the_screen(app: App) -> None:
    scene = open_settings(app)
    scene.focus = row_index("fullscreen")
    step(app, key(pygame.K_RETURN))
    assert app.settings.fullscreen
    step(app, key(pygame.K_RETURN))
    assert not app.settings.fullscreen
    assert app.stack.top is scene


def test_mouse_clicks_the_arrows_the_switch_and_the_volume_bar(app: App) -> None:
    scene = open_settings(app)
    index = row_index("animation_speed")
    left, right = scene.arrows(index)
    step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=right.center, button=1))
    assert app.settings.animation_speed == "fast"
    step(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=left.center, button=1))
    assert app.settings.animation_speed == "normal"
    index = row_index("music_volume")
    bar = scene.bar(index)
    step(
        app,
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=(bar.left + bar.width // 2, bar.centery), button=1
        ),
    )
    assert app.settings.music_volume == pytest.approx(0.5)
    index = row_index("muted")
    step(
        app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=scene.controls[index].center, button=1)
    )
    assert app.settings.muted


def test_esc_and_the_back_row_leave(app: App) -> None:
    from gnoming.ui.scene import Scene

    app.push(Scene(app))
    scene = open_settings(app)
    step(app, key(pygame.K_UP), key(pygame.K_RETURN))
    assert app.stack.top is not scene
    open_settings(app)
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is not None and app.stack.top.name == "scene"
