"""Army arithmetic and final scoring: ranks, complete lines, column scores, the score sheet."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.nidavellir.cards import (
    ASTRID,
    BLACKSMITH,
    CROWN_GEM,
    CROWN_POINTS,
    DWERG_POINTS,
    DWERGS,
    EXPLORER,
    HUNTER,
    IDUNN,
    MINER,
    PIECES,
    SUITS,
    THRUD,
    WARRIOR,
    YLUD,
    YLUD_BRAVERY,
    coin_value,
)
from engine.nidavellir.state import NidavellirState, SeatState

# Ranks of each piece id, looked up often when counting lines.
_RANKS = tuple(piece.ranks for piece in PIECES)


def column_ranks(column: list[int]) -> int:
    return sum(_RANKS[p] for p in column)


def ranks(seat: SeatState, suit: int) -> int:
    return column_ranks(seat.army[suit])


def lines(seat: SeatState) -> int:
    """Complete lines: the fewest ranks over the five columns (Thrud and Ylud count)."""
    return min(column_ranks(column) for column in seat.army)


def column_bravery(column: list[int], suit: int) -> int:
    """Bravery points in one column; Ylud's depend on where she stands."""
    total = 0
    for piece in column:
        total += YLUD_BRAVERY[suit] if piece == YLUD else PIECES[piece].bravery_sum
    return total


def blacksmith_points(n: int) -> int:
    """3 + 4 + … + (n + 2)."""
    return n * (n + 5) // 2


def suit_points(seat: SeatState, suit: int) -> int:
    """A column's score without the warrior majority bonus."""
    column = seat.army[suit]
    n = column_ranks(column)
    if suit == BLACKSMITH:
        return blacksmith_points(n)
    if suit == HUNTER:
        return n * n
    bravery = column_bravery(column, suit)
    if suit == MINER:
        return bravery * n
    if suit == EXPLORER and IDUNN in column:
        return bravery + 2 * n
    return bravery


def highest_coin(seat: SeatState) -> int:
    return max(coin_value(c) for c in seat.coins())


def coin_points(seat: SeatState) -> int:
    return sum(coin_value(c) for c in seat.coins())


def hero_points(seat: SeatState) -> int:
    """Neutral heroes in the command zone (class heroes score in their column)."""
    total = DWERG_POINTS[sum(1 for h in seat.command if h in DWERGS)]
    for hero in seat.command:
        if hero == ASTRID:
            total += highest_coin(seat)
        elif hero == YLUD:
            continue  # she scores in a column; in the command zone she is worth nothing
        else:
            total += PIECES[hero].points
    return total


def warrior_bonus_seats(state: NidavellirState) -> set[int]:
    """Seats tied for the most warrior ranks; nobody when nobody has a warrior rank."""
    counts = [ranks(s, WARRIOR) for s in state.seats]
    best = max(counts)
    if best == 0:
        return set()
    return {i for i, c in enumerate(counts) if c == best}


@dataclass(frozen=True)
class SheetRow:
    seat: int
    suits: tuple[int, ...]
    coins: int
    heroes: int
    bonuses: int

    @property
    def total(self) -> int:
        return sum(self.suits) + self.coins + self.heroes + self.bonuses


def sheet_rows(state: NidavellirState) -> list[SheetRow]:
    """Each seat's score as if the game ended now (Thrud scoring from wherever she stands)."""
    bonus_seats = warrior_bonus_seats(state)
    rows = []
    for index, seat in enumerate(state.seats):
        bonuses = (CROWN_POINTS if seat.gem == CROWN_GEM else 0) + (highest_coin(seat) if index in bonus_seats else 0)
        heroes = hero_points(seat)
        if any(THRUD in column for column in seat.army):
            heroes += PIECES[THRUD].points
        suits = tuple(suit_points(seat, suit) for suit in range(5))
        rows.append(SheetRow(index, suits, coin_points(seat), heroes, bonuses))
    return rows


def ranks_of(totals: list[int]) -> list[int]:
    """Competition ranks: 1 for the best, tied totals share a rank."""
    return [1 + sum(1 for other in totals if other > t) for t in totals]


def sheet(state: NidavellirState) -> dict[str, Any]:
    """The JSON score sheet of docs/views/nidavellir.md."""
    rows = sheet_rows(state)
    totals = [r.total for r in rows]
    places = ranks_of(totals)
    out = []
    for row, place in zip(rows, places, strict=True):
        entry: dict[str, int] = {"seat": row.seat}
        entry.update({SUITS[s]: row.suits[s] for s in range(5)})
        entry.update({"coins": row.coins, "heroes": row.heroes, "bonuses": row.bonuses,
                      "total": row.total, "rank": place})
        out.append(entry)
    columns = [*SUITS, "coins", "heroes", "bonuses", "total", "rank"]
    return {"columns": columns, "rows": out}


def totals(state: NidavellirState) -> list[int]:
    return [r.total for r in sheet_rows(state)]

