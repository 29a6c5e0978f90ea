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
from gnoming.ui.widgets import Button, Menu, draw_text

if TYPE_CHECKING:
    from gnoming.ui.app import App
    from gnoming.ui.scenes.table import TableScene

COUNT_SECONDS = 1.2
AUTO_CONTINUE = 3.0
"""With no person at the table, a round's scoreboard moves on by itself after this."""
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
    if result.tie_break is TieBreak.LAST_ROUND:
        tie = _("Tied on total; {name} had the lowest score in round three").format(name=names[0])
    elif result.tie_break is TieBreak.SHARED:
        tie = _("Tied on total and on round three: the win is shared")
    else:
        tie = _("Lowest total wins")
    return head, tie


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
        if over is not None:
            buttons = [
                Button(lambda: _("Play again"), self.play_again),
                Button(lambda: _("Title"), self.to_title),
            ]
        else:
            buttons = [Button(lambda: _("Next round"), self.next_round)]
        self.menu = Menu(buttons)
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

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        unit = h / 720
        bw, bh = round(220 * unit), max(34, round(46 * unit))
        self.menu.layout_row(w // 2, h - bh - max(36, round(40 * unit)), bw, bh, round(16 * unit))

    # ------------------------------------------------------------------ actions

    def next_round(self) -> None:
        if not self.done:
            self.done = True
            self.app.pop()

    def play_again(self) -> None:
        self.app.router.play_again(GameConfig(self.table.feed.seats, self.table.feed.seed))

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
        w, h = surface.get_size()
        unit = h / 720
        progress = 1.0
        if self.factor > 0:
            progress = ease_out_cubic(min(1.0, self.elapsed / (COUNT_SECONDS * self.factor)))
        top = max(34, round(40 * unit))
        round_no = self.scored.result.round_index + 1
        title = rule_text("Round {number} of {rounds}: scores", number=round_no)
        draw_text(
            surface,
            title,
            (w // 2, top),
            self.app.font_size(30),
            theme.CREAM,
            bold=True,
            anchor="midtop",
            shadow=theme.SLATE_DARK,
            max_width=w - 80,
        )
        y0 = top + self.app.font_size(30) + round(10 * unit)
        if self.scored.result.ended_by_turn_limit:
            note = rule_text(
                "Everyone had {turn_limit} turns and nobody went out: the round ended there"
            )
            draw_text(
                surface,
                note,
                (w // 2, y0),
                self.app.font_size(16),
                theme.CREAM,
                anchor="midtop",
                max_width=w - 80,
            )
            y0 += self.app.font_size(16) + 6
        if self.over is not None:
            head, tie = winner_text(self.over, lambda s: self.names[s])
            draw_text(
                surface,
                head,
                (w // 2, y0),
                self.app.font_size(26),
                theme.GOLD,
                bold=True,
                anchor="midtop",
                shadow=theme.SLATE_DARK,
                max_width=w - 80,
            )
            y0 += self.app.font_size(26) + 4
            draw_text(
                surface,
                tie,
                (w // 2, y0),
                self.app.font_size(16),
                theme.CREAM,
                anchor="midtop",
                max_width=w - 80,
            )
            y0 += self.app.font_size(16) + 6
        help_size = self.app.font_size(16)
        help_h = help_size + max(14, round(18 * unit))
        help_box = pygame.Rect(0, 0, min(w - 80, round(900 * unit)), help_h)
        help_box.midbottom = (w // 2, self.menu.buttons[0].rect.top - round(8 * unit))
        bottom = help_box.top - round(6 * unit)
        self.spots = []
        self.card_rects = {}
        cols = self.n if self.n <= 4 else math.ceil(self.n / 2)
        rows = 1 if self.n <= 4 else 2
        margin = max(36, round(44 * unit))
        cell_w = (w - 2 * margin) // cols
        cell_h = (bottom - y0) // rows
        for seat in range(self.n):
            r, c = divmod(seat, cols)
            count = cols if r < rows - 1 or self.n % cols == 0 else self.n % cols
            left = margin + (w - 2 * margin - count * cell_w) // 2 + c * cell_w
            rect = pygame.Rect(left + 4, y0 + r * cell_h + 4, cell_w - 8, cell_h - 8)
            self._draw_seat(surface, seat, rect, progress)
        self._draw_active(surface)
        self._draw_help(surface, help_box, help_size)
        for index, button in enumerate(self.menu.buttons):
            focused = index == self.menu.focus and self.focus_spot is None
            button.draw(surface, index == self.menu.hover, focused, self.menu.text_size)

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
            self.spots.append(
                Spot(seat, pygame.Rect(tx - 5, ty - 2, right - tx + 10, line_h + 1), note)
            )
            shown = round(value * t) if isinstance(value, int) else value
            text = signed(shown) if isinstance(shown, int) else shown
            draw_text(
                surface,
                label,
                (tx, ty),
                size,
                bold=bold,
                anchor="topleft",
                max_width=max(20, right - tx - 40),
            )
            draw_text(surface, text, (right, ty), size, bold=bold, anchor="topright")
            ty += line_h
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
