"""The tournament runner: paired deals, seat rotation, fractional shared wins, output."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from gnoming import tournament as T
from gnoming.rules import Action, Observation


class Recorder:
    """A random bot that notes where it sat and what deal it saw first."""

    log: list[tuple[str, int, tuple[tuple[int, ...], ...]]] = []

    def __init__(self, label: str, seed: int) -> None:
        self.name = label
        self.rng = random.Random(seed)
        self.seen_first = False

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        if not self.seen_first:
            self.seen_first = True
            piles = tuple(tuple(int(c) for c in pile) for pile in obs.discard_piles)
            Recorder.log.append((self.name, obs.seat, piles))
        return self.rng.choice(list(legal))


@pytest.fixture
def recorders(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int, tuple[tuple[int, ...], ...]]]:
    Recorder.log = []
    monkeypatch.setattr(T, "make_bot_from_spec", lambda spec, seed: Recorder(spec, seed))
    return Recorder.log


def test_seats_rotate_and_each_deal_is_replayed_in_every_rotation(
    recorders: list[tuple[str, int, tuple[tuple[int, ...], ...]]],
) -> None:
    specs = ["a", "b", "c"]
    for game in range(6):
        T.play_game(specs, seed=4, game=game)
    seats: dict[tuple[int, str], int] = {}
    deals: dict[int, set[tuple[tuple[int, ...], ...]]] = {}
    for game in range(6):
        for name, seat, piles in recorders[3 * game : 3 * game + 3]:
            seats[game, name] = seat
            deals.setdefault(game // 3, set()).add(piles)
    for game in range(6):
        assert [seats[game, n] for n in specs] == [(e + game) % 3 for e in range(3)]
    # one deal per group of three rotations, different deals between groups
    assert all(len(d) == 1 for d in deals.values())
    assert deals[0] != deals[1]
    assert T.deal_seed(4, 0) != T.deal_seed(4, 1) and T.deal_seed(4, 0) != T.deal_seed(5, 0)


def outcome(game: int, shares: list[float], rounds: list[list[int]]) -> T.GameOutcome:
    return T.GameOutcome(
        game=game,
        win_shares=shares,
        round_scores=rounds,
        totals=[sum(r) for r in rounds],
        decision_seconds=[[0.001 * (game + 1)], [0.002]],
    )


def test_shared_wins_count_fractionally_in_the_summary() -> None:
    outcomes = [
        outcome(0, [0.5, 0.5], [[1, 2, 3], [3, 2, 1]]),
        outcome(1, [1.0, 0.0], [[0, 0, 0], [5, 5, 5]]),
    ]
    result = T.summarize(["x", "y"], outcomes)
    assert [e.win_rate for e in result.entries] == [0.75, 0.25]
    assert result.entries[0].mean_round_score == 1.0
    assert result.entries[1].mean_game_score == (6 + 15) / 2
    lo, hi = result.entries[0].win_rate_ci95
    assert lo < 0.75 < hi
    assert result.decision_ms["x"]["max"] == pytest.approx(2.0)
    assert result.decision_ms["y"]["p50"] == pytest.approx(2.0)


def test_same_bot_twice_shares_one_decision_time_entry() -> None:
    outcomes = [outcome(0, [1.0, 0.0], [[1, 1, 1], [2, 2, 2]])]
    result = T.summarize(["m", "m"], outcomes)
    assert list(result.decision_ms) == ["m"] and len(result.entries) == 2


def test_tiny_real_run_wins_add_up_and_jobs_do_not_change_results() -> None:
    one = T.run(["easy", "medium", "easy"], games=6, seed=2, jobs=1)
    two = T.run(["easy", "medium", "easy"], games=6, seed=2, jobs=2)
    assert sum(e.win_rate for e in one.entries) == pytest.approx(1.0)
    assert [e.win_rate for e in one.entries] == [e.win_rate for e in two.entries]
    assert [e.mean_round_score for e in one.entries] == [e.mean_round_score for e in two.entries]
    assert all(e.games == 6 for e in one.entries)


def test_json_output_is_exactly_one_object_with_the_documented_fields(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert T.main(["--seats", "easy,easy", "--games", "2", "--seed", "1", "--json"]) == 0
    out = capsys.readouterr().out
    data = json.loads(out)
    assert set(data) == {"games", "seats", "decision_ms", "decision_cpu_ms"}
    assert data["games"] == 2
    assert [s["bot"] for s in data["seats"]] == ["easy", "easy"]
    for seat in data["seats"]:
        assert set(seat) == {"bot", "win_rate", "win_rate_ci95", "mean_round_score", "mean_game_score"}
        assert len(seat["win_rate_ci95"]) == 2
    assert set(data["decision_ms"]["easy"]) == {"p50", "p95", "max"}
    assert set(data["decision_cpu_ms"]["easy"]) == {"p50", "p95", "max"}


def test_unknown_seat_is_a_usage_error() -> None:
    with pytest.raises(SystemExit):
        T.main(["--seats", "easy,grandmaster", "--games", "1"])


def test_seats_take_parameters_in_brackets_and_the_yardstick_can_sit() -> None:
    from gnoming.ai import make_bot_from_spec
    from gnoming.ai.hard import HardBot

    assert T.split_seats('"hard(playouts=128, gate=1.5)",medium, yardstick'.replace('"', "")) == [
        "hard(playouts=128, gate=1.5)",
        "medium",
        "yardstick",
    ]
    bot = make_bot_from_spec("hard(playouts=128, gate=1.5)", 1)
    assert isinstance(bot, HardBot) and bot.playouts == 128 and bot.gate == 1.5
    assert make_bot_from_spec("yardstick(playouts=8)", 1).name == "yardstick"
    for bad in ("hard(nonsense=1)", "hard(playouts=)", "hard(1)", "medium(x=len)"):
        with pytest.raises(ValueError):
            make_bot_from_spec(bad, 1)
    with pytest.raises(SystemExit):
        T.main(["--seats", "hard(nonsense=1),easy", "--games", "1"])


def _without_times(data: dict[str, object]) -> dict[str, object]:
    return {k: v for k, v in data.items() if k not in ("decision_ms", "decision_cpu_ms")}


def test_same_seed_same_tournament_even_with_the_other_core_busy() -> None:
    """Search bots are bounded by samples, not by the clock: machine load cannot
    change a single decision. The busy loop ends by itself after 60 s at most."""
    seats = ["hard(playouts=2)", "yardstick(playouts=2)"]
    quiet = T.run(seats, games=1, seed=4).to_json()
    busy = subprocess.Popen(
        [sys.executable, "-c", "import time\nend = time.time() + 60\nwhile time.time() < end: pass"]
    )
    try:
        loaded = T.run(seats, games=1, seed=4).to_json()
    finally:
        busy.kill()
        busy.wait()
    assert _without_times(quiet) == _without_times(loaded)
    cpu_ms = quiet["decision_cpu_ms"]
    assert isinstance(cpu_ms, dict)
    assert set(cpu_ms) == set(seats)


def test_a_game_log_summarizes_to_the_same_result_as_the_run(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    log = tmp_path / "games.jsonl"
    args = ["--seats", "easy,medium", "--games", "4", "--seed", "3", "--json"]
    assert T.main([*args, "--log", str(log), "--jobs", "2"]) == 0
    ran = json.loads(capsys.readouterr().out)
    assert len(log.read_text().splitlines()) == 4
    assert T.main(["--seats", "easy,medium", "--summarize", str(log), "--json"]) == 0
    read = json.loads(capsys.readouterr().out)
    assert read == ran


def test_a_run_split_by_from_game_joins_to_the_whole_run(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    args = ["--seats", "easy,medium", "--games", "5", "--seed", "4", "--json"]
    assert T.main(args) == 0
    whole = json.loads(capsys.readouterr().out)
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert T.main([*args, "--log", str(first)]) == 0  # all five games
    capsys.readouterr()
    assert T.main([*args, "--from-game", "3", "--log", str(second)]) == 0
    part = json.loads(capsys.readouterr().out)
    assert part["games"] == 2
    assert len(second.read_text().splitlines()) == 2
    # game 3 and 4 are in both files: each counts once
    assert T.main(["--seats", "easy,medium", "--summarize", str(first), str(second), "--json"]) == 0
    joined = json.loads(capsys.readouterr().out)

    def drop_times(result: dict[str, object]) -> dict[str, object]:
        return {k: v for k, v in result.items() if not k.startswith("decision")}

    assert drop_times(joined) == drop_times(whole)


def test_from_game_outside_the_run_is_a_usage_error() -> None:
    with pytest.raises(SystemExit):
        T.main(["--seats", "easy,medium", "--games", "5", "--from-game", "5"])


def test_a_log_cut_off_mid_game_still_summarizes_and_a_missing_one_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    args = ["--seats", "easy,medium", "--games", "3", "--seed", "5", "--json"]
    assert T.main([*args, "--log", str(log)]) == 0
    ran = json.loads(capsys.readouterr().out)
    whole = log.read_bytes()
    # a run stopped while writing its fourth game, and a stray binary byte
    log.write_bytes(whole + whole.splitlines()[0][:40] + b"\n\xff\n")
    assert T.main(["--seats", "easy,medium", "--summarize", str(log), "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["games"] == ran["games"] == 3
    assert "line 4: not a whole game" in out.err and "line 5" in out.err
    with pytest.raises(SystemExit):
        T.main(["--seats", "easy,medium", "--summarize", str(tmp_path / "none.jsonl")])
    assert "cannot read the log" in capsys.readouterr().err


def test_a_summary_read_through_a_closed_pipe_is_no_traceback(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    assert T.main(["--seats", "easy,medium", "--games", "2", "--seed", "6", "--log", str(log)]) == 0
    # the reader goes away before the table is printed, as ``| head -1`` may
    reader = subprocess.Popen(
        [sys.executable, "-m", "gnoming.tournament", "--seats", "easy,medium", "--summarize", str(log)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert reader.stdout is not None and reader.stderr is not None
    reader.stdout.close()
    err = reader.stderr.read().decode()
    assert reader.wait(timeout=60) == 0
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_logs_of_different_seeds_join_as_different_games_and_other_seats_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # game g of seed 1 and game g of seed 2 are different games: joining their
    # logs used to count one and drop the other without a word
    one, two, other = tmp_path / "s1.jsonl", tmp_path / "s2.jsonl", tmp_path / "o.jsonl"
    base = ["--seats", "easy,medium", "--games", "2", "--json"]
    assert T.main([*base, "--seed", "1", "--log", str(one)]) == 0
    assert T.main([*base, "--seed", "2", "--log", str(two)]) == 0
    assert T.main(["--seats", "easy,easy", "--games", "2", "--seed", "1", "--log", str(other)]) == 0
    capsys.readouterr()
    assert T.main(["--seats", "easy,medium", "--summarize", str(one), str(two), "--json"]) == 0
    joined = json.loads(capsys.readouterr().out)
    assert joined["games"] == 4
    with pytest.raises(SystemExit):
        T.main(["--seats", "easy,medium", "--summarize", str(one), str(other)])
    assert "different seats (easy,medium and easy,easy)" in capsys.readouterr().err
    # a summary under other seats than the log's would name the wrong bots
    with pytest.raises(SystemExit):
        T.main(["--seats", "medium,easy", "--summarize", str(one)])
    assert "played with --seats easy,medium, not medium,easy" in capsys.readouterr().err
    # logs older than the record: still read, but not joined with several seeds
    old = tmp_path / "old.jsonl"
    lines = []
    for line in one.read_text().splitlines():
        data = json.loads(line)
        del data["seed"], data["seats"]
        lines.append(json.dumps(data))
    old.write_text("\n".join(lines) + "\n")
    assert T.main(["--seats", "easy,medium", "--summarize", str(old), str(one), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["games"] == 2
    with pytest.raises(SystemExit):
        T.main(["--seats", "easy,medium", "--summarize", str(old), str(one), str(two)])
    assert "cannot be told apart" in capsys.readouterr().err
    # another number of seats: a message, not a traceback
    with pytest.raises(SystemExit):
        T.main(["--seats", "easy,medium,hard", "--summarize", str(old)])
    assert "games of 2 seats, not 3" in capsys.readouterr().err
    # the seats come from the logs where they record them; else --seats is needed
    assert T.main(["--summarize", str(one), str(two), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == joined
    with pytest.raises(SystemExit):
        T.main(["--summarize", str(old)])
    assert "do not record their seats: give --seats" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        T.main(["--games", "2"])
    assert "required: --seats" in capsys.readouterr().err


def test_a_log_line_of_the_wrong_kind_is_skipped_with_a_warning_not_a_traceback(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "games.jsonl"
    assert T.main(["--seats", "easy,medium", "--games", "2", "--seed", "5", "--log", str(log)]) == 0
    capsys.readouterr()
    good = log.read_text().splitlines()
    bad = []
    for field, value in [
        ("seed", "5"),
        ("win_shares", "1"),
        ("round_scores", [[1, 2, 3]]),
        ("seats", ["easy"]),
        ("totals", [1.5, 2]),
    ]:
        data = json.loads(good[0])
        data[field] = value
        data["game"] = 7
        bad.append(json.dumps(data))
    log.write_text("\n".join(good + bad) + "\n")
    assert T.main(["--seats", "easy,medium", "--summarize", str(log), "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["games"] == 2
    assert all(f"line {n}: not a whole game" in out.err for n in range(3, 8)), out.err


def test_paired_comparison_is_measured_game_by_game_on_the_games_both_played() -> None:
    run = [
        outcome(0, [1.0, 0.0], [[1, 2, 3], [5, 5, 5]]),
        outcome(1, [0.5, 0.5], [[4, 4, 4], [4, 4, 4]]),
        outcome(2, [0.0, 1.0], [[9, 9, 9], [0, 0, 0]]),
        outcome(5, [1.0, 0.0], [[0, 0, 0], [9, 9, 9]]),  # not in the baseline
    ]
    base = [
        outcome(0, [1.0, 0.0], [[1, 2, 3], [5, 5, 5]]),  # the same game
        outcome(1, [0.0, 1.0], [[6, 6, 6], [4, 4, 4]]),
        outcome(2, [0.0, 1.0], [[9, 9, 6], [0, 0, 0]]),
        outcome(3, [0.0, 1.0], [[9, 9, 9], [0, 0, 0]]),  # not in the run
    ]
    paired = T.pair(["new", "medium"], run, base, ["old", "medium"])
    assert paired.games == 3 and paired.played_alike == 1
    new, medium = paired.entries
    assert (new.bot, new.baseline_bot) == ("new", "old")
    assert new.win_rate == pytest.approx(0.5) and new.baseline_win_rate == pytest.approx(1 / 3)
    # wins, new less old: 0, +50, 0 in a hundred
    mean, error = new.paired_wins
    assert mean == pytest.approx(50 / 3)
    assert error == pytest.approx(((2 * (50 / 3) ** 2 + (100 / 3) ** 2) / 2) ** 0.5 / 3**0.5)
    # rounds less the other seat's: game 1 0 against 2, game 2 9 against 8
    assert new.paired_rounds[0] == pytest.approx((0 - 2 + 1) / 3)
    assert medium.paired_wins[0] == pytest.approx(-50 / 3)
    assert medium.paired_rounds[0] == pytest.approx(-new.paired_rounds[0])
    text = paired.table()
    assert "on the 3 games both played; 1 played exactly alike" in text
    assert "+16.7 ± 16.7" in text
    with pytest.raises(ValueError, match="no game is in both"):
        T.pair(["new", "medium"], run[:1], base[1:2])
    lone = T.pair(["new", "medium"], run[:1], base[:1])
    assert lone.entries[0].paired_wins == (0.0, None) and "+0.0 ± -" in lone.table()


def test_a_run_paired_with_itself_from_the_command_line_differs_by_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    args = ["--seats", "easy,medium", "--games", "4", "--seed", "2"]
    assert T.main([*args, "--log", str(a)]) == 0
    assert T.main(["--seats", "medium,medium", "--games", "3", "--seed", "2", "--log", str(b)]) == 0
    capsys.readouterr()
    assert T.main(["--seats", "easy,medium", "--summarize", str(a), "--paired", str(a), "--json"]) == 0
    same = json.loads(capsys.readouterr().out)
    assert same["games"] == 4 and same["paired"]["played_alike"] == 4
    assert [s["paired_wins"][0] for s in same["paired"]["seats"]] == [0.0, 0.0]
    # the baseline may seat other bots: its names come from its log
    assert T.main(["--seats", "easy,medium", "--summarize", str(a), "--paired", str(b)]) == 0
    table = capsys.readouterr().out
    assert "on the 3 games of seed 2 both played" in table
    first = next(line for line in table.splitlines()[-5:] if line.startswith("0 "))
    assert first.split()[1:3] == ["easy", "medium"]
    with pytest.raises(SystemExit):
        T.main(["--seats", "easy,medium", "--paired", str(b)])
    assert "give both" in capsys.readouterr().err
    # another seed's games are other games, and the logs of several seeds pair
    # seed by seed
    other = tmp_path / "c.jsonl"
    assert T.main(["--seats", "easy,medium", "--games", "2", "--seed", "9", "--log", str(other)]) == 0
    capsys.readouterr()
    with pytest.raises(SystemExit):
        T.main(["--seats", "easy,medium", "--summarize", str(a), "--paired", str(other)])
    assert "no game is in both" in capsys.readouterr().err
    both = ["--summarize", str(a), str(other), "--paired", str(other), str(a), "--json"]
    assert T.main(["--seats", "easy,medium", *both]) == 0
    pooled = json.loads(capsys.readouterr().out)["paired"]
    assert pooled["games"] == pooled["played_alike"] == 6 and pooled["seeds"] == [2, 9]
    # a negative seed is a seed like any other
    negative = tmp_path / "n.jsonl"
    assert T.main(["--seats", "easy,medium", "--games", "2", "--seed", "-1", "--log", str(negative)]) == 0
    capsys.readouterr()
    assert T.main(["--summarize", str(negative), "--paired", str(negative), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["paired"]["seeds"] == [-1]


def test_a_seat_whose_parameters_fail_only_when_it_decides_is_refused_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # these make a bot, and used to fail with a traceback in the middle of the run
    log = tmp_path / "games.jsonl"
    for seats, message in [
        ("hard(playouts='x'),medium", "seat 0 (hard(playouts='x')) failed: TypeError: "),
        (
            "medium,hard(candidates=0)",
            "seat 1 (hard(candidates=0)) failed: ValueError: the default action must be one of the candidates",
        ),
        ("hard(clock=1),medium", "seat 0 (hard(clock=1)) failed: TypeError: 'int' object is not callable"),
    ]:
        with pytest.raises(SystemExit) as stop:
            T.main(["--seats", seats, "--games", "3", "--log", str(log)])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert f"error: {message}" in err and "Traceback" not in err, err
        assert not log.exists()  # refused before the run
    # the probe plays with bots of its own: the run is the same game for game
    args = ["--seats", "hard(playouts=2),medium", "--games", "1", "--seed", "7", "--json"]
    assert T.main(args) == 0
    probed = json.loads(capsys.readouterr().out)
    assert _without_times(probed) == _without_times(T.run(["hard(playouts=2)", "medium"], 1, 7).to_json())


class Tiring:
    """A random bot that fails at its 20th decision of a game (``tired``) or
    plays an action that is not legal (``cheat``)."""

    def __init__(self, label: str, seed: int) -> None:
        self.name = label
        self.rng = random.Random(seed)
        self.decisions = 0

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        self.decisions += 1
        if self.name == "tired" and self.decisions == 20:
            raise RuntimeError("too tired to play on")
        if self.name == "cheat":
            return next(a for a in (Action.parse("draw"), Action.parse("refuse")) if a not in legal)
        return self.rng.choice(list(legal))


def test_a_bot_that_fails_in_the_run_stops_it_with_a_message_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(T, "make_bot_from_spec", lambda spec, seed: Tiring(spec, seed))
    log = tmp_path / "games.jsonl"
    for seats, message in [
        ("easy,tired", "seat 1 (tired) failed: RuntimeError: too tired to play on"),
        ("cheat,easy", "seat 0 (cheat) failed: chose "),
    ]:
        with pytest.raises(SystemExit) as stop:
            T.main(["--seats", seats, "--games", "3", "--log", str(log)])
        assert stop.value.code == 2
        err = capsys.readouterr().err
        assert f"error: {message}" in err and "Traceback" not in err, err
    assert log.read_text() == ""  # no game of "tired" ended
    # the probe sees the first decisions only: "tired" passed it and failed in game 0
    assert T.PROBE_DECISIONS < 20
    with pytest.raises(T.SeatFailed, match="which is not legal now"):
        T.play_game(["easy", "cheat"], seed=1, game=0)


def test_a_bot_that_fails_in_another_process_stops_the_run_with_its_seat() -> None:
    with pytest.raises(T.SeatFailed) as failed:
        T.run(["medium", "hard(candidates=0)"], games=40, seed=1, jobs=2)
    assert (failed.value.entry, failed.value.spec) == (1, "hard(candidates=0)")
    assert str(failed.value).endswith("the default action must be one of the candidates")


def _log_of_two_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[Path, dict[str, Any]]:
    """A log of two games of easy,medium, and its first game's fields."""
    log = tmp_path / "games.jsonl"
    assert T.main(["--seats", "easy,medium", "--games", "2", "--seed", "5", "--log", str(log)]) == 0
    capsys.readouterr()
    return log, json.loads(log.read_text().splitlines()[0])


