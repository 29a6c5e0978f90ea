"""The layout audit: every screen, at 960x600, 1280x720 and 1920x1080, in all four
languages, is drawn once with the draw log on (gnoming/ui/drawlog.py) and checked:

- no two texts are drawn on each other (their inked pixels do not overlap);
- a text sits inside a panel (a button, a choice) or clear of it, never half on it;
- two panels are apart or one holds the other; none covers the table's windmill or flag;
- nothing leaves the window and no text is wider than its box (``widgets.OVERFLOWS``);
- every character of every drawn string has a glyph in the font that draws it;
- a scene with a pure layout function (``newgame_layout`` ...) has no two of its
  interactive boxes overlapping, and all of them inside the window.

960x600 in every language runs with the quick tests; the two larger sizes are
marked ``slow`` (CI runs them too).
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from gnoming import i18n
from gnoming.cli import parse_args
from gnoming.rules import GameResult
from gnoming.rules.cards import parse_cards
from gnoming.rules.events import RoundScored
from gnoming.rules.scoring import decide_winners, score_round
from gnoming.store.settings import SeatSpec
from gnoming.ui import drawlog, widgets
from gnoming.ui.app import App
from gnoming.ui.drawlog import Box, BoxKind
from gnoming.ui.fonts import missing_glyphs
from gnoming.ui.scene import Scene

DT = 1 / 60
SIZES = ((960, 600), (1280, 720), (1920, 1080))
LANGUAGES = ("en", "et", "fi", "mr")
SEATS = range(2, 8)
SLACK = 1
"""Pixels two boxes may share (anti-aliased edges)."""

Setup = Callable[[App], None]


def sizes_and_languages(known: str = "") -> Iterator[object]:
    """Every size and language; ``known``: why this scene does not pass yet (its
    owner is on it), so that its cases are expected to fail but still run."""
    for size, lang in itertools.product(SIZES, LANGUAGES):
        marks = [pytest.mark.slow] if size != SIZES[0] else []
        if known:
            marks.append(pytest.mark.xfail(reason=known, strict=False))
        yield pytest.param(size, lang, id=f"{size[0]}x{size[1]}-{lang}", marks=marks)


@pytest.fixture
def audit_app(tmp_path: Path) -> Iterator[Callable[[tuple[int, int], str], App]]:
    made: list[App] = []

    def build(size: tuple[int, int], lang: str) -> App:
        argv = ["--data-dir", str(tmp_path), "--window", f"{size[0]}x{size[1]}"]
        app = App(parse_args([*argv, "--lang", lang, "--speed", "instant"]))
        made.append(app)
        return app

    yield build
    for app in made:
        while app.stack.top is not None:
            app.stack.pop()
    i18n.set_language("en")


# ---------------------------------------------------------------------- the checks


def _overlap(a: pygame.Rect, b: pygame.Rect) -> bool:
    clip = a.clip(b)
    return clip.width > SLACK and clip.height > SLACK


def _inside(inner: pygame.Rect, outer: pygame.Rect) -> bool:
    return outer.inflate(2 * SLACK, 2 * SLACK).contains(inner)


def box_problems(boxes: list[Box], window: pygame.Rect) -> list[str]:
    """What is wrong with one frame's boxes, in words."""
    problems: list[str] = []
    texts = list(dict.fromkeys((b.text, tuple(b.rect)) for b in boxes if b.kind is BoxKind.TEXT))
    text_boxes = [(text, pygame.Rect(rect)) for text, rect in texts]
    panels = list(dict.fromkeys(tuple(b.rect) for b in boxes if b.kind is BoxKind.PANEL))
    panel_rects = [pygame.Rect(p) for p in panels]
    decorations = [b.rect for b in boxes if b.kind is BoxKind.DECOR]
    for text, rect in text_boxes:
        if not _inside(rect, window):
            problems.append(f"text {text!r} {rect} leaves the window")
    for rect in panel_rects:
        if not _inside(rect, window):
            problems.append(f"panel {rect} leaves the window")
    for (ta, ra), (tb, rb) in itertools.combinations(text_boxes, 2):
        if _overlap(ra, rb):
            problems.append(f"text {ta!r} {ra} overlaps text {tb!r} {rb}")
    for text, rect in text_boxes:
        for panel in panel_rects:
            if _overlap(rect, panel) and not _inside(rect, panel):
                problems.append(f"text {text!r} {rect} is half on panel {panel}")
    for pa, pb in itertools.combinations(panel_rects, 2):
        if _overlap(pa, pb) and not (_inside(pa, pb) or _inside(pb, pa)):
            problems.append(f"panel {pa} overlaps panel {pb}")
    for panel in panel_rects:
        for decoration in decorations:
            if _overlap(panel, decoration):
                problems.append(f"panel {panel} covers a decoration {decoration}")
    for box in boxes:
        if box.kind is BoxKind.TEXT:
            missing = missing_glyphs(box.text, box.bold)
            if missing:
                problems.append(f"text {box.text!r} has no glyph for {missing!r}")
    return problems


