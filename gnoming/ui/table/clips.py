"""Rule events as clips to watch, and how each clip is drawn.

Every event the rules emit becomes one clip (some are short pauses). Places
are symbolic (see :data:`gnoming.ui.table.paint.Place`) and turned into rects
when drawn, so a resize in the middle of a bounce still lands on the card.
With reduced motion a moving card appears at its destination with a short
fade, and nothing shakes or flashes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from gnoming.i18n import _
from gnoming.options import rule_text
from gnoming.rules import Card
from gnoming.rules import events as E
from gnoming.ui import theme
from gnoming.ui.table.anim import (
    Clip,
    arc_rect,
    ease_in_out,
    ease_out_cubic,
    lerp_rect,
    shake_offset,
)
from gnoming.ui.table.layout import TableGeometry
from gnoming.ui.table.paint import Painter, card_name, hand_place, held_place
from gnoming.ui.table.places import (
    DRAW_PILE,
    HELD,
    AtCard,
    AtLift,
    AtPile,
    Hidden,
    Place,
    TopOfPile,
    place_rect,
)
from gnoming.ui.table.view import TableView
from gnoming.ui.widgets import draw_text, wrap_text


@dataclass(frozen=True)
class Flight:
    """A card moving from ``src`` to ``dst``; ``turn`` turns it face up on the way."""

    card: Card | None
    src: Place
    dst: Place
    face_up: bool
    turn: bool = False
    arc: float = 0.0
    """Height of the hop in card heights (a bounce)."""


@dataclass
class Context:
    """What the clip builder needs to know about the scene."""

    factor: float
    reduced: bool
    name: Callable[[int], str]
    view: TableView


class Fly(Clip):
    """Cards moving from place to place (drawn, placed, bounced, discarded, dealt)."""

    def __init__(
        self,
        event: E.Event,
        duration: float,
        flights: list[Flight],
        *,
        bounce: bool = False,
        lead: float | None = None,
        hides: frozenset[Hidden] = frozenset(),
        sound: str | None = None,
    ) -> None:
        super().__init__(event, duration, lead=lead, hides=hides, sound=sound)
        self.flights = flights
        self.bounce = bounce

    def draw(
        self, surface: pygame.Surface, painter: Painter, geom: TableGeometry, reduced: bool
    ) -> None:
        for flight in self.flights:
            _draw_flight(surface, flight, self.t, painter, geom, reduced)


class Rebuild(Fly):
    """The discard piles shuffled back into a new draw pile: cards fly one after another."""

    def draw(
        self, surface: pygame.Surface, painter: Painter, geom: TableGeometry, reduced: bool
    ) -> None:
        for k, flight in enumerate(self.flights):
            local = max(0.0, min(1.0, (self.t - k * 0.08) / 0.6))
            _draw_flight(surface, flight, local, painter, geom, reduced)


class Flip(Clip):
    """A card turning face up where it lies (or lifted above its place)."""

    def __init__(
        self,
        event: E.TurnedUp,
        duration: float,
        place: Place,
        *,
        lead: float | None = None,
        hides: frozenset[Hidden] = frozenset(),
    ) -> None:
        super().__init__(event, duration, lead=lead, hides=hides, sound="flip")
        self.card = event.card
        self.place = place
        self.danger = event.reason is E.TurnReason.HAZARD

    def draw(
        self, surface: pygame.Surface, painter: Painter, geom: TableGeometry, reduced: bool
    ) -> None:
        rect = place_rect(geom, self.place)
        t = self.t
        if reduced:
            painter.draw_card(surface, None, False, rect)
            painter.draw_card(surface, self.card, True, rect, alpha=round(255 * t))
        else:
            scale = abs(math.cos(math.pi * t))
            lift = round(math.sin(math.pi * t) * rect.h * 0.08)
            painter.draw_card(
                surface,
                self.card,
                t >= 0.5,
                rect.move(0, -lift),
                scale_x=max(0.02, scale),
                shadow=True,
            )
        if self.danger and not reduced:
            theme.glow(surface, rect, theme.GLOW_DANGER, 4)


class Banner(Clip):
    """Words over the status line: a new round, someone went out first."""

    def __init__(self, event: E.Event, duration: float, text: str, sound: str | None) -> None:
        super().__init__(event, duration, sound=sound)
        self.text = text

    def caption(
        self, surface: pygame.Surface, painter: Painter, geom: TableGeometry, reduced: bool
    ) -> None:
        _draw_caption(surface, self.text, geom, painter, big=True)


class HazardNotice(Clip):
    """A hazard leaving play: it shakes, grows and fades, and the words say why."""

    def __init__(
        self,
        event: E.HazardRemoved,
        duration: float,
        place: Place,
        text: str,
        hides: frozenset[Hidden] = frozenset(),
    ) -> None:
        super().__init__(event, duration, hides=hides, sound="hazard")
        self.place = place
        self.text = text

    def draw(
        self, surface: pygame.Surface, painter: Painter, geom: TableGeometry, reduced: bool
    ) -> None:
        rect = place_rect(geom, self.place)
        t = self.t
        if reduced:
            painter.draw_card(surface, Card.HAZARD, True, rect, alpha=round(255 * (1 - t)))
            return
        dx = shake_offset(min(1.0, t * 1.6), rect.w * 0.12)
        grow = 1 + 0.25 * ease_out_cubic(t)
        r = pygame.Rect(0, 0, round(rect.w * grow), round(rect.h * grow))
        r.center = (rect.centerx + dx, rect.centery - round(rect.h * 0.3 * t))
        painter.draw_card(
            surface,
            Card.HAZARD,
            True,
            r,
            base=rect.size,
            alpha=round(255 * min(1.0, 2 * (1 - t))),
            shadow=t < 0.5,
        )
        if t < 0.6:
            theme.glow(surface, r, theme.GLOW_DANGER, 6)

    def caption(
        self, surface: pygame.Surface, painter: Painter, geom: TableGeometry, reduced: bool
    ) -> None:
        _draw_caption(surface, self.text, geom, painter)


class FloatText(Clip):
    """A few words rising under a seat's plate (refused, turned nothing up)."""

    def __init__(self, event: E.Event, duration: float, text: str, seat: int) -> None:
        super().__init__(event, duration)
        self.text = text
        self.seat = seat

    def caption(
        self, surface: pygame.Surface, painter: Painter, geom: TableGeometry, reduced: bool
    ) -> None:
        sg = geom.seats[self.seat]
        plate = sg.plate if sg.plate.w else sg.grid
        y = plate.bottom + 4 - (0 if reduced else round(10 * self.t))
        draw_text(
            surface,
            self.text,
            (plate.centerx, y),
            painter.app.font_size(15),
            theme.CREAM,
            bold=True,
            anchor="midtop",
            shadow=theme.SLATE_DARK,
            max_width=max(120, plate.w + 60),
        )


