"""How to play: eleven illustrated pages, from the deal to the went-out-first ±5, and
the controls.

Every picture is drawn with the game's own card art; every score on a page is
computed by the rules engine (``score_layout``, ``score_breakdown``,
``went_out_adjustment``), never typed in, so the help cannot disagree with the
game. Reachable from the title and from the pause menu.

Keyboard: Left/Right (or Page Up/Down) turn the page, Home/End jump, Esc closes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from gnoming.i18n import N_, _
from gnoming.options import rule_text
from gnoming.rules import score_breakdown, score_layout
from gnoming.rules.scoring import went_out_adjustment
from gnoming.ui import theme
from gnoming.ui.fonts import get_font
from gnoming.ui.menus import pictures
from gnoming.ui.menus.common import MenuScene, draw_board, draw_heading, draw_key_hint, font_px, px
from gnoming.ui.widgets import Button, Menu, draw_paragraph, draw_text

if TYPE_CHECKING:
    from gnoming.ui.app import App

Layout = tuple[str, ...]


def layout(text: str) -> Layout:
    """``"5 5 5 / 1 2 3 / 4 6 7"`` as nine tokens."""
    tokens = tuple(text.replace("/", " ").split())
    assert len(tokens) == 9, text
    return tokens


WORKED_EXAMPLES: tuple[Layout, ...] = (
    layout("5 5 5 / 1 2 3 / 4 6 7"),
    layout("5 5 M / -2 3 8 / 9 H 1"),
    layout("7 7 7 / 7 1 2 / 7 3 4"),
    layout("M 4 4 / 4 -1 2 / 4 2 2"),
)
"""The worked examples of the rules, each shown on a page with its score."""

NEGATIVES_EXAMPLE = layout("6 6 -2 / 3 -4 3 / 2 2 2")
WENT_OUT_CASES: tuple[tuple[int, tuple[int, ...]], ...] = ((6, (6, 9, 14)), (11, (11, 7, 15)))
"""Round scores before the ±5: the first seat went out first."""


@dataclass(frozen=True)
class Page:
    title: str
    """English, marked with N_."""
    text: str
    picture: str
    """Name of the ``_picture_<name>`` method that draws this page's table."""
    examples: tuple[Layout, ...] = ()


