"""The estimator's forecast for each half-built line, and scripts/line_forecast.py,
which docs/bots-log.md quotes for how well those forecasts come true."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest

from gnoming.ai.knowledge import DOWN, MULLIGAN, Estimator, Unseen


def unseen(probabilities: dict[int, float]) -> Unseen:
    table = tuple(sorted(probabilities.items()))
    return Unseen(
        {card: 1 for card in probabilities}, len(probabilities), 5.0,
        table, dict(probabilities), table, dict(probabilities),
    )


def test_each_half_built_line_gets_the_chance_its_card_comes() -> None:
    cards = [7, 7, DOWN, 5, 5, 9, 1, 2, 3]
    estimator = Estimator(unseen({MULLIGAN: 0.2, 7: 0.2, 9: 0.6}), 2.0, 1.0)
    forecasts = estimator.line_forecasts(cards)
    assert [(line, value, slot) for line, value, slot, _ in forecasts] == [
        ((0, 1, 2), 7, 2),
        ((3, 4, 5), 5, 5),
    ]
    sevens, fives = (chance for *_, chance in forecasts)
    # a 7 or half a mulligan on either of two draws, or the face-down card is a 7 already
    assert sevens == pytest.approx(1 - (1 - (1 - 0.7**2)) * (1 - 0.2))
    # no 5 is left, half a mulligan per draw, and the 9 is face up
    assert fives == pytest.approx(1 - 0.9**2)
    # a mulligan in the layout already: no more counted for the draws
    with_mulligan = [7, 7, DOWN, 5, 5, 9, 1, 2, MULLIGAN]
    assert [c for *_, c in estimator.line_forecasts(with_mulligan)][1] == 0.0
    # the potential counts those chances: only the 7s gain (a 5 there costs nothing)
    assert estimator.value(cards) < Estimator(estimator.unseen, 2.0, 0.0).value(cards)


def test_a_line_is_completed_only_if_it_ends_as_a_match_of_its_value(
    load_script: Callable[[str], ModuleType],
) -> None:
    module = load_script("line_forecast")
    draw = module.Draw(
        quickest=3, expected_turns=4.0, turn=2,
        lines=[
            module.Line((0, 1, 2), 7, 0.3),
            module.Line((3, 4, 5), 5, 0.2),
            module.Line((0, 3, 6), 7, 0.1),
        ],
    )
    final = [7, 7, MULLIGAN, 5, 5, 4, 3, 2, 1]
    module.close_round([draw], final, 6)
    assert [line.completed for line in draw.lines] == [True, False, False]
    assert draw.turns_left == 5  # draws 2..6


def test_the_script_plays_tournament_games_and_prints_its_tables(
    load_script: Callable[[str], ModuleType],
    capsys: pytest.CaptureFixture[str],
) -> None:
    module = load_script("line_forecast")
    draws = module.play(["medium", "medium"], 3, 0, 1.5, -0.5, 1.0)
    assert draws and all(d.turns_left >= 1 for d in draws)
    lines = [line for d in draws for line in d.lines]
    assert lines and all(0.0 <= line.forecast <= 1.0 for line in lines)
    summary = module.summarize(draws)
    assert sum(count for *_, count in summary.bins) == summary.lines == len(lines)
    assert sum(count for *_, count in summary.turns.values()) == summary.draws == len(draws)
    assert module.main(["--seats", "medium,medium", "--games", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert f"{len(draws)} draws of entry 0 before anyone went out" in out
    assert "Brier score" in out
