"""Small widgets shared by the scenes: cached text, buttons and keyboard-driven menus."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from gnoming.ui import drawlog, theme
from gnoming.ui.fonts import font_for_text, font_runs, get_font, has_devanagari

Colour = tuple[int, int, int]

OVERFLOWS: list[tuple[str, int, int]] | None = None
"""Set to a list (tests do) to collect ``(text, width, room)`` for every text
drawn wider than its ``max_width``, taller than its paragraph box, or out of
the surface."""

_TEXT_CACHE: dict[tuple[str, int, bool, Colour], pygame.Surface] = {}
_TEXT_CACHE_LIMIT = 2000


def render_text(
    text: str, size: int, colour: Colour = theme.INK, bold: bool = False
) -> pygame.Surface:
    """``text`` rendered anti-aliased in the right font (Devanagari when needed); cached."""
    key = (text, size, bold, colour)
    surface = _TEXT_CACHE.get(key)
    if surface is None:
        if len(_TEXT_CACHE) > _TEXT_CACHE_LIMIT:
            _TEXT_CACHE.clear()
        surface = _render_runs(text, size, colour, bold)
        _TEXT_CACHE[key] = surface
    return surface


def _render_runs(text: str, size: int, colour: Colour, bold: bool) -> pygame.Surface:
    pieces = font_runs(text)
    if len(pieces) == 1:
        return get_font(size, bold, pieces[0][1]).render(text, True, colour)
    return join_runs([(get_font(size, bold, script), run) for run, script in pieces], colour)


def join_runs(runs: Sequence[tuple[pygame.font.Font, str]], colour: Colour) -> pygame.Surface:
    """Runs of text, each drawn in its own font, side by side on one baseline."""
    parts = [font.render(run, True, colour) for font, run in runs]
    ascent = max(font.get_ascent() for font, _run in runs)
    tops = [ascent - font.get_ascent() for font, _run in runs]
    height = max(top + part.get_height() for top, part in zip(tops, parts, strict=True))
    surface = pygame.Surface((sum(p.get_width() for p in parts), height), pygame.SRCALPHA)
    x = 0
    for top, part in zip(tops, parts, strict=True):
        surface.blit(part, (x, top))
        x += part.get_width()
    return surface


def clear_text_cache() -> None:
    _TEXT_CACHE.clear()


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> int:
    """Width in pixels of ``text`` drawn at ``size``. Remembered: a frame measures
    the same texts again and again (fitting, ellipsizing), and the fonts never change."""
    if has_devanagari(text):
        return sum(get_font(size, bold, script).size(run)[0] for run, script in font_runs(text))
    return font_for_text(text, size, bold).size(text)[0]


def fit_size(text: str, size: int, max_width: int, bold: bool = False, minimum: int = 10) -> int:
    """The largest font size up to ``size`` at which ``text`` fits in ``max_width``."""
    while size > minimum and text_width(text, size, bold) > max_width:
        size -= 1
    return size


def ellipsize(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text`` cut short with an ellipsis so that it fits ``max_width``."""
    if text_width(text, size, bold) <= max_width:
        return text
    while text and text_width(text + "…", size, bold) > max_width:
        text = text[:-1]
    return text.rstrip() + "…"


def draw_text(
    surface: pygame.Surface,
    text: str,
    position: tuple[int, int],
    size: int,
    colour: Colour = theme.INK,
    *,
    bold: bool = False,
    anchor: str = "center",
    max_width: int | None = None,
    shadow: Colour | None = None,
) -> pygame.Rect:
    """Draw ``text`` with its ``anchor`` point (a pygame.Rect attribute name) at
    ``position``, shrinking the font to fit ``max_width``; returns the rect used."""
    if max_width is not None:
        size = fit_size(text, size, max_width, bold)
    rendered = render_text(text, size, colour, bold)
    rect = rendered.get_rect(**{anchor: position})
    if OVERFLOWS is not None:
        if max_width is not None and rect.width > max_width:
            OVERFLOWS.append((text, rect.width, max_width))
        elif not surface.get_rect().contains(rect):
            OVERFLOWS.append((text, rect.right, surface.get_width()))
    if shadow is not None:
        surface.blit(render_text(text, size, shadow, bold), rect.move(2, 2))
    surface.blit(rendered, rect)
    if drawlog.RECORD is not None and text.strip():
        ink = rendered.get_bounding_rect().move(rect.topleft)
        drawlog.record(drawlog.BoxKind.TEXT, ink, text, size, bold)
    return rect


