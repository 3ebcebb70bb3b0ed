"""Thingvellir's 12 mercenaries as typed constants (they only sit and score), the camp decks, and
the keys of the cards declared with their effects (artefacts.py, heroes.py).

Values from the rules sheet (nidavellir-expansions.md 1.1); the camp decks list each age's cards.
"""

from __future__ import annotations

from engine.nidavellir.components import (
    BLACKSMITH,
    EXPLORER,
    HUNTER,
    MERCENARY,
    MINER,
    SUITS,
    WARRIOR,
    Card,
)

VIDOFNIR_LABEL = "Vidofnir & Vedrfölnir"
# The artefacts of each age's camp deck, and the heroes in the order they join the reserve; each
# is declared with its effect in artefacts.py or heroes.py.
ARTEFACT_KEYS: tuple[tuple[str, ...], tuple[str, ...]] = (
    ("fafnir", "draupnir", "vegvisir", "svalinn", "megingjord", "vidofnir"),
    ("brisingamens", "mjollnir", "hofud", "hrafnsmerki", "jarnglofi", "gjallarhorn"),
)
THINGVELLIR_HERO_KEYS: tuple[str, ...] = ("andumia", "holda", "khrad", "jarika", "olwyn", "zolkur")
DOUBLE_KEY = "double"


def _option(suit: int, bravery: int) -> str:
    return SUITS[suit] if suit in (BLACKSMITH, HUNTER) else f"{SUITS[suit]} {bravery}"


def _mercenary(age: int, first: tuple[int, int], second: tuple[int, int]) -> Card:
    """A mercenary named by its two printed options, e.g. "mercenary warrior 6 explorer 8"."""
    name = f"{_option(*first)} {_option(*second)}"
    label = f"Mercenary {_option(*first).capitalize()} / {_option(*second).capitalize()}"
    return Card(f"mercenary {name}", label, MERCENARY, ranks=1, age=age, options=(first, second),
                text=f"enlists at the end of the age as 1 rank of {_option(*first)} or {_option(*second)}")


# The warrior 9 / explorer 11 mercenary is in both camp decks: two copies of one card (age 0).
MERCENARIES: tuple[Card, ...] = (
    _mercenary(1, (WARRIOR, 6), (EXPLORER, 8)),
    _mercenary(1, (WARRIOR, 6), (BLACKSMITH, 0)),
    _mercenary(1, (HUNTER, 0), (EXPLORER, 8)),
    _mercenary(1, (HUNTER, 0), (MINER, 1)),
    _mercenary(1, (BLACKSMITH, 0), (MINER, 1)),
    _mercenary(0, (WARRIOR, 9), (EXPLORER, 11)),
    _mercenary(2, (HUNTER, 0), (BLACKSMITH, 0)),
    _mercenary(2, (WARRIOR, 6), (MINER, 1)),
    _mercenary(2, (BLACKSMITH, 0), (EXPLORER, 8)),
    _mercenary(2, (WARRIOR, 6), (HUNTER, 0)),
    _mercenary(2, (EXPLORER, 8), (MINER, 1)),
)

_W9_E11 = "mercenary warrior 9 explorer 11"
CAMP_DECKS: tuple[tuple[str, ...], tuple[str, ...]] = (
    (*ARTEFACT_KEYS[0], *(m.key for m in MERCENARIES if m.age == 1), _W9_E11),
    (*ARTEFACT_KEYS[1], *(m.key for m in MERCENARIES if m.age == 2), _W9_E11),
)
CAMP_SIZE = 5
DOUBLES = 2
