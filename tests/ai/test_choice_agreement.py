"""scripts/choice_agreement.py: how often gnomes choose alike on the same
positions, which docs/bots-log.md quotes."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest


def test_the_planner_never_leaves_itself_and_a_search_on_few_deals_does_by_its_seed(
    load_script: Callable[[str], ModuleType],
) -> None:
    module = load_script("choice_agreement")
    counts = module.tally(["hard(candidates=1)", "hard(playouts=4)"], 60, 2, 2)
    n = counts["n"]
    assert n > 20
    # the planner alone is its own favourite, whatever its seed
    assert counts["hard(candidates=1) left"] == counts["hard(candidates=1)' left"] == 0
    assert counts["hard(candidates=1) seeds differ"] == 0
    # a search on four deals leaves it, and where it does its seed matters
    left = counts["hard(playouts=4) left"]
    assert 0 < left < n
    assert counts["hard(playouts=4) left alike"] <= min(left, counts["hard(playouts=4)' left"])
    assert counts["hard(playouts=4) seeds differ"] > 0
    # the two bots differ exactly where the search (its first seed) leaves the planner
    assert counts["first two differ"] == left


def test_main_prints_the_table_and_refuses_a_bad_seat(
    load_script: Callable[[str], ModuleType], capsys: pytest.CaptureFixture[str]
) -> None:
    module = load_script("choice_agreement")
    assert (
        module.main(["--bots", "medium,hard(playouts=2)", "--positions", "30", "--seed", "3"]) == 0
    )
    out = capsys.readouterr().out
    assert "own-turn decisions with a choice" in out
    assert "medium and hard(playouts=2) differ:" in out
    assert module.main(["--bots", "nope", "--positions", "5"]) == 2
    assert "choice_agreement:" in capsys.readouterr().err
