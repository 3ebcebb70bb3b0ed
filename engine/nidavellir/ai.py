"""Automatic Nidavellir seats: random, greedy, and a determinized Monte Carlo search.

None of them peeks: greedy and search first redeal what their seat can't see
(`determinize`), so hidden bids and deck order never steer them.
"""

from __future__ import annotations

import math
from abc import abstractmethod
from collections.abc import Mapping

from engine.core import AIPlayer, Game, Move, RandomPlayer
from engine.errors import IllegalMove
from engine.nidavellir.appraisal import (
    any_card_gain,
    bid_scorer,
    card_gain,
    evaluate,
    pick_gain,
    placement_gain,
    power_move_worth,
)
from engine.nidavellir.grammar import said
from engine.nidavellir.hidden import determinize
from engine.nidavellir.rounds import bidders
from engine.nidavellir.state import BID, OVER, NidavellirState
from engine.nidavellir.steps import legal_moves, play
from engine.rng import Rng
from engine.search import Budget, Tactics, search

SEARCH_PLAYOUTS = 16
SEARCH_BID_CANDIDATES = 6
SEARCH_CANDIDATES = 8  # other long lists (Freya's swaps, Odin's, Loki's) are cut to the best this many
# A whole 5-player game takes about 140 steps of the cheap policy; the cap only guards the loop.
ROLLOUT_STEPS = 400
TREE_BUDGET = Budget(iterations=48)
WIN_SHARE = 0.7  # of a playout's reward; the rest is the lead (evaluate) through tanh(lead / MARGIN_SCALE)
MARGIN_SCALE = 20.0


def _discard_loss(state: NidavellirState, seat: int, move: Move) -> float:
    """What discarding a card of one's own army costs (Höfud, Brisingamens): its placement worth."""
    told = said(move)
    card, suit = told.card, told.column
    player = state.seats[seat]
    player.army[suit].remove(card)
    loss = placement_gain(state.ruleset, player, card, suit)
    player.army[suit].append(card)
    return loss


def _top_loss(state: NidavellirState, seat: int, suit: int) -> float:
    """What losing the top card of a column costs (Dagda, Bonfur)."""
    player = state.seats[seat]
    card = player.army[suit].pop()
    loss = placement_gain(state.ruleset, player, card, suit)
    player.army[suit].append(card)
    return loss


def _move_worth(state: NidavellirState, seat: int, move: Move) -> float | None:
    """The cheap policy's worth of a move, for the choices it knows; None: play at random."""
    told = said(move)
    verb = told.verb
    player = state.seats[seat]
    rules = state.ruleset
    if verb in rules.pick_worth:  # a tavern card, or what an expansion allows instead
        return pick_gain(state, seat, move)
    if verb in ("keep", "recover"):
        return any_card_gain(state, seat, told.card)
    worth = power_move_worth(state, seat, move)
    if worth is not None:
        return worth
    found = rules.choice_worths.get(verb)  # declared with the card whose choice it is
    if found is not None:
        return found(state, seat, move)
    if verb == "discard" and not told.card:
        return -_top_loss(state, seat, told.column)
    if verb == "discard":
        if told.column >= 0:
            return -_discard_loss(state, seat, move)
        # a tavern card discarded at 2 players: deny the other player the card it wants most
        other = state.seats[1 - seat] if state.players == 2 else player
        return card_gain(rules, other, told.card)
    return None


def quick_move(state: NidavellirState, seat: int, rng: Rng) -> Move:
    """The cheap policy used inside playouts: the best card (tavern or camp), the best column for a
    mercenary or a double, the cheapest discard, a heuristic bid; any other choice at random."""
    moves = legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    if said(moves[0]).verb == "bid" and not state.tasks and state.phase == BID:
        sample = rng.sample(moves, min(8, len(moves)))
        score = bid_scorer(state, seat)
        return max(sample, key=lambda m: (score(m), m.text))
    worths = [_move_worth(state, seat, m) for m in moves]
    if any(w is None for w in worths):
        return rng.choice(moves)
    return max(zip(worths, moves, strict=True), key=lambda pair: (pair[0] or 0.0, pair[1].text))[1]


def next_seat(state: NidavellirState) -> int | None:
    if state.phase == OVER:
        return None
    if state.tasks:
        return state.tasks[0].seat
    waiting = bidders(state)
    return min(waiting) if waiting else None


class ThinkingPlayer(AIPlayer[NidavellirState]):
    """A player that weighs its options; a forced move is played without thinking."""

    def choose(self, state: NidavellirState, seat: int, seed: int) -> Move:
        moves = legal_moves(state, seat)
        if not moves:
            raise IllegalMove("This seat has no legal move now.")
        if len(moves) == 1:
            return moves[0]
        return self.weigh(state, seat, seed, moves)

    @abstractmethod
    def weigh(self, state: NidavellirState, seat: int, seed: int, moves: list[Move]) -> Move:
        """The best of `moves` (two or more legal moves of `seat`); pure in its arguments."""


