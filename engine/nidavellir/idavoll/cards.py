"""Idavoll's numbers: the mythology deck (its cards are declared each in one place: animals.py,
gods.py, giants.py, valkyries.py), its sizes, and the figures the cards' effects use.

Values from the rules sheet (nidavellir-expansions.md 2.1, 2.2).
"""

from __future__ import annotations

# The mythology deck's 20 cards in the order they are shuffled from; each is declared in
# animals.py, gods.py, giants.py or valkyries.py (Gullinbursti, set aside, in animals.py).
MYTHOLOGY_KEYS: tuple[str, ...] = (
    "durathor", "garm", "hreasvelg", "nidhogg", "ratatosk",
    "freya", "frigg", "loki", "odin", "thor",
    "skymir", "surt", "gymir", "hrungnir", "thrivaldi",
    "brynhildr", "hildr", "olrun", "sigrdrifa", "svafa",
)
MYTHOLOGY_ROUNDS = 3  # Age 1 rounds whose Dancing Dragon holds mythology cards
MYTHOLOGY_TAVERN = 1  # the Dancing Dragon
SKYMIR_DRAW = 5
SKYMIR_KEEP = 2
FRIGG_DRAW = 3
GARM_PIONEER_DRAW = 6
HRUNGNIR_BONUS = 2
GYMIR_FACTOR = 3


def mythology_deck_size(cards_per_tavern: int) -> int:
    """One tavern's worth of mythology cards for each of the first three rounds: 9, 9, 12, 15."""
    return MYTHOLOGY_ROUNDS * cards_per_tavern
