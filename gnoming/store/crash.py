"""Crash reports: what went wrong, written where a player can find it and send it.

``crash/crash-<timestamp>.txt`` in the data folder holds the traceback, the
game's version, the platform, the Python version and, when the game knows it,
the game record as JSON (replaying it reproduces the game up to the crash). When
the data folder cannot hold a report, it goes to the system's temporary folder,
and when that fails too, to standard error.
"""

from __future__ import annotations

import contextlib
import datetime
import platform
import sys
import tempfile
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path

import gnoming

CRASH_FOLDER = "crash"


def crash_report_text(
    exc: BaseException, record_json: str | None = None, facts: Sequence[str] = ()
) -> str:
    """The text of a crash report (never raises); ``facts`` are more lines for its
    head, such as the command line."""
    lines = ["Gnoming A Round crash report"]
    known: tuple[tuple[str, Callable[[], str]], ...] = (
        ("game version", lambda: str(gnoming.__version__)),
        ("time", lambda: datetime.datetime.now(datetime.UTC).isoformat()),
        ("platform", platform.platform),
        ("python", lambda: f"{platform.python_version()} ({sys.executable})"),
        ("frozen", lambda: str(bool(getattr(sys, "frozen", False)))),
    )
    for label, fetch in known:
        try:
            value = fetch()
        except Exception as error:  # the report must still be written
            value = f"unknown ({type(error).__name__})"
        lines.append(f"{label}: {value}")
    lines.extend(facts)
    lines.append("")
    try:
        lines.append("".join(traceback.format_exception(exc)).rstrip())
    except Exception:
        lines.append(f"{type(exc).__name__} (the traceback could not be formatted)")
    lines.append("")
    lines.append("game record:")
    lines.append(record_json if record_json is not None else "(none)")
    return "\n".join(lines) + "\n"


def write_crash_report(
    folder: Path, exc: BaseException, record_json: str | None = None, facts: Sequence[str] = ()
) -> Path | None:
    """Write a crash report under ``folder/crash/``; when that folder cannot hold
    it (no permission, a path too long, a full disk), under the system's temporary
    folder instead; when neither can, on standard error. Returns the report's
    path, or None when no file could be written. Never raises: a crash reporter
    that crashes is worse than none."""
    text = crash_report_text(exc, record_json, facts)
    for place in _report_folders(folder):
        path = _write_report(place, text)
        if path is not None:
            return path
    with contextlib.suppress(Exception):
        if sys.stderr is not None:
            sys.stderr.write(text)
            sys.stderr.flush()
    return None


TEMP_CRASH_FOLDER = "GnomingARound-crash"


def _report_folders(folder: Path) -> list[Path]:
    places = []
    with contextlib.suppress(Exception):
        places.append(Path(folder) / CRASH_FOLDER)
    with contextlib.suppress(Exception):
        places.append(Path(tempfile.gettempdir()) / TEMP_CRASH_FOLDER)
    return places


def _write_report(crash_folder: Path, text: str) -> Path | None:
    """The report in a new file in ``crash_folder``; None when that failed."""
    try:
        crash_folder.mkdir(parents=True, exist_ok=True)
        stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S-%f")
        for attempt in range(1, 100):
            suffix = "" if attempt == 1 else f"-{attempt}"
            path = crash_folder / f"crash-{stamp}{suffix}.txt"
            try:
                with open(path, "x", encoding="utf-8", errors="replace") as handle:
                    handle.write(text)
            except FileExistsError:
                continue
            return path
    except Exception:
        pass
    return None
