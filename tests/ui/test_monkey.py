"""A monkey at the keyboard: 20,000 random clicks, drags, keys and resizes across
every scene (title, menus, the table, pause, scoreboards) must never raise, and
the app must never fall back to its crash screen."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from gnoming.ui.app import App
from gnoming.ui.scenes.table import TableScene

AppFactory = Callable[..., App]

EVENTS = 20_000
"""Random inputs (each a click, a drag, a wheel turn, a key press or a resize)."""
KEYS = (
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_RETURN,
    pygame.K_SPACE,
    pygame.K_ESCAPE,
    pygame.K_TAB,
    pygame.K_h,
    pygame.K_1,
    pygame.K_5,
    pygame.K_9,
    pygame.K_a,
    pygame.K_BACKSPACE,
    pygame.K_KP_ENTER,
    pygame.K_DELETE,
    pygame.K_z,
)
SIZES = ((960, 600), (1280, 720), (1100, 980), (1600, 900))


def random_events(rng: random.Random, size: tuple[int, int]) -> list[pygame.event.Event]:
    w, h = size
    pos = (rng.randrange(w), rng.randrange(h))
    roll = rng.random()
    if roll < 0.45:
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=rng.choice((1, 1, 1, 3))),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]
    if roll < 0.55:
        end = (rng.randrange(w), rng.randrange(h))
        return [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(1, 1), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1),
        ]
    if roll < 0.62:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)), flipped=False)]
    key = rng.choice(KEYS)
    return [
        pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="a", scancode=0),
        pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="a", scancode=0),
    ]


@pytest.mark.slow
def test_twenty_thousand_random_inputs_never_crash_any_scene(
    make_app: AppFactory, tmp_path: Path
) -> None:
    app = make_app("--speed", "fast")
    app.push(app.first_scene())
    rng = random.Random(int(os.environ.get("MONKEY_SEED", "20000")))
    seen: set[str] = set()
    sent = 0
    steps = 0
    while sent < EVENTS:
        if app.stack.top is None:
            app.running = True
            app.push(app.first_scene())
        if steps == 900 and not any(isinstance(s, TableScene) for s in app.stack.scenes):
            from gnoming.store.settings import DEFAULT_SEATS
            from gnoming.ui.session import GameConfig

            app.clear_to(app.game_scene(GameConfig(DEFAULT_SEATS, 5)))
        if steps == 2000:  # a table of gnomes at full speed, to reach the scoreboards
            from gnoming.store.settings import SeatSpec
            from gnoming.ui.session import GameConfig

            app.speed = "instant"
            gnomes = (SeatSpec("gnome", "Pip", "easy"), SeatSpec("gnome", "Moss", "medium"))
            app.clear_to(app.game_scene(GameConfig(gnomes, 8)))
        if steps == 3200:
            app.speed = "fast"
        batch: list[pygame.event.Event] = []
        inputs = rng.randint(1, 6)  # a click, a drag, a wheel turn or a key press each
        for _ in range(inputs):
            batch += random_events(rng, app.size)
        sent += inputs
        if rng.random() < 0.01:
            size = rng.choice(SIZES)
            app._windowed_size = size
            app._set_mode(size)
            batch.append(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            sent += 1
        app.step(batch, rng.choice((0.0, 0.016, 0.016, 0.05, 0.1)))
        steps += 1
        for scene in app.stack.scenes:
            seen.add(type(scene).__name__)
            assert type(scene).__name__ != "CrashScene", f"crash screen after {sent} events"
    assert not (tmp_path / "crash").exists() or not any((tmp_path / "crash").iterdir())
    assert "TableScene" in seen, seen
    assert {"TitleScene", "TableScene", "ScoreboardScene", "PauseScene"} <= seen
