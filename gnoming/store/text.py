"""Text read from disk that the game will draw, made safe once, where it is read.

A font cannot draw a NUL, and UTF-8 cannot hold a lone surrogate (JSON's
``"\\ud800"`` decodes to one), so a name holding either would pass the loaders
and crash every frame that draws it. Past the loaders, every name is clean.
"""

from __future__ import annotations

import os
import unicodedata

MAX_NAME_LENGTH = 24
"""The longest seat name the table draws."""

_DROPPED = {"Cc", "Cs", "Co", "Cn"}
"""Control characters, lone surrogates, private-use and unassigned code points:
nothing a font draws as a letter."""


def clean_text(text: str, limit: int) -> str:
    """``text`` without characters a font cannot draw, its runs of white space
    made single spaces, cut to ``limit`` characters.

    >>> clean_text("Pip\\x00 \\ud800 Moss\\tbottom", 24)
    'Pip Moss bottom'
    """
    kept = []
    for ch in text:
        if ch.isspace():
            kept.append(" ")
        elif unicodedata.category(ch) not in _DROPPED:
            kept.append(ch)
    return " ".join("".join(kept).split())[:limit].rstrip()


def clean_name(value: object, limit: int = MAX_NAME_LENGTH) -> str | None:
    """A seat name that can be drawn, or None when ``value`` is not text or has
    nothing drawable in it."""
    if not isinstance(value, str):
        return None
    return clean_text(value[: limit * 8], limit) or None


def shown_path(path: str | os.PathLike[str], limit: int = 80) -> str:
    """A path as a player may read it in a message: drawable, and at most
    ``limit`` characters (the middle is left out of a long one)."""
    text = os.fspath(path)
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if len(text) > limit:
        half = (limit - 1) // 2
        text = text[:half] + "…" + text[len(text) - (limit - 1 - half) :]
    return "".join("?" if unicodedata.category(ch) in {"Cc", "Cs"} else ch for ch in text)
