"""Thingvellir's part of the view (docs/views/nidavellir.md): Zolkur's spent trade and Mjöllnir's
column on a seat, the camp on the table. Registered with the base view."""

from __future__ import annotations

from typing import Any

from engine.nidavellir.components import SUITS
from engine.nidavellir.state import NOBODY, NidavellirState
from engine.nidavellir.thingvellir.effects import mjollnir_column
from engine.nidavellir.view import piece_view
from engine.views.nidavellir import CampView


def seat_part(state: NidavellirState, index: int) -> dict[str, Any]:
    mjollnir = mjollnir_column(state, index)
    return {"zolkur_spent": bool(state.seats[index].marks.get("zolkur")),
            "mjollnir": None if mjollnir is None else SUITS[mjollnir]}


def _camp_view(state: NidavellirState) -> CampView | None:
    if not state.thingvellir:
        return None
    return {
        "cards": [piece_view(state.ruleset, c) for c in state.camp],
        "decks": {"age1": len(state.camp_decks[0]), "age2": len(state.camp_decks[1])},
        "visits": [None if seat == NOBODY else seat for seat in state.camp_picks],
        "doubles_aside": state.aside.count("double"),
    }


def table_part(state: NidavellirState, viewer: int | None) -> dict[str, Any]:
    return {"camp": _camp_view(state)}
