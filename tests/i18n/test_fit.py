"""No text overflows its box in any of the four languages at 960x600, in every
scene: the menus, a whole game at the table with a person seat, the scoreboards."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import random  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from gnoming import i18n  # noqa: E402
from gnoming.cli import parse_args  # noqa: E402
from gnoming.rules import ActionKind, GameState  # noqa: E402
from gnoming.store.settings import SeatSpec  # noqa: E402
from gnoming.ui import widgets  # noqa: E402
from gnoming.ui.app import App  # noqa: E402

DT = 1 / 60
SMALLEST = (960, 600)


@pytest.fixture
def overflows() -> Iterator[list[tuple[str, int, int]]]:
    found: list[tuple[str, int, int]] = []
    widgets.OVERFLOWS = found
    try:
        yield found
    finally:
        widgets.OVERFLOWS = None
        i18n.set_language("en")


def rules(scene: object) -> GameState:
    """The rules state behind a local table (the table itself never reads it)."""
    from gnoming.feed import LocalFeed

    feed = getattr(scene, "feed", None)
    assert isinstance(feed, LocalFeed)
    return feed.session.state


def new_app(tmp_path: Path, lang: str) -> App:
    argv = ["--data-dir", str(tmp_path), "--window", "960x600", "--lang", lang]
    return App(parse_args([*argv, "--speed", "instant"]))


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def menu_scenes(app: App) -> dict[str, Callable[[], object]]:
    from gnoming.ui.scenes.crash import CrashScene
    from gnoming.ui.scenes.howto import HowToPlayScene
    from gnoming.ui.scenes.newgame import NewGameScene
    from gnoming.ui.scenes.pause import PauseScene
    from gnoming.ui.scenes.settings import SettingsScene
    from gnoming.ui.scenes.stats import StatsScene
    from gnoming.ui.scenes.title import TitleScene

    def seven() -> NewGameScene:
        scene = NewGameScene(app)
        while len(scene.seats) < 7:
            scene.add_seat()
        return scene

    return {
        "title": lambda: TitleScene(app),
        "newgame": lambda: NewGameScene(app),
        "newgame7": seven,
        "pause": lambda: PauseScene(app),
        "crash": lambda: CrashScene(app, app.data_dir / "crash" / "crash-20261129.txt"),
        "settings": lambda: SettingsScene(app),
        "stats": lambda: StatsScene(app),
        "howto": lambda: HowToPlayScene(app),
    }


@pytest.mark.parametrize("lang", ["en", "et", "fi", "mr"])
def test_menus_fit_at_the_smallest_window(tmp_path: Path, lang: str, overflows: list) -> None:  # type: ignore[type-arg]
    app = new_app(tmp_path, lang)
    for name, factory in menu_scenes(app).items():
        app.clear_to(factory())  # type: ignore[arg-type]
        app.toasts.clear()
        app.step([], DT)
        for _ in range(10 if name in ("settings", "howto") else 0):
            app.step([key(pygame.K_DOWN if name == "settings" else pygame.K_RIGHT)], DT)
        assert overflows == [], f"{lang} {name}: {overflows[:3]}"


@pytest.mark.parametrize("lang", ["en", "et", "fi", "mr"])
@pytest.mark.slow
def test_a_whole_game_at_the_table_fits_at_the_smallest_window(
    tmp_path: Path,
    lang: str,
    overflows: list,  # type: ignore[type-arg]
) -> None:
    from gnoming.ui.scenes.scoreboard import ScoreboardScene
    from gnoming.ui.scenes.table import TableScene
    from gnoming.ui.session import GameConfig, GameSession
    from gnoming.ui.table.controller import target_of

    app = new_app(tmp_path, lang)
    seats = (
        SeatSpec("person", "You", "medium"),
        SeatSpec("gnome", "Wendeline Thorn", "easy"),
        SeatSpec("gnome", "Grub Pebblenose", "easy"),
    )
    scene = TableScene(app, GameSession.new(GameConfig(seats, 21, 0), app.data_dir))
    app.clear_to(scene)
    rng = random.Random(2)
    seen: set[ActionKind] = set()
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ScoreboardScene):
            if rules(scene).is_over():
                app.step([], DT)
                break
            app.step(click(top.menu.buttons[0].rect.center), DT)
            continue
        if scene.pass_to is not None or not scene.person_turn():
            app.step([], DT)
            continue
        action = rng.choice(rules(scene).legal_actions())
        seen.add(action.kind)
        if rng.random() < 0.1:
            app.step([key(pygame.K_h)], DT)
            for _ in range(30):
                app.step([], DT)
        app.step(click(scene.clickable()[target_of(action)].center), DT)
        for _ in range(3):
            app.step([], DT)
    assert rules(scene).is_over()
    assert {ActionKind.DRAW, ActionKind.KEEP, ActionKind.DISCARD} <= seen
    assert overflows == [], f"{lang}: {overflows[:5]}"


def test_mixed_marathi_and_latin_text_is_drawn_with_a_glyph_for_every_letter() -> None:
    from gnoming.ui.fonts import font_for_text, script_runs

    pygame.font.init()
    text = "Old Beck विचार करत आहे: ढीग A (Esc)"
    runs = script_runs(text)
    assert runs == ["Old Beck ", "विचार करत आहे: ढीग ", "A (Esc)"]
    for run in runs:
        font = font_for_text(run, 20)
        missing = font.metrics("\U0010fffd")[0]  # a character no font has: the empty box
        for ch in run:
            if ch.isalpha() and not ("\u0900" <= ch <= "\u097f"):
                assert font.metrics(ch)[0] != missing, (run, ch)
    wide = widgets.render_text(text, 20)
    assert wide.get_width() == widgets.text_width(text, 20)
