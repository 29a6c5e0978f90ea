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
from gnoming.options import DIFFICULTIES, MAX_SEATS, MIN_SEATS, Difficulty, difficulty_label
from gnoming.store.saves import has_saved_game
from gnoming.store.settings import DEFAULT_SEATS, MAX_NAME_LENGTH, SeatSpec
from gnoming.ui import theme
from gnoming.ui.menus.characters import characters, factory_gnomes, portrait_for, trait_text
from gnoming.ui.menus.common import draw_heading, draw_key_hint, font_px, px, unit
from gnoming.ui.scene import Scene
from gnoming.ui.session import GameConfig
from gnoming.ui.widgets import (
    draw_focus_marks,
    draw_text,
    draw_text_in,
    ellipsize,
    fit_size,
    text_width,
)

if TYPE_CHECKING:
    from gnoming.ui.app import App


COLUMNS: tuple[tuple[str, float], ...] = (
    ("number", 0.05),
    ("kind", 0.15),
    ("who", 0.47),
    ("difficulty", 0.14),
    ("starts", 0.13),
    ("remove", 0.06),
)
"""The columns of a seat row, as fractions of the content width."""


@dataclass(frozen=True)
class NewGameLayout:
    """Every box of the New game screen for one window size and number of seats."""

    heading: pygame.Rect
    content: pygame.Rect
    """The width the seat rows and the button bar share."""
    headers: dict[str, pygame.Rect]
    """Column headings (and column extents) by column key."""
    strips: tuple[pygame.Rect, ...]
    """One dark strip behind each seat row; it holds that row's cells."""
    number: tuple[pygame.Rect, ...]
    kind: tuple[pygame.Rect, ...]
    who: tuple[pygame.Rect, ...]
    difficulty: tuple[pygame.Rect, ...]
    starts: tuple[pygame.Rect, ...]
    remove: tuple[pygame.Rect, ...]
    back: pygame.Rect
    add: pygame.Rect
    seed: pygame.Rect
    start: pygame.Rect
    hint: pygame.Rect
    """The key hint line at the bottom."""
    holders: tuple[str, ...] = ("content", "strips")


