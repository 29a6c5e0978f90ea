"""Card faces, the card back and gnome portraits as pygame surfaces, cached per size.

The SVGs in ``art/cards/`` hold the frame and motif of each card; the numbers
are drawn here in Noto Sans Bold on top (pygame's SVG loader draws no text, and
a hinted font stays readable at the 30x42 pixels of a 7-player grid). Below
:data:`SMALL_WIDTH` the corner indices are left out and the centre number
takes almost the whole card.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from gnoming.paths import asset_path
from gnoming.rules.cards import HAZARD_POINTS
from gnoming.ui import theme
from gnoming.ui.fonts import get_font

Size = tuple[int, int]

TOKENS: tuple[str, ...] = (
    *(str(v) for v in range(1, 13)),
    *(str(-v) for v in range(1, 6)),
    "M",
    "H",
)
"""Every card token, as the rules engine's ``str(card)`` writes it."""

SMALL_WIDTH = 80
"""Below this width a face shows only its big centre number (no corner indices)."""

PORTRAIT_COUNT = 8

NEGATIVE_ROOM = 0.72
"""How much of a small negative card's width its number may take: the dashed
border of art/make_cards.py runs 22/250 of the width in from each side."""
DASHED_BORDER_INSET = 25 / 250
"""The inside edge of a negative card's dashed border (its line is 3 wide at 22)."""
FRAME_INSET = 15 / 250
"""The inside edge of a positive card's thin frame line (13, 2 wide)."""


def card_file(token: str) -> Path:
    """The SVG file of a card token (``"7"``, ``"-2"``, ``"M"``, ``"H"``)."""
    if token == "M":
        name = "mulligan"
    elif token == "H":
        name = "hazard"
    elif token in TOKENS and token.startswith("-"):
        name = f"n{token[1:]}"
    elif token in TOKENS:
        name = f"p{token}"
    else:
        raise ValueError(f"unknown card token {token!r}")
    return asset_path("art", "cards", f"{name}.svg")


def portrait_file(index: int) -> Path:
    """The SVG file of gnome portrait ``index`` (0-based; wraps round the 8 portraits)."""
    return asset_path("art", "gnomes", f"gnome{index % PORTRAIT_COUNT + 1}.svg")


def art_files() -> list[Path]:
    """Every drawing the table needs: the cards, their back, the gnome portraits."""
    cards = [card_file(token) for token in TOKENS]
    portraits = [portrait_file(index) for index in range(PORTRAIT_COUNT)]
    return [*cards, asset_path("art", "cards", "back.svg"), *portraits]


def load_svg(path: Path, size: Size) -> pygame.Surface:
    """An SVG drawn at exactly ``size`` pixels.

    nanosvg keeps the drawing's aspect ratio and may round one side up by a
    pixel (a 250x350 card at 300x420 comes out 300x421); such a result is
    smooth-scaled to the asked size.
    """
    key = (str(path), size)
    drawn = _SVG_CACHE.get(key)
    if drawn is None:
        drawn = pygame.image.load_sized_svg(str(path), size)
        if drawn.get_size() != size:
            drawn = pygame.transform.smoothscale(drawn, size)
        if len(_SVG_CACHE) >= _SVG_CACHE_LIMIT:
            _SVG_CACHE.pop(next(iter(_SVG_CACHE)))
        _SVG_CACHE[key] = drawn
    return drawn.copy()


_SVG_CACHE: dict[tuple[str, Size], pygame.Surface] = {}
"""Drawings already made, by file and size: drawing an SVG takes about a millisecond,
and every App (a new game window, a test) asks for the same cards again."""
_SVG_CACHE_LIMIT = 512


def _finish(surface: pygame.Surface) -> pygame.Surface:
    if pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def _ink(
    font: pygame.font.Font,
    text: str,
    colour: theme.Colour,
    outline: theme.Colour | None = None,
    thickness: int = 1,
) -> pygame.Surface:
    """``text`` cropped to its inked pixels, optionally with an outline round it."""
    fill = font.render(text, True, colour)
    if outline is None:
        return fill.subsurface(fill.get_bounding_rect()).copy()
    edge = font.render(text, True, outline)
    t = thickness
    out = pygame.Surface((fill.get_width() + 2 * t, fill.get_height() + 2 * t), pygame.SRCALPHA)
    for dx in range(-t, t + 1):
        for dy in range(-t, t + 1):
            if dx * dx + dy * dy <= t * t + 1 and (dx or dy):
                out.blit(edge, (t + dx, t + dy))
    out.blit(fill, (t, t))
    return out.subsurface(out.get_bounding_rect()).copy()


