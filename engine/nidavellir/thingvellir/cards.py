"""Thingvellir's cards as typed constants: 12 artefacts, 12 mercenaries, 6 heroes, Olwyn's doubles.

Values from the rules sheet (nidavellir-expansions.md 1.1); the camp decks list each age's cards.
"""

from __future__ import annotations

from engine.nidavellir.components import (
    ARTEFACT,
    BLACKSMITH,
    DOUBLE,
    EXPLORER,
    HERO,
    HUNTER,
    MERCENARY,
    MINER,
    SUITS,
    WARRIOR,
    Card,
)

ARTEFACTS: tuple[Card, ...] = (
    Card("fafnir", "Fafnir Baleygr", ARTEFACT, age=1,
         text="you may visit the camp on your own pick if nobody did in this tavern yet"),
    Card("draupnir", "Draupnir", ARTEFACT, age=1, text="6 points per coin of 15 or more"),
    Card("vegvisir", "Vegvisir", ARTEFACT, EXPLORER, 1, (13,), age=1,
         text="goes into the explorer column: 1 rank of 13"),
    Card("svalinn", "Svalinn", ARTEFACT, age=1, text="5 points per hero"),
    Card("megingjord", "Megingjord", ARTEFACT, points=28, age=1,
         text="28 points; no more heroes from complete lines"),
    Card("vidofnir", "Vidofnir & Vedrfölnir", ARTEFACT, age=1,
         text="transform the pouch coins +2 and +3 (+5 if the other is the trading coin)"),
    Card("brisingamens", "Brisingamens", ARTEFACT, age=2,
         text="take 2 cards from the discard pile; discard 1 army card at the end of the game"),
    Card("mjollnir", "Mjöllnir", ARTEFACT, age=2, text="2 points per rank of a column chosen at the end"),
    Card("hofud", "Höfud", ARTEFACT, age=2, text="every other player discards a card of their warrior column"),
    Card("hrafnsmerki", "Hrafnsmerki", ARTEFACT, age=2, text="5 points per mercenary"),
    Card("jarnglofi", "Jarnglofi", ARTEFACT, points=24, age=2,
         text="24 points; your trading coin leaves the game at once"),
    Card("gjallarhorn", "Gjallarhorn", ARTEFACT, age=2, text="recruit a hero at once, whatever your lines"),
)


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

THINGVELLIR_HEROES: tuple[Card, ...] = (
    Card("andumia", "Andumia", HERO, points=12, text="12 points; take a card from the discard pile"),
    Card("holda", "Holda", HERO, points=12, text="12 points; take a card from the camp"),
    Card("khrad", "Khrad", HERO, points=4, text="4 points; your lowest coin (not the trading coin) +10"),
    Card("jarika", "Jarika", HERO, points=8, text="8 points; +2 on every coin trade and transform"),
    Card("olwyn", "Olwyn", HERO, points=9, text="9 points; place his 2 doubles in 2 different columns"),
    Card("zolkur", "Zolkur", HERO, points=10, text="10 points; your next trade gives up the lower coin"),
)
THINGVELLIR_HERO_KEYS: tuple[str, ...] = tuple(card.key for card in THINGVELLIR_HEROES)
OLWYN_DOUBLE = Card("double", "Olwyn's double", DOUBLE, ranks=1, text="1 rank in the column it stands in, 0 points")

THINGVELLIR_CARDS: tuple[Card, ...] = (*ARTEFACTS, *MERCENARIES, *THINGVELLIR_HEROES, OLWYN_DOUBLE)

_W9_E11 = "mercenary warrior 9 explorer 11"
CAMP_DECKS: tuple[tuple[str, ...], tuple[str, ...]] = (
    (*(a.key for a in ARTEFACTS if a.age == 1), *(m.key for m in MERCENARIES if m.age == 1), _W9_E11),
    (*(a.key for a in ARTEFACTS if a.age == 2), *(m.key for m in MERCENARIES if m.age == 2), _W9_E11),
)
CAMP_SIZE = 5
DOUBLES = 2
