"""Nidavellir's vocabulary: the card type, columns (suits), taverns, coins, gems, treasure.

Cards are known everywhere by their name (`Card.key`, e.g. "warrior 7", "grid", "draupnir");
the tables of cards live in cards.py and thingvellir/cards.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.core import seat_label as seat_label  # re-exported: the rules modules name seats with it

# The rules a game follows after set-up (`NidavellirState.rules`). Games set up before 2026-12-02
# (history versions 1 and 2) follow rules 2 for good, so their stored logs replay as played.
# Rules 3 tells the bronze 5 from a gold 5, keeps Frigg off Loki's reserved card and out of the
# mythology tavern, and keeps a recovered Olwyn double out of its twin's column.
COIN_IDENTITY = FRIGG_LIMITS = TWIN_COLUMNS = 3
RULES = 3

BLACKSMITH, HUNTER, EXPLORER, MINER, WARRIOR = range(5)
SUITS = ("blacksmith", "hunter", "explorer", "miner", "warrior")
SUIT_BY_NAME = {name: index for index, name in enumerate(SUITS)}

TAVERNS = ("goblin", "dragon", "horse")
TAVERN_LABELS = ("Laughing Goblin", "Dancing Dragon", "Shining Horse")
TAVERN_BY_NAME = {name: index for index, name in enumerate(TAVERNS)}
POUCH = "pouch"
PLACES = (*TAVERNS, POUCH)  # where a coin lies: index 0–2 a tavern, 3 the pouch
POUCH_PLACE = 3

# The Hunting Master's green 3: worth 3, trades like the 0, never transformed.
HUNTER_COIN = 103
HUNTER_TOKEN = "h3"
# The bronze 5 each seat starts with, told apart from the Royal Treasure's gold 5s (rules 3 on:
# the 5 is the one value that comes in both metals, and which one leaves in a trade matters).
BRONZE_FIVE = 105
# What a move adds to a 5 when its seat holds both metals: "5b" the bronze one, "5g" a gold one.
BRONZE_MARK, GOLD_MARK = "b", "g"
CROWN_GEM = 6


def bronze_coins(rules: int) -> tuple[int, ...]:
    """The five bronze coins a seat starts with; before rules 3 the bronze 5 was a plain 5."""
    return (0, 2, 3, 4, BRONZE_FIVE if rules >= COIN_IDENTITY else 5)


def coin_value(coin: int) -> int:
    """What a coin is worth in bids, sums and scores."""
    return 3 if coin == HUNTER_COIN else 5 if coin == BRONZE_FIVE else coin


def coin_token(coin: int) -> str:
    """A coin as events and pictures name it: its value (the Hunter's 3 as h3)."""
    return HUNTER_TOKEN if coin == HUNTER_COIN else str(coin_value(coin))


def is_trading(coin: int) -> bool:
    return coin in (0, HUNTER_COIN)


def coin_order(coin: int) -> tuple[int, int]:
    """Sort key: by value, the Hunter's 3 after a plain 3, the bronze 5 after a gold 5 (a total
    order: a list sorted by it tells nothing of where each coin lay)."""
    return (coin_value(coin), coin)


def treasure(players: int) -> list[int]:
    """The Royal Treasure, ascending; 7, 9 and 11 have one copy each at 2–3 players."""
    return list(_treasure(players <= 3))


@cache
def _treasure(few: bool) -> tuple[int, ...]:
    """`treasure` for 2–3 players (`few`) or more, made once each."""
    counts = {5: 2, 6: 2, 7: 3, 8: 2, 9: 3, 10: 2, 11: 3, 12: 2, 13: 2, 14: 2}
    counts.update({value: 1 for value in range(15, 26)})
    if few:
        counts.update({7: 1, 9: 1, 11: 1})
    return tuple(value for value, n in sorted(counts.items()) for _ in range(n))


def gems(players: int) -> list[int]:
    """Gems in play: the highest `players` of 1–5."""
    return list(range(6 - players, 6))


# Kinds of card. Where a card goes when gained follows from its kind (flow.gain).
DWARF = "dwarf"
OFFERING = "offering"
ARMORER = "armorer"  # the King's Great Armorer's 2-rank blacksmith card
HERO = "hero"
ARTEFACT = "artefact"
MERCENARY = "mercenary"
DOUBLE = "double"  # Olwyn's doubles: a rank in any column, no class of its own
ANIMAL = "animal"  # Idavoll: a mythical animal, a rank card of its class
GOD = "god"  # Idavoll: a Norse god, in the command zone with its power token
GIANT = "giant"  # Idavoll: a giant, in the command zone until it captures a dwarf of its class
VALKYRIE = "valkyrie"  # Idavoll: a valkyrie, in the command zone with her strength track
SPECIAL = "special"  # Idavoll's Gullinbursti: a rank in any column, no class of its own
MYTHOLOGY_KINDS = frozenset({ANIMAL, GOD, GIANT, VALKYRIE})


@dataclass(frozen=True)
class Card:
    """One kind of card, as printed. Several copies of a dwarf share one key.

    `suit` is the column a card always goes to (None: neutral hero, offering, artefact kept in
    the command zone, mercenary, double). `bravery` lists its bravery points (Kraal has 7 and 0);
    a mercenary's points depend on the column it enlists in (`options`).
    """

    key: str
    label: str
    kind: str
    suit: int | None = None
    ranks: int = 0
    bravery: tuple[int, ...] = ()
    offering: int = 0
    points: int = 0  # printed value of a neutral hero or an artefact
    age: int = 0  # the camp deck (Thingvellir) or the Age deck it comes from; 0: no age
    options: tuple[tuple[int, int], ...] = ()  # a mercenary's (column, bravery points) choices
    text: str = ""

    @property
    def hero(self) -> bool:
        return self.kind == HERO

    @property
    def bravery_sum(self) -> int:
        return sum(self.bravery)
