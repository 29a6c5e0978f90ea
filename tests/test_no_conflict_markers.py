"""A merge left ``<<<<<<<`` lines in docs/network.md once; nothing tracked may hold them."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MARKER = re.compile(r"^(<{7}|>{7})( |$)|^={7}$", re.MULTILINE)
TEXT = (".py", ".md", ".po", ".pot", ".toml", ".spec", ".cfg", ".txt", ".svg", ".json", ".yml", ".service")


def tracked_text_files() -> list[Path]:
    try:
        out = subprocess.run(
            ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True, timeout=30
        ).stdout
    except (OSError, subprocess.SubprocessError):
        pytest.skip("not a git checkout")
    return [ROOT / name for name in out.splitlines() if name.endswith(TEXT) or name.startswith(".ci/")]


def test_no_tracked_file_holds_merge_conflict_markers() -> None:
    found = []
    for path in tracked_text_files():
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in MARKER.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            found.append(f"{path.relative_to(ROOT)}:{line}")
    assert not found, "merge conflict markers: " + ", ".join(found)
