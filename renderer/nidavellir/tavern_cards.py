"""The cards lying in a tavern, for the table and a seat's own picture alike.

Dwarves and Royal Offerings are tiles in a line. With Idavoll, mythology cards (the Dancing
Dragon's in Age 1 rounds 1-3, or one Freya moved elsewhere) are full-width rows under the tiles,
with their kind, value and effect, since they differ far more than dwarves do. The card Loki
reserved is ringed in gold and tagged "Loki", and a line under the cards says for whom.
Without mythology cards or a reservation the area is one line of tiles, as before Idavoll.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.views.nidavellir import PieceView, TavernView
from renderer.canvas import BOLD, FRAME, GOLD, INK_SOFT, INNER, KEY_TEXT, MARGIN, MIN_TEXT, Sheet, text_width
from renderer.names import seat_name
from renderer.nidavellir.camp import ROW_GAP, ROW_W, draw_row, row_height, rows_height
from renderer.nidavellir.mythology import GOD, is_mythology
from renderer.nidavellir.pieces import CARD_H, CARD_W, draw_card

SLOT = CARD_W + 8
ROWS_GAP = 8
RESERVED_H = 36
TAG_W = 72
TAG_H = 30
NAME_ROOM = 200  # at least this much of a name in the reservation's sentence


def _split(tavern: TavernView) -> tuple[list[PieceView], list[PieceView]]:
    """(tiles, rows): the tavern's dwarves and offerings, then its mythology cards."""
    cards = list(tavern["cards"])
    rows = [card for card in cards if is_mythology(card)]
    return [card for card in cards if not is_mythology(card)], rows


def _reserved_index(tavern: TavernView) -> int | None:
    """Index in `tavern["cards"]` of the copy Loki's token lies on (the first of its key)."""
    reserved = tavern.get("reserved")
    if not reserved:
        return None
    return next((i for i, card in enumerate(tavern["cards"]) if card["key"] == reserved["card"]), None)


def cards_height(tavern: TavernView) -> int:
    """The tiles' line (also when the tavern is empty: "no cards left"), the rows, the reservation."""
    tiles, rows = _split(tavern)
    height = CARD_H if tiles or not rows else 0
    if rows:
        height += rows_height(rows) + (ROWS_GAP if tiles else 0)
    if _reserved_index(tavern) is not None:
        height += RESERVED_H
    return height


def _tag(sheet: Sheet, right: float, top: float) -> None:
    """Loki's token: a small navy tag hung over the reserved card's top edge."""
    sheet.box((right - TAG_W, top - TAG_H / 2, right, top + TAG_H / 2), GOD, outline=GOLD, width=2, radius=8)
    sheet.text((right - TAG_W / 2, top + 1), "Loki", MIN_TEXT, role="label", face=BOLD, fill=GOLD, anchor="mm")


def draw_cards(sheet: Sheet, tavern: TavernView, names: Sequence[str], top: float) -> None:
    """The tavern's cards from `top`, inside a panel's padding."""
    left = MARGIN + 14
    tiles, rows = _split(tavern)
    reserved = _reserved_index(tavern)
    held = None if reserved is None else tavern["cards"][reserved]
    holder = tavern["reserved"]
    held_drawn = False
    for i, card in enumerate(tiles):
        x = left + i * SLOT
        draw_card(sheet, (x, top, x + CARD_W, top + CARD_H), card)
        if card is held and not held_drawn:
            sheet.box((x - 4, top - 4, x + CARD_W + 4, top + CARD_H + 4), None, outline=GOLD, width=4, radius=12)
            _tag(sheet, x + CARD_W, top)
            held_drawn = True
    if not tavern["cards"]:
        sheet.text((left + 4, top + CARD_H / 2), "no cards left", MIN_TEXT, role="label", fill=INK_SOFT, anchor="lm")
    y = top + (CARD_H + ROWS_GAP if tiles else 0)
    for card in rows:
        mine = card is held and not held_drawn
        draw_row(sheet, y, card, rim=GOLD if mine else FRAME)
        if mine:
            _tag(sheet, left + ROW_W - 16, y)
            held_drawn = True
        y += row_height(card) + ROW_GAP
    if held is not None and holder is not None:
        y = top + cards_height(tavern) - RESERVED_H
        said = f"Loki keeps {held['label']} for "
        room = max(NAME_ROOM, INNER - 36 - text_width(said, BOLD, KEY_TEXT))
        who = seat_name(names, holder["seat"], size=KEY_TEXT, max_width=room)
        sheet.text((left + 4, y + RESERVED_H / 2 + 2), said + who, KEY_TEXT, role="name", face=BOLD, fill=GOD,
                   anchor="lm", max_width=INNER - 36)