def layout_problems(layout: object, window: pygame.Rect) -> list[str]:
    """A layout dataclass: its interactive rects (fields and lists of rects) apart
    and inside the window. Fields named in ``layout.holders`` may hold others."""
    named: list[tuple[str, pygame.Rect]] = []
    for field in dataclasses.fields(layout):  # type: ignore[arg-type]
        value = getattr(layout, field.name)
        if isinstance(value, pygame.Rect):
            named.append((field.name, value))
        elif isinstance(value, (list, tuple)):
            for k, item in enumerate(value):
                if isinstance(item, pygame.Rect):
                    named.append((f"{field.name}[{k}]", item))
                elif isinstance(item, (list, tuple)):
                    named += [
                        (f"{field.name}[{k}][{j}]", r)
                        for j, r in enumerate(item)
                        if isinstance(r, pygame.Rect)
                    ]
    holders = set(getattr(layout, "holders", ()))
    problems = [
        f"{name} {rect} leaves the window" for name, rect in named if not window.contains(rect)
    ]
    for (na, ra), (nb, rb) in itertools.combinations(named, 2):
        if na.split("[")[0] in holders or nb.split("[")[0] in holders:
            continue
        if ra.width and rb.width and ra.colliderect(rb):
            problems.append(f"{na} {ra} overlaps {nb} {rb}")
    return problems


def audit(app: App, what: str) -> list[str]:
    """Draw the stack once with the draw log on; the top scene's problems."""
    app.toasts.clear()
    surface = app.screen
    visible = app.stack.visible()
    for scene in visible[:-1]:
        scene.draw(surface)
    drawlog.RECORD, widgets.OVERFLOWS = [], []
    try:
        visible[-1].draw(surface)
        boxes, overflows = drawlog.RECORD, widgets.OVERFLOWS
    finally:
        drawlog.RECORD, widgets.OVERFLOWS = None, None
    window = surface.get_rect()
    problems = box_problems(boxes, window)
    problems += [f"text {t!r} is {w} px in a box of {room}" for t, w, room in overflows]
    layout_of: Callable[[], object] | None = getattr(visible[-1], "layout", None)
    if callable(layout_of):
        problems += layout_problems(layout_of(), window)
    return [f"{what}: {p}" for p in dict.fromkeys(problems)]


# ---------------------------------------------------------------------- the scenes


def show(make: Callable[[App], Scene]) -> Setup:
    return lambda app: app.clear_to(make(app))


def menus() -> dict[str, Setup]:
    from gnoming.ui.scenes.settings import SettingsScene
    from gnoming.ui.scenes.stats import StatsScene
    from gnoming.ui.scenes.title import TitleScene

    return {
        "title": show(TitleScene),
        "settings": show(SettingsScene),
        "statistics": show(StatsScene),
    }


def how_to_play() -> dict[str, Setup]:
    from gnoming.ui.scenes.howto import PAGES, HowToPlayScene

    return {
        f"How to play, page {page + 1}": show(lambda app, p=page: HowToPlayScene(app, p))
        for page in range(len(PAGES))
    }