PAGES: tuple[Page, ...] = (
    Page(
        N_("Setting up"),
        N_(
            "Everyone gets nine cards face down in a 3 by 3 grid: your layout. Two cards "
            "are turned up to start two discard piles; the rest is the draw pile.\n"
            "Then each player turns up two of their own cards.\n"
            "A game is three rounds. Points add up, and the lowest total wins."
        ),
        "setup",
    ),
    Page(
        N_("Your turn"),
        N_(
            "1. Draw the top card of the draw pile, or take the top card of a discard pile.\n"
            "2. Keep it in place of any card in your layout. The card it replaces is "
            "turned up and discarded.\n"
            "Or refuse it and discard it (a card taken from a discard pile must be kept).\n"
            "3. Discard onto either pile; if a pile is empty, onto that one."
        ),
        "turn",
    ),
    Page(
        N_("Matching rows and columns"),
        N_(
            "A row or column is a match when all its positive cards have the same value. "
            "A match scores minus that value: three 5s score -5 instead of +15.\n"
            "A card can help a row and a column at the same time.\n"
            "Every positive card in no match scores its value."
        ),
        "two_examples",
        (WORKED_EXAMPLES[0], WORKED_EXAMPLES[2]),
    ),
    Page(
        N_("Negative cards"),
        N_(
            "Negative cards always lower your score, wherever they lie.\n"
            "But a row or column with a negative card in it is never a match, so a -2 "
            "can spoil a good row of 6s."
        ),
        "one_example",
        (NEGATIVES_EXAMPLE,),
    ),
    Page(
        N_("Mulligans"),
        N_(
            "A mulligan is wild: in a row or column it counts as whatever completes the "
            "match, and it may count as one value in its row and another in its column. "
            "On its own it scores 0.\n"
            "You may not keep a mulligan while another one is face up in your layout."
        ),
        "one_example",
        (WORKED_EXAMPLES[3],),
    ),
    Page(
        N_("Hazards"),
        N_(
            "A hazard still in your layout when the round ends scores +{hazard_points}.\n"
            "When a player discards a hazard, it leaves the game for the round, and every "
            "other player may turn up one of their face-down cards (never their last one).\n"
            "A hazard also spoils any row or column it sits in."
        ),
        "one_example",
        (WORKED_EXAMPLES[1],),
    ),
    Page(
        N_("Bouncing"),
        N_(
            "When the card you keep replaces a face-down card, that card is turned up. If it "
            "is a positive card equal to the card you placed, or to any other face-up positive "
            "card of yours, you may bounce it: put it in place of another card.\n"
            "The card it replaces is handled the same way, so bounces can chain. The last "
            "card is discarded. Negative cards, mulligans and hazards never bounce, and no "
            "card lands where one was placed this turn."
        ),
        "bounce",
    ),
    Page(
        N_("The end of a round"),
        N_(
            "When your last face-down card is turned up during your turn, you went out first. "
            "Every other player has exactly one more turn.\n"
            "Then all cards still face down are turned up where they lie, and the round is "
            "scored.\n"
            "If nobody has gone out after {turn_limit} turns each, the round ends there."
        ),
        "end",
    ),
    Page(
        N_("Scoring"),
        N_(
            "Each match scores minus its value. A positive card in no match scores its value. "
            "Negative cards score their value, a mulligan 0 and a hazard +{hazard_points}.\n"
            "After three rounds the lowest total wins. A tie goes to the lowest score in the "
            "third round; still tied, the win is shared."
        ),
        "breakdown",
        (WORKED_EXAMPLES[2],),
    ),
    Page(
        N_("Going out first: -5 or +5"),
        N_(
            "The player who went out first gets -5 more if their round score is the lowest "
            "at the table (a tie counts as lowest), but +5 if it is not.\n"
            "So go out when you are ahead, and think twice when you are not."
        ),
        "went_out",
    ),
    Page(
        N_("Controls"),
        N_(
            "With the mouse: drag a card to where it should go, or click it and then click "
            "where it goes. Click the draw pile or a discard pile to take its top card.\n"
            "With the keyboard: the arrow keys move the focus and Enter or Space picks what "
            "is focused; 1 to 9 pick a place in your layout, row by row."
        ),
        "controls",
    ),
)

CONTROLS: tuple[tuple[str, str], ...] = (
    ("H", N_("a hint for this move")),
    ("Space", N_("skip the gnomes' moves")),
    ("1\u20139", N_("a place in your layout")),
    (N_("Arrow keys"), N_("move the focus")),
    ("Enter", N_("pick what is focused")),
    ("Tab", N_("focus the next thing you can pick")),
    ("L", N_("the round log: every move so far")),
    ("Esc", N_("pause: settings, help, quit")),
    ("F11", N_("full screen")),
)
"""The keys the controls page shows, with what each does (English, marked N_)."""


def score_caption(tokens: Layout) -> str:
    """``Score: 18`` from the rules engine."""
    return _("Score: {score}").format(score=score_layout(tokens))


def why_lines(tokens: Layout) -> list[str]:
    """The breakdown of a layout's score, line by line, from the rules engine."""
    breakdown = score_breakdown(tokens)
    lines = []
    for match in breakdown.matches:
        if match.kind.value == "row":
            text = _("Row {number} of {value}s: {points}")
        else:
            text = _("Column {number} of {value}s: {points}")
        lines.append(text.format(number=match.index + 1, value=match.value, points=match.points))
    positives = sum(
        p
        for p, card in zip(breakdown.card_points, breakdown.cards, strict=True)
        if card.is_positive
    )
    negatives = sum(p for p in breakdown.card_points if p < 0)
    if positives:
        lines.append(_("Cards in no match: {points:+d}").format(points=positives))
    if negatives:
        lines.append(_("Negative cards: {points}").format(points=negatives))
    if breakdown.hazard_points:
        lines.append(_("Hazard: +{points}").format(points=breakdown.hazard_points))
    return lines


