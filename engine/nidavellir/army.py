"""The army: ranks, complete lines, column bravery, putting a card in a column, discarding one."""

from __future__ import annotations

from engine.nidavellir.cards import BRAVERY_BY_SUIT, RANKS, SHIELDED
from engine.nidavellir.components import SUITS
from engine.nidavellir.state import NidavellirState, SeatState

_RANK_OF = RANKS.__getitem__
_BRAVERY_OF = tuple(table.__getitem__ for table in BRAVERY_BY_SUIT)


def column_ranks(column: list[str]) -> int:
    return sum(map(_RANK_OF, column))


def ranks(seat: SeatState, suit: int) -> int:
    return column_ranks(seat.army[suit])


def lines(seat: SeatState) -> int:
    """Complete lines: the fewest ranks over the five columns (every card in a column counts)."""
    return min(map(column_ranks, seat.army))


def column_bravery(column: list[str], suit: int) -> int:
    """Bravery points in one column; Ylud's and a mercenary's depend on the column."""
    return sum(map(_BRAVERY_OF[suit], column))


def discardable(card: str) -> bool:
    """Discard effects never take a hero or a mythical animal; any other card in a column may go."""
    return card not in SHIELDED


def discard_columns(seat: SeatState, excluded: tuple[int, ...]) -> list[int]:
    """Columns other than `excluded` whose top card Dagda or Bonfur can discard. A hero on
    top, Thrud or Ylud too, or a mythical animal, shields the column (as on BGA)."""
    return [
        suit for suit in range(5)
        if suit not in excluded and seat.army[suit] and discardable(seat.army[suit][-1])
    ]


def discard_top(state: NidavellirState, index: int, suit: int) -> str:
    """Move the top card of a column (the last placed; never a hero) to the discard pile."""
    column = state.seats[index].army[suit]
    if not column or not discardable(column[-1]):
        raise ValueError(f"no dwarf on top of the {SUITS[suit]} column")
    card = column.pop()
    state.discard.append(card)
    return card


def discard_from(state: NidavellirState, index: int, suit: int, card: str) -> None:
    """Move one card out of a column, at any position (the topmost copy), to the discard pile."""
    column = state.seats[index].army[suit]
    position = len(column) - 1 - column[::-1].index(card)
    del column[position]
    state.discard.append(card)


def discardable_cards(seat: SeatState, suits: tuple[int, ...]) -> list[tuple[str, int]]:
    """(card, column) pairs a Höfud or Brisingamens discard may take, any position."""
    return sorted({(card, suit) for suit in suits for card in seat.army[suit] if discardable(card)},
                  key=lambda pair: (pair[1], pair[0]))