def new_game(seats: int) -> Setup:
    def setup(app: App) -> None:
        from gnoming.ui.scenes.newgame import NewGameScene

        scene = NewGameScene(app)
        while len(scene.seats) > seats:
            scene.remove_seat(len(scene.seats) - 1)
        while len(scene.seats) < seats:
            scene.add_seat()
        app.clear_to(scene)

    return setup


GNOMES = (
    "Fennick Burrow",
    "Hazel Quickroot",
    "Grub Pebblenose",
    "Pip Mossbottom",
    "Tilly Toadstool",
    "Bramble Nook",
)


def table_seats(n: int) -> tuple[SeatSpec, ...]:
    return (
        SeatSpec("person", "You", "medium"),
        *(SeatSpec("gnome", name, "medium") for name in GNOMES[: n - 1]),
    )


def table(app: App, n: int) -> Scene:
    from gnoming.ui.scenes.table import TableScene
    from gnoming.ui.session import GameConfig, GameSession

    scene = TableScene(app, GameSession.new(GameConfig(table_seats(n), 7, 0), app.data_dir))
    app.clear_to(scene)
    for _ in range(200):
        app.step([], DT)
        if scene.person_turn():
            break
    return scene


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def table_phases(app: App, n: int) -> Iterator[str]:
    """Walk one table through its phases, yielding the name of each to audit."""
    from gnoming.ui.table.controller import DRAW, pile

    scene = table(app, n)
    yield "your turn"
    app.step(click(scene.clickable()[DRAW].center), DT)  # type: ignore[attr-defined]
    app.step([], DT)
    yield "holding a drawn card"
    app.step(click(scene.clickable()[pile(0)].center), DT)  # type: ignore[attr-defined]
    for _ in range(3):
        app.step([], DT)
    yield "the gnomes' turns"


LAYOUTS = (
    "5 5 5 1 2 3 4 6 7",
    "5 5 M -2 3 8 9 H 1",
    "7 7 7 7 1 2 7 3 4",
    "M 4 4 4 -1 2 4 2 2",
    "6 6 -2 3 -4 3 2 2 2",
    "12 10 11 -5 -3 H 10 12 9",
    "1 1 1 2 2 2 3 3 3",
)


def scoreboard(app: App, n: int, over: bool) -> None:
    from gnoming.ui.scenes.scoreboard import ScoreboardScene
    from gnoming.ui.scenes.table import TableScene
    from gnoming.ui.session import GameConfig, GameSession

    scene = TableScene(app, GameSession.new(GameConfig(table_seats(n), 1), app.data_dir))
    app.clear_to(scene)
    result = score_round(2, [parse_cards(text.split()) for text in LAYOUTS[:n]], 1)
    rng = random.Random(n)
    earlier = [tuple(rng.randrange(-10, 40) for _ in range(n)) for _ in range(2)]
    game: GameResult | None = decide_winners([*earlier, result.scores]) if over else None
    scene.view.totals = [sum(r[s] for r in earlier) + result.scores[s] for s in range(n)]
    board = ScoreboardScene(app, scene, RoundScored(result), game)
    scene.timeline.hold = scene.scoreboard_open = True
    app.push(board)
    for _ in range(3):
        app.step([], DT)


# ---------------------------------------------------------------------- the tests


def audit_all(app: App, setups: dict[str, Setup]) -> list[str]:
    problems: list[str] = []
    for name, setup in setups.items():
        setup(app)
        app.step([], DT)
        problems += audit(app, name)
    return problems


@pytest.mark.parametrize(("size", "lang"), list(sizes_and_languages()))
def test_title_settings_and_statistics_pass_the_layout_audit(
    audit_app: Callable[[tuple[int, int], str], App], size: tuple[int, int], lang: str
) -> None:
    problems = audit_all(audit_app(size, lang), menus())
    assert problems == [], "\n".join(problems[:20])


