"""Nidavellir's components as typed constants: suits, dwarf cards, offerings, coins, taverns.

Every army piece (dwarf card, the Armorer's card, a hero) is a small int id into `PIECES`,
so columns, decks and taverns are plain int lists that copy and compare fast.
"""

from __future__ import annotations

from dataclasses import dataclass

BLACKSMITH, HUNTER, EXPLORER, MINER, WARRIOR = range(5)
SUITS = ("blacksmith", "hunter", "explorer", "miner", "warrior")
SUIT_BY_NAME = {name: index for index, name in enumerate(SUITS)}

TAVERNS = ("goblin", "dragon", "horse")
TAVERN_LABELS = ("Laughing Goblin", "Dancing Dragon", "Shining Horse")
TAVERN_BY_NAME = {name: index for index, name in enumerate(TAVERNS)}
POUCH = "pouch"

# The Hunting Master's green 3: worth 3, trades like the 0, never transformed.
HUNTER_COIN = 103
HUNTER_TOKEN = "h3"
BRONZE_COINS = (0, 2, 3, 4, 5)


def coin_value(coin: int) -> int:
    """What a coin is worth in bids, sums and scores."""
    return 3 if coin == HUNTER_COIN else coin


def coin_token(coin: int) -> str:
    return HUNTER_TOKEN if coin == HUNTER_COIN else str(coin)


def is_trading(coin: int) -> bool:
    return coin in (0, HUNTER_COIN)


def coin_order(coin: int) -> tuple[int, int]:
    """Sort key: by value, the Hunter's 3 after a plain 3."""
    return (coin_value(coin), coin == HUNTER_COIN)


def treasure(players: int) -> list[int]:
    """The Royal Treasure, ascending; 7, 9 and 11 have one copy each at 2–3 players."""
    counts = {5: 2, 6: 2, 7: 3, 8: 2, 9: 3, 10: 2, 11: 3, 12: 2, 13: 2, 14: 2}
    counts.update({value: 1 for value in range(15, 26)})
    if players <= 3:
        counts.update({7: 1, 9: 1, 11: 1})
    return [value for value, n in sorted(counts.items()) for _ in range(n)]


def gems(players: int) -> list[int]:
    """Gems in play: the highest `players` of 1–5."""
    return list(range(6 - players, 6))


CROWN_GEM = 6


@dataclass(frozen=True)
class Piece:
    """One kind of card or hero. `bravery` lists its bravery points (Kraal has 7 and 0)."""

    key: str
    label: str
    suit: int | None
    ranks: int
    bravery: tuple[int, ...] = ()
    offering: int = 0
    hero: bool = False
    points: int = 0  # printed value of a neutral hero
    text: str = ""

    @property
    def bravery_sum(self) -> int:
        return sum(self.bravery)


def _dwarf(suit: int, bravery: int | None) -> Piece:
    name = SUITS[suit]
    if bravery is None:
        return Piece(name, name.capitalize(), suit, 1)
    return Piece(f"{name} {bravery}", f"{name.capitalize()} {bravery}", suit, 1, (bravery,))


_DWARVES: list[Piece] = [_dwarf(BLACKSMITH, None), _dwarf(HUNTER, None)]
_DWARVES += [_dwarf(EXPLORER, b) for b in range(5, 13)]
_DWARVES += [_dwarf(MINER, b) for b in range(3)]
_DWARVES += [_dwarf(WARRIOR, b) for b in range(3, 11)]
_OFFERINGS = [Piece(f"offering {v}", f"Royal Offering +{v}", None, 0, offering=v) for v in (3, 5)]
_ARMORER = [Piece("armorer", "King's Great Armorer (2 ranks)", BLACKSMITH, 2)]

