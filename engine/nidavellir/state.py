"""The Nidavellir game state: plain data with a fast copy and a JSON round trip.

Coins are ints (their value; the Hunting Master's coin is `HUNTER_COIN`). Army pieces, cards
and heroes are ids into `cards.PIECES`. Decks are drawn from the end of their list.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.nidavellir.cards import ULINE

BID = "bid"
PICK = "pick"
END_OF_AGE = "end_of_age"
OVER = "over"

# Task kinds. Choices wait for their seat's move; the others are rule steps run at once.
TAKE = "pick"
TRANSFORM = "transform"
TRADE = "trade"
RECRUIT = "recruit"
THRUD_MOVE = "thrud"
YLUD_MOVE = "ylud"
DISCARD = "discard"
ULINE_BID = "uline_bid"
PIONEER = "pioneer"
CHOICES = frozenset({TAKE, TRANSFORM, TRADE, RECRUIT, THRUD_MOVE, YLUD_MOVE, DISCARD, ULINE_BID, PIONEER})
CHECK_HEROES = "heroes"
AUTO_TRADE = "auto_trade"
END_TAVERN = "end_tavern"
DISTINCTION = "distinction"
START_AGE = "start_age"
FINISH = "finish"

NO_BID = -1
NOT_DECIDED = -2  # a distinction not handed out yet
NOBODY = -1  # a distinction nobody won (tie)


@dataclass(frozen=True)
class Task:
    """One step waiting in the queue: a choice of `seat` or an automatic rule step.

    `n` and `args` carry what the step needs (an amount, excluded columns, ...).
    """

    kind: str
    seat: int = -1
    n: int = 0
    args: tuple[int, ...] = ()

    def encode(self) -> list[Any]:
        return [self.kind, self.seat, self.n, list(self.args)]

    @classmethod
    def decode(cls, data: list[Any]) -> Task:
        return cls(str(data[0]), int(data[1]), int(data[2]), tuple(int(a) for a in data[3]))


@dataclass
class SeatState:
    """One player's table: gem, coins (on taverns or in the pouch), army and heroes."""

    gem: int
    bids: list[int] = field(default_factory=lambda: [NO_BID] * 3)
    pouch: list[int] = field(default_factory=list)  # coins not on a tavern, ascending
    has_bid: bool = False
    pouch_shown: bool = True  # the pouch is public knowledge (before bidding, after a trade)
    bronze: list[int] = field(default_factory=list)  # values this seat still holds as bronze
    army: list[list[int]] = field(default_factory=lambda: [[] for _ in range(5)])
    command: list[int] = field(default_factory=list)
    heroes: list[int] = field(default_factory=list)
    distinctions: list[int] = field(default_factory=list)

    def copy(self) -> SeatState:
        return SeatState(
            self.gem, self.bids[:], self.pouch[:], self.has_bid, self.pouch_shown, self.bronze[:],
            [column[:] for column in self.army], self.command[:], self.heroes[:], self.distinctions[:],
        )

    def coins(self) -> list[int]:
        """Every coin owned, wherever it lies."""
        return [c for c in self.bids if c != NO_BID] + self.pouch

    def encode(self) -> dict[str, Any]:
        return {
            "gem": self.gem, "bids": self.bids[:], "pouch": self.pouch[:], "has_bid": self.has_bid,
            "pouch_shown": self.pouch_shown, "bronze": self.bronze[:],
            "army": [column[:] for column in self.army], "command": self.command[:],
            "heroes": self.heroes[:], "distinctions": self.distinctions[:],
        }

    @classmethod
    def decode(cls, d: Mapping[str, Any]) -> SeatState:
        return cls(
            int(d["gem"]), [int(c) for c in d["bids"]], [int(c) for c in d["pouch"]], bool(d["has_bid"]),
            bool(d["pouch_shown"]), [int(c) for c in d["bronze"]],
            [[int(p) for p in column] for column in d["army"]], [int(p) for p in d["command"]],
            [int(p) for p in d["heroes"]], [int(s) for s in d["distinctions"]],
        )


@dataclass
class NidavellirState:
    """Everything about one game."""

    players: int
    rng: int
    seats: list[SeatState]
    decks: list[list[int]]  # [age 1, age 2]
    treasure: list[int]  # ascending
    reserve: list[int]  # heroes not recruited yet
    age: int = 1
    round: int = 1
    phase: str = BID
    tavern: int = -1  # tavern being resolved; -1 while bidding or between ages
    taverns: list[list[int]] = field(default_factory=lambda: [[], [], []])
    revealed: list[bool] = field(default_factory=lambda: [False] * 3)
    orders: list[list[int]] = field(default_factory=lambda: [[], [], []])
    picked: list[list[int]] = field(default_factory=lambda: [[], [], []])
    order_values: list[int] = field(default_factory=list)  # bid values the current order was made from
    discard: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)  # per DISTINCTION_ORDER entry
    pioneer: list[int] = field(default_factory=list)  # cards drawn for the Pioneer, private
    tasks: list[Task] = field(default_factory=list)

    def copy(self) -> NidavellirState:
        return NidavellirState(
            self.players, self.rng, [s.copy() for s in self.seats], [d[:] for d in self.decks],
            self.treasure[:], self.reserve[:], self.age, self.round, self.phase, self.tavern,
            [t[:] for t in self.taverns], self.revealed[:], [o[:] for o in self.orders],
            [p[:] for p in self.picked], self.order_values[:], self.discard[:], self.winners[:],
            self.pioneer[:], self.tasks[:],
        )

    def encode(self) -> dict[str, Any]:
        return {
            "players": self.players, "rng": self.rng, "seats": [s.encode() for s in self.seats],
            "decks": [d[:] for d in self.decks], "treasure": self.treasure[:], "reserve": self.reserve[:],
            "age": self.age, "round": self.round, "phase": self.phase, "tavern": self.tavern,
            "taverns": [t[:] for t in self.taverns], "revealed": self.revealed[:],
            "orders": [o[:] for o in self.orders], "picked": [p[:] for p in self.picked],
            "order_values": self.order_values[:], "discard": self.discard[:], "winners": self.winners[:],
            "pioneer": self.pioneer[:], "tasks": [t.encode() for t in self.tasks],
        }

    @classmethod
    def decode(cls, d: Mapping[str, Any]) -> NidavellirState:
        def ints(values: Any) -> list[int]:
            return [int(v) for v in values]

        return cls(
            int(d["players"]), int(d["rng"]), [SeatState.decode(s) for s in d["seats"]],
            [ints(x) for x in d["decks"]], ints(d["treasure"]), ints(d["reserve"]), int(d["age"]),
            int(d["round"]), str(d["phase"]), int(d["tavern"]), [ints(t) for t in d["taverns"]],
            [bool(r) for r in d["revealed"]], [ints(o) for o in d["orders"]], [ints(p) for p in d["picked"]],
            ints(d["order_values"]), ints(d["discard"]), ints(d["winners"]), ints(d["pioneer"]),
            [Task.decode(t) for t in d["tasks"]],
        )

    def uline_seat(self) -> int:
        """The seat owning Uline, or -1."""
        for index, seat in enumerate(self.seats):
            if ULINE in seat.heroes:
                return index
        return -1
