"""The screens around the table: title, new game, pause, crash, settings,
statistics. Each builds, draws at the default and the smallest window, answers
the keyboard, and keeps its text inside its boxes."""

from __future__ import annotations

import dataclasses
import importlib.util
import os
import re
from collections.abc import Iterator
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from gnoming.cli import parse_args
from gnoming.store.settings import DEFAULT_SEATS, SeatSpec
from gnoming.ui import widgets
from gnoming.ui.app import App
from gnoming.ui.widgets import Button, Menu, text_width, wrap_text

from .conftest import Noted

SIZES = ((1280, 720), (960, 600))
HAS_TABLE = importlib.util.find_spec("gnoming.ui.scenes.table") is not None


def make_app(tmp_path: Path, size: tuple[int, int] = (1280, 720)) -> App:
    args = parse_args(["--data-dir", str(tmp_path), "--window", f"{size[0]}x{size[1]}"])
    return App(args)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path)
    yield application
    while application.stack.top is not None:
        application.stack.pop()


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def click(position: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=position, button=button)


def step(app: App, *events: pygame.event.Event) -> None:
    for event in events:
        app.step([event], 0.016)
    app.step([], 0.016)


def resize(app: App, size: tuple[int, int]) -> None:
    app._windowed_size = size
    app._set_mode(size)
    app._resized()


# ---------------------------------------------------------------- widgets


def test_wrap_text_cuts_a_word_longer_than_the_line() -> None:
    pygame.font.init()
    path = "/home/someone/.local/share/gnoming/crash/crash-2026-11-29T22-30-00.txt"
    lines = wrap_text(f"Report: {path}", 16, 200)
    assert "".join(lines).replace(" ", "") == f"Report:{path}"
    assert all(text_width(line, 16) <= 200 for line in lines)


def test_menu_moves_focus_past_disabled_buttons_and_presses_with_enter() -> None:
    pressed: list[str] = []
    menu = Menu(
        [
            Button(lambda: "a", lambda: pressed.append("a")),
            Button(lambda: "b", lambda: pressed.append("b"), enabled=False),
            Button(lambda: "c", lambda: pressed.append("c")),
        ]
    )
    menu.handle(key(pygame.K_DOWN))
    assert menu.focus == 2
    menu.handle(key(pygame.K_RETURN))
    assert pressed == ["c"]


# ---------------------------------------------------------------- title


def test_title_has_no_continue_without_a_saved_game(app: App) -> None:
    from gnoming.ui.scenes.title import TitleScene

    title = TitleScene(app)
    app.push(title)
    step(app)
    labels = [b.label() for b in title.menu.buttons]
    assert labels[0] == "New game"
    assert "Continue" not in labels
    assert title.menu.focus == 0


def test_title_shows_continue_first_when_a_game_is_saved(app: App) -> None:
    from gnoming.ui.scenes.title import TitleScene

    (app.data_dir / "autosave.json").write_text("{}")
    title = TitleScene(app)
    app.push(title)
    assert title.menu.buttons[0].label() == "Continue"


def test_title_continue_with_a_damaged_save_says_so_and_stays(app: App) -> None:
    from gnoming.ui.scenes.title import TitleScene

    (app.data_dir / "autosave.json").write_text("not json at all")
    title = TitleScene(app)
    app.push(title)
    step(app, key(pygame.K_RETURN))
    assert app.stack.top is title
    assert app.toasts
    assert all(b.label() != "Continue" for b in title.menu.buttons)


@pytest.mark.skipif(not HAS_TABLE, reason="the table scene is not there yet")
def test_title_continue_puts_the_saved_game_back_on_the_table(app: App) -> None:
    from gnoming.rules import GameRecord, GameState
    from gnoming.store.saves import save_game
    from gnoming.ui.scenes.title import TitleScene

    state = GameState.new(4, first_seat=0, seed=7)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    seats = tuple(s.to_dict() for s in DEFAULT_SEATS)
    assert save_game(app.data_dir, GameRecord.of(state, seats)) == []
    title = TitleScene(app)
    app.push(title)
    step(app, key(pygame.K_RETURN))
    table = app.stack.top
    assert type(table).__name__ == "TableScene"
    feed = getattr(table, "feed", None)
    session = getattr(feed, "session", None)
    assert session is not None
    assert len(session.state.history) == len(state.history)
    session.close()


