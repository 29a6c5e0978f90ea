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
from gnoming.ui.table.paint import Painter, Place, card_name, place_rect
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


def _size_place(geom: TableGeometry, place: Place) -> pygame.Rect:
    rect = place_rect(geom, place)
    if place[0] == "lift":
        return pygame.Rect(rect.topleft, geom.card_size(place[1]))
    return rect


def _held_src(view: TableView, seat: int) -> Place:
    held = view.held
    if held is not None and held.position >= 0:
        return ("lift", seat, held.position)
    return ("hand",)


def build(event: E.Event, ctx: Context, peek: E.Event | None = None) -> Clip:
    """The clip that shows ``event``. ``peek`` is the event after it (if any)."""
    f = ctx.factor
    view = ctx.view
    if isinstance(event, E.RoundStarted):
        text = rule_text("Round {number} of {rounds}", number=event.round_index + 1)
        return Clip("banner", 1.1 * f, event=event, data={"text": text}, sound="shuffle")
    if isinstance(event, E.Dealt):
        flight = Flight(None, ("draw",), ("pos", event.seat, event.position), False)
        return Clip(
            "fly",
            0.28 * f,
            lead=0.035 * f,
            event=event,
            data={"flights": [flight]},
            sound="deal" if event.seat == 0 else None,  # one soft tick per round of the deal
        )
    if isinstance(event, E.DiscardPileStarted):
        flight = Flight(event.card, ("draw",), ("discard", event.pile), False, turn=True)
        return Clip("fly", 0.4 * f, event=event, data={"flights": [flight]}, sound="flip")
    if isinstance(event, E.TurnedUp):
        if event.reason is E.TurnReason.REPLACED:
            place: Place = ("lift", event.seat, event.position)
            hides: tuple[Place, ...] = (("held",),)
        else:
            place = ("pos", event.seat, event.position)
            hides = (place,)
        duration = 0.32 * f
        lead = 0.14 * f if event.reason is E.TurnReason.ROUND_END else None
        data = {"card": event.card, "place": place, "danger": event.reason is E.TurnReason.HAZARD}
        return Clip("flip", duration, lead=lead, event=event, data=data, hides=hides, sound="flip")
    if isinstance(event, E.Drawn):
        if event.source == E.DRAW_PILE:
            flight = Flight(event.card, ("draw",), ("hand",), False, turn=True)
            hides = ()
        else:
            flight = Flight(event.card, ("discard", event.source), ("hand",), True)
            hides = (("pile", event.source),)
        return Clip(
            "fly", 0.38 * f, event=event, data={"flights": [flight]}, hides=hides, sound="draw"
        )
    if isinstance(event, (E.Placed, E.Bounced)):
        seat, position = event.seat, event.position
        src = _held_src(view, seat)
        bounce = isinstance(event, E.Bounced)
        lifted = Flight(
            event.replaced,
            ("pos", seat, position),
            ("lift", seat, position),
            event.replaced_was_face_up,
        )
        mover = Flight(event.card, src, ("pos", seat, position), True, arc=1.3 if bounce else 0.15)
        return Clip(
            "fly",
            (0.55 if bounce else 0.42) * f,
            event=event,
            data={"flights": [lifted, mover], "bounce": bounce},
            hides=(("held",), ("pos", seat, position)),
            sound="bounce" if bounce else "place",
        )
    if isinstance(event, E.Discarded):
        flight = Flight(event.card, _held_src(view, event.seat), ("discard", event.pile), True)
        return Clip(
            "fly",
            0.34 * f,
            event=event,
            data={"flights": [flight]},
            hides=(("held",),),
            sound="discard",
        )
    if isinstance(event, E.Refused):
        text = _("{name}: refused the {card}").format(
            name=ctx.name(event.seat), card=card_name(event.card)
        )
        return Clip("float", 0.5 * f, event=event, data={"text": text, "seat": event.seat})
    if isinstance(event, E.HazardRemoved):
        if event.reason is E.HazardReason.SETUP:
            text = _("A hazard turned up for a discard pile: it leaves the round")
            return Clip(
                "hazard",
                0.9 * f,
                event=event,
                data={"place": ("draw",), "text": text},
                sound="hazard",
            )
        text = _("{name} discarded a hazard! Every other player may turn up one card").format(
            name=ctx.name(event.seat)
        )
        return Clip(
            "hazard",
            1.1 * f,
            event=event,
            data={"place": _held_src(view, event.seat), "text": text},
            hides=(("held",),),
            sound="hazard",
        )
    if isinstance(event, E.HazardTurnDeclined):
        text = _("{name}: turned nothing up").format(name=ctx.name(event.seat))
        return Clip("float", 0.6 * f, event=event, data={"text": text, "seat": event.seat})
    if isinstance(event, E.DrawPileRebuilt):
        flights = [Flight(None, ("discard", k % 2), ("draw",), False) for k in range(6)]
        return Clip("rebuild", 0.8 * f, event=event, data={"flights": flights}, sound="shuffle")
    if isinstance(event, E.EndgameTriggered):
        text = _("{name} went out first! Everyone else has one more turn").format(
            name=ctx.name(event.seat)
        )
        return Clip("banner", 1.6 * f, event=event, data={"text": text}, sound="round_end")
    if isinstance(event, E.RoundScored):
        sound = "match" if any(s.layout.matches for s in event.result.seats) else None
        return Clip("scored", 1.4 * f, event=event, sound=sound)
    return Clip("wait", 0.0, event=event)


