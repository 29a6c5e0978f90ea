"""The scoreboard after each round: every player's grid with the matched rows and
columns highlighted and their points, the hazards, the went-out-first ±5, the
round score and the running total counting up. After round three: the winner
(and the tie-break), Play again and Title.

Every number explains itself on the help line when the mouse is over it or the
keyboard focus is on it (Tab and the arrow keys walk the numbers and the buttons),
and the cards it is about are outlined.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from gnoming.i18n import _
from gnoming.options import rule_text
from gnoming.rules import Card, GameResult, TieBreak
from gnoming.rules import events as E
from gnoming.rules.scoring import LineKind
from gnoming.ui import theme
from gnoming.ui.scene import Scene
from gnoming.ui.session import GameConfig
from gnoming.ui.table.anim import SPEED_FACTORS, ease_out_cubic
from gnoming.ui.table.explain import Note, line_notes, match_note, signed
from gnoming.ui.widgets import (
    Button,
    Menu,
    draw_paragraph,
    draw_text,
    ellipsize,
    fit_size,
    text_width,
    wrap_text,
)

if TYPE_CHECKING:
    from gnoming.ui.app import App
    from gnoming.ui.scenes.table import TableScene

COUNT_SECONDS = 1.2
AUTO_CONTINUE = 3.0
"""With no person at the table, a round's scoreboard moves on by itself after this."""
WINNER_BAND = (240, 214, 150)
"""The winner's line of the final standings: a pale gold under ink."""
QUIT_AFTER = 1.5
"""With --quit-at-end, the game-over scoreboard is shown this long."""


class Spot:
    """A number on the scoreboard: where it is, what it means, whose cards."""

    def __init__(self, seat: int, rect: pygame.Rect, note: Note) -> None:
        self.seat = seat
        self.rect = rect
        self.note = note


def winner_text(result: GameResult, name: Callable[[int], str]) -> tuple[str, str]:
    """The headline and the tie-break line of a finished game."""
    names = [name(s) for s in result.winners]
    if len(names) == 1:
        head = _("Winner: {name}").format(name=names[0])
    else:
        head = _("Shared win: {names}").format(names=", ".join(names))
    return head, tie_break_words(result, name)


def tie_break_words(result: GameResult, name: Callable[[int], str]) -> str:
    """How the winner was found, in words, with the numbers that decided it
    (the rules: lowest total; a tie goes to the lowest score of the last round;
    still tied, the win is shared)."""
    best = min(result.totals)
    tied = [s for s, total in enumerate(result.totals) if total == best]
    last = len(result.round_scores)
    winner = result.winners[0]
    score = result.round_scores[-1][winner]
    names = ", ".join(name(s) for s in tied)
    if result.tie_break is TieBreak.LAST_ROUND:
        return _(
            "{names} tied on {total}. A tie goes to the lowest score in round {round}: "
            "{name} scored {score} there and wins."
        ).format(names=names, total=best, round=last, name=name(winner), score=score)
    if result.tie_break is TieBreak.SHARED:
        return _(
            "{names} tied on {total} and scored {score} each in round {round}: they share the win."
        ).format(names=names, total=best, score=score, round=last)
    return _("Lowest total wins: {name} with {total}.").format(name=name(winner), total=best)


@dataclass(frozen=True)
class Standing:
    """One line of the final standings."""

    place: int
    """1 for the winner(s); seats level on total and last round share a place."""
    seat: int
    round_scores: tuple[int, ...]
    total: int


def standings(result: GameResult) -> list[Standing]:
    """Every seat, best first: by total, then by the last round's score (the
    tie-break), then by seat."""

    def rank(seat: int) -> tuple[int, int]:
        return result.totals[seat], result.round_scores[-1][seat]

    order = sorted(range(len(result.totals)), key=lambda s: (*rank(s), s))
    return [
        Standing(
            1 + sum(1 for other in order if rank(other) < rank(seat)),
            seat,
            tuple(r[seat] for r in result.round_scores),
            result.totals[seat],
        )
        for seat in order
    ]


@dataclass(frozen=True)
class ScoreboardLayout:
    """Every box of a scoreboard for one window size: the round's panels, or (at
    the end of the game) the table of final standings."""

    title: pygame.Rect
    lines: tuple[pygame.Rect, ...]
    """The text lines under the title (turn-limit note, winner, tie-break)."""
    panels: tuple[pygame.Rect, ...]
    """One per seat, in the round view; none in the standings view."""
    table: pygame.Rect
    """The final standings (empty in the round view)."""
    help: pygame.Rect
    buttons: tuple[pygame.Rect, ...]


