"""The Nidavellir game state: plain data with a fast copy and a JSON round trip by field name.

Coins are ints (their value; the Hunting Master's coin is `HUNTER_COIN`). Cards are their names
(`cards.CARDS` keys). Decks are drawn from the end of their list. The encoding carries a
`version`; legacy.py reads the version-less positional encoding stored before it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.errors import StaleEncoding
from engine.nidavellir.cards import CARDS, rounds_per_age
from engine.nidavellir.components import RULES, SUITS

# 3 (2026-12-02): `rules` is stored, and the bronze 5 is its own coin (BRONZE_FIVE).
VERSION = 3

BID = "bid"
PICK = "pick"
END_OF_AGE = "end_of_age"
OVER = "over"

# Task kinds. Choices wait for their seat's move (choices.py); the others are rule steps run at
# once (steps.py). The names are stored in snapshots: never rename one.
TAKE = "pick"
TRANSFORM = "transform"
TRADE = "trade"
RECRUIT = "recruit"
THRUD_MOVE = "thrud"
YLUD_MOVE = "ylud"
DISCARD = "discard"
ULINE_BID = "uline_bid"
PIONEER = "pioneer"
CAMP = "camp"
TAVERN_DISCARD = "tavern_discard"
ENLIST_ORDER = "enlist_order"
ENLIST = "enlist"
DOUBLE_MOVE = "double"
VIDOFNIR = "vidofnir"
RECOVER = "recover"
CARD_DISCARD = "card_discard"
MJOLLNIR = "mjollnir"
CHECK_HEROES = "heroes"
AUTO_TRADE = "auto_trade"
END_TAVERN = "end_tavern"
AGE_END = "age_end"
DISTINCTION = "distinction"
START_AGE = "start_age"
FINISH = "finish"
GAME_OVER = "game_over"
ENLISTMENT = "enlistment"
LOWEST_COIN = "lowest_coin"
POUCH_TRANSFORMS = "pouch_transforms"
TO_DISCARD = "to_discard"
HOFUD_DISCARDS = "hofud_discards"
# Idavoll's task kinds (same rule: never rename one).
LOKI = "loki"
FREYA = "freya"
FRIGG_KEEP = "frigg_keep"
FRIGG_ORDER = "frigg_order"
ODIN = "odin"
OLRUN = "olrun"
GULLINBURSTI_MOVE = "gullinbursti"
SKYMIR_KEEP = "skymir_keep"
HRUNGNIR_ORDER = "hrungnir_order"
HRUNGNIR = "hrungnir"
SKYMIR = "skymir"
END_ROUND = "end_round"

NO_BID = -1
NOT_DECIDED = -2  # a distinction not handed out yet
NOBODY = -1  # a distinction nobody won (tie); a tavern where nobody visited the camp

THINGVELLIR = "thingvellir"
IDAVOLL = "idavoll"


@dataclass(frozen=True)
class Task:
    """One step waiting in the queue: a choice of `seat` or an automatic rule step.

    `n`, `args` and `card` carry what the step needs: an amount, excluded columns, the card
    that caused it (a transform's source, the card a discard comes from, ...).
    """

    kind: str
    seat: int = -1
    n: int = 0
    args: tuple[int, ...] = ()
    card: str = ""

    def encode(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat != -1:
            out["seat"] = self.seat
        if self.n:
            out["n"] = self.n
        if self.args:
            out["args"] = list(self.args)
        if self.card:
            out["card"] = self.card
        return out

    @classmethod
    def decode(cls, d: Mapping[str, Any]) -> Task:
        return cls(str(d["kind"]), int(d.get("seat", -1)), int(d.get("n", 0)),
                   tuple(int(a) for a in d.get("args", ())), str(d.get("card", "")))


@dataclass
class SeatState:
    """One player's table: gem, coins (on taverns or in the pouch), army, command zone.

    `command` is the command zone: neutral heroes, artefacts, mercenaries not enlisted yet,
    and Thrud, Ylud or a double while their owner chooses their column. `marks` keeps what a
    card remembers for its owner (Zolkur used, Mjöllnir's column), by card name.
    """

    gem: int
    bids: list[int] = field(default_factory=lambda: [NO_BID] * 3)
    pouch: list[int] = field(default_factory=list)  # coins not on a tavern, ascending
    has_bid: bool = False
    pouch_shown: bool = True  # the pouch is public knowledge (before bidding, after a trade)
    bronze: list[int] = field(default_factory=list)  # values this seat still holds as bronze
    army: list[list[str]] = field(default_factory=lambda: [[] for _ in range(5)])
    command: list[str] = field(default_factory=list)
    heroes: list[str] = field(default_factory=list)
    distinctions: list[int] = field(default_factory=list)
    marks: dict[str, int] = field(default_factory=dict)
    captured: dict[str, str] = field(default_factory=dict)  # Idavoll: giant -> the dwarf under it

    def copy(self) -> SeatState:
        return SeatState(
            self.gem, self.bids[:], self.pouch[:], self.has_bid, self.pouch_shown, self.bronze[:],
            [column[:] for column in self.army], self.command[:], self.heroes[:], self.distinctions[:],
            dict(self.marks), dict(self.captured),
        )

    def coins(self) -> list[int]:
        """Every coin owned, wherever it lies."""
        return [c for c in self.bids if c != NO_BID] + self.pouch

    def encode(self) -> dict[str, Any]:
        out = {
            "gem": self.gem, "bids": self.bids[:], "pouch": self.pouch[:], "has_bid": self.has_bid,
            "pouch_shown": self.pouch_shown, "bronze": self.bronze[:],
            "army": {SUITS[s]: column[:] for s, column in enumerate(self.army)}, "command": self.command[:],
            "heroes": self.heroes[:], "distinctions": self.distinctions[:], "marks": dict(self.marks),
        }
        if self.captured:  # Idavoll only: games without it encode exactly as before
            out["captured"] = dict(self.captured)
        return out

    @classmethod
    def decode(cls, d: Mapping[str, Any]) -> SeatState:
        army = d["army"]
        captured = {str(k): str(v) for k, v in d.get("captured", {}).items()}
        _cards(list(captured.values()))
        return cls(
            int(d["gem"]), _ints(d["bids"]), _ints(d["pouch"]), bool(d["has_bid"]), bool(d["pouch_shown"]),
            _ints(d["bronze"]), [_cards(army[suit]) for suit in SUITS], _cards(d["command"]),
            _cards(d["heroes"]), _ints(d["distinctions"]), {str(k): int(v) for k, v in d["marks"].items()},
            captured,
        )


@dataclass
class NidavellirState:
    """Everything about one game. The fields after `tasks` belong to the expansions; in a
    base game they keep their defaults."""

    players: int
    rng: int
    seats: list[SeatState]
    decks: list[list[str]]  # [age 1, age 2]
    treasure: list[int]  # ascending
    reserve: list[str]  # heroes not recruited yet
    age: int = 1
    round: int = 1
    phase: str = BID
    tavern: int = -1  # tavern being resolved; -1 while bidding or between ages
    taverns: list[list[str]] = field(default_factory=lambda: [[], [], []])
    revealed: list[bool] = field(default_factory=lambda: [False] * 3)
    orders: list[list[int]] = field(default_factory=lambda: [[], [], []])
    picked: list[list[int]] = field(default_factory=lambda: [[], [], []])
    order_values: list[int] = field(default_factory=list)  # bid values the current order was made from
    discard: list[str] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)  # per DISTINCTION_ORDER entry
    pioneer: list[str] = field(default_factory=list)  # cards drawn for the Pioneer, private
    tasks: list[Task] = field(default_factory=list)
    expansions: list[str] = field(default_factory=list)  # sorted names of the expansions in play
    camp: list[str] = field(default_factory=list)  # Thingvellir: the face-up camp
    camp_decks: list[list[str]] = field(default_factory=lambda: [[], []])  # [age 1, age 2]
    camp_picks: list[int] = field(default_factory=lambda: [NOBODY] * 3)  # who visited the camp, per tavern
    aside: list[str] = field(default_factory=list)  # cards set aside: Olwyn's doubles, Gullinbursti
    window: bool = False  # a mercenary gained now is enlisted at once (end of an age)
    myth_deck: list[str] = field(default_factory=list)  # Idavoll: the mythology deck, face down
    myth_reserve: list[str] = field(default_factory=list)  # Idavoll: the other mythology cards, face down
    drawn: list[str] = field(default_factory=list)  # Idavoll: Frigg's or Skymir's cards, seen by the drawer
    reserved: list[int] = field(default_factory=list)  # Idavoll: Loki's token, [tavern, seat], on ...
    reserved_card: str = ""  # ... this card of that tavern (one copy of it)
    rules: int = RULES  # the rules this game follows (components.RULES: what each one changed)

    def copy(self) -> NidavellirState:
        return NidavellirState(
            self.players, self.rng, [s.copy() for s in self.seats], [d[:] for d in self.decks],
            self.treasure[:], self.reserve[:], self.age, self.round, self.phase, self.tavern,
            [t[:] for t in self.taverns], self.revealed[:], [o[:] for o in self.orders],
            [p[:] for p in self.picked], self.order_values[:], self.discard[:], self.winners[:],
            self.pioneer[:], self.tasks[:], self.expansions[:], self.camp[:], [d[:] for d in self.camp_decks],
            self.camp_picks[:], self.aside[:], self.window, self.myth_deck[:], self.myth_reserve[:], self.drawn[:],
            self.reserved[:], self.reserved_card, self.rules,
        )

    @property
    def thingvellir(self) -> bool:
        return THINGVELLIR in self.expansions

    @property
    def idavoll(self) -> bool:
        return IDAVOLL in self.expansions

    @property
    def rounds_this_age(self) -> int:
        return rounds_per_age(self.players, self.age, self.idavoll)

    def holder(self, key: str) -> int:
        """The seat that recruited this hero or holds this card in its command zone, or -1."""
        for index, seat in enumerate(self.seats):
            if key in seat.heroes or key in seat.command:
                return index
        return -1

    def encode(self) -> dict[str, Any]:
        out = {
            "version": VERSION, "players": self.players, "rng": self.rng, "seats": [s.encode() for s in self.seats],
            "decks": [d[:] for d in self.decks], "treasure": self.treasure[:], "reserve": self.reserve[:],
            "age": self.age, "round": self.round, "phase": self.phase, "tavern": self.tavern,
            "taverns": [t[:] for t in self.taverns], "revealed": self.revealed[:],
            "orders": [o[:] for o in self.orders], "picked": [p[:] for p in self.picked],
            "order_values": self.order_values[:], "discard": self.discard[:], "winners": self.winners[:],
            "pioneer": self.pioneer[:], "tasks": [t.encode() for t in self.tasks],
            "expansions": self.expansions[:], "camp": self.camp[:], "camp_decks": [d[:] for d in self.camp_decks],
            "camp_picks": self.camp_picks[:], "aside": self.aside[:], "window": self.window,
            "rules": self.rules,
        }
        if self.idavoll:  # games without Idavoll encode exactly as before it existed
            out.update({"myth_deck": self.myth_deck[:], "myth_reserve": self.myth_reserve[:], "drawn": self.drawn[:],
                        "reserved": self.reserved[:], "reserved_card": self.reserved_card})
        return out

    @classmethod
    def decode(cls, d: Mapping[str, Any]) -> NidavellirState:
        """Read an encoding of this version; StaleEncoding if it can't be read."""
        if d.get("version") not in (2, VERSION):
            raise StaleEncoding(f"This Nidavellir snapshot has version {d.get('version')!r}; "
                                f"this engine reads versions 2–{VERSION}. Replay the move log instead.")
        try:
            return cls(
                int(d["players"]), int(d["rng"]), [SeatState.decode(s) for s in d["seats"]],
                [_cards(x) for x in d["decks"]], _ints(d["treasure"]), _cards(d["reserve"]), int(d["age"]),
                int(d["round"]), str(d["phase"]), int(d["tavern"]), [_cards(t) for t in d["taverns"]],
                [bool(r) for r in d["revealed"]], [_ints(o) for o in d["orders"]], [_ints(p) for p in d["picked"]],
                _ints(d["order_values"]), _cards(d["discard"]), _ints(d["winners"]), _cards(d["pioneer"]),
                [Task.decode(t) for t in d["tasks"]], [str(e) for e in d["expansions"]], _cards(d["camp"]),
                [_cards(x) for x in d["camp_decks"]], _ints(d["camp_picks"]), _cards(d["aside"]), bool(d["window"]),
                _cards(d.get("myth_deck", [])), _cards(d.get("myth_reserve", [])), _cards(d.get("drawn", [])),
                _ints(d.get("reserved", [])), "".join(_cards([d["reserved_card"]] if d.get("reserved_card") else [])),
                int(d["rules"]) if d["version"] == VERSION else 2,  # version 2 was written under rules 2
            )
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            raise StaleEncoding(f"This Nidavellir snapshot can't be read ({err!r}). Replay the move log instead.") \
                from err


def _ints(values: Any) -> list[int]:
    return [int(v) for v in values]


def _cards(values: Any) -> list[str]:
    out = [str(v) for v in values]
    for key in out:
        if key not in CARDS:
            raise ValueError(f"unknown card {key!r}")
    return out