def test_title_keyboard_opens_each_screen_and_esc_comes_back(app: App) -> None:
    from gnoming.ui.scenes.title import TitleScene

    title = TitleScene(app)
    app.push(title)
    screens = ((0, "newgame"), (1, "network_join"), (2, "howto"), (3, "stats"), (4, "settings"))
    for index, name in screens:
        title.menu.focus = 0
        step(app, *[key(pygame.K_DOWN)] * index, key(pygame.K_RETURN))
        assert app.stack.top is not None and app.stack.top.name == name
        step(app, key(pygame.K_ESCAPE))
        assert app.stack.top is title
    step(app, key(pygame.K_UP), key(pygame.K_RETURN))
    assert not app.running


# ---------------------------------------------------------------- new game


def test_new_game_starts_from_the_remembered_seats_with_start_focused(app: App) -> None:
    from gnoming.ui.scenes.newgame import NewGameScene

    scene = NewGameScene(app)
    app.push(scene)
    assert scene.focused().key == "start"
    assert len(scene.seats) == len(DEFAULT_SEATS)
    assert [s.kind for s in scene.seats] == ["person", "gnome", "gnome", "gnome"]
    assert scene.first_seat == 0


@pytest.mark.skipif(not HAS_TABLE, reason="the table scene is not there yet")
def test_new_game_one_enter_starts_a_table_and_remembers_the_seats(app: App) -> None:
    from gnoming.ui.scenes.newgame import NewGameScene
    from gnoming.ui.scenes.title import TitleScene

    app.push(TitleScene(app))
    app.push(NewGameScene(app))
    step(app, key(pygame.K_RETURN))
    top = app.stack.top
    assert type(top).__name__ == "TableScene"
    assert len(app.settings.default_seats) == 4
    from gnoming.store.settings import load_settings

    saved, _messages = load_settings(app.data_dir)
    assert saved.default_seats == app.settings.default_seats
    session = getattr(top, "session", None)
    if session is not None:
        session.close()


@pytest.mark.skipif(not HAS_TABLE, reason="the table scene is not there yet")
def test_a_new_game_asks_before_it_replaces_an_unfinished_saved_game(app: App) -> None:
    from gnoming.rules import GameRecord, GameState
    from gnoming.store.saves import load_saved_game, save_game
    from gnoming.ui.scenes.confirm import ConfirmScene
    from gnoming.ui.scenes.newgame import NewGameScene
    from gnoming.ui.scenes.title import TitleScene

    state = GameState.new(2, seed=11)
    seats = (
        {"kind": "person", "name": "Ada", "difficulty": "medium"},
        {"kind": "gnome", "name": "Pip", "difficulty": "hard"},
    )
    state.apply(state.legal_actions()[0])
    assert save_game(app.data_dir, GameRecord.of(state, seats)) == []
    app.push(TitleScene(app))
    scene = NewGameScene(app)
    app.push(scene)
    step(app, key(pygame.K_RETURN))
    assert isinstance(app.stack.top, ConfirmScene), "Start asks first"
    step(app, key(pygame.K_ESCAPE))  # no: back to the seats, the old game kept
    assert app.stack.top is scene
    saved, _messages = load_saved_game(app.data_dir)
    assert saved is not None and saved.record.seats[0]["name"] == "Ada"
    step(app, key(pygame.K_RETURN))
    assert isinstance(app.stack.top, ConfirmScene)
    step(app, key(pygame.K_LEFT), key(pygame.K_RETURN))  # yes
    top = app.stack.top
    assert type(top).__name__ == "TableScene"
    assert [type(s).__name__ for s in app.stack.scenes] == ["TableScene"]
    session = getattr(top, "session", None)
    if session is not None:
        session.close()


