"""Tranquility pictures: the sea grid with the crew beside it, a private hand, the result.

Everything is read from the view (docs/views/tranquility.md). The grid is drawn top row
first, so cell 1 sits bottom-left next to the Start card and cell 36 top-right under Finish.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from PIL import Image

from engine.tranquility.cards import CELLS, COLUMNS, FINISH_CARDS, ROWS
from engine.tranquility.cards import START_DISCARD_TOTAL as START_DISCARD
from renderer.canvas import (
    BOLD,
    FRAME,
    GOLD,
    HIGHLIGHT,
    INK,
    INK_SOFT,
    MARGIN,
    NAME_IN_SENTENCE,
    PARCHMENT_DARK,
    RGB,
    SERIF,
    WHITE,
    Sheet,
    seat_name,
    wrap,
)

SEA: RGB = (38, 96, 128)
SEA_DEEP: RGB = (24, 62, 88)
SEA_NUMBER: RGB = (92, 146, 176)
ISLAND: RGB = (236, 214, 160)
ISLAND_EDGE: RGB = (150, 118, 64)
ROCKS: RGB = (92, 88, 84)
ROCKS_NUMBER: RGB = (140, 134, 128)
ROCKS_BAND: RGB = (60, 56, 54)
MONSTER: RGB = (120, 52, 112)
START_GREEN: RGB = (58, 132, 84)
FINISH_RED: RGB = (176, 62, 48)
LOST: RGB = (150, 40, 36)

CELL = 104
GAP = 8
GRID = COLUMNS * CELL + (COLUMNS - 1) * GAP
HEADER = 96
GUTTER = 66  # the strips above and below the grid that hold Finish and Start
ROW_LABEL = 80
PANEL = 400
WIDTH = MARGIN * 2 + ROW_LABEL + GRID + 30 + PANEL + 12
SEA_TOP = HEADER + 10
SEA_HEIGHT = GUTTER * 2 + GRID + 24
BOARD_HEIGHT = SEA_TOP + SEA_HEIGHT + MARGIN

HAND_CARD_W = 132
HAND_CARD_H = 178
HINT_SIZE = 22
STATUS_SIZE = 28


@dataclass(frozen=True)
class SeaTable:
    """The parts of a Tranquility view the pictures use, read once and typed."""

    players: int
    viewer: int | None
    cells: tuple[int | None, ...]
    start_played_by: int | None
    rocks_row: int | None  # 1–6
    removed_islands: int
    monsters_total: int
    monsters_played: int
    monsters_discarded: int
    monsters_left: int
    finish_left: int
    hand_counts: tuple[int, ...]
    pile_counts: tuple[int, ...]
    discard_counts: tuple[int, ...]
    turn: int
    turn_number: int
    phase: dict[str, Any]
    last_seat: int | None
    last_text: str
    last_cells: tuple[int, ...]  # 1–36
    hand: tuple[str, ...] | None
    outcome: dict[str, Any] | None

    @classmethod
    def read(cls, view: dict[str, Any]) -> SeaTable:
        monsters = view["sea_monsters"]
        last = view["last_move"]
        hand = view.get("hand")
        return cls(
            players=int(view["players"]),
            viewer=view["viewer"],
            cells=tuple(view["cells"]),
            start_played_by=view["start_played_by"],
            rocks_row=view["rocks_row"],
            removed_islands=int(view["removed_islands"]),
            monsters_total=int(monsters["total"]),
            monsters_played=int(monsters["played"]),
            monsters_discarded=int(monsters["discarded"]),
            monsters_left=int(monsters["left"]),
            finish_left=int(view["finish_left"]),
            hand_counts=tuple(view["hand_counts"]),
            pile_counts=tuple(view["pile_counts"]),
            discard_counts=tuple(view["discard_counts"]),
            turn=int(view["turn"]),
            turn_number=int(view["turn_number"]),
            phase=dict(view["phase"]),
            last_seat=None if last is None else int(last["seat"]),
            last_text="" if last is None else str(last["text"]),
            last_cells=() if last is None else tuple(last["cells"]),
            hand=None if hand is None else tuple(hand),
            outcome=view["outcome"],
        )

    @property
    def won(self) -> bool | None:
        if self.outcome is None:
            return None
        return bool(self.outcome["winners"])


# -- status words ---------------------------------------------------------------------------

def status_line(table: SeaTable, names: Sequence[str]) -> tuple[str, RGB]:
    """What is happening now, in one line, and its colour."""
    phase = table.phase
    name = phase.get("name")
    if table.outcome is not None:
        return ("Tranquility reached!", START_GREEN) if table.won else ("The ship is lost", LOST)
    seat = int(phase.get("seat", table.turn))
    who = seat_name(names, seat, size=STATUS_SIZE)
    if name == "start_discard":
        needed = int(phase.get("needed", START_DISCARD))
        return f"Start discard: {needed} of {START_DISCARD} still to go · {who} declares", HIGHLIGHT
    if name == "rocks":
        rows = ", ".join(str(r) for r in phase.get("rows", []))
        return f"{who} moves the Jagged Rocks (rows {rows}) or keeps them", HIGHLIGHT
    return f"{who} to play", HIGHLIGHT


# -- the board ------------------------------------------------------------------------------

def _cell_box(index: int, left: int, top: int) -> tuple[int, int, int, int]:
    """Pixel box of a 0-based cell: row 0 is the bottom row."""
    row, column = divmod(index, COLUMNS)
    x = left + column * (CELL + GAP)
    y = top + (ROWS - 1 - row) * (CELL + GAP)
    return x, y, x + CELL, y + CELL


def _grid_origin() -> tuple[int, int]:
    return MARGIN + ROW_LABEL, SEA_TOP + 12 + GUTTER


@cache
def _sea_layer(height: int) -> Image.Image:
    """The parts of the board that never change: frame, title, sea, empty cells and labels."""
    sheet = Sheet(WIDTH, height)
    sheet.text((MARGIN + 4, 24), "Tranquility", 40, face=SERIF)
    sea_left = MARGIN
    sea_right = MARGIN + ROW_LABEL + GRID + 16
    sheet.box((sea_left, SEA_TOP, sea_right, SEA_TOP + SEA_HEIGHT), SEA_DEEP, radius=16)
    left, top = _grid_origin()
    for index in range(CELLS):
        box = _cell_box(index, left, top)
        sheet.box(box, SEA, radius=10)
        sheet.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(index + 1), 34, face=BOLD,
                   fill=SEA_NUMBER, anchor="mm")
    for row in range(ROWS):
        first = row * COLUMNS
        y = (_cell_box(first, left, top)[1] + _cell_box(first, left, top)[3]) / 2
        sheet.text((sea_left + ROW_LABEL / 2 - 2, y - 14), f"row {row + 1}", 20, fill=SEA_NUMBER, anchor="mm")
        sheet.text((sea_left + ROW_LABEL / 2 - 2, y + 14), f"{first + 1}–{first + COLUMNS}", 20, face=BOLD,
                   fill=WHITE, anchor="mm")
    return sheet.image


def _start_box(left: int, top: int) -> tuple[int, int, int, int]:
    cell1 = _cell_box(0, left, top)
    return cell1[0], cell1[3] + 14, cell1[0] + CELL * 2 + GAP, cell1[3] + 14 + GUTTER - 20


def _finish_box(left: int, top: int) -> tuple[int, int, int, int]:
    last = _cell_box(CELLS - 1, left, top)
    return last[2] - CELL * 2 - GAP, last[1] - GUTTER + 6, last[2], last[1] - 14


def _draw_sea(sheet: Sheet, table: SeaTable, names: Sequence[str]) -> None:
    left, top = _grid_origin()
    highlighted = set(table.last_cells)
    if table.rocks_row is not None:
        first = _cell_box((table.rocks_row - 1) * COLUMNS, left, top)
        band = (MARGIN + 6, first[1] - 4, left + GRID + 4, first[3] + 4)
        sheet.box(band, ROCKS_BAND, radius=12)
        for index in range((table.rocks_row - 1) * COLUMNS, table.rocks_row * COLUMNS):
            box = _cell_box(index, left, top)
            sheet.box(box, ROCKS, radius=10)
            sheet.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), str(index + 1), 34, face=BOLD,
                       fill=ROCKS_NUMBER, anchor="mm")
        label_x = MARGIN + ROW_LABEL / 2 - 2
        y = (first[1] + first[3]) / 2
        sheet.text((label_x, y - 14), "Jagged", 17, face=BOLD, fill=WHITE, anchor="mm")
        sheet.text((label_x, y + 12), "Rocks", 17, face=BOLD, fill=WHITE, anchor="mm")
    for index, number in enumerate(table.cells):
        box = _cell_box(index, left, top)
        if number is not None:
            sheet.box(box, ISLAND, outline=ISLAND_EDGE, width=3, radius=10)
            sheet.text(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2 + 6), str(number), 48, face=SERIF,
                       anchor="mm")
            sheet.text((box[0] + 8, box[1] + 6), str(index + 1), 18, fill=INK_SOFT)
        if index + 1 in highlighted:
            sheet.box((box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4), None, outline=HIGHLIGHT, width=6,
                      radius=13)
            if number is None:
                # an island that just sank under a Sea Monster
                sheet.text(((box[0] + box[2]) / 2, box[3] - 18), "sunk", 20, face=BOLD, fill=WHITE, anchor="mm")
    start = _start_box(left, top)
    if table.start_played_by is not None:
        sheet.box(start, START_GREEN, outline=WHITE, width=3)
        label = f"Start · {seat_name(names, table.start_played_by)}"
    else:
        sheet.box(start, None, outline=START_GREEN, width=3)
        label = "Start: not yet"
    sheet.text(((start[0] + start[2]) / 2, (start[1] + start[3]) / 2), label, 22, face=BOLD, fill=WHITE,
               anchor="mm", max_width=start[2] - start[0] - 12)
    finish = _finish_box(left, top)
    if table.won:
        sheet.box(finish, FINISH_RED, outline=WHITE, width=3)
        label = "Finish!"
    else:
        sheet.box(finish, None, outline=FINISH_RED, width=3)
        label = f"Finish: {table.finish_left} of {FINISH_CARDS} left"
    sheet.text(((finish[0] + finish[2]) / 2, (finish[1] + finish[3]) / 2), label, 22, face=BOLD, fill=WHITE,
               anchor="mm", max_width=finish[2] - finish[0] - 12)
    filled = sum(1 for c in table.cells if c is not None)
    sheet.text((left, _cell_box(CELLS - 1, left, top)[1] - GUTTER / 2 - 6), f"{filled} of {CELLS} cells",
               24, face=BOLD, fill=WHITE, anchor="lm")


def _draw_crew(sheet: Sheet, table: SeaTable, names: Sequence[str], x: int, y: int) -> int:
    """The seats with their hand and pile counts; returns the y below them."""
    width = WIDTH - MARGIN - x
    active = set() if table.outcome is not None else {int(table.phase.get("seat", table.turn))}
    sheet.text((x, y), "Crew", 28, face=SERIF)
    y += 42
    row_h = 80
    for seat in range(table.players):
        mine = seat == table.viewer
        fill = (250, 222, 196) if seat in active else PARCHMENT_DARK
        sheet.box((x, y, x + width, y + row_h - 8), fill, outline=HIGHLIGHT if seat in active else None, width=4)
        prefix = "▶ " if seat in active else ""
        sheet.text((x + 14, y + 8), prefix + seat_name(names, seat), 25, face=BOLD, max_width=width - 28,
                   tail=" (you)" if mine else "")
        counts = (f"hand {table.hand_counts[seat]} · pile {table.pile_counts[seat]}"
                  f" · discarded {table.discard_counts[seat]}")
        sheet.text((x + 14, y + 40), counts, 22, fill=INK_SOFT, max_width=width - 28)
        y += row_h
    return y


def _draw_result(sheet: Sheet, table: SeaTable, summary: str, x: int, y: int) -> int:
    """The end of the voyage: won or lost, and why; returns the y below it."""
    width = WIDTH - MARGIN - x
    colour = START_GREEN if table.won else LOST
    lines = wrap(summary, BOLD, 22, width - 32)[:4]
    height = 70 + 30 * len(lines) + 12
    sheet.box((x, y, x + width, y + height), colour, outline=GOLD, width=5, radius=16)
    title = "Tranquility reached!" if table.won else "The ship is lost"
    sheet.text((x + width / 2, y + 38), title, 32, face=SERIF, fill=WHITE, anchor="mm", max_width=width - 24)
    for i, line in enumerate(lines):
        sheet.text((x + 16, y + 68 + 30 * i), line, 22, face=BOLD, fill=WHITE)
    return y + height + 16


def _draw_facts(sheet: Sheet, table: SeaTable, names: Sequence[str], x: int, y: int) -> None:
    width = WIDTH - MARGIN - x
    if table.outcome is not None:
        y = _draw_result(sheet, table, str(table.outcome["summary"]), x, y)
    lines: list[tuple[str, RGB]] = []
    if table.phase.get("name") == "start_discard":
        down = int(table.phase.get("total", 0))
        lines.append((f"Start discard: {down} of {START_DISCARD} down, "
                      f"{table.phase.get('pass_discarded', 0)} this pass", HIGHLIGHT))
    if table.rocks_row is not None:
        lines.append((f"Jagged Rocks on row {table.rocks_row}", INK))
    if table.monsters_total:
        lines.append((f"Sea Monsters: {table.monsters_left} lurking, {table.monsters_played} struck, "
                      f"{table.monsters_discarded} discarded", MONSTER))
    if table.removed_islands:
        lines.append((f"{table.removed_islands} islands removed at setup", INK))
    lines.append((f"Turn {table.turn_number + 1}", INK_SOFT))
    # five seats, every option and a long verdict can outgrow the sea's height: stop at its foot
    bottom = SEA_TOP + SEA_HEIGHT
    for text, colour in lines:
        for line in wrap(text, BOLD, 22, width):
            if y + 30 > bottom:
                return
            sheet.text((x, y), line, 22, face=BOLD, fill=colour)
            y += 30
    if table.last_seat is not None and y + 38 + 32 <= bottom:
        y += 8
        sheet.text((x, y), "Last move", 22, face=BOLD, fill=INK_SOFT)
        y += 30
        # the name may be one long word, which wrapping can't break: keep it within a line
        who = seat_name(names, table.last_seat, size=24, max_width=min(NAME_IN_SENTENCE, width - 16))
        text = f"{who}: {table.last_text}"
        for line in wrap(text, BOLD, 24, width)[:3]:
            if y + 32 > bottom:
                return
            sheet.text((x, y), line, 24, face=BOLD, fill=HIGHLIGHT)
            y += 32


def _draw_header(sheet: Sheet, table: SeaTable, names: Sequence[str]) -> None:
    status, colour = status_line(table, names)
    x = MARGIN + 250
    sheet.text((WIDTH - MARGIN, 44), status, STATUS_SIZE, face=BOLD, fill=colour, anchor="rm",
               max_width=WIDTH - MARGIN - x)


def board(view: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """The table picture: public for a spectator view, with the viewer's hand otherwise."""
    table = SeaTable.read(view)
    hand = table.hand if table.viewer is not None else None
    height = BOARD_HEIGHT + (_hand_strip_height() if hand is not None else 0)
    sheet = Sheet.from_image(_sea_layer(height))
    _draw_header(sheet, table, names)
    _draw_sea(sheet, table, names)
    panel_x = MARGIN + ROW_LABEL + GRID + 46
    y = _draw_crew(sheet, table, names, panel_x, SEA_TOP)
    _draw_facts(sheet, table, names, panel_x, y + 12)
    if hand is not None:
        _draw_hand(sheet, table, MARGIN, BOARD_HEIGHT - 12, WIDTH - 2 * MARGIN)
    return sheet.image


