"""The lower zones of a seat's own picture: what lies in its command zone and what waits to be placed.

Heroes as chips; with Thingvellir the mercenaries waiting for the end of the age (and Olwyn's
doubles while their owner chooses their columns), then the artefacts, each as a camp row with
its effect, since the owner plays by them. Each zone is 0 tall when it has nothing to show.
"""

from __future__ import annotations

from engine.views.nidavellir import NidavellirView, PieceView
from renderer.canvas import HIGHLIGHT, INNER, MARGIN, PARCHMENT_DARK, SERIF, Sheet
from renderer.nidavellir.camp import draw_rows, rows_height
from renderer.nidavellir.pieces import CHIP_H, chip_width, flow, flow_lines, hero_chip
from renderer.nidavellir.players import marked_heroes
from renderer.nidavellir.viewer import own_seat, own_task
from renderer.zones import Names, Zone, panel

View = NidavellirView

ZONE_HEAD = 46


# -- heroes ---------------------------------------------------------------------------------

def _heroes(view: View) -> list[PieceView]:
    seat = own_seat(view)
    return marked_heroes(seat.get("command", []), seat)


def _heroes_height(view: View, names: Names) -> int:
    lines = flow_lines([chip_width(str(h["label"])) for h in _heroes(view)], INNER - 28, 6)
    return ZONE_HEAD + lines * (CHIP_H + 6) + 8 if lines else 0


def _draw_heroes(sheet: Sheet, view: View, names: Names, top: float) -> None:
    panel(sheet, top, _heroes_height(view, names), PARCHMENT_DARK)
    sheet.text((MARGIN + 14, top + 24), "Command zone", 26, role="label", face=SERIF, anchor="lm")
    heroes = _heroes(view)
    widths = [chip_width(str(h["label"])) for h in heroes]
    for hero, (dx, line) in zip(heroes, flow(widths, INNER - 28, 6), strict=True):
        hero_chip(sheet, MARGIN + 14 + dx, top + ZONE_HEAD + line * (CHIP_H + 6), hero)


COMMAND = Zone("command zone", _heroes_height, _draw_heroes)


# -- Thingvellir: mercenaries and doubles waiting, artefacts ---------------------------------

def _waiting(view: View) -> list[PieceView]:
    seat = own_seat(view)
    return [*(seat.get("mercenaries") or []), *(seat.get("placing") or [])]


def _waiting_height(view: View, names: Names) -> int:
    cards = _waiting(view)
    return ZONE_HEAD + rows_height(cards) + 14 if cards else 0


def _draw_waiting(sheet: Sheet, view: View, names: Names, top: float) -> None:
    seat = own_seat(view)
    now = own_task(view, "enlist", "enlist_order", "double") is not None
    panel(sheet, top, _waiting_height(view, names), PARCHMENT_DARK, outline=HIGHLIGHT if now else None)
    heading = f"To enlist at the end of Age {view['age']}" if seat.get("mercenaries") else "To place"
    sheet.text((MARGIN + 14, top + 24), heading, 26, role="label", face=SERIF, anchor="lm", max_width=INNER - 28)
    draw_rows(sheet, top + ZONE_HEAD, _waiting(view), seat)


WAITING = Zone("waiting", _waiting_height, _draw_waiting)


def _artefacts_height(view: View, names: Names) -> int:
    cards = own_seat(view).get("artefacts") or []
    return ZONE_HEAD + rows_height(cards) + 14 if cards else 0


def _draw_artefacts(sheet: Sheet, view: View, names: Names, top: float) -> None:
    seat = own_seat(view)
    panel(sheet, top, _artefacts_height(view, names), PARCHMENT_DARK,
          outline=HIGHLIGHT if own_task(view, "mjollnir", "vidofnir") is not None else None)
    sheet.text((MARGIN + 14, top + 24), "Artefacts", 26, role="label", face=SERIF, anchor="lm")
    draw_rows(sheet, top + ZONE_HEAD, seat["artefacts"], seat)


ARTEFACTS = Zone("artefacts", _artefacts_height, _draw_artefacts)
