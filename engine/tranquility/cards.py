"""Tranquility's cards and sea grid, as data: card codes, tokens and cell geometry."""

from __future__ import annotations

ISLAND_MIN = 1
ISLAND_MAX = 80
# Non-island cards get codes above the islands so a plain int sort puts islands first.
FINISH = 81
MONSTER = 82
START = 83

FINISH_CARDS = 5
HAND_SIZE = 5
START_DISCARD_TOTAL = 8  # cards the team discards together after the Start card

ROWS = 6
COLUMNS = 6
CELLS = ROWS * COLUMNS

SEA_MONSTER_CHOICES = (0, 3, 4, 5)
REMOVED_ISLAND_CHOICES = (0, *range(4, 13))
JAGGED_ROCKS_CHOICES = ("off", "auto", "manual")

TOKENS = {FINISH: "finish", MONSTER: "monster", START: "start"}
CODES = {token: code for code, token in TOKENS.items()}
CARD_NAMES = {FINISH: "a Finish card", MONSTER: "a Sea Monster", START: "a Start card"}


def is_island(card: int) -> bool:
    return ISLAND_MIN <= card <= ISLAND_MAX


def token(card: int) -> str:
    """The move-text token of a card: the island number, or finish/monster/start."""
    return TOKENS.get(card) or str(card)


def card_name(card: int) -> str:
    """A card as a sentence names it."""
    return CARD_NAMES.get(card) or str(card)


def row_of(index: int) -> int:
    """Row 0 (bottom) to 5 (top) of a 0-based cell index."""
    return index // COLUMNS


def row_cells(row: int) -> range:
    """0-based cell indexes of a 0-based row."""
    return range(row * COLUMNS, row * COLUMNS + COLUMNS)


def counted(count: int, noun: str = "card") -> str:
    """'1 card', '2 cards'."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def listing(cards: list[int] | tuple[int, ...]) -> str:
    """'40 and 41' / '40, 41 and a Finish card'."""
    names = [card_name(c) for c in cards]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
