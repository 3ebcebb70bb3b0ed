"""It's a Wonderful World's view (docs/views/wonderful.md). Only `hand`, `pick`, the viewer's
own board while it plans or places (its working copy) and so `cards` differ between viewers.

The view carries each card's printed facts (`cards`) and each empire's (`empires`), as Nidavellir's
carries its pieces': the renderer reads views only, so the cards stay declared once, in
engine/wonderful/cards.py. Those facts are shared by every view, read-only (engine/views/shared.py):
copy a view to change it."""

# No `from __future__ import annotations`: the view tests read NotRequired at runtime.
from typing import NotRequired, TypedDict

from engine.views import ViewBase

ROUNDS = 4
PICKS = 7
RESOURCES = ("materials", "energy", "science", "gold", "exploration")  # the production steps, in order
TYPES = ("structure", "vehicle", "research", "project", "discovery")  # a card's type, in the rules' order


class WonderfulOptions(TypedDict):
    face: str  # "a" or "b"


class PerView(TypedDict):
    """A count per built card of a type, or per character held ("financier", "general")."""

    count: int  # points, or resources made (1)
    per: str  # a type or a character


class ProducesPerView(TypedDict):
    """One `resource` made each round per built card of type `per`."""

    resource: str
    per: str


class CardView(TypedDict):
    """A development as printed. Items are named as elsewhere in the view: the five resources,
    "krystallium", "financier" and "general"."""

    key: str
    title: str
    type: str  # one of TYPES
    cost: list[str]  # one item per slot: resources in RESOURCES order, then krystallium, financier, general
    produces: list[str]  # one resource per unit made each round (empty if none)
    produces_per: ProducesPerView | None
    recycle: str  # the resource recycling it gives
    bonus: list[str]  # construction bonus: characters and krystallium, one per token
    points: int  # printed points
    points_per: PerView | None  # points per built card of a type or per character


class EmpireView(TypedDict):
    """An Empire card's face in play."""

    key: str
    title: str
    produces: list[str]  # one resource per unit the face makes each round
    points_per: PerView | None  # face A's combo (face B scores nothing)


class SiteView(TypedDict):
    card: str  # card key
    covered: list[str]  # cost items placed so far (a krystallium standing in is the item it replaced)
    missing: list[str]  # cost items still to place
    krystallium: int  # how many of `covered` are krystallium: in krystallium slots or standing in
    stand_ins: list[str]  # the resources krystallium stands in for (rules 2; rules 1 games kept no record)
    fresh: bool  # slated during this round's planning: recycled now, its cubes come back to place


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
    autopass: bool  # passes the production steps in which it produces nothing (its player's choice)
    production: dict[str, int]  # per resource, from the Empire and built cards
    score: int  # points if the game ended now


class WonderfulView(ViewBase):
    options: WonderfulOptions
    rules: int  # the rules the game plays by: 1 (set up before 2026-12-06) or 2 (docs/wonderful.md)
    round: int  # 1–4
    phase: str  # draft, planning, production or over
    step: str | None  # production: the resource of this step
    direction: str  # "left" or "right": where hands pass this round
    deck_count: int
    discard: list[str]  # recycled cards, face up
    leftover_count: int  # 2 players: undrafted cards set aside face down
    boards: list[BoardView]
    supremacy: list[int | None]  # this round's winner of each step so far, by resource order
    cards: dict[str, CardView]  # by key: every card this view shows anywhere, and no other
    empires: dict[str, EmpireView]  # by key: the empires at the table, the face in play
    hand: NotRequired[list[str]]  # only the viewer's own: card keys, sorted
    pick: NotRequired[str | None]  # only the viewer's own pick this draft turn
