"""How to play: every page draws at both window sizes with its text inside its
box, the rules' worked examples are shown, and every score on a page is the
rules engine's own."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from gnoming.cli import parse_args
from gnoming.rules import score_layout
from gnoming.rules.scoring import went_out_adjustment
from gnoming.ui import widgets
from gnoming.ui.app import App
from gnoming.ui.scenes.howto import (
    PAGES,
    WENT_OUT_CASES,
    WORKED_EXAMPLES,
    HowToPlayScene,
    layout,
    why_lines,
)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(parse_args(["--data-dir", str(tmp_path), "--window", "960x600"]))
    yield application
    while application.stack.top is not None:
        application.stack.pop()


def key(code: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)


def test_the_rules_worked_examples_have_the_rules_scores() -> None:
    # RULES.md: 18, 24, -4, -3 -- the pages take theirs from score_layout
    assert [score_layout(t) for t in WORKED_EXAMPLES] == [18, 24, -4, -3]
    assert layout("5 5 5 / 1 2 3 / 4 6 7") == WORKED_EXAMPLES[0]


def test_every_worked_example_is_on_a_page() -> None:
    shown = {tokens for page in PAGES for tokens in page.examples}
    assert set(WORKED_EXAMPLES) <= shown


def test_pages_cover_every_topic_of_the_issue() -> None:
    titles = " ".join(page.title.lower() for page in PAGES)
    for topic in (
        "setting up",
        "turn",
        "matching",
        "negative",
        "mulligan",
        "hazard",
        "bouncing",
        "end of a round",
        "scoring",
        "going out first",
    ):
        assert topic in titles


def test_every_score_drawn_equals_score_layout(app: App) -> None:
    scene = HowToPlayScene(app)
    app.push(scene)
    drawn: list[tuple[tuple[str, ...], str]] = []
    for page in range(len(PAGES)):
        scene.page = page
        app.step([], 0.016)
        drawn.extend(scene.captions)
    assert {tokens for tokens, _caption in drawn} >= set(WORKED_EXAMPLES)
    for tokens, caption in drawn:
        assert caption == f"Score: {score_layout(tokens)}"


def test_breakdown_lines_add_up_to_the_score() -> None:
    for tokens in WORKED_EXAMPLES:
        numbers = [int(line.rsplit(":", 1)[1]) for line in why_lines(tokens)]
        assert sum(numbers) == score_layout(tokens)


def test_went_out_page_cases_show_both_signs() -> None:
    signs = {went_out_adjustment(score, scores) for score, scores in WENT_OUT_CASES}
    assert signs == {-5, 5}


def test_keys_turn_pages_and_stop_at_the_ends(app: App) -> None:
    scene = HowToPlayScene(app)
    app.push(scene)
    app.step([key(pygame.K_LEFT)], 0.016)
    assert scene.page == 0
    assert not scene.menu.buttons[0].enabled
    for _ in range(len(PAGES) + 3):
        app.step([key(pygame.K_RIGHT)], 0.016)
    assert scene.page == len(PAGES) - 1
    assert not scene.menu.buttons[2].enabled
    app.step([key(pygame.K_HOME)], 0.016)
    assert scene.page == 0
    app.step([key(pygame.K_END)], 0.016)
    assert scene.page == len(PAGES) - 1
    app.step([key(pygame.K_RETURN)], 0.016)  # focus moved to Close at the last page
    assert app.stack.top is not scene


def test_the_next_button_turns_the_page_by_mouse(app: App) -> None:
    scene = HowToPlayScene(app)
    app.push(scene)
    app.step([], 0.016)
    position = scene.menu.buttons[2].rect.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=position, button=1)], 0.016)
    assert scene.page == 1


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_no_text_leaves_its_box_on_any_page(tmp_path: Path, size: tuple[int, int]) -> None:
    application = App(parse_args(["--data-dir", str(tmp_path), "--window", f"{size[0]}x{size[1]}"]))
    scene = HowToPlayScene(application)
    application.push(scene)
    widgets.OVERFLOWS = []
    try:
        for page in range(len(PAGES)):
            scene.page = page
            application.step([], 0.016)
            text_rect = scene.text_rect
            lines = widgets.wrap_text(PAGES[page].text, application.font_size(19), text_rect.width)
            assert all(
                widgets.text_width(line, application.font_size(19)) <= text_rect.width
                for line in lines
            )
        assert widgets.OVERFLOWS == []
    finally:
        widgets.OVERFLOWS = None
        while application.stack.top is not None:
            application.stack.pop()


def test_the_controls_page_names_every_key_the_table_answers() -> None:
    from gnoming.ui.scenes.howto import CONTROLS

    keys = {key for key, _what in CONTROLS}
    assert {"H", "Space", "Enter", "Tab", "L", "Esc", "F11"} <= keys
