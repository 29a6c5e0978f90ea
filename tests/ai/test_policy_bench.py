"""scripts/policy_bench.py: the quick look at a playout policy that docs/bots-log.md quotes."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest


def test_keeping_the_first_decisions_turns_left_plays_far_worse_than_counting_them_each_turn(
    load_script: Callable[[str], ModuleType],
    capsys: pytest.CaptureFixture[str],
) -> None:
    """What Hard's playouts do to their own seat (the estimator of the searched
    decision to the end of the round) against a fresh estimator each turn:
    docs/bots-log.md measured +2.98 against -7.47 points a round over 1,500 deals."""
    module = load_script("policy_bench")
    fresh, fresh_se = module.run("lines", "fast", 4, 40, 20000)
    first, first_se = module.run("lines-first", "fast", 4, 40, 20000)
    assert first - fresh > 3 * (fresh_se**2 + first_se**2) ** 0.5
    assert module.main(["--policy", "lines-first", "--rounds", "4", "--seats", "2"]) == 0
    assert "lines-first against fast, 2 seats, 4 rounds" in capsys.readouterr().out


def test_the_planned_lines_policy_is_on_the_bench(
    load_script: Callable[[str], ModuleType],
    capsys: pytest.CaptureFixture[str],
) -> None:
    module = load_script("policy_bench")
    args = ["--policy", "planned-lines", "--against", "lines", "--rounds", "4", "--seats", "2"]
    assert module.main(args) == 0
    assert "planned-lines against lines, 2 seats, 4 rounds" in capsys.readouterr().out
