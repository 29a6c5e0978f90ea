"""A network game's seed is not known at a friend's or the host's screen (it would
tell every face-down card), so the final standings show no seed instead of
"Seed: 0" (seen at the end of a whole game between two windows: a hosted game
dealt with a random seed ended on standings that read "Seed: 0")."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from gnoming.net.client import RemoteFeed
from gnoming.rules import GameResult, TieBreak
from gnoming.rules.cards import parse_cards
from gnoming.rules.events import RoundScored
from gnoming.rules.scoring import score_round
from gnoming.store.settings import SeatSpec
from gnoming.ui import drawlog
from gnoming.ui.app import App
from gnoming.ui.scenes.scoreboard import ScoreboardScene
from gnoming.ui.scenes.table import TableScene
from gnoming.ui.session import GameConfig, GameSession

AppFactory = Callable[..., App]
SEATS = (SeatSpec("person", "Ada", "medium"), SeatSpec("gnome", "Pip", "easy"))


class Quiet:
    def poll(self) -> list[object]:
        return []


def test_a_network_feed_has_no_seed_to_show() -> None:
    assert RemoteFeed(Quiet()).seed is None  # type: ignore[arg-type]


def drawn_texts(app: App) -> list[str]:
    drawlog.RECORD = []
    try:
        app.draw()
        return [box.text for box in drawlog.RECORD if box.text]
    finally:
        drawlog.RECORD = None


def test_final_standings_without_a_seed_show_none(make_app: AppFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app("--speed", "instant")
    table = TableScene(app, GameSession.new(GameConfig(SEATS, 5), app.data_dir))
    app.clear_to(table)
    result = score_round(0, [parse_cards(t.split()) for t in ("5 5 5 1 2 3 4 6 7", "7 7 7 7 1 2 7 3 4")], 0)
    over = GameResult(((3, 9, 5), (1, 1, 1)), (17, 3), (1,), TieBreak.NONE)
    scene = ScoreboardScene(app, table, RoundScored(result), over)
    table.timeline.hold = table.scoreboard_open = True
    app.push(scene)
    app.step([], 1 / 60)
    assert scene.standings_view
    assert "Seed: 5" in drawn_texts(app), "a local game shows its seed"
    monkeypatch.setattr(type(table.feed), "seed", property(lambda self: None))
    texts = drawn_texts(app)
    assert "Final standings" in texts and not any(text.startswith("Seed") for text in texts)
