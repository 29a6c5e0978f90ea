"""The app shell: navigation is a typed call on the router, flags arrive as
:class:`LaunchOptions`, and scenes post results that the app applies."""

from __future__ import annotations

import ast
import dataclasses
from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from gnoming.options import LaunchOptions
from gnoming.store.settings import load_settings
from gnoming.ui.app import App
from gnoming.ui.scene import ChangeSettings, CoachingDone, Scene

AppFactory = Callable[..., App]

PACKAGE = Path(__file__).resolve().parents[2] / "gnoming"


def function_local_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every ``import`` inside a function of ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and inner.module:
                    found.append((inner.lineno, inner.module))
                elif isinstance(inner, ast.Import):
                    found += [(inner.lineno, alias.name) for alias in inner.names]
    return found


def test_no_scene_is_imported_inside_a_function_navigation_goes_through_the_router() -> None:
    navigation = ("gnoming.ui.scenes", "gnoming.ui.session", "gnoming.ui.router")
    offenders = [
        f"{path.relative_to(PACKAGE.parent)}:{line} imports {module}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, module in function_local_imports(path)
        if module.startswith(navigation)
    ]
    assert offenders == []


def test_the_ui_benchmark_does_not_import_the_command_line() -> None:
    tree = ast.parse((PACKAGE / "ui" / "bench.py").read_text(encoding="utf-8"))
    modules: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            modules.add(node.module)
        elif isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
    assert "gnoming.options" in modules
    assert "gnoming.cli" not in modules


def test_the_app_keeps_the_launch_options_it_was_given(make_app: AppFactory) -> None:
    app = make_app("--speed", "fast", "--seed", "11")
    assert isinstance(app.options, LaunchOptions)
    assert app.options.seed == 11 and app.speed == "fast"
    assert app.options.data_dir == app.data_dir


def test_a_posted_settings_change_is_applied_and_saved_after_the_event(
    make_app: AppFactory,
) -> None:
    app = make_app()

    class Muter(Scene):
        def handle(self, event: pygame.event.Event) -> None:
            self.post(ChangeSettings(dataclasses.replace(app.settings, muted=True)))

    scene = Muter(app)
    app.push(scene)
    assert not app.settings.muted
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m")], 0.016)
    assert app.settings.muted and scene.results == []
    assert load_settings(app.data_dir)[0].muted


@pytest.mark.parametrize("coaching", [True, False])
def test_coaching_done_turns_the_tips_off_and_keeps_them_off(
    make_app: AppFactory, coaching: bool
) -> None:
    app = make_app()
    app.update_settings(dataclasses.replace(app.settings, coaching=coaching))
    app.apply(CoachingDone())
    assert not app.settings.coaching


def test_router_moves_between_the_menus(make_app: AppFactory) -> None:
    app = make_app()
    app.router.title()
    app.router.new_game()
    assert [s.name for s in app.stack.scenes] == ["title", "newgame"]
    app.router.back()
    app.router.howto(2)
    app.router.settings()
    assert [s.name for s in app.stack.scenes] == ["title", "howto", "settings"]
    app.router.title()
    assert [s.name for s in app.stack.scenes] == ["title"]


def test_the_hint_reason_is_shown_as_the_hint_wrote_it_not_translated_again(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gnoming.ai.hints import Hint
    from gnoming.store.settings import DEFAULT_SEATS
    from gnoming.ui.scenes import table as table_module
    from gnoming.ui.session import GameConfig

    app = make_app()
    scene = app.game_scene(GameConfig(DEFAULT_SEATS, 3))
    assert isinstance(scene, table_module.TableScene)
    app.push(scene)
    asked: list[str] = []

    def spy(message: str) -> str:
        asked.append(message)
        return message

    monkeypatch.setattr(table_module, "_", spy)
    monkeypatch.setattr(scene, "person_turn", lambda: True)
    already_translated = "Settings"  # a reason that happens to be a message of its own
    scene.hint = Hint(scene.feed.legal_actions()[0], already_translated)
    scene._draw_hint(app.screen)
    assert asked and already_translated not in asked
    scene.feed.close()
