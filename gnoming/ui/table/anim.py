"""Tweens and the animation queue: easing, interpolation, and clips played in order.

A :class:`Clip` is one thing the player watches (a card dealt, flipped, placed,
bounced ...). Clips play from a queue, each driven by ``dt``; a clip's ``lead``
is how long after it starts the next one may begin (the deal overlaps its
cards, a bounce waits for its landing). When a clip ends, the scene applies
its event to the displayed model. A duration of 0 (the "instant" speed)
finishes a clip in the frame it starts.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable
from typing import TYPE_CHECKING

from pygame import Rect, Surface

if TYPE_CHECKING:
    from gnoming.rules.events import Event
    from gnoming.ui.table.layout import TableGeometry
    from gnoming.ui.table.paint import Painter
    from gnoming.ui.table.places import Hidden

SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
"""Animation durations are multiplied by these."""


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    return 3 * t * t - 2 * t * t * t


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_rect(a: Rect, b: Rect, t: float) -> Rect:
    return Rect(
        round(lerp(a.x, b.x, t)),
        round(lerp(a.y, b.y, t)),
        max(1, round(lerp(a.w, b.w, t))),
        max(1, round(lerp(a.h, b.h, t))),
    )


def arc_rect(a: Rect, b: Rect, t: float, height: float) -> Rect:
    """``lerp_rect`` lifted by a parabola that peaks ``height`` pixels above the line."""
    r = lerp_rect(a, b, t)
    r.y -= round(4 * height * t * (1 - t))
    return r


def shake_offset(t: float, amplitude: float) -> int:
    """A gentle side-to-side shake that dies away over ``t`` in 0..1."""
    return round(math.sin(t * math.pi * 6) * amplitude * (1 - t))


class Clip:
    """One animation step: how long it plays, when the next may start, the event it
    shows and what of the displayed table it draws itself. Each kind of clip is a
    subclass (gnoming.ui.table.clips) that knows how to draw itself."""

    def __init__(
        self,
        event: Event | None,
        duration: float,
        *,
        lead: float | None = None,
        hides: frozenset[Hidden] = frozenset(),
        sound: str | None = None,
    ) -> None:
        self.event = event
        self.duration = duration
        self.lead = lead
        """Seconds after the start when the next clip may start (default: the whole
        duration)."""
        self.hides = hides
        """What of the displayed table this clip draws itself (and the table must not)."""
        self.sound = sound
        self.elapsed = 0.0

    @property
    def t(self) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, self.elapsed / self.duration)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration

    def may_follow(self) -> bool:
        lead = self.duration if self.lead is None else min(self.lead, self.duration)
        return self.elapsed >= lead

    def draw(self, surface: Surface, painter: Painter, geom: TableGeometry, reduced: bool) -> None:
        """Draw the moving cards (over the table, under the words)."""

    def caption(
        self, surface: Surface, painter: Painter, geom: TableGeometry, reduced: bool
    ) -> None:
        """Draw the words, if any (over everything but the hint and the tips)."""


class Timeline:
    """Events waiting and clips playing. Each event becomes its clip when it starts
    (``build``: the clip can then depend on the table as the previous clips left
    it). ``hold`` stops new clips from starting (a scoreboard is shown)."""

    def __init__(self, build: Callable[[Event], Clip], finished: Callable[[Clip], None]) -> None:
        self.queue: deque[Event] = deque()
        self.active: list[Clip] = []
        self.hold = False
        self._build = build
        self._finished = finished

    @property
    def idle(self) -> bool:
        return not self.queue and not self.active

    def add(self, event: Event) -> None:
        self.queue.append(event)

    def update(self, dt: float) -> None:
        for clip in self.active:
            clip.elapsed += dt
        for _guard in range(100_000):
            self._finish_done()
            if self.hold or not self.queue:
                break
            if self.active and not self.active[-1].may_follow():
                break
            self.active.append(self._build(self.queue.popleft()))

    def _finish_done(self) -> None:
        # Clips end in the order they started, so the displayed model sees events in order.
        last_done = -1
        for index, clip in enumerate(self.active):
            if clip.done:
                last_done = index
        if last_done < 0:
            return
        ending, self.active = self.active[: last_done + 1], self.active[last_done + 1 :]
        for clip in ending:
            self._finished(clip)

    def skip(self) -> None:
        """Play everything to the end now (a click or Space while cards move)."""
        for _guard in range(100_000):
            for clip in self.active:
                clip.elapsed = max(clip.elapsed, clip.duration)
            self._finish_done()
            if self.hold or not self.queue:
                break
            self.active.append(self._build(self.queue.popleft()))
