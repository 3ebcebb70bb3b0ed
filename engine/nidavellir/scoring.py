"""Final scoring (rules 1.5, Thingvellir 1.8, Idavoll 2.8): column scores (the animals' bonuses
inside them), coins, heroes, artefacts, the mercenaries' share, gods, giants, valkyries,
bonuses, and the score sheet."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.nidavellir.army import ranks
from engine.nidavellir.cards import CROWN_POINTS, DWERG_POINTS, DWERGS
from engine.nidavellir.components import (
    ARTEFACT,
    BLACKSMITH,
    CROWN_GEM,
    GIANT,
    GOD,
    HUNTER,
    MERCENARY,
    MINER,
    SUITS,
    VALKYRIE,
    WARRIOR,
    coin_value,
)
from engine.nidavellir.effects import effect
from engine.nidavellir.state import NidavellirState, SeatState

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset

THINGVELLIR_PARTS = ["artefacts", "mercenaries"]
IDAVOLL_PARTS = ["gods", "giants", "valkyries"]


def sheet_columns(state: NidavellirState) -> list[str]:
    """The score sheet's columns for the expansions in play."""
    parts = (THINGVELLIR_PARTS if state.thingvellir else []) + (IDAVOLL_PARTS if state.idavoll else [])
    return [*SUITS, "coins", "heroes", *parts, "bonuses", "total", "rank"]


def blacksmith_points(n: int) -> int:
    """3 + 4 + … + (n + 2)."""
    return n * (n + 5) // 2


def column_points(rules: Ruleset, column: list[str], suit: int) -> int:
    """A column's score without the warrior majority bonus. A card's column bonus (Idunn's 2 per
    rank) adds to the bravery sum, so in the miner column it would be multiplied too."""
    n = sum(map(rules.ranks.__getitem__, column))
    if suit == BLACKSMITH:
        return blacksmith_points(n)
    if suit == HUNTER:
        return n * n
    bravery = sum(map(rules.bravery_by_suit[suit].__getitem__, column))
    bonus = rules.column_bonus
    for card in column:
        if card in bonus:  # Idunn and the like, looked up on every column score
            bravery += rules.effects[card].column_bonus(rules, column, n)
    return bravery * n if suit == MINER else bravery


def suit_points(rules: Ruleset, seat: SeatState, suit: int) -> int:
    return column_points(rules, seat.army[suit], suit)


def highest_coin(seat: SeatState) -> int:
    return max(coin_value(c) for c in seat.coins())


def coin_points(seat: SeatState) -> int:
    return sum(coin_value(c) for c in seat.coins())


def hero_points(state: NidavellirState, index: int) -> int:
    """Neutral heroes wherever they stand (Thrud included; class heroes score in their column);
    the Dwerg brothers score as a set."""
    seat = state.seats[index]
    heroes = [card for card in seat.command if state.cards[card].hero]
    heroes += [card for column in seat.army for card in column if card in state.ruleset.neutral_heroes]
    total = DWERG_POINTS[sum(1 for h in heroes if h in DWERGS)]
    for hero in heroes:
        if hero not in DWERGS:
            total += effect(state, hero).points(state, index)
    return total


def command_points(state: NidavellirState, index: int, kind: str) -> int:
    """Cards of one kind in the command zone: artefacts (Vegvisir scores in the explorer column),
    gods, giants, valkyries."""
    return sum(effect(state, card).points(state, index) for card in state.seats[index].command
               if state.cards[card].kind == kind)


def artefact_points(state: NidavellirState, index: int) -> int:
    return command_points(state, index, ARTEFACT)


def warrior_bonus_seats(state: NidavellirState) -> set[int]:
    """Seats tied for the most warrior ranks; nobody when nobody has a warrior rank."""
    counts = [ranks(state.ruleset, s, WARRIOR) for s in state.seats]
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
    artefacts: int = 0
    mercenaries: int = 0
    gods: int = 0
    giants: int = 0
    valkyries: int = 0

    @property
    def total(self) -> int:
        return (sum(self.suits) + self.coins + self.heroes + self.bonuses + self.artefacts + self.mercenaries
                + self.gods + self.giants + self.valkyries)


def sheet_rows(state: NidavellirState) -> list[SheetRow]:
    """Each seat's score as if the game ended now (Thrud scoring from wherever she stands).

    With Thingvellir the class columns are scored without the enlisted mercenaries, and
    `mercenaries` is what they add (the columns with them minus without them)."""
    bonus_seats = warrior_bonus_seats(state)
    rows = []
    for index, seat in enumerate(state.seats):
        bonuses = (CROWN_POINTS if seat.gem == CROWN_GEM else 0) + (highest_coin(seat) if index in bonus_seats else 0)
        suits = tuple(suit_points(state.ruleset, seat, suit) for suit in range(5))
        mythology = {}
        if state.idavoll:
            mythology = {"gods": command_points(state, index, GOD), "giants": command_points(state, index, GIANT),
                         "valkyries": command_points(state, index, VALKYRIE)}
        if not state.thingvellir:
            rows.append(SheetRow(index, suits, coin_points(seat), hero_points(state, index), bonuses, **mythology))
            continue
        cards = state.cards
        without = tuple(column_points(state.ruleset, [c for c in seat.army[s] if cards[c].kind != MERCENARY], s)
                        for s in range(5))
        rows.append(SheetRow(index, without, coin_points(seat), hero_points(state, index), bonuses,
                             artefact_points(state, index), sum(suits) - sum(without), **mythology))
    return rows


def ranks_of(totals: list[int]) -> list[int]:
    """Competition ranks: 1 for the best, tied totals share a rank."""
    return [1 + sum(1 for other in totals if other > t) for t in totals]


def sheet(state: NidavellirState) -> dict[str, Any]:
    """The JSON score sheet of docs/views/nidavellir.md."""
    rows = sheet_rows(state)
    places = ranks_of([r.total for r in rows])
    columns = sheet_columns(state)
    out = []
    for row, place in zip(rows, places, strict=True):
        parts = {**{SUITS[s]: row.suits[s] for s in range(5)}, "coins": row.coins, "heroes": row.heroes,
                 "artefacts": row.artefacts, "mercenaries": row.mercenaries, "gods": row.gods, "giants": row.giants,
                 "valkyries": row.valkyries, "bonuses": row.bonuses, "total": row.total, "rank": place}
        out.append({"seat": row.seat, **{name: parts[name] for name in columns}})
    return {"columns": list(columns), "rows": out}


def totals(state: NidavellirState) -> list[int]:
    return [r.total for r in sheet_rows(state)]