def hidden_by(clips: list[Clip]) -> set[Place]:
    out: set[Place] = set()
    for clip in clips:
        out.update(clip.hides)
    return out


CAPTIONS = ("banner", "float")


def draw_caption(
    surface: pygame.Surface, clip: Clip, painter: Painter, geom: TableGeometry, reduced: bool
) -> None:
    """The words of a clip (a round banner, "hazard removed!"), over the status line."""
    t = clip.t
    if clip.kind in ("banner", "hazard"):
        _draw_caption(surface, clip.data["text"], geom, painter, big=clip.kind == "banner")
    elif clip.kind == "float":
        seat = clip.data["seat"]
        plate = geom.seats[seat].plate if geom.seats[seat].plate.w else geom.seats[seat].grid
        y = plate.bottom + 4 - (0 if reduced else round(10 * t))
        draw_text(
            surface,
            clip.data["text"],
            (plate.centerx, y),
            painter.app.font_size(15),
            theme.CREAM,
            bold=True,
            anchor="midtop",
            shadow=theme.SLATE_DARK,
            max_width=max(120, plate.w + 60),
        )


def draw_clip(
    surface: pygame.Surface,
    clip: Clip,
    painter: Painter,
    geom: TableGeometry,
    reduced: bool,
) -> None:
    """The moving cards of a clip (its words come later: :func:`draw_caption`)."""
    kind = clip.kind
    t = clip.t
    if kind in ("fly", "rebuild"):
        flights: list[Flight] = clip.data["flights"]
        for k, flight in enumerate(flights):
            local = t
            if kind == "rebuild":
                local = max(0.0, min(1.0, (t - k * 0.08) / 0.6))
            _draw_flight(surface, flight, local, painter, geom, reduced)
    elif kind == "flip":
        place = clip.data["place"]
        rect = _size_place(geom, place)
        if reduced:
            painter.draw_card(surface, None, False, rect)
            painter.draw_card(surface, clip.data["card"], True, rect, alpha=round(255 * t))
        else:
            face = t >= 0.5
            scale = abs(math.cos(math.pi * t))
            lift = round(math.sin(math.pi * t) * rect.h * 0.08)
            painter.draw_card(
                surface,
                clip.data["card"],
                face,
                rect.move(0, -lift),
                scale_x=max(0.02, scale),
                shadow=True,
            )
        if clip.data.get("danger") and not reduced:
            theme.glow(surface, rect, theme.GLOW_DANGER, 4)
    elif kind == "hazard":
        place = clip.data["place"]
        rect = _size_place(geom, place)
        if reduced:
            painter.draw_card(surface, Card.HAZARD, True, rect, alpha=round(255 * (1 - t)))
        else:
            dx = shake_offset(min(1.0, t * 1.6), rect.w * 0.12)
            grow = 1 + 0.25 * ease_out_cubic(t)
            r = rect.move(dx, round(-rect.h * 0.3 * t))
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


def _draw_flight(
    surface: pygame.Surface,
    flight: Flight,
    t: float,
    painter: Painter,
    geom: TableGeometry,
    reduced: bool,
) -> None:
    a = _size_place(geom, flight.src)
    b = _size_place(geom, flight.dst)
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
