"""First-game coaching at the table: which moment has come, and where its tip goes.

The table tells :class:`TableTips` what it sees (a person about to decide, an
event that has just played out); the tips themselves, once per game and only
while coaching is on, come from :class:`~gnoming.ui.menus.coaching.Coach`.
Only person seats are coached: with every seat a gnome nothing shows. A tip
never takes input from the table: a click on it closes it, anything the person
does closes it, and every other click goes to the table as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gnoming.rules import Card, Phase
from gnoming.rules import events as E
from gnoming.rules.scoring import LINE_POSITIONS, line_value
from gnoming.ui.menus import coaching
from gnoming.ui.menus.coaching import FIRST_BOUNCE, FIRST_DRAW, FIRST_HAZARD, FIRST_MATCH, Coach
from gnoming.ui.table.layout import felt_rect

if TYPE_CHECKING:
    from gnoming.ui.app import App
    from gnoming.ui.table.layout import TableGeometry
    from gnoming.ui.table.view import SeatView, TableView

DECISIONS = (FIRST_DRAW, FIRST_BOUNCE)
"""Moments tied to one decision: shown at once (a waiting tip steps back), never kept
for later, when they would no longer be true."""


def has_match(seat: SeatView) -> bool:
    """A complete row or column of face-up cards matches."""
    for positions in LINE_POSITIONS:
        cards = [seat.cards[p] for p in positions]
        if not all(seat.up[p] for p in positions):
            continue
        values = [int(c) for c in cards if c is not None]
        if len(values) == 3 and line_value(*values):
            return True
    return False


class TableTips:
    """The coaching of one game at the table."""

    def __init__(self, app: App, persons: list[int]) -> None:
        self.app = app
        self.persons = set(persons)
        self.coach = Coach(app)
        self.waiting: list[str] = []
        """Moments that came while another tip was showing."""
        self.rect: pygame.Rect | None = None
        """Where the tip was last drawn (a click there closes it)."""

    @property
    def text(self) -> str | None:
        return self.coach.current

    # ------------------------------------------------------------------ moments

    def moment(self, kind: str) -> None:
        if not self.persons or kind in self.coach.shown or kind in self.waiting:
            return
        current = self.coach.current
        if current is not None and kind not in DECISIONS:
            self.waiting.append(kind)
            return
        shown = self.coach.kind
        if shown is not None and shown not in DECISIONS:
            self.coach.shown.discard(shown)  # it steps back and comes again later
            self.waiting.insert(0, shown)
        self.coach.tip_for(kind)

    def person_deciding(self, phase: Phase) -> None:
        """A person may act now, in ``phase``."""
        if phase is Phase.DRAW:
            self.moment(FIRST_DRAW)
        elif phase is Phase.BOUNCE:
            self.moment(FIRST_BOUNCE)

    def played(self, event: E.Event, view: TableView) -> None:
        """An event has played out on screen (the view shows it)."""
        match event:
            case E.HazardRemoved(reason=E.HazardReason.DISCARDED):
                self.moment(FIRST_HAZARD)
            case E.Drawn(card=Card.HAZARD) if event.seat in self.persons:
                self.moment(FIRST_HAZARD)
            case E.RoundScored():
                if any(event.result.seats[s].layout.matches for s in self.persons):
                    self.moment(FIRST_MATCH)
            case E.Placed() | E.Bounced() | E.TurnedUp() if event.seat in self.persons:
                if has_match(view.seats[event.seat]):
                    self.moment(FIRST_MATCH)

    def round_started(self) -> None:
        """A new round is dealt: a tip of the last round is no longer true."""
        self.waiting.clear()
        self.dismiss()
        self.waiting.clear()

    def continued(self) -> None:
        """A saved game goes on: its first-game tips were shown when it began."""
        self.coach.shown.update((FIRST_DRAW, FIRST_BOUNCE, FIRST_HAZARD, FIRST_MATCH))
        self.waiting.clear()

    def dismiss(self) -> None:
        """The person acted or clicked the tip: close it (a waiting one comes next)."""
        if self.coach.current is None:
            return
        self.coach.dismiss()
        self.rect = None
        while self.waiting and self.coach.current is None:
            self.coach.tip_for(self.waiting.pop(0))

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the tip closes it (True); anywhere else it is the table's."""
        if self.coach.current is not None and self.rect is not None and self.rect.collidepoint(pos):
            self.dismiss()
            return True
        return False

    def game_finished(self) -> bool:
        """True when a person was coached through a whole game: time to turn coaching off."""
        return bool(self.persons) and self.coach.game_finished()

    # ------------------------------------------------------------------ drawing

    def area(self, geom: TableGeometry) -> pygame.Rect:
        """Under the piles, left of the large grid: clear of the person's cards and the
        piles (its bottom; the height fits the text)."""
        left = geom.draw_pile.left
        width = geom.seats[geom.bottom_seat].grid.left - left - max(8, round(16 * geom.unit))
        width = max(width, geom.held.right - left)
        bottom = felt_rect(geom.size).bottom - max(4, round(10 * geom.unit))
        return pygame.Rect(left, bottom - 10, width, 10)

    def draw(self, surface: pygame.Surface, geom: TableGeometry) -> None:
        text = self.coach.current
        if text is None:
            self.rect = None
            return
        self.rect = coaching.draw_tip(surface, text, self.area(geom), self.app)
