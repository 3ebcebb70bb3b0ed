"""Idavoll's zones of a seat's own picture: the cards Frigg or Skymir drew for it, and its gods,
giants and valkyries as rows with their tokens and effects, since their owner plays by them.

Drawn cards are in the drawer's own view only (docs/views/nidavellir.md), so only the drawer's
picture shows them. Each zone is 0 tall when it has nothing to show.
"""

from __future__ import annotations

from typing import Any

from engine.views.nidavellir import NidavellirView, PieceView
from renderer.canvas import HIGHLIGHT, INNER, MARGIN, PARCHMENT_DARK, SERIF, WHITE, Sheet
from renderer.nidavellir.camp import ROW_GAP, RowValue, draw_row, draw_rows, row_height, rows_height
from renderer.nidavellir.mythology import (
    Segment,
    draw_pill,
    giant_token,
    god_token,
    is_mythology,
    pill_width,
    valkyrie_token,
)
from renderer.nidavellir.pieces import CARD_H, CARD_W, CHIP_H, draw_card
from renderer.nidavellir.viewer import own_seat, own_task
from renderer.zones import Names, Zone, panel

JSON = dict[str, Any]
View = NidavellirView

ZONE_HEAD = 46
SLOT = CARD_W + 8
# What the drawer does with the cards now, by the task at the front.
DRAWN_HEADINGS = {
    "frigg_keep": "Frigg drew these: keep one",
    "frigg_order": "Frigg's other two: which goes under the deck first",
    "skymir_keep": "Skymir drew these: keep one",
}


# -- the cards Frigg or Skymir drew -----------------------------------------------------------

def _drawn(view: View) -> tuple[list[PieceView], list[PieceView]]:
    """(tiles, rows): the drawn Age cards (Frigg's), then the mythology cards (Skymir's)."""
    mythology = view["mythology"]
    cards = list((mythology["drawn"] if mythology else None) or [])
    rows = [card for card in cards if is_mythology(card)]
    return [card for card in cards if not is_mythology(card)], rows


def _drawn_height(view: View, names: Names) -> int:
    tiles, rows = _drawn(view)
    if not tiles and not rows:
        return 0
    return ZONE_HEAD + (CARD_H + 8 if tiles else 0) + (rows_height(rows) + 8 if rows else 0) + 6


def _draw_drawn(sheet: Sheet, view: View, names: Names, top: float) -> None:
    panel(sheet, top, _drawn_height(view, names), PARCHMENT_DARK, outline=HIGHLIGHT)
    task = own_task(view)
    heading = "The cards you drew" if task is None else DRAWN_HEADINGS.get(task["kind"], "The cards you drew")
    sheet.text((MARGIN + 14, top + 24), heading, 26, role="label", face=SERIF, anchor="lm", max_width=INNER - 28)
    tiles, rows = _drawn(view)
    for i, card in enumerate(tiles):
        x = MARGIN + 14 + i * SLOT
        draw_card(sheet, (x, top + ZONE_HEAD, x + CARD_W, top + ZONE_HEAD + CARD_H), card)
    draw_rows(sheet, top + ZONE_HEAD + (CARD_H + 8 if tiles else 0), rows)


DRAWN = Zone("drawn cards", _drawn_height, _draw_drawn)


# -- gods, giants and valkyries ---------------------------------------------------------------

def _token_value(segments: list[Segment]) -> RowValue:
    """A row's value: the token pill right-aligned on the card's name line."""

    def draw(sheet: Sheet, right: float, middle: float) -> float:
        width = pill_width(segments)
        draw_pill(sheet, right - width, middle - CHIP_H / 2, segments, rim=WHITE)
        return width

    return draw


def _entries(view: View) -> list[tuple[PieceView, RowValue]]:
    """Each god, giant and valkyrie of the seat's command zone with the token its row shows."""
    seat = own_seat(view)
    return ([(god["card"], _token_value(god_token(god))) for god in seat["gods"]]
            + [(giant["card"], _token_value(giant_token(giant))) for giant in seat["giants"]]
            + [(valkyrie["card"], _token_value(valkyrie_token(valkyrie))) for valkyrie in seat["valkyries"]])


def _heading(view: View) -> str:
    seat = own_seat(view)
    present = [word for found, word in ((seat["gods"], "Gods"), (seat["giants"], "Giants"),
                                        (seat["valkyries"], "Valkyries")) if found]
    return " · ".join(present)


def _mythology_height(view: View, names: Names) -> int:
    entries = _entries(view)
    return ZONE_HEAD + rows_height([card for card, _ in entries]) + 14 if entries else 0


def _draw_mythology(sheet: Sheet, view: View, names: Names, top: float) -> None:
    now = own_task(view, "loki", "freya", "odin", "olrun") is not None
    panel(sheet, top, _mythology_height(view, names), PARCHMENT_DARK, outline=HIGHLIGHT if now else None)
    sheet.text((MARGIN + 14, top + 24), _heading(view), 26, role="label", face=SERIF, anchor="lm",
               max_width=INNER - 28)
    y = top + ZONE_HEAD
    for card, value in _entries(view):
        draw_row(sheet, y, card, value=value)
        y += row_height(card) + ROW_GAP


MYTHOLOGY = Zone("gods, giants and valkyries", _mythology_height, _draw_mythology)
