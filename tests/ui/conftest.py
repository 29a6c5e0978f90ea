"""Headless UI tests: no window, no sound card; an App with its own data folder."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from gnoming.cli import parse_args  # noqa: E402
from gnoming.ui.app import App  # noqa: E402

AppFactory = Callable[..., App]


@pytest.fixture
def make_app(tmp_path: Path) -> Iterator[AppFactory]:
    """Build Apps with ``--data-dir`` in the test's temporary folder; extra flags as words."""
    made: list[App] = []

    def build(*flags: str, size: tuple[int, int] = (1280, 720)) -> App:
        argv = ["--data-dir", str(tmp_path), "--window", f"{size[0]}x{size[1]}", *flags]
        application = App(parse_args(argv))
        made.append(application)
        return application

    yield build
    for application in made:
        while application.stack.top is not None:
            application.stack.pop()


Noted = Callable[[object, str], list[Any]]


@pytest.fixture
def noted(monkeypatch: pytest.MonkeyPatch) -> Noted:
    """``noted(module, "draw_text")``: the drawing function ``module.draw_text``
    (its second argument the text or rectangle drawn) still draws, and the list
    returned fills with what each call drew (rectangles copied)."""

    def wrap(owner: object, name: str) -> list[Any]:
        seen: list[Any] = []
        real = getattr(owner, name)

        def noting(surface: object, what: Any, *args: Any, **kwargs: Any) -> Any:
            seen.append(pygame.Rect(what) if isinstance(what, pygame.Rect) else what)
            return real(surface, what, *args, **kwargs)

        monkeypatch.setattr(owner, name, noting)
        return seen

    return wrap