# -- the hand -------------------------------------------------------------------------------

def _hand_strip_height() -> int:
    return HAND_CARD_H + 70


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
        where = tuple(wrap(runs, BOLD, HINT_SIZE, HAND_CARD_W - 12)[:2])
    else:
        where = (f"cells {runs}",)
    if cost > hand_size - 1:
        return token, (*where, "can't pay"), ISLAND_EDGE
    return token, (*where, f"cost {cost}" if cost else "free"), ISLAND_EDGE


def _draw_hand(sheet: Sheet, table: SeaTable, x: int, y: int, width: int) -> None:
    hand = table.hand or ()
    sheet.text((x + 4, y), "Your hand", 28, face=SERIF)
    if table.viewer is not None and table.viewer == table.phase.get("seat") and table.outcome is None:
        sheet.text((x + 190, y + 4), "your move", 24, face=BOLD, fill=HIGHLIGHT)
    top = y + 44
    if not hand:
        sheet.text((x + 4, top + 20), "no cards left", 24, fill=INK_SOFT)
        return
    step = min(HAND_CARD_W + 16, (width - HAND_CARD_W) // max(1, len(hand) - 1) if len(hand) > 1 else width)
    for i, token in enumerate(hand):
        title, hint, colour = card_hint(table, token, len(hand))
        cx = x + i * step
        box = (cx, top, cx + HAND_CARD_W, top + HAND_CARD_H)
        island = token.isdigit()
        sheet.box(box, ISLAND if island else colour, outline=FRAME, width=3, radius=12)
        # a third hint line (cells split by the rocks) pushes the number up a little
        title_y = top + (52 if len(hint) > 2 else 62)
        if island:
            sheet.text(((box[0] + box[2]) / 2, title_y), title, 56, face=SERIF, anchor="mm")
        else:
            sheet.text(((box[0] + box[2]) / 2, title_y), title, 26, face=BOLD, fill=WHITE, anchor="mm",
                       max_width=HAND_CARD_W - 14)
        ink = INK if island else WHITE
        for j, line in enumerate(hint):
            line_y = top + 136 + (j - (len(hint) - 1) / 2) * 25
            sheet.text(((box[0] + box[2]) / 2, line_y), line, HINT_SIZE, face=BOLD, fill=ink, anchor="mm",
                       max_width=HAND_CARD_W - 12)


def hand(view: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """The viewer's hand with what each card can do now: the picture for a DM."""
    table = SeaTable.read(view)
    if table.viewer is None or table.hand is None:
        raise ValueError("A hand picture needs a seat's own view, not a spectator view.")
    count = max(5, len(table.hand))
    width = max(2 * MARGIN + count * (HAND_CARD_W + 16) - 16, 760)
    sheet = Sheet(width, HEADER + _hand_strip_height() + 50)
    sheet.text((MARGIN + 4, 24), "Tranquility", 36, face=SERIF)
    status, colour = status_line(table, names)
    sheet.text((width - MARGIN, 44), status, 24, face=BOLD, fill=colour, anchor="rm", max_width=width - 300)
    _draw_hand(sheet, table, MARGIN, HEADER, width - 2 * MARGIN)
    filled = sum(1 for c in table.cells if c is not None)
    start = "Start not yet played" if table.start_played_by is None else "Start played"
    facts = (f"pile {table.pile_counts[table.viewer]} · {filled} of {CELLS} cells · {start}"
             f" · Finish {table.finish_left} left")
    sheet.text((MARGIN + 4, sheet.height - 34), facts, 22, face=BOLD, fill=INK_SOFT, anchor="lm",
               max_width=width - 2 * MARGIN)
    return sheet.image


# -- the result -----------------------------------------------------------------------------

def outcome(view: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """The final sea, as every player may see it, with the verdict beside it."""
    if view["outcome"] is None:
        raise ValueError("The game is not over yet: there is no result to draw.")
    return board({**view, "viewer": None, "hand": None}, names)
