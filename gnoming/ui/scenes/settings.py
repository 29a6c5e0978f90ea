"""The Settings screen: language, sound, animation speed, window and help options.

Every change is applied at once and saved (``app.update_settings``): a new
language shows on this very screen, large text re-lays it out.

Keyboard: Up/Down choose a row, Left/Right change it, Enter or Space toggles or
steps it on, Esc goes back. The mouse clicks the arrows, the switch, or a
point on a volume bar.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from gnoming import i18n
from gnoming.i18n import N_, _
from gnoming.options import (
    LANGUAGES,
    NETWORK_PORTS,
    SPEEDS,
    is_language,
    is_speed,
    language_label,
    speed_label,
)
from gnoming.store.settings import Settings
from gnoming.ui import theme
from gnoming.ui.menus.common import draw_board, draw_heading, draw_key_hint
from gnoming.ui.scale import Scale
from gnoming.ui.scene import ChangeSettings, Scene
from gnoming.ui.widgets import draw_focus_marks, draw_paragraph, draw_text

if TYPE_CHECKING:
    from gnoming.ui.app import App

VOLUME_STEP = 0.1


SettingValue = str | int | float | bool
"""The value of one row: a word (language, speed), a volume, or a switch."""


@dataclass(frozen=True)
class Row:
    """One setting: its field, how it is shown and changed."""

    field: str
    label: str
    """English, marked with N_; shown through _()."""
    kind: str
    """``"choice"``, ``"volume"`` or ``"switch"``."""
    help: str
    choices: tuple[str | int, ...] = ()


ROWS: tuple[Row, ...] = (
    Row(
        "language",
        N_("Language"),
        "choice",
        N_("The language of every word in the game. It changes at once."),
        LANGUAGES,
    ),
    Row(
        "sound_volume",
        N_("Effects volume"),
        "volume",
        N_("How loud the cards, clicks and fanfares are."),
    ),
    Row(
        "music_volume",
        N_("Music volume"),
        "volume",
        N_("How loud the music is. At 0 the music is off."),
    ),
    Row(
        "muted",
        N_("Mute all sound"),
        "switch",
        N_("Silences effects and music without forgetting the volumes."),
    ),
    Row(
        "animation_speed",
        N_("Animation speed"),
        "choice",
        N_("How fast cards fly. Instant shows each move at once; a click also skips ahead."),
        SPEEDS,
    ),
    Row(
        "fullscreen",
        N_("Fullscreen"),
        "switch",
        N_("Fill the whole screen. F11 switches it anywhere in the game."),
    ),
    Row(
        "reduced_motion",
        N_("Reduced motion"),
        "switch",
        N_("Cards fade into place instead of flying, bouncing or shaking; nothing flashes."),
    ),
    Row("large_text", N_("Large text"), "switch", N_("Bigger letters everywhere in the game.")),
    Row(
        "coaching",
        N_("First-game tips"),
        "switch",
        N_("Short tips at the moments that matter in your first game."),
    ),
    Row(
        "network_port",
        N_("Network port"),
        "choice",
        N_("The port a table you host listens on. Friends add it to your address."),
        NETWORK_PORTS,
    ),
)


def value_text(row: Row, value: SettingValue) -> str:
    if isinstance(value, str) and is_language(value):
        return language_label(value)
    if isinstance(value, str) and is_speed(value):
        return speed_label(value)
    if row.field == "network_port":
        return str(value)
    if row.kind == "volume":
        return _("{percent}%").format(percent=round(float(value) * 100))
    return _("On") if value else _("Off")


def changed(settings: Settings, row: Row, step: int, value: SettingValue | None = None) -> Settings:
    """``settings`` with ``row`` stepped by ``step`` (+1 right, -1 left), from
    ``value`` if given (what the screen shows), else from the setting."""
    if value is None:
        value = getattr(settings, row.field)
    if row.kind == "switch":
        new: SettingValue = not value
    elif row.kind == "volume":
        new = round(min(1.0, max(0.0, float(value) + step * VOLUME_STEP)), 2)
    else:
        index = row.choices.index(value) if value in row.choices else 0
        new = row.choices[(index + step) % len(row.choices)]
    return with_value(settings, row.field, new)


def with_value(settings: Settings, field: str, value: SettingValue) -> Settings:
    """``settings`` with one field changed; a row's kind decides its value's type,
    which a field name in a string cannot tell mypy (hence the one ignore)."""
    changes: dict[str, SettingValue] = {field: value}
    return dataclasses.replace(settings, **changes)  # type: ignore[arg-type]


class SettingsScene(Scene):
    name = "settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.focus = 0
        """Index into ROWS; ``len(ROWS)`` is the Back button."""
        self.hover: int | None = None
        self.resize(app.size)

    # ------------------------------------------------------------------ layout

    def resize(self, size: tuple[int, int]) -> None:
        self.layout = settings_layout(size, self.app.scale, len(ROWS))
        self.rows = self.layout.rows
        self.controls = self.layout.controls
        self.back_rect = self.layout.back
        self.help_rect = self.layout.help

    def arrows(self, index: int) -> tuple[pygame.Rect, pygame.Rect]:
        control = self.controls[index]
        side = control.height
        return (
            pygame.Rect(control.left, control.top, side, side),
            pygame.Rect(control.right - side, control.top, side, side),
        )

    def bar(self, index: int) -> pygame.Rect:
        """The volume bar between the arrows, leaving room for the percentage."""
        left, right = self.arrows(index)
        area = pygame.Rect(left.right + 8, left.top, right.left - left.right - 16, left.height)
        number = self.layout.number_width
        return pygame.Rect(
            area.left,
            area.centery - area.height // 6,
            area.width - number,
            max(6, area.height // 3),
        )

    # ------------------------------------------------------------------ changes

    def shown_value(self, row: Row) -> SettingValue:
        """What the row shows: the setting, except that the language is the one
        the screen speaks (``--lang`` holds for a run without being saved)."""
        if row.field == "language":
            return i18n.current_language()
        value: SettingValue = getattr(self.app.settings, row.field)
        return value

    def apply(self, settings: Settings, language_chosen: bool = False) -> None:
        spoken = settings.language == i18n.current_language()
        if settings == self.app.settings and (spoken or not language_chosen):
            return
        self.post(ChangeSettings(settings, language_chosen))
        self.app.audio.play("click")

    def change(self, index: int, step: int) -> None:
        if index >= len(ROWS):
            return
        row = ROWS[index]
        new = changed(self.app.settings, row, step, self.shown_value(row))
        self.apply(new, language_chosen=row.field == "language")

    def set_volume_at(self, index: int, x: int) -> None:
        bar = self.bar(index)
        fraction = min(1.0, max(0.0, (x - bar.left) / max(1, bar.width)))
        value = round(fraction / VOLUME_STEP) * VOLUME_STEP
        self.apply(with_value(self.app.settings, ROWS[index].field, round(value, 2)))

    def back(self) -> None:
        self.app.audio.play("click")
        self.app.router.back()

    # ------------------------------------------------------------------ input

    def _row_at(self, position: tuple[int, int]) -> int | None:
        for index, rect in enumerate(self.rows):
            if rect.collidepoint(position):
                return index
        if self.back_rect.collidepoint(position):
            return len(ROWS)
        return None

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._row_at(event.pos)
            if self.hover is not None:
                self.focus = self.hover
            hover = self.hover
            dragging = hover is not None and hover < len(ROWS) and event.buttons[0]
            if dragging and hover is not None and ROWS[hover].kind == "volume":
                self.set_volume_at(hover, event.pos[0])
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            index = self._row_at(event.pos)
            if index is None:
                return
            self.focus = index
            if index == len(ROWS):
                self.back()
                return
            self._click_row(index, event.pos)
            return
        if event.type == pygame.MOUSEWHEEL and self.focus < len(ROWS):
            self.change(self.focus, 1 if event.y > 0 else -1)
            return
        if event.type != pygame.KEYDOWN:
            return
        key = event.key
        count = len(ROWS) + 1
        if key == pygame.K_ESCAPE:
            self.back()
        elif key == pygame.K_UP or (key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
            self.focus = (self.focus - 1) % count
        elif key in (pygame.K_DOWN, pygame.K_TAB):
            self.focus = (self.focus + 1) % count
        elif key == pygame.K_LEFT:
            self.change(self.focus, -1)
        elif key == pygame.K_RIGHT:
            self.change(self.focus, 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.focus == len(ROWS):
                self.back()
            else:
                self.change(self.focus, 1)

    def _click_row(self, index: int, position: tuple[int, int]) -> None:
        row = ROWS[index]
        left, right = self.arrows(index)
        if row.kind == "switch":
            self.change(index, 1)
        elif left.collidepoint(position):
            self.change(index, -1)
        elif right.collidepoint(position):
            self.change(index, 1)
        elif row.kind == "volume" and self.bar(index).inflate(0, 20).collidepoint(position):
            self.set_volume_at(index, position[0])
        else:
            self.change(index, 1)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        theme.draw_table(surface)
        draw_heading(
            surface, _("Settings"), lay.heading.midtop, lay.heading_text, lay.heading.width
        )
        draw_board(surface, lay.board, self.app)
        pad, radius = lay.stripe_pad, lay.radius
        for index, row in enumerate(ROWS):
            rect = self.rows[index]
            if index % 2:
                stripe = rect.inflate(pad, 0)
                pygame.draw.rect(surface, (236, 226, 202), stripe, border_radius=radius)
            if index == self.focus:
                pygame.draw.rect(
                    surface, (250, 240, 200), rect.inflate(pad, 0), border_radius=radius
                )
            control = self.controls[index]
            label_w = control.left - rect.left - 2 * lay.label_pad
            draw_text(
                surface,
                _(row.label),
                (rect.left + lay.label_pad, rect.centery),
                lay.label_text,
                theme.INK,
                bold=index == self.focus,
                anchor="midleft",
                max_width=label_w,
            )
            self._draw_control(surface, index, row)
            if index == self.focus:
                theme.glow(surface, rect.inflate(pad, 0), theme.GLOW_LEGAL, 3)
                draw_focus_marks(surface, rect.inflate(pad, -lay.label_pad))
        help_text = (
            _(ROWS[self.focus].help)
            if self.focus < len(ROWS)
            else _("Back to where you came from. Everything is saved already.")
        )
        draw_paragraph(surface, help_text, self.help_rect, lay.help_text, theme.CREAM)
        inner = theme.draw_panel(surface, self.back_rect, hover=self.hover == len(ROWS))
        draw_text(
            surface,
            _("Back"),
            inner.center,
            lay.value_text,
            theme.INK,
            bold=True,
            max_width=inner.width - 8,
        )
        if self.focus == len(ROWS):
            theme.glow(surface, self.back_rect, theme.GLOW_LEGAL, 4)
            draw_focus_marks(surface, self.back_rect)
        draw_key_hint(
            surface,
            _("Up/Down: choose · Left/Right: change · Esc: back"),
            lay.key_hint,
            lay.key_text,
        )

    def _draw_arrow(self, surface: pygame.Surface, rect: pygame.Rect, direction: int) -> None:
        inner = theme.draw_panel(surface, rect)
        x, y = inner.center
        s = max(4, inner.height // 3)
        points = [
            (x - direction * s // 2, y - s),
            (x + direction * s // 2 + direction, y),
            (x - direction * s // 2, y + s),
        ]
        pygame.draw.polygon(surface, theme.WOOD_DARK, points)

    def _draw_control(self, surface: pygame.Surface, index: int, row: Row) -> None:
        value = self.shown_value(row)
        control = self.controls[index]
        text_size = self.layout.value_text
        if row.kind == "switch":
            self._draw_switch(surface, control, bool(value))
            return
        left, right = self.arrows(index)
        self._draw_arrow(surface, left, -1)
        self._draw_arrow(surface, right, 1)
        middle = pygame.Rect(
            left.right + 6, control.top, right.left - left.right - 12, control.height
        )
        if row.kind == "volume":
            bar = self.bar(index)
            radius = bar.height // 2
            pygame.draw.rect(surface, theme.STONE, bar, border_radius=radius)
            filled = bar.copy()
            filled.width = round(bar.width * float(value))
            if filled.width:
                pygame.draw.rect(surface, theme.FELT, filled, border_radius=radius)
            pygame.draw.rect(surface, theme.WOOD_DARK, bar, 1, border_radius=radius)
            knob = (bar.left + filled.width, bar.centery)
            pygame.draw.circle(surface, theme.CREAM, knob, bar.height)
            pygame.draw.circle(surface, theme.WOOD_DARK, knob, bar.height, 2)
            draw_text(
                surface,
                value_text(row, value),
                (middle.right, middle.centery),
                text_size,
                theme.INK,
                bold=True,
                anchor="midright",
                max_width=self.layout.number_width - 2,
            )
        else:
            dot = self.layout.dot
            centre = (middle.centerx, middle.centery - dot - 1)
            draw_text(
                surface,
                value_text(row, value),
                centre,
                text_size,
                theme.INK,
                bold=True,
                max_width=middle.width - 4,
            )
            self._draw_dots(surface, row, value, middle, dot)

    def _draw_dots(
        self, surface: pygame.Surface, row: Row, value: SettingValue, middle: pygame.Rect, r: int
    ) -> None:
        """Where the current choice is among all of them (one dot each)."""
        n = len(row.choices)
        gap = 4 * r
        x = middle.centerx - (n - 1) * gap // 2
        y = middle.bottom - r
        for choice in row.choices:
            if choice == value:
                pygame.draw.circle(surface, theme.HAT_RED, (x, y), r)
            else:
                pygame.draw.circle(surface, theme.STONE, (x, y), r, 1)
            x += gap

    def _draw_switch(self, surface: pygame.Surface, control: pygame.Rect, on: bool) -> None:
        h = max(12, control.height * 7 // 10)
        gap = self.layout.switch_gap
        pill = pygame.Rect(0, 0, h * 2, h)
        pill.midleft = (control.left + control.height + 6, control.centery)
        pygame.draw.rect(surface, theme.FELT if on else theme.STONE, pill, border_radius=h // 2)
        pygame.draw.rect(surface, theme.WOOD_DARK, pill, 2, border_radius=h // 2)
        knob_x = pill.right - h // 2 if on else pill.left + h // 2
        pygame.draw.circle(surface, theme.CREAM, (knob_x, pill.centery), h // 2 - 3)
        pygame.draw.circle(surface, theme.WOOD_DARK, (knob_x, pill.centery), h // 2 - 3, 1)
        draw_text(
            surface,
            _("On") if on else _("Off"),
            (pill.right + gap, pill.centery),
            self.layout.value_text,
            theme.INK,
            bold=True,
            anchor="midleft",
            max_width=control.right - pill.right - gap,
        )


@dataclass(frozen=True)
class SettingsLayout:
    """Where everything on the Settings screen goes."""

    heading: pygame.Rect
    heading_text: int
    board: pygame.Rect
    rows: tuple[pygame.Rect, ...]
    controls: tuple[pygame.Rect, ...]
    """The arrows and value (or the switch) of each row, at its right."""
    help: pygame.Rect
    """The focused row's help, under the board."""
    back: pygame.Rect
    key_hint: tuple[int, int]
    """Middle bottom of the keyboard line."""
    label_text: int
    value_text: int
    help_text: int
    key_text: int
    stripe_pad: int
    radius: int
    label_pad: int
    number_width: int
    """Room for a volume's percentage right of its bar."""
    switch_gap: int
    dot: int


