"""Computer opponents. They see only what their seat may see (docs/bots.md).

>>> from gnoming.ai import make_bot
>>> make_bot("medium", seed=1).name
'medium'
"""

from __future__ import annotations

from .characters import CHARACTERS, Character
from .easy import EasyBot
from .hard import HardBot
from .hints import Hint, HintThinker, hint, start_hint
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
        return HardBot(seed)
    raise ValueError(f"{difficulty!r}: the difficulties are easy, medium and hard")


def make_bot_from_spec(spec: str, seed: int) -> Bot:
    """A bot from a difficulty name or a ``module:Class`` of your own."""
    if ":" in spec:
        return load_bot_class(spec)(seed)
    return make_bot(spec, seed)


__all__ = [
    "CHARACTERS",
    "DIFFICULTIES",
    "Bot",
    "Character",
    "DecidedThinker",
    "EasyBot",
    "HardBot",
    "Hint",
    "HintThinker",
    "MediumBot",
    "Thinker",
    "load_bot_class",
    "make_bot",
    "make_bot_from_spec",
    "start_thinking",
    "hint",
    "start_hint",
    "think_until_done",
]
