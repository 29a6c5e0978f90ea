"""The computer gnomes a player can seat at the table: a name, a one-line trait,
a portrait and the difficulty they usually play at.

The AI's own list (``gnoming.ai.characters``) is used when it is there; until
then, and if it ever fails to load, the eight gnomes below sit in.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass
from functools import cache

from gnoming.i18n import N_, _
from gnoming.options import DIFFICULTIES


@dataclass(frozen=True)
class Character:
    name: str
    trait: str
    """English text, marked with ``N_``; show it with :func:`trait_text`."""
    portrait: int
    difficulty: str


FALLBACK: tuple[Character, ...] = (
    Character("Bramble", N_("Plays it safe and keeps the low cards."), 0, "medium"),
    Character("Pip", N_("Young, quick, and a little too fond of the draw pile."), 1, "easy"),
    Character("Tansy", N_("Counts every card that goes by."), 2, "hard"),
    Character("Clover", N_("Loves a match more than a low card."), 3, "medium"),
    Character("Moss", N_("Slow and patient; never hurries to go out."), 4, "easy"),
    Character("Fennel", N_("Goes out first whenever she can."), 5, "hard"),
    Character("Thistle", N_("Prickly about hazards."), 6, "medium"),
    Character("Juniper", N_("Old, wise, and hard to beat."), 7, "hard"),
)


def _from_ai() -> tuple[Character, ...]:
    try:
        from gnoming.ai import characters as module
    except Exception:
        return ()
    items = None
    for attribute in ("CHARACTERS", "GNOMES", "ALL", "characters"):
        items = getattr(module, attribute, None)
        if callable(items):
            try:
                items = items()
            except Exception:
                items = None
        if items:
            break
    found: list[Character] = []
    try:
        for index, item in enumerate(items.values() if isinstance(items, dict) else items or ()):
            name = str(getattr(item, "name", "") or "")
            if not name:
                continue
            trait = str(getattr(item, "trait", "") or getattr(item, "description", "") or "")
            # the AI's list numbers portraits 1..8 (gnome<n>.svg); CardArt counts from 0
            portrait = getattr(item, "portrait", index + 1)
            portrait = portrait - 1 if isinstance(portrait, int) else index
            difficulty = str(getattr(item, "difficulty", "medium"))
            if difficulty not in DIFFICULTIES:
                difficulty = "medium"
            found.append(Character(name, trait, portrait, difficulty))
    except Exception:
        return ()
    return tuple(found)


@cache
def characters() -> tuple[Character, ...]:
    """Every gnome a player can choose, in the order the chooser cycles through."""
    return _from_ai() or FALLBACK


def factory_gnomes(count: int, difficulty: str = "medium") -> list[Character]:
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
    return zlib.crc32(name.encode("utf-8")) % 8


def trait_text(name: str) -> str:
    """The translated one-line trait of the gnome called ``name`` ('' if unknown)."""
    character = character_named(name)
    return _(character.trait) if character is not None and character.trait else ""
