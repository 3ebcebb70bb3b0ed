"""Idavoll's part of the view (docs/views/nidavellir.md): a giant's class and a valkyrie's track on
their cards, a seat's gods, giants and valkyries, the mythology tavern and Loki's token on the
taverns, the mythology deck, reserve and drawn cards. Registered with the base view."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.nidavellir.components import GIANT, GOD, SUITS, VALKYRIE, Card
from engine.nidavellir.effects import effect
from engine.nidavellir.hidden import drawing_seat, seen
from engine.nidavellir.idavoll.effects import FREE_HEROES, giant, giant_state, olrun_class, valkyrie
from engine.nidavellir.idavoll.rules import mythology_tavern, reservation
from engine.nidavellir.state import NidavellirState
from engine.nidavellir.view import piece_view

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset
from engine.views.nidavellir import (
    GiantView,
    GodView,
    MythologySeatView,
    MythologyView,
    ReservedView,
    ValkyrieView,
)


def piece_part(rules: Ruleset, card: Card) -> dict[str, Any]:
    """A giant's class and a valkyrie's strength track, on the card itself."""
    out: dict[str, Any] = {}
    captures, track = giant(rules, card.key), valkyrie(rules, card.key)
    if captures is not None:
        out["captures"] = SUITS[captures.suit]
    if track is not None:
        out["track"] = list(track.track)
    return out


def _suit(rules: Ruleset, card: str) -> int:
    found = giant(rules, card)
    assert found is not None, card
    return found.suit


def _track(rules: Ruleset, card: str) -> tuple[int, ...]:
    found = valkyrie(rules, card)
    assert found is not None, card
    return found.track


def _mythology_seat_view(state: NidavellirState, index: int) -> MythologySeatView:
    """Idavoll's part of a seat: gods with their power token, giants with their capture token,
    valkyries with their strength token (all public)."""
    seat = state.seats[index]
    gods: list[GodView] = []
    giants: list[GiantView] = []
    valkyries: list[ValkyrieView] = []
    for card in seat.command:
        kind = state.cards[card].kind
        if kind == GOD:
            power = effect(state, card).power_ready(state, index)
            gods.append({"card": piece_view(state.ruleset, card), "power": power})
        elif kind == GIANT:
            under = seat.captured.get(card)
            giants.append({"card": piece_view(state.ruleset, card), "column": SUITS[_suit(state.ruleset, card)],
                           "state": giant_state(state, index, card),
                           "captured": None if under is None else piece_view(state.ruleset, under)})
        elif kind == VALKYRIE:
            notches = seat.marks.get(card, 0)
            chosen = olrun_class(state, index) if card == "olrun" else None
            valkyries.append({"card": piece_view(state.ruleset, card), "notches": notches,
                              "points": _track(state.ruleset, card)[notches],
                              "column": None if chosen is None else SUITS[chosen]})
    return {"gods": gods, "giants": giants, "valkyries": valkyries,
            "free_heroes": seat.marks.get(FREE_HEROES, 0)}


def reserved_view(state: NidavellirState, tavern: int) -> ReservedView | None:
    """Loki's token on a card of this tavern: `{"seat": s, "card": key}`, or None."""
    held = reservation(state)
    if held is None or held[0] != tavern:
        return None
    return {"seat": held[1], "card": held[2]}


def tavern_part(state: NidavellirState, tavern: int) -> dict[str, Any]:
    return {"mythology": tavern == mythology_tavern(state), "reserved": reserved_view(state, tavern)}


def _mythology_view(state: NidavellirState, viewer: int | None) -> MythologyView | None:
    if not state.idavoll:
        return None
    drawer = drawing_seat(state)
    held = reservation(state)
    return {
        "deck": len(state.myth_deck), "reserve": len(state.myth_reserve), "tavern": mythology_tavern(state)
        if mythology_tavern(state) >= 0 else None,
        "gullinbursti_aside": "gullinbursti" in state.aside,
        "reserved": None if held is None
        else {"tavern": held[0], "seat": held[1], "card": piece_view(state.ruleset, held[2])},
        "drawn": [piece_view(state.ruleset, c) for c in state.drawn] if seen(drawer, viewer) else None,
        "drawing": drawer if state.drawn and drawer >= 0 else None,
    }


def seat_part(state: NidavellirState, index: int) -> dict[str, Any]:
    return dict(_mythology_seat_view(state, index))


def table_part(state: NidavellirState, viewer: int | None) -> dict[str, Any]:
    return {"mythology": _mythology_view(state, viewer)}
