"""Command line of the game: parse the flags, start the window, catch what goes wrong.

Parsing stays free of pygame so that ``--version`` and ``--help`` answer at once;
the UI is imported only when the game really starts.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from gnoming import __version__
from gnoming.net.address import address_flag, code_flag, port_flag
from gnoming.options import (
    DIFFICULTIES,
    LANGUAGES,
    MAX_SEATS,
    MIN_SEATS,
    SPEEDS,
    Language,
    LaunchOptions,
    Speed,
    window_size_error,
)
from gnoming.paths import data_dir

GAME_NAME = "Gnoming A Round"


def _gnome_count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= count <= MAX_SEATS - 1:
        raise argparse.ArgumentTypeError(f"a table has 0 to {MAX_SEATS - 1} gnomes, not {count}")
    return count


def _players(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be a whole number from {MIN_SEATS} to {MAX_SEATS}, not {text!r}"
        ) from None
    if not MIN_SEATS <= count <= MAX_SEATS:
        raise argparse.ArgumentTypeError(
            f"a table seats {MIN_SEATS} to {MAX_SEATS} players, not {count}"
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
        raise argparse.ArgumentTypeError(f"must look like 1280x720, not {text!r}") from None
    problem = window_size_error(size) if sep else "like 1280x720"
    if problem is not None:
        raise argparse.ArgumentTypeError(f"must be {problem}, not {text!r}")
    return size


def _user_path(text: str) -> Path:
    """A path from the command line: not empty, ``~`` expanded (a shell does not
    expand it in ``--flag=~/games``)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("must not be empty")
    if "\0" in text:
        raise argparse.ArgumentTypeError("must not hold a NUL character")
    return Path(os.path.expanduser(text))


def _nearest_existing(path: Path) -> Path | None:
    """``path`` or the nearest of its parents that exists (None if none does or the
    system will not say)."""
    try:
        for candidate in (path, *path.parents):
            if candidate.exists():
                return candidate
    except (OSError, ValueError):
        return None
    return None


def _folder(text: str) -> Path:
    """A folder the game may create (``--screenshot-dir``): refused up front when a
    file is in the way, rather than failing at the first screenshot."""
    path = _user_path(text)
    existing = _nearest_existing(path)
    if existing is not None and not existing.is_dir():
        where = "is a file" if existing == path else f"is inside {str(existing)!r}, a file"
        raise argparse.ArgumentTypeError(f"must be a folder, but {text!r} {where}")
    return path


def _file(text: str) -> Path:
    """A file the game will write (``--frame-stats``, ``--result-json``): not a
    folder, and not inside a file."""
    path = _user_path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"must be a file name, but {text!r} is a folder")
    existing = _nearest_existing(path.parent)
    if existing is not None and not existing.is_dir():
        raise argparse.ArgumentTypeError(f"must be a file name, but {str(existing)!r} is a file")
    return path


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
        help=f"number of seats at the table, {MIN_SEATS} to {MAX_SEATS}",
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
        help="language for this run (Settings chooses the saved one): " + ", ".join(LANGUAGES),
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
        help="window size in pixels for this run, e.g. 1280x720 (default: the size the window was last left at)",
    )
    window.add_argument(
        "--data-dir",
        type=_user_path,
        metavar="DIR",
        help="folder for settings, saves and crash reports "
        "(default: the per-user data folder, or GNOMING_DATA_DIR)",
    )
    window.add_argument(
        "--screenshot-dir",
        type=_folder,
        metavar="DIR",
        help="save a PNG of each screen the game shows into DIR",
    )
    window.add_argument(
        "--frame-stats",
        type=_file,
        metavar="PATH",
        help="on exit, write JSON with the frame count and frame time p50/p95/p99/max in ms",
    )
    window.add_argument(
        "--max-frames",
        type=_positive,
        metavar="N",
        help=argparse.SUPPRESS,  # debugging and tests: stop after N frames, exit 0
    )
    friends = parser.add_argument_group("playing with friends over the network")
    friends.add_argument(
        "--join",
        type=address_flag,
        metavar="ADDRESS",
        help="join a friend's table at ADDRESS (host or host:port) with --code",
    )
    friends.add_argument(
        "--code",
        type=code_flag,
        metavar="CODE",
        help="the join code of the table (4 to 8 letters and digits)",
    )
    friends.add_argument(
        "--host",
        type=port_flag,
        metavar="PORT",
        help="host a table for --players N (you and N-1 friends) on PORT (0: any free port)",
    )
    friends.add_argument(
        "--bind",
        metavar="ADDRESS",
        default="0.0.0.0",
        help="with --host: the address to listen on (default 0.0.0.0, every network; "
        "127.0.0.1 for this computer only)",
    )
    friends.add_argument(
        "--gnomes",
        type=_gnome_count,
        default=0,
        metavar="G",
        help="with --host: G of the --players seats are gnomes the table plays itself (default 0)",
    )
    friends.add_argument(
        "--gnome-level",
        choices=list(DIFFICULTIES),
        default="medium",
        help="with --host: how well the table's gnomes play, also for a friend away too long "
        "(default medium)",
    )
    friends.add_argument(
        "--result-json",
        metavar="PATH",
        type=_file,
        help="with --join: write the final result this seat saw as JSON",
    )
    return parser



