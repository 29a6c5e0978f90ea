"""One scale for every screen: pixel sizes are written for a 1280x720 window and
multiplied by the app's :class:`Scale`; text also grows with the large-text setting.

Pure (no pygame): layout functions take a ``Scale`` and a window size and return
rectangles, so they are tested without a window.

>>> s = scale_for((1280, 720))
>>> s.px(10), s.font(20)
(10, 20)
>>> big = scale_for((1920, 1080), large_text=True)
>>> big.px(10), big.font(20)
(15, 38)
>>> scale_for((960, 720)).unit   # narrow for its height: the width decides
0.8333333333333334
"""

from __future__ import annotations

from dataclasses import dataclass

DESIGN_HEIGHT = 720
DESIGN_WIDTH = 1152
"""The narrowest window, per 720 pixels of height, that screens are laid out for;
a narrower (taller) window scales them by its width instead."""
LARGE_TEXT = 1.25
MIN_FONT = 11


@dataclass(frozen=True)
class Scale:
    unit: float
    """Layout unit: 1.0 at 720 pixels of height, less when the window is narrow for
    its height. Boxes keep their place with large text; the text in them grows."""
    text: float = 1.0
    """Extra factor for letters: :data:`LARGE_TEXT` with the large-text setting."""

    def px(self, value: float) -> int:
        """A length written for 1280x720, at this scale (at least 1)."""
        return max(1, round(value * self.unit))

    def font(self, base: float) -> int:
        """A font size written for 1280x720, at this scale and text size."""
        return max(MIN_FONT, round(base * self.unit * self.text))


def scale_for(size: tuple[int, int], large_text: bool = False) -> Scale:
    width, height = size
    unit = min(height / DESIGN_HEIGHT, width / DESIGN_WIDTH)
    return Scale(unit, LARGE_TEXT if large_text else 1.0)