def test_a_new_game_of_gnomes_only_does_not_ask_about_the_saved_game(app: App) -> None:
    """A table with no person and no friend saves elsewhere: nothing to replace."""
    from gnoming.rules import GameRecord, GameState
    from gnoming.store.saves import save_game
    from gnoming.ui.scenes.newgame import NewGameScene

    state = GameState.new(2, seed=11)
    seats = (
        {"kind": "person", "name": "Ada", "difficulty": "medium"},
        {"kind": "gnome", "name": "Pip", "difficulty": "hard"},
    )
    assert save_game(app.data_dir, GameRecord.of(state, seats)) == []
    scene = NewGameScene(app)
    app.push(scene)
    scene.seats = [dataclasses.replace(s, kind="gnome") for s in scene.seats]
    scene.start()
    assert type(app.stack.top).__name__ == "TableScene"
    session = getattr(app.stack.top, "session", None)
    if session is not None:
        session.close()


def test_new_game_keyboard_adds_removes_and_changes_seats(app: App) -> None:
    from gnoming.ui.scenes.newgame import NewGameScene

    scene = NewGameScene(app)
    app.push(scene)
    # the bar under the seats: Back, + Add a gnome, the seed, Start (focused)
    step(app, key(pygame.K_LEFT), key(pygame.K_LEFT), key(pygame.K_RETURN))
    assert len(scene.seats) == 5 and scene.seats[4].kind == "gnome"
    for _ in range(5):
        scene.add_seat()
    assert len(scene.seats) == 7
    assert all(cell.key != "add" for row in scene.rows for cell in row)
    names = [s.name for s in scene.seats if s.kind == "gnome"]
    assert len(set(names)) == len(names), "each gnome sits at the table once"
    # seat 2 (a gnome): its difficulty, then its kind
    scene.focus = (1, 0)
    step(app, key(pygame.K_RIGHT), key(pygame.K_RIGHT))
    assert scene.focused().key == "difficulty"
    before = scene.seats[1].difficulty
    step(app, key(pygame.K_RETURN))
    assert scene.seats[1].difficulty != before
    step(app, key(pygame.K_LEFT), key(pygame.K_LEFT), key(pygame.K_RETURN))
    assert scene.seats[1].kind == "friend"  # a friend joining over the network
    step(app, key(pygame.K_RETURN))
    assert scene.seats[1].kind == "person"
    # who starts
    scene._focus_cell("starts", 3)
    step(app, key(pygame.K_SPACE))
    assert scene.first_seat == 3
    # remove down to two seats; the last remove buttons disappear
    while len(scene.seats) > 2:
        scene._focus_cell("remove", 0)
        step(app, key(pygame.K_RETURN))
    assert all(cell.key != "remove" for row in scene.rows for cell in row)
    assert 0 <= scene.first_seat < 2
    config = scene.config()
    assert len(config.seats) == 2  # type: ignore[attr-defined]


def test_new_game_renames_a_person_by_typing(app: App) -> None:
    from gnoming.ui.scenes.newgame import NewGameScene

    scene = NewGameScene(app)
    app.push(scene)
    scene._focus_cell("who", 0)
    step(app, key(pygame.K_RETURN))
    assert scene.editing == 0
    for _ in range(10):
        step(app, key(pygame.K_BACKSPACE))
    for ch in "Anu":
        step(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app, key(pygame.K_RETURN))
    assert scene.editing is None
    assert scene.seats[0] == SeatSpec("person", "Anu", scene.seats[0].difficulty)


def test_new_game_mouse_cycles_a_gnome(app: App) -> None:
    from gnoming.ui.scenes.newgame import NewGameScene

    scene = NewGameScene(app)
    app.push(scene)
    found = scene._cell(1, "who")
    assert found is not None
    before = scene.seats[1].name
    rect = found[0].rect
    step(app, click((rect.right - 4, rect.centery)))
    assert scene.seats[1].name != before
    step(app, click((rect.left + 4, rect.centery)))
    assert scene.seats[1].name == before


# ---------------------------------------------------------------- pause and crash


