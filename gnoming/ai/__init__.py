"""Computer opponents. They see only what their seat may see (docs/bots.md).

>>> from gnoming.ai import make_bot
>>> make_bot("medium", seed=1).name
'medium'
"""

from __future__ import annotations

import ast
import re
from typing import Any

from .characters import CHARACTERS, Character
from .easy import EasyBot
from .expert import ExpertBot
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
from .yardstick import YardstickBot

DIFFICULTIES = ("easy", "medium", "hard", "expert")
"""The levels a player can choose, weakest first."""

_BUILT_IN: dict[str, Any] = {
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
    "expert": ExpertBot,
    "yardstick": YardstickBot,
}
"""Every bot a tournament seat can name; the yardstick is not offered to players."""


def make_bot(difficulty: str, seed: int) -> Bot:
    """A bot of the named difficulty (``"easy"``, ``"medium"``, ``"hard"`` or ``"expert"``)."""
    key = difficulty.strip().lower()
    if key in DIFFICULTIES:
        bot: Bot = _BUILT_IN[key](seed)
        return bot
    raise ValueError(f"{difficulty!r}: the difficulties are easy, medium, hard and expert")


_SPEC = re.compile(r"^\s*([\w.:]+)\s*(?:\((.*)\))?\s*$", re.DOTALL)


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"hard(playouts=128, gate=1.0)"`` -> ``("hard", {"playouts": 128, "gate": 1.0})``.

    >>> parse_spec("medium"), parse_spec("hard(playouts=128)")
    (('medium', {}), ('hard', {'playouts': 128}))
    """
    match = _SPEC.match(spec)
    if match is None:
        raise ValueError(f"{spec!r}: name a bot as name or name(key=value, ...)")
    name, args = match.group(1), match.group(2)
    params: dict[str, Any] = {}
    if args and args.strip():
        try:
            call = ast.parse(f"f({args})", mode="eval").body
        except SyntaxError:
            raise ValueError(f"{spec!r}: parameters are key=value, ...") from None
        assert isinstance(call, ast.Call)
        if call.args:
            raise ValueError(f"{spec!r}: parameters are key=value, ...")
        for keyword in call.keywords:
            if keyword.arg is None:
                raise ValueError(f"{spec!r}: parameters are key=value, ...")
            try:
                params[keyword.arg] = ast.literal_eval(keyword.value)
            except ValueError:
                raise ValueError(f"{spec!r}: {keyword.arg} must be a number or a word") from None
    return name, params


def make_bot_from_spec(spec: str, seed: int) -> Bot:
    """A bot from a tournament seat: a built-in name (the difficulties and
    ``yardstick``) or a ``module:Class`` of your own, either with parameters in
    brackets, e.g. ``hard(playouts=128)``."""
    name, params = parse_spec(spec)
    if ":" in name:
        factory: Any = load_bot_class(name)
    else:
        key = name.lower()
        if key not in _BUILT_IN:
            raise ValueError(f"{name!r}: the bots are {', '.join(_BUILT_IN)} or module:Class")
        factory = _BUILT_IN[key]
    try:
        bot: Bot = factory(seed, **params)
    except TypeError as error:
        raise ValueError(f"{spec!r}: {error}") from None
    return bot


__all__ = [
    "CHARACTERS",
    "DIFFICULTIES",
    "Bot",
    "Character",
    "DecidedThinker",
    "EasyBot",
    "ExpertBot",
    "HardBot",
    "Hint",
    "HintThinker",
    "MediumBot",
    "YardstickBot",
    "Thinker",
    "load_bot_class",
    "make_bot",
    "make_bot_from_spec",
    "parse_spec",
    "start_thinking",
    "hint",
    "start_hint",
    "think_until_done",
]
