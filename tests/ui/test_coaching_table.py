"""First-game coaching at the table: a tip at the moment it matters, for people
only, once per game; it never takes a click from the table, and a whole game
with a person turns coaching off."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

import pygame
import pytest

from gnoming.feed import LocalFeed
from gnoming.rules import Card, GameState, Phase
from gnoming.rules import events as E
from gnoming.store.settings import SeatSpec
from gnoming.ui.app import App
from gnoming.ui.menus import coaching
from gnoming.ui.menus.coaching import FIRST_DRAW, FIRST_HAZARD, FIRST_MATCH
from gnoming.ui.scenes.scoreboard import ScoreboardScene
from gnoming.ui.scenes.table import TableScene
from gnoming.ui.session import GameConfig, GameSession
from gnoming.ui.table.controller import DRAW
from gnoming.ui.table.tips import TableTips
from gnoming.ui.table.view import TableView

AppFactory = Callable[..., App]
DT = 1 / 60
YOU = SeatSpec("person", "You", "medium")
PIP = SeatSpec("gnome", "Pip Mossbottom", "easy")
BECK = SeatSpec("gnome", "Old Beck", "hard")


def rules(scene: TableScene) -> GameState:
    """The rules state behind a local table (the table itself never reads it)."""
    assert isinstance(scene.feed, LocalFeed)
    return scene.feed.session.state


def table(app: App, seats: tuple[SeatSpec, ...], seed: int = 7) -> TableScene:
    scene = TableScene(app, GameSession.new(GameConfig(seats, seed), app.data_dir))
    app.clear_to(scene)
    return scene


def press(app: App, pos: tuple[int, int]) -> None:
    app.step(
        [
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ],
        DT,
    )


def until_person_draws(app: App, scene: TableScene) -> None:
    """Play the person's opening flips until the person must draw."""
    for _ in range(3000):
        if scene.person_turn():
            if rules(scene).phase is Phase.DRAW:
                app.step([], DT)
                return
            scene.play((rules(scene).legal_actions()[0],))
        app.step([], DT)
    raise AssertionError("the person never had to draw")


def test_the_first_draw_tip_shows_beside_the_piles_and_a_click_on_the_pile_still_draws(
    make_app: AppFactory,
) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, (YOU, PIP, BECK))
    until_person_draws(app, scene)
    assert scene.tips.text == coaching.tip_for(FIRST_DRAW)
    tip = scene.tips.rect
    assert tip is not None
    geom = scene.geom
    for covered in (geom.draw_pile, *geom.discards, geom.held, geom.seats[0].grid):
        assert not tip.colliderect(covered)
    before = len(rules(scene).history)
    press(app, geom.draw_pile.center)
    assert len(rules(scene).history) == before + 1  # the tip took nothing from the click
    assert scene.tips.text is None and scene.tips.rect is None
    # the next time the person draws, the tip has already been said this game
    for _ in range(3000):
        if scene.person_turn() and rules(scene).phase is Phase.DRAW:
            break
        if scene.person_turn():
            scene.play((rules(scene).legal_actions()[0],))
        app.step([], DT)
    assert scene.person_turn() and rules(scene).phase is Phase.DRAW
    assert scene.tips.text != coaching.tip_for(FIRST_DRAW)


def test_a_click_on_the_tip_closes_it_and_plays_nothing(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, (YOU, PIP))
    until_person_draws(app, scene)
    assert scene.tips.rect is not None
    before = len(rules(scene).history)
    press(app, scene.tips.rect.center)
    assert scene.tips.text is None
    assert len(rules(scene).history) == before


def test_acting_with_the_keyboard_closes_the_tip(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, (YOU, PIP))
    until_person_draws(app, scene)
    assert scene.tips.text is not None
    scene.focus = DRAW
    before = len(rules(scene).history)
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    app.step([key], DT)
    assert scene.tips.text is None
    assert len(rules(scene).history) == before + 1


def test_no_tip_shows_when_every_seat_is_a_gnome(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, (PIP, BECK, PIP))
    assert app.settings.coaching
    for _ in range(600):
        app.step([], DT)
        assert scene.tips.text is None
        if isinstance(app.stack.top, ScoreboardScene):
            break
    assert isinstance(app.stack.top, ScoreboardScene)  # a whole round went by
    assert not scene.tips.coach.shown


def test_a_match_in_the_persons_layout_and_a_hazard_each_get_their_tip(
    make_app: AppFactory,
) -> None:
    app = make_app()
    tips = TableTips(app, [0])
    view = TableView(2)
    for seat in (0, 1):
        view.seats[seat].cards[:3] = [Card(7), Card(7), Card.MULLIGAN]
        view.seats[seat].up[:3] = [True, True, True]
    tips.played(E.Placed(1, 2, Card.MULLIGAN, Card(3), False), view)
    assert tips.text is None  # a gnome's match is not the person's
    tips.played(E.Placed(0, 2, Card.MULLIGAN, Card(3), False), view)
    assert tips.coach.kind == FIRST_MATCH
    tips.played(E.HazardRemoved(1, E.HazardReason.DISCARDED), view)
    assert tips.coach.kind == FIRST_MATCH  # the hazard waits for the match tip
    tips.dismiss()
    assert tips.coach.kind == FIRST_HAZARD
    tips.dismiss()
    tips.played(E.Placed(0, 2, Card.MULLIGAN, Card(3), False), view)
    assert tips.text is None  # once per game


@pytest.mark.slow
def test_a_whole_game_with_a_person_turns_coaching_off(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, (YOU, PIP), seed=3)
    rng = random.Random(2)
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, ScoreboardScene):
            if top.over is not None:
                break
            top.next_round()
        elif scene.person_turn():
            scene.play((rng.choice(rules(scene).legal_actions()),))
        app.step([], DT)
    assert rules(scene).is_over()
    assert FIRST_DRAW in scene.tips.coach.shown
    assert not app.settings.coaching
    # with coaching off, a new game says nothing
    again = table(app, (YOU, PIP))
    until_person_draws(app, again)
    assert again.tips.text is None
    app.update_settings(dataclasses.replace(app.settings, coaching=True))
