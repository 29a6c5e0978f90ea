"""Drawing the displayed table: cards, piles, grids and name plates.

Everything drawn here comes from caches (card art, text, panels, glows), so a
frame is a few dozen blits. Rects come from :mod:`gnoming.ui.table.layout`.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from gnoming.i18n import _
from gnoming.rules import Card
from gnoming.rules.scoring import LINES
from gnoming.ui import theme
from gnoming.ui.table.controller import DRAW, HAND, Target, position
from gnoming.ui.table.controller import pile as pile_target
from gnoming.ui.table.explain import MINUS
from gnoming.ui.table.layout import SeatGeometry, TableGeometry
from gnoming.ui.table.places import (
    HAND_SPOT,
    HELD,
    AtCard,
    AtLift,
    AtSeatHand,
    Hidden,
    Place,
    TopOfPile,
    place_rect,
)
from gnoming.ui.table.view import TableView
from gnoming.ui.widgets import draw_text, fit_size, render_text, text_width

if TYPE_CHECKING:
    from gnoming.ui.app import App


def card_name(card: Card) -> str:
    """A card as a player calls it: "5", "−2", "mulligan", "hazard"."""
    if card is Card.MULLIGAN:
        return _("mulligan")
    if card is Card.HAZARD:
        return _("hazard")
    return str(int(card)).replace("-", MINUS)


def short_name(name: str) -> str:
    """A long name cut to its first word for a narrow plate ("Wendeline Thorn" -> "Wendeline")."""
    first = name.split(" ")[0]
    return first if len(name) > 10 and len(first) >= 3 else name


def held_place(view: TableView) -> Place:
    """Where the card in hand shows: lifted above its old position, else in the hand
    spot for the seat at the bottom, or over the grid of the gnome that drew it."""
    held = view.held
    if held is None:
        return HAND_SPOT
    if held.position >= 0:
        return AtLift(held.seat, held.position)
    return hand_place(view, held.seat)


def hand_place(view: TableView, seat: int) -> Place:
    """Where ``seat``'s drawn card shows: the hand spot for the big seat, else at that seat."""
    return HAND_SPOT if seat in (view.bottom_seat, -1) else AtSeatHand(seat)


class Endgame(enum.Enum):
    """Where a seat stands once someone went out first (shown on its plate)."""

    WENT_OUT = "went out"
    """This seat went out first (a star stays on its portrait until the reveal)."""
    LAST_TURN = "last turn"
    """This seat still has its last turn."""
    DONE = "done"
    """This seat has played its last turn."""


@dataclass(frozen=True)
class PlateNumbers:
    """The numbers on a plate: the game total and the live round estimate."""

    total: int
    estimate: int | None
    """Points of the face-up cards with their matches (None while the round is scored)."""


@dataclass
class SeatInfo:
    """What a plate shows about a seat."""

    name: str
    subtitle: str
    short: str
    """The subtitle for a narrow plate."""
    portrait: int | None
    """Gnome portrait index; None for a person."""
    alert: bool = False
    """The subtitle is news that matters now (a friend reconnecting, a gnome standing
    in for them): drawn in red, before the endgame words."""


@dataclass
class Marks:
    """What to emphasise this frame."""

    hidden: set[Hidden] = field(default_factory=set)
    legal: set[Target] = field(default_factory=set)
    """What the player may pick now."""
    hover: Target | None = None
    focus: Target | None = None
    shake: dict[Target, int] = field(default_factory=dict)
    """Target -> x offset."""
    current_seat: int = -1
    thinking_seat: int = -1
    hint: frozenset[Target] = frozenset()
    danger: set[Place] = field(default_factory=set)
    revealing: bool = False
    """The round-end reveal is playing (the went-out marker has done its job)."""
    traces: dict[int, str] = field(default_factory=dict)
    short_traces: dict[int, str] = field(default_factory=dict)
    """The same, without how the card was drawn when a later part names it
    (words.trace_line(short=True)): used where the whole line would be small."""
    """Seat -> what it did last, in words (the line under its grid)."""


