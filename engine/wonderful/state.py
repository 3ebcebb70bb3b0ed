"""The It's a Wonderful World state: plain data, a fast copy and a versioned JSON round trip.

Each seat has a public `Board` (as last revealed) and, while it plans or places a production
step's resources, a private working copy (`work`) that becomes public when every seat is done:
the simultaneous steps are hidden until everyone is in.

A game keeps the rules it was set up under (`WonderfulState.rules`), so a stored log replays as
it was played: rules 1 is the flow of history version 1, rules 2 the printed flow (docs/wonderful.md,
"Rules versions").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.errors import StaleEncoding

DRAFT, PLANNING, PRODUCTION, OVER = "draft", "planning", "production", "over"

# The rules a game plays by, from its history version (Game.version): 1 until 2026-12-06, then 2.
# Rules 2 keeps every seat that could act in each production step, recycles a card slated this
# round for cubes to place, lets a player name which copy of a card and take tokens back, and
# discards the two-player leftovers face up.
RULES = 2


@dataclass
class Site:
    """A card under construction and the cost items already on it (the slots covered, in the
    order they were). `krystallium` of them are krystallium: in its own slots, or standing in for
    the resources in `stand_ins` (rules 2 records which; rules 1 kept the count alone). `fresh`:
    slated during this round's planning (rules 2: recycling it then gives its cubes back)."""

    card: str
    covered: list[str] = field(default_factory=list)
    krystallium: int = 0
    stand_ins: list[str] = field(default_factory=list)
    fresh: bool = False

    def copy(self) -> Site:
        return Site(self.card, self.covered.copy(), self.krystallium, self.stand_ins.copy(), self.fresh)

    def signature(self) -> tuple[tuple[str, ...], tuple[str, ...], bool]:
        """What tells two copies of a card apart: what lies on each, and whether it is fresh."""
        return tuple(sorted(self.covered)), tuple(sorted(self.stand_ins)), self.fresh


@dataclass
class Board:
    """One empire on the table: its cards, tokens and the resources waiting to be placed."""

    empire: str
    drafted: list[str] = field(default_factory=list)  # draft area: picks revealed this round
    sites: list[Site] = field(default_factory=list)  # construction area, oldest first
    built: list[str] = field(default_factory=list)
    available: dict[str, int] = field(default_factory=dict)  # produced or recycled, not yet placed
    pile: int = 0  # resources on the Empire card's krystallium pile (0–4)
    krystallium: int = 0
    financiers: int = 0
    generals: int = 0
    choosing: bool = False  # won the science supremacy: picks a financier or a general
    recycled: list[str] = field(default_factory=list)  # recycled this step, face up once revealed

    def copy(self) -> Board:
        return Board(self.empire, self.drafted.copy(), [s.copy() for s in self.sites], self.built.copy(),
                     dict(self.available), self.pile, self.krystallium, self.financiers, self.generals,
                     self.choosing, self.recycled.copy())


@dataclass
class WonderfulState:
    """Everything about one game. Hands are kept sorted; the deck is drawn from its end."""

    players: int
    face: str  # empire face in play: "a" or "b"
    rng: int  # the hidden stream (it shuffled the deck at setup; nothing else draws yet)
    boards: list[Board]
    deck: list[str]
    hands: list[list[str]]
    picks: list[str | None]  # this draft turn's picks, hidden until every seat has picked
    leftovers: list[str] = field(default_factory=list)  # 2 players: undrafted cards, face down
    discard: list[str] = field(default_factory=list)  # recycled cards, face up
    work: list[Board | None] = field(default_factory=list)  # private working copies this step
    done: list[bool] = field(default_factory=list)
    round: int = 1
    phase: str = DRAFT
    step: int = 0  # production: index into RESOURCES
    reveals: int = 0  # simultaneous steps completed (a move that changes it revealed something)
    last_supremacy: list[int | None] = field(default_factory=list)  # per resource, this round's winner
    rules: int = RULES  # the rules this game plays by (see RULES)
    autopass: list[bool] = field(default_factory=list)  # rules 2: seats passing the steps they produce nothing in

    def board(self, seat: int) -> Board:
        """The seat's board as it stands for itself: its working copy while it has one."""
        work = self.work[seat]
        return work if work is not None else self.boards[seat]


