"""Render every card, the back, the portraits and the icon onto the table: look at them.

    SDL_VIDEODRIVER=dummy python art/contact_sheet.py [out.png]

Writes ``/tmp/sheet.png`` (or ``out.png``) and a greyscale copy next to it
(``..._grey.png``) for checking that negatives stand out without colour.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from gnoming.paths import asset_path  # noqa: E402
from gnoming.ui import theme  # noqa: E402
from gnoming.ui.cardart import PORTRAIT_COUNT, TOKENS, CardArt  # noqa: E402
from gnoming.ui.fonts import get_font  # noqa: E402

SIZES = ((30, 42), (60, 84), (150, 210))


def main(out: str = "/tmp/sheet.png") -> None:
    pygame.init()
    pygame.display.set_mode((1, 1))
    art = CardArt()
    tokens = (*TOKENS, "back")
    gap = 8
    width = gap + len(tokens) * (SIZES[1][0] + gap)
    width = max(width, gap + 10 * (SIZES[2][0] + gap))
    rows_big = (len(tokens) + 9) // 10
    height = 40 + (42 + gap) + (84 + gap) + rows_big * (210 + gap) + 140
    sheet = pygame.Surface((width, height))
    theme.draw_table(sheet)
    label = get_font(14, bold=True)

    y = 30
    for size in SIZES[:2]:
        x = gap
        for t in tokens:
            surf = art.back(size) if t == "back" else art.face(t, size)
            sheet.blit(surf, (x, y))
            x += SIZES[1][0] + gap
        y += size[1] + gap
    x = gap
    for i, t in enumerate(tokens):
        if i and i % 10 == 0:
            x = gap
            y += 210 + gap
        surf = art.back(SIZES[2]) if t == "back" else art.face(t, SIZES[2])
        sheet.blit(surf, (x, y))
        x += 150 + gap
    y += 210 + gap + 10
    x = gap
    for i in range(PORTRAIT_COUNT):
        try:
            sheet.blit(art.portrait(i, (96, 96)), (x, y))
            sheet.blit(art.portrait(i, (32, 32)), (x + 32, y + 100))
        except (FileNotFoundError, pygame.error):
            pass
        x += 104
    icon = asset_path("art", "icon.png")
    if icon.exists():
        img = pygame.image.load(str(icon))
        sheet.blit(pygame.transform.smoothscale(img, (96, 96)), (x + 10, y))
        sheet.blit(pygame.transform.smoothscale(img, (32, 32)), (x + 120, y))
        sheet.blit(pygame.transform.smoothscale(img, (16, 16)), (x + 160, y))
    theme.glow(sheet, pygame.Rect(gap, 30, 30, 42), theme.GLOW_LEGAL)
    theme.glow(sheet, pygame.Rect(gap + 68, 30, 30, 42), theme.GLOW_MATCH)
    r = theme.draw_panel(sheet, pygame.Rect(width - 220, height - 60, 200, 44))
    text = label.render("Draw a card", True, theme.INK)
    sheet.blit(text, text.get_rect(center=r.center))
    sheet.blit(label.render("30x42 / 60x84 / 150x210", True, theme.CREAM), (gap, 8))

    pygame.image.save(sheet, out)
    grey = pygame.transform.grayscale(sheet)
    stem, ext = os.path.splitext(out)
    pygame.image.save(grey, f"{stem}_grey{ext}")
    print(f"wrote {out} ({width}x{height}) and {stem}_grey{ext}")


if __name__ == "__main__":
    main(*sys.argv[1:2])
