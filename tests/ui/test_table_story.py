"""The table tells the story (issue 12): the last turn is announced on every plate
and in the prompt, each seat's last move stays visible, the round log holds every
move, plates show a live round estimate, a gnome's card shows at the gnome,
skipping says so, and nothing covers the status line, the buttons or a plate."""

from __future__ import annotations

import random
from collections.abc import Callable

import pygame
import pytest

from gnoming.feed import LocalFeed
from gnoming.rules import Card, GameState, Phase
from gnoming.rules import events as E
from gnoming.store.settings import SeatSpec
from gnoming.ui.app import App
from gnoming.ui.scenes.scoreboard import ScoreboardScene
from gnoming.ui.scenes.table import TableScene
from gnoming.ui.session import GameConfig, GameSession, gnome_seats
from gnoming.ui.table.controller import BUTTONS, LOG, MENU
from gnoming.ui.table.layout import table_layout
from gnoming.ui.table.paint import Endgame, Marks, Painter, held_place
from gnoming.ui.table.places import HAND_SPOT, AtSeatHand
from gnoming.ui.table.view import Held, TableView
from gnoming.ui.table.words import log_line, trace_line

from .conftest import Noted

AppFactory = Callable[..., App]
DT = 1 / 60
YOU = SeatSpec("person", "You", "medium")


def rules(scene: TableScene) -> GameState:
    assert isinstance(scene.feed, LocalFeed)
    return scene.feed.session.state


def key(app: App, code: int) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)], DT)


def table(app: App, n: int, seed: int) -> TableScene:
    gnomes = tuple(SeatSpec("gnome", s.name, "easy") for s in gnome_seats(n - 1))
    scene = TableScene(app, GameSession.new(GameConfig((YOU, *gnomes), seed), app.data_dir))
    app.clear_to(scene)
    return scene


def play_until(app: App, scene: TableScene, done: Callable[[], bool], seed: int = 1) -> None:
    """The person keeps cards (to go out soon) until ``done``; the gnomes play."""
    rng = random.Random(seed)
    for _ in range(20000):
        if isinstance(app.stack.top, ScoreboardScene):
            app.stack.top.next_round()
        elif scene.person_turn():
            if done():
                return
            legal = scene.feed.legal_actions()
            keeps = [a for a in legal if a.kind.name in ("KEEP", "FLIP", "TURN")]
            scene.play((rng.choice(keeps or list(legal)),))
        app.step([], DT)
    raise AssertionError("never got there")


def test_once_a_gnome_went_out_the_prompt_says_last_turn_and_every_plate_says_where_it_stands(
    make_app: AppFactory,
) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, 4, seed=3)

    def my_last_turn() -> bool:
        obs = scene.obs
        return obs.went_out_first not in (None, 0) and obs.phase is Phase.DRAW

    play_until(app, scene, my_last_turn)
    out = scene.obs.went_out_first
    assert out is not None
    assert scene.status_text().startswith("Your last turn!")
    view = scene.view
    marks = Marks()
    standing = {s: Painter._endgame(view, s, marks) for s in range(4)}
    assert standing[out] is Endgame.WENT_OUT
    assert standing[0] is Endgame.LAST_TURN
    between = [(out + k) % 4 for k in range(1, 4) if (out + k) % 4 != 0]
    done = [s for s in between if s in view.last_turn_done]
    assert all(standing[s] is Endgame.DONE for s in done)
    assert len(view.last_turn_done) == 3 - rules(scene).final_turns_left
    marks.revealing = True  # the reveal: the marker has done its job
    assert Painter._endgame(view, out, marks) is None


def test_each_gnomes_last_move_stays_visible_and_the_round_log_holds_every_move(
    make_app: AppFactory,
) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, 3, seed=5)
    play_until(app, scene, lambda: scene.obs.phase is Phase.DRAW and scene.obs.turns_taken >= 3)
    view = scene.view
    for seat in (1, 2):
        assert trace_line(view.traces[seat])
        assert any(isinstance(e, (E.Drawn, E.TurnedUp)) for e in view.traces[seat])
    placed = [e for e in view.traces[1] if isinstance(e, (E.Placed, E.Bounced))]
    assert {e.position for e in placed} <= view.changed(1)
    lines = [log_line(e, scene.seat_name) for e in view.log]
    assert lines and all(lines)
    assert any("drew" in line or "took" in line for line in lines if line)
    assert view.log.count(view.traces[1][0]) == 1