def network_flags_error(args: argparse.Namespace) -> str | None:
    """Why the network flags do not go together, or None."""
    if args.join is not None and args.host is not None:
        return "--join and --host: join a table or host one, not both"
    if args.join is not None and args.code is None:
        return "--join needs the table's --code"
    if args.code is not None and args.join is None and args.host is None:
        return "--code goes with --join or --host"
    if args.result_json is not None and args.join is None and args.host is None:
        return "--result-json needs --join or --host"
    if args.gnomes and args.host is None:
        return "--gnomes goes with --host"
    if args.host is not None and args.gnomes >= (args.players or 2):
        return f"--gnomes {args.gnomes} leaves no seat for you at a table of {args.players or 2}"
    if (args.join is not None or args.host is not None) and not args.autoplay:
        return "playing over the network from the window is not ready yet: add --autoplay to let a gnome play your seat"
    return None


def launch_options(args: argparse.Namespace) -> LaunchOptions:
    """The parsed flags as a typed value; argparse has checked every one of them."""

    def path(value: Path | str | None) -> Path | None:
        return None if value is None else Path(value)

    speed: Speed | None = args.speed
    lang: Language | None = args.lang
    return LaunchOptions(
        players=args.players,
        seed=args.seed,
        speed=speed,
        lang=lang,
        autoplay=bool(args.autoplay),
        quit_at_end=bool(args.quit_at_end),
        window=args.window,
        data_dir=path(args.data_dir),
        screenshot_dir=path(args.screenshot_dir),
        frame_stats=path(args.frame_stats),
        max_frames=args.max_frames,
        join=args.join,
        code=args.code,
        host_port=args.host,
        bind=args.bind,
        result_json=path(args.result_json),
        gnomes=args.gnomes,
        gnome_level=args.gnome_level,
    )


def parse_args(argv: Sequence[str] | None = None) -> LaunchOptions:
    """The command line as :class:`LaunchOptions` (exits with a usage message when a
    flag is wrong)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    problem = network_flags_error(args)
    if problem is not None:
        parser.error(problem)
    return launch_options(args)


def write_crash_report(options: LaunchOptions | None, argv: Sequence[str]) -> Path | None:
    """Save the current exception's report in ``crash/`` under the data folder (or,
    when that folder cannot take it, the temporary folder, or standard error).
    Never raises; None when no file could be written."""
    from gnoming.store.crash import write_crash_report as write_report

    error = sys.exc_info()[1] or RuntimeError("no exception")
    try:
        folder = data_dir(options.data_dir if options is not None else None)
    except Exception:
        folder = Path(".")
    facts = (
        f"arguments: {list(argv)!r}",
        f"seed: {options.seed if options is not None else None}",
    )
    return write_report(folder, error, None, facts=facts)


def _ensure_streams() -> None:
    # A windowed executable on Windows (and pythonw) has no stdout/stderr at all.
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w")  # noqa: SIM115
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115


def _join_headless(options: LaunchOptions) -> int:
    """``--join ... --autoplay``: a gnome plays this seat at a friend's table, no window."""
    from gnoming.net.headless import HeadlessOptions, play

    assert options.join is not None and options.code is not None
    return play(
        HeadlessOptions(
            address=options.join,
            code=options.code,
            data_dir=data_dir(options.data_dir),
            result_json=options.result_json,
        )
    )


def _host_headless(options: LaunchOptions) -> int:
    """``--host PORT --players N --autoplay``: host a table, a gnome plays this seat."""
    from gnoming.net.host import HostOptions, host

    assert options.host_port is not None
    return host(
        HostOptions(
            port=options.host_port,
            players=options.players or 2,
            bind=options.bind,
            code=options.code,
            seed=options.seed,
            gnomes=options.gnomes,
            level=options.gnome_level,
            data_dir=data_dir(options.data_dir),
            result_json=options.result_json,
        )
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the game; returns the process exit code."""
    _ensure_streams()
    raw_argv = list(sys.argv[1:] if argv is None else argv)
    options = parse_args(raw_argv)
    try:
        if options.join is not None:
            return _join_headless(options)
        if options.host_port is not None:
            return _host_headless(options)
        from gnoming.ui import app

        return app.run(options)
    except KeyboardInterrupt:
        return 130
    except Exception:
        path = write_crash_report(options, raw_argv)
        if path is None:
            print(f"{GAME_NAME} stopped after an unexpected error (see above).", file=sys.stderr)
        else:
            print(
                f"{GAME_NAME} stopped after an unexpected error; details were saved to {path}",
                file=sys.stderr,
            )
        return 1
