"""The new-game screen: who sits at the table (2 to 7 seats, each a person or a
computer gnome), how well each gnome plays, and who starts.

It opens with the table the player chose last time (at first: you and three
gnomes) and the Start button focused, so one click or one Enter starts a game.

Keyboard: the arrow keys move the focus between rows and along a row; Enter or
Space changes the focused choice (Shift goes backwards) or presses the button;
on a person's name, Enter starts typing and Enter again finishes. Insert (or +)
adds a gnome, Delete removes the focused seat. Esc goes back.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from gnoming.i18n import _
from gnoming.options import DIFFICULTIES, MAX_SEATS, MIN_SEATS, difficulty_label
from gnoming.store.settings import DEFAULT_SEATS, MAX_NAME_LENGTH, SeatSpec
from gnoming.ui import theme
from gnoming.ui.fonts import font_for_text
from gnoming.ui.menus.characters import characters, factory_gnomes, portrait_for, trait_text
from gnoming.ui.menus.common import draw_heading, draw_key_hint, font_px, px
from gnoming.ui.scene import Scene
from gnoming.ui.session import GameConfig
from gnoming.ui.widgets import draw_focus_marks, draw_text, ellipsize, fit_size, text_width

if TYPE_CHECKING:
    from gnoming.ui.app import App


@dataclass
class Cell:
    """One focusable control: ``key`` says what it does, ``seat`` for which seat."""

    key: str
    seat: int
    rect: pygame.Rect


class NewGameScene(Scene):
    name = "newgame"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        seats = list(app.settings.default_seats)
        if not MIN_SEATS <= len(seats) <= MAX_SEATS:
            seats = list(DEFAULT_SEATS)
        if tuple(seats) == DEFAULT_SEATS:
            # the factory table: seat gnomes who have a face and a trait
            gnomes = iter(factory_gnomes(sum(1 for s in seats if s.kind == "gnome")))
            seats = [
                SeatSpec("gnome", next(gnomes).name, s.difficulty) if s.kind == "gnome" else s
                for s in seats
            ]
        self.seats: list[SeatSpec] = seats
        persons = [i for i, s in enumerate(seats) if s.kind == "person"]
        self.first_seat = persons[0] if persons else 0
        self.editing: int | None = None
        self.hover: tuple[int, int] | None = None
        self.rows: list[list[Cell]] = []
        self.focus = (0, 0)
        self.resize(app.size)
        self.focus_start()

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        app = self.app
        w, h = size
        self.width = min(w - px(app, 80), px(app, 1060))
        self.left = (w - self.width) // 2
        self.header_y = px(app, 112)
        self._layout()

    def resize_rows(self) -> None:
        """Rows are taller while there are few seats (room for each gnome's trait)."""
        app = self.app
        available = app.size[1] - self.header_y - px(app, 30) - px(app, 108) - px(app, 58)
        self.row_h = min(px(app, 74), available // max(len(self.seats), 5))
        self.row_gap = max(3, self.row_h // 9)

    def _columns(self) -> dict[str, tuple[int, int]]:
        """Left edge and width of each column, from fractions of the content width."""
        parts = (
            ("number", 0.05),
            ("kind", 0.15),
            ("who", 0.47),
            ("difficulty", 0.14),
            ("starts", 0.13),
            ("remove", 0.06),
        )
        gap = px(self.app, 10)
        usable = self.width - gap * (len(parts) - 1)
        columns: dict[str, tuple[int, int]] = {}
        x = self.left
        for key, fraction in parts:
            width = round(usable * fraction)
            columns[key] = (x, width)
            x += width + gap
        return columns

    def _layout(self) -> None:
        self.resize_rows()
        app = self.app
        w, h = app.size
        columns = self._columns()
        self.columns = columns
        rows: list[list[Cell]] = []
        top = self.header_y + px(app, 30)
        inset = max(3, self.row_h // 10)
        for seat_index, seat in enumerate(self.seats):
            y = top + seat_index * (self.row_h + self.row_gap)
            row: list[Cell] = []
            for key in ("kind", "who", "difficulty", "starts", "remove"):
                if key == "difficulty" and seat.kind == "person":
                    continue
                if key == "remove" and len(self.seats) <= MIN_SEATS:
                    continue
                x, width = columns[key]
                row.append(
                    Cell(key, seat_index, pygame.Rect(x, y + inset, width, self.row_h - 2 * inset))
                )
            rows.append(row)
        self.seat_rows_bottom = top + len(self.seats) * (self.row_h + self.row_gap)
        button_h = px(app, 48)
        if len(self.seats) < MAX_SEATS:
            add = pygame.Rect(0, 0, min(px(app, 300), self.width // 3), px(app, 42))
            add.topleft = (columns["kind"][0], self.seat_rows_bottom + px(app, 6))
            rows.append([Cell("add", -1, add)])
        bar_y = h - px(app, 40) - button_h - px(app, 24)
        back = pygame.Rect(0, 0, px(app, 200), button_h)
        start = pygame.Rect(0, 0, px(app, 300), button_h)
        back.topleft = (self.left, bar_y)
        start.topright = (self.left + self.width, bar_y)
        rows.append([Cell("back", -1, back), Cell("start", -1, start)])
        self.rows = rows
        focus_row = min(self.focus[0], len(rows) - 1)
        self.focus = (focus_row, min(self.focus[1], len(rows[focus_row]) - 1))

    def focus_start(self) -> None:
        self.focus = (len(self.rows) - 1, 1)

    def focused(self) -> Cell:
        row, col = self.focus
        return self.rows[row][col]

    def _focus_cell(self, key: str, seat: int) -> None:
        for r, row in enumerate(self.rows):
            for c, cell in enumerate(row):
                if cell.key == key and cell.seat == seat:
                    self.focus = (r, c)
                    return

    # ------------------------------------------------------------------ changes

    def _unused_character(self, step: int = 1, after: str | None = None) -> SeatSpec:
        """The next gnome (after ``after`` in the cycle) who is not yet at the table."""
        cast = characters()
        taken = {s.name for s in self.seats if s.kind == "gnome"}
        names = [c.name for c in cast]
        start = names.index(after) if after in names else -1 if step > 0 else 0
        for k in range(1, len(cast) + 1):
            character = cast[(start + step * k) % len(cast)]
            if character.name not in taken or character.name == after:
                return SeatSpec("gnome", character.name, character.difficulty)
        character = cast[(start + step) % len(cast)]
        return SeatSpec("gnome", character.name, character.difficulty)

    def _person_name(self) -> str:
        names = {s.name for s in self.seats}
        if "You" not in names and _("You") not in names:
            return _("You")
        n = 2
        while _("Player {number}").format(number=n) in names:
            n += 1
        return _("Player {number}").format(number=n)

    def change(self, cell: Cell, step: int = 1) -> None:
        """Do what ``cell`` does; ``step`` -1 cycles a choice backwards."""
        self.app.audio.play("click")
        key, i = cell.key, cell.seat
        if key == "kind":
            seat = self.seats[i]
            if seat.kind == "person":
                self.seats[i] = self._unused_character()
            else:
                self.seats[i] = SeatSpec("person", self._person_name(), seat.difficulty)
            self._layout()
            self._focus_cell("kind", i)
        elif key == "who":
            seat = self.seats[i]
            if seat.kind == "person":
                self.editing = i
                pygame.key.start_text_input()
            else:
                # a gnome comes with the difficulty it usually plays at; change it after
                self.seats[i] = self._unused_character(step, after=seat.name)
        elif key == "difficulty":
            seat = self.seats[i]
            index = DIFFICULTIES.index(seat.difficulty) if seat.difficulty in DIFFICULTIES else 1
            self.seats[i] = dataclasses.replace(
                seat, difficulty=DIFFICULTIES[(index + step) % len(DIFFICULTIES)]
            )
        elif key == "starts":
            self.first_seat = i
        elif key == "remove":
            self.remove_seat(i)
        elif key == "add":
            self.add_seat()
        elif key == "back":
            self.app.pop()
        elif key == "start":
            self.start()

    def add_seat(self) -> None:
        if len(self.seats) >= MAX_SEATS:
            return
        self.seats.append(self._unused_character())
        self._layout()
        if len(self.seats) >= MAX_SEATS:
            self._focus_cell("kind", len(self.seats) - 1)

    def remove_seat(self, index: int) -> None:
        if len(self.seats) <= MIN_SEATS:
            return
        del self.seats[index]
        if self.first_seat > index or self.first_seat >= len(self.seats):
            self.first_seat = max(0, self.first_seat - 1)
        self._layout()
        if index < len(self.seats):
            self._focus_cell("remove", index)
            if self.focused().key != "remove":
                self._focus_cell("kind", index)
        else:
            self._focus_cell("kind", len(self.seats) - 1)

    def config(self) -> GameConfig:
        """The :class:`GameConfig` the Start button would start."""
        seed = random.SystemRandom().randrange(2**31)
        return GameConfig(tuple(self.seats), seed, self.first_seat)

    def start(self) -> None:
        seats = tuple(self.seats)
        if seats != tuple(self.app.settings.default_seats):
            self.app.update_settings(dataclasses.replace(self.app.settings, default_seats=seats))
        self.app.router.table(self.config())

    # ------------------------------------------------------------------ input

    def _finish_editing(self) -> None:
        if self.editing is None:
            return
        seat = self.seats[self.editing]
        name = " ".join(seat.name.split())[:MAX_NAME_LENGTH]
        if not name:
            name = self._person_name()
        self.seats[self.editing] = dataclasses.replace(seat, name=name)
        self.editing = None
        pygame.key.stop_text_input()

    def _handle_editing(self, event: pygame.event.Event) -> bool:
        assert self.editing is not None
        seat = self.seats[self.editing]
        if event.type == pygame.TEXTINPUT:
            name = (seat.name + event.text)[:MAX_NAME_LENGTH]
            self.seats[self.editing] = dataclasses.replace(seat, name=name)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.seats[self.editing] = dataclasses.replace(seat, name=seat.name[:-1])
            elif event.key in (
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_ESCAPE,
                pygame.K_TAB,
                pygame.K_UP,
                pygame.K_DOWN,
            ):
                self._finish_editing()
                if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                    return False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._finish_editing()
            return False
        return False

    def _at(self, position: tuple[int, int]) -> tuple[int, int] | None:
        for r, row in enumerate(self.rows):
            for c, cell in enumerate(row):
                if cell.rect.collidepoint(position):
                    return (r, c)
        return None

    def _move(self, d_row: int, d_col: int) -> None:
        row, col = self.focus
        if d_row:
            current = self.rows[row][col]
            row = (row + d_row) % len(self.rows)
            # keep the same column when the new row has it, else the nearest by x
            same = [c for c, cell in enumerate(self.rows[row]) if cell.key == current.key]
            if same:
                col = same[0]
            else:
                x = current.rect.centerx
                col = min(
                    range(len(self.rows[row])),
                    key=lambda c: abs(self.rows[row][c].rect.centerx - x),
                )
        if d_col:
            col = (col + d_col) % len(self.rows[row])
        self.focus = (row, col)

    def handle(self, event: pygame.event.Event) -> None:
        if self.editing is not None and self._handle_editing(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._at(event.pos)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            at = self._at(event.pos)
            if at is None:
                return
            self.focus = at
            cell = self.focused()
            step = -1 if event.button == 3 else 1
            if (
                cell.key == "who"
                and self.seats[cell.seat].kind == "gnome"
                and event.pos[0] < cell.rect.left + cell.rect.height
            ):
                step = -1
            self.change(cell, step)
            return
        if event.type != pygame.KEYDOWN:
            return
        key = event.key
        if key == pygame.K_ESCAPE:
            self.app.pop()
        elif key == pygame.K_UP:
            self._move(-1, 0)
        elif key == pygame.K_DOWN:
            self._move(1, 0)
        elif key == pygame.K_LEFT:
            self._move(0, -1)
        elif key == pygame.K_RIGHT:
            self._move(0, 1)
        elif key == pygame.K_TAB:
            self._tab(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.change(self.focused(), -1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_INSERT):
            self.add_seat()
        elif key == pygame.K_DELETE and self.focused().seat >= 0:
            self.remove_seat(self.focused().seat)

    def _tab(self, step: int) -> None:
        flat = [(r, c) for r, row in enumerate(self.rows) for c in range(len(row))]
        index = flat.index(self.focus)
        self.focus = flat[(index + step) % len(flat)]

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme.draw_table(surface)
        w, h = surface.get_size()
        draw_heading(
            surface, _("New game"), (w // 2, px(app, 34)), font_px(app, 44), w - px(app, 120)
        )
        small = font_px(app, 16)
        for key, text in (
            ("kind", _("Seat")),
            ("who", _("Who")),
            ("difficulty", _("Plays")),
            ("starts", _("Goes first")),
        ):
            x, width = self.columns[key]
            draw_text(
                surface,
                text,
                (x + width // 2, self.header_y),
                small,
                theme.GREEN_LIGHT,
                bold=True,
                anchor="midtop",
                max_width=width,
            )
        for seat_index in range(len(self.seats)):
            self._draw_seat(surface, seat_index)
        focus = self.focused()
        for r, row in enumerate(self.rows):
            for c, cell in enumerate(row):
                if cell.key in ("add", "back", "start"):
                    self._draw_button(surface, cell, (r, c))
        theme.glow(surface, focus.rect, theme.GLOW_LEGAL, 5)
        if focus.key in ("add", "back", "start"):
            draw_focus_marks(surface, focus.rect)
        else:
            radius = max(3, focus.rect.height // 6)
            pygame.draw.rect(
                surface, theme.GLOW_LEGAL, focus.rect.inflate(6, 6), 3, border_radius=radius
            )
            pygame.draw.rect(
                surface, theme.SLATE_DARK, focus.rect.inflate(10, 10), 1, border_radius=radius + 2
            )
        trait = trait_text(self.seats[focus.seat].name) if focus.key == "who" else ""
        if self.editing is not None:
            hint = _("Type a name · Enter: done")
        elif trait and self.seats[focus.seat].kind == "gnome":
            hint = _("{name}: {trait}").format(name=self.seats[focus.seat].name, trait=trait)
        else:
            hint = _("Arrows: move · Enter: change · Esc: back")
        draw_key_hint(surface, hint, (w // 2, h - px(app, 26)), font_px(app, 15))

    def _draw_button(self, surface: pygame.Surface, cell: Cell, at: tuple[int, int]) -> None:
        labels = {"add": _("+ Add a gnome"), "back": _("Back"), "start": _("Start the game")}
        hover = self.hover == at
        inner = theme.draw_panel(surface, cell.rect, hover=hover)
        size = font_px(self.app, 22 if cell.key == "start" else 19)
        draw_text(
            surface,
            labels[cell.key],
            inner.center,
            size,
            theme.INK,
            bold=True,
            max_width=inner.width - 8,
        )

    def _cell(self, seat: int, key: str) -> tuple[Cell, tuple[int, int]] | None:
        for r, row in enumerate(self.rows):
            for c, cell in enumerate(row):
                if cell.seat == seat and cell.key == key:
                    return cell, (r, c)
        return None

    def _draw_seat(self, surface: pygame.Surface, i: int) -> None:
        app = self.app
        seat = self.seats[i]
        found = self._cell(i, "kind")
        assert found is not None
        row_rect = pygame.Rect(
            self.left - px(app, 8),
            found[0].rect.top - max(3, self.row_h // 10),
            self.width + px(app, 16),
            self.row_h,
        )
        strip = pygame.Surface(row_rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            strip, (*theme.SLATE_DARK, 90), strip.get_rect(), border_radius=max(4, self.row_h // 5)
        )
        surface.blit(strip, row_rect)
        x, width = self.columns["number"]
        draw_text(
            surface,
            str(i + 1),
            (x + width // 2, row_rect.centery),
            font_px(app, 24),
            theme.CREAM,
            bold=True,
            max_width=width,
        )
        text = font_px(app, 19)
        for key in ("kind", "who", "difficulty", "starts", "remove"):
            found = self._cell(i, key)
            if found is None:
                continue
            cell, at = found
            hover = self.hover == at
            r = cell.rect
            if key == "kind":
                inner = theme.draw_panel(surface, r, hover=hover)
                label = _("Person") if seat.kind == "person" else _("Gnome")
                self._kind_icon(surface, seat.kind, inner)
                icon_w = inner.height
                draw_text(
                    surface,
                    label,
                    (inner.centerx + icon_w // 2, inner.centery),
                    text,
                    theme.INK,
                    bold=True,
                    max_width=inner.width - icon_w - 6,
                )
            elif key == "who":
                self._draw_who(surface, seat, i, r, hover)
            elif key == "difficulty":
                inner = theme.draw_panel(surface, r, hover=hover)
                used = self._draw_pips(surface, seat.difficulty, inner)
                room = inner.width - used - 4
                draw_text(
                    surface,
                    difficulty_label(seat.difficulty),
                    (inner.left + used + room // 2, inner.centery),
                    text,
                    theme.INK,
                    bold=True,
                    max_width=room,
                )
            elif key == "starts":
                self._draw_starts(surface, r, i == self.first_seat, hover)
            elif key == "remove":
                inner = theme.draw_panel(surface, r, hover=hover)
                s = max(4, min(inner.width, inner.height) // 4)
                c = inner.center
                for dx in (-s, s):
                    pygame.draw.line(
                        surface,
                        theme.HAT_RED,
                        (c[0] - s, c[1] - dx),
                        (c[0] + s, c[1] + dx),
                        max(2, s // 2),
                    )

    def _kind_icon(self, surface: pygame.Surface, kind: str, inner: pygame.Rect) -> None:
        """A gnome hat for a gnome, a little head and shoulders for a person, so the
        kind is told by shape as well as by word."""
        s = inner.height
        x, y = inner.left + s // 2 + 2, inner.centery
        if kind == "gnome":
            pygame.draw.polygon(
                surface,
                theme.HAT_RED,
                [(x - s * 0.3, y + s * 0.3), (x + s * 0.3, y + s * 0.3), (x, y - s * 0.38)],
            )
            pygame.draw.circle(surface, theme.CREAM, (x, y - s * 0.38), max(2, s // 12))
        else:
            pygame.draw.circle(surface, theme.SLATE, (x, y - s * 0.12), max(3, s // 6))
            pygame.draw.ellipse(
                surface, theme.SLATE, (x - s * 0.28, y + s * 0.08, s * 0.56, s * 0.32)
            )

    def _draw_pips(self, surface: pygame.Surface, difficulty: str, inner: pygame.Rect) -> int:
        """One to three filled dots before the word: the difficulty told by number
        as well; returns the width they take."""
        level = DIFFICULTIES.index(difficulty) + 1 if difficulty in DIFFICULTIES else 2
        radius = max(2, inner.height // 10)
        x = inner.left + radius + 5
        for k in range(3):
            centre = (x, inner.centery)
            if k < level:
                pygame.draw.circle(surface, theme.HAT_RED, centre, radius)
            else:
                pygame.draw.circle(surface, theme.STONE, centre, radius, 1)
            x += 2 * radius + 3
        return x - inner.left

    def _draw_who(
        self, surface: pygame.Surface, seat: SeatSpec, i: int, r: pygame.Rect, hover: bool
    ) -> None:
        app = self.app
        inner = theme.draw_panel(surface, r, hover=hover)
        name_size = font_px(app, 20)
        if seat.kind == "gnome":
            side = inner.height - 2
            portrait = app.cards.portrait(portrait_for(seat.name), (side, side))
            arrow_w = max(8, inner.height // 3)
            surface.blit(portrait, (inner.left + arrow_w + 4, inner.top + 1))
            self._arrow(surface, (inner.left + arrow_w // 2 + 2, inner.centery), arrow_w, -1)
            self._arrow(surface, (inner.right - arrow_w // 2 - 2, inner.centery), arrow_w, 1)
            text_left = inner.left + arrow_w + side + 12
            text_w = inner.right - arrow_w - 8 - text_left
            trait = trait_text(seat.name)
            name_font = font_for_text(seat.name, fit_size(seat.name, name_size, text_w, True), True)
            trait_size = max(11, fit_size(trait, font_px(app, 15), text_w))
            trait = ellipsize(trait, trait_size, text_w)
            trait_h = font_for_text(trait, trait_size).get_ascent()
            if trait and name_font.get_ascent() + trait_h + 6 <= inner.height:
                gap = (inner.height - name_font.get_ascent() - trait_h) // 3
                draw_text(
                    surface,
                    seat.name,
                    (text_left, inner.top + gap - 1),
                    name_size,
                    theme.INK,
                    bold=True,
                    anchor="topleft",
                    max_width=text_w,
                )
                draw_text(
                    surface,
                    trait,
                    (text_left, inner.bottom - gap + 1),
                    trait_size,
                    theme.STONE_DARK,
                    anchor="bottomleft",
                    max_width=text_w,
                )
            else:
                draw_text(
                    surface,
                    seat.name,
                    (text_left, inner.centery),
                    name_size,
                    theme.INK,
                    bold=True,
                    anchor="midleft",
                    max_width=text_w,
                )
        else:
            text_left = inner.left + 10
            text_w = inner.width - 20
            editing = self.editing == i
            name = _(seat.name) if seat.name == "You" and not editing else seat.name
            if editing and (pygame.time.get_ticks() // 500) % 2 == 0:
                name += "|"
            drawn = draw_text(
                surface,
                name or " ",
                (text_left, inner.centery),
                name_size,
                theme.INK,
                bold=True,
                anchor="midleft",
                max_width=text_w,
            )
            if editing:
                pygame.draw.line(
                    surface,
                    theme.WOOD,
                    (text_left, drawn.bottom),
                    (inner.right - 10, drawn.bottom),
                    2,
                )
            else:
                hint = _("Enter: rename")
                free = inner.right - 10 - drawn.right - 16
                hint_size = fit_size(hint, font_px(app, 14), max(1, free))
                if free > 40 and text_width(hint, hint_size) <= free:
                    draw_text(
                        surface,
                        hint,
                        (inner.right - 10, inner.centery),
                        hint_size,
                        theme.STONE_DARK,
                        anchor="midright",
                    )

    def _arrow(
        self, surface: pygame.Surface, centre: tuple[int, int], size: int, direction: int
    ) -> None:
        x, y = centre
        s = size // 2
        points = [
            (x - direction * s // 2, y - s),
            (x + direction * s // 2, y),
            (x - direction * s // 2, y + s),
        ]
        pygame.draw.polygon(surface, theme.WOOD, points)

    def _draw_starts(
        self, surface: pygame.Surface, r: pygame.Rect, chosen: bool, hover: bool
    ) -> None:
        app = self.app
        inner = theme.draw_panel(surface, r, hover=hover)
        radius = max(5, inner.height // 4)
        centre = (inner.left + radius + 6, inner.centery)
        pygame.draw.circle(surface, theme.WOOD_DARK, centre, radius, 2)
        if chosen:
            pygame.draw.circle(surface, theme.HAT_RED, centre, radius - 4)
        label = _("First") if chosen else "—"
        draw_text(
            surface,
            label,
            (centre[0] + radius + 6, inner.centery),
            font_px(app, 17),
            theme.INK if chosen else theme.STONE,
            bold=chosen,
            anchor="midleft",
            max_width=inner.right - centre[0] - radius - 10,
        )