_HEROES = [
    Piece("kraal", "Kraal", WARRIOR, 2, (7, 0), hero=True, text="2 warrior ranks: 7 and 0"),
    Piece("tarah", "Tarah", WARRIOR, 1, (14,), hero=True, text="warrior rank of 14"),
    Piece("aral", "Aral", HUNTER, 2, hero=True, text="2 hunter ranks"),
    Piece("dagda", "Dagda", HUNTER, 3, hero=True,
          text="3 hunter ranks; discard the top dwarf of 2 other columns"),
    Piece("aegur", "Aegur", BLACKSMITH, 2, hero=True, text="2 blacksmith ranks"),
    Piece("bonfur", "Bonfur", BLACKSMITH, 3, hero=True,
          text="3 blacksmith ranks; discard the top dwarf of 1 other column"),
    Piece("zoral", "Zoral", MINER, 3, (1, 0, 0), hero=True, text="3 miner ranks: 1, 0 and 0"),
    Piece("lokdur", "Lokdur", MINER, 1, (3,), hero=True, text="miner rank of 3"),
    Piece("hourya", "Hourya", EXPLORER, 1, (20,), hero=True,
          text="explorer rank of 20; needs 5 explorer ranks"),
    Piece("idunn", "Idunn", EXPLORER, 1, (7,), hero=True,
          text="explorer rank of 7, plus 2 per explorer rank"),
    Piece("skaa", "Skaa", None, 0, hero=True, points=17, text="17 points"),
    Piece("astrid", "Astrid", None, 0, hero=True, text="points equal to your highest coin"),
    Piece("grid", "Grid", None, 0, hero=True, points=7, text="7 points; transform a coin +7"),
    Piece("uline", "Uline", None, 0, hero=True, points=9,
          text="9 points; bid face up after the reveal, trade any 2 coins in hand"),
    Piece("thrud", "Thrud", None, 1, hero=True, points=13,
          text="13 points; a rank in a column of your choice, never covered"),
    Piece("ylud", "Ylud", None, 1, hero=True,
          text="placed in a column at the end of each age: explorer 11, warrior 7, miner 1, else a rank"),
]
_HEROES += [
    Piece(f"dwerg {name}", f"Dwerg {name.capitalize()}", None, 0, hero=True,
          text="Dwerg brothers: 13, 40, 81, 108, 135 points for 1–5")
    for name in ("aesir", "bergelmir", "jungir", "sigmir", "ymir")
]

PIECES: tuple[Piece, ...] = (*_DWARVES, *_OFFERINGS, *_ARMORER, *_HEROES)
PIECE_BY_KEY = {piece.key: index for index, piece in enumerate(PIECES)}
HERO_IDS: tuple[int, ...] = tuple(PIECE_BY_KEY[h.key] for h in _HEROES)
ARMORER = PIECE_BY_KEY["armorer"]
THRUD = PIECE_BY_KEY["thrud"]
YLUD = PIECE_BY_KEY["ylud"]
ULINE = PIECE_BY_KEY["uline"]
GRID = PIECE_BY_KEY["grid"]
DAGDA = PIECE_BY_KEY["dagda"]
BONFUR = PIECE_BY_KEY["bonfur"]
HOURYA = PIECE_BY_KEY["hourya"]
IDUNN = PIECE_BY_KEY["idunn"]
ASTRID = PIECE_BY_KEY["astrid"]
DWERGS: frozenset[int] = frozenset(i for i in HERO_IDS if PIECES[i].key.startswith("dwerg"))
DWERG_POINTS = (0, 13, 40, 81, 108, 135)

# Ylud's worth in each column: (bravery points, counts for the miner product).
YLUD_BRAVERY = {BLACKSMITH: 0, HUNTER: 0, EXPLORER: 11, MINER: 1, WARRIOR: 7}


def card(key: str) -> int:
    return PIECE_BY_KEY[key]


def deck(age: int, players: int) -> list[int]:
    """One age's deck, unshuffled: the 2–4 player cards plus the 5-player ones at 5."""
    five = players == 5
    cards = [card("blacksmith")] * (10 if five else 8)
    cards += [card("hunter")] * (8 if five else 6)
    cards += [card(f"warrior {b}") for b in (3, 4, 5, 6, 6, 7, 8, 9, *((10,) if five else ()))]
    cards += [card(f"miner {b}") for b in (0, 0, 1, 1, 2, 2, *((0, 1) if five else ()))]
    cards += [card(f"explorer {b}") for b in range(5, 13 if five else 12)]
    if age == 1:
        cards += [card("offering 3")] * (2 if five else 1)
    else:
        cards += [card("offering 5")] * (3 if five else 2)
    return cards


def cards_per_tavern(players: int) -> int:
    return max(3, players)


def rounds_per_age(players: int) -> int:
    return 4 if players <= 3 else 3


DISTINCTION_ORDER = (WARRIOR, HUNTER, MINER, BLACKSMITH, EXPLORER)
DISTINCTION_LABELS = {
    WARRIOR: "King's Hand",
    HUNTER: "Hunting Master",
    MINER: "Crown Jeweler",
    BLACKSMITH: "King's Great Armorer",
    EXPLORER: "Pioneer of the Kingdom",
}
KINGS_HAND_BONUS = 5
GRID_BONUS = 7
PIONEER_DRAW = 3
CROWN_POINTS = 3
HOURYA_EXPLORERS = 5
