"""The computer gnomes a player can seat at the table, as the menus show them: the
AI's own cast (:data:`gnoming.ai.characters.CHARACTERS`) with the portrait
numbered the way :class:`~gnoming.ui.cardart.CardArt` counts (from 0)."""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import cache

from gnoming.ai.characters import CHARACTERS
from gnoming.i18n import _
from gnoming.options import DEFAULT_DIFFICULTY, Difficulty

PORTRAITS = 8


@dataclass(frozen=True)
class Character:
    name: str
    trait: str
    """English text, marked with ``N_`` by the AI's list; show it with :func:`trait_text`."""
    portrait: int
    """0-based, for ``CardArt.portrait``."""
    difficulty: Difficulty


@cache
def characters() -> tuple[Character, ...]:
    """Every gnome a player can choose, in the order the chooser cycles through."""
    return tuple(Character(c.name, c.trait, c.portrait - 1, c.difficulty) for c in CHARACTERS)


def factory_gnomes(count: int, difficulty: Difficulty = DEFAULT_DIFFICULTY) -> list[Character]:
    """``count`` different gnomes for the first new game, preferring ``difficulty``."""
    cast = characters()
    preferred = [c for c in cast if c.difficulty == difficulty]
    others = [c for c in cast if c.difficulty != difficulty]
    return (preferred + others)[:count]


def character_named(name: str) -> Character | None:
    for character in characters():
        if character.name == name:
            return character
    return None


def portrait_for(name: str) -> int:
    """The portrait of the gnome called ``name`` (a steady pick for unknown names)."""
    character = character_named(name)
    if character is not None:
        return character.portrait
    return zlib.crc32(name.encode("utf-8")) % PORTRAITS


def trait_text(name: str) -> str:
    """The translated one-line trait of the gnome called ``name`` ('' if unknown)."""
    character = character_named(name)
    return _(character.trait) if character is not None and character.trait else ""
