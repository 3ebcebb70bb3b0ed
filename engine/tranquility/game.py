"""The Tranquility `Game`: setup, views, determinization and the contract hooks."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core import JSON, AIPlayer, Event, Game, Move, OptionSpec, Outcome, seat_label, validate_options
from engine.rng import Rng
from engine.tranquility import legal, playout, rules
from engine.tranquility.ai import HeuristicPlayer, QuickRandomPlayer
from engine.tranquility.cards import (
    CELLS,
    FINISH,
    FINISH_CARDS,
    HAND_SIZE,
    ISLAND_MAX,
    ISLAND_MIN,
    JAGGED_ROCKS_CHOICES,
    MONSTER,
    REMOVED_ISLAND_CHOICES,
    ROWS,
    SEA_MONSTER_CHOICES,
    START,
    START_DISCARD_TOTAL,
    is_island,
    token,
)
from engine.tranquility.moves import action_of, move_of, read
from engine.tranquility.planner import PlannerPlayer
from engine.tranquility.state import OVER, PLAY, ROCKS, START_PHASE, TranquilityState, clone, decode, encode
from engine.views import as_json, outcome_view
from engine.views.tranquility import Phase, TranquilityView

OPTIONS = (
    OptionSpec("sea_monsters", 0, SEA_MONSTER_CHOICES, "Sea Monster cards shuffled into the deck (0 = none)."),
    OptionSpec(
        "jagged_rocks", "off", JAGGED_ROCKS_CHOICES,
        "The Jagged Rocks close one row and move after every turn, at random (auto) or by the player (manual).",
        labels=("off", "automatic", "manual"),
    ),
    OptionSpec("removed_islands", 0, REMOVED_ISLAND_CHOICES, "Island cards removed face down at setup (0, or 4–12)."),
)


class Tranquility(Game[TranquilityState]):
    """Cooperative: fill the 6×6 sea grid in ascending order, play Start, then Finish."""

    name = "tranquility"
    version = 2  # 2 (2026-12-01): hidden shuffles and the public rocks rows draw from separate streams
    title = "Tranquility"
    min_players = 1
    max_players = 5
    cooperative = True

    def options(self) -> tuple[OptionSpec, ...]:
        return OPTIONS

    def setup(self, players: int, options: Mapping[str, Any] | None, seed: int,
              version: int | None = None) -> TranquilityState:
        """Shuffle, deal one draw pile per player, draw five each, then shuffle a Start card into each pile.

        Version 1 drew everything from one stream; version 2 draws the hidden shuffles and the
        public rocks row from separate streams of the seed."""
        self.check_players(players)
        chosen = validate_options(OPTIONS, options, self.title)
        version = self.check_version(version)
        rng = Rng.from_seed(seed) if version == 1 else Rng.stream(seed, "hidden")
        public = rng if version == 1 else Rng.stream(seed, "public")
        islands = list(range(ISLAND_MIN, ISLAND_MAX + 1))
        rng.shuffle(islands)
        removed = sorted(islands[: chosen["removed_islands"]])
        deck = islands[chosen["removed_islands"]:] + [FINISH] * FINISH_CARDS + [MONSTER] * chosen["sea_monsters"]
        rng.shuffle(deck)
        share, extra = divmod(len(deck), players)
        piles: list[list[int]] = []
        for seat in range(players):
            size = share + (1 if seat < extra else 0)
            piles.append(deck[:size])
            deck = deck[size:]
        hands = []
        for pile in piles:
            hands.append(sorted(pile[-HAND_SIZE:]))
            del pile[-HAND_SIZE:]
            pile.insert(rng.below(len(pile) + 1), START)
        rocks_row = public.below(ROWS) if chosen["jagged_rocks"] != "off" else None
        return TranquilityState(
            players=players,
            sea_monsters=chosen["sea_monsters"],
            jagged_rocks=chosen["jagged_rocks"],
            removed_islands=chosen["removed_islands"],
            rng=rng.state,
            rng_public=None if version == 1 else public.state,
            grid=[0] * CELLS,
            hands=hands,
            piles=piles,
            discards=[[] for _ in range(players)],
            removed=removed,
            rocks_row=rocks_row,
        )

    def to_move(self, state: TranquilityState) -> frozenset[int]:
        if state.over:
            return frozenset()
        if state.phase == START_PHASE:
            return frozenset({state.declarer})
        return frozenset({state.turn})

    def legal_moves(self, state: TranquilityState, seat: int) -> list[Move]:
        return legal.legal_moves(state, seat)

    def parse_move(self, state: TranquilityState, seat: int, text: str) -> Move:
        return move_of(read(text))

    def check_move(self, state: TranquilityState, seat: int, move: Move) -> None:
        rules.check(state, seat, action_of(move))

    def _apply(self, state: TranquilityState, seat: int, move: Move) -> tuple[Event, ...]:
        return tuple(rules.perform(state, seat, action_of(move)))

    def advance(self, state: TranquilityState, seat: int, move: Move) -> None:
        rules.perform(state, seat, action_of(move), told=False)

    def playout(self, state: TranquilityState, rng: Rng, limit: int | None = None) -> int:
        return playout.playout(state, rng, limit)

    def _reveals_nothing(self, before: TranquilityState, seat: int, after: TranquilityState) -> bool:
        # Draws come off the piles; the shuffles and the Jagged Rocks' rows come from the two
        # streams. Cards the mover plays or discards face down were its own to show or hide.
        return (after.piles == before.piles and after.rng == before.rng
                and after.rng_public == before.rng_public)

    def clone(self, state: TranquilityState) -> TranquilityState:
        return clone(state)

    def outcome(self, state: TranquilityState) -> Outcome | None:
        if state.won is None:
            return None
        winners = tuple(range(state.players)) if state.won else ()
        return Outcome(winners=winners, summary=state.end_reason, cooperative=True,
                       sheet={"won": state.won, "turns": state.turn_number, "filled": CELLS - state.grid.count(0)})

    def encode(self, state: TranquilityState) -> JSON:
        return encode(state)

    def decode(self, data: Mapping[str, Any]) -> TranquilityState:
        return decode(data)

    def view(self, state: TranquilityState, seat: int | None) -> JSON:
        """Public table plus the viewer's own hand (docs/views/tranquility.md)."""
        last = state.last
        view: TranquilityView = {
            "game": self.name,
            "viewer": seat,
            "players": state.players,
            "to_move": sorted(self.to_move(state)),
            "outcome": outcome_view(self.outcome(state)),
            "options": {
                "sea_monsters": state.sea_monsters,
                "jagged_rocks": state.jagged_rocks,
                "removed_islands": state.removed_islands,
            },
            "cells": [c or None for c in state.grid],
            "start_played": state.start_played,
            "start_played_by": state.start_played_by,
            "rocks_row": None if state.rocks_row is None else state.rocks_row + 1,
            "rocks_gone": state.rocks_gone,
            "removed_islands": len(state.removed),
            "sea_monsters": {
                "total": state.sea_monsters,
                "played": state.monsters_played,
                "discarded": rules.monsters_discarded(state),
                "left": rules.monsters_left(state),
            },
            "finish_left": FINISH_CARDS - rules.finish_discarded(state),
            "hand_counts": [len(h) for h in state.hands],
            "pile_counts": [len(p) for p in state.piles],
            "discard_counts": [len(d) for d in state.discards],
            "discarded": sum(len(d) for d in state.discards),
            "turn": state.turn,
            "turn_number": state.turn_number,
            "phase": self._phase(state),
            "last_move": None if last is None else {
                "seat": last.seat, "text": last.text, "cells": [i + 1 for i in last.cells],
            },
        }
        if seat is not None:
            view["hand"] = [token(c) for c in state.hands[seat]]
        return as_json(view)

    def _phase(self, state: TranquilityState) -> Phase:
        if state.phase == OVER:
            return {"name": OVER}
        if state.phase == START_PHASE:
            return {"name": START_PHASE, "seat": state.declarer, "total": state.start_total,
                    "needed": START_DISCARD_TOTAL - state.start_total, "pass_discarded": state.pass_discarded}
        if state.phase == ROCKS:
            return {"name": ROCKS, "seat": state.turn, "rows": [r + 1 for r in rules.open_rows(state)]}
        return {"name": PLAY, "seat": state.turn}

    def determinize(self, state: TranquilityState, seat: int | None, seed: int) -> TranquilityState:
        """Redeal other hands, every draw pile, other seats' face-down islands and the removed islands.

        Announced discards (Start, Finish, Sea Monster) stay put: their counts are public. A Start
        card only moves from its owner's pile to the owner's hand, so it stays with its owner: it
        may swap between that hand and pile (which of the two is hidden), never go to another seat.
        """
        other = clone(state)
        rng = Rng.from_seed(seed)
        others = [s for s in range(state.players) if s != seat]
        # Per seat, the hidden places it holds cards in: its hand (unless it is the viewer's) and its pile.
        hidden = [(other.hands[s] if s != seat else []) + other.piles[s] for s in range(state.players)]
        pool = [c for cards in hidden for c in cards if c != START]
        islands = [c for s in others for c in other.discards[s] if is_island(c)] + other.removed
        pool += islands
        # Face-down island slots must receive islands; every other hidden slot takes anything.
        spare = [c for c in pool if is_island(c)]
        rng.shuffle(spare)
        for_discards, kept_back = spare[: len(islands)], spare[len(islands):]
        rest = kept_back + [c for c in pool if not is_island(c)]
        rng.shuffle(rest)
        for s in range(state.players):
            starts = hidden[s].count(START)
            size = len(hidden[s]) - starts
            cards = rest[:size] + [START] * starts
            rest = rest[size:]
            rng.shuffle(cards)
            if s != seat:
                size = len(other.hands[s])
                other.hands[s] = sorted(cards[:size])
                cards = cards[size:]
                specials = [c for c in other.discards[s] if not is_island(c)]
                size = len(other.discards[s]) - len(specials)
                other.discards[s] = for_discards[:size] + specials
                for_discards = for_discards[size:]
            other.piles[s] = cards
        other.removed = sorted(for_discards)
        return other

    def ai_players(self) -> Mapping[str, AIPlayer[TranquilityState]]:
        """The AI kinds offered for empty seats."""
        return {"random": QuickRandomPlayer(self), "heuristic": HeuristicPlayer(self), "planner": PlannerPlayer(self)}

    def not_your_turn_reason(self, state: TranquilityState, seat: int) -> str:
        if state.phase == START_PHASE:
            return f"It isn't your turn: {seat_label(state.declarer)} declares next for the Start discard."
        return f"It isn't your turn: {seat_label(state.turn)} is playing."

