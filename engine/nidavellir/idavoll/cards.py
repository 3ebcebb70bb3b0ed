"""Idavoll's cards as typed constants: 5 mythical animals, 5 giants, 5 valkyries, and
Gullinbursti (the 5 gods are declared with their powers in gods.py); the giants' classes, the
valkyries' strength tracks, the mythology deck sizes.

Values from the rules sheet (nidavellir-expansions.md 2.1, 2.2).
"""

from __future__ import annotations

from engine.nidavellir.components import (
    ANIMAL,
    BLACKSMITH,
    EXPLORER,
    GIANT,
    HUNTER,
    MINER,
    SPECIAL,
    VALKYRIE,
    WARRIOR,
    Card,
)

ANIMALS: tuple[Card, ...] = (
    Card("durathor", "Durathor", ANIMAL, HUNTER, 1, text="1 hunter rank; Dagda makes you discard 1 card, not 2"),
    Card("garm", "Garm", ANIMAL, EXPLORER, 2, (9, 0),
         text="2 explorer ranks: 9 and 0, plus 1 per explorer rank; the Pioneer draws 6"),
    Card("hreasvelg", "Hreasvelg", ANIMAL, BLACKSMITH, 1, text="1 blacksmith rank; place Gullinbursti in any column"),
    Card("nidhogg", "Nidhogg", ANIMAL, WARRIOR, 1, (5,), text="warrior rank of 5, plus 2 per warrior rank"),
    Card("ratatosk", "Ratatosk", ANIMAL, MINER, 1, (2,),
         text="miner rank of 2; each pair of 0-point miner ranks adds 1 to the miner sum"),
)
GIANTS: tuple[Card, ...] = (
    Card("skymir", "Skymir", GIANT, text="captures a hunter: draw 5 mythology cards from the reserve, keep 2"),
    Card("surt", "Surt", GIANT, text="captures a warrior: your highest coin in points at the end"),
    Card("gymir", "Gymir", GIANT, text="captures an explorer: 3 times its bravery points at the end"),
    Card("hrungnir", "Hrungnir", GIANT, text="captures a miner: every coin but the trading coin +2"),
    Card("thrivaldi", "Thrivaldi", GIANT, text="captures a blacksmith: recruit a hero that doesn't count for lines"),
)
VALKYRIES: tuple[Card, ...] = (
    Card("brynhildr", "Brynhildr", VALKYRIE, text="a notch each time you pick first in a tavern: 0-3-6-10-16"),
    Card("hildr", "Hildr", VALKYRIE, text="a notch per distinction you win: 0-8-16-0"),
    Card("olrun", "Ölrun", VALKYRIE, text="a notch per card with a rank of the class you chose: 0-3-6-10-16"),
    Card("sigrdrifa", "Sigrdrífa", VALKYRIE, text="a notch per hero you recruit (not by Odin): 0-0-8-16"),
    Card("svafa", "Svafa", VALKYRIE, text="a notch per point a coin you get beats its target: 0-4-8-16"),
)
GULLINBURSTI = Card("gullinbursti", "Gullinbursti", SPECIAL, ranks=1,
                    text="1 rank in the column it stands in, 0 points (Hreasvelg)")

# The gods are declared with their powers (gods.py); the mythology deck names them here.
GOD_KEYS = ("freya", "frigg", "loki", "odin", "thor")
IDAVOLL_CARDS: tuple[Card, ...] = (*ANIMALS, *GIANTS, *VALKYRIES, GULLINBURSTI)
MYTHOLOGY_KEYS: tuple[str, ...] = (*(card.key for card in ANIMALS), *GOD_KEYS, *(card.key for card in GIANTS),
                                   *(card.key for card in VALKYRIES))

# The column whose next tavern dwarf each giant may capture.
GIANT_CLASS: dict[str, int] = {"skymir": HUNTER, "surt": WARRIOR, "gymir": EXPLORER, "hrungnir": MINER,
                               "thrivaldi": BLACKSMITH}
# Each valkyrie's strength track, top notch first; the token stops on the last one.
VALKYRIE_TRACKS: dict[str, tuple[int, ...]] = {
    "brynhildr": (0, 3, 6, 10, 16), "hildr": (0, 8, 16, 0), "olrun": (0, 3, 6, 10, 16),
    "sigrdrifa": (0, 0, 8, 16), "svafa": (0, 4, 8, 16),
}
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
