"""The game's fonts: Noto Sans for Latin text, Noto Sans Devanagari for Marathi.

Fonts are opened once per (size, bold, script) and kept; opening a TTF file is
far too slow to do per frame.
"""

from __future__ import annotations

from functools import cache

import pygame

from gnoming.paths import asset_path

DEVANAGARI = "Deva"
"""ISO 15924 code of the Devanagari script, as ``pygame.font.Font.set_script`` wants it."""

_FILES: dict[tuple[bool, str | None], str] = {
    (False, None): "NotoSans-Regular.ttf",
    (True, None): "NotoSans-Bold.ttf",
    (False, DEVANAGARI): "NotoSansDevanagari-Regular.ttf",
    (True, DEVANAGARI): "NotoSansDevanagari-Bold.ttf",
}


def font_file(bold: bool = False, script: str | None = None) -> str:
    """Path of the font file for this weight and script (``None`` or ``"Deva"``)."""
    try:
        name = _FILES[(bold, script)]
    except KeyError:
        raise ValueError(f"no font for script {script!r}") from None
    return str(asset_path("art", "fonts", name))


def get_font(size: int, bold: bool = False, script: str | None = None) -> pygame.font.Font:
    """The Noto font at ``size`` pixels; ``script="Deva"`` gives the Devanagari face.

    Cached per (size, bold, script), however the arguments are spelled.
    Initialises ``pygame.font`` if nobody has yet. The Devanagari font gets
    ``set_script("Deva")`` so that HarfBuzz shapes conjuncts and vowel signs.
    """
    return _open_font(int(size), bool(bold), script)


@cache
def _open_font(size: int, bold: bool, script: str | None) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    font = pygame.font.Font(font_file(bold, script), size)
    if script is not None:
        font.set_script(script)
    return font


def has_devanagari(text: str) -> bool:
    """Whether ``text`` contains a character of the Devanagari block (U+0900–U+097F)
    or Devanagari Extended (U+A8E0–U+A8FF)."""
    return any("\u0900" <= ch <= "\u097f" or "\ua8e0" <= ch <= "\ua8ff" for ch in text)


def font_for_text(text: str, size: int, bold: bool = False) -> pygame.font.Font:
    """The font for a run of ``text`` in one script (see :func:`script_runs`):
    Devanagari if the text has any, else Noto Sans."""
    return get_font(size, bold, DEVANAGARI if has_devanagari(text) else None)


def _is_devanagari(ch: str) -> bool:
    return "\u0900" <= ch <= "\u097f" or "\ua8e0" <= ch <= "\ua8ff"


def script_runs(text: str) -> list[str]:
    """``text`` cut where it changes between Devanagari and Latin letters.

    Noto Sans Devanagari has digits and punctuation but no Latin letters, so a
    Marathi sentence with a gnome's name ("Old Beck विचार करत आहे") is drawn
    run by run, each in a font that has its letters. Digits, spaces and
    punctuation stay with the run they stand in.
    """
    runs: list[str] = []
    current = ""
    current_deva: bool | None = None
    for ch in text:
        if _is_devanagari(ch):
            deva: bool | None = True
        elif ch.isalpha():
            deva = False
        else:
            deva = None  # neutral: digits, spaces, punctuation
        if deva is not None and current_deva is not None and deva != current_deva:
            runs.append(current)
            current = ""
        if deva is not None:
            current_deva = deva
        current += ch
    if current:
        runs.append(current)
    return runs
