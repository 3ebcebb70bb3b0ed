"""It's a Wonderful World's view (docs/views/wonderful.md). Only `hand`, `pick` and the viewer's
own board while it plans or places (its working copy) differ between viewers."""

# No `from __future__ import annotations`: the view tests read NotRequired at runtime.
from typing import NotRequired, TypedDict

from engine.views import ViewBase

ROUNDS = 4
PICKS = 7
RESOURCES = ("materials", "energy", "science", "gold", "exploration")  # the production steps, in order


class WonderfulOptions(TypedDict):
    face: str  # "a" or "b"


class SiteView(TypedDict):
    card: str  # card key
    covered: list[str]  # cost items placed so far
    missing: list[str]  # cost items still to place
    krystallium: int  # how many of `covered` are krystallium standing in


class BoardView(TypedDict):
    empire: str
    hand_count: int
    picked: bool  # has picked this draft turn (the card stays hidden until all have)
    drafted: list[str]  # draft area, revealed picks
    sites: list[SiteView]  # under construction, oldest first
    built: list[str]
    available: dict[str, int]  # produced or recycled, to place
    pile: int  # resources on the krystallium pile (0–4)
    krystallium: int
    financiers: int
    generals: int
    choosing: bool  # owes a science supremacy choice
    done: bool  # done with this planning or production step
    production: dict[str, int]  # per resource, from the Empire and built cards
    score: int  # points if the game ended now


class WonderfulView(ViewBase):
    options: WonderfulOptions
    round: int  # 1–4
    phase: str  # draft, planning, production or over
    step: str | None  # production: the resource of this step
    direction: str  # "left" or "right": where hands pass this round
    deck_count: int
    discard: list[str]  # recycled cards, face up
    leftover_count: int  # 2 players: undrafted cards set aside face down
    boards: list[BoardView]
    supremacy: list[int | None]  # this round's winner of each step so far, by resource order
    hand: NotRequired[list[str]]  # only the viewer's own: card keys, sorted
    pick: NotRequired[str | None]  # only the viewer's own pick this draft turn
