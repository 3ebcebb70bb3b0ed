"""Tranquility's view (docs/views/tranquility.md). Only `hand` differs between viewers."""

# No `from __future__ import annotations`: Python 3.11 counts a NotRequired written as a string as
# required (`__required_keys__`), and the view tests read the schema at runtime.
from typing import NotRequired, TypedDict

from engine.views import ViewBase

# The sea the `cells` list describes: 6 rows of 6, cell 1 bottom-left, row 1 at the bottom.
ROWS = 6
COLUMNS = 6
CELLS = ROWS * COLUMNS
FINISH_CARDS = 5  # `finish_left` at the start
START_DISCARD_TOTAL = 8  # cards the crew discards together after the Start card (`phase.total` + `phase.needed`)


class TranquilityOptions(TypedDict):
    sea_monsters: int  # 0, 3, 4 or 5
    jagged_rocks: str  # "off", "auto" or "manual"
    removed_islands: int  # 0 or 4–12


class SeaMonsters(TypedDict):
    total: int
    played: int
    discarded: int
    left: int  # still in hands or draw piles


class Phase(TypedDict):
    """`name` is play, rocks, start_discard or over; the other keys come with the phases that have them."""

    name: str
    seat: NotRequired[int]  # who acts (not when over)
    rows: NotRequired[list[int]]  # rocks: the rows (1–6) the rocks may move to
    total: NotRequired[int]  # start_discard: cards down so far
    needed: NotRequired[int]  # start_discard: cards still to go
    pass_discarded: NotRequired[int]  # start_discard: cards down in the current pass


class LastMove(TypedDict):
    seat: int
    text: str  # as everyone may read it (discards as a count)
    cells: list[int]  # cells 1–36 it touched


class TranquilityView(ViewBase):
    options: TranquilityOptions
    cells: list[int | None]  # island per cell, index 0 = cell 1; None = empty
    start_played: bool
    start_played_by: int | None
    rocks_row: int | None  # 1–6; None when off or gone
    rocks_gone: bool
    removed_islands: int
    sea_monsters: SeaMonsters
    finish_left: int
    hand_counts: list[int]
    pile_counts: list[int]
    discard_counts: list[int]
    discarded: int
    turn: int
    turn_number: int
    phase: Phase
    last_move: LastMove | None
    hand: NotRequired[list[str]]  # only in the viewer's own view: card tokens, sorted
