"""The Tranquility game state: plain data, with a fast copy and a JSON round trip."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.errors import StaleEncoding

PLAY = "play"
ROCKS = "rocks"
START_PHASE = "start_discard"
OVER = "over"


@dataclass(slots=True)
class LastMove:
    """The latest move, for highlighting: who, what, which cells (0-based) it touched."""

    seat: int
    text: str
    cells: list[int] = field(default_factory=list)


@dataclass
class TranquilityState:
    """Everything about one game. Hands are kept sorted; draw piles are drawn from the end.

    `grid` holds 36 cells in reading order from the bottom-left (0 = empty).
    """

    players: int
    sea_monsters: int
    jagged_rocks: str
    removed_islands: int
    rng: int
    grid: list[int]
    hands: list[list[int]]
    piles: list[list[int]]
    discards: list[list[int]]  # per seat, face down
    removed: list[int]  # islands taken out face down at setup
    start_played_by: int | None = None
    monsters_played: int = 0
    rocks_row: int | None = None  # 0-based row; None when off or gone
    rocks_gone: bool = False
    phase: str = PLAY
    turn: int = 0  # the active player
    turn_number: int = 0
    start_pending: bool = False  # Start played this turn: the group discard follows the rocks step
    declarer: int = 0  # who declares next during the Start discard
    start_total: int = 0
    pass_discarded: int = 0
    last: LastMove | None = None
    won: bool | None = None  # None while running
    end_reason: str = ""
    # The public draws' own stream (the Jagged Rocks' rows), apart from the hidden shuffles so
    # watching the rocks can't reveal the deck. None in games begun before version 2, whose
    # rocks still draw from `rng` so they replay exactly.
    rng_public: int | None = None

    @property
    def start_played(self) -> bool:
        return self.start_played_by is not None

    @property
    def over(self) -> bool:
        return self.won is not None


def clone(state: TranquilityState) -> TranquilityState:
    """A deep copy without deepcopy's cost: every mutable part is a flat list (or the last move)."""
    copied = object.__new__(TranquilityState)
    fields = state.__dict__.copy()  # the numbers, texts and flags, shared: they can't change in place
    fields["grid"] = state.grid.copy()
    fields["hands"] = [h.copy() for h in state.hands]
    fields["piles"] = [p.copy() for p in state.piles]
    fields["discards"] = [d.copy() for d in state.discards]
    fields["removed"] = state.removed.copy()
    last = state.last
    if last is not None:
        fields["last"] = LastMove(last.seat, last.text, last.cells.copy())
    copied.__dict__ = fields
    return copied


# The encoding's format: 1 had no "version" key; 2 (2026-12-01) adds it and "rng_public".
ENCODING = 2


def encode(state: TranquilityState) -> dict[str, Any]:
    """JSON-ready dict of the whole state (hidden cards included: this is for storage)."""
    last = state.last
    data: dict[str, Any] = {
        "version": ENCODING,
        "players": state.players,
        "sea_monsters": state.sea_monsters,
        "jagged_rocks": state.jagged_rocks,
        "removed_islands": state.removed_islands,
        "rng": state.rng,
        "grid": state.grid.copy(),
        "hands": [h.copy() for h in state.hands],
        "piles": [p.copy() for p in state.piles],
        "discards": [d.copy() for d in state.discards],
        "removed": state.removed.copy(),
        "start_played_by": state.start_played_by,
        "monsters_played": state.monsters_played,
        "rocks_row": state.rocks_row,
        "rocks_gone": state.rocks_gone,
        "phase": state.phase,
        "turn": state.turn,
        "turn_number": state.turn_number,
        "start_pending": state.start_pending,
        "declarer": state.declarer,
        "start_total": state.start_total,
        "pass_discarded": state.pass_discarded,
        "last": None if last is None else {"seat": last.seat, "text": last.text, "cells": last.cells.copy()},
        "won": state.won,
        "end_reason": state.end_reason,
    }
    if state.rng_public is not None:
        data["rng_public"] = state.rng_public
    return data


def decode(data: Mapping[str, Any]) -> TranquilityState:
    """Inverse of `encode`; also reads version 1 (no "version" key, no public stream)."""
    if int(data.get("version", 1)) > ENCODING:
        raise StaleEncoding(f"This Tranquility state was stored by a newer Skald (format {data['version']}).")
    last = data["last"]
    return TranquilityState(
        players=int(data["players"]),
        sea_monsters=int(data["sea_monsters"]),
        jagged_rocks=str(data["jagged_rocks"]),
        removed_islands=int(data["removed_islands"]),
        rng=int(data["rng"]),
        rng_public=None if data.get("rng_public") is None else int(data["rng_public"]),
        grid=[int(c) for c in data["grid"]],
        hands=[[int(c) for c in h] for h in data["hands"]],
        piles=[[int(c) for c in p] for p in data["piles"]],
        discards=[[int(c) for c in d] for d in data["discards"]],
        removed=[int(c) for c in data["removed"]],
        start_played_by=None if data["start_played_by"] is None else int(data["start_played_by"]),
        monsters_played=int(data["monsters_played"]),
        rocks_row=None if data["rocks_row"] is None else int(data["rocks_row"]),
        rocks_gone=bool(data["rocks_gone"]),
        phase=str(data["phase"]),
        turn=int(data["turn"]),
        turn_number=int(data["turn_number"]),
        start_pending=bool(data["start_pending"]),
        declarer=int(data["declarer"]),
        start_total=int(data["start_total"]),
        pass_discarded=int(data["pass_discarded"]),
        last=None if last is None else LastMove(int(last["seat"]), str(last["text"]), [int(c) for c in last["cells"]]),
        won=None if data["won"] is None else bool(data["won"]),
        end_reason=str(data["end_reason"]),
    )
