"""What a frame drew, box by box: the raw material of the layout audit.

Off in the game (``RECORD is None`` costs one comparison per drawn text). The
layout audit (tests/ui/test_layout_audit.py) sets ``RECORD`` to a list, draws a
scene once, and checks the boxes: no two texts on each other, a text either
inside a panel or clear of it, panels nested or apart, nothing out of the
window, nothing over the table's corner decorations.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame


class BoxKind(enum.Enum):
    TEXT = "text"
    """The inked pixels of one drawn string."""
    PANEL = "panel"
    """A wooden panel: a button, a choice, a help box; text may sit inside it."""
    DECOR = "decor"
    """A decoration of the felt (the windmill, the flag) that nothing should cover."""


@dataclass(frozen=True)
class Box:
    kind: BoxKind
    rect: pygame.Rect
    text: str = ""
    """For a TEXT box: the string, as drawn."""
    size: int = 0
    """For a TEXT box: the font size it was drawn at."""
    bold: bool = False


RECORD: list[Box] | None = None
"""Set to a list (the layout audit does) to collect every box drawn."""


def record(
    kind: BoxKind, rect: pygame.Rect, text: str = "", size: int = 0, bold: bool = False
) -> None:
    """Note one drawn box, if anybody is recording."""
    if RECORD is not None:
        RECORD.append(Box(kind, pygame.Rect(rect), text, size, bold))
