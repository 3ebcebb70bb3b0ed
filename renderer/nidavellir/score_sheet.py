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
    PARCHMENT_DARK,
    RGB,
    SERIF,
    WHITE,
    Sheet,
    wrap,
)
from renderer.names import seat_name
from renderer.nidavellir.camp import ARTEFACT, MERCENARY
from renderer.nidavellir.mythology import GIANT, GOD, VALKYRIE
from renderer.nidavellir.pieces import NEUTRAL, SUIT_COLOURS, SUIT_LABELS
from renderer.nidavellir.words import result_line
from renderer.zones import Names, Zone, panel, stack

JSON = dict[str, Any]
View = NidavellirView

OTHER_LABELS = {"coins": "Coins", "heroes": "Heroes", "bonuses": "Bonus"}
OTHER_COLOURS: dict[str, RGB] = {"artefacts": ARTEFACT, "mercenaries": MERCENARY, "gods": GOD, "giants": GIANT,
                                 "valkyries": VALKYRIE}
WINNER_ROW: RGB = (246, 214, 128)
RESULT_INK: RGB = (150, 40, 36)
PAD = 16
CELL_GAP = 8
CELL_H = 62
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
    return SUIT_LABELS.get(column) or OTHER_LABELS.get(column) or column.capitalize()


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


def _cell_width(view: View) -> float:
    per_line = _per_line(view)
    return (INNER - 2 * PAD - (per_line - 1) * CELL_GAP) / per_line


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
    label = ("★ " if winner else "") + seat_name(names, seat)
    sheet.text((left + rank_w + 12, top + 28), label, 28, role="name", face=BOLD, anchor="lm",
               max_width=INNER - 2 * PAD - rank_w - total_w - 36)
    cell_w = _cell_width(view)
    for i, column in enumerate(_columns(view)):
        line, place = divmod(i, _per_line(view))
        x = left + place * (cell_w + CELL_GAP)
        y = top + NAME_H + line * (CELL_H + CELL_GAP)
        sheet.box((x, y, x + cell_w, y + CELL_H), SUIT_COLOURS.get(column) or OTHER_COLOURS.get(column, NEUTRAL),
                  radius=10)
        sheet.text((x + cell_w / 2, y + 17), _label(column), 18, role="label", face=BOLD, fill=WHITE, anchor="mm",
                   max_width=cell_w - 10)
        sheet.text((x + cell_w / 2, y + 44), str(row.get(column, "")), 27, role="points", face=BOLD, fill=WHITE,
                   anchor="mm")


def _draw_rows(sheet: Sheet, view: View, names: Names, top: float) -> None:
    for r, row in enumerate(_rows(view)):
        _draw_block(sheet, view, names, row, top + r * (_block_height(view) + BLOCK_GAP))


def _note_lines(view: View) -> list[str]:
    note = " ".join(NOTES[column] for column in _columns(view) if column in NOTES)
    return wrap(note, BOLD, 18, INNER - 8)


def _draw_note(sheet: Sheet, view: View, names: Names, top: float) -> None:
    sheet.lines(MARGIN + 4, top, _note_lines(view), 18, role="label", pitch=24, fill=INK_SOFT)


HEADER = Zone("header", _header_height, _draw_header)
ROWS = Zone("players", _rows_height, _draw_rows)
NOTE_ZONE = Zone("note", lambda view, names: 24 * len(_note_lines(view)), _draw_note)
OUTCOME_ZONES: tuple[Zone[View], ...] = (HEADER, ROWS, NOTE_ZONE)


def outcome(view: View, names: Names) -> Sheet:
    """The result of a finished game: who won, then every player's score, best first."""
    _result(view)
    return stack(OUTCOME_ZONES, view, names)

