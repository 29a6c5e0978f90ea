"""First-game coaching: one short tip at each moment that matters, once.

For the table scene::

    from gnoming.ui.menus.coaching import Coach

    coach = Coach(app)                      # one per game
    text = coach.tip_for("first_draw")      # str, or None: nothing to say
    if text: show it (e.g. coaching.draw_tip(surface, text, rect, app))
    coach.dismiss()                         # the player clicked it away / acted
    if coach.game_finished():               # a whole game played: coaching off
        scene.post(CoachingDone())

``tip_for`` answers each moment once per game, and only while
``app.settings.coaching`` is on. The module-level :func:`tip_for` gives the text
of a moment without any of that bookkeeping.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from gnoming.i18n import N_, _
from gnoming.options import rule_text

if TYPE_CHECKING:
    from gnoming.ui.app import App

FIRST_DRAW = "first_draw"
"""The person's first decision of the game: draw from the pile or take a discard."""
FIRST_BOUNCE = "first_bounce"
"""The first time a turned-up card may bounce."""
FIRST_HAZARD = "first_hazard"
"""The first hazard discarded (the person may turn up a card) or drawn."""
FIRST_MATCH = "first_match"
"""The first matched row or column in the person's layout."""

TIPS: dict[str, str] = {
    FIRST_DRAW: N_(
        "Your turn! Take the top card of the draw pile, or the top card of a discard pile. "
        "Low cards are good: the lowest total wins."
    ),
    FIRST_BOUNCE: N_(
        "The card you turned up matches one of yours, so it may bounce: place it on another "
        "card of your layout, or stop and discard it."
    ),
    FIRST_HAZARD: N_(
        "A hazard! It costs +{hazard_points} in a layout. When someone discards one, everyone else may "
        "turn up one face-down card."
    ),
    FIRST_MATCH: N_(
        "A match! A row or column of equal cards scores minus their value instead of plus."
    ),
}
ALIASES = {
    "draw": FIRST_DRAW,
    "bounce": FIRST_BOUNCE,
    "first_chance_to_bounce": FIRST_BOUNCE,
    "hazard": FIRST_HAZARD,
    "match": FIRST_MATCH,
}
"""Other spellings of the same moments."""


def _kind(event_kind: str) -> str:
    return ALIASES.get(event_kind, event_kind)


def tip_for(event_kind: str, settings: object | None = None) -> str | None:
    """The tip for a moment, translated; None for an unknown moment or when
    ``settings`` (if given) has coaching turned off."""
    if settings is not None and not getattr(settings, "coaching", True):
        return None
    text = TIPS.get(_kind(event_kind))
    return rule_text(text) if text else None


class Coach:
    """The tips of one game: each moment once, only while coaching is on."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.shown: set[str] = set()
        self.current: str | None = None
        """The tip on screen now (its text), or None."""
        self.kind: str | None = None
        """The moment of the tip on screen now, or None."""

    @property
    def enabled(self) -> bool:
        return bool(getattr(self.app.settings, "coaching", False))

    def tip_for(self, event_kind: str) -> str | None:
        """The tip for this moment the first time it comes, else None."""
        kind = _kind(event_kind)
        if not self.enabled or kind in self.shown or kind not in TIPS:
            return None
        self.shown.add(kind)
        self.current = tip_for(kind)
        self.kind = kind
        return self.current

    def dismiss(self) -> None:
        self.current = None
        self.kind = None

    def game_finished(self) -> bool:
        """After a whole game, the tips have done their job: True when coaching was
        on and should now be turned off (the scene posts
        :class:`~gnoming.ui.scene.CoachingDone`; the player can turn it on again
        in Settings)."""
        return self.enabled


def draw_tip(surface: pygame.Surface, text: str, rect: pygame.Rect, app: App) -> pygame.Rect:
    """Draw a tip as a small sign with a gnome's face, inside ``rect`` (its width
    is used; its height is fitted to the text and it keeps ``rect.bottom``).
    Returns the rect drawn, for click-to-dismiss."""
    from gnoming.ui import theme
    from gnoming.ui.menus.common import draw_board, font_px, px
    from gnoming.ui.widgets import draw_text, wrap_text

    size = font_px(app, 17)
    side = px(app, 54)
    pad = px(app, 12)
    text_w = rect.width - side - 3 * pad
    lines = wrap_text(text, size, text_w)
    step = round(size * 1.3)
    hint = _("Click or press Enter to close this tip")
    height = max(side, len(lines) * step + step) + 2 * pad + px(app, 8)
    board = pygame.Rect(rect.left, rect.bottom - height, rect.width, height)
    inner = draw_board(surface, board, app)
    surface.blit(app.cards.portrait(5, (side, side)), (inner.left + pad, inner.top + pad))
    y = inner.top + pad
    for line in lines:
        draw_text(
            surface, line, (inner.left + side + 2 * pad, y), size, theme.INK, anchor="topleft"
        )
        y += step
    draw_text(
        surface,
        hint,
        (inner.left + side + 2 * pad, y),
        font_px(app, 13),
        theme.STONE_DARK,
        anchor="topleft",
        max_width=text_w,
    )
    return board