def test_pause_esc_resumes_and_quit_to_title_clears_the_stack(app: App) -> None:
    from gnoming.ui.scene import Scene
    from gnoming.ui.scenes.pause import PauseScene

    class Table(Scene):
        name = "table"

    app.push(Table(app))
    app.push(PauseScene(app))
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is not None and app.stack.top.name == "table"
    app.push(PauseScene(app))
    step(app, key(pygame.K_DOWN), key(pygame.K_RETURN))
    assert app.stack.top is not None and app.stack.top.name == "howto"
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is not None and app.stack.top.name == "pause"
    step(app, key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RETURN))
    assert [s.name for s in app.stack.scenes] == ["title"]


def test_crash_scene_draws_without_a_report_and_goes_back_to_title(app: App) -> None:
    from gnoming.ui.scenes.crash import CrashScene

    app.clear_to(CrashScene(app, None))
    step(app)
    step(app, key(pygame.K_RETURN))
    assert [s.name for s in app.stack.scenes] == ["title"]


def test_crash_scene_survives_a_broken_app(app: App) -> None:
    from gnoming.ui.scenes.crash import CrashScene

    scene = CrashScene(app, "/nowhere/report.txt")
    app.clear_to(scene)
    cards = app.cards
    app.cards = None  # type: ignore[assignment]
    step(app)  # drawing the gnome fails: the plain fallback is drawn instead
    surface = pygame.Surface((10, 10))
    scene.draw(surface)
    assert surface.get_at((5, 5))[:3] == (31, 51, 38)
    assert app.running and app.stack.top is scene
    app.cards = cards
    step(app)
    assert app.screen.get_at((5, 5))[:3] != (31, 51, 38)  # the whole screen again
    step(app, key(pygame.K_ESCAPE))
    assert [s.name for s in app.stack.scenes] == ["title"]


# ---------------------------------------------------------------- every scene


def _scenes(app: App) -> dict[str, object]:
    from gnoming.ui.scenes.crash import CrashScene
    from gnoming.ui.scenes.howto import HowToPlayScene
    from gnoming.ui.scenes.newgame import NewGameScene
    from gnoming.ui.scenes.pause import PauseScene
    from gnoming.ui.scenes.settings import SettingsScene
    from gnoming.ui.scenes.stats import StatsScene
    from gnoming.ui.scenes.title import TitleScene

    def seven_seats() -> NewGameScene:
        scene = NewGameScene(app)
        while len(scene.seats) < 7:
            scene.add_seat()
        return scene

    scenes: dict[str, object] = {
        "title": lambda: TitleScene(app),
        "newgame": lambda: NewGameScene(app),
        "newgame7": seven_seats,
        "pause": lambda: PauseScene(app),
        "crash": lambda: CrashScene(app, app.data_dir / "crash" / "crash-report.txt"),
        "settings": lambda: SettingsScene(app),
        "stats": lambda: StatsScene(app, sample_stats()),
        "stats-empty": lambda: StatsScene(app),
        "howto": lambda: HowToPlayScene(app),
    }
    return scenes


def sample_stats():  # type: ignore[no-untyped-def]
    """Twenty-four made-up games: every part of the Statistics screen has something."""
    import random

    from gnoming.store.stats import GameLine, SeatLine, Stats, Tally

    rng = random.Random(3)
    recent = []
    for i in range(24):
        seats = (
            SeatLine("You", "person", "medium", rng.randint(-12, 60)),
            SeatLine("Fennick Burrow", "gnome", "medium", rng.randint(-5, 60)),
            SeatLine("Wendeline Thorn", "gnome", "hard", rng.randint(0, 60)),
            SeatLine("Old Beck", "gnome", "hard", rng.randint(-10, 50)),
            SeatLine("Grub Pebblenose", "gnome", "medium", rng.randint(-10, 50)),
            SeatLine("Hazel Quickroot", "gnome", "medium", rng.randint(-10, 50)),
            SeatLine("Player 2", "person", "medium", rng.randint(-10, 50)),
        )
        winner = min(range(len(seats)), key=lambda k: seats[k].total)
        recent.append(
            GameLine(
                f"id{i}", f"2026-11-{i + 1:02d}T20:15:00+00:00", seats, (winner,), (0, 6), "hard"
            )
        )
    return Stats(
        games_played=24,
        games_won=7,
        by_difficulty={
            "easy": Tally(5, 3),
            "medium": Tally(9, 3),
            "hard": Tally(10, 1),
            "none": Tally(),
        },
        rounds_played=72,
        best_round=-14,
        worst_round=41,
        best_game=-12,
        worst_game=60,
        matches=57,
        bounces=31,
        hazards_suffered=12,
        hazards_discarded=9,
        went_out_first=20,
        recent=tuple(recent),
    )