def clone(state: WonderfulState) -> WonderfulState:
    """A deep copy without deepcopy's cost."""
    copied = object.__new__(WonderfulState)
    fields = state.__dict__.copy()
    fields["boards"] = [b.copy() for b in state.boards]
    fields["deck"] = state.deck.copy()
    fields["hands"] = [h.copy() for h in state.hands]
    fields["picks"] = state.picks.copy()
    fields["leftovers"] = state.leftovers.copy()
    fields["discard"] = state.discard.copy()
    fields["work"] = [None if w is None else w.copy() for w in state.work]
    fields["done"] = state.done.copy()
    fields["last_supremacy"] = state.last_supremacy.copy()
    fields["autopass"] = state.autopass.copy()
    copied.__dict__ = fields
    return copied


# The encoding's format; decode refuses newer ones (the caller then replays the move log). 2
# (2026-12-06) adds the rules, the seats' autopass and each site's stand-ins and freshness;
# version 1 encodings still decode, as rules 1 games (which never set those).
ENCODING = 2


def _site_data(site: Site) -> dict[str, Any]:
    return {"card": site.card, "covered": site.covered.copy(), "krystallium": site.krystallium,
            "stand_ins": site.stand_ins.copy(), "fresh": site.fresh}


def _site(data: Mapping[str, Any]) -> Site:
    return Site(str(data["card"]), [str(c) for c in data["covered"]], int(data["krystallium"]),
                [str(c) for c in data.get("stand_ins", ())], bool(data.get("fresh", False)))


def _board_data(board: Board) -> dict[str, Any]:
    return {
        "empire": board.empire, "drafted": board.drafted.copy(),
        "sites": [_site_data(s) for s in board.sites],
        "built": board.built.copy(), "available": dict(sorted(board.available.items())), "pile": board.pile,
        "krystallium": board.krystallium, "financiers": board.financiers, "generals": board.generals,
        "choosing": board.choosing, "recycled": board.recycled.copy(),
    }


def _board(data: Mapping[str, Any]) -> Board:
    return Board(
        empire=str(data["empire"]), drafted=[str(c) for c in data["drafted"]],
        sites=[_site(s) for s in data["sites"]],
        built=[str(c) for c in data["built"]], available={str(k): int(v) for k, v in data["available"].items()},
        pile=int(data["pile"]), krystallium=int(data["krystallium"]), financiers=int(data["financiers"]),
        generals=int(data["generals"]), choosing=bool(data["choosing"]),
        recycled=[str(c) for c in data["recycled"]],
    )


def encode(state: WonderfulState) -> dict[str, Any]:
    """JSON-ready dict of the whole state (hidden cards included: this is for storage)."""
    return {
        "version": ENCODING, "players": state.players, "face": state.face, "rng": state.rng,
        "boards": [_board_data(b) for b in state.boards], "deck": state.deck.copy(),
        "hands": [h.copy() for h in state.hands], "picks": state.picks.copy(),
        "leftovers": state.leftovers.copy(), "discard": state.discard.copy(),
        "work": [None if w is None else _board_data(w) for w in state.work], "done": state.done.copy(),
        "round": state.round, "phase": state.phase, "step": state.step, "reveals": state.reveals,
        "last_supremacy": state.last_supremacy.copy(), "rules": state.rules, "autopass": state.autopass.copy(),
    }


def decode(data: Mapping[str, Any]) -> WonderfulState:
    """Inverse of `encode`; also reads encoding 1 (a rules 1 game: no autopass, stand-ins or fresh sites)."""
    if int(data["version"]) not in (1, ENCODING):
        raise StaleEncoding(f"This It's a Wonderful World state has encoding {data['version']!r}; this engine "
                            f"reads 1–{ENCODING}.")
    players = int(data["players"])
    return WonderfulState(
        players=players, face=str(data["face"]), rng=int(data["rng"]),
        boards=[_board(b) for b in data["boards"]], deck=[str(c) for c in data["deck"]],
        hands=[[str(c) for c in h] for h in data["hands"]],
        picks=[None if p is None else str(p) for p in data["picks"]],
        leftovers=[str(c) for c in data["leftovers"]], discard=[str(c) for c in data["discard"]],
        work=[None if w is None else _board(w) for w in data["work"]], done=[bool(d) for d in data["done"]],
        round=int(data["round"]), phase=str(data["phase"]), step=int(data["step"]), reveals=int(data["reveals"]),
        last_supremacy=[None if s is None else int(s) for s in data["last_supremacy"]],
        rules=int(data.get("rules", 1)),
        autopass=[bool(a) for a in data.get("autopass", [False] * players)],
    )
