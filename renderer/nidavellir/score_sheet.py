"""The final Nidavellir score sheet: one row per player, best first, a column per score source."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from renderer.canvas import (
    BOLD,
    GOLD,
    INK,
    INK_SOFT,
    MARGIN,
    PARCHMENT_DARK,
    RGB,
    SERIF,
    WHITE,
    Sheet,
    seat_name,
)
from renderer.nidavellir.pieces import NEUTRAL, SUIT_COLOURS, SUIT_SHORT, draw_badge
from renderer.nidavellir.table import status_line

JSON = dict[str, Any]

NAME_W = 340
CELL_W = 104
ROW_H = 64
HEAD_H = 64
OTHER_LABELS = {"coins": "Coins", "heroes": "Heroes", "bonuses": "Bonus", "total": "Total", "rank": "Rank"}
WINNER_ROW: RGB = (246, 214, 128)


def _label(column: str) -> str:
    return SUIT_SHORT.get(column) or OTHER_LABELS.get(column) or column.capitalize()


def outcome(view: JSON, names: Sequence[str]) -> Image.Image:
    """The score sheet of a finished game, winners on top in gold."""
    result = view.get("outcome")
    if result is None:
        raise ValueError("The game is not over yet: there is no score sheet to draw.")
    sheet_data = result.get("sheet") or {}
    columns = [c for c in sheet_data.get("columns", []) if c != "rank"]
    rows = sorted(sheet_data.get("rows", []), key=lambda r: (int(r.get("rank", 99)), int(r["seat"])))
    width = 2 * MARGIN + NAME_W + len(columns) * CELL_W + 20
    height = 150 + HEAD_H + len(rows) * ROW_H + 80
    sheet = Sheet(width, height)
    sheet.text((MARGIN + 4, 22), "Nidavellir · final scores", 40, face=SERIF)
    sheet.text((MARGIN + 4, 100), status_line(view, names), 30, face=BOLD, fill=(150, 40, 36), anchor="lm",
               max_width=width - 2 * MARGIN)
    top = 140
    x0 = MARGIN + 10
    for i, column in enumerate(columns):
        x = x0 + NAME_W + i * CELL_W
        colour = SUIT_COLOURS.get(column, NEUTRAL if column != "total" else INK)
        sheet.box((x + 3, top, x + CELL_W - 3, top + HEAD_H - 6), colour, radius=8)
        sheet.text((x + CELL_W / 2, top + (HEAD_H - 6) / 2), _label(column), 19, face=BOLD, fill=WHITE,
                   anchor="mm", max_width=CELL_W - 12)
    for r, row in enumerate(rows):
        y = top + HEAD_H + r * ROW_H
        seat = int(row["seat"])
        winner = seat in result.get("winners", [])
        fill = WINNER_ROW if winner else (PARCHMENT_DARK if r % 2 == 0 else None)
        if fill is not None:
            sheet.box((x0, y + 2, x0 + NAME_W + len(columns) * CELL_W, y + ROW_H - 2), fill,
                      outline=GOLD if winner else None, width=3, radius=10)
        sheet.text((x0 + 14, y + ROW_H / 2), f"{row.get('rank', '')}.", 26, face=BOLD, fill=INK_SOFT, anchor="lm")
        draw_badge(sheet, (x0 + 72, y + ROW_H / 2), seat, 15)
        label = ("★ " if winner else "") + seat_name(names, seat)
        sheet.text((x0 + 96, y + ROW_H / 2), label, 26, face=BOLD, anchor="lm", max_width=NAME_W - 104)
        for i, column in enumerate(columns):
            x = x0 + NAME_W + i * CELL_W
            value = row.get(column, "")
            size = 30 if column == "total" else 26
            sheet.text((x + CELL_W / 2, y + ROW_H / 2), str(value), size, face=SERIF if column == "total" else BOLD,
                       anchor="mm")
    sheet.text((MARGIN + 4, height - 46), "Heroes: neutral heroes and the Dwerg brothers. Bonus: Crown Jeweler "
               "and the warrior majority's highest coin.", 19, fill=INK_SOFT, max_width=width - 2 * MARGIN)
    return sheet.image
