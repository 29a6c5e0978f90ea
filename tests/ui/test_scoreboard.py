"""The scoreboard: each player's breakdown adds up to the engine's score, points
count up, the winner and tie-break are named, and the buttons lead on."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from gnoming.rules import GameResult, TieBreak, score_layout
from gnoming.rules.cards import parse_cards
from gnoming.rules.events import RoundScored
from gnoming.rules.scoring import score_round
from gnoming.store.settings import SeatSpec
from gnoming.ui import theme
from gnoming.ui.app import App
from gnoming.ui.scenes.scoreboard import ScoreboardScene, signed, standings, winner_text
from gnoming.ui.scenes.table import TableScene
from gnoming.ui.session import GameConfig, GameSession

from .conftest import Noted

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
    labels = [b.label() for b in scene.menu.buttons]
    assert labels == ["Last round's cards", "Play again", "Title"]
    app.step(
        [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)],
        DT,
    )
    top = app.stack.top
    assert isinstance(top, TableScene) and top is not scene.table
    assert top.feed.seats == SEATS


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
    assert winner_text(plain, name)[1] == "Lowest total wins: You with 1."
    assert winner_text(last, name)[1] == (
        "You, Pip, Tansy tied on 6. A tie goes to the lowest score in round 2: "
        "Tansy scored 3 there and wins."
    )
    head, tie = winner_text(shared, name)
    assert "You, Pip" in head
    assert tie == "You, Pip tied on 1 and scored 1 each in round 1: they share the win."
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
    assert table.game_over()
    assert isinstance(app.stack.top, ScoreboardScene) and app.stack.top.over is not None


def hover(app: App, pos: tuple[int, int]) -> None:
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], DT)


def press_key(app: App, code: int, mod: int = 0) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)], DT)


def spot_of(scene: ScoreboardScene, seat: int, key: str) -> int:
    return next(i for i, s in enumerate(scene.spots) if s.seat == seat and s.note.key == key)


def outlined(app: App, scene: ScoreboardScene, seat: int, position: int) -> bool:
    """The red outline drawn around a card the explained number is about."""
    rect = scene.card_rects[seat][position]
    return app.screen.get_at((rect.centerx, rect.top + 1))[:3] == theme.HAT_RED


def test_hovering_each_number_explains_it_and_outlines_its_cards(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = scoreboard(app)
    app.step([], DT)
    expected = {
        (1, "match0"): ("Row 1 of 5s is a match: \u20135", {0, 1, 2}),
        (1, "matches"): ("Each matched row or column scores minus its value: \u20135", {0, 1, 2}),
        (1, "cards"): (
            "Cards in no match add their value: \u20132 + 3 + 8 + 9 + 1 = +19",
            {3, 4, 5, 6, 8},
        ),
        (1, "hazards"): ("A hazard in the layout scores +10", {7}),
        (1, "round"): (
            "Round score: the sum of the lines above: \u20135 + 19 + 10 = +24",
            set(),
        ),
        (1, "total"): ("Total: all rounds so far: 10 + 24 = 34", set()),
        (2, "match1"): ("Column 1 of 7s is a match: \u20137", {0, 3, 6}),
        (2, "went_out"): ("Went out first and had the lowest score: \u20135", set()),
        (0, "cards"): (
            "Cards in no match add their value: 1 + 2 + 3 + 4 + 6 + 7 = +23",
            {3, 4, 5, 6, 7, 8},
        ),
    }
    for (seat, key), (text, positions) in expected.items():
        spot = scene.spots[spot_of(scene, seat, key)]
        hover(app, spot.rect.center)
        active = scene.active_spot()
        assert active is not None and (active.seat, active.note.key) == (seat, key)
        assert active.note.text == text
        assert set(active.note.positions) == positions
        for p in range(9):
            assert outlined(app, scene, seat, p) == (p in positions), (key, p)
    hover(app, (3, 3))
    assert scene.active_spot() is None
    assert not any(outlined(app, scene, 1, p) for p in range(9))


def test_a_player_who_went_out_first_but_was_not_lowest_is_told_so(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = scoreboard(app, went_out=1)
    app.step([], DT)
    note = scene.spots[spot_of(scene, 1, "went_out")].note
    assert note.text == "Went out first but was not lowest: +5"


def test_tab_and_arrows_walk_the_numbers_then_the_buttons(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = scoreboard(app)
    app.step([], DT)
    assert scene.focus_spot is None  # Enter would go on to the next round
    press_key(app, pygame.K_TAB)
    assert scene.focus_spot == 0
    assert scene.active_spot() is scene.spots[0]
    press_key(app, pygame.K_DOWN)
    first = scene.spots[0]
    below = scene.active_spot()
    assert below is not None and below.seat == first.seat and below.rect.top > first.rect.top
    press_key(app, pygame.K_RIGHT)
    right = scene.active_spot()
    assert right is not None and right.seat == first.seat + 1
    press_key(app, pygame.K_RETURN)
    assert app.stack.top is scene  # Enter on a number does not leave
    press_key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert scene.active_spot() is not right
    for _ in range(len(scene.spots)):
        press_key(app, pygame.K_TAB)
        if scene.focus_spot is None:
            break
    assert scene.focus_spot is None and scene.active_spot() is None
    press_key(app, pygame.K_RETURN)
    assert app.stack.top is scene.table


def test_final_standings_rank_by_total_then_by_the_last_round() -> None:
    rounds = ((10, 4, 8, 2), (5, 9, 3, 20), (0, 2, 4, 1))
    result = GameResult(rounds, (15, 15, 15, 23), (0,), TieBreak.LAST_ROUND)
    lines = standings(result)
    assert [line.seat for line in lines] == [0, 1, 2, 3]
    assert [line.place for line in lines] == [1, 2, 3, 4]
    assert lines[1].round_scores == (4, 9, 2) and lines[1].total == 15
    shared = GameResult(((1, 1, 3),), (1, 1, 3), (0, 1), TieBreak.SHARED)
    assert [line.place for line in standings(shared)] == [1, 1, 3]


def test_game_over_opens_on_the_standings_with_the_seed_and_shows_the_cards_on_request(
    make_app: AppFactory,
) -> None:
    from gnoming.ui import drawlog

    app = make_app("--speed", "instant")
    over = GameResult(((3, 9, 5), (1, 1, 1), (2, 2, 2)), (6, 12, 8), (0,), TieBreak.NONE)
    scene = scoreboard(app, over=over)
    app.step([], DT)
    assert scene.standings_view and scene.menu.buttons[scene.menu.focus].label() == "Play again"
    drawlog.RECORD = []
    try:
        app.draw()
        drawn = [box.text for box in drawlog.RECORD if box.text]
    finally:
        drawlog.RECORD = None
    assert "Final standings" in drawn and "Round 3" in drawn
    assert "Seed: 1" in drawn  # the table's GameConfig(SEATS, 1)
    assert "Lowest total wins: You with 6." in " ".join(drawn)
    scene.menu.buttons[0].action()
    assert not scene.standings_view
    app.step([], DT)
    assert scene.spots  # the round's numbers explain themselves again


@pytest.mark.parametrize("lang", ["en", "fi", "et", "mr"])
def test_at_seven_seats_in_a_small_window_no_row_name_is_cut_short(
    make_app: AppFactory, noted: Noted, lang: str
) -> None:
    """A long row name ("Lõpetas esimesena") goes on two lines rather than end in "…"."""
    from gnoming.ui.scenes import scoreboard as board

    app = make_app("--window", "960x600", "--lang", lang, "--speed", "instant")
    seats = tuple(SeatSpec("gnome", f"Gnome {k}", "easy") for k in range(7))
    table = TableScene(app, GameSession.new(GameConfig(seats, 1), app.data_dir))
    app.clear_to(table)
    layouts = [parse_cards(LAYOUTS[k % 3].split()) for k in range(7)]
    result = score_round(0, layouts, 3)
    table.view.totals = [10 + s for s in result.scores]
    scene = ScoreboardScene(app, table, RoundScored(result), None)
    table.timeline.hold = table.scoreboard_open = True
    app.push(scene)
    for _ in range(240):
        app.step([], DT)
    drawn = noted(board, "draw_text")
    scene.draw(app.screen)
    assert drawn and not [t for t in drawn if t.endswith("\u2026")], [t for t in drawn if t.endswith("\u2026")]
