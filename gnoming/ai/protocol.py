"""The bot protocol: what a computer opponent is, and how the game asks it to think.

A bot is any object with a ``name`` and a ``choose(obs, legal)`` method that
returns one of the ``legal`` actions. It is built from one integer seed and
keeps its own :class:`random.Random`, so a tournament is reproducible. It sees
only its seat's :class:`~gnoming.rules.Observation` (face-down cards and the
order of the draw pile are not in it); a bot that searches imagines the rest
with :func:`~gnoming.rules.determinize`.

A bot that thinks for a while may also offer ``start(obs, legal)``, returning a
:class:`Thinker` that the game screen advances a few milliseconds per frame.
:func:`start_thinking` gives every bot that interface: bots without ``start``
are wrapped so that they decide on the first step.

Bots written by players are loaded by ``"module:Class"`` (see docs/bots.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Protocol, runtime_checkable

from gnoming.rules import Action, Observation


@runtime_checkable
class Thinker(Protocol):
    """One decision in progress."""

    def step(self, budget_seconds: float) -> bool:
        """Do up to about ``budget_seconds`` of work; True once the decision is made."""
        ...

    def result(self) -> Action:
        """The decision (only after :meth:`step` returned True)."""
        ...


@runtime_checkable
class Bot(Protocol):
    """A computer opponent: ``Class(seed)`` builds one; ``choose`` decides."""

    name: str

    def choose(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """One of ``legal``, for the seat ``obs.seat`` (which is ``obs.current_seat``)."""
        ...


class DecidedThinker:
    """A thinker whose decision is already made (forced moves, quick bots)."""

    __slots__ = ("_action",)

    def __init__(self, action: Action) -> None:
        self._action = action

    def step(self, budget_seconds: float) -> bool:
        return True

    def result(self) -> Action:
        return self._action


class LazyThinker:
    """Runs a quick ``choose`` on the first step (for bots without ``start``)."""

    __slots__ = ("_decide", "_action")

    def __init__(self, decide: Callable[[], Action]) -> None:
        self._decide = decide
        self._action: Action | None = None

    def step(self, budget_seconds: float) -> bool:
        if self._action is None:
            self._action = self._decide()
        return True

    def result(self) -> Action:
        if self._action is None:
            raise RuntimeError("the decision is not made yet: call step() until it returns True")
        return self._action


def start_thinking(bot: Bot, obs: Observation, legal: Sequence[Action]) -> Thinker:
    """A :class:`Thinker` for ``bot``'s decision, whatever kind of bot it is.

    A forced move (one legal action) is decided at once, without asking the bot.
    """
    if len(legal) == 1:
        return DecidedThinker(legal[0])
    start = getattr(bot, "start", None)
    if callable(start):
        thinker = start(obs, legal)
        assert isinstance(thinker, Thinker)
        return thinker
    return LazyThinker(lambda: bot.choose(obs, legal))


def think_until_done(thinker: Thinker, slice_seconds: float = 0.05) -> Action:
    """Step a thinker to the end (what ``choose`` does for a thinking bot)."""
    while not thinker.step(slice_seconds):
        pass
    return thinker.result()


BotFactory = Callable[[int], Bot]


def load_bot_class(spec: str) -> BotFactory:
    """The bot class named by ``"package.module:Class"``."""
    module_name, sep, class_name = spec.partition(":")
    if not sep or not module_name or not class_name:
        raise ValueError(f"{spec!r}: name a bot as module:Class, e.g. mybots.greedy:GreedyBot")
    module = importlib.import_module(module_name)
    try:
        factory = getattr(module, class_name)
    except AttributeError:
        raise ValueError(f"{module_name} has no {class_name}") from None
    if not callable(factory):
        raise ValueError(f"{spec} is not a class")
    bot_class: BotFactory = factory
    return bot_class
