"""Computer opponents. They see only what their seat may see (docs/bots.md).

>>> from gnoming.ai import make_bot
>>> make_bot("medium", seed=1).name
'medium'
"""

from __future__ import annotations

from .easy import EasyBot
from .medium import MediumBot
from .protocol import (
    Bot,
    DecidedThinker,
    Thinker,
    load_bot_class,
    start_thinking,
    think_until_done,
)

DIFFICULTIES = ("easy", "medium", "hard")


def make_bot(difficulty: str, seed: int) -> Bot:
    """A bot of the named difficulty (``"easy"``, ``"medium"`` or ``"hard"``)."""
    key = difficulty.strip().lower()
    if key == "easy":
        return EasyBot(seed)
    if key == "medium":
        return MediumBot(seed)
    if key == "hard":
        from .hard import HardBot

        return HardBot(seed)
    raise ValueError(f"{difficulty!r}: the difficulties are easy, medium and hard")


def make_bot_from_spec(spec: str, seed: int) -> Bot:
    """A bot from a difficulty name or a ``module:Class`` of your own."""
    if ":" in spec:
        return load_bot_class(spec)(seed)
    return make_bot(spec, seed)


__all__ = [
    "DIFFICULTIES",
    "Bot",
    "DecidedThinker",
    "EasyBot",
    "MediumBot",
    "Thinker",
    "load_bot_class",
    "make_bot",
    "make_bot_from_spec",
    "start_thinking",
    "think_until_done",
]
