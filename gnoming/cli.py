"""Command line of the game: parse the flags, start the window, catch what goes wrong.

Parsing stays free of pygame so that ``--version`` and ``--help`` answer at once;
the UI is imported only when the game really starts.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

from gnoming import __version__
from gnoming.paths import data_dir

GAME_NAME = "Gnoming A Round"
MIN_PLAYERS = 2
MAX_PLAYERS = 7
SPEEDS = ("slow", "normal", "fast", "instant")
LANGUAGES = ("en", "et", "fi", "mr")


def _players(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from {MIN_PLAYERS} to {MAX_PLAYERS}, not {text!r}"
        ) from None
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise argparse.ArgumentTypeError(
            f"a table seats {MIN_PLAYERS} to {MAX_PLAYERS} players, not {count}"
        )
    return count


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, not {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _window(text: str) -> tuple[int, int]:
    width, sep, height = text.lower().partition("x")
    try:
        size = (int(width), int(height))
    except ValueError:
        size = (0, 0)
    if not sep or size[0] < 320 or size[1] < 240:
        raise argparse.ArgumentTypeError(
            f"must look like 1280x720 (at least 320x240), not {text!r}"
        )
    return size


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gnoming",
        description=(
            f"{GAME_NAME}: Grandpa Beck's take on the card game Golf. "
            "Three rounds, nine cards each, lowest total wins."
        ),
    )
    parser.add_argument("--version", action="version", version=f"{GAME_NAME} {__version__}")
    game = parser.add_argument_group("the game")
    game.add_argument(
        "--players",
        type=_players,
        metavar="N",
        help=f"number of seats at the table, {MIN_PLAYERS} to {MAX_PLAYERS}",
    )
    game.add_argument(
        "--seed",
        type=int,
        metavar="S",
        help="shuffle seed (a whole number); the same seed deals the same game",
    )
    game.add_argument(
        "--speed",
        choices=SPEEDS,
        help="how fast cards and computer gnomes move (default: normal)",
    )
    game.add_argument(
        "--lang",
        choices=LANGUAGES,
        metavar="CODE",
        help="language of the table: " + ", ".join(LANGUAGES),
    )
    game.add_argument(
        "--autoplay",
        action="store_true",
        help="every seat is a computer gnome; watch a whole game play itself",
    )
    game.add_argument(
        "--quit-at-end",
        action="store_true",
        help="exit with code 0 after the game-over screen",
    )
    window = parser.add_argument_group("window and files")
    window.add_argument(
        "--window",
        type=_window,
        metavar="WxH",
        help="window size in pixels, e.g. 1280x720 (default)",
    )
    window.add_argument(
        "--data-dir",
        metavar="DIR",
        help="folder for settings, saves and crash reports "
        "(default: the per-user data folder, or GNOMING_DATA_DIR)",
    )
    window.add_argument(
        "--screenshot-dir",
        metavar="DIR",
        help="save a PNG of each screen the game shows into DIR",
    )
    window.add_argument(
        "--frame-stats",
        metavar="PATH",
        help="on exit, write JSON with the frame count and frame time p50/p95/p99/max in ms",
    )
    window.add_argument(
        "--max-frames",
        type=_positive,
        metavar="N",
        help=argparse.SUPPRESS,  # debugging and tests: stop after N frames, exit 0
    )
    return parser


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    return build_parser().parse_args(argv)


def write_crash_report(args: argparse.Namespace | None, argv: Sequence[str]) -> Path:
    """Save the current exception's traceback in ``crash/`` under the data folder."""
    override = getattr(args, "data_dir", None) if args is not None else None
    folder = data_dir(override) / "crash"
    folder.mkdir(parents=True, exist_ok=True)
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
    path = folder / f"crash-{stamp}.txt"
    lines = [
        f"{GAME_NAME} {__version__}",
        f"Python {platform.python_version()} on {platform.platform()}",
        f"frozen: {bool(getattr(sys, 'frozen', False))}",
        f"arguments: {list(argv)!r}",
        f"seed: {getattr(args, 'seed', None)}",
        "",
        traceback.format_exc(),
    ]
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


def _ensure_streams() -> None:
    # A windowed executable on Windows (and pythonw) has no stdout/stderr at all.
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115


def main(argv: Sequence[str] | None = None) -> int:
    """Run the game; returns the process exit code."""
    _ensure_streams()
    raw_argv = list(sys.argv[1:] if argv is None else argv)
    args = parse_args(raw_argv)
    try:
        from gnoming.ui import app

        return app.run(args)
    except KeyboardInterrupt:
        return 130
    except Exception:
        try:
            path = write_crash_report(args, raw_argv)
        except Exception:
            traceback.print_exc()
            print(f"{GAME_NAME} stopped after an unexpected error (see above).", file=sys.stderr)
            return 1
        print(
            f"{GAME_NAME} stopped after an unexpected error; details were saved to {path}",
            file=sys.stderr,
        )
        return 1