class Painter:
    def __init__(self, app: App) -> None:
        self.app = app

    # ------------------------------------------------------------------ cards

    def card_surface(
        self, card: Card | None, face_up: bool, size: tuple[int, int]
    ) -> pygame.Surface:
        if face_up and card is not None:
            return self.app.cards.face(card.token, size)
        return self.app.cards.back(size)

    def draw_card(
        self,
        surface: pygame.Surface,
        card: Card | None,
        face_up: bool,
        rect: pygame.Rect,
        *,
        base: tuple[int, int] | None = None,
        scale_x: float = 1.0,
        alpha: int = 255,
        shadow: bool = False,
    ) -> None:
        """Draw a card into ``rect``; ``base`` is a cached art size to scale from
        (flying cards change size), ``scale_x`` narrows it for a turn-over."""
        size = base or rect.size
        image = self.card_surface(card, face_up, size)
        w = max(1, round(rect.width * abs(scale_x)))
        if (w, rect.height) != image.get_size():
            image = pygame.transform.scale(image, (w, rect.height))
        elif alpha < 255:
            image = image.copy()
        if alpha < 255:
            image.set_alpha(alpha)
        if shadow:
            pygame.draw.rect(
                surface,
                theme.SLATE_DARK,
                rect.move(3, 4).inflate(-rect.w // 8, -4),
                border_radius=max(2, rect.w // 10),
            )
        surface.blit(image, image.get_rect(center=rect.center))

    def slot(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        pygame.draw.rect(surface, theme.FELT_DARK, rect, 2, border_radius=max(2, rect.w // 10))

    # ------------------------------------------------------------------ table

    def draw(
        self,
        surface: pygame.Surface,
        geom: TableGeometry,
        view: TableView,
        seats: list[SeatInfo],
        marks: Marks,
        clock: float,
    ) -> None:
        theme.draw_table(surface)
        for seat in range(view.n_seats):
            self.draw_seat(surface, geom, view, seats[seat], geom.seats[seat], marks, clock)
        self.draw_piles(surface, geom, view, marks)

    def draw_held(
        self, surface: pygame.Surface, geom: TableGeometry, view: TableView, marks: Marks
    ) -> None:
        """The card in hand (drawn after the status line: a lifted card may overlap it)."""
        held = view.held
        place = held_place(view)
        if held is not None and place not in marks.hidden and HELD not in marks.hidden:
            rect = place_rect(geom, place).move(marks.shake.get(HAND, 0), 0)
            self.draw_card(surface, held.card, held.face_up, rect, shadow=True)
            if HAND in marks.legal:
                self.emphasise(surface, rect, HAND, marks)
        if held is None or place_rect(geom, place) != geom.held or HELD in marks.hidden:
            label_size = self.app.font_size(13)
            draw_text(
                surface,
                _("In hand"),
                geom.held.center,
                label_size,
                theme.GREEN_LIGHT,
                max_width=geom.held.width,
            )
            self.slot(surface, geom.held)

    def emphasise(
        self, surface: pygame.Surface, rect: pygame.Rect, name: Target, marks: Marks
    ) -> None:
        if name in marks.legal:
            strong = name == marks.hover or name == marks.focus
            theme.glow(surface, rect, theme.GLOW_LEGAL, 7 if strong else 2)
        if name in marks.hint:  # over the legal glow: the hint must stand out
            theme.glow(surface, rect.inflate(4, 4), theme.GLOW_MATCH, 6)
        if name == marks.focus:
            pygame.draw.rect(surface, theme.WHITE, rect.inflate(10, 10), 2, border_radius=6)

    def draw_piles(
        self, surface: pygame.Surface, geom: TableGeometry, view: TableView, marks: Marks
    ) -> None:
        label_size = self.app.font_size(14)
        # draw pile: a small stack whose depth follows its size
        rect = geom.draw_pile.move(marks.shake.get(DRAW, 0), 0)
        if view.draw_count > 0:
            depth = min(4, 1 + view.draw_count // 25)
            for k in range(depth - 1, -1, -1):
                self.draw_card(surface, None, False, rect.move(-2 * k, -2 * k))
        else:
            self.slot(surface, rect)
        self.emphasise(surface, rect, DRAW, marks)
        draw_text(
            surface,
            _("Draw pile ({count})").format(count=view.draw_count),
            (rect.centerx, rect.bottom + 4),
            label_size,
            theme.CREAM,
            anchor="midtop",
            max_width=rect.width + 30,
            shadow=theme.SLATE_DARK,
        )
        for index in (0, 1):
            name = pile_target(index)
            rect = geom.discards[index].move(marks.shake.get(name, 0), 0)
            cards = view.discards[index]
            if TopOfPile(index) in marks.hidden:
                cards = cards[:-1]
            self.slot(surface, rect)
            if len(cards) >= 2:
                self.draw_card(surface, cards[-2], True, rect.move(-3, -3))
            if cards:
                self.draw_card(surface, cards[-1], True, rect)
            self.emphasise(surface, rect, name, marks)
            label = _("Discard A") if index == 0 else _("Discard B")
            draw_text(
                surface,
                label,
                (rect.centerx, rect.bottom + 4),
                label_size,
                theme.CREAM,
                anchor="midtop",
                max_width=rect.width + 30,
                shadow=theme.SLATE_DARK,
            )

    def draw_seat(
        self,
        surface: pygame.Surface,
        geom: TableGeometry,
        view: TableView,
        info: SeatInfo,
        sg: SeatGeometry,
        marks: Marks,
        clock: float,
    ) -> None:
        seat = sg.seat
        sv = view.seats[seat]
        bottom = seat == geom.bottom_seat
        current = seat == marks.current_seat
        if current:
            pad = max(4, sg.cards[0].w // 8)
            area = sg.grid.inflate(2 * pad, 2 * pad)
            veil = pygame.Rect(area)
            pygame.draw.rect(surface, theme.FELT_LIGHT, veil, border_radius=pad * 2)
            pygame.draw.rect(surface, theme.GOLD, veil, 3, border_radius=pad * 2)
        matched: set[int] = set()
        scored = view.scored
        if scored is not None:
            layout_score = scored.result.seats[seat].layout
            matched = set(layout_score.matched_positions)
        for p in range(9):
            rect = sg.cards[p]
            name = position(p)
            if bottom:
                rect = rect.move(marks.shake.get(name, 0), 0)
            if AtCard(seat, p) in marks.hidden or not sv.dealt[p]:
                self.slot(surface, rect)
            else:
                self.draw_card(surface, sv.cards[p], sv.up[p], rect)
            if AtCard(seat, p) in marks.danger:
                theme.glow(surface, rect, theme.GLOW_DANGER, 4)
            if bottom:
                self.emphasise(surface, rect, name, marks)
        if scored is None and not marks.revealing:
            for p in view.changed(seat):
                if sv.up[p] and AtCard(seat, p) not in marks.hidden:
                    rect = sg.cards[p]
                    pygame.draw.rect(
                        surface, theme.CREAM, rect.inflate(4, 4), 2, border_radius=rect.w // 8
                    )
        trace = marks.traces.get(seat, "")
        if trace and sg.trace.w:
            size = max(11, min(self.app.font_size(13), sg.trace.h - 1))
            short = marks.short_traces.get(seat, trace)
            if short != trace and text_width(trace, size) > sg.trace.w:
                trace = short  # the whole line would be smaller or cut: the gist, readable
            draw_text(
                surface,
                ellipsize(trace, size, sg.trace.w),
                sg.trace.center,
                size,
                theme.CREAM,
                shadow=theme.SLATE_DARK,
                max_width=sg.trace.w,
            )
        if scored is not None:
            for kind, index, positions in LINES:
                if all(q in matched for q in positions) and any(
                    m.kind is kind and m.index == index
                    for m in scored.result.seats[seat].layout.matches
                ):
                    a, b = sg.cards[positions[0]], sg.cards[positions[2]]
                    theme.glow(surface, a.union(b), theme.GLOW_MATCH, 5)
        self.draw_plate(
            surface,
            sg,
            info,
            PlateNumbers(view.totals[seat], None if scored is not None else view.estimate(seat)),
            self._endgame(view, seat, marks),
            current,
            seat == marks.thinking_seat,
            clock,
        )

    @staticmethod
    def _turn_badge(sg: SeatGeometry, sub_size: int) -> tuple[pygame.Surface, pygame.Rect]:
        """The word "Turn" on its red pill, and where it goes by the plate."""
        tag = render_text(_("Turn"), max(11, sub_size), theme.CREAM, True)
        return tag, _badge_box(sg, tag)

    @staticmethod
    def _endgame(view: TableView, seat: int, marks: Marks) -> Endgame | None:
        if view.went_out_first is None or marks.revealing or view.scored is not None:
            return None
        if seat == view.went_out_first:
            return Endgame.WENT_OUT
        return Endgame.LAST_TURN if view.still_to_play(seat) else Endgame.DONE

    def draw_plate(
        self,
        surface: pygame.Surface,
        sg: SeatGeometry,
        info: SeatInfo,
        numbers: PlateNumbers,
        endgame: Endgame | None,
        current: bool,
        thinking: bool,
        clock: float,
    ) -> None:
        plate = sg.plate
        inner = theme.draw_panel(surface, plate, hover=current)
        if current:
            theme.glow(surface, plate, theme.GOLD, 4)
        portrait = sg.portrait
        if info.portrait is not None:
            surface.blit(self.app.cards.portrait(info.portrait, portrait.size), portrait)
        else:
            pygame.draw.circle(surface, theme.SLATE, portrait.center, portrait.w // 2)
            draw_text(
                surface,
                info.name[:1].upper(),
                portrait.center,
                max(10, portrait.h * 3 // 5),
                theme.CREAM,
                bold=True,
            )
        if endgame is Endgame.WENT_OUT:
            # a gold star on the portrait: it stays until the reveal
            r = max(5, portrait.w // 4)
            centre = (portrait.right - r // 2, portrait.top + r // 2)
            pygame.draw.polygon(surface, theme.GOLD, star(centre, r))
            pygame.draw.polygon(surface, theme.INK, star(centre, r), 1)
        left = portrait.right + 5
        text_w = inner.right - left - 2
        # two lines that meet at the middle of the plate and never overlap
        name_size = max(10, min(self.app.font_size(16), plate.h * 9 // 20, inner.h // 2 + 1))
        sub_size = max(10, min(self.app.font_size(13), plate.h * 7 // 20, inner.h // 2))
        wide = plate.w >= round(200 * self.app.ui_scale)
        high = render_text("Ag", name_size, theme.INK, True).get_height()
        low = render_text("Ag", sub_size, theme.INK).get_height()
        spare = max(0, inner.h - high - low)
        line1 = inner.centery - 1 - spare // 6  # the bottom of the first line
        line2 = inner.centery - 1 + spare // 6  # the top of the second
        total_text = _("{points} pts").format(points=points_text(numbers.total))
        total_img = render_text(total_text, name_size, theme.SLATE, True)
        total_box = total_img.get_rect(bottomright=(inner.right - 2, line1))
        surface.blit(total_img, total_box)
        room = max(10, text_w - total_img.get_width() - 6)
        name = info.name
        if fit_size(name, name_size, room, bold=True) < name_size * 0.85:
            name = short_name(name)
        name_size = fit_size(name, name_size, room, bold=True)
        draw_text(
            surface,
            ellipsize(name, name_size, room, bold=True),
            (left, line1),
            name_size,
            bold=True,
            anchor="bottomleft",
            max_width=room,
        )
        badge = self._turn_badge(sg, sub_size) if current else None
        estimate_right = inner.right - 2
        if badge is not None and badge[1].top < inner.bottom and badge[1].left < inner.right:
            estimate_right = min(estimate_right, badge[1].left - 3)  # the badge covers the corner
        right_w = 0
        if numbers.estimate is not None:
            estimate = points_text(numbers.estimate)
            half = max(10, text_w // 2)
            text = "~" + estimate
            if wide:
                long = _("this round ~{points}").format(points=estimate)
                if text_width(long, fit_size(long, sub_size, half, bold=True), True) <= half:
                    text = long
            size = fit_size(text, sub_size, half, bold=True)
            shown = draw_text(
                surface,
                text,
                (estimate_right, line2),
                size,
                theme.SLATE,
                bold=True,
                anchor="topright",
                max_width=half,
            )
            right_w = inner.right - shown.left + 4
        sub_room = max(10, text_w - right_w)
        if info.alert:
            subtitle = info.subtitle if wide else info.short
            size = fit_size(subtitle, sub_size, sub_room, bold=True)
            draw_text(
                surface,
                ellipsize(subtitle, size, sub_room, bold=True),
                (left, line2),
                size,
                theme.HAT_RED,
                bold=True,
                anchor="topleft",
                max_width=sub_room,
            )
        elif endgame is not None:
            words, colour = {
                Endgame.WENT_OUT: (_("Went out!"), theme.HAT_RED),
                Endgame.LAST_TURN: (_("Last turn"), theme.WOOD_DARK),
                Endgame.DONE: (_("Done"), theme.STONE_DARK),
            }[endgame]
            size = fit_size(words, sub_size, sub_room, bold=True)
            draw_text(
                surface,
                ellipsize(words, size, sub_room, bold=True),
                (left, line2),
                size,
                colour,
                bold=True,
                anchor="topleft",
                max_width=sub_room,
            )
        else:
            subtitle = info.subtitle if wide else info.short
            size = fit_size(subtitle, sub_size, sub_room)
            draw_text(
                surface,
                ellipsize(subtitle, size, sub_room),
                (left, line2),
                size,
                theme.WOOD_DARK,
                anchor="topleft",
                max_width=sub_room,
            )
        if current:
            # not by colour alone: the word "Turn", and an arrow where there is room for it
            h = plate.h
            if arrow_fits(sg):
                tip = (plate.left - 4, plate.centery)
                arrow = [
                    tip,
                    (tip[0] - h // 2, tip[1] - h // 3),
                    (tip[0] - h // 2, tip[1] + h // 3),
                ]
                pygame.draw.polygon(surface, theme.HAT_RED, arrow)
                pygame.draw.polygon(surface, theme.CREAM, arrow, 2)
            assert badge is not None
            tag, box = badge
            pygame.draw.rect(surface, theme.HAT_RED, box, border_radius=box.h // 2)
            surface.blit(tag, tag.get_rect(center=box.center))
        if thinking:
            # a speech bubble with three dots rising in turn, by the portrait
            r = max(2, plate.h // 12)
            bubble = pygame.Rect(0, 0, 11 * r, 5 * r)
            # astride the plate's top edge over the portrait, clear of the name
            # (and of the status line above the big plate)
            bubble.midbottom = (portrait.centerx + r, plate.top + r)
            bubble.top = max(bubble.top, plate.top - bubble.h // 2, 0)
            pygame.draw.rect(surface, theme.WHITE, bubble, border_radius=bubble.h // 2)
            pygame.draw.rect(surface, theme.INK, bubble, 1, border_radius=bubble.h // 2)
            for k in range(3):
                lift = max(0.0, math.sin(clock * 5 - k * 0.9))
                centre = (
                    bubble.left + 3 * r + k * 5 * r // 2,
                    bubble.centery - round(lift * r * 0.8),
                )
                pygame.draw.circle(surface, theme.INK, centre, r)


def _badge_box(sg: SeatGeometry, tag: pygame.Surface) -> pygame.Rect:
    plate = sg.plate
    box = tag.get_rect().inflate(10, 2)
    if sg.big:
        box.midtop = (plate.right - box.w // 2 - 4, plate.bottom - 2)
    else:
        box.midleft = (plate.right - 2, plate.bottom - 2)
        box.right = min(box.right, sg.slot.right)
        box.bottom = min(box.bottom, sg.grid.top + box.h // 2)
    return box


def arrow_fits(sg: SeatGeometry) -> bool:
    """There is room left of the plate, inside the seat's own share of the table, for
    the turn arrow (never over a neighbour's points, the frame or a card)."""
    return sg.plate.left - sg.slot.left >= sg.plate.h // 2 + 8


def star(centre: tuple[int, int], r: int) -> list[tuple[int, int]]:
    """A five-pointed star around ``centre`` with outer radius ``r``."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append(
            (
                round(centre[0] + radius * math.cos(angle)),
                round(centre[1] + radius * math.sin(angle)),
            )
        )
    return points


def ellipsize(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text`` cut at a word (or a letter) with "…" so that it fits ``max_width`` at
    the smallest size the table uses."""
    small = fit_size(text, size, max_width, bold)
    if text_width(text, small, bold) <= max_width:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        cut = " ".join(words).rstrip(",.:;") + "\u2026"
        if text_width(cut, fit_size(cut, size, max_width, bold), bold) <= max_width:
            return cut
    cut = text
    while len(cut) > 1:
        cut = cut[:-1]
        if text_width(cut + "\u2026", fit_size(cut, size, max_width, bold), bold) <= max_width:
            return cut + "\u2026"
    return cut


def points_text(points: int) -> str:
    """Points with the table's one minus sign ("–3")."""
    return str(points).replace("-", MINUS)
