"""The options module: every list the player chooses from, written once, agreeing
with the rules, the computer gnomes, the translations and the command line."""

from __future__ import annotations

import pytest

from gnoming import ai, i18n, options
from gnoming.cli import build_parser, parse_args
from gnoming.rules import MAX_SEATS, MIN_SEATS, ROUNDS, TURN_LIMIT
from gnoming.rules.cards import HAZARD_POINTS


def test_every_difficulty_on_offer_can_seat_a_gnome_and_every_gnome_is_on_offer() -> None:
    assert set(options.DIFFICULTIES) == set(ai.DIFFICULTIES)
    for difficulty in options.DIFFICULTIES:
        assert ai.make_bot(difficulty, seed=1) is not None
        assert options.difficulty_label(difficulty)


def test_seat_counts_come_from_the_rules() -> None:
    assert tuple(range(MIN_SEATS, MAX_SEATS + 1)) == options.SEAT_COUNTS


def test_languages_are_the_translated_ones() -> None:
    assert tuple(i18n.LANGUAGES) == options.LANGUAGES


def test_rule_numbers_fill_translated_text_and_leave_other_placeholders() -> None:
    assert options.rule_text("Round {number} of {rounds}", number=1) == f"Round 1 of {ROUNDS}"
    assert options.rule_text("{turn_limit} turns") == f"{TURN_LIMIT} turns"
    assert options.rule_text("+{hazard_points} {later}") == f"+{HAZARD_POINTS} {{later}}"


@pytest.mark.parametrize("size", ["959x600", "960x599", "7681x900", "960x4321"])
def test_window_sizes_outside_the_supported_range_are_refused(size: str) -> None:
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(["--window", size])
    assert stop.value.code == 2


def test_the_command_line_becomes_typed_launch_options() -> None:
    launch = parse_args(["--window", "960x600", "--data-dir", "somewhere", "--lang", "fi"])
    assert isinstance(launch, options.LaunchOptions)
    assert launch.window == options.MIN_WINDOW
    assert launch.data_dir is not None and launch.data_dir.name == "somewhere"
    assert launch.lang == "fi" and launch.speed is None