def newgame_layout(size: tuple[int, int], scale: float, seats: int) -> NewGameLayout:
    """Lay out New game for a window of ``size`` at ``scale`` (1.0 at 1280x720).

    The seat rows share the room between the column headings and the button bar
    (Back, + Add a gnome, the seed, Start), which stays clear of the windmill and
    the flag in the corners of the felt; seven rows fit at 960x600.
    """

    def px(value: float) -> int:
        return max(1, round(value * scale))

    w, h = size
    width = min(w - px(80), px(1060))
    left = (w - width) // 2
    content = pygame.Rect(left, 0, width, h)
    heading = pygame.Rect(0, 0, w - px(120), px(56))
    heading.midtop = (w // 2, px(34))
    windmill, flag = theme.decoration_rects(size)
    bar_h = px(48)
    bar_y = h - px(112)
    bar_left = max(left, flag.right + px(12))
    bar_right = min(left + width, windmill.left - px(12))
    gap = px(14)
    room = bar_right - bar_left - 3 * gap
    widths = [round(room * f) for f in (0.19, 0.26, 0.22)]
    widths.append(room - sum(widths))
    bar: list[pygame.Rect] = []
    x = bar_left
    for bw in widths:
        bar.append(pygame.Rect(x, bar_y, bw, bar_h))
        x += bw + gap
    back, add, seed, start = bar
    header_y = px(112)
    column_gap = px(10)
    usable = width - column_gap * (len(COLUMNS) - 1)
    headers: dict[str, pygame.Rect] = {}
    x = left
    for key, fraction in COLUMNS:
        cw = round(usable * fraction)
        headers[key] = pygame.Rect(x, header_y, cw, px(22))
        x += cw + column_gap
    top = header_y + px(30)
    bottom = min(bar_y, windmill.top) - px(8)
    pitch = min(px(82), (bottom - top) // max(seats, 5))
    row_gap = max(3, pitch // 9)
    row_h = pitch - row_gap
    inset = max(3, row_h // 10)
    strips = []
    columns: dict[str, list[pygame.Rect]] = {key: [] for key, _f in COLUMNS}
    for index in range(seats):
        y = top + index * pitch
        strips.append(pygame.Rect(left - px(8), y, width + px(16), row_h))
        for key, _fraction in COLUMNS:
            head = headers[key]
            columns[key].append(pygame.Rect(head.left, y + inset, head.width, row_h - 2 * inset))
    hint = pygame.Rect(0, 0, w - px(80), px(22))
    hint.midbottom = (w // 2, h - px(26))
    return NewGameLayout(
        heading=heading,
        content=content,
        headers=headers,
        strips=tuple(strips),
        number=tuple(columns["number"]),
        kind=tuple(columns["kind"]),
        who=tuple(columns["who"]),
        difficulty=tuple(columns["difficulty"]),
        starts=tuple(columns["starts"]),
        remove=tuple(columns["remove"]),
        back=back,
        add=add,
        seed=seed,
        start=start,
        hint=hint,
    )


@dataclass
class Cell:
    """One focusable control: ``key`` says what it does, ``seat`` for which seat."""

    key: str
    seat: int
    rect: pygame.Rect


MAX_SEED_DIGITS = 9
"""A typed seed stays below 10**9 (the random ones are below 2**31)."""

BAR_KEYS = ("back", "add", "seed", "start")
"""The cells of the button bar under the seat rows."""


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
        self.seed: int | None = app.options.seed
        """The shuffle seed of the game to start; None: a random one at Start."""
        self.editing_seed = False
        self.seed_text = ""
        players = app.options.players
        if players is not None:
            while len(self.seats) < players:
                self.seats.append(self._new_gnome())
            del self.seats[players:]
            if self.first_seat >= players:
                self.first_seat = 0
        self.hover: tuple[int, int] | None = None
        self.rows: list[list[Cell]] = []
        self.focus = (0, 0)
        self.resize(app.size)
        self.focus_start()

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        self._layout()

    def layout(self) -> NewGameLayout:
        """Where everything is now (the layout audit reads it)."""
        return self.geometry

    def _layout(self) -> None:
        app = self.app
        self.geometry = newgame_layout(app.size, unit(app), len(self.seats))
        g = self.geometry
        self.left, self.width = g.content.left, g.content.width
        self.header_y = g.headers["kind"].top
        self.row_h = g.strips[0].height if g.strips else 0
        self.columns = {key: (rect.left, rect.width) for key, rect in g.headers.items()}
        rows: list[list[Cell]] = []
        for seat_index, seat in enumerate(self.seats):
            row: list[Cell] = []
            for key, column in (
                ("kind", g.kind),
                ("who", g.who),
                ("difficulty", g.difficulty),
                ("starts", g.starts),
                ("remove", g.remove),
            ):
                if key == "difficulty" and seat.kind != "gnome":
                    continue
                if key == "remove" and len(self.seats) <= MIN_SEATS:
                    continue
                row.append(Cell(key, seat_index, column[seat_index]))
            rows.append(row)
        bar = [Cell("back", -1, g.back)]
        if len(self.seats) < MAX_SEATS:
            bar.append(Cell("add", -1, g.add))
        bar += [Cell("seed", -1, g.seed), Cell("start", -1, g.start)]
        rows.append(bar)
        self.rows = rows
        focus_row = min(self.focus[0], len(rows) - 1)
        self.focus = (focus_row, min(self.focus[1], len(rows[focus_row]) - 1))

    def focus_start(self) -> None:
        self.focus = (len(self.rows) - 1, len(self.rows[-1]) - 1)

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
            kinds = ("person", "gnome", "friend")
            kind = kinds[(kinds.index(seat.kind) + step) % len(kinds)]
            if kind == "gnome":
                self.seats[i] = self._new_gnome()
            elif kind == "friend":  # joins over the network: New game then hosts the table
                self.seats[i] = SeatSpec("friend", "Friend", seat.difficulty)
            else:
                self.seats[i] = SeatSpec("person", self._person_name(), seat.difficulty)
            self._layout()
            self._focus_cell("kind", i)
        elif key == "who":
            seat = self.seats[i]
            if seat.kind == "person":
                self.editing = i
                pygame.key.start_text_input()
            elif seat.kind == "gnome":
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
        elif key == "seed":
            self.editing_seed = True
            self.seed_text = "" if self.seed is None else str(self.seed)
            pygame.key.start_text_input()
        elif key == "back":
            self.app.pop()
        elif key == "start":
            self.start()

    def gnome_level(self) -> Difficulty:
        """The level a new gnome plays at: the one most gnomes at the table play at
        (the higher on a tie); Medium at a table with no gnome."""
        levels = [s.difficulty for s in self.seats if s.kind == "gnome"]
        if not levels:
            return "medium"
        return max(DIFFICULTIES, key=lambda d: (levels.count(d), DIFFICULTIES.index(d)))

    def _new_gnome(self) -> SeatSpec:
        """A gnome not yet at the table, playing at the level of the others."""
        return dataclasses.replace(self._unused_character(), difficulty=self.gnome_level())

    def add_seat(self) -> None:
        if len(self.seats) >= MAX_SEATS:
            return
        self.seats.append(self._new_gnome())
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
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)
        return GameConfig(tuple(self.seats), seed, self.first_seat)

    def start(self) -> None:
        """Start the game; first ask when it would replace an unfinished saved
        game (a table with a person or friends saves where Continue looks)."""
        saves_over = any(s.kind in ("person", "friend") for s in self.seats)
        if saves_over and has_saved_game(self.app.data_dir):
            self.app.router.confirm(
                lambda: _("Start a new game?"),
                lambda: _(
                    "Your unfinished game will be replaced: Continue on the title screen "
                    "will pick up the new one."
                ),
                lambda: _("Start the game"),
                lambda: _("Back"),
                self._start_over_the_saved_game,
            )
            return
        self._start_now()

    def _start_over_the_saved_game(self) -> None:
        self.app.pop()  # the question
        self._start_now()

    def _start_now(self) -> None:
        seats = tuple(self.seats)
        if seats != tuple(self.app.settings.default_seats):
            self.app.update_settings(dataclasses.replace(self.app.settings, default_seats=seats))
        if any(s.kind == "friend" for s in seats):
            self.app.router.host(self.config())  # friends join over the network
        else:
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

    def _finish_seed(self) -> None:
        self.editing_seed = False
        self.seed = int(self.seed_text) if self.seed_text else None
        pygame.key.stop_text_input()

    def _handle_seed(self, event: pygame.event.Event) -> bool:
        """Typing the seed: digits, Backspace, Delete (back to a random seed), Enter."""
        if event.type == pygame.TEXTINPUT:
            digits = "".join(ch for ch in event.text if ch.isdigit())
            self.seed_text = (self.seed_text + digits)[:MAX_SEED_DIGITS]
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.seed_text = self.seed_text[:-1]
            elif event.key == pygame.K_DELETE:
                self.seed_text = ""
            elif event.key in (
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_ESCAPE,
                pygame.K_TAB,
                pygame.K_UP,
                pygame.K_DOWN,
            ):
                self._finish_seed()
                if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB):
                    return False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN:
            self._finish_seed()
            return False
        return False

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
        if self.editing_seed and self._handle_seed(event):
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
                if cell.key in BAR_KEYS:
                    self._draw_button(surface, cell, (r, c))
        theme.glow(surface, focus.rect, theme.GLOW_LEGAL, 5)
        if focus.key in BAR_KEYS:
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
        if self.editing_seed:
            hint = _("Type a seed (digits) · Enter: done · Delete: a random seed")
        elif self.editing is not None:
            hint = _("Type a name · Enter: done")
        elif trait and self.seats[focus.seat].kind == "gnome":
            hint = _("{name}: {trait}").format(name=self.seats[focus.seat].name, trait=trait)
        else:
            hint = _("Arrows: move · Enter: change · Esc: back")
        draw_key_hint(surface, hint, (w // 2, h - px(app, 26)), font_px(app, 15))

    def seed_label(self) -> str:
        if self.editing_seed:
            shown = self.seed_text + ("|" if (pygame.time.get_ticks() // 500) % 2 == 0 else " ")
            return _("Seed: {seed}").format(seed=shown)
        if self.seed is None:
            return _("Seed: random")
        return _("Seed: {seed}").format(seed=self.seed)

    def _draw_button(self, surface: pygame.Surface, cell: Cell, at: tuple[int, int]) -> None:
        labels = {
            "add": _("+ Add a gnome"),
            "back": _("Back"),
            "seed": self.seed_label(),
            "start": _("Start the game"),
        }
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
        row_rect = self.geometry.strips[i]
        strip = pygame.Surface(row_rect.size, pygame.SRCALPHA)
        pygame.draw.rect(
            strip, (*theme.SLATE_DARK, 90), strip.get_rect(), border_radius=max(4, self.row_h // 5)
        )
        surface.blit(strip, row_rect)
        number = self.geometry.number[i]
        draw_text(
            surface,
            str(i + 1),
            number.center,
            font_px(app, 24),
            theme.CREAM,
            bold=True,
            max_width=number.width,
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
                label = {"person": _("Person"), "gnome": _("Gnome")}.get(seat.kind, _("Friend"))
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
            colour = theme.WATER if kind == "friend" else theme.SLATE
            pygame.draw.circle(surface, colour, (x, y - s * 0.12), max(3, s // 6))
            pygame.draw.ellipse(
                surface, colour, (x - s * 0.28, y + s * 0.08, s * 0.56, s * 0.32)
            )
            if kind == "friend":  # a friend far away: two waves of a signal
                for k in (1, 2):
                    r = s * (0.08 + 0.08 * k)
                    arc = pygame.Rect(0, 0, 2 * r, 2 * r)
                    arc.center = (round(x + s * 0.12), round(y - s * 0.14))
                    pygame.draw.arc(surface, colour, arc, -0.5, 1.2, max(1, s // 16))

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
            trait_size = max(11, fit_size(trait, font_px(app, 15), text_w))
            trait = ellipsize(trait, trait_size, text_w)
            if trait and inner.height >= name_size + trait_size + px(app, 8):
                half = inner.height * 11 // 20
                name_box = pygame.Rect(text_left, inner.top + 1, text_w, half - 1)
                trait_box = pygame.Rect(
                    text_left, inner.top + half + 1, text_w, inner.height - half - 2
                )
                draw_text_in(surface, seat.name, name_box, name_size, theme.INK, bold=True)
                draw_text_in(surface, trait, trait_box, trait_size, theme.STONE_DARK)
            else:
                box = pygame.Rect(text_left, inner.top + 1, text_w, inner.height - 2)
                draw_text_in(surface, seat.name, box, name_size, theme.INK, bold=True)
        elif seat.kind == "friend":
            draw_text(
                surface,
                _("A friend joins from their own computer"),
                (inner.left + 10, inner.centery),
                font_px(app, 17),
                theme.STONE_DARK,
                anchor="midleft",
                max_width=inner.width - 20,
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
