"""Where everything on the table goes, as a pure function of the window size.

The seat at the bottom (a person's, or seat 0 when every seat is a gnome) gets
large cards; the other seats sit in a row across the top in seat order, each
with a name plate above its grid. Between them a status line; in the bottom
band the draw pile, the two discard piles and the card in hand on the left of
the large grid, the bottom seat's plate and the buttons on its right.

Nothing here draws or imports a scene, so tests can ask where to click:

>>> g = table_layout((960, 600), 7, bottom_seat=0)
>>> g.seats[3].cards[4].width >= 30 and g.seats[3].cards[4].height >= 42
True
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from gnoming.ui.table.controller import (
    DECLINE,
    DRAW,
    HAND,
    HINT,
    LOG,
    MENU,
    REFUSE,
    STOP,
    Target,
    pile,
    position,
)

BUTTON_ROWS: tuple[tuple[Target, ...], ...] = ((REFUSE, STOP, DECLINE), (HINT,), (LOG,), (MENU,))
"""The table's buttons, top to bottom in the right-hand column. The buttons of one row
are never shown together (each belongs to another decision), so they share a place
and no button moves when another comes or goes."""

CARD_RATIO = 7 / 5


@dataclass(frozen=True)
class SeatGeometry:
    """One seat: its nine card rects (positions 0-8, row by row) and its plate."""

    seat: int
    cards: tuple[Rect, ...]
    grid: Rect
    plate: Rect
    """Name plate: portrait, name, difficulty, running total, turn marker."""
    portrait: Rect
    big: bool
    hand: Rect
    """Where this seat's drawn card shows while it decides what to do with it."""
    trace: Rect
    """The line under the grid that says what the seat did last (empty for the big seat)."""
    slot: Rect
    """The seat's share of the table (its plate, grid and trace line stay inside)."""

    def lift(self, position: int) -> Rect:
        """Where a card lifted out of ``position`` waits: the seat's hand lane (beside the
        piles for the big seat, over its own grid for the others), so that it never
        covers the status line, a button, a plate or the card just placed."""
        return self.hand


@dataclass(frozen=True)
class TableGeometry:
    size: tuple[int, int]
    bottom_seat: int
    seats: tuple[SeatGeometry, ...]
    """Indexed by seat number."""
    big_card: tuple[int, int]
    small_card: tuple[int, int]
    draw_pile: Rect
    discards: tuple[Rect, Rect]
    held: Rect
    """The card in hand (whoever's turn it is)."""
    status: Rect
    buttons: dict[Target, Rect]
    unit: float
    """1.0 at 1280x720; scales gaps and fonts."""

    def card_size(self, seat: int) -> tuple[int, int]:
        return self.big_card if self.seats[seat].big else self.small_card

    def targets(self) -> dict[Target, Rect]:
        """Every pickable place: the piles, the card in hand, the bottom seat's nine
        positions and the buttons."""
        out = {DRAW: self.draw_pile, pile(0): self.discards[0], pile(1): self.discards[1]}
        out[HAND] = self.held
        for p, rect in enumerate(self.seats[self.bottom_seat].cards):
            out[position(p)] = rect
        out.update(self.buttons)
        return out


def _card(width: float) -> tuple[int, int]:
    w = max(8, int(width))
    return (w, round(w * CARD_RATIO))