class Scored(Clip):
    """The round's scoring shown on the table (matched lines glow) before the scoreboard."""

    def __init__(self, event: E.RoundScored, duration: float, sound: str | None) -> None:
        super().__init__(event, duration, sound=sound)
        self.scored = event


class Pause(Clip):
    """An event with nothing to watch (its effect shows when it ends)."""


def _held_src(view: TableView) -> Place:
    return held_place(view)


def build(event: E.Event, ctx: Context) -> Clip:
    """The clip that shows ``event`` (built as it starts: the displayed table is then
    as the clips before it left it)."""
    f = ctx.factor
    view = ctx.view
    match event:
        case E.RoundStarted():
            text = rule_text("Round {number} of {rounds}", number=event.round_index + 1)
            return Banner(event, 1.1 * f, text, "shuffle")
        case E.Dealt():
            flight = Flight(None, DRAW_PILE, AtCard(event.seat, event.position), False)
            # one soft tick per round of the deal
            sound = "deal" if event.seat == 0 else None
            return Fly(event, 0.28 * f, [flight], lead=0.035 * f, sound=sound)
        case E.DiscardPileStarted():
            flight = Flight(event.card, DRAW_PILE, AtPile(event.pile), False, turn=True)
            return Fly(event, 0.4 * f, [flight], sound="flip")
        case E.TurnedUp():
            place: Place
            if event.reason is E.TurnReason.REPLACED:
                place = AtLift(event.seat, event.position)
                hides: frozenset[Hidden] = frozenset((HELD,))
            else:
                place = AtCard(event.seat, event.position)
                hides = frozenset((place,))
            lead = 0.14 * f if event.reason is E.TurnReason.ROUND_END else None
            return Flip(event, 0.32 * f, place, lead=lead, hides=hides)
        case E.Drawn():
            dst = hand_place(view, event.seat)
            if event.source == E.DRAW_PILE:
                flight = Flight(event.card, DRAW_PILE, dst, False, turn=True)
                hides = frozenset()
            else:
                flight = Flight(event.card, AtPile(event.source), dst, True)
                hides = frozenset((TopOfPile(event.source),))
            return Fly(event, 0.38 * f, [flight], hides=hides, sound="draw")
        case E.Placed() | E.Bounced():
            seat, position = event.seat, event.position
            bounce = isinstance(event, E.Bounced)
            lifted = Flight(
                event.replaced,
                AtCard(seat, position),
                AtLift(seat, position),
                event.replaced_was_face_up,
            )
            arc = 1.3 if bounce else 0.15
            mover = Flight(event.card, _held_src(view), AtCard(seat, position), True, arc=arc)
            return Fly(
                event,
                (0.55 if bounce else 0.42) * f,
                [lifted, mover],
                bounce=bounce,
                hides=frozenset((HELD, AtCard(seat, position))),
                sound="bounce" if bounce else "place",
            )
        case E.Discarded():
            flight = Flight(event.card, _held_src(view), AtPile(event.pile), True)
            return Fly(event, 0.34 * f, [flight], hides=frozenset((HELD,)), sound="discard")
        case E.Refused():
            text = _("{name}: refused the {card}").format(
                name=ctx.name(event.seat), card=card_name(event.card)
            )
            return FloatText(event, 0.5 * f, text, event.seat)
        case E.HazardRemoved(reason=E.HazardReason.SETUP):
            text = _("A hazard turned up for a discard pile: it leaves the round")
            return HazardNotice(event, 0.9 * f, DRAW_PILE, text)
        case E.HazardRemoved():
            text = _("{name} discarded a hazard! Every other player may turn up one card").format(
                name=ctx.name(event.seat)
            )
            return HazardNotice(event, 1.1 * f, _held_src(view), text, frozenset((HELD,)))
        case E.HazardTurnDeclined():
            text = _("{name}: turned nothing up").format(name=ctx.name(event.seat))
            return FloatText(event, 0.6 * f, text, event.seat)
        case E.DrawPileRebuilt():
            flights = [Flight(None, AtPile(k % 2), DRAW_PILE, False) for k in range(6)]
            return Rebuild(event, 0.8 * f, flights, sound="shuffle")
        case E.EndgameTriggered():
            text = _("{name} went out first! Everyone else has one more turn").format(
                name=ctx.name(event.seat)
            )
            return Banner(event, 1.6 * f, text, "round_end")
        case E.RoundScored():
            sound = "match" if any(s.layout.matches for s in event.result.seats) else None
            return Scored(event, 1.4 * f, sound)
    return Pause(event, 0.0)