def settings_layout(size: tuple[int, int], scale: Scale, row_count: int) -> SettingsLayout:
    w, h = size
    px = scale.px
    board = pygame.Rect(0, 0, min(w - px(80), px(900)), 0)
    top, bottom = px(100), h - px(150)
    board.height = bottom - top
    board.midtop = (w // 2, top)
    inner = board.inflate(-px(40), -px(24))
    row_h = inner.height // row_count
    rows = tuple(
        pygame.Rect(inner.left, inner.top + i * row_h, inner.width, row_h) for i in range(row_count)
    )
    controls = []
    for rect in rows:
        control = pygame.Rect(0, 0, inner.width * 47 // 100, max(10, row_h - px(12)))
        control.midright = (rect.right - px(6), rect.centery)
        controls.append(control)
    back = pygame.Rect(0, 0, px(220), px(48))
    back.midtop = (w // 2, board.bottom + px(56))
    help_rect = pygame.Rect(0, 0, board.width, px(44))
    help_rect.midtop = (w // 2, board.bottom + px(8))
    heading = pygame.Rect(0, px(30), w - px(120), scale.font(44))
    heading.centerx = w // 2
    return SettingsLayout(
        heading=heading,
        heading_text=scale.font(44),
        board=board,
        rows=rows,
        controls=tuple(controls),
        help=help_rect,
        back=back,
        key_hint=(w // 2, h - px(24)),
        label_text=scale.font(21),
        value_text=scale.font(20),
        help_text=scale.font(17),
        key_text=scale.font(15),
        stripe_pad=px(12),
        radius=px(6),
        label_pad=px(8),
        number_width=px(64),
        switch_gap=px(14),
        dot=max(2, px(3)),
    )
