"""The army: ranks, complete lines, column bravery, putting a card in a column, discarding one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.nidavellir.components import SUITS
from engine.nidavellir.state import NidavellirState, SeatState

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset


def column_ranks(rules: Ruleset, column: list[str]) -> int:
    return sum(map(rules.ranks.__getitem__, column))


def ranks(rules: Ruleset, seat: SeatState, suit: int) -> int:
    return sum(map(rules.ranks.__getitem__, seat.army[suit]))


def lines(rules: Ruleset, seat: SeatState) -> int:
    """Complete lines: the fewest ranks over the five columns (every card in a column counts)."""
    rank_of = rules.ranks.__getitem__
    return min(sum(map(rank_of, column)) for column in seat.army)


def lines_above(rules: Ruleset, seat: SeatState, count: int) -> bool:
    """Whether `lines` is above `count`: every column has more ranks (asked after every card, and
    the first column with too few answers)."""
    rank_of = rules.ranks.__getitem__
    return all(sum(map(rank_of, column)) > count for column in seat.army)


def column_bravery(rules: Ruleset, column: list[str], suit: int) -> int:
    """Bravery points in one column; Ylud's and a mercenary's depend on the column."""
    return sum(map(rules.bravery_by_suit[suit].__getitem__, column))


def discardable(rules: Ruleset, card: str) -> bool:
    """Discard effects never take a hero or a mythical animal; any other card in a column may go."""
    return card not in rules.shielded


def discard_columns(rules: Ruleset, seat: SeatState, excluded: tuple[int, ...]) -> list[int]:
    """Columns other than `excluded` whose top card Dagda or Bonfur can discard. A hero on
    top, Thrud or Ylud too, or a mythical animal, shields the column (as on BGA)."""
    return [
        suit for suit in range(5)
        if suit not in excluded and seat.army[suit] and discardable(rules, seat.army[suit][-1])
    ]


def discard_top(state: NidavellirState, index: int, suit: int) -> str:
    """Move the top card of a column (the last placed; never a hero) to the discard pile."""
    column = state.seats[index].army[suit]
    if not column or not discardable(state.ruleset, column[-1]):
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


def discardable_cards(rules: Ruleset, seat: SeatState, suits: tuple[int, ...]) -> list[tuple[str, int]]:
    """(card, column) pairs a Höfud or Brisingamens discard may take, any position."""
    return sorted({(card, suit) for suit in suits for card in seat.army[suit] if discardable(rules, card)},
                  key=lambda pair: (pair[1], pair[0]))
