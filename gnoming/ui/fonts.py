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
    """The font that can show ``text``: Devanagari if the text has any, else Noto Sans.

    Noto Sans Devanagari also carries Latin letters and digits, so a mixed
    Marathi string with numbers renders in one piece.
    """
    return get_font(size, bold, DEVANAGARI if has_devanagari(text) else None)
