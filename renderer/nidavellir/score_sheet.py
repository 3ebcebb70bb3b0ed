"""The final Nidavellir result: who won, then one block per player, best first, with the score
broken down by source: the sheet's columns in its order (the five classes, coins, neutral heroes,
with Thingvellir artefacts and mercenaries, with Idavoll gods, giants and valkyries, bonuses), each
explained under the sheet."""

from __future__ import annotations

from typing import Any

from engine.views import OutcomeView
from engine.views.nidavellir import NidavellirView
from renderer.canvas import (
    BOLD,
    GOLD,
    INK_SOFT,
    INNER,
    MARGIN,
    MIN_TEXT,
    PARCHMENT_DARK,
    RGB,
    SANS,
    SERIF,
    WHITE,
    Sheet,
    text_width,
    wrap,
)
from renderer.names import fitted_name
from renderer.nidavellir.camp import ARTEFACT, MERCENARY
from renderer.nidavellir.mythology import GIANT, GOD, VALKYRIE
from renderer.nidavellir.pieces import NEUTRAL, SUIT_COLOURS, SUIT_SHORT
from renderer.nidavellir.words import result_line
from renderer.zones import Names, Zone, panel, stack

JSON = dict[str, Any]
View = NidavellirView

OTHER_LABELS = {"coins": "Coins", "heroes": "Heroes", "bonuses": "Bonus"}
OTHER_COLOURS: dict[str, RGB] = {"artefacts": ARTEFACT, "mercenaries": MERCENARY, "gods": GOD, "giants": GIANT,
                                 "valkyries": VALKYRIE}
WINNER_ROW: RGB = (246, 214, 128)
RESULT_INK: RGB = (150, 40, 36)
PAD = 12
CELL_GAP = 6
CELL_H = 66
NOTE_PITCH = 31
NOTE_INDENT = 24  # a note's further lines
LABEL_PAD = 4  # a cell's label to its edges
NAME_H = 54
BLOCK_GAP = 10
# What a column counts, said under the sheet for the columns it has, in the sheet's order.
NOTES = {
    "heroes": "Heroes: neutral heroes and the Dwerg brothers (class heroes count in their class).",
    "artefacts": "Artefacts: those in the command zone (Vegvisir scores as an explorer).",
    "mercenaries": "Mercenaries: what the enlisted mercenaries add to their classes.",
    "gods": "Gods: their printed points, power used or not.",
    "giants": "Giants: once they captured, Surt your highest coin, Gymir 3 × its explorer's bravery.",
    "valkyries": "Valkyries: the value under each strength token (animals score in their classes).",
    "bonuses": "Bonus: Crown Jeweler and the warrior majority's highest coin.",
}


def _label(column: str) -> str:
    """A cell's label: "Smith" as on the cards (a cell is about 140 px wide, five to a line)."""
    return SUIT_SHORT.get(column) or OTHER_LABELS.get(column) or column.capitalize()


def _result(view: View) -> OutcomeView:
    outcome = view["outcome"]
    if outcome is None:
        raise ValueError("The game is not over yet: there is no score sheet to draw.")
    return outcome


def _columns(view: View) -> list[str]:
    """The score sources, without the total and rank (they head each block)."""
    sheet = _result(view).get("sheet") or {}
    return [c for c in sheet.get("columns", []) if c not in ("total", "rank")]


def _rows(view: View) -> list[JSON]:
    sheet = _result(view).get("sheet") or {}
    return sorted(sheet.get("rows", []), key=lambda r: (int(r.get("rank", 99)), int(r["seat"])))


# -- zones ----------------------------------------------------------------------------------

def _result_lines(view: View, names: Names) -> list[str]:
    return wrap(result_line(_result(view), names), BOLD, 30, INNER - 8, max_lines=2)


def _header_height(view: View, names: Names) -> int:
    return 56 + 40 * len(_result_lines(view, names))


def _draw_header(sheet: Sheet, view: View, names: Names, top: float) -> None:
    sheet.text((MARGIN + 4, top + 24), "Nidavellir · final scores", 34, role="label", face=SERIF, anchor="lm")
    sheet.lines(MARGIN + 4, top + 56, _result_lines(view, names), 30, role="name", pitch=40, fill=RESULT_INK)


def _per_line(view: View) -> int:
    """Cells per line: 4 for the base game's 8 sources; 5 when there are more (Thingvellir's 10,
    Idavoll's 11, both 13), so the five classes fill the first line."""
    return 4 if len(_columns(view)) <= 8 else 5


