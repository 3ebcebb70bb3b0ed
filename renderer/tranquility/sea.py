"""The Tranquility sea: 36 cells in reading order (cell 1 bottom-left next to Start, cell 36
top-right under Finish), the Jagged Rocks row, the last move ringed, Start and Finish."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from engine.views.tranquility import CELLS, COLUMNS, FINISH_CARDS, ROWS
from renderer.canvas import (
    BOLD,
    HIGHLIGHT,
    INK,
    INK_SOFT,
    INNER,
    KEY_TEXT,
    MARGIN,
    MIN_TEXT,
    RGB,
    SANS,
    SERIF,
    WHITE,
    Sheet,
)
from renderer.names import fitted_name
from renderer.tranquility.table import START_GREEN, SeaTable

SEA: RGB = (38, 96, 128)
SEA_DEEP: RGB = (24, 62, 88)
SEA_NUMBER: RGB = (92, 146, 176)
ISLAND: RGB = (236, 214, 160)
ISLAND_EDGE: RGB = (150, 118, 64)
ROCKS: RGB = (92, 88, 84)
ROCKS_NUMBER: RGB = (140, 134, 128)
ROCKS_BAND: RGB = (60, 56, 54)
FINISH_RED: RGB = (176, 62, 48)

CELL = 100
GAP = 6
GRID = COLUMNS * CELL + (COLUMNS - 1) * GAP
ROW_LABEL = 98  # "row 6" over "31–36", "Jagged" over "Rocks", at MIN_TEXT
GUTTER = 62  # the strips above and below the grid that hold Finish and Start
PAD = 12
SEA_H = 2 * PAD + 2 * GUTTER + GRID
GRID_LEFT = PAD + ROW_LABEL  # within the sea layer
GRID_TOP = PAD + GUTTER


def cell_box(index: int, left: float = 0, top: float = 0) -> tuple[float, float, float, float]:
    """Pixel box of a 0-based cell, relative to the sea's top-left: row 0 is the bottom row."""
    row, column = divmod(index, COLUMNS)
    x = left + GRID_LEFT + column * (CELL + GAP)
    y = top + GRID_TOP + (ROWS - 1 - row) * (CELL + GAP)
    return x, y, x + CELL, y + CELL


def _middle(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return (box[0] + box[2]) / 2, (box[1] + box[3]) / 2


@cache
def _sea_layer() -> Sheet:
    """The parts of the sea that never change: water, empty cells with their numbers, row labels."""
    layer = Sheet(SEA_H, INNER, framed=False)
    layer.box((0, 0, INNER - 1, SEA_H - 1), SEA_DEEP, radius=16)
    for index in range(CELLS):
        box = cell_box(index)
        layer.box(box, SEA, radius=10)
        layer.text(_middle(box), str(index + 1), 34, role="card", face=BOLD, fill=SEA_NUMBER, anchor="mm")
    for row in range(ROWS):
        first = row * COLUMNS
        _, y = _middle(cell_box(first))
        x = PAD + ROW_LABEL / 2 - 2
        layer.text((x, y - 15), f"row {row + 1}", MIN_TEXT, role="label", face=SANS, fill=SEA_NUMBER, anchor="mm")
        layer.text((x, y + 15), f"{first + 1}–{first + COLUMNS}", MIN_TEXT, role="label", face=BOLD, fill=WHITE,
                   anchor="mm", max_width=ROW_LABEL - 4)
    return layer


def _draw_rocks(sheet: Sheet, row: int, left: float, top: float) -> None:
    first = cell_box((row - 1) * COLUMNS, left, top)
    sheet.box((left + 6, first[1] - 4, left + GRID_LEFT + GRID + 4, first[3] + 4), ROCKS_BAND, radius=12)
    for index in range((row - 1) * COLUMNS, row * COLUMNS):
        box = cell_box(index, left, top)
        sheet.box(box, ROCKS, radius=10)
        sheet.text(_middle(box), str(index + 1), 34, role="card", face=BOLD, fill=ROCKS_NUMBER, anchor="mm")
    x = left + PAD + ROW_LABEL / 2 - 2
    _, y = _middle(first)
    sheet.text((x, y - 15), "Jagged", MIN_TEXT, role="label", face=SANS, fill=WHITE, anchor="mm")
    sheet.text((x, y + 15), "Rocks", MIN_TEXT, role="label", face=SANS, fill=WHITE, anchor="mm")


def _draw_start_finish(sheet: Sheet, table: SeaTable, names: Sequence[str], left: float, top: float) -> None:
    cell1 = cell_box(0, left, top)
    start = (cell1[0], cell1[3] + 12, cell1[0] + 3 * CELL + 2 * GAP, cell1[3] + GUTTER - 6)
    if table.start_played_by is not None:
        sheet.box(start, START_GREEN, outline=WHITE, width=3)
        room = start[2] - start[0] - 14
        who = fitted_name(names, table.start_played_by, room, size=KEY_TEXT, around="Start · ")
        sheet.text(_middle(start), f"Start · {who}", KEY_TEXT, role="name", face=BOLD, fill=WHITE, anchor="mm",
                   max_width=room)
    else:
        sheet.box(start, None, outline=START_GREEN, width=3)
        sheet.text(_middle(start), "Start: not yet", MIN_TEXT, role="label", face=BOLD, fill=WHITE, anchor="mm")
    last = cell_box(CELLS - 1, left, top)
    finish = (last[2] - 3 * CELL - 2 * GAP, last[1] - GUTTER + 6, last[2], last[1] - 12)
    if table.won:
        sheet.box(finish, FINISH_RED, outline=WHITE, width=3)
        label = "Finish!"
    else:
        sheet.box(finish, None, outline=FINISH_RED, width=3)
        label = f"Finish: {table.finish_left} of {FINISH_CARDS} left"
    sheet.text(_middle(finish), label, MIN_TEXT, role="label", face=BOLD, fill=WHITE, anchor="mm",
               max_width=finish[2] - finish[0] - 14)
    sheet.text((cell_box(CELLS - COLUMNS, left, top)[0], _middle(finish)[1]), f"{table.filled} of {CELLS} cells",
               25, role="points", face=BOLD, fill=WHITE, anchor="lm")


def draw_sea(sheet: Sheet, table: SeaTable, names: Sequence[str], top: float) -> None:
    """The sea with its islands, full width, from `top`."""
    left = MARGIN
    sheet.paste(_sea_layer(), (left, round(top)))
    top = round(top)
    if table.rocks_row is not None:
        _draw_rocks(sheet, table.rocks_row, left, top)
    highlighted = set(table.last_cells)
    for index, number in enumerate(table.cells):
        box = cell_box(index, left, top)
        if number is not None:
            sheet.box(box, ISLAND, outline=ISLAND_EDGE, width=3, radius=10)
            sheet.text((_middle(box)[0], _middle(box)[1] + 11), str(number), 46, role="card", face=SERIF, fill=INK,
                       anchor="mm")
            # the cell's own number, small beside the island's but read like any text
            sheet.text((box[0] + 8, box[1] + 6), str(index + 1), MIN_TEXT, role="label", face=SANS, fill=INK_SOFT)
        if index + 1 in highlighted:
            sheet.box((box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4), None, outline=HIGHLIGHT, width=6, radius=13)
            if number is None:
                # an island that just sank under a Sea Monster
                sheet.text((_middle(box)[0], box[3] - 20), "sunk", MIN_TEXT, role="label", face=BOLD, fill=WHITE,
                           anchor="mm")
    _draw_start_finish(sheet, table, names, left, top)

