"""What the UI remembers between frames and between Apps (card drawings, fonts,
text widths) stays correct: a drawing handed out can be painted on, and fonts
opened before ``pygame.quit()`` are never used again."""

from __future__ import annotations

import pygame

from gnoming.ui import fonts, widgets
from gnoming.ui.cardart import card_file, load_svg

from .conftest import AppFactory


def test_a_remembered_card_drawing_is_handed_out_as_a_fresh_copy(make_app: AppFactory) -> None:
    make_app()
    path = card_file("5")
    first = load_svg(path, (60, 84))
    pixels = pygame.image.tobytes(first, "RGBA")
    first.fill((255, 0, 0, 255))  # a caller paints on its drawing
    second = load_svg(path, (60, 84))
    assert second is not first
    assert second.get_size() == (60, 84)
    assert pygame.image.tobytes(second, "RGBA") == pixels


def test_text_widths_are_the_fonts_own_measure(make_app: AppFactory) -> None:
    make_app()
    for text in ("Old Beck", "जुना बेक विचार करत आहे", "Pip · 12"):
        expected = sum(
            fonts.get_font(18, False, script).size(run)[0] for run, script in fonts.font_runs(text)
        )
        assert widgets.text_width(text, 18) == expected
        assert widgets.text_width(text, 18) == expected  # remembered, the same


def test_a_second_app_keeps_the_open_fonts_and_one_after_pygame_quit_opens_them_anew(
    make_app: AppFactory,
) -> None:
    make_app()
    kept = fonts.get_font(21)
    card = pygame.image.tobytes(load_svg(card_file("M"), (50, 70)), "RGBA")
    make_app()
    assert fonts.get_font(21) is kept
    pygame.quit()
    make_app()
    reopened = fonts.get_font(21)
    assert reopened is not kept
    assert widgets.render_text("Gnoming A Round", 21).get_width() > 0
    assert reopened.render("ok", True, (0, 0, 0)).get_width() > 0
    assert pygame.image.tobytes(load_svg(card_file("M"), (50, 70)), "RGBA") == card