@pytest.mark.parametrize("size", SIZES)
def test_every_scene_draws_at_both_sizes_and_survives_keys(tmp_path: Path, size) -> None:
    app = make_app(tmp_path, size)
    for factory in _scenes(app).values():
        scene = factory()  # type: ignore[operator]
        app.clear_to(scene)
        step(app)
        assert app.size == size
        for code in (pygame.K_DOWN, pygame.K_UP, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_TAB):
            step(app, key(code))
        assert app.stack.top is scene
    app.settings = dataclasses.replace(app.settings, language="en")


@pytest.mark.parametrize(
    ("size", "large_text"), [((960, 600), False), ((960, 600), True), ((1100, 980), False)]
)
def test_no_text_overflows_its_box_at_the_smallest_window(
    tmp_path: Path, size: tuple[int, int], large_text: bool
) -> None:
    app = make_app(tmp_path, size)
    app.settings = dataclasses.replace(app.settings, large_text=large_text)
    widgets.OVERFLOWS = []
    try:
        for name, factory in _scenes(app).items():
            scene = factory()  # type: ignore[operator]
            app.clear_to(scene)
            app.toasts.clear()
            step(app)
            if name == "settings":  # every row focused once: each one's help line
                for _ in range(10):
                    step(app, key(pygame.K_DOWN))
            if name == "howto":
                for _ in range(10):
                    step(app, key(pygame.K_RIGHT))
            assert widgets.OVERFLOWS == [], name
    finally:
        widgets.OVERFLOWS = None


def test_statistics_show_the_numbers_of_the_stats_file(app: App) -> None:
    from gnoming.ui.scenes.stats import StatsScene, person_total, person_won, short_date

    stats = sample_stats()
    scene = StatsScene(app, stats)
    app.push(scene)
    step(app)
    line = stats.recent[-1]
    assert person_total(line) == min(line.seats[0].total, line.seats[6].total)
    assert person_won(line) == (line.winners[0] in (0, 6))
    assert short_date("not a date") == "not a date"
    assert short_date("2026-11-01T20:15:00") == "2026-11-01 20:15"
    step(app, key(pygame.K_RETURN))
    assert app.stack.top is not scene


def test_statistics_say_lower_is_better_only_over_scores_and_write_minus_as_the_table_does(
    app: App, noted: Noted
) -> None:
    from gnoming.ui.scenes import stats as stats_scene

    drawn = noted(stats_scene, "draw_text")
    app.push(stats_scene.StatsScene(app, sample_stats()))
    step(app)
    order = [drawn.index(t) for t in ("Records (lower is better)", "Worst game", "Over all games", "Matched rows and columns", "Went out first")]
    assert order == sorted(order), "counts, where more is better, have a heading of their own"
    assert stats_scene.score_text(-14) == "\u201314" and stats_scene.score_text(None) == "\u2014"
    assert not [t for t in drawn if re.search(r"(^| )-\d", t)], "no ASCII minus before a number"


def test_statistics_with_a_damaged_file_start_empty_and_say_so(app: App) -> None:
    from gnoming.ui.scenes.stats import StatsScene

    (app.data_dir / "stats.json").write_text("[1, 2")
    scene = StatsScene(app)
    assert scene.stats.games_played == 0
    assert app.toasts


def test_scenes_follow_a_resize_to_the_smallest_window_and_back(app: App) -> None:
    from gnoming.ui.scenes.newgame import NewGameScene

    scene = NewGameScene(app)
    app.push(scene)
    start = scene.focused().rect.copy()
    resize(app, (960, 600))
    step(app)
    small = scene.focused().rect.copy()
    assert small.right <= 960 and small.bottom <= 600
    resize(app, (1280, 720))
    step(app)
    assert scene.focused().rect == start


