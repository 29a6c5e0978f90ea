"""scripts/leaf_calibration.py: how Expert's one-turn-ahead leaf compares with
the round's end heads-up, which docs/bots-log.md quotes."""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType

import pytest


def test_the_fit_within_a_deal_recovers_a_known_relation(
    load_script: Callable[[str], ModuleType],
) -> None:
    module = load_script("leaf_calibration")
    rows = []
    for deal in range(30):
        for k in range(3):
            leaf = (deal * 7 + k * 13) % 11 - 5.0
            down = float((deal + k) % 4)
            out = 1.0 if (deal + 2 * k) % 5 == 0 else 0.0
            ending = 0.5 * leaf - 0.25 * down + 6.0 * out + deal  # a deal's own offset
            rows.append((deal, leaf, ending, down, out))
    a, b, c = module.within_deal_fit(rows, (1, 3, 4))
    assert (a, b, c) == pytest.approx((0.5, -0.25, 6.0))


def test_the_leaf_spreads_the_actions_apart_and_rates_going_out_better_than_the_ending(
    load_script: Callable[[str], ModuleType],
    capsys: pytest.CaptureFixture[str],
) -> None:
    """docs/bots-log.md measured 0.51 x leaf and +5.47 for going out on 400 positions."""
    module = load_script("leaf_calibration")
    gaps, rows = module.run(60, 6, 11000)
    a, _, c = module.within_deal_fit(rows, (1, 3, 4))
    assert 0.0 < a < 1.0
    assert c > 0.0
    own, _ = gaps[max(gaps)]
    assert sum(own) / len(own) > 0.0  # the leaf counts no improvement still to come
    assert module.main(["--positions", "60", "--deals", "6"]) == 0
    assert "within a deal: ending =" in capsys.readouterr().out
    assert module.main(["--positions", "3", "--deals", "2"]) == 1  # nobody went out: no fit
    assert "too few positions" in capsys.readouterr().out