class GreedyPlayer(ThinkingPlayer):
    """Takes the move with the best immediate value for its own score."""

    name = "greedy"
    description = "plays the move that gains the most points right away"

    def weigh(self, state: NidavellirState, seat: int, seed: int, moves: list[Move]) -> Move:
        world = determinize(state, seat, seed)
        if not world.tasks and world.phase == BID:
            score = bid_scorer(world, seat)
            return max(moves, key=lambda m: (score(m), m.text))
        powers = [power_move_worth(world, seat, m) for m in moves]
        if all(w is not None for w in powers):  # Loki, Freya, Ölrun: what they change shows only later
            return max(zip(powers, moves, strict=True), key=lambda pair: (pair[0] or 0.0, pair[1].text))[1]
        best: tuple[float, str] | None = None
        chosen = moves[0]
        for move in moves:
            after = world.copy()
            play(after, seat, move)
            key = (evaluate(after, seat), move.text)
            if best is None or key > best:
                best, chosen = key, move
        return chosen


class SearchPlayer(ThinkingPlayer):
    """Determinized Monte Carlo: each candidate is tried in redealt worlds, played out by every
    seat with the cheap greedy policy to the end of the game, and judged by `evaluate` there.

    `playouts` is the budget per decision, shared among the candidates. Playing out to the end
    (rather than the end of the round) lets the search see what coins and columns are worth
    later: a trade that pays off two rounds on, a distinction at the end of Age 1.
    """

    name = "search"
    description = "tries each move in many redealt futures and keeps the best on average"

    def __init__(self, game: Game[NidavellirState], playouts: int = SEARCH_PLAYOUTS) -> None:
        super().__init__(game)
        self.playouts = playouts

    @staticmethod
    def candidates(state: NidavellirState, seat: int, moves: list[Move]) -> list[Move]:
        if not state.tasks and state.phase == BID and len(moves) > SEARCH_BID_CANDIDATES:
            score = bid_scorer(state, seat)
            ranked = sorted(moves, key=lambda m: (-score(m), m.text))
            return ranked[:SEARCH_BID_CANDIDATES]
        if len(moves) > SEARCH_CANDIDATES:
            worths = [_move_worth(state, seat, m) for m in moves]
            if all(w is not None for w in worths):
                order = sorted(range(len(moves)), key=lambda i: (-(worths[i] or 0.0), moves[i].text))
                return [moves[i] for i in order[:SEARCH_CANDIDATES]]
        return moves

    def weigh(self, state: NidavellirState, seat: int, seed: int, moves: list[Move]) -> Move:
        rng = Rng.from_seed(seed)
        world = determinize(state, seat, rng.next64())
        options = self.candidates(world, seat, moves)
        totals = [0.0] * len(options)
        rounds = max(1, self.playouts // len(options))
        for _ in range(rounds):
            redealt = determinize(state, seat, rng.next64())
            for i, move in enumerate(options):
                totals[i] += self.playout(redealt, seat, move, rng)
        best = max(range(len(options)), key=lambda i: (totals[i], options[i].text))
        return options[best]

    def playout(self, world: NidavellirState, seat: int, move: Move, rng: Rng) -> float:
        state = world.copy()
        play(state, seat, move)
        for _ in range(ROLLOUT_STEPS):
            mover = next_seat(state)
            if mover is None:
                break
            play(state, mover, quick_move(state, mover, rng))
        return evaluate(state, seat)


def _reward(state: NidavellirState, seat: int) -> float:
    """The end of a playout for `seat`, in 0–1: mostly whether it won (a shared win shared), the
    rest its lead over the best other seat (`evaluate`), so narrow and wide games differ."""
    worth = [evaluate(state, s) for s in range(state.players)]
    top = max(worth)
    won = 1.0 / sum(1 for w in worth if w == top) if worth[seat] == top else 0.0
    return WIN_SHARE * won + (1 - WIN_SHARE) * 0.5 * (1 + math.tanh(worth[seat] / MARGIN_SCALE))


TACTICS: Tactics[NidavellirState] = Tactics(policy=quick_move, reward=_reward, shortlist=SearchPlayer.candidates,
                                            mover=next_seat)


class TreePlayer(ThinkingPlayer):
    """Information-set MCTS (engine/search.py): a tree over the seat's information set, redealt
    every iteration, the cheap policy playing each line out to the end."""

    name = "mcts"
    description = "searches a tree of moves over many redealt futures played to the end"

    def __init__(self, game: Game[NidavellirState], budget: Budget = TREE_BUDGET) -> None:
        super().__init__(game)
        self.budget = budget

    def weigh(self, state: NidavellirState, seat: int, seed: int, moves: list[Move]) -> Move:
        return search(self.game, TACTICS, state, seat, seed, self.budget, self.allowance).move


def players(game: Game[NidavellirState]) -> Mapping[str, AIPlayer[NidavellirState]]:
    """The AI kinds, by name."""
    return {"random": RandomPlayer(game), "greedy": GreedyPlayer(game), "search": SearchPlayer(game),
            "mcts": TreePlayer(game)}