class LongerWords:
    """A stand-in language whose every message is about a third longer (vowels
    doubled outside ``{placeholders}``), like Finnish and Estonian often are."""

    @staticmethod
    def gettext(message: str) -> str:
        out, depth = [], 0
        for ch in message:
            depth += ch == "{"
            depth -= ch == "}"
            out.append(ch * 2 if depth == 0 and ch in "aeiouAEIOU" else ch)
        return "".join(out)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.gettext(singular if n == 1 else plural)


def test_no_text_overflows_with_a_third_longer_words(tmp_path: Path, monkeypatch) -> None:
    from gnoming import i18n

    app = make_app(tmp_path, (960, 600))
    monkeypatch.setattr(i18n, "_translations", LongerWords())
    widgets.OVERFLOWS = []
    try:
        for name, factory in _scenes(app).items():
            scene = factory()  # type: ignore[operator]
            app.clear_to(scene)
            app.toasts.clear()
            step(app)
            if name == "howto":
                for _ in range(10):
                    step(app, key(pygame.K_RIGHT))
            assert widgets.OVERFLOWS == [], name
    finally:
        widgets.OVERFLOWS = None


def test_new_game_gnomes_added_play_at_the_level_of_the_others(app: App) -> None:
    from gnoming.ui.scenes.newgame import NewGameScene

    scene = NewGameScene(app)
    assert {s.difficulty for s in scene.seats if s.kind == "gnome"} == {"medium"}
    while len(scene.seats) < 7:
        scene.add_seat()
    assert [s.difficulty for s in scene.seats[4:]] == ["medium"] * 3
    for index in range(1, 7):
        scene.seats[index] = dataclasses.replace(scene.seats[index], difficulty="hard")
    scene.remove_seat(6)
    scene.add_seat()
    assert scene.seats[6].difficulty == "hard"


def test_new_game_is_filled_in_from_players_and_seed_flags(tmp_path: Path) -> None:
    from gnoming.ui.scenes.newgame import NewGameScene

    def flagged(*flags: str) -> App:
        return App(parse_args(["--data-dir", str(tmp_path), *flags]))

    app = flagged("--players", "7", "--seed", "4242")
    scene = NewGameScene(app)
    app.push(scene)
    assert len(scene.seats) == 7
    assert scene.config().seed == 4242  # type: ignore[attr-defined]
    assert len({s.name for s in scene.seats}) == 7
    two = NewGameScene(flagged("--players", "2"))
    assert len(two.seats) == 2 and two.seed is None


def test_new_game_seed_can_be_typed_and_cleared(app: App) -> None:
    from gnoming.ui.scenes.newgame import NewGameScene

    scene = NewGameScene(app)
    app.push(scene)
    step(app, key(pygame.K_LEFT), key(pygame.K_RETURN))
    assert scene.focused().key == "seed" and scene.editing_seed
    for ch in "12x3":
        step(app, pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app, key(pygame.K_RETURN))
    assert not scene.editing_seed and scene.seed == 123
    assert scene.config().seed == 123  # type: ignore[attr-defined]
    step(app, key(pygame.K_RETURN), key(pygame.K_DELETE), key(pygame.K_RETURN))
    assert scene.seed is None


