"""The scoreboard: each player's breakdown adds up to the engine's score, points
count up, the winner and tie-break are named, and the buttons lead on."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from gnoming.rules import GameResult, TieBreak, score_layout
from gnoming.rules.cards import parse_cards
from gnoming.rules.events import RoundScored
from gnoming.rules.scoring import score_round
from gnoming.store.settings import SeatSpec
from gnoming.ui.app import App
from gnoming.ui.scenes.scoreboard import ScoreboardScene, signed, winner_text
from gnoming.ui.scenes.table import TableScene
from gnoming.ui.session import GameConfig, GameSession

AppFactory = Callable[..., App]
DT = 1 / 60
LAYOUTS = (
    "5 5 5 1 2 3 4 6 7",
    "5 5 M -2 3 8 9 H 1",
    "7 7 7 7 1 2 7 3 4",
)
SEATS = (
    SeatSpec("person", "You", "medium"),
    SeatSpec("gnome", "Pip", "easy"),
    SeatSpec("gnome", "Tansy", "medium"),
)


def scoreboard(
    app: App, went_out: int | None = 2, over: GameResult | None = None
) -> ScoreboardScene:
    table = TableScene(app, GameSession.new(GameConfig(SEATS, 1), app.data_dir))
    app.clear_to(table)
    result = score_round(0, [parse_cards(text.split()) for text in LAYOUTS], went_out)
    table.view.totals = [10 + s for s in result.scores]
    scene = ScoreboardScene(app, table, RoundScored(result), over)
    table.timeline.hold = table.scoreboard_open = True
    app.push(scene)
    return scene


def test_each_breakdown_adds_up_to_the_engines_round_score(make_app: AppFactory) -> None:
    app = make_app("--speed", "normal")
    scene = scoreboard(app)
    for seat, text in enumerate(LAYOUTS):
        score = scene.scored.result.seats[seat]
        lines = dict((label, value) for label, value, _bold in scene._lines(score))
        parts = [v for k, v in lines.items() if k != "Round"]
        assert sum(int(v) for v in parts) == lines["Round"] == score.total
        assert score.layout.total == score_layout(text.split())
    hazard_lines = dict(
        (label, value) for label, value, _b in scene._lines(scene.scored.result.seats[1])
    )
    assert hazard_lines == {"Matches": -5, "Cards": 19, "Hazards": 10, "Round": 24}
    went_out = dict(
        (label, value) for label, value, _b in scene._lines(scene.scored.result.seats[2])
    )
    assert went_out["Went out first"] == -5 and went_out["Round"] == -9


def test_points_count_up_and_a_click_shows_them_at_once(make_app: AppFactory) -> None:
    app = make_app("--speed", "normal")
    scene = scoreboard(app)
    app.step([], DT)
    assert scene.elapsed < 1.0 and not scene.shot
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)], DT)
    app.step([], DT)
    assert scene.shot  # the count is done
    assert app.stack.top is scene  # the click only skipped the count


def test_next_round_returns_to_the_table_and_lets_it_go_on(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = scoreboard(app)
    table = scene.table
    app.step([], DT)
    rect = scene.menu.buttons[0].rect
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)], DT)
    assert app.stack.top is table
    assert not table.timeline.hold


def test_game_over_names_the_winner_and_plays_again(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    over = GameResult(((3, 3, 5), (1, 2, 0)), (4, 5, 5), (0,), TieBreak.NONE)
    scene = scoreboard(app, over=over)
    app.step([], DT)
    assert [b.label() for b in scene.menu.buttons] == ["Play again", "Title"]
    app.step(
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)],
        DT,
    )
    top = app.stack.top
    assert isinstance(top, TableScene) and top is not scene.table
    assert top.session.config.seats == SEATS


def test_title_button_goes_to_the_title(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    over = GameResult(((3, 3, 5),), (3, 3, 5), (0, 1), TieBreak.SHARED)
    scene = scoreboard(app, over=over)
    scene.to_title()
    assert type(app.stack.top).__name__ == "TitleScene"


def test_winner_text_names_the_tie_break() -> None:
    def name(seat: int) -> str:
        return ("You", "Pip", "Tansy")[seat]

    plain = GameResult(((1, 2, 3),), (1, 2, 3), (0,), TieBreak.NONE)
    last = GameResult(((1, 2, 3), (5, 4, 3)), (6, 6, 6), (2,), TieBreak.LAST_ROUND)
    shared = GameResult(((1, 1, 3),), (1, 1, 3), (0, 1), TieBreak.SHARED)
    assert winner_text(plain, name)[0] == "Winner: You"
    assert "Tansy" in winner_text(last, name)[1] and "round three" in winner_text(last, name)[1]
    head, tie = winner_text(shared, name)
    assert "You, Pip" in head and "shared" in tie
    assert (signed(5), signed(-3), signed(0)) == ("+5", "\u20133", "0")


def test_quit_at_end_leaves_with_code_zero_after_the_last_scoreboard(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant", "--quit-at-end", "--autoplay", "--players", "2")
    seats = (SeatSpec("gnome", "Pip", "easy"), SeatSpec("gnome", "Tansy", "easy"))
    table = TableScene(app, GameSession.new(GameConfig(seats, 3), app.data_dir))
    app.clear_to(table)
    for _ in range(5000):
        if not app.running:
            break
        app.step([], 0.05)
    assert not app.running and app.exit_code == 0
    assert table.state.is_over()
    assert isinstance(app.stack.top, ScoreboardScene) and app.stack.top.over is not None