def _append(log: Path, lines: list[str]) -> None:
    log.write_text(log.read_text() + "".join(line + "\n" for line in lines))


def _summary_skips(log: Path, capsys: pytest.CaptureFixture[str], lines: range, games: int = 2) -> None:
    assert T.main(["--seats", "easy,medium", "--summarize", str(log), "--json"]) == 0
    out = capsys.readouterr()
    assert json.loads(out.out)["games"] == games
    assert all(f"line {n}: not a whole game" in out.err for n in lines), out.err
    assert out.err.count("not a whole game") == len(lines), out.err


def test_a_log_line_with_decision_times_of_the_wrong_kind_is_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    values: list[object] = [[1, 2], "ab", None, {}, [[0.1], ["x"]], [[0.1]], [[0.1], [True]]]
    log, good = _log_of_two_games(tmp_path, capsys)
    bad = []
    for field in ("decision_seconds", "decision_cpu_seconds"):
        for value in values:
            bad.append(json.dumps({**good, "game": 7, field: value}))
        bad.append(json.dumps({**good, "game": 7, field: [[0.1], [float("nan")]]}))
    # a log older than the record of CPU times is still read
    old = {k: v for k, v in good.items() if k != "decision_cpu_seconds"}
    bad += [json.dumps({**old, "game": 8}), json.dumps({**good, "game": 9, "decision_cpu_seconds": []})]
    _append(log, bad)
    _summary_skips(log, capsys, range(3, 3 + 2 * (len(values) + 1)), games=4)


def test_a_log_line_nested_too_deep_to_read_is_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, _ = _log_of_two_games(tmp_path, capsys)
    _append(log, ["[" * 200_000, "{" * 200_000])
    _summary_skips(log, capsys, range(3, 5))


def test_a_log_line_with_absurd_numbers_is_skipped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log, good = _log_of_two_games(tmp_path, capsys)
    huge = 10**4000
    bad = [
        {"totals": [huge, 0]},
        {"totals": [-(10**7), 0]},
        {"round_scores": [[huge] + good["round_scores"][0][1:], good["round_scores"][1]]},
        {"win_shares": [huge, 0]},
        {"win_shares": [float("inf"), 0.0]},
        {"win_shares": [float("nan"), 1.0]},
        {"decision_seconds": [[1e300], [0.1]]},
    ]
    _append(log, [json.dumps({**good, "game": 7, **b}) for b in bad])
    _summary_skips(log, capsys, range(3, 3 + len(bad)))
