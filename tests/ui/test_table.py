"""The game table driven headlessly: mouse-only and keyboard-only play, illegal
clicks, several people at one screen, resizing, and the displayed model
catching up with the rules after every animation."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

from gnoming.feed import LocalFeed
from gnoming.rules import ActionKind, GameState, Phase
from gnoming.store.settings import SeatSpec
from gnoming.ui.app import App
from gnoming.ui.scenes.scoreboard import ScoreboardScene
from gnoming.ui.scenes.table import TableScene
from gnoming.ui.session import GameConfig, GameSession
from gnoming.ui.table.controller import DRAW, HAND, HINT, Target, pile, position, target_of
from gnoming.ui.table.layout import table_layout

AppFactory = Callable[..., App]

DT = 1 / 60


def table(app: App, seats: tuple[SeatSpec, ...], seed: int = 7, first: int = 0) -> TableScene:
    scene = TableScene(app, GameSession.new(GameConfig(seats, seed, first), app.data_dir))
    app.clear_to(scene)
    return scene


YOU = SeatSpec("person", "You", "medium")
EASY = SeatSpec("gnome", "Pip", "easy")
MEDIUM = SeatSpec("gnome", "Tansy", "medium")


def rules(scene: TableScene) -> GameState:
    """The rules state behind a local table (the table itself never reads it)."""
    assert isinstance(scene.feed, LocalFeed)
    return scene.feed.session.state


def mouse(kind: int, pos: tuple[int, int]) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=1)


def click(app: App, pos: tuple[int, int]) -> None:
    app.step(
        [
            mouse(pygame.MOUSEMOTION, pos),
            mouse(pygame.MOUSEBUTTONDOWN, pos),
            mouse(pygame.MOUSEBUTTONUP, pos),
        ],
        DT,
    )


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    app.step([mouse(pygame.MOUSEBUTTONDOWN, start)], DT)
    app.step([mouse(pygame.MOUSEMOTION, ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2))], DT)
    app.step([mouse(pygame.MOUSEMOTION, end), mouse(pygame.MOUSEBUTTONUP, end)], DT)


def key(app: App, code: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)], DT)


def settle(app: App, scene: TableScene, frames: int = 2000) -> None:
    """Step until the person may act, a scoreboard shows or the game is over."""
    for _ in range(frames):
        if app.stack.top is not scene or scene.person_turn() or rules(scene).is_over():
            return
        if scene.pass_to is not None:
            return
        app.step([], DT)
    raise AssertionError("the table never waited for the person")


# ---------------------------------------------------------------- layout


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080), (1000, 1000)])
@pytest.mark.parametrize("n", range(2, 8))
def test_layout_keeps_every_seat_readable_and_inside_the_window(
    size: tuple[int, int], n: int
) -> None:
    for bottom in (0, n - 1):
        geom = table_layout(size, n, bottom)
        window = pygame.Rect((0, 0), size)
        assert geom.small_card[0] >= 30 and geom.small_card[1] >= 42
        assert geom.big_card[0] > geom.small_card[0]
        rects = [geom.draw_pile, *geom.discards, geom.held, geom.status, *geom.buttons.values()]
        for seat in geom.seats:
            rects += [*seat.cards, seat.plate]
        assert all(window.contains(r) for r in rects)
        grids = [s.grid for s in geom.seats]
        for i, a in enumerate(grids):
            assert not any(a.colliderect(b) for b in grids[i + 1 :]), "grids overlap"
            assert not a.colliderect(geom.status)
        for spot in (geom.draw_pile, *geom.discards, geom.held):
            assert not any(spot.colliderect(g) for g in grids)
        assert geom.seats[bottom].big


# ---------------------------------------------------------------- whole game, mouse only


@pytest.mark.slow
def test_a_whole_game_played_by_the_person_only_through_mouse_clicks(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, (YOU, EASY, MEDIUM), seed=11)
    rng = random.Random(5)
    clicks = 0
    kinds: set[ActionKind] = set()
    for _ in range(6000):
        top = app.stack.top
        if isinstance(top, ScoreboardScene):
            if rules(scene).is_over():
                break
            click(app, top.menu.buttons[0].rect.center)
            continue
        settle(app, scene)
        if not scene.person_turn():
            continue
        state = rules(scene)
        action = rng.choice(state.legal_actions())
        before = len(state.history)
        name = target_of(action)
        rects = scene.clickable()
        if action.kind is ActionKind.KEEP and rng.random() < 0.5 and state.phase is Phase.PLAY:
            drag(app, rects[HAND].center, rects[name].center)
        else:
            click(app, rects[name].center)
        clicks += 1
        kinds.add(action.kind)
        assert len(state.history) > before, f"the click on {name} did nothing"
        assert state.history[before] == action
    assert rules(scene).is_over()
    assert isinstance(app.stack.top, ScoreboardScene) and app.stack.top.over is not None
    assert clicks > 20
    assert {ActionKind.FLIP, ActionKind.DRAW, ActionKind.TAKE, ActionKind.KEEP} <= kinds
    assert {ActionKind.REFUSE, ActionKind.DISCARD, ActionKind.BOUNCE, ActionKind.TURN} <= kinds
    assert scene.view.totals == list(rules(scene).totals())


# ---------------------------------------------------------------- keyboard only


def focus_on(app: App, scene: TableScene, name: Target) -> None:
    """Walk the focus with the arrow keys to ``name``."""
    for _ in range(30):
        if scene.focus == name:
            return
        rects = scene.clickable()
        here = rects[scene.focus].center if scene.focus in rects else (0, 0)
        there = rects[name].center
        dx, dy = there[0] - here[0], there[1] - here[1]
        if abs(dx) > abs(dy):
            key(app, pygame.K_RIGHT if dx > 0 else pygame.K_LEFT)
        else:
            key(app, pygame.K_DOWN if dy > 0 else pygame.K_UP)
    raise AssertionError(f"the arrow keys never reached {name} (focus {scene.focus})")


def test_a_whole_turn_played_with_the_keyboard_only(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, (YOU, EASY), seed=3)
    settle(app, scene)
    state = rules(scene)
    for p in (0, 8):  # the two initial flips
        focus_on(app, scene, position(p))
        key(app, pygame.K_RETURN)
        settle(app, scene)
    assert state.face_up[0][0] and state.face_up[0][8]
    settle(app, scene)
    assert rules(scene).phase is Phase.DRAW and state.current_seat() == 0
    focus_on(app, scene, DRAW)
    key(app, pygame.K_SPACE)
    settle(app, scene)
    assert rules(scene).phase is Phase.PLAY
    focus_on(app, scene, position(4))
    key(app, pygame.K_RETURN)
    settle(app, scene)
    for _ in range(10):  # bounce or discard until the turn is over
        if state.turn_seat != 0 or state.phase is Phase.DRAW or not scene.person_turn():
            break
        legal = state.legal_actions()
        name = target_of(legal[0])
        focus_on(app, scene, name)
        key(app, pygame.K_RETURN)
        settle(app, scene)
    assert state.turn_seat != 0 or state.round_index > 0 or state.turns_taken >= 1
    assert [a.kind for a in state.history[:3]] == [
        ActionKind.FLIP,
        ActionKind.FLIP,
        ActionKind.FLIP,
    ]


# ---------------------------------------------------------------- mistakes and messages


def test_an_illegal_click_shakes_and_explains_and_changes_nothing(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, (YOU, EASY), seed=3)
    settle(app, scene)
    click(app, scene.clickable()[position(0)].center)
    settle(app, scene)
    history = list(rules(scene).history)
    click(app, scene.clickable()[position(0)].center)  # already face up
    assert rules(scene).history == history
    assert scene.message is not None and "face" in scene.message[0]
    assert position(0) in scene.shakes
    click(app, scene.clickable()[DRAW].center)  # not during the set-up
    assert rules(scene).history == history
    assert scene.message is not None


def test_the_status_line_always_says_what_to_do(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, (YOU, EASY, MEDIUM), seed=2)
    rng = random.Random(1)
    for _ in range(300):
        if app.stack.top is not scene or rules(scene).is_over():
            break
        text = scene.status_text()
        assert text and "{" not in text
        if scene.person_turn():
            last_turn = rules(scene).went_out_first not in (None, 0)
            assert text.startswith("Your last turn! You:" if last_turn else "You:")
            action = rng.choice(rules(scene).legal_actions())
            click(app, scene.clickable()[target_of(action)].center)
        app.step([], DT)


# ---------------------------------------------------------------- several people


def test_a_pass_banner_stands_between_two_people(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    other = SeatSpec("person", "Ann", "medium")
    scene = table(app, (YOU, other, EASY), seed=4)
    settle(app, scene)
    for p in (0, 1):
        click(app, scene.clickable()[position(p)].center)
        settle(app, scene)
    app.step([], DT)
    assert scene.pass_to == 1
    assert scene.status_text() == "Pass the screen to Ann"
    history = list(rules(scene).history)
    click(app, scene.clickable()[position(5)].center)  # only confirms the banner
    assert scene.pass_to is None and scene.bottom_seat == 1
    assert rules(scene).history == history
    assert scene.geom.seats[1].big and not scene.geom.seats[0].big


# ---------------------------------------------------------------- resizing


def test_resizing_to_the_minimum_and_back_keeps_the_game_playable(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, (YOU, EASY, MEDIUM, EASY, MEDIUM, EASY, MEDIUM), seed=9)
    settle(app, scene)
    for size in ((960, 600), (1280, 720), (1600, 900)):
        app._windowed_size = size
        app._set_mode(size)
        app.step([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])], DT)
        assert scene.geom.size == size
        assert scene.geom.small_card[0] >= 30
        before = len(rules(scene).history)
        legal = rules(scene).legal_actions()
        click(app, scene.clickable()[target_of(legal[0])].center)
        assert len(rules(scene).history) > before
        settle(app, scene)


# ---------------------------------------------------------------- the displayed model


@pytest.mark.parametrize(("n", "seed"), [(3, 21), pytest.param(7, 5, marks=pytest.mark.slow)])
def test_the_displayed_table_catches_up_with_the_rules_after_every_animation(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch, n: int, seed: int
) -> None:
    from gnoming.rules import observe
    from gnoming.ui.scenes import table as table_module

    monkeypatch.setattr(table_module, "INSTANT_BUDGET", 0.0)  # one decision per frame
    app = make_app("--speed", "instant", "--autoplay")
    from gnoming.ui.session import autoplay_config

    config = autoplay_config(n, seed)
    config = GameConfig(tuple(SeatSpec("gnome", s.name, "easy") for s in config.seats), seed)
    scene = TableScene(app, GameSession.new(config, app.data_dir))
    app.clear_to(scene)
    checked = 0
    for _ in range(12000):
        top = app.stack.top
        if isinstance(top, ScoreboardScene):
            if rules(scene).is_over():
                break
            top.next_round()
            continue
        app.step([], DT)
        state = rules(scene)
        if scene.timeline.idle and not scene.timeline.hold and not state.is_over():
            assert scene.view.differences(observe(state, 0)) == []
            assert scene.obs == observe(state, 0)
            checked += 1
    assert state.is_over() and checked > 10
    assert scene.view.totals == list(state.totals())


def test_animations_play_over_time_and_a_click_skips_them(make_app: AppFactory) -> None:
    app = make_app("--speed", "normal")
    scene = table(app, (YOU, EASY), seed=3)
    app.step([], DT)
    assert not scene.timeline.idle  # the deal is playing
    assert not scene.person_turn()
    click(app, (5, 5))
    app.step([], DT)
    assert scene.timeline.idle and scene.person_turn()
    assert all(scene.view.seats[s].dealt == [True] * 9 for s in range(2))


def test_reduced_motion_plays_the_same_game(make_app: AppFactory) -> None:
    app = make_app("--speed", "fast")
    from dataclasses import replace

    app.settings = replace(app.settings, reduced_motion=True)
    scene = table(app, (YOU, EASY), seed=3)
    for _ in range(400):
        app.step([], DT)
        if scene.person_turn():
            break
    assert scene.person_turn()
    click(app, scene.clickable()[position(2)].center)
    for _ in range(400):
        app.step([], DT)
        if scene.person_turn():
            break
    assert rules(scene).face_up[0][2]


def test_the_hint_key_shows_a_legal_move_with_its_reason(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, (YOU, EASY), seed=3)
    settle(app, scene)
    for p in (0, 4):
        click(app, scene.clickable()[position(p)].center)
        settle(app, scene)
    assert rules(scene).phase is Phase.DRAW and scene.person_turn()
    key(app, pygame.K_h)
    for _ in range(2000):
        if scene.hint is not None:
            break
        app.step([], DT)
    assert scene.hint is not None
    action, reason = scene.hint
    assert action in rules(scene).legal_actions() and reason
    assert scene.hint_targets() and scene.hint_targets() <= set(scene.clickable())
    click(app, scene.clickable()[target_of(action)].center)
    assert scene.hint is None


def test_a_continued_game_shows_the_table_as_it_was_saved(make_app: AppFactory) -> None:
    import json

    app = make_app("--speed", "instant")
    session = GameSession.new(GameConfig((YOU, EASY, MEDIUM), 12), app.data_dir)
    rng = random.Random(3)
    while not (
        session.state.turns_taken >= 6
        and session.state.phase is Phase.PLAY
        and session.state.current_seat() == 0
    ):
        session.apply(rng.choice(session.state.legal_actions()))
    scene = TableScene(app, session)
    app.clear_to(scene)
    app.step([], DT)
    state = rules(scene)
    for seat in range(3):
        assert scene.view.seats[seat].up == state.face_up[seat]
    assert scene.view.held is not None and scene.view.held.card == state.held
    assert json.loads(scene.record_json())["seed"] == 12


def test_the_keyboard_focus_can_rest_on_the_buttons_and_any_card(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, (YOU, EASY), seed=3)
    settle(app, scene)
    focus_on(app, scene, HINT)
    app.step([], DT)
    assert scene.focus == HINT
    focus_on(app, scene, position(1))
    click(app, scene.clickable()[position(1)].center)  # turn it up: pos1 is no longer legal
    settle(app, scene)
    focus_on(app, scene, position(1))
    app.step([], DT)
    assert scene.focus == position(1)
    key(app, pygame.K_RETURN)  # already face up: a message, nothing happens
    assert scene.message is not None and len(rules(scene).history) == 1


def test_dropping_a_drawn_card_on_a_discard_pile_refuses_it_there(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, (YOU, EASY), seed=3)
    settle(app, scene)
    for p in (0, 4):
        click(app, scene.clickable()[position(p)].center)
        settle(app, scene)
    for _ in range(40):  # until a drawn card that is not a hazard is in hand
        state = rules(scene)
        if state.phase is Phase.DRAW and scene.person_turn():
            click(app, scene.clickable()[DRAW].center)
            settle(app, scene)
            from gnoming.rules import Card

            if state.held is not Card.HAZARD and len(state.legal_actions()) > 1:
                break
        legal = state.legal_actions()
        click(app, scene.clickable()[target_of(legal[-1])].center)
        settle(app, scene)
    state = rules(scene)
    assert state.phase is Phase.PLAY and state.held_from == -1
    before = len(state.history)
    pile_a_empty = not state.discard_piles[0]
    rects = scene.clickable()
    drag(app, rects[HAND].center, rects[pile(1)].center)
    settle(app, scene)
    kinds = [str(a) for a in state.history[before : before + 2]]
    # an empty pile A must take the card (and then it goes there by itself)
    assert kinds == ["refuse", "discard A" if pile_a_empty else "discard B"]


def test_autoplay_and_seatless_games_sit_real_gnomes_of_their_difficulty() -> None:
    from gnoming.ai.characters import character
    from gnoming.ui.session import autoplay_config, gnome_seats

    seats = autoplay_config(7, 1).seats
    assert [s.difficulty for s in seats] == ["hard"] + ["medium", "easy"] * 2 + ["medium", "expert"]
    assert len({s.name for s in seats}) == 7
    for spec in seats + gnome_seats(2):
        assert spec.kind == "gnome" and character(spec.name).difficulty == spec.difficulty


@pytest.mark.parametrize("stop", ["after the first flip", "after a draw", "after a keep"])
def test_a_game_left_at_any_move_continues_exactly_there(make_app: AppFactory, stop: str) -> None:
    """Saved after every move: left after its first flip the game is there to
    continue, and left in the middle of a turn it comes back in that middle, not
    at the turn's start where the cards it showed would be known."""
    from gnoming.store.saves import load_saved_game

    app = make_app("--speed", "instant")
    session = GameSession.new(GameConfig((YOU, EASY, MEDIUM), 12), app.data_dir)
    rng = random.Random(5)
    state = session.state

    def reached() -> bool:
        if stop == "after the first flip":
            return len(state.history) == 1
        if stop == "after a draw":
            return state.phase is Phase.PLAY and state.current_seat() == 0 and state.turns_taken >= 3
        return bool(state.history) and state.history[-1].kind is ActionKind.KEEP and state.turns_taken >= 3

    while not reached():
        session.apply(rng.choice(state.legal_actions()))
    session.close()  # the last save reaches the disk
    saved, messages = load_saved_game(app.data_dir)
    assert messages == [] and saved is not None, stop
    assert saved.state.history == state.history
    assert saved.state.phase is state.phase and saved.state.held == state.held
    assert saved.state.face_up == state.face_up and saved.state.draw_pile == state.draw_pile


def test_saves_do_not_queue_up_behind_a_fast_game(make_app: AppFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hundreds of moves a second make a save or two, each of the newest record."""
    import threading

    from gnoming.ui import session as session_module

    gate = threading.Event()
    written: list[int] = []
    real = session_module.save_game

    def slow_save(folder, record, **kwargs):  # type: ignore[no-untyped-def]
        gate.wait(5.0)
        written.append(len(record.actions))
        return real(folder, record, **kwargs)

    monkeypatch.setattr(session_module, "save_game", slow_save)
    app = make_app("--speed", "instant")
    session = GameSession.new(GameConfig((EASY, EASY, MEDIUM), 4), app.data_dir)
    rng = random.Random(1)
    for _ in range(200):
        session.apply(rng.choice(session.state.legal_actions()))
    gate.set()
    session.close()
    assert len(written) <= 2 and written[-1] == 200
