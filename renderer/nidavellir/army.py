"""A seat's army card by card, one row per class: the detail the public table sums up.

Each row is the class chip (ranks and bravery, a star for its distinction) followed by a tile
per card or hero, wrapping inside the row: a bravery value, the class name for hunters and
blacksmiths (they have no bravery), or the hero's name with its bravery ringed in gold. An
enlisted mercenary is ringed in the mercenaries' crimson, Vegvisir in the artefacts' teal, an
Idavoll animal (or Gullinbursti) in the gods' navy, by name.
"""

from __future__ import annotations

from engine.views.nidavellir import ColumnView, PieceView, SeatView
from renderer.canvas import BOLD, FRAME, GOLD, INNER, KEY_TEXT, MARGIN, RGB, WHITE, Sheet, text_width
from renderer.nidavellir.camp import ARTEFACT, MERCENARY
from renderer.nidavellir.mythology import MYTHOLOGY_RIM
from renderer.nidavellir.pieces import NEUTRAL, SUIT_ORDER, flow, flow_lines, item_label, suit_colour
from renderer.nidavellir.players import draw_class_chip

CHIP_W = 150
CHIP_H = 64
TILE_H = 40
TILE_GAP = 6
ROW_GAP = 8
TILES_W = INNER - 28 - CHIP_W - 12


def _rim(item: PieceView) -> RGB:
    """Gold for a hero, the camp colours for a mercenary or an artefact, navy for an animal, a thin
    frame otherwise."""
    if item.get("hero"):
        return GOLD
    return {"mercenary": MERCENARY, "artefact": ARTEFACT, "animal": MYTHOLOGY_RIM,
            "special": MYTHOLOGY_RIM}.get(str(item.get("kind")), FRAME)


def tile_width(item: PieceView) -> float:
    return min(TILES_W, max(44.0, text_width(item_label(item), BOLD, KEY_TEXT) + 20))


def row_height(column: ColumnView) -> int:
    """A class row: as tall as its chip, or as its wrapped tiles when they need more lines."""
    lines = flow_lines([tile_width(item) for item in column["items"]], TILES_W, TILE_GAP)
    return max(CHIP_H, lines * (TILE_H + TILE_GAP) - TILE_GAP)


def army_height(seat: SeatView) -> int:
    return sum(row_height(seat["army"][suit]) + ROW_GAP for suit in SUIT_ORDER) - ROW_GAP


def draw_army(sheet: Sheet, seat: SeatView, top: float) -> None:
    """The five class rows from `top`, inside a panel's padding."""
    won = set(seat.get("distinctions", []))
    left = MARGIN + 14
    y = top
    for suit in SUIT_ORDER:
        column = seat["army"][suit]
        height = row_height(column)
        draw_class_chip(sheet, (left, y, left + CHIP_W, y + CHIP_H), suit, column, suit in won)
        items = column["items"]
        widths = [tile_width(item) for item in items]
        tiles_x = left + CHIP_W + 12
        # one line of tiles sits level with the chip's middle; more lines start at its top
        offset = (CHIP_H - TILE_H) / 2 if height == CHIP_H else 0
        for item, width, (dx, line) in zip(items, widths, flow(widths, TILES_W, TILE_GAP), strict=True):
            x = tiles_x + dx
            ty = y + offset + line * (TILE_H + TILE_GAP)
            rim = _rim(item)
            fill = suit_colour(item.get("suit")) if item.get("suit") else NEUTRAL
            sheet.box((x, ty, x + width, ty + TILE_H), fill, outline=rim, width=1 if rim == FRAME else 3, radius=8)
            sheet.text((x + width / 2, ty + TILE_H / 2 + 1), item_label(item), KEY_TEXT, role="card", face=BOLD,
                       fill=WHITE, anchor="mm", max_width=width - 10)
        y += height + ROW_GAP