def scoreboard_layout(
    size: tuple[int, int],
    text_scale: float,
    seats: int,
    line_sizes: tuple[int, ...],
    buttons: int,
    standings_view: bool,
) -> ScoreboardLayout:
    """Lay out a scoreboard: ``text_scale`` is the app's (1.0 at 720 pixels of
    height, more with large text); ``line_sizes`` the base font sizes of the
    lines under the title."""
    w, h = size
    unit = h / 720

    def font(base: int) -> int:
        return max(11, round(base * text_scale))

    top = max(34, round(40 * unit))
    title = pygame.Rect(40, top, w - 80, font(30))
    y = top + font(30) + round(10 * unit)
    lines = []
    for base in line_sizes:
        lines.append(pygame.Rect(40, y, w - 80, font(base)))
        y += round(font(base) * 1.25) + 2
    bw, bh = round(220 * unit), max(34, round(46 * unit))
    gap = round(16 * unit)
    total = buttons * bw + (buttons - 1) * gap
    button_y = h - bh - max(36, round(40 * unit))
    row = tuple(
        pygame.Rect(w // 2 - total // 2 + k * (bw + gap), button_y, bw, bh) for k in range(buttons)
    )
    help_h = font(16) + max(14, round(18 * unit))
    if standings_view:
        help_h += round(font(16) * 1.3)
    help_box = pygame.Rect(0, 0, min(w - 80, round(900 * unit)), help_h)
    help_box.midbottom = (w // 2, button_y - round(8 * unit))
    bottom = help_box.top - round(6 * unit)
    margin = max(36, round(44 * unit))
    if standings_view:
        table = pygame.Rect(0, y, min(w - 2 * margin, round(860 * unit)), bottom - y)
        table.centerx = w // 2
        return ScoreboardLayout(title, tuple(lines), (), table, help_box, row)
    cols = seats if seats <= 4 else math.ceil(seats / 2)
    rows = 1 if seats <= 4 else 2
    cell_w = (w - 2 * margin) // cols
    cell_h = (bottom - y) // rows
    panels = []
    for seat in range(seats):
        r, c = divmod(seat, cols)
        count = cols if r < rows - 1 or seats % cols == 0 else seats % cols
        left = margin + (w - 2 * margin - count * cell_w) // 2 + c * cell_w
        panels.append(pygame.Rect(left + 4, y + r * cell_h + 4, cell_w - 8, cell_h - 8))
    return ScoreboardLayout(
        title, tuple(lines), tuple(panels), pygame.Rect(0, 0, 0, 0), help_box, row
    )


class ScoreboardScene(Scene):
    name = "round_scores"

    def __init__(
        self,
        app: App,
        table: TableScene,
        scored: E.RoundScored,
        over: GameResult | None,
    ) -> None:
        super().__init__(app)
        self.table = table
        self.scored = scored
        self.over = over
        self.elapsed = 0.0
        feed = table.feed
        self.n = len(feed.seats)
        self.names = [seat.name for seat in feed.seats]
        self.people = bool(feed.screen_seats)
        result = scored.result
        self.before = [t - s for t, s in zip(table.view.totals, result.scores, strict=True)]
        self.after = list(table.view.totals)
        self.standings_view = over is not None
        """At the end of the game: the final standings (True) or the last round's cards."""
        if over is not None:
            buttons = [
                Button(
                    lambda: (
                        _("Last round's cards") if self.standings_view else _("Final standings")
                    ),
                    self.toggle_view,
                ),
                Button(lambda: _("Play again"), self.play_again),
                Button(lambda: _("Title"), self.to_title),
            ]
        else:
            buttons = [Button(lambda: _("Next round"), self.next_round)]
        self.menu = Menu(buttons)
        if over is not None:
            self.menu.focus = 1  # Play again
        self.done = False
        self.shot = False
        self.spots: list[Spot] = []
        """The numbers as last drawn, seat by seat, top to bottom."""
        self.card_rects: dict[int, list[pygame.Rect]] = {}
        self.hover_spot: int | None = None
        self.focus_spot: int | None = None
        """Keyboard focus on a number (None: on the buttons, ``menu.focus``)."""

    @property
    def factor(self) -> float:
        return SPEED_FACTORS.get(self.app.speed, 1.0)

    def enter(self) -> None:
        self.app.audio.play("fanfare" if self.over is not None else "round_end")

    def layout(self) -> ScoreboardLayout:
        """Where everything is now (the layout audit reads it)."""
        sizes: tuple[int, ...] = (16,) if self.scored.result.ended_by_turn_limit else ()
        if self.over is not None:
            sizes += (26,) if self.standings_view else (26, 16)
        return scoreboard_layout(
            self.app.size,
            self.app.ui_scale,
            self.n,
            sizes,
            len(self.menu.buttons),
            self.standings_view,
        )

    def resize(self, size: tuple[int, int]) -> None:
        geometry = self.layout()
        for button, rect in zip(self.menu.buttons, geometry.buttons, strict=True):
            button.rect = rect
        self.menu.text_size = max(14, int(geometry.buttons[0].height * 0.42))

    def toggle_view(self) -> None:
        self.app.audio.play("click")
        self.standings_view = not self.standings_view
        self.hover_spot = self.focus_spot = None
        self.spots = []
        self.resize(self.app.size)

    # ------------------------------------------------------------------ actions

    def next_round(self) -> None:
        if not self.done:
            self.done = True
            self.app.pop()

    def play_again(self) -> None:
        seed = self.table.feed.seed  # play_again deals a new shuffle all the same
        self.app.router.play_again(GameConfig(self.table.feed.seats, seed if seed is not None else 0))

    def to_title(self) -> None:
        self.app.router.title()

    # ------------------------------------------------------------------ loop

    def handle(self, event: pygame.event.Event) -> None:
        counting = self.elapsed < COUNT_SECONDS * self.factor
        if counting and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.elapsed = COUNT_SECONDS * self.factor
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.router.pause()
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_spot = next(
                (i for i, spot in enumerate(self.spots) if spot.rect.collidepoint(event.pos)), None
            )
        if event.type == pygame.KEYDOWN and self._key(event):
            return
        self.menu.handle(event)
        if event.type == pygame.MOUSEMOTION and self.menu.hover is not None:
            self.focus_spot = None

    # ------------------------------------------------------------------ explanations

    def active_spot(self) -> Spot | None:
        """The number explained now: the one under the mouse, else the focused one."""
        index = self.hover_spot if self.hover_spot is not None else self.focus_spot
        if index is None or index >= len(self.spots):
            return None
        return self.spots[index]

    def _places(self) -> list[pygame.Rect]:
        """Everything the keyboard focus may rest on: the numbers, then the buttons."""
        return [spot.rect for spot in self.spots] + [b.rect for b in self.menu.buttons]

    def _focus_index(self) -> int:
        if self.focus_spot is not None:
            return self.focus_spot
        return len(self.spots) + self.menu.focus

    def _set_focus(self, index: int) -> None:
        self.hover_spot = None
        if index < len(self.spots):
            self.focus_spot = index
        else:
            self.focus_spot = None
            self.menu.focus = index - len(self.spots)

    def _key(self, event: pygame.event.Event) -> bool:
        """Tab and the arrows move the focus over numbers and buttons; Enter on a
        number does nothing. True when the key was used here."""
        places = self._places()
        here = self._focus_index()
        if event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
            self._set_focus((here + step) % len(places))
            return True
        direction = {
            pygame.K_LEFT: (-1, 0),
            pygame.K_RIGHT: (1, 0),
            pygame.K_UP: (0, -1),
            pygame.K_DOWN: (0, 1),
        }.get(event.key)
        if direction is not None:
            best = nearest(places, here, direction)
            if best is not None:
                self._set_focus(best)
            return True
        return self.focus_spot is not None and event.key in (
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
            pygame.K_SPACE,
        )

    def update(self, dt: float) -> None:
        self.elapsed += dt
        shown = self.elapsed - COUNT_SECONDS * self.factor
        if shown >= 0 and not self.shot:
            self.shot = True
            self.app.screenshot("game_over" if self.over is not None else "scoreboard")
            if self.over is None:
                self.app.screenshot("scoreboard")
        if self.over is not None:
            if self.app.options.quit_at_end and shown > QUIT_AFTER * max(self.factor, 0.3):
                self.app.quit(0)
        elif not self.people and shown > AUTO_CONTINUE * max(self.factor, 0.1):
            self.next_round()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        theme.draw_table(surface)
        progress = 1.0
        if self.factor > 0:
            progress = ease_out_cubic(min(1.0, self.elapsed / (COUNT_SECONDS * self.factor)))
        g = self.layout()
        if self.standings_view:
            title = _("Final standings")
        else:
            title = rule_text(
                "Round {number} of {rounds}: scores", number=self.scored.result.round_index + 1
            )
        draw_text(
            surface,
            title,
            g.title.midtop,
            g.title.height,
            theme.CREAM,
            bold=True,
            anchor="midtop",
            shadow=theme.SLATE_DARK,
            max_width=g.title.width,
        )
        lines = list(g.lines)
        if self.scored.result.ended_by_turn_limit:
            note = rule_text(
                "Everyone had {turn_limit} turns and nobody went out: the round ended there"
            )
            box = lines.pop(0)
            draw_text(
                surface,
                note,
                box.midtop,
                box.height,
                theme.CREAM,
                anchor="midtop",
                max_width=box.width,
            )
        tie = ""
        if self.over is not None:
            head, tie = winner_text(self.over, lambda s: self.names[s])
            box = lines.pop(0)
            draw_text(
                surface,
                head,
                box.midtop,
                box.height,
                theme.GOLD,
                bold=True,
                anchor="midtop",
                shadow=theme.SLATE_DARK,
                max_width=box.width,
            )
            if lines:
                box = lines.pop(0)
                draw_text(
                    surface,
                    tie,
                    box.midtop,
                    box.height,
                    theme.CREAM,
                    anchor="midtop",
                    max_width=box.width,
                )
        if self.standings_view and self.over is not None:
            self.spots = []
            self._draw_standings(surface, self.over, g.table)
            inner = theme.draw_panel(surface, g.help)
            draw_paragraph(
                surface, tie, inner.inflate(-12, -4), self.app.font_size(16), theme.INK, bold=True
            )
        else:
            self.spots = []
            self.card_rects = {}
            for seat, rect in enumerate(g.panels):
                self._draw_seat(surface, seat, rect, progress)
            self._draw_active(surface)
            self._draw_help(surface, g.help, self.app.font_size(16))
        for index, button in enumerate(self.menu.buttons):
            focused = index == self.menu.focus and self.focus_spot is None
            button.draw(surface, index == self.menu.hover, focused, self.menu.text_size)

    def _draw_standings(self, surface: pygame.Surface, over: GameResult, area: pygame.Rect) -> None:
        """The final table: place, name, each round's score, total; winners starred;
        the seed of the game under it, so that it can be dealt again."""
        rows = standings(over)
        rounds = len(over.round_scores)
        seed_size = max(11, self.app.font_size(14))
        row_h = min(
            round(self.app.font_size(20) * 1.9), (area.h - 18 - seed_size) // (len(rows) + 1)
        )
        area = pygame.Rect(
            area.left, area.top, area.width, (len(rows) + 1) * row_h + seed_size + 18
        )
        pygame.draw.rect(surface, theme.CREAM, area, border_radius=10)
        pygame.draw.rect(surface, theme.WOOD, area, 3, border_radius=10)
        inner = area.inflate(-24, -12)
        size = max(11, min(self.app.font_size(20), row_h * 11 // 20))
        fractions = (0.09, 0.39, *(0.39 / rounds,) * rounds, 0.13)
        xs: list[tuple[int, int]] = []
        x = inner.left
        for fraction in fractions:
            width = round(inner.width * fraction)
            xs.append((x, width))
            x += width
        heads = ["", _("Player")]
        heads += [_("Round {number}").format(number=k + 1) for k in range(rounds)]
        heads.append(_("Total"))
        y = inner.top
        for k, (head, (x, width)) in enumerate(zip(heads, xs, strict=True)):
            if head:
                self._cell(surface, head, x, width, y, row_h, size - 2, theme.STONE_DARK, k > 1)
        y += row_h
        pygame.draw.line(surface, theme.WOOD_DARK, (inner.left, y - 2), (inner.right, y - 2), 1)
        for line in rows:
            winner = line.seat in over.winners
            if winner:
                band = pygame.Rect(inner.left - 6, y + 1, inner.width + 12, row_h - 2)
                pygame.draw.rect(surface, WINNER_BAND, band, border_radius=6)
            texts = [f"{line.place}.", self.names[line.seat]]
            texts += [signed(score) for score in line.round_scores]
            texts.append(str(line.total).replace("-", "\u2013"))
            for k, (text, (x, width)) in enumerate(zip(texts, xs, strict=True)):
                bold = winner or k == len(texts) - 1
                self._cell(surface, text, x, width, y, row_h, size, theme.INK, k > 1, bold)
            if winner:
                draw_star(surface, (xs[0][0] + xs[0][1] - size // 2, y + row_h // 2), size // 2)
            y += row_h
        seed = self.table.feed.seed
        if seed is None:  # a network game: not known at this screen
            return
        draw_text(
            surface,
            _("Seed: {seed}").format(seed=seed),
            (inner.right, inner.bottom),
            seed_size,
            theme.STONE_DARK,
            anchor="bottomright",
            max_width=inner.width,
        )

    def _cell(
        self,
        surface: pygame.Surface,
        text: str,
        x: int,
        width: int,
        y: int,
        height: int,
        size: int,
        colour: theme.Colour,
        right: bool,
        bold: bool = False,
    ) -> None:
        at = (x + width - 4, y + height // 2) if right else (x + 4, y + height // 2)
        anchor = "midright" if right else "midleft"
        draw_text(surface, text, at, size, colour, bold=bold, anchor=anchor, max_width=width - 8)

    def _draw_active(self, surface: pygame.Surface) -> None:
        spot = self.active_spot()
        if spot is None:
            return
        rects = self.card_rects.get(spot.seat, [])
        if spot.note.positions and len(spot.note.positions) < len(rects):
            # the other cards of that layout step back
            for p, rect in enumerate(rects):
                if p not in spot.note.positions:
                    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                    veil.fill((*theme.CREAM, 170))
                    surface.blit(veil, rect)
        for p in sorted(spot.note.positions):
            if p < len(rects):
                pygame.draw.rect(surface, theme.HAT_RED, rects[p].inflate(2, 2), 3, 6)
        pygame.draw.rect(surface, theme.HAT_RED, spot.rect, 2, border_radius=5)

    def _draw_help(self, surface: pygame.Surface, box: pygame.Rect, size: int) -> None:
        spot = self.active_spot()
        inner = theme.draw_panel(surface, box)
        if spot is not None:
            text, colour, bold = spot.note.text, theme.INK, True
        else:
            text = _("Point at a number, or press Tab, to see where it comes from")
            colour, bold = theme.STONE_DARK, False
        draw_text(surface, text, inner.center, size, colour, bold=bold, max_width=inner.w - 12)

    def _draw_seat(self, surface: pygame.Surface, seat: int, rect: pygame.Rect, t: float) -> None:
        pygame.draw.rect(surface, theme.CREAM, rect, border_radius=10)
        pygame.draw.rect(surface, theme.WOOD, rect, 3, border_radius=10)
        inner = rect.inflate(-12, -10)
        score = self.scored.result.seats[seat]
        layout = score.layout
        winner = self.over is not None and seat in self.over.winners
        size = max(11, min(self.app.font_size(16), inner.h // 10))
        name_rect = draw_text(
            surface,
            self.names[seat],
            (inner.centerx, inner.top),
            size + 2,
            bold=True,
            anchor="midtop",
            max_width=inner.w - 40,
        )
        if winner:
            draw_star(surface, (name_rect.right + size, name_rect.centery), size * 2 // 3)
        body = pygame.Rect(
            inner.left, name_rect.bottom + 4, inner.w, inner.bottom - name_rect.bottom - 4
        )
        lines = self._lines(score)
        line_h = size + 4
        small = max(11, size - 2)
        text_h = line_h * (len(lines) + 1) + 4
        tall = body.h - text_h > body.w * 0.55
        label_room = size * 2
        if tall:
            grid_h = body.h - text_h - small - 12
            grid_w = body.w - label_room
        else:
            grid_h = body.h - size - 4
            grid_w = int(body.w * 0.5) - label_room
        card_h = max(21, min((grid_h - 6) // 3, round((grid_w - 6) / 3 * 7 / 5)))
        card_w = round(card_h * 5 / 7)
        total_w = 3 * card_w + 6
        gx = body.centerx - total_w // 2 - label_room // 2 if tall else body.left
        gy = body.top
        rects = [
            pygame.Rect(gx + (p % 3) * (card_w + 3), gy + (p // 3) * (card_h + 3), card_w, card_h)
            for p in range(9)
        ]
        self.card_rects[seat] = rects
        notes = line_notes(score, self.before[seat], self.after[seat])
        for p, card in enumerate(layout.cards):
            surface.blit(self.app.cards.face(card.token, (card_w, card_h)), rects[p])
            if card is Card.HAZARD:
                theme.glow(surface, rects[p], theme.GLOW_DANGER, 3)
        for k, match in enumerate(layout.matches):
            a, b = rects[match.positions[0]], rects[match.positions[2]]
            theme.glow(surface, a.union(b), theme.GLOW_MATCH, 4)
            if match.kind is LineKind.ROW:
                at, anchor = (b.right + 5, b.centery), "midleft"
            else:
                at, anchor = (b.centerx, b.bottom + 2), "midtop"
            drawn = draw_text(
                surface, signed(match.points), at, small, theme.WATER, bold=True, anchor=anchor
            )
            self.spots.append(Spot(seat, drawn.inflate(8, 4), match_note(k, match)))
        if tall:
            tx, right = body.left + 4, body.right - 4
            ty = rects[8].bottom + small + 6
        else:
            tx, right = rects[2].right + label_room, body.right - 2
            ty = body.top + max(0, (3 * card_h + 6 - text_h) // 2)
        for (label, value, bold), note in zip(lines, notes, strict=False):
            shown = round(value * t) if isinstance(value, int) else value
            text = signed(shown) if isinstance(shown, int) else shown
            room = max(20, right - tx - text_width("+88", size, bold) - 6)
            label_size = fit_size(label, size, room, bold)
            parts = [label]
            if label_size < size * 0.85 and " " in label:
                # too long for one line ("Ensimmäisenä valmis" in a narrow panel):
                # two lines of the usual size, the number on the second
                wrapped = wrap_text(label, small, room, bold)
                if len(wrapped) == 2 and " ".join(wrapped) == label:  # no word cut in two
                    parts, label_size = wrapped, small
            height = line_h * len(parts)
            self.spots.append(Spot(seat, pygame.Rect(tx - 5, ty - 2, right - tx + 10, height + 1), note))
            for k, part in enumerate(parts):
                draw_text(
                    surface,
                    ellipsize(part, label_size, room, bold),
                    (tx, ty + k * line_h),
                    label_size,
                    bold=bold,
                    anchor="topleft",
                    max_width=room,
                )
            draw_text(surface, text, (right, ty + height - line_h), size, bold=bold, anchor="topright")
            ty += height
        total_before = self.before[seat]
        total = round(total_before + (self.after[seat] - total_before) * t)
        pygame.draw.line(surface, theme.WOOD_DARK, (tx, ty), (right, ty), 1)
        self.spots.append(
            Spot(seat, pygame.Rect(tx - 5, ty + 1, right - tx + 10, size + 5), notes[-1])
        )
        draw_text(
            surface,
            _("Total"),
            (tx, ty + 2),
            size + 1,
            theme.SLATE,
            bold=True,
            anchor="topleft",
            max_width=max(20, right - tx - 40),
        )
        draw_text(
            surface,
            str(total).replace("-", "\u2013"),
            (right, ty + 2),
            size + 1,
            theme.SLATE,
            bold=True,
            anchor="topright",
        )

    def _lines(self, score: object) -> list[tuple[str, int | str, bool]]:
        from gnoming.rules import SeatRoundScore

        assert isinstance(score, SeatRoundScore)
        layout = score.layout
        hazards = layout.hazard_points
        cards = sum(layout.card_points) - hazards
        out: list[tuple[str, int | str, bool]] = [
            (_("Matches"), layout.match_points, False),
            (_("Cards"), cards, False),
        ]
        if hazards:
            out.append((_("Hazards"), hazards, False))
        if score.went_out_first:
            out.append((_("Went out first"), score.adjustment, False))
        out.append((_("Round"), score.total, True))
        return out


def draw_star(surface: pygame.Surface, centre: tuple[int, int], radius: int) -> None:
    """A gold five-pointed star with a dark outline (the winner's mark)."""
    cx, cy = centre
    points = []
    for k in range(10):
        r = radius if k % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + k * math.pi / 5
        points.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pygame.draw.polygon(surface, theme.GOLD, points)
    pygame.draw.polygon(surface, theme.WOOD_DARK, points, 1)


def nearest(places: list[pygame.Rect], here: int, direction: tuple[int, int]) -> int | None:
    """The place nearest to ``places[here]`` in ``direction`` (favouring straight lines)."""
    cx, cy = places[here].center
    dx, dy = direction
    best, best_score = None, float("inf")
    for index, rect in enumerate(places):
        if index == here:
            continue
        vx, vy = rect.centerx - cx, rect.centery - cy
        along = vx * dx + vy * dy
        if along <= 0:
            continue
        score = along + 2.5 * (abs(vx * dy) + abs(vy * dx))
        if score < best_score:
            best, best_score = index, score
    return best