def test_quit_the_game_asks_first_and_esc_keeps_playing(app: App) -> None:
    from gnoming.ui.scenes.confirm import ConfirmScene
    from gnoming.ui.scenes.pause import PauseScene

    pause = PauseScene(app)
    app.push(pause)
    pause.menu.buttons[-1].action()  # "Quit the game"
    assert isinstance(app.stack.top, ConfirmScene) and app.running
    assert app.stack.top.menu.focus == 1  # a stray Enter keeps playing
    step(app, key(pygame.K_ESCAPE))
    assert app.stack.top is pause and app.running
    pause.menu.buttons[-1].action()
    step(app, key(pygame.K_RETURN))
    assert app.stack.top is pause and app.running
    pause.menu.buttons[-1].action()
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScene)
    confirm.menu.buttons[0].action()
    assert not app.running


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
def test_the_network_screens_key_hints_sit_on_the_felt_not_the_wooden_rail(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    from gnoming.ui.menus.common import font_px
    from gnoming.ui.scenes.join import join_layout
    from gnoming.ui.scenes.lobby import lobby_layout
    from gnoming.ui.table.layout import felt_rect

    app = make_app(tmp_path, size)
    felt = felt_rect(size)
    line = round(font_px(app, 15) * 1.4)  # the hint's height, about
    for name, layout in (("lobby", lobby_layout(app, size)), ("join", join_layout(app, size))):
        x, y = layout.hint
        assert felt.left < x < felt.right and y <= felt.bottom, (name, size, "on the rail")
        assert layout.back.bottom <= y - line, (name, size, "under the button")


def test_f11_and_the_fullscreen_switch_say_the_same_and_it_is_kept(app: App) -> None:
    from gnoming.store.settings import load_settings

    speed = app.speed
    step(app, key(pygame.K_F11))
    assert app.fullscreen, "F11 went full screen"
    assert app.speed == speed, "and left the speed as it was"
    assert app.settings.fullscreen == app.fullscreen
    assert load_settings(app.data_dir)[0].fullscreen == app.fullscreen
    step(app, key(pygame.K_F11))
    assert app.settings.fullscreen == app.fullscreen
    assert load_settings(app.data_dir)[0].fullscreen == app.fullscreen


def test_the_window_size_the_player_left_is_there_next_time(tmp_path: Path) -> None:
    from gnoming.cli import parse_args
    from gnoming.store.settings import load_settings

    app = App(parse_args(["--data-dir", str(tmp_path)]))
    pygame.display.set_mode((1100, 650), pygame.RESIZABLE)  # the player drags the corner
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 650), w=1100, h=650)], 0.016)
    assert app.run(max_frames=2) == 0
    assert load_settings(tmp_path)[0].window_size == (1100, 650)
    again = App(parse_args(["--data-dir", str(tmp_path)]))
    assert again.size == (1100, 650)
    while again.stack.top is not None:
        again.stack.pop()


def test_f11_keeps_the_speed_the_command_line_asked_for(tmp_path: Path) -> None:
    instant = App(parse_args(["--data-dir", str(tmp_path), "--speed", "instant"]))
    instant.push(instant.first_scene())
    step(instant, key(pygame.K_F11))
    assert instant.speed == "instant"
    while instant.stack.top is not None:
        instant.stack.pop()


def test_a_robot_run_never_keeps_a_window_size(tmp_path: Path) -> None:
    from gnoming.store.settings import load_settings

    shots = tmp_path / "shots"
    app = App(parse_args(["--data-dir", str(tmp_path), "--screenshot-dir", str(shots)]))
    pygame.display.set_mode((1100, 650), pygame.RESIZABLE)
    app.step([pygame.event.Event(pygame.VIDEORESIZE, size=(1100, 650), w=1100, h=650)], 0.016)
    app.run(max_frames=2)
    assert load_settings(tmp_path)[0].window_size != (1100, 650)


def test_the_same_words_twice_make_one_toast_shown_longer(app: App) -> None:
    app.toast("The game could not be saved (disk full).")
    app.toasts[-1].seconds_left = 0.5
    app.toast("The game could not be saved (disk full).")
    assert [t.text for t in app.toasts].count("The game could not be saved (disk full).") == 1
    assert app.toasts[-1].seconds_left > 0.5


def test_a_fullscreen_the_screen_refuses_is_not_kept_as_on(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    real = pygame.display.set_mode

    def no_fullscreen(size=(0, 0), flags=0, *args, **kwargs):  # type: ignore[no-untyped-def]
        if flags & pygame.FULLSCREEN:
            raise pygame.error("no full screen here")
        return real(size, flags, *args, **kwargs)

    monkeypatch.setattr(pygame.display, "set_mode", no_fullscreen)
    step(app, key(pygame.K_F11))
    assert not app.fullscreen and not app.settings.fullscreen
