"""The Nidavellir `Game`: the engine contract wired to the rules modules.

Every seat's move goes to the choice pending for it (choices.py): that spec lists the legal
moves, says why one is refused, and carries it out; `settle` then runs the rule steps.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from engine.core import JSON, AIPlayer, Event, Game, Move, OptionSpec, Outcome, Pile, validate_options
from engine.errors import IllegalMove
from engine.nidavellir.ai import players
from engine.nidavellir.choices import TavernPick, pending, place_bids
from engine.nidavellir.coins import seat_move
from engine.nidavellir.components import seat_label
from engine.nidavellir.grammar import parse, said
from engine.nidavellir.hidden import determinize, piles, reveals_nothing
from engine.nidavellir.legacy import decode_legacy
from engine.nidavellir.playout import random_bid
from engine.nidavellir.rounds import bidders, first_bidder
from engine.nidavellir.ruleset import Ruleset
from engine.nidavellir.scoring import ranks_of, sheet, totals
from engine.nidavellir.setup import new_game
from engine.nidavellir.state import BID, IDAVOLL, OVER, THINGVELLIR, NidavellirState
from engine.nidavellir.steps import legal_moves, play, settle
from engine.nidavellir.view import view
from engine.rng import Rng
from engine.views import as_json, outcome_view

# The descriptions also appear in the Discord command snapshot (tests/discord/commands.json).
_OPTIONS = (
    OptionSpec(THINGVELLIR, False, (False, True), "Thingvellir expansion: the camp of artefacts and mercenaries"),
    OptionSpec(IDAVOLL, False, (False, True), "Idavoll expansion: mythical animals, gods, giants and valkyries"),
)


class Nidavellir(Game[NidavellirState]):
    """Nidavellir, 2–5 players, with the Thingvellir and Idavoll expansions as options."""

    name = "nidavellir"
    # 2 (2026-12-01): the public gem deal draws from its own stream, apart from the decks.
    # 3 (2026-12-02): rules 3 (components.RULES): the bronze 5 told from a gold 5, Frigg's limits,
    # a recovered Olwyn double kept out of its twin's column.
    version = 3
    title = "Nidavellir"
    min_players = 2
    max_players = 5

    def __init__(self, ruleset: Ruleset) -> None:
        """The game played by `ruleset` (engine/nidavellir/__init__.py: the base game with both
        expansions; the options say which of them are in play in a game)."""
        self.ruleset = ruleset

    def options(self) -> tuple[OptionSpec, ...]:
        return _OPTIONS

    def option_sets(self) -> list[dict[str, Any]]:
        """The base game, each expansion alone, and both together."""
        return [{THINGVELLIR: False, IDAVOLL: False}, {THINGVELLIR: True, IDAVOLL: False},
                {THINGVELLIR: False, IDAVOLL: True}, {THINGVELLIR: True, IDAVOLL: True}]

    def setup(self, players: int, options: Mapping[str, Any] | None, seed: int,
              version: int | None = None) -> NidavellirState:
        self.check_players(players)
        chosen = validate_options(_OPTIONS, options, self.title)
        return new_game(self.ruleset, players, seed, [name for name in (THINGVELLIR, IDAVOLL) if chosen[name]],
                        self.check_version(version))

    def to_move(self, state: NidavellirState) -> frozenset[int]:
        if state.phase == OVER:
            return frozenset()
        if state.tasks:
            return frozenset({state.tasks[0].seat})
        return bidders(state)

    def step(self, state: NidavellirState) -> Hashable:
        # The sealed bids, then each tavern's recruiting: the seat that bid last may recruit first.
        return state.age, state.round, state.phase, state.tavern

    def legal_moves(self, state: NidavellirState, seat: int) -> list[Move]:
        if state.phase == OVER:
            return []
        return legal_moves(state, seat)

    def parse_move(self, state: NidavellirState, seat: int, text: str) -> Move:
        # The grammar reads text alone; a coin word (5, 5b, 5g) is then written as this seat's moves
        # write it, which depends on whether it holds a 5 of each metal.
        return seat_move(state, seat, parse(state.ruleset, text))

    def check_move(self, state: NidavellirState, seat: int, move: Move) -> None:
        found = pending(state, seat)
        if found is None:
            raise IllegalMove("You have nothing to choose right now.")
        choice, task = found
        if choice.is_legal(state, task, move):
            return
        verb = said(move).verb
        if verb not in choice.verbs:
            prompt = choice.prompt_text(state, task)
            if task.kind == BID:
                raise IllegalMove("Everyone is bidding: put one coin on each tavern, e.g. 'bid 5 2 0'.")
            raise IllegalMove(f"Now you must {prompt} ('{choice.verbs[0]} ...').")
        raise IllegalMove(choice.refusal(state, task, move))

    def _reveals_nothing(self, before: NidavellirState, seat: int, after: NidavellirState) -> bool:
        return reveals_nothing(before, seat, after)  # what is hidden: hidden.HIDDEN

    def clone(self, state: NidavellirState) -> NidavellirState:
        return state.copy()

    def _apply(self, state: NidavellirState, seat: int, move: Move) -> tuple[Event, ...]:
        return tuple(play(state, seat, move))

    def advance(self, state: NidavellirState, seat: int, move: Move) -> None:
        play(state, seat, move)

    def playout(self, state: NidavellirState, rng: Rng, limit: int | None = None) -> int:
        """`Game.playout` with the same draws and moves, each found without asking who is to
        move in general: the seat of the choice in front, or the lowest bidder, whose bid is
        drawn by its place among the bids without listing them (playout.random_bid) and placed
        without being worded."""
        made = 0
        choices = state.ruleset.choices
        while limit is None or made < limit:
            if state.phase == OVER:
                break
            if state.tasks:
                task = state.tasks[0]
                choice = choices.get(task.kind)
                if choice is None:
                    break  # a rule step in front: no state `settle` leaves (legal_moves has none)
                if type(choice) is TavernPick:
                    choice.playout_pick(state, task, rng)  # the same draw, a card taken without its move
                else:
                    moves = choice.sorted_moves(state, task)
                    move = moves[rng.below(len(moves))]
                    del state.tasks[0]  # as `play` does, its pending choice known
                    choice.apply(state, task, move)
                settle(state)
            else:
                seat = first_bidder(state) if state.phase == BID else -1
                if seat < 0:
                    break  # nobody to move (legal_moves has nothing either)
                place_bids(state, seat, random_bid(state.seats[seat], rng))  # as Bidding.apply does
                settle(state)
            made += 1
        return made

    def view(self, state: NidavellirState, seat: int | None) -> JSON:
        return as_json(view(state, seat, sorted(self.to_move(state)), outcome_view(self.outcome(state))))

    def outcome(self, state: NidavellirState) -> Outcome | None:
        if state.phase != OVER:
            return None
        scores = totals(state)
        places = ranks_of(scores)
        winners = tuple(i for i, p in enumerate(places) if p == 1)
        names = " and ".join(seat_label(w) for w in winners)
        summary = f"{names} {'share the win' if len(winners) > 1 else 'wins'} with {max(scores)} points."
        return Outcome(winners, summary, scores=tuple(scores), ranks=tuple(places), sheet=sheet(state))

    def encode(self, state: NidavellirState) -> dict[str, Any]:
        return state.encode()

    def decode(self, data: Mapping[str, Any]) -> NidavellirState:
        """Read an encoding of any version this engine knows; StaleEncoding if it can't."""
        if "version" not in data:
            return decode_legacy(data, self.ruleset)
        return NidavellirState.decode(data, self.ruleset)

    def determinize(self, state: NidavellirState, seat: int | None, seed: int) -> NidavellirState:
        return determinize(state, seat, seed)

    def piles(self, state: NidavellirState) -> tuple[Pile, ...]:
        return piles(state)

    def ai_players(self) -> Mapping[str, AIPlayer[NidavellirState]]:
        return players(self)

