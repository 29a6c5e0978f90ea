"""Scenes and the stack they live on.

A scene is one screen (title, new game, the table, the scoreboard, ...). The
app keeps a stack of them: the top scene gets the input; ``update(dt)`` runs
with the time step in seconds; ``draw(surface)`` paints. A scene that is not
``opaque`` (a dialog, a banner) has the scenes below it drawn first.

Life cycle, as in Tuxemon's state stack: ``enter`` when pushed, ``pause`` when
another scene is pushed over it, ``resume`` when it is on top again, ``leave``
when popped or replaced. ``resize`` follows every change of window size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from gnoming.ui.app import App


class Scene:
    """Base class: every hook does nothing."""

    name = "scene"
    """Short name, used for screenshot files and logs."""
    opaque = True

    def __init__(self, app: App) -> None:
        self.app = app

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