def hidden_by(clips: list[Clip]) -> set[Hidden]:
    out: set[Hidden] = set()
    for clip in clips:
        out.update(clip.hides)
    return out


def _draw_flight(
    surface: pygame.Surface,
    flight: Flight,
    t: float,
    painter: Painter,
    geom: TableGeometry,
    reduced: bool,
) -> None:
    a = place_rect(geom, flight.src)
    b = place_rect(geom, flight.dst)
    face = flight.face_up or (flight.turn and t >= 0.5)
    if reduced:
        painter.draw_card(
            surface, flight.card, flight.face_up or flight.turn, b, alpha=round(255 * t)
        )
        return
    if flight.arc:
        rect = arc_rect(a, b, ease_in_out(t), flight.arc * max(a.h, b.h))
    else:
        rect = lerp_rect(a, b, ease_out_cubic(t))
    scale = abs(math.cos(math.pi * t)) if flight.turn else 1.0
    painter.draw_card(
        surface,
        flight.card,
        face,
        rect,
        base=b.size if t > 0.5 else a.size,
        scale_x=max(0.02, scale),
        shadow=True,
    )


def _draw_caption(
    surface: pygame.Surface, text: str, geom: TableGeometry, painter: Painter, big: bool = False
) -> None:
    size = painter.app.font_size(26 if big else 18)
    width = min(geom.size[0] - 80, round(geom.size[0] * 0.6))
    if not big:  # as wide as the status line: one line there, not two over the captions
        width = max(width, geom.status.w)
    lines = wrap_text(text, size, width - 40, bold=True)
    rect = pygame.Rect(0, 0, width, (len(lines) + 1) * size + size // 2)
    rect.center = geom.status.center
    inner = theme.draw_panel(surface, rect)
    y = inner.centery - (len(lines) - 1) * size * 6 // 10
    for line in lines:
        draw_text(
            surface, line, (inner.centerx, y), size, theme.INK, bold=True, max_width=inner.w - 10
        )
        y += size * 12 // 10
