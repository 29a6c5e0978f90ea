"""The rules' own scripts: the speed benchmark and the soak run print their numbers."""

from __future__ import annotations

import pytest

from gnoming import bench, soak


def test_bench_prints_games_per_second_and_per_cpu_second_for_4_and_7_seats(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench.main(["--seconds", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == ["4 seats", "7 seats"]
    assert all("games/s" in line and "games per CPU-second" in line for line in lines)


def test_soak_plays_checks_and_replays_games_without_problems(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert soak.main(["--games", "3", "--seed", "40"]) == 0
    out = capsys.readouterr().out
    assert "3 games (2-7 seats)" in out and " 0 problems" in out
