"""Scenes and the stack they live on.

A scene is one screen (title, new game, the table, the scoreboard, ...). The
app keeps a stack of them: the top scene gets the input; ``update(dt)`` runs
with the time step in seconds; ``draw(surface)`` paints. A scene that is not
``opaque`` (a dialog, a banner) has the scenes below it drawn first.

Life cycle, as in Tuxemon's state stack: ``enter`` when pushed, ``pause`` when
another scene is pushed over it, ``resume`` when it is on top again, ``leave``
when popped or replaced. ``resize`` follows every change of window size.

A scene does not change what the app owns (settings, the window): it posts a
:data:`SceneResult` with :meth:`Scene.post`, and the app applies it after the
event or update that produced it. Moving to another screen goes through the
app's :class:`~gnoming.ui.router.Router`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from gnoming.store.settings import Settings

if TYPE_CHECKING:
    from gnoming.ui.app import App


@dataclass(frozen=True)
class ChangeSettings:
    """Use these settings from now on and save them."""

    settings: Settings
    language_chosen: bool = False
    """The player chose this language: speak it even if it is the saved one
    (``--lang`` may have spoken another until now)."""


@dataclass(frozen=True)
class CoachingDone:
    """A whole game with first-game tips was played: turn the tips off."""


SceneResult = ChangeSettings | CoachingDone
"""What a scene asks the app to change."""


class Scene:
    """Base class: every hook does nothing."""

    name = "scene"
    """Short name, used for screenshot files and logs."""
    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app
        self.results: list[SceneResult] = []
        """Posted, not yet applied by the app."""

    def post(self, result: SceneResult) -> None:
        """Ask the app for a change; it is applied right after this event or update."""
        self.results.append(result)

    def enter(self) -> None:
        """Pushed onto the stack."""

    def leave(self) -> None:
        """Popped or replaced."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """This scene is on top again."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; re-lay out."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene gets them)."""

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds (only the top scene is updated)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene."""

    def record_json(self) -> str | None:
        """The game record as JSON, for a crash report, when this scene plays a game."""
        return None

    def toast_area(self) -> pygame.Rect | None:
        """Where short messages go on this scene, clear of what the player works
        with; None: across the bottom middle of the window."""
        return None


class SceneStack:
    """The stack of scenes; the last one is on top."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Put ``scene`` in place of the top one."""
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def clear_to(self, scene: Scene) -> None:
        """Leave every scene and start over with ``scene``."""
        while self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: down to the topmost opaque one."""
        start = 0
        for index in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[index].opaque:
                start = index
                break
        return self.scenes[start:]
