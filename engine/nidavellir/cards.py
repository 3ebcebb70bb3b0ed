"""Nidavellir's cards as typed constants, by name: dwarves, offerings, heroes, distinctions, decks.

The base game's cards; a game's cards, with its expansions' and any declared card, and the flat
tables the flow reads them by (ranks, bravery by column, ...), are its ruleset's (ruleset.py). A
card's identity is its key; copies share it.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from engine.nidavellir.components import (
    ARMORER,
    BLACKSMITH,
    DWARF,
    EXPLORER,
    HUNTER,
    MINER,
    OFFERING,
    SUITS,
    WARRIOR,
    Card,
)

if TYPE_CHECKING:
    from engine.nidavellir.state import NidavellirState


def _dwarf(suit: int, bravery: int | None) -> Card:
    name = SUITS[suit]
    if bravery is None:
        return Card(name, name.capitalize(), DWARF, suit, 1)
    return Card(f"{name} {bravery}", f"{name.capitalize()} {bravery}", DWARF, suit, 1, (bravery,))


DWARVES: tuple[Card, ...] = (
    _dwarf(BLACKSMITH, None), _dwarf(HUNTER, None),
    *(_dwarf(EXPLORER, b) for b in range(5, 13)),
    *(_dwarf(MINER, b) for b in range(3)),
    *(_dwarf(WARRIOR, b) for b in range(3, 11)),
)
OFFERINGS = tuple(Card(f"offering {v}", f"Royal Offering +{v}", OFFERING, offering=v) for v in (3, 5))
ARMORER_CARD = Card("armorer", "King's Great Armorer (2 ranks)", ARMORER, BLACKSMITH, 2)


PLAIN_CARDS: tuple[Card, ...] = (*DWARVES, *OFFERINGS, ARMORER_CARD)  # the base game's cards without an effect
# The base game's heroes in the reserve's order; each is declared with its effect in heroes.py.
DWERG_KEYS: tuple[str, ...] = tuple(f"dwerg {name}" for name in ("aesir", "bergelmir", "jungir", "sigmir", "ymir"))
BASE_HERO_KEYS: tuple[str, ...] = (
    "kraal", "tarah", "aral", "dagda", "aegur", "bonfur", "zoral", "lokdur", "hourya", "idunn",
    "skaa", "astrid", "grid", "uline", "thrud", "ylud", *DWERG_KEYS,
)
DWERGS: frozenset[str] = frozenset(DWERG_KEYS)
DWERG_POINTS = (0, 13, 40, 81, 108, 135)

# Ylud's bravery points in each column.
YLUD_BRAVERY = {BLACKSMITH: 0, HUNTER: 0, EXPLORER: 11, MINER: 1, WARRIOR: 7}


def bravery_in(card: Card, suit: int) -> int:
    """A card's bravery points in a column."""
    if card.key == "ylud":
        return YLUD_BRAVERY[suit]
    if card.options:
        return dict(card.options).get(suit, 0)
    return card.bravery_sum


def discard_tavern_card(state: NidavellirState, card: str) -> bool:
    """A card leaves a tavern unpicked: to the discard pile, or out of the game if it is a
    mythology card. True when it went to the pile."""
    if card in state.ruleset.mythology:
        return False
    state.discard.append(card)
    return True


def deck(age: int, players: int) -> list[str]:
    """One age's deck, unshuffled: the 2–4 player cards plus the 5-player ones at 5."""
    return list(_deck(age, players))


@cache
def _deck(age: int, players: int) -> tuple[str, ...]:
    """`deck`, made once per age and player count (every set-up asks, and a playout is short)."""
    five = players == 5
    cards = ["blacksmith"] * (10 if five else 8)
    cards += ["hunter"] * (8 if five else 6)
    cards += [f"warrior {b}" for b in (3, 4, 5, 6, 6, 7, 8, 9, *((10,) if five else ()))]
    cards += [f"miner {b}" for b in (0, 0, 1, 1, 2, 2, *((0, 1) if five else ()))]
    cards += [f"explorer {b}" for b in range(5, 13 if five else 12)]
    if age == 1:
        cards += ["offering 3"] * (2 if five else 1)
    else:
        cards += ["offering 5"] * (3 if five else 2)
    return tuple(cards)


def cards_per_tavern(players: int) -> int:
    return max(3, players)


def rounds_per_age(players: int, age: int = 1, idavoll: bool = False) -> int:
    """Rounds in an age; with Idavoll, Age 1 has one more (its first three Dancing Dragons hold
    mythology cards, so the Age 1 deck lasts a round longer)."""
    return (4 if players <= 3 else 3) + (1 if idavoll and age == 1 else 0)


DISTINCTION_ORDER = (WARRIOR, HUNTER, MINER, BLACKSMITH, EXPLORER)
DISTINCTION_LABELS = {
    WARRIOR: "King's Hand",
    HUNTER: "Hunting Master",
    MINER: "Crown Jeweler",
    BLACKSMITH: "King's Great Armorer",
    EXPLORER: "Pioneer of the Kingdom",
}
KINGS_HAND = "kings hand"  # the source of the King's Hand transform (not a card)
KINGS_HAND_BONUS = 5
GRID_BONUS = 7
PIONEER_DRAW = 3
CROWN_POINTS = 3
HOURYA_EXPLORERS = 5


def source_label(state: NidavellirState, source: str) -> str:
    """The name of what caused a transform: a card, or the King's Hand distinction."""
    return DISTINCTION_LABELS[WARRIOR] if source == KINGS_HAND else state.cards[source].label