class HowToPlayScene(MenuScene):
    name = "howto"

    def __init__(self, app: App, page: int = 0) -> None:
        super().__init__(app)
        self.page = max(0, min(page, len(PAGES) - 1))
        self.menu = Menu(
            [
                Button(lambda: _("Previous"), lambda: self.turn(-1)),
                Button(lambda: _("Close"), self.back),
                Button(lambda: _("Next"), lambda: self.turn(1)),
            ]
        )
        self.menu.focus = 2
        self.captions: list[tuple[Layout, str]] = []
        """The example scores drawn in the last frame (tests check them)."""
        self.resize(app.size)

    def turn(self, step: int) -> None:
        new = max(0, min(len(PAGES) - 1, self.page + step))
        if new != self.page:
            self.page = new
            self.app.audio.play("flip")
        self._update_buttons()

    def _update_buttons(self) -> None:
        self.menu.buttons[0].enabled = self.page > 0
        self.menu.buttons[2].enabled = self.page < len(PAGES) - 1
        if not self.menu.buttons[self.menu.focus].enabled:
            self.menu.focus = 1

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RIGHT, pygame.K_PAGEDOWN):
                self.turn(1)
                return
            if event.key in (pygame.K_LEFT, pygame.K_PAGEUP):
                self.turn(-1)
                return
            if event.key == pygame.K_HOME:
                self.turn(-len(PAGES))
                return
            if event.key == pygame.K_END:
                self.turn(len(PAGES))
                return
            if event.key in (pygame.K_UP, pygame.K_DOWN):
                return  # the page row of buttons moves with Tab
        if event.type == pygame.MOUSEWHEEL:
            self.turn(-1 if event.y > 0 else 1)
            return
        super().handle(event)

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        margin = max(px(app, 40), (w - px(app, 1180)) // 2)
        self.board = pygame.Rect(margin, px(app, 92), w - 2 * margin, h - px(app, 92 + 112))
        inner = self.board.inflate(-px(app, 14), -px(app, 14))
        pad = px(app, 22)
        split = inner.left + inner.width * 44 // 100
        self.text_rect = pygame.Rect(
            inner.left + pad, inner.top + pad, split - inner.left - 2 * pad, inner.height - 2 * pad
        )
        self.picture_rect = pygame.Rect(
            split + pad // 2,
            inner.top + pad,
            inner.right - split - pad - pad // 2,
            inner.height - 2 * pad,
        )
        self.menu.layout_row(
            w // 2, self.board.bottom + px(app, 26), px(app, 200), px(app, 46), px(app, 36)
        )
        self.menu.text_size = font_px(app, 19)
        self._update_buttons()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme.draw_table(surface)
        w, h = surface.get_size()
        page = PAGES[self.page]
        self._update_buttons()
        draw_heading(
            surface, _(page.title), (w // 2, px(app, 24)), font_px(app, 40), w - px(app, 300)
        )
        draw_text(
            surface,
            _("Page {page} of {pages}").format(page=self.page + 1, pages=len(PAGES)),
            (self.board.right, px(app, 64)),
            font_px(app, 15),
            theme.GREEN_LIGHT,
            anchor="bottomright",
            max_width=px(app, 140),
        )
        inner = draw_board(surface, self.board, app)
        divider_x = self.text_rect.right + px(app, 14)
        pygame.draw.line(
            surface,
            theme.STONE,
            (divider_x, inner.top + px(app, 20)),
            (divider_x, inner.bottom - px(app, 20)),
            1,
        )
        draw_paragraph(
            surface, rule_text(page.text), self.text_rect, font_px(app, 19), theme.INK, line_gap=1.3
        )
        self.captions = []
        draw_picture: Callable[[pygame.Surface, Page], None] = getattr(
            self, f"_picture_{page.picture}"
        )
        draw_picture(surface, page)
        self._draw_dots(surface)
        self.menu.draw(surface)
        draw_key_hint(
            surface,
            _("Left/Right: turn the page · Esc: close"),
            (w // 2, h - px(app, 20)),
            font_px(app, 15),
        )

    def _draw_dots(self, surface: pygame.Surface) -> None:
        r = max(3, px(self.app, 5))
        gap = 4 * r
        x = self.board.centerx - (len(PAGES) - 1) * gap // 2
        y = self.board.bottom + px(self.app, 12)
        for index in range(len(PAGES)):
            if index == self.page:
                pygame.draw.circle(surface, theme.GOLD, (x, y), r + 1)
            else:
                pygame.draw.circle(surface, theme.GREEN_LIGHT, (x, y), r, 1)
            x += gap

    def _caption(
        self,
        surface: pygame.Surface,
        tokens: Layout,
        midtop: tuple[int, int],
        width: int,
        why: bool = True,
    ) -> int:
        """The score under an example (and the breakdown); returns the bottom."""
        app = self.app
        caption = score_caption(tokens)
        self.captions.append((tokens, caption))
        rect = draw_text(
            surface,
            caption,
            midtop,
            font_px(app, 20),
            theme.INK,
            bold=True,
            anchor="midtop",
            max_width=width,
        )
        y = rect.bottom
        if why:
            size = font_px(app, 14)
            for line in why_lines(tokens):
                y = draw_text(
                    surface,
                    line,
                    (midtop[0], y),
                    size,
                    theme.STONE_DARK,
                    anchor="midtop",
                    max_width=width,
                ).bottom
        return y

    def _example_areas(self, count: int) -> list[pygame.Rect]:
        area = self.picture_rect
        gap = px(self.app, 20)
        width = (area.width - gap * (count - 1)) // count
        return [
            pygame.Rect(area.left + k * (width + gap), area.top, width, area.height)
            for k in range(count)
        ]

    def _example(
        self, surface: pygame.Surface, tokens: Layout, area: pygame.Rect, why_lines_room: int = 4
    ) -> None:
        line_h = get_font(font_px(self.app, 14)).get_linesize()
        caption_h = px(self.app, 8) + get_font(font_px(self.app, 20), True).get_linesize()
        caption_h += why_lines_room * line_h + px(self.app, 6)
        grid = pygame.Rect(area.left, area.top, area.width, area.height - caption_h)
        rects = pictures.draw_layout(self.app, surface, tokens, grid)
        bottom = max(r.bottom for r in rects)
        self._caption(surface, tokens, (area.centerx, bottom + px(self.app, 8)), area.width)

    def _picture_one_example(self, surface: pygame.Surface, page: Page) -> None:
        self._example(surface, page.examples[0], self.picture_rect)

    def _picture_two_examples(self, surface: pygame.Surface, page: Page) -> None:
        for tokens, area in zip(page.examples, self._example_areas(2), strict=True):
            self._example(surface, tokens, area)

    def _label(
        self, surface: pygame.Surface, text: str, midtop: tuple[int, int], width: int
    ) -> pygame.Rect:
        return draw_text(
            surface,
            text,
            midtop,
            font_px(self.app, 15),
            theme.STONE_DARK,
            anchor="midtop",
            max_width=width,
        )

    def _picture_setup(self, surface: pygame.Surface, page: Page) -> None:
        app = self.app
        area = self.picture_rect
        top = area.inflate(0, 0)
        top.height = area.height * 36 // 100
        card = theme.card_size_to_fit(top.width // 6, top.height - px(app, 26))
        gap = px(app, 16)
        y = top.top
        draw_rect = pygame.Rect((0, 0), card)
        draw_rect.topleft = (area.left + px(app, 10), y)
        pictures.draw_pile(app, surface, pictures.FACE_DOWN, draw_rect, depth=4)
        self._label(surface, _("Draw pile"), (draw_rect.centerx, draw_rect.bottom + 8), card[0] * 2)
        piles = [
            pygame.Rect((area.right - 2 * card[0] - gap - px(app, 10), y), card),
            pygame.Rect((area.right - card[0] - px(app, 10), y), card),
        ]
        for token, rect in zip(("4", "11"), piles, strict=True):
            pictures.draw_pile(app, surface, token, rect, depth=1)
        self._label(
            surface,
            _("Two discard piles"),
            (piles[0].union(piles[1]).centerx, piles[0].bottom + 8),
            card[0] * 3,
        )
        grid = pygame.Rect(
            area.left, top.bottom + px(app, 14), area.width, area.bottom - top.bottom - px(app, 44)
        )
        rects = pictures.draw_layout(app, surface, layout("3 ? ? / ? 8 ? / ? ? ?"), grid)
        for k in (0, 4):
            theme.glow(surface, rects[k], theme.GLOW_LEGAL, 3)
        self._label(
            surface,
            _("Your layout: nine cards, two turned up"),
            (area.centerx, max(r.bottom for r in rects) + 8),
            area.width,
        )

    def _picture_turn(self, surface: pygame.Surface, page: Page) -> None:
        app = self.app
        area = self.picture_rect
        card = theme.card_size_to_fit(area.width // 6, area.height * 27 // 100)
        gap = px(app, 14)
        y = area.top
        grid = pygame.Rect(
            area.left,
            y + card[1] + px(app, 36),
            area.width * 60 // 100,
            area.bottom - y - card[1] - px(app, 40),
        )
        rects = pictures.grid_rects(grid)
        target = rects[2]
        draw_rect = pygame.Rect((area.left + px(app, 6), y), card)
        drawn = pygame.Rect((0, y), card)
        drawn.centerx = max(target.centerx, draw_rect.right + gap * 3 + card[0] // 2)
        piles = [
            pygame.Rect((area.right - 2 * card[0] - gap - px(app, 6), y), card),
            pygame.Rect((area.right - card[0] - px(app, 6), y), card),
        ]
        pictures.draw_pile(app, surface, pictures.FACE_DOWN, draw_rect, depth=4)
        pictures.draw_pile(app, surface, "6", piles[0], depth=1)
        pictures.draw_pile(app, surface, "9", piles[1], depth=1)
        pictures.draw_card(app, surface, "2", drawn)
        pictures.draw_layout(app, surface, layout("3 ? ? / ? ? 8 / ? 10 ?"), grid)
        theme.glow(surface, target, theme.GLOW_LEGAL, 4)
        replaced = pygame.Rect((0, 0), target.size)
        replaced.midleft = (grid.right + px(app, 40), target.centery + px(app, 10))
        pictures.draw_card(app, surface, "11", replaced)
        badge = font_px(app, 16)
        width = max(3, px(app, 4))
        pictures.draw_arrow(surface, draw_rect.midright, drawn.midleft, bend=0.2, width=width)
        pictures.draw_badge(
            surface, "1", ((draw_rect.right + drawn.left) // 2, draw_rect.top + px(app, 4)), badge
        )
        pictures.draw_arrow(surface, drawn.midbottom, target.midtop, width=width)
        pictures.draw_badge(
            surface, "2", (drawn.left - px(app, 4), (drawn.bottom + target.top) // 2), badge
        )
        pictures.draw_arrow(
            surface,
            target.midright,
            replaced.midleft,
            width=max(2, px(app, 3)),
            colour=theme.STONE_DARK,
        )
        pictures.draw_arrow(surface, replaced.midtop, piles[1].midbottom, bend=-0.2, width=width)
        pictures.draw_badge(
            surface,
            "3",
            (replaced.right + px(app, 4), (replaced.top + piles[1].bottom) // 2),
            badge,
        )
        self._label(
            surface,
            _("Turned up, then discarded"),
            (replaced.centerx, replaced.bottom + 6),
            (area.right - grid.right) - 8,
        )

    def _picture_bounce(self, surface: pygame.Surface, page: Page) -> None:
        """Each badge sits on the middle of its own arrow: 1 the kept 6 going in,
        2 the turned-up 6 hopping down the column, 3 the 3 it uncovers going under
        the row to the discard pile."""
        app = self.app
        area = self.picture_rect
        grid = pygame.Rect(
            area.left + area.width // 6,
            area.top + px(app, 4),
            area.width * 4 // 6,
            area.height - px(app, 120),
        )
        rects = pictures.draw_layout(app, surface, layout("6 4 ? / ? 12 ? / 6 ? ?"), grid)
        size = rects[0].size
        held = pygame.Rect((0, 0), size)
        held.midright = (rects[0].left - px(app, 24), rects[0].centery + size[1] // 2)
        held.left = max(held.left, area.left)
        pictures.draw_card(app, surface, "6", held)
        discard = pygame.Rect((0, 0), size)
        discard.midleft = (rects[8].right + px(app, 24), rects[8].centery)
        discard.right = min(discard.right, area.right)
        pictures.draw_pile(app, surface, "3", discard, depth=1)
        width = max(3, px(app, 4))
        badge = font_px(app, 16)
        arrows = (
            (held.midtop, rects[0].midleft, -0.3, theme.HAT_RED),
            (rects[0].center, rects[6].center, 0.35, theme.GOLD),
            (rects[6].midbottom, discard.midbottom, -0.18, theme.HAT_RED),
        )
        for number, (start, end, bend, colour) in enumerate(arrows, start=1):
            pictures.draw_arrow(surface, start, end, bend=bend, width=width, colour=colour)
            middle = pictures.arrow_middle(start, end, bend)
            pictures.draw_badge(surface, str(number), middle, badge)
        lines = (
            _("1: keep a 6 on a face-down card; it turns out to be a 6."),
            _("2: it matches, so it hops onto another face-down card."),
            _("3: that one is a 3, no match: it is discarded."),
        )
        y = max(r.bottom for r in rects) + px(app, 56)
        for text in lines:
            y = draw_text(
                surface,
                text,
                (area.centerx, y),
                font_px(app, 14),
                theme.INK,
                anchor="midtop",
                max_width=area.width,
            ).bottom

    def _picture_end(self, surface: pygame.Surface, page: Page) -> None:
        app = self.app
        left, right = self._example_areas(2)
        for area, tokens, label, glow in (
            (left, layout("2 5 5 / 9 -1 5 / 4 7 5"), _("Pip turns up her last card"), 8),
            (right, layout("8 ? 3 / ? 6 ? / 1 ? 12"), _("Everyone else: one more turn"), -1),
        ):
            grid = pygame.Rect(area.left, area.top, area.width, area.height - px(app, 70))
            rects = pictures.draw_layout(app, surface, tokens, grid, show_matches=False)
            if glow >= 0:
                theme.glow(surface, rects[glow], theme.GLOW_LEGAL, 4)
            bottom = max(r.bottom for r in rects)
            y = self._label(surface, label, (area.centerx, bottom + 8), area.width).bottom
            if glow >= 0:
                self._label(surface, _("She went out first."), (area.centerx, y), area.width)
            else:
                self._label(surface, _("Then the rest turn up."), (area.centerx, y), area.width)

    def _picture_breakdown(self, surface: pygame.Surface, page: Page) -> None:
        app = self.app
        area = self.picture_rect
        tokens = page.examples[0]
        grid = pygame.Rect(area.left, area.top, area.width * 55 // 100, area.height)
        rects = pictures.draw_layout(app, surface, tokens, grid)
        x = max(r.right for r in rects) + px(app, 24)
        width = area.right - x
        y = rects[0].top + px(app, 10)
        size = font_px(app, 17)
        for line in why_lines(tokens):
            y = draw_text(
                surface, line, (x, y), size, theme.INK, anchor="topleft", max_width=width
            ).bottom + px(app, 6)
        pygame.draw.line(surface, theme.STONE_DARK, (x, y), (x + width - px(app, 10), y), 2)
        caption = score_caption(tokens)
        self.captions.append((tokens, caption))
        draw_text(
            surface,
            caption,
            (x, y + px(app, 8)),
            font_px(app, 21),
            theme.INK,
            bold=True,
            anchor="topleft",
            max_width=width,
        )

    def _picture_went_out(self, surface: pygame.Surface, page: Page) -> None:
        app = self.app
        names = ("Pip", "Bramble", "Old Beck")
        areas = self._stacked(2)
        size = font_px(app, 17)
        for (went_out, scores), area in zip(WENT_OUT_CASES, areas, strict=True):
            adjustment = went_out_adjustment(went_out, scores)
            lowest = adjustment < 0
            title = (
                _("Pip went out first with the lowest score")
                if lowest
                else _("Pip went out first, but Bramble is lower")
            )
            y = draw_text(
                surface,
                title,
                (area.left, area.top),
                size,
                theme.WOOD_DARK,
                bold=True,
                anchor="topleft",
                max_width=area.width,
            ).bottom + px(app, 6)
            col = (
                area.left + px(app, 10),
                area.left + area.width * 45 // 100,
                area.left + area.width * 70 // 100,
            )
            for x, head in zip(col, (_("Player"), _("Round"), _("With ±5")), strict=True):
                draw_text(
                    surface,
                    head,
                    (x, y),
                    font_px(app, 14),
                    theme.STONE_DARK,
                    bold=True,
                    anchor="topleft",
                    max_width=area.width // 4,
                )
            y += font_px(app, 14) + px(app, 8)
            for seat, (name, score) in enumerate(zip(names, scores, strict=True)):
                final = score + (adjustment if seat == 0 else 0)
                bold = seat == 0
                draw_text(
                    surface,
                    name,
                    (col[0], y),
                    size,
                    theme.INK,
                    bold=bold,
                    anchor="topleft",
                    max_width=col[1] - col[0] - 6,
                )
                draw_text(surface, str(score), (col[1], y), size, theme.INK, anchor="topleft")
                text = f"{final}  ({adjustment:+d})" if seat == 0 else str(final)
                draw_text(
                    surface,
                    text,
                    (col[2], y),
                    size,
                    theme.HAT_RED if seat == 0 and adjustment > 0 else theme.INK,
                    bold=bold,
                    anchor="topleft",
                    max_width=area.right - col[2],
                )
                y += size + px(app, 8)
            final = went_out + adjustment
            if lowest:
                why = _("{score} is the lowest at the table: {score} - 5 = {final}")
            else:
                why = _("{score} is not the lowest at the table: {score} + 5 = {final}")
            draw_paragraph(
                surface,
                why.format(score=went_out, final=final),
                pygame.Rect(area.left, y + px(app, 6), area.width, area.bottom - y),
                font_px(app, 16),
                theme.INK,
            )

    def _picture_controls(self, surface: pygame.Surface, page: Page) -> None:
        app = self.app
        area = self.picture_rect
        row_h = min(px(app, 58), area.height // len(CONTROLS))
        key_w = area.width * 30 // 100
        size = font_px(app, 18)
        y = area.top + (area.height - row_h * len(CONTROLS)) // 2
        for key, what in CONTROLS:
            cap = pygame.Rect(area.left, y + 4, key_w, row_h - 8)
            inner = theme.draw_panel(surface, cap)
            label = _(key) if key == "Arrow keys" else key
            draw_text(
                surface, label, inner.center, size, theme.INK, bold=True, max_width=inner.w - 8
            )
            draw_text(
                surface,
                _(what),
                (cap.right + px(app, 16), cap.centery),
                size,
                theme.INK,
                anchor="midleft",
                max_width=area.right - cap.right - px(app, 16),
            )
            y += row_h

    def _stacked(self, count: int) -> list[pygame.Rect]:
        area = self.picture_rect
        gap = px(self.app, 24)
        height = (area.height - gap * (count - 1)) // count
        return [
            pygame.Rect(area.left, area.top + k * (height + gap), area.width, height)
            for k in range(count)
        ]


__all__ = ["PAGES", "WORKED_EXAMPLES", "HowToPlayScene", "score_caption", "why_lines"]