def test_the_round_log_opens_with_l_scrolls_and_closes_with_esc(make_app: AppFactory) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, 3, seed=5)
    play_until(app, scene, lambda: scene.obs.turns_taken >= 6)
    key(app, pygame.K_l)
    assert scene.log_open
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    key(app, pygame.K_UP)
    assert scene.log_scroll >= 0
    key(app, pygame.K_ESCAPE)
    assert not scene.log_open and app.stack.top is scene  # Esc closed the log, not the game
    assert LOG in scene.visible_buttons()


def test_the_live_estimate_counts_face_up_cards_and_only_complete_matches() -> None:
    view = TableView(2)
    seat = view.seats[0]
    five, one = Card.parse(5), Card.parse(1)
    seat.cards = [five, None, None, five, None, None, five, None, one]
    seat.up = [True, False, False, True, False, False, True, False, True]
    assert view.estimate(0) == -5 + 1  # the column of 5s matches; the 1 counts
    seat.up[3] = False
    seat.cards[3] = None
    assert view.estimate(0) == 5 + 5 + 1  # a face-down card completes no line
    seat.cards[3], seat.up[3] = Card.MULLIGAN, True
    assert view.estimate(0) == -5 + 1  # a mulligan is wild


def test_a_gnomes_drawn_card_shows_at_the_gnome_and_yours_in_your_hand_spot() -> None:
    view = TableView(3)
    view.bottom_seat = 0
    view.held = Held(Card.parse(4), -1, True, 2)
    assert held_place(view) == AtSeatHand(2)
    view.held = Held(Card.parse(4), -1, True, 0)
    assert held_place(view) == HAND_SPOT


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("n", [2, 4, 7])
def test_a_lifted_or_held_card_covers_no_status_line_button_or_plate(
    size: tuple[int, int], n: int
) -> None:
    geom = table_layout(size, n, 0)
    keep_clear = [geom.status, *geom.buttons.values()]
    keep_clear += [s.plate for s in geom.seats if s.plate.w]
    for sg in geom.seats:
        for position in range(9):
            lifted = pygame.Rect(sg.lift(position).topleft, geom.card_size(sg.seat))
            assert not any(lifted.colliderect(r) for r in keep_clear), (sg.seat, position)
        assert not any(sg.hand.colliderect(r) for r in keep_clear)
        if not sg.big:
            assert not sg.trace.colliderect(geom.status)
            assert not sg.trace.colliderect(sg.grid)


def test_the_buttons_keep_their_places_when_others_come_and_go(make_app: AppFactory) -> None:
    app = make_app("--speed", "normal")
    scene = table(app, 3, seed=3)
    app.step([], DT)
    assert not scene.person_turn()
    menu_while_gnomes = scene.button_rects()[MENU]
    for _ in range(3000):
        if scene.person_turn():
            break
        app.step([], 0.05)
    assert scene.person_turn()
    assert scene.button_rects()[MENU] == menu_while_gnomes
    rects = [scene.geom.buttons[b] for b in BUTTONS]
    assert len({r.topleft for r in rects}) == 4  # refuse/stop/decline share one place


def test_a_click_while_cards_move_skips_ahead_and_says_so_calmly(make_app: AppFactory) -> None:
    app = make_app("--speed", "normal")
    scene = table(app, 3, seed=3)
    app.step([], DT)
    assert not scene.timeline.idle
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1)], DT)
    assert scene.notice is not None and scene.notice[0] == "Skipped ahead"
    assert scene.message is None  # not the red style of a mistake


def test_while_gnomes_turn_up_their_first_cards_the_status_line_does_not_say_your_turn(
    make_app: AppFactory,
) -> None:
    app = make_app("--speed", "normal")
    scene = table(app, 4, seed=3)
    texts = set()
    for _ in range(400):
        app.step([], DT)
        if scene.person_turn():
            break
        if scene.view.setting_up and all(all(s.dealt) for s in scene.view.seats):
            texts.add(scene.status_text())
    assert texts == {"Everyone turns up two of their cards"}


def test_the_pause_menu_shows_the_games_seed(make_app: AppFactory) -> None:
    from gnoming.ui.scenes.pause import PauseScene

    app = make_app("--speed", "instant")
    scene = table(app, 3, seed=4242)
    app.step([], DT)
    key(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene) and pause.game_seed() == 4242
    surface = pygame.Surface(app.size)
    pause.draw(surface)
    assert scene.feed.seed == 4242