def _grid(left: int, top: int, size: tuple[int, int], gap: int) -> tuple[Rect, ...]:
    w, h = size
    return tuple(
        Rect(left + (p % 3) * (w + gap), top + (p // 3) * (h + gap), w, h) for p in range(9)
    )


def felt_rect(size: tuple[int, int]) -> Rect:
    """The playing area inside the wooden rail (theme.table_surface draws the rail)."""
    w, h = size
    unit = max(1.0, min(w, h) / 720)
    inset = round(10 * unit) + round(18 * unit) + 4
    return Rect(inset, inset, w - 2 * inset, h - 2 * inset)


def table_layout(size: tuple[int, int], n_seats: int, bottom_seat: int = 0) -> TableGeometry:
    """The geometry of a table of ``n_seats`` at window ``size``, ``bottom_seat`` large."""
    width, height = max(size[0], 320), max(size[1], 240)
    unit = min(width / 1280, height / 720)
    felt = felt_rect((width, height))
    gap_small = max(3, round(5 * unit))
    gap_big = max(4, round(8 * unit))
    pad = max(4, round(8 * unit))

    others = [(bottom_seat + k) % n_seats for k in range(1, n_seats)]
    status_h = max(34, round(42 * unit))
    plate_h = max(36, round(40 * unit))
    trace_h = max(13, round(17 * unit))
    top_h = round(felt.height * (0.42 if len(others) > 3 else 0.40))

    # opponents across the top
    slot_w = felt.width / max(1, len(others))
    by_width = (slot_w - 2 * pad - 2 * gap_small) / 3
    by_height = (top_h - plate_h - trace_h - 2 * pad - 2 * gap_small) / 3 / CARD_RATIO
    bottom_h = felt.height - top_h - status_h
    by_band = (bottom_h - 2 * pad - 2 * gap_big) / 3 / CARD_RATIO
    by_room = (felt.width - 2 * pad - 12 * max(6, round(12 * unit))) / 11  # piles, grid, hand
    big = _card(min(by_band, by_room, 140 * max(unit, 0.75)))
    small = _card(min(by_width, by_height, big[0] * 0.8))

    seats: dict[int, SeatGeometry] = {}
    grid_w = 3 * small[0] + 2 * gap_small
    grid_h = 3 * small[1] + 2 * gap_small
    for k, seat in enumerate(others):
        cx = round(felt.left + slot_w * (k + 0.5))
        plate_w = min(round(slot_w) - 2 * pad, max(grid_w + 2 * pad, round(320 * unit)))
        plate = Rect(0, felt.top + pad // 2, plate_w, plate_h)
        plate.centerx = cx
        top = plate.bottom + gap_small
        cards = _grid(cx - grid_w // 2, top, small, gap_small)
        portrait = Rect(plate.left + 3, plate.top + 3, plate_h - 6, plate_h - 6)
        grid_rect = Rect(cx - grid_w // 2, top, grid_w, grid_h)
        hand = Rect(0, 0, *small)
        hand.center = grid_rect.center
        trace = Rect(0, grid_rect.bottom + 1, round(slot_w) - pad, trace_h)
        trace.centerx = cx
        slot = Rect(round(felt.left + slot_w * k), felt.top, round(slot_w), top_h)
        seats[seat] = SeatGeometry(
            seat, cards, grid_rect, plate, portrait, False, hand, trace, slot
        )

    # status line
    status = Rect(felt.left + pad, felt.top + top_h, felt.width - 2 * pad, status_h - 4)

    # the bottom seat, large and centred
    band_top = status.bottom + pad
    big_w = 3 * big[0] + 2 * gap_big
    big_h = 3 * big[1] + 2 * gap_big
    grid = Rect(0, band_top, big_w, big_h)
    grid.centerx = felt.centerx
    seats[bottom_seat] = SeatGeometry(
        bottom_seat,
        _grid(grid.left, grid.top, big, gap_big),
        grid,
        Rect(0, 0, 0, 0),
        Rect(0, 0, 0, 0),
        True,
        Rect(0, 0, 0, 0),
        Rect(0, 0, 0, 0),
        Rect(0, 0, 0, 0),
    )

    # piles and the card in hand, left of the big grid
    pile = big
    left_w = grid.left - felt.left
    pile_gap = max(6, min(round(18 * unit), (left_w - 4 * pile[0]) // 5))
    pile_y = grid.top + round(big_h * 0.14)
    x = grid.left - pile_gap * 2 - pile[0]
    held = Rect(x, pile_y - round(pile[1] * 0.12), *pile)
    x -= pile_gap * 2
    discard_b = Rect(x - pile[0], pile_y, *pile)
    discard_a = Rect(discard_b.left - pile_gap - pile[0], pile_y, *pile)
    draw_pile = Rect(discard_a.left - pile_gap - pile[0], pile_y, *pile)

    # bottom seat's plate and the buttons, right of the big grid
    right_l = grid.right + 2 * pad
    right_w = felt.right - pad - right_l
    bplate = Rect(right_l, grid.top, min(right_w, round(260 * max(unit, 0.8))), plate_h + 6)
    portrait = Rect(bplate.left + 3, bplate.top + 3, bplate.height - 6, bplate.height - 6)
    seats[bottom_seat] = SeatGeometry(
        bottom_seat,
        seats[bottom_seat].cards,
        grid,
        bplate,
        portrait,
        True,
        held,
        Rect(0, 0, 0, 0),
        Rect(grid.right, grid.top, felt.right - grid.right, grid.h),
    )
    button_h = max(30, round(40 * unit))
    button_w = min(right_w, round(220 * max(unit, 0.8)))
    buttons: dict[Target, Rect] = {}
    y = bplate.bottom + pad * 2 + round(16 * max(unit, 0.8))  # room for the turn tag
    for row in BUTTON_ROWS:
        for button in row:
            buttons[button] = Rect(right_l, y, button_w, button_h)
        y += button_h + pad

    return TableGeometry(
        size=(width, height),
        bottom_seat=bottom_seat,
        seats=tuple(seats[s] for s in range(n_seats)),
        big_card=big,
        small_card=small,
        draw_pile=draw_pile,
        discards=(discard_a, discard_b),
        held=held,
        status=status,
        buttons=buttons,
        unit=unit,
    )