def _number(
    font: pygame.font.Font,
    text: str,
    colour: theme.Colour,
    outline: theme.Colour | None = None,
    thickness: int = 1,
) -> pygame.Surface:
    """A card number set tight: glyphs close together, and a real minus bar.

    Noto Sans has no U+2212 and its hyphen is too short to read as a sign on a
    card, so a leading ``-`` is drawn as a bar as wide as a digit.
    """
    minus = text.startswith("-")
    glyphs = [_ink(font, ch, colour, outline, thickness) for ch in (text[1:] if minus else text)]
    digit_h = max(g.get_height() for g in glyphs)
    gap = max(1, round(digit_h * 0.05)) - (2 * thickness if outline else 0)
    parts: list[pygame.Surface] = []
    if minus:
        bar_h = max(2, round(digit_h * 0.16))
        bar_w = max(4, round(digit_h * 0.55))
        bar = pygame.Surface((bar_w, digit_h), pygame.SRCALPHA)
        pygame.draw.rect(
            bar, colour, (0, (digit_h - bar_h) // 2, bar_w, bar_h), border_radius=max(1, bar_h // 3)
        )
        parts.append(bar)
    parts += glyphs
    width = sum(g.get_width() for g in parts) + gap * (len(parts) - 1)
    out = pygame.Surface((max(1, width), digit_h), pygame.SRCALPHA)
    x = 0
    for g in parts:
        y = (
            (digit_h - g.get_height()) // 2
            if g.get_height() < digit_h * 0.8
            else digit_h - g.get_height()
        )
        out.blit(g, (x, y))
        x += g.get_width() + gap
    return out


def _fit_font(texts: tuple[str, ...], box: Size, tight: bool = False) -> pygame.font.Font:
    """The largest bold font in which every one of ``texts`` inks inside ``box``."""
    lo, hi = 4, 400
    while lo < hi:
        mid = (lo + hi + 1) // 2
        font = get_font(mid, bold=True)
        fits = True
        for text in texts:
            if tight:
                r = _number(font, text, (0, 0, 0)).get_rect()
            else:
                r = font.render(text, True, (0, 0, 0)).get_bounding_rect()
            if r.w > box[0] or r.h > box[1]:
                fits = False
                break
        if fits:
            lo = mid
        else:
            hi = mid - 1
    return get_font(lo, bold=True)


class CardArt:
    """Makes and keeps card surfaces. One instance for the whole game is plenty.

    >>> art = CardArt()
    >>> art.face("7", (60, 84)).get_size()
    (60, 84)
    """

    def __init__(self) -> None:
        self._faces: dict[tuple[str, Size], pygame.Surface] = {}
        self._backs: dict[Size, pygame.Surface] = {}
        self._portraits: dict[tuple[int, Size], pygame.Surface] = {}
        self._fonts: dict[tuple[str, Size], pygame.font.Font] = {}

    def face(self, token: str, size: Size) -> pygame.Surface:
        """The face of card ``token`` at exactly ``size`` pixels (made once, then cached).

        Do not draw on the returned surface; it is shared.
        """
        key = (token, (int(size[0]), int(size[1])))
        cached = self._faces.get(key)
        if cached is None:
            cached = _finish(self._make_face(token, key[1]))
            self._faces[key] = cached
        return cached

    def back(self, size: Size) -> pygame.Surface:
        """The card back at exactly ``size`` pixels (cached)."""
        key = (int(size[0]), int(size[1]))
        cached = self._backs.get(key)
        if cached is None:
            cached = _finish(load_svg(asset_path("art", "cards", "back.svg"), key))
            self._backs[key] = cached
        return cached

    def portrait(self, index: int, size: Size) -> pygame.Surface:
        """Gnome portrait ``index`` (0-based, wraps round the 8) at ``size`` (cached)."""
        key = (index % PORTRAIT_COUNT, (int(size[0]), int(size[1])))
        cached = self._portraits.get(key)
        if cached is None:
            cached = _finish(load_svg(portrait_file(index), key[1]))
            self._portraits[key] = cached
        return cached

    def preload(self, size: Size) -> None:
        """Make every face and the back at ``size`` now (about 10-30 ms), e.g. after a
        resize, so that the first frames of a deal do not stutter."""
        for token in TOKENS:
            self.face(token, size)
        self.back(size)

    def clear(self) -> None:
        """Forget every cached surface (e.g. after the window is resized a lot)."""
        self._faces.clear()
        self._backs.clear()
        self._portraits.clear()

    def _font(
        self, group: str, texts: tuple[str, ...], box: Size, tight: bool = False
    ) -> pygame.font.Font:
        key = (group, box)
        font = self._fonts.get(key)
        if font is None:
            font = _fit_font(texts, box, tight)
            self._fonts[key] = font
        return font

    def number_rect(self, token: str, size: Size) -> pygame.Rect:
        """Where the big number of a number card is inked on a face of ``size``."""
        text, at = self._centre_number(token, size)
        return text.get_rect(topleft=at)

    def _centre_number(self, token: str, size: Size) -> tuple[pygame.Surface, tuple[int, int]]:
        """The big number of a number card and where it goes: one font for every
        number at this size, as large as lets a 12 stay clear of the positive
        cards' frame and a -5 inside the negative cards' dashed border."""
        w, h = size
        if w < SMALL_WIDTH:
            positive_box = (round(w * 0.80), round(h * 0.52))
            negative_box = (round(w * NEGATIVE_ROOM), round(h * 0.52))
        else:
            positive_box = negative_box = (round(w * 0.68), round(h * 0.36))
        fonts = (
            self._font("number", ("10", "12"), positive_box, tight=True),
            self._font("negative", tuple(str(-v) for v in range(1, 6)), negative_box, tight=True),
        )
        font = min(fonts, key=lambda f: f.get_height())
        colour = theme.CREAM if token.startswith("-") else theme.INK
        text = _number(font, token, colour)
        return text, text.get_rect(center=(w // 2, h // 2)).topleft

    def _make_face(self, token: str, size: Size) -> pygame.Surface:
        w, h = size
        surf = load_svg(card_file(token), size)
        small = w < SMALL_WIDTH
        negative = token.startswith("-")
        number = token not in ("M", "H")
        thickness = max(1, round(w / 60))

        if number:
            text, at = self._centre_number(token, size)
            surf.blit(text, at)
        elif token == "H":
            box = (round(w * (0.86 if small else 0.62)), round(h * (0.34 if small else 0.22)))
            points = f"+{HAZARD_POINTS}"
            font = self._font("hazard", (points,), box, tight=True)
            text = _number(font, points, theme.WHITE, theme.HAZARD_BLACK, thickness)
            surf.blit(text, text.get_rect(center=(w // 2, round(h * (0.6 if small else 0.59)))))
        elif small:
            # the gnome stays in sight at every size (a big "M" would hide it):
            # a small outlined M in the corner says what it is
            font = self._font("mulligan", ("M",), (round(w * 0.3), round(h * 0.17)))
            text = _ink(font, "M", theme.HAT_RED, theme.CREAM, thickness)
            surf.blit(text, text.get_rect(topleft=(round(w * 0.1), round(h * 0.07))))
        else:
            font = self._font("banner", ("MULLIGAN",), (round(w * 0.48), round(h * 0.055)))
            label = _ink(font, "MULLIGAN", theme.CREAM)
            surf.blit(label, label.get_rect(center=(w // 2, round(h * 295.5 / 350))))

        # corner indices, top left and (upside down) bottom right
        if not small:
            font = self._font("index", ("12", "-5"), (round(w * 0.2), round(h * 0.08)), tight=True)
            if token == "H":
                idx = _ink(font, "H", theme.HAZARD_YELLOW)
                pad = max(2, w // 50)
                plate = pygame.Surface(
                    (idx.get_width() + 2 * pad, idx.get_height() + 2 * pad), pygame.SRCALPHA
                )
                pygame.draw.rect(
                    plate, theme.HAZARD_BLACK, plate.get_rect(), border_radius=max(2, w // 40)
                )
                plate.blit(idx, (pad, pad))
                idx = plate
                at = (round(w * 0.12), round(h * 0.085))
            elif token == "M":
                idx = _ink(font, "M", theme.INK)
                at = (round(w * 0.15), round(h * 0.095))
            elif negative:
                idx = _number(font, token, theme.CREAM)
                at = (round(w * 0.23), round(h * 0.125))
            else:
                idx = _number(font, token, theme.INK)
                at = (round(w * 0.15), round(h * 0.10))
            surf.blit(idx, idx.get_rect(center=at))
            flipped = pygame.transform.rotate(idx, 180)
            surf.blit(flipped, flipped.get_rect(center=(w - at[0], h - at[1])))
        return surf