@pytest.mark.parametrize("size", [(960, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("n", range(2, 8))
def test_the_turn_arrow_is_drawn_only_inside_its_seats_share_of_the_table(
    size: tuple[int, int], n: int
) -> None:
    from gnoming.ui.table.paint import arrow_fits

    geom = table_layout(size, n, 0)
    big = geom.seats[0]
    assert not arrow_fits(big)  # it would sit on your top-right card
    for sg in geom.seats:
        if arrow_fits(sg):
            arrow = pygame.Rect(
                sg.plate.left - 4 - sg.plate.h // 2, sg.plate.top, sg.plate.h // 2, 1
            )
            assert sg.slot.contains(arrow)
            others = [o.plate for o in geom.seats if o.seat != sg.seat and o.plate.w]
            assert not any(arrow.colliderect(p) for p in others)


def test_a_tip_of_the_last_round_is_gone_when_the_next_round_is_dealt(
    make_app: AppFactory,
) -> None:
    from dataclasses import replace

    from gnoming.ui.menus.coaching import FIRST_HAZARD, FIRST_MATCH

    app = make_app("--speed", "instant")
    app.settings = replace(app.settings, coaching=True)
    scene = table(app, 2, seed=3)
    tips = scene.tips
    tips.moment(FIRST_HAZARD)
    tips.moment(FIRST_MATCH)  # waits behind the hazard tip
    assert tips.text is not None and tips.waiting
    scene.view.apply(E.RoundStarted(1, 1))
    scene._clip_started(E.RoundStarted(1, 1))
    assert tips.text is None and tips.waiting == []


def test_a_continued_game_does_not_show_the_first_game_tips_again(make_app: AppFactory) -> None:
    from gnoming.ui.menus.coaching import FIRST_DRAW

    app = make_app("--speed", "instant")
    session = GameSession.new(GameConfig((YOU, SeatSpec("gnome", "Pip", "easy")), 3), None)
    rng = random.Random(1)
    while session.state.turns_taken < 4:
        session.apply(rng.choice(session.state.legal_actions()))
    scene = TableScene(app, session)
    app.clear_to(scene)
    assert FIRST_DRAW in scene.tips.coach.shown
    fresh = table(app, 2, seed=3)
    assert FIRST_DRAW not in fresh.tips.coach.shown


@pytest.mark.parametrize("card", [Card(8), Card(11), Card(3), Card.MULLIGAN])
def test_the_round_log_says_which_card_was_drawn_in_good_english(card: Card) -> None:
    line = log_line(E.Drawn(seat=1, source=E.DRAW_PILE, card=card), lambda seat: "Grandpa Beck")
    assert line is not None and line.startswith("Grandpa Beck drew the ")
    assert " a 8" not in line and " a 11" not in line


def test_a_long_name_with_a_short_first_word_is_cut_to_that_word() -> None:
    from gnoming.ui.table.paint import short_name

    assert short_name("Pip Mossbottom") == "Pip"
    assert short_name("Wendeline Thorn") == "Wendeline"
    assert short_name("Grandpa Beck") == "Grandpa" and short_name("Ada") == "Ada"


def test_the_turn_badge_and_the_thinking_bubble_leave_the_plates_words_readable(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gnoming.ui import theme
    from gnoming.ui.table import paint
    from gnoming.ui.table.paint import PlateNumbers, SeatInfo

    app = make_app("--window", "960x600")
    painter = Painter(app)
    geom = table_layout((960, 600), 7)
    words: dict[str, pygame.Rect] = {}
    shapes: list[tuple[object, pygame.Rect]] = []
    real_text, real_rect = paint.draw_text, pygame.draw.rect

    def text(surface, content, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = real_text(surface, content, *args, **kwargs)
        words[content] = rect
        return rect

    def rect(surface, colour, area, *args, **kwargs):  # type: ignore[no-untyped-def]
        shapes.append((colour, pygame.Rect(area)))
        return real_rect(surface, colour, area, *args, **kwargs)

    monkeypatch.setattr(paint, "draw_text", text)
    monkeypatch.setattr(pygame.draw, "rect", rect)
    for seat in range(1, 7):
        words.clear()
        shapes.clear()
        info = SeatInfo("Grandpa Beck", "Expert", "Expert", 0)
        painter.draw_plate(app.screen, geom.seats[seat], info, PlateNumbers(0, -12), None, True, True, 0.0)
        badge = [r for colour, r in shapes if colour == theme.HAT_RED]
        bubble = [r for colour, r in shapes if colour == theme.WHITE]
        assert badge and bubble
        for content, where in words.items():
            assert not where.colliderect(badge[0]), (seat, content, "under the Turn badge")
            assert not where.colliderect(bubble[0]), (seat, content, "under the thinking bubble")


def test_a_narrow_caption_leaves_out_how_a_kept_card_was_drawn() -> None:
    events = [
        E.Drawn(seat=1, source=0, card=Card(-1)),
        E.Placed(seat=1, position=7, card=Card(-1), replaced=Card(9), replaced_was_face_up=True),
    ]
    assert trace_line(events) == "took \u20131 from A, kept \u20131 bottom middle"
    assert trace_line(events, short=True) == "kept \u20131 bottom middle"
    refused = [E.Drawn(seat=1, source=E.DRAW_PILE, card=Card(9)), E.Refused(seat=1, card=Card(9))]
    assert trace_line(refused, short=True) == "refused 9"
    turned = [E.Drawn(seat=1, source=E.DRAW_PILE, card=Card(4)), E.TurnedUp(seat=1, position=0, card=Card(7), reason=E.TurnReason.HAZARD)]
    assert trace_line(turned, short=True) == trace_line(turned), "the drawn card is named nowhere else"


@pytest.mark.parametrize("window", ["960x600", "1280x720", "1920x1080"])
def test_news_toasts_cover_no_card_pile_button_or_status_line(
    make_app: AppFactory, noted: Noted, window: str
) -> None:
    from gnoming.ui import app as app_module

    app = make_app("--window", window, "--speed", "instant")
    scene = table(app, 7, seed=4)
    app.step([], DT)
    panels = noted(app_module.theme, "draw_panel")
    for text in ("Mirjam lost the connection; their seat waits for them.", "A gnome plays for Tove until they come back.", "Tove: Well played!"):
        app.toast(text)
    app._draw_toasts()
    assert len(panels) == 3
    keep_clear = {**scene.geom.targets(), "status": scene.geom.status}
    for panel in panels:
        for name, rect in keep_clear.items():
            assert not panel.colliderect(rect), (window, name)


@pytest.mark.parametrize("lang", ["en", "mr"])
def test_a_small_plates_words_stay_inside_its_border_at_seven_seats(make_app: AppFactory, lang: str) -> None:
    """At 960x600 the text of a plate never inks over its frame (Devanagari reaches
    higher and lower than Latin letters)."""
    from gnoming.ui import theme
    from gnoming.ui.table.paint import PlateNumbers, SeatInfo

    app = make_app("--window", "960x600", "--lang", lang)
    painter = Painter(app)
    geom = table_layout((960, 600), 7)
    for seat in range(1, 7):
        sg = geom.seats[seat]
        plate = sg.plate
        bare = pygame.Surface((960, 600))
        theme.draw_panel(bare, plate)
        full = pygame.Surface((960, 600))
        info = SeatInfo("Pip Mossbottom", "Easy", "Easy", 0)
        painter.draw_plate(full, sg, info, PlateNumbers(-10, -17), None, False, False, 0.0)
        frame = [
            (x, y)
            for x in range(sg.portrait.right + 2, plate.right)
            for y in (plate.top, plate.top + 1, plate.bottom - 2, plate.bottom - 1)
        ]
        inked = [xy for xy in frame if bare.get_at(xy) != full.get_at(xy)]
        assert inked == [], (lang, seat, len(inked))


@pytest.mark.parametrize("lang", ["en", "et"])
def test_with_few_seats_a_plate_has_room_for_the_whole_name_and_level(
    make_app: AppFactory, noted: Noted, lang: str
) -> None:
    from gnoming.i18n import _
    from gnoming.options import difficulty_label
    from gnoming.ui.table import paint
    from gnoming.ui.table.paint import PlateNumbers, SeatInfo

    app = make_app("--window", "960x600", "--lang", lang)
    drawn = noted(paint, "draw_text")
    geom = table_layout((960, 600), 2)
    medium = difficulty_label("medium")
    level = _("{difficulty} gnome").format(difficulty=medium)  # as TableScene.seat_info says it
    info = SeatInfo("Wendeline Thorn", level, medium, 1)
    Painter(app).draw_plate(app.screen, geom.seats[1], info, PlateNumbers(-10, -17), None, False, False, 0.0)
    assert "Wendeline Thorn" in drawn and level in drawn, drawn


@pytest.mark.parametrize("window", [(960, 600), (1280, 720)])
def test_the_hazard_words_cover_the_status_line_only_not_the_captions_above(
    make_app: AppFactory, noted: Noted, window: tuple[int, int]
) -> None:
    from gnoming.ui.table import clips

    app = make_app(size=window)
    geom = table_layout(window, 7)
    panels = noted(clips.theme, "draw_panel")
    text = "Pip Mossbottom discarded a hazard! Every other player may turn up one card"
    clips._draw_caption(app.screen, text, geom, Painter(app))
    [panel] = panels
    for seat in range(1, 7):
        assert not panel.colliderect(geom.seats[seat].trace), (window, seat)
    assert panel.bottom <= geom.seats[0].grid.top, "nor the own cards below"


def test_space_held_to_skip_the_gnomes_never_plays_the_persons_move(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """How to play says Space skips the gnomes' moves. Held down, its repeats
    skip them, and stop there: the person's move needs a fresh press."""
    app = make_app()
    scene = table(app, 3, seed=8)
    play_until(app, scene, lambda: scene.obs.phase is Phase.DRAW and scene.obs.turns_taken >= 3)
    state = rules(scene)
    for _ in range(1000):  # the person plays the turn to its end; then the gnomes play
        if state.current_seat() != 0:
            break
        if scene.person_turn():
            scene.play((scene.feed.legal_actions()[0],))
        app.step([], DT)
    assert state.current_seat() != 0
    pressed = {pygame.K_SPACE}

    class Keyboard:
        def __getitem__(self, key: int) -> bool:
            return key in pressed

    monkeypatch.setattr(pygame.key, "get_pressed", lambda: Keyboard())
    space = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44)
    gnome_moves = 0
    waited_for_me = 0
    for _ in range(5000):  # Space held: it repeats every frame
        before = len(state.history)
        was_mine = scene.person_turn()
        app.step([space], DT)
        if was_mine:
            assert len(state.history) == before, "a repeat of a held key played the person's move"
            waited_for_me += 1
            if waited_for_me > 30 and gnome_moves:
                break
        else:
            gnome_moves += len(state.history) - before
    assert gnome_moves and waited_for_me > 30, "the gnomes moved, then the person's turn came"
    pressed.clear()
    app.step([pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=44)], DT)
    before = len(state.history)
    pressed.add(pygame.K_SPACE)
    app.step([space], DT)  # a fresh press picks what the focus is on
    assert len(state.history) > before


def test_a_click_on_a_gnomes_cards_says_whose_they_are(make_app: AppFactory) -> None:
    app = make_app()
    scene = table(app, 3, seed=2)
    play_until(app, scene, lambda: scene.obs.phase is Phase.DRAW)
    moves = len(rules(scene).history)
    where = scene.geom.seats[1].grid.center
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=where)], DT)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=where)], DT)
    assert scene.message is not None
    assert scene.message[0].startswith(f"Those are {scene.seat_name(1)}'s cards")
    assert len(rules(scene).history) == moves