def _cells(view: View) -> list[tuple[float, float, int]]:
    """Each column's cell: its x from the block's padding, its width, its line. The cells of a line
    share it evenly when every label fits so; else each is as wide as its label needs and the room
    left is shared out ("Mercenaries" beside four short labels)."""
    columns = _columns(view)
    per_line = _per_line(view)
    width = INNER - 2 * PAD
    cells: list[tuple[float, float, int]] = []
    for line, first in enumerate(range(0, len(columns), per_line)):
        labels = [_label(column) for column in columns[first:first + per_line]]
        needs = [text_width(label, BOLD, MIN_TEXT) + 2 * LABEL_PAD for label in labels]
        even = (width - (per_line - 1) * CELL_GAP) / per_line
        if max(needs) <= even:
            widths = [even] * len(needs)
        else:
            spare = (width - (len(needs) - 1) * CELL_GAP - sum(needs)) / len(needs)
            widths = [need + spare for need in needs]
        x = 0.0
        for cell in widths:
            cells.append((x, cell, line))
            x += cell + CELL_GAP
    return cells


def _block_height(view: View) -> int:
    lines = -(-len(_columns(view)) // _per_line(view))
    return NAME_H + lines * (CELL_H + CELL_GAP) + PAD - CELL_GAP + 4


def _rows_height(view: View, names: Names) -> int:
    count = len(_rows(view))
    return count * _block_height(view) + (count - 1) * BLOCK_GAP if count else 0


def _draw_block(sheet: Sheet, view: View, names: Names, row: JSON, top: float) -> None:
    seat = int(row["seat"])
    winner = seat in _result(view).get("winners", [])
    height = _block_height(view)
    panel(sheet, top, height, WINNER_ROW if winner else PARCHMENT_DARK, outline=GOLD if winner else None)
    left = MARGIN + PAD
    total = f"{row.get('total', '')} pts"
    total_w = sheet.text((MARGIN + INNER - PAD, top + 28), total, 32, role="points", face=SERIF, anchor="rm")
    rank_w = sheet.text((left, top + 28), f"{row.get('rank', '')}.", 28, role="points", face=BOLD, fill=INK_SOFT,
                        anchor="lm")
    star = "★ " if winner else ""
    room = INNER - 2 * PAD - rank_w - total_w - 36
    label = star + fitted_name(names, seat, room, size=28, around=star)
    sheet.text((left + rank_w + 12, top + 28), label, 28, role="name", face=BOLD, anchor="lm", max_width=room)
    for column, (dx, cell_w, line) in zip(_columns(view), _cells(view), strict=True):
        x = left + dx
        y = top + NAME_H + line * (CELL_H + CELL_GAP)
        sheet.box((x, y, x + cell_w, y + CELL_H), SUIT_COLOURS.get(column) or OTHER_COLOURS.get(column, NEUTRAL),
                  radius=10)
        sheet.text((x + cell_w / 2, y + 19), _label(column), MIN_TEXT, role="label", face=BOLD, fill=WHITE,
                   anchor="mm", max_width=cell_w - 2 * LABEL_PAD + 2)
        sheet.text((x + cell_w / 2, y + 48), str(row.get(column, "")), 27, role="points", face=BOLD, fill=WHITE,
                   anchor="mm")


def _draw_rows(sheet: Sheet, view: View, names: Names, top: float) -> None:
    for r, row in enumerate(_rows(view)):
        _draw_block(sheet, view, names, row, top + r * (_block_height(view) + BLOCK_GAP))


def _note_lines(view: View) -> list[tuple[int, str]]:
    """Each column's note from a line of its own, its further lines indented: (indent, line)."""
    notes = [NOTES[column] for column in _columns(view) if column in NOTES]
    lines: list[tuple[int, str]] = []
    for note in notes:
        first, *rest = wrap(note, SANS, MIN_TEXT, INNER - 8)
        lines.append((0, first))
        lines.extend((NOTE_INDENT, line) for line in wrap(" ".join(rest), SANS, MIN_TEXT, INNER - 8 - NOTE_INDENT))
    return lines


def _draw_note(sheet: Sheet, view: View, names: Names, top: float) -> None:
    for i, (indent, line) in enumerate(_note_lines(view)):
        sheet.text((MARGIN + 4 + indent, top + i * NOTE_PITCH), line, MIN_TEXT, role="label", face=SANS, fill=INK_SOFT)


HEADER = Zone("header", _header_height, _draw_header)
ROWS = Zone("players", _rows_height, _draw_rows)
NOTE_ZONE = Zone("note", lambda view, names: NOTE_PITCH * len(_note_lines(view)), _draw_note)
OUTCOME_ZONES: tuple[Zone[View], ...] = (HEADER, ROWS, NOTE_ZONE)


def outcome(view: View, names: Names) -> Sheet:
    """The result of a finished game: who won, then every player's score, best first."""
    _result(view)
    return stack(OUTCOME_ZONES, view, names)

