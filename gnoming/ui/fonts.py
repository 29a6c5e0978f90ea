"""The game's fonts: Noto Sans for Latin text, Noto Sans Devanagari for Marathi.

Fonts are opened once per (size, bold, script) and kept; opening a TTF file is
far too slow to do per frame.
"""

from __future__ import annotations

import re
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


def font_files() -> list[str]:
    """Every font file the game draws with."""
    return [font_file(bold, script) for bold, script in _FILES]


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


_DEVANAGARI = re.compile("[\u0900-\u097f\ua8e0-\ua8ff]")


def has_devanagari(text: str) -> bool:
    """Whether ``text`` contains a character of the Devanagari block (U+0900–U+097F)
    or Devanagari Extended (U+A8E0–U+A8FF).

    >>> has_devanagari("Old Beck"), has_devanagari("Old Beck विचार")
    (False, True)
    """
    return _DEVANAGARI.search(text) is not None


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


_PROBE_SIZE = 20
_NO_SUCH_CHARACTER = "\U0010fffd"
"""A character no font has: what it draws is the font's empty box."""


@cache
def _empty_box(bold: bool, script: str | None) -> tuple[object, bytes]:
    font = get_font(_PROBE_SIZE, bold, script)
    box = font.render(_NO_SUCH_CHARACTER, True, (0, 0, 0))
    return font.metrics(_NO_SUCH_CHARACTER)[0], pygame.image.tobytes(box, "RGBA")


@cache
def has_glyph(ch: str, bold: bool = False, script: str | None = None) -> bool:
    """Whether the font of this weight and script draws ``ch`` as itself rather
    than as an empty box."""
    if ch.isspace():
        return True
    font = get_font(_PROBE_SIZE, bold, script)
    metrics = font.metrics(ch)[0]
    if metrics is None:
        return False
    box_metrics, box_pixels = _empty_box(bold, script)
    if metrics != box_metrics:
        return True
    drawn = pygame.image.tobytes(font.render(ch, True, (0, 0, 0)), "RGBA")
    return drawn != box_pixels


def font_runs(text: str) -> list[tuple[str, str | None]]:
    """``text`` cut into runs, each with the script of the font that draws it.

    :func:`script_runs` first; then a character of a Devanagari run that the
    Devanagari font lacks (the "·" of a key hint, a "±") is drawn in Noto Sans.
    """
    if not has_devanagari(text):
        return [(text, None)]
    runs: list[tuple[str, str | None]] = []
    for run in script_runs(text):
        if not has_devanagari(run):
            runs.append((run, None))
            continue
        for ch in run:
            script = DEVANAGARI if has_glyph(ch, script=DEVANAGARI) else None
            if runs and runs[-1][1] == script:
                runs[-1] = (runs[-1][0] + ch, script)
            else:
                runs.append((ch, script))
    return runs


def missing_glyphs(text: str, bold: bool = False) -> str:
    """The characters of ``text`` that would be drawn as empty boxes."""
    missing = ""
    for run, script in font_runs(text):
        for ch in run:
            if not has_glyph(ch, bold, script) and ch not in missing:
                missing += ch
    return missing
