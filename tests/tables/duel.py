"""Rune Duel: a small game with the engine contract, made for the table and store tests.

Every round each seat lays one rune face down at the same time (a simultaneous step); when
all have laid, the runes are shown, the highest takes the round, and everyone draws from a
seeded deck. Hands are private, draws are private events: enough to prove the service keeps
secrets, replays exactly and accepts sealed moves from older boards. `rounds` sets the length.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.core import JSON, Event, Game, Move, OptionSpec, Outcome, validate_options
from engine.errors import BadMove, IllegalMove
from engine.rng import Rng

OPTIONS = (OptionSpec("rounds", 3, (1, 3, 10, 30, 100, 200), "Rounds to play."),)
HAND = 4
DECK = 40


@dataclass
class DuelState:
    players: int
    rounds: int
    rng: int
    deck: list[int]
    hands: list[list[int]]
    laid: list[int | None]
    points: list[int]
    round: int = 1
    discards: list[int] = field(default_factory=list)


class RuneDuel(Game[DuelState]):
    name = "duel"
    title = "Rune Duel"
    min_players = 2
    max_players = 4

    def options(self) -> tuple[OptionSpec, ...]:
        return OPTIONS

    def setup(self, players: int, options: Mapping[str, Any] | None, seed: int,
              version: int | None = None) -> DuelState:
        self.check_players(players)
        chosen = validate_options(OPTIONS, options)
        rng = Rng.from_seed(seed)
        deck = list(range(1, DECK + 1))
        rng.shuffle(deck)
        hands = [sorted(deck[i * HAND:(i + 1) * HAND]) for i in range(players)]
        return DuelState(players, chosen["rounds"], rng.state, deck[players * HAND:], hands, [None] * players,
                         [0] * players)

    def to_move(self, state: DuelState) -> frozenset[int]:
        if state.round > state.rounds:
            return frozenset()
        return frozenset(s for s in range(state.players) if state.laid[s] is None)

    def legal_moves(self, state: DuelState, seat: int) -> list[Move]:
        if seat not in self.to_move(state):
            return []
        return sorted(Move(f"lay {rune}", f"Lay {rune}") for rune in state.hands[seat])

    def parse_move(self, state: DuelState, seat: int, text: str) -> Move:
        words = text.lower().split()
        if len(words) != 2 or words[0] != "lay" or not words[1].isdigit():
            raise BadMove(f"I can't read {text!r}; a move looks like 'lay 12'.")
        return Move(f"lay {int(words[1])}")

    def check_move(self, state: DuelState, seat: int, move: Move) -> None:
        rune = int(move.text.split()[1])
        if rune not in state.hands[seat]:
            raise IllegalMove(f"You can't lay {rune}: it isn't in your hand.")

    def _apply(self, state: DuelState, seat: int, move: Move) -> tuple[Event, ...]:
        rune = int(move.text.split()[1])
        state.hands[seat].remove(rune)
        state.laid[seat] = rune
        events = [Event(f"Seat {seat + 1} lays a rune face down."), Event(f"You lay {rune}.", frozenset({seat}))]
        if any(r is None for r in state.laid):
            return tuple(events)
        laid = [r for r in state.laid if r is not None]
        best = max(range(state.players), key=lambda s: laid[s])
        state.points[best] += 1
        events.append(Event(f"Runes shown: {', '.join(map(str, laid))}; seat {best + 1} takes round {state.round}."))
        state.discards += laid
        state.laid = [None] * state.players
        state.round += 1
        rng = Rng(state.rng)
        for s in range(state.players):
            if not state.deck:
                state.deck, state.discards = state.discards, []
                rng.shuffle(state.deck)
            card = state.deck.pop()
            state.hands[s] = sorted([*state.hands[s], card])
            events.append(Event(f"You draw {card}.", frozenset({s})))
        state.rng = rng.state
        return tuple(events)

    def _reveals_nothing(self, before: DuelState, seat: int, after: DuelState) -> bool:
        # A rune laid face down reveals nothing until the last one shows them all and deals.
        return after.round == before.round

    def view(self, state: DuelState, seat: int | None) -> JSON:
        return {
            "game": self.name, "viewer": seat, "players": state.players, "to_move": sorted(self.to_move(state)),
            "outcome": None if (o := self.outcome(state)) is None else o.to_dict(),
            "round": state.round, "rounds": state.rounds, "points": list(state.points),
            "laid": [r is not None for r in state.laid], "deck": len(state.deck),
            "hand": None if seat is None else list(state.hands[seat]),
        }

    def outcome(self, state: DuelState) -> Outcome | None:
        if state.round <= state.rounds:
            return None
        top = max(state.points)
        winners = tuple(s for s in range(state.players) if state.points[s] == top)
        return Outcome(winners, f"Seats {', '.join(str(s + 1) for s in winners)} win.", scores=tuple(state.points))

    def encode(self, state: DuelState) -> JSON:
        return {"players": state.players, "rounds": state.rounds, "rng": state.rng, "deck": list(state.deck),
                "hands": [list(h) for h in state.hands], "laid": list(state.laid), "points": list(state.points),
                "round": state.round, "discards": list(state.discards)}

    def decode(self, data: Mapping[str, Any]) -> DuelState:
        return DuelState(data["players"], data["rounds"], data["rng"], list(data["deck"]),
                         [list(h) for h in data["hands"]], list(data["laid"]), list(data["points"]), data["round"],
                         list(data["discards"]))

    def determinize(self, state: DuelState, seat: int | None, seed: int) -> DuelState:
        other = self.decode(self.encode(state))
        rng = Rng.from_seed(seed)
        hidden = [s for s in range(state.players) if s != seat]
        pool = list(other.deck) + [c for s in hidden for c in other.hands[s]]
        pool += [r for s in hidden if (r := other.laid[s]) is not None]
        rng.shuffle(pool)
        for s in hidden:
            n = len(other.hands[s])
            other.hands[s], pool = sorted(pool[:n]), pool[n:]
            if other.laid[s] is not None:
                other.laid[s], pool = pool[0], pool[1:]
        other.deck = pool
        return other


GAME = RuneDuel()


def games(name: str) -> Game[Any]:
    """The lookup the tests hand to `Tables`: Rune Duel, then the registered games."""
    from engine import registry

    return GAME if name == GAME.name else registry.get(name)
