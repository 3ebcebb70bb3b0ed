"""A Tranquility hand: each card with what it can do now (where an island fits and what it
costs, whether Start must be played, Finish can win, a Sea Monster can sink an island)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.views.tranquility import COLUMNS
from renderer.canvas import (
    BOLD,
    FRAME,
    HIGHLIGHT,
    INK,
    INK_SOFT,
    INNER,
    MARGIN,
    MIN_TEXT,
    RGB,
    SERIF,
    WHITE,
    Sheet,
    wrap,
)
from renderer.tranquility.sea import FINISH_RED, ISLAND, ISLAND_EDGE
from renderer.tranquility.table import START_GREEN, SeaTable

MONSTER: RGB = (120, 52, 112)

CARD_W = 138
CARD_H = 186
CARD_GAP = 10
PER_ROW = 5
HINT_SIZE = MIN_TEXT
HINT_PITCH = 26
HINT_WIDTH = CARD_W - 8
HEADING_H = 46


# -- what a card can do ---------------------------------------------------------------------

def island_room(cells: Sequence[int | None], number: int, rocks_row: int | None) -> list[int]:
    """Empty cells (1–36) where the island `number` keeps the sea in ascending order."""
    below = max((i for i, c in enumerate(cells) if c is not None and c < number), default=-1)
    above = min((i for i, c in enumerate(cells) if c is not None and c > number), default=len(cells))
    closed = range(0) if rocks_row is None else range((rocks_row - 1) * COLUMNS, rocks_row * COLUMNS)
    return [i + 1 for i in range(below + 1, above) if cells[i] is None and i not in closed]


def cell_ranges(cells: Sequence[int]) -> str:
    """Ascending cell numbers as runs: [13, 14, 20, 21] -> "13–14, 20–21"."""
    runs: list[list[int]] = []
    for cell in cells:
        if runs and cell == runs[-1][-1] + 1:
            runs[-1].append(cell)
        else:
            runs.append([cell])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}" for run in runs)


def placement_cost(cells: Sequence[int | None], number: int, cell: int) -> int:
    """Cards to discard for placing `number` at `cell` (1–36): the smaller gap to a neighbour."""
    index = cell - 1
    gaps = [abs(number - n) for j in (index - 1, index + 1) if 0 <= j < len(cells) and (n := cells[j]) is not None]
    return min(gaps, default=0)


def card_hint(table: SeaTable, token: str, hand_size: int) -> tuple[str, tuple[str, ...], RGB]:
    """Title, hint lines and colour of one card in hand: what it can do right now."""
    if token == "start":
        if table.start_played_by is None:
            return "Start", ("must be", "played"), START_GREEN
        return "Start", ("discard", "only"), START_GREEN
    if token == "finish":
        ready = all(c is not None for c in table.cells) and table.start_played_by is not None
        if ready and table.monsters_left == 0:
            return "Finish", ("play it", "to win!"), FINISH_RED
        return "Finish", ("discard", "only"), FINISH_RED
    if token == "monster":
        sinkable = any(c is not None for c in table.cells)
        return "Monster", ("sinks an", "island") if sinkable else ("discard", "only"), MONSTER
    number = int(token)
    room = island_room(table.cells, number, table.rocks_row)
    if not room:
        return token, ("no room", "discard"), ISLAND_EDGE
    cost = min(placement_cost(table.cells, number, cell) for cell in room)
    runs = cell_ranges(room)
    if len(room) == 1:
        where: tuple[str, ...] = (f"cell {runs}",)
    elif "," in runs:
        # runs split by the Jagged Rocks: the numbers alone, over two lines at most
        where = tuple(wrap(runs, BOLD, HINT_SIZE, HINT_WIDTH)[:2])
    else:
        where = tuple(wrap(f"cells {runs}", BOLD, HINT_SIZE, HINT_WIDTH))  # "cells" over "16–18" when wide
    if cost > hand_size - 1:
        return token, (*where, "can't pay"), ISLAND_EDGE
    return token, (*where, f"cost {cost}" if cost else "free"), ISLAND_EDGE


# -- drawing --------------------------------------------------------------------------------

def hand_height(table: SeaTable) -> int:
    """The hand strip: its heading and as many rows of cards as the hand needs."""
    rows = max(1, -(-len(table.hand or ()) // PER_ROW))
    return HEADING_H + rows * (CARD_H + CARD_GAP) - CARD_GAP


def _draw_card(sheet: Sheet, table: SeaTable, token: str, x: float, y: float) -> None:
    title, hint, colour = card_hint(table, token, len(table.hand or ()))
    box = (x, y, x + CARD_W, y + CARD_H)
    island = token.isdigit()
    middle = x + CARD_W / 2
    sheet.box(box, ISLAND if island else colour, outline=FRAME, width=3, radius=12)
    # a third hint line (a long run of cells, or runs split by the rocks) pushes the number up a little
    title_y = y + (54 if len(hint) > 2 else 64)
    if island:
        sheet.text((middle, title_y), title, 58, role="card", face=SERIF, fill=INK, anchor="mm")
    else:
        sheet.text((middle, title_y), title, 27, role="card", face=BOLD, fill=WHITE, anchor="mm",
                   max_width=CARD_W - 12)
    ink = INK if island else WHITE
    for j, line in enumerate(hint):
        line_y = y + 140 + (j - (len(hint) - 1) / 2) * HINT_PITCH
        sheet.text((middle, line_y), line, HINT_SIZE, role="label", face=BOLD, fill=ink, anchor="mm",
                   max_width=HINT_WIDTH)


def draw_hand(sheet: Sheet, table: SeaTable, top: float) -> None:
    """The viewer's hand, rows of five cards under a heading."""
    hand = table.hand or ()
    sheet.text((MARGIN + 4, top + 20), "Your hand", 28, role="label", face=SERIF, anchor="lm")
    if table.viewer is not None and table.viewer == table.phase.get("seat") and table.outcome is None:
        sheet.text((MARGIN + 200, top + 22), "your move", MIN_TEXT, role="label", face=BOLD, fill=HIGHLIGHT,
                   anchor="lm")
    if not hand:
        sheet.text((MARGIN + 4, top + HEADING_H + 30), "no cards left", MIN_TEXT, role="label", fill=INK_SOFT,
                   anchor="lm")
        return
    step = (INNER - CARD_W) / (PER_ROW - 1) if PER_ROW > 1 else 0
    for i, token in enumerate(hand):
        row, place = divmod(i, PER_ROW)
        _draw_card(sheet, table, token, MARGIN + place * step, top + HEADING_H + row * (CARD_H + CARD_GAP))
