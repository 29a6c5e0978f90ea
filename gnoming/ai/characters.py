"""The gnomes a player can sit at the table with.

Each has a name, a one-line trait for the seat picker, a difficulty
(``"easy"``, ``"medium"``, ``"hard"`` or ``"expert"``) and the index 1..8 of its portrait
(``art/gnomes/gnome<portrait>.svg``).

>>> len(CHARACTERS) >= 8, sorted({c.difficulty for c in CHARACTERS})
(True, ['easy', 'expert', 'hard', 'medium'])
>>> character("Old Beck").difficulty
'hard'
"""

from __future__ import annotations

from dataclasses import dataclass

from gnoming.i18n import N_

from .protocol import Bot


@dataclass(frozen=True, slots=True)
class Character:
    """A named computer opponent."""

    name: str
    trait: str
    """In English; show it as ``_(trait)``."""
    difficulty: str
    portrait: int
    """1..8: art/gnomes/gnome<portrait>.svg"""

    def make_bot(self, seed: int) -> Bot:
        from . import make_bot

        return make_bot(self.difficulty, seed)


CHARACTERS: tuple[Character, ...] = (
    Character("Pip Mossbottom", N_("Loves low cards, forgets to look for matches."), "easy", 1),
    Character("Tilly Toadstool", N_("Plays fast and cheerful; never bounces a card."), "easy", 2),
    Character("Bramble Nook", N_("Hoards negatives like acorns."), "easy", 3),
    Character("Fennick Burrow", N_("Counts every card that has gone by."), "medium", 4),
    Character("Hazel Quickroot", N_("Never hands you the card you were waiting for."), "medium", 5),
    Character(
        "Grub Pebblenose", N_("Goes out the moment it is safe, and not before."), "medium", 6
    ),
    Character("Wendeline Thorn", N_("Plays each hand out in her head a hundred times."), "hard", 7),
    Character("Old Beck", N_("Grandpa himself: cautious in front, reckless behind."), "hard", 8),
    Character(
        "Grandpa Beck", N_("Thinks every hand through to the end of the round."), "expert", 8
    ),
)

DIFFICULTY_ORDER = ("easy", "medium", "hard", "expert")


def character(name: str) -> Character:
    """The gnome called ``name``."""
    for c in CHARACTERS:
        if c.name == name:
            return c
    raise KeyError(name)


def characters_of(difficulty: str) -> tuple[Character, ...]:
    """The gnomes of one difficulty."""
    return tuple(c for c in CHARACTERS if c.difficulty == difficulty)
