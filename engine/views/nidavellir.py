"""Nidavellir's view (docs/views/nidavellir.md), with the Thingvellir and Idavoll keys.

Everything is public except the coins on taverns not revealed yet, a hidden pouch, and the cards
drawn for the Pioneer, Frigg or Skymir: a seat sees its own.
"""

# No `from __future__ import annotations`: Python 3.11 counts a NotRequired written as a string as
# required (`__required_keys__`), and the view tests read the schema at runtime.
from typing import NotRequired, TypedDict

from engine.views import ViewBase


class CoinView(TypedDict):
    value: int
    token: str  # its move-text token: "7", "h3" for the Hunting Master's, "5b"/"5g" beside the other 5
    bronze: bool
    trading: bool  # the 0 and the Hunting Master's coin


class OptionView(TypedDict):
    """One of a mercenary's two classes (Thingvellir)."""

    suit: str
    bravery: int


class PieceView(TypedDict):
    """A card or a hero (told apart by `hero`). A card's `bravery` is its points, a hero's the
    points of each of its ranks; camp and mythology cards add the keys their kind has."""

    key: str
    label: str
    suit: str | None  # a class, or None (an offering, a neutral hero, a mercenary not enlisted)
    ranks: int
    hero: bool
    kind: str  # dwarf, offering, armorer, hero; artefact, mercenary, double; animal, god, giant, valkyrie, special
    bravery: int | list[int]
    offering: NotRequired[int]  # cards: a Royal Offering's 3 or 5, else 0
    points: NotRequired[int]  # heroes, camp and mythology cards: printed points
    text: NotRequired[str]  # heroes, camp and mythology cards: the effect in a line
    age: NotRequired[int]  # camp cards: their camp deck (0: in both)
    captures: NotRequired[str]  # giants: the class whose dwarf they wait for
    track: NotRequired[list[int]]  # valkyries: the values of their notches, top first
    options: NotRequired[list[OptionView]]  # mercenaries: their two classes


class ReservedView(TypedDict):
    """Loki's token in a tavern (Idavoll): on one copy of `card`."""

    seat: int
    card: str


class TavernView(TypedDict):
    key: str  # goblin, dragon, horse
    label: str
    cards: list[PieceView]
    revealed: bool
    resolved: bool
    bids: list[CoinView | None]  # by seat: a coin once revealed (or the viewer's own)
    order: list[int] | None  # pick order once revealed
    picked: list[int]
    mythology: bool  # Idavoll: dealt from the mythology deck this round
    reserved: ReservedView | None


class Decks(TypedDict):
    age1: int
    age2: int


class DistinctionView(TypedDict):
    key: str  # the class
    label: str
    winner: int | None
    done: bool


class ColumnView(TypedDict):
    """A class column of an army, bottom card first."""

    items: list[PieceView]
    ranks: int
    bravery: int  # the column's bravery-point sum


class GodView(TypedDict):
    card: PieceView
    power: bool  # its power token is still there


class GiantView(TypedDict):
    card: PieceView
    column: str  # where its capture token is
    state: str  # waiting, captured or face_down
    captured: PieceView | None


class ValkyrieView(TypedDict):
    card: PieceView
    notches: int  # how far her strength token went down
    points: int  # the value under it
    column: str | None  # Ölrun's class, once chosen


class MythologySeatView(TypedDict):
    """Idavoll's part of a seat (empty without Idavoll)."""

    gods: list[GodView]
    giants: list[GiantView]
    valkyries: list[ValkyrieView]
    free_heroes: int  # heroes recruited through Thrivaldi, never counted against complete lines


class SeatView(MythologySeatView):
    seat: int
    gem: int  # 1–5, 6 for the Crown Jeweler
    coins: list[CoinView]  # every coin, ascending (public)
    has_bid: bool
    bids: list[CoinView | None]  # by tavern: revealed, or the viewer's own
    pouch: list[CoinView] | None  # None when hidden from this viewer
    uline: bool
    army: dict[str, ColumnView]  # by class
    command: list[PieceView]  # heroes of the command zone
    hero_count: int
    lines: int
    distinctions: list[str]
    score: int
    artefacts: list[PieceView]  # Thingvellir
    mercenaries: list[PieceView]  # Thingvellir: waiting to be enlisted
    placing: list[PieceView]  # Thingvellir: Olwyn's doubles waiting for a column
    zolkur_spent: bool
    mjollnir: str | None


class TaskView(TypedDict):
    seat: int | None  # None while bidding
    kind: str
    text: str  # the prompt, seats as "Seat N"


class CampView(TypedDict):
    """Thingvellir's camp."""

    cards: list[PieceView]
    decks: Decks
    visits: list[int | None]  # who took a camp card in each tavern this round
    doubles_aside: int


class HeldView(TypedDict):
    """Loki's reservation (Idavoll)."""

    tavern: int
    seat: int
    card: PieceView


class MythologyView(TypedDict):
    """Idavoll's mythology deck and reserve (face down) and what was drawn from them."""

    deck: int
    reserve: int
    tavern: int | None
    gullinbursti_aside: bool
    reserved: HeldView | None
    drawn: list[PieceView] | None  # only in the drawer's own view
    drawing: int | None


class NidavellirView(ViewBase):
    age: int
    round: int
    rounds: int
    phase: str  # bid, pick, end_of_age, over
    tavern: int | None  # the tavern being resolved
    taverns: list[TavernView]
    decks: Decks
    discard: list[PieceView]
    treasure: list[int]
    heroes: list[PieceView]  # the hero reserve
    distinctions: list[DistinctionView]
    seats: list[SeatView]
    task: TaskView | None
    pioneer: list[PieceView] | None  # only in the Pioneer winner's own view while choosing
    log_hint: str
    expansions: list[str]
    camp: CampView | None
    mythology: MythologyView | None