def draw_text_in(
    surface: pygame.Surface,
    text: str,
    box: pygame.Rect,
    size: int,
    colour: Colour = theme.INK,
    *,
    bold: bool = False,
    align: str = "left",
    minimum: int = 10,
) -> pygame.Rect:
    """Draw ``text`` with its inked pixels inside ``box``: the font shrinks until
    the ink fits the box's width and height (tall Devanagari vowel signs too), and
    the ink is centred in the box's height; ``align`` is left, center or right."""
    while size > minimum:
        ink = render_text(text, size, colour, bold).get_bounding_rect()
        if text_width(text, size, bold) <= box.width and ink.height <= box.height:
            break
        size -= 1
    ink = render_text(text, size, colour, bold).get_bounding_rect()
    top = box.centery - ink.height // 2 - ink.y
    if align == "center":
        return draw_text(
            surface,
            text,
            (box.centerx, top),
            size,
            colour,
            bold=bold,
            anchor="midtop",
            max_width=box.width,
        )
    if align == "right":
        return draw_text(
            surface,
            text,
            (box.right, top),
            size,
            colour,
            bold=bold,
            anchor="topright",
            max_width=box.width,
        )
    return draw_text(
        surface,
        text,
        (box.left, top),
        size,
        colour,
        bold=bold,
        anchor="topleft",
        max_width=box.width,
    )


def _split_long_word(word: str, size: int, max_width: int, bold: bool) -> list[str]:
    """A word wider than ``max_width`` (a file path, say) cut into pieces that fit."""
    pieces: list[str] = []
    piece = ""
    for ch in word:
        if piece and text_width(piece + ch, size, bold) > max_width:
            pieces.append(piece)
            piece = ch
        else:
            piece += ch
    pieces.append(piece)
    return pieces


def wrap_text(text: str, size: int, max_width: int, bold: bool = False) -> list[str]:
    """Split ``text`` into lines no wider than ``max_width``.

    Words are kept whole unless a single word is wider than the line (a long
    file path): that one is cut where it must be.
    """
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            if text_width(word, size, bold) > max_width:
                pieces = _split_long_word(word, size, max_width, bold)
                if line:
                    lines.append(line)
                lines.extend(pieces[:-1])
                line = pieces[-1]
                continue
            candidate = f"{line} {word}" if line else word
            if line and text_width(candidate, size, bold) > max_width:
                lines.append(line)
                line = word
            else:
                line = candidate
        lines.append(line)
    return lines


def draw_paragraph(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    size: int,
    colour: Colour = theme.INK,
    *,
    bold: bool = False,
    line_gap: float = 1.25,
    minimum: int = 11,
) -> pygame.Rect:
    """Wrap ``text`` into ``rect``, shrinking the font until all lines fit in its
    height (down to ``minimum``); returns the rect actually covered. Devanagari
    lines are spaced wider: vowel signs reach above and below the letters."""
    if has_devanagari(text):
        line_gap = max(line_gap, 1.5)
    lines = wrap_text(text, size, rect.width, bold)
    while size > minimum and len(lines) * round(size * line_gap) > rect.height:
        size -= 1
        lines = wrap_text(text, size, rect.width, bold)
    step = round(size * line_gap)
    if OVERFLOWS is not None and len(lines) * step > rect.height + step - size:
        OVERFLOWS.append((text, len(lines) * step, rect.height))
    covered = pygame.Rect(rect.x, rect.y, 0, 0)
    y = rect.y
    for line in lines:
        if line:
            drawn = draw_text(surface, line, (rect.x, y), size, colour, bold=bold, anchor="topleft")
            covered.union_ip(drawn)
        y += step
    return covered