@pytest.mark.parametrize(("size", "lang"), list(sizes_and_languages()))
def test_every_how_to_play_page_passes_the_layout_audit(
    audit_app: Callable[[tuple[int, int], str], App], size: tuple[int, int], lang: str
) -> None:
    problems = audit_all(audit_app(size, lang), how_to_play())
    assert problems == [], "\n".join(problems[:20])


@pytest.mark.parametrize(("size", "lang"), list(sizes_and_languages()))
def test_new_game_with_two_to_seven_seats_passes_the_layout_audit(
    audit_app: Callable[[tuple[int, int], str], App], size: tuple[int, int], lang: str
) -> None:
    app = audit_app(size, lang)
    problems: list[str] = []
    for seats in SEATS:
        new_game(seats)(app)
        app.step([], DT)
        problems += audit(app, f"new game with {seats} seats")
    assert problems == [], "\n".join(problems[:20])


@pytest.mark.parametrize(("size", "lang"), list(sizes_and_languages()))
def test_scoreboard_and_game_over_pass_the_layout_audit(
    audit_app: Callable[[tuple[int, int], str], App], size: tuple[int, int], lang: str
) -> None:
    app = audit_app(size, lang)
    problems: list[str] = []
    for seats in SEATS:
        scoreboard(app, seats, False)
        problems += audit(app, f"scoreboard, {seats} seats")
        scoreboard(app, seats, True)
        problems += audit(app, f"game over standings, {seats} seats")
        board = app.stack.top
        board.toggle_view()  # type: ignore[union-attr]
        app.step([], DT)
        problems += audit(app, f"game over, last round's cards, {seats} seats")
    assert problems == [], "\n".join(problems[:20])


@pytest.mark.parametrize(("size", "lang"), list(sizes_and_languages()))
def test_the_table_with_two_to_seven_seats_passes_the_layout_audit(
    audit_app: Callable[[tuple[int, int], str], App], size: tuple[int, int], lang: str
) -> None:
    app = audit_app(size, lang)
    problems: list[str] = []
    for seats in SEATS:
        for phase in table_phases(app, seats):
            problems += audit(app, f"table with {seats} seats, {phase}")
    assert problems == [], "\n".join(problems[:20])


def test_the_audit_sees_two_boxes_on_each_other() -> None:
    window = pygame.Rect(0, 0, 100, 100)
    apart = [
        Box(BoxKind.PANEL, pygame.Rect(10, 10, 30, 20)),
        Box(BoxKind.TEXT, pygame.Rect(12, 12, 20, 10), "Back"),
        Box(BoxKind.PANEL, pygame.Rect(50, 10, 30, 20)),
    ]
    assert box_problems(apart, window) == []
    slid_under = [*apart, Box(BoxKind.PANEL, pygame.Rect(30, 15, 30, 20))]
    assert any("overlaps panel" in p for p in box_problems(slid_under, window))
    outside = [Box(BoxKind.TEXT, pygame.Rect(90, 10, 20, 10), "Start")]
    assert any("leaves the window" in p for p in box_problems(outside, window))
    half = [apart[0], Box(BoxKind.TEXT, pygame.Rect(35, 12, 20, 10), "Start")]
    assert any("half on panel" in p for p in box_problems(half, window))


def test_the_audit_sees_a_missing_glyph() -> None:
    pygame.font.init()
    assert missing_glyphs("Start · Back") == ""
    assert missing_glyphs("\u0903\u2192") != ""  # an arrow: neither font has one


@pytest.mark.parametrize(("size", "lang"), list(sizes_and_languages()))
def test_pause_and_the_quit_question_pass_the_layout_audit(
    audit_app: Callable[[tuple[int, int], str], App], size: tuple[int, int], lang: str
) -> None:
    from gnoming.ui.scenes.pause import PauseScene

    app = audit_app(size, lang)
    table(app, 4)
    pause = PauseScene(app)
    app.push(pause)
    problems = audit(app, "pause")
    pause.quit()
    problems += audit(app, "quit the game?")
    assert problems == [], "\n".join(problems[:20])