def test_a_key_still_held_when_the_table_comes_back_still_only_repeats(
    make_app: AppFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Space held through the scoreboard: back at the table its repeats still
    play nothing; a key let go meanwhile is forgotten."""
    app = make_app()
    scene = table(app, 3, seed=8)
    pressed = {pygame.K_SPACE}

    class Keyboard:
        def __getitem__(self, key: int) -> bool:
            return key in pressed

    monkeypatch.setattr(pygame.key, "get_pressed", lambda: Keyboard())
    scene._keys_down = {pygame.K_SPACE, pygame.K_RETURN}
    scene.resume()
    assert scene._keys_down == {pygame.K_SPACE}


@pytest.mark.parametrize("words", ["short", "long"])
def test_toasts_too_long_for_the_corner_go_across_the_bottom(
    make_app: AppFactory, noted: Noted, words: str
) -> None:
    from gnoming.ui import app as app_module

    app = make_app("--window", "960x600")
    scene = table(app, 7, seed=4)
    app.step([], DT)
    corner = scene.toast_area()
    assert corner is not None
    panels = noted(app_module.theme, "draw_panel")
    text = "Tove: Well played!" if words == "short" else (
        "Your seat is kept: when the host continues the game, join with the same code."
    )
    app.toast(text)
    app._draw_toasts()
    [panel] = panels
    assert corner.contains(panel) == (words == "short")


@pytest.mark.parametrize("piles", ["draw only", "discards only"])
def test_the_draw_prompt_offers_only_the_piles_that_can_be_taken(
    make_app: AppFactory, piles: str
) -> None:
    app = make_app("--speed", "instant")
    scene = table(app, 3, seed=2)
    play_until(app, scene, lambda: scene.obs.phase is Phase.DRAW)
    state = rules(scene)
    if piles == "draw only":
        state.discard_piles = [[], []]
    else:
        state.draw_pile = []
        state.discard_piles = [[Card.P4], [Card.N2]]
    state._legal = None
    scene.obs = scene.feed.observation()
    kinds = {a.kind.name for a in scene.feed.legal_actions()}
    assert kinds == ({"DRAW"} if piles == "draw only" else {"TAKE"})
    text = scene.status_text()
    if piles == "draw only":
        assert text == "You: draw a card from the draw pile"
    else:
        assert text == "You: take a card from a discard pile"