@dataclass
class Button:
    """A clickable, focusable panel with a label."""

    label: Callable[[], str]
    """Called at draw time, so the label follows the current language."""
    action: Callable[[], None]
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    enabled: bool = True

    def draw(self, surface: pygame.Surface, hover: bool, focus: bool, size: int) -> None:
        inner = theme.draw_panel(surface, self.rect, hover=hover and self.enabled)
        colour = theme.INK if self.enabled else theme.STONE
        draw_text(
            surface, self.label(), inner.center, size, colour, bold=True, max_width=inner.width - 4
        )
        if focus:
            theme.glow(surface, self.rect, theme.GLOW_LEGAL, 4)
            draw_focus_marks(surface, self.rect)


def draw_focus_marks(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """Two small pointers left and right of ``rect``: the keyboard focus is shown
    by shape as well as by the glow's colour."""
    r = pygame.Rect(rect)
    s = max(5, min(12, r.height // 4))
    y = r.centery
    left = [(r.left - 3 * s // 2 - 4, y - s), (r.left - 4, y), (r.left - 3 * s // 2 - 4, y + s)]
    right = [(r.right + 3 * s // 2 + 4, y - s), (r.right + 4, y), (r.right + 3 * s // 2 + 4, y + s)]
    for points in (left, right):
        pygame.draw.polygon(surface, theme.GLOW_LEGAL, points)
        pygame.draw.polygon(surface, theme.WOOD_DARK, points, 1)


class Menu:
    """A column (or row) of buttons driven by mouse or keyboard.

    Up/Down (or Left/Right, Tab) move the focus, Enter/Space press the focused
    button, the mouse hovers and clicks. The focus is always visible.
    """

    def __init__(self, buttons: list[Button]) -> None:
        self.buttons = buttons
        self.focus = 0
        self.hover: int | None = None
        self.text_size = 24

    def layout_column(self, centre_x: int, top: int, width: int, height: int, gap: int) -> None:
        for index, button in enumerate(self.buttons):
            button.rect = pygame.Rect(0, 0, width, height)
            button.rect.midtop = (centre_x, top + index * (height + gap))
        self.text_size = max(14, int(height * 0.42))

    def place(self, rects: Sequence[pygame.Rect], text_size: int) -> None:
        """Put the buttons in ``rects`` (from a scene's layout function), in order."""
        for button, rect in zip(self.buttons, rects, strict=True):
            button.rect = pygame.Rect(rect)
        self.text_size = text_size

    def layout_row(self, centre_x: int, top: int, width: int, height: int, gap: int) -> None:
        total = len(self.buttons) * width + (len(self.buttons) - 1) * gap
        left = centre_x - total // 2
        for index, button in enumerate(self.buttons):
            button.rect = pygame.Rect(left + index * (width + gap), top, width, height)
        self.text_size = max(14, int(height * 0.42))

    def _move(self, step: int) -> None:
        if not self.buttons:
            return
        for _ in range(len(self.buttons)):
            self.focus = (self.focus + step) % len(self.buttons)
            if self.buttons[self.focus].enabled:
                return

    def handle(self, event: pygame.event.Event) -> bool:
        """Returns True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._at(event.pos)
            if self.hover is not None:
                self.focus = self.hover
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self._at(event.pos)
            if index is not None and self.buttons[index].enabled:
                self.focus = index
                self.buttons[index].action()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_RIGHT) or (
                event.key == pygame.K_TAB and not event.mod & pygame.KMOD_SHIFT
            ):
                self._move(1)
                return True
            if event.key in (pygame.K_UP, pygame.K_LEFT, pygame.K_TAB):
                self._move(-1)
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.buttons and self.buttons[self.focus].enabled:
                    self.buttons[self.focus].action()
                return True
        return False

    def _at(self, position: tuple[int, int]) -> int | None:
        for index, button in enumerate(self.buttons):
            if button.rect.collidepoint(position):
                return index
        return None

    def draw(self, surface: pygame.Surface) -> None:
        for index, button in enumerate(self.buttons):
            button.draw(surface, index == self.hover, index == self.focus, self.text_size)
