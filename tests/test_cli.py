"""The command line: flags, validation, the crash file, and a short headless run."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gnoming import __version__
from gnoming.cli import build_parser, main, parse_args

REPO = Path(__file__).resolve().parent.parent


def assert_no_crash_report(data_dir: Path) -> None:
    reports = sorted((data_dir / "crash").glob("*.txt")) if (data_dir / "crash").is_dir() else []
    assert not reports, reports[0].read_text(encoding="utf-8") if reports else ""


def test_version_prints_game_name_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"Gnoming A Round {__version__}"


@pytest.mark.slow
def test_version_and_help_do_not_import_pygame() -> None:
    probe = (
        "import sys\n"
        "from gnoming.cli import main\n"
        "for flag in ('--version', '--help'):\n"
        "    try:\n"
        "        main([flag])\n"
        "    except SystemExit as stop:\n"
        "        assert stop.code == 0, stop.code\n"
        "print('pygame' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip().splitlines()[-1] == "False"


@pytest.mark.slow
def test_main_py_answers_version_without_a_display() -> None:
    done = subprocess.run(
        [sys.executable, str(REPO / "main.py"), "--version"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0
    assert done.stdout.strip() == f"Gnoming A Round {__version__}"


def test_help_lists_every_public_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--help"])
    assert exit_info.value.code == 0
    text = capsys.readouterr().out
    for flag in (
        "--version",
        "--autoplay",
        "--players",
        "--seed",
        "--speed",
        "--quit-at-end",
        "--frame-stats",
        "--screenshot-dir",
        "--data-dir",
        "--lang",
        "--window",
    ):
        assert flag in text, flag
    assert "--max-frames" not in text  # a debugging flag, hidden from players


@pytest.mark.parametrize("count", ["1", "8", "0", "-3", "many"])
def test_players_outside_two_to_seven_is_refused_with_a_clear_message(
    count: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--players", count])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "--players" in error
    assert "2 to 7" in error


@pytest.mark.parametrize("count", [2, 4, 7])
def test_players_from_two_to_seven_are_accepted(count: int) -> None:
    assert parse_args(["--players", str(count)]).players == count


def test_flags_parse_into_their_values() -> None:
    args = parse_args(
        [
            "--autoplay",
            "--seed",
            "42",
            "--speed",
            "instant",
            "--quit-at-end",
            "--lang",
            "et",
            "--window",
            "1600x900",
            "--max-frames",
            "10",
        ]
    )
    assert args.autoplay and args.quit_at_end
    assert args.seed == 42
    assert args.speed == "instant"
    assert args.lang == "et"
    assert args.window == (1600, 900)
    assert args.max_frames == 10


def test_defaults_leave_choices_to_the_game() -> None:
    args = parse_args([])
    assert not args.autoplay and not args.quit_at_end
    assert args.players is None and args.seed is None and args.window is None


@pytest.mark.parametrize(
    "flags",
    [
        ["--speed", "ludicrous"],
        ["--lang", "de"],
        ["--window", "big"],
        ["--window", "100x100"],
        ["--seed", "abc"],
        ["--max-frames", "0"],
    ],
)
def test_bad_flag_values_exit_with_usage_error(flags: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(flags)
    assert exit_info.value.code == 2


def test_unexpected_error_writes_crash_file_and_one_line_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gnoming.ui import app

    def explode(args: object) -> int:
        raise RuntimeError("a gnome fell off the table")

    monkeypatch.setattr(app, "run", explode)
    code = main(["--seed", "7", "--data-dir", str(tmp_path)])

    assert code == 1
    crashes = list((tmp_path / "crash").glob("crash-*.txt"))
    assert len(crashes) == 1
    report = crashes[0].read_text(encoding="utf-8")
    assert "RuntimeError: a gnome fell off the table" in report
    assert "seed: 7" in report
    message = capsys.readouterr().err.strip()
    assert len(message.splitlines()) == 1
    assert str(crashes[0]) in message


def run_game(*flags: str) -> subprocess.CompletedProcess[str]:
    """Start the game as players do, in its own process: the window's pygame.quit()
    then cannot disturb pygame state that other tests in this process rely on."""
    return subprocess.run(
        [sys.executable, str(REPO / "main.py"), *flags],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.slow
def test_window_stops_after_max_frames_and_writes_frame_stats(tmp_path: Path) -> None:
    stats_path = tmp_path / "stats" / "frames.json"
    done = run_game(
        "--max-frames", "5", "--frame-stats", str(stats_path), "--data-dir", str(tmp_path)
    )
    assert done.returncode == 0, done.stderr
    assert_no_crash_report(tmp_path)
    stats = json.loads(stats_path.read_text(encoding="utf-8"))
    assert stats["frames"] == 5
    for key in ("frame_ms_p50", "frame_ms_p95", "frame_ms_p99", "frame_ms_max"):
        assert isinstance(stats[key], float), key
    assert stats["frame_ms_p50"] <= stats["frame_ms_p95"] <= stats["frame_ms_p99"]
    assert stats["frame_ms_p99"] <= stats["frame_ms_max"]


@pytest.mark.slow
def test_window_saves_title_screenshot_at_requested_size(tmp_path: Path) -> None:
    import pygame

    shots = tmp_path / "shots"
    done = run_game(
        "--max-frames",
        "2",
        "--window",
        "1280x720",
        "--screenshot-dir",
        str(shots),
        "--data-dir",
        str(tmp_path),
    )
    assert done.returncode == 0, done.stderr
    assert_no_crash_report(tmp_path)
    image = pygame.image.load(str(shots / "title.png"))
    assert image.get_size() == (1280, 720)


@pytest.mark.parametrize("where", ["a folder", "inside a file"])
def test_a_result_json_that_cannot_be_a_file_is_refused_before_the_game(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    path = tmp_path if where == "a folder" else tmp_path / "file" / "result.json"
    with pytest.raises(SystemExit) as exit_info:
        main(["--join", "127.0.0.1:9", "--code", "ABCD", "--autoplay", "--result-json", str(path)])
    assert exit_info.value.code == 2
    error = capsys.readouterr().err
    assert "--result-json" in error and "must be a file name" in error


def test_an_unexpected_error_of_a_seat_without_a_window_leaves_a_crash_report_not_a_traceback(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from gnoming.net import headless

    def broken(options: object) -> int:
        raise RuntimeError("a bug in the seat")

    monkeypatch.setattr(headless, "play", broken)
    code = main(["--join", "127.0.0.1:9", "--code", "ABCD", "--autoplay", "--data-dir", str(tmp_path)])
    assert code == 1
    assert "stopped after an unexpected error" in capsys.readouterr().err
    [report] = (tmp_path / "crash").glob("*.txt")
    assert "a bug in the seat" in report.read_text(encoding="utf-8")
