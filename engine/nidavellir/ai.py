"""Automatic Nidavellir seats: random, greedy, and a determinized Monte Carlo search.

None of them peeks: greedy and search first redeal what their seat can't see
(`determinize`), so hidden bids and deck order never steer them.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Mapping

from engine.core import AIPlayer, Game, Move, RandomPlayer
from engine.errors import IllegalMove
from engine.nidavellir.army import lines
from engine.nidavellir.cards import CARDS
from engine.nidavellir.components import coin_value, is_trading
from engine.nidavellir.game import GAME, play
from engine.nidavellir.grammar import coin_of_token
from engine.nidavellir.rounds import bidders
from engine.nidavellir.scoring import sheet_rows, suit_points
from engine.nidavellir.state import BID, OVER, NidavellirState, SeatState
from engine.nidavellir.view import determinize
from engine.rng import Rng

# A complete line is worth a hero: roughly what an average hero adds at the end.
LINE_WORTH = 12
TRADE_WORTH = 1.5
SEARCH_PLAYOUTS = 16
SEARCH_BID_CANDIDATES = 6
# A whole 5-player game takes about 140 steps of the cheap policy; the cap only guards the loop.
ROLLOUT_STEPS = 400


def evaluate(state: NidavellirState, seat: int) -> float:
    """How well `seat` stands: its potential over the best other one, with a nudge for big coins."""
    rows = sheet_rows(state)
    worth = [row.total + LINE_WORTH * lines(state.seats[row.seat]) for row in rows]
    best_other = max(w for i, w in enumerate(worth) if i != seat)
    coins = state.seats[seat].coins()
    return worth[seat] - best_other + 0.02 * sum(coin_value(c) ** 2 for c in coins)


def card_gain(seat: SeatState, card: str) -> float:
    """Immediate worth of a card to a seat: the column's score change, a new line, or an offering."""
    piece = CARDS[card]
    if piece.offering:
        return piece.offering * 1.5
    assert piece.suit is not None
    before = suit_points(seat, piece.suit)
    before_lines = lines(seat)
    seat.army[piece.suit].append(card)
    gain = suit_points(seat, piece.suit) - before + LINE_WORTH * (lines(seat) - before_lines)
    seat.army[piece.suit].pop()
    return gain


def tavern_range(state: NidavellirState, seat: int, tavern: int) -> tuple[float, float]:
    """Worth of the worst and the best card of a tavern to `seat`."""
    player = state.seats[seat]
    gains = [card_gain(player, c) for c in state.taverns[tavern]] or [0.0]
    return min(gains), max(gains)


def bid_scorer(state: NidavellirState, seat: int) -> Callable[[Move], float]:
    """Expected gain of a bid of `seat`: a bigger coin is likelier to get the best card of its
    tavern, and a trading coin on a tavern turns the pouch into a bigger coin. The taverns'
    worth is reckoned once for all the bids scored."""
    player = state.seats[seat]
    ranges = [tavern_range(state, seat, tavern) for tavern in range(3)]
    top = max(coin_value(c) for c in player.coins()) + 1

    def score(move: Move) -> float:
        coins = [coin_of_token(t) for t in move.text.split()[1:]]
        total = 0.0
        for (low, high), coin in zip(ranges, coins, strict=True):
            total += low + (high - low) * (coin_value(coin) + 1) / top
            if is_trading(coin):
                pouch = list(player.pouch)
                for c in coins:
                    pouch.remove(c)
                total += TRADE_WORTH * min(coin_value(c) for c in pouch)
        return total

    return score


def quick_move(state: NidavellirState, seat: int, rng: Rng) -> Move:
    """The cheap policy used inside playouts: best card, heuristic bid, otherwise random."""
    moves = GAME.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    first = moves[0].text.split()[0]
    if first == "take":
        player = state.seats[seat]
        return max(moves, key=lambda m: (card_gain(player, m.text[5:]), m.text))
    if first == "bid" and not state.tasks and state.phase == BID:
        sample = rng.sample(moves, min(8, len(moves)))
        score = bid_scorer(state, seat)
        return max(sample, key=lambda m: (score(m), m.text))
    return rng.choice(moves)


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
        moves = GAME.legal_moves(state, seat)
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

    def candidates(self, state: NidavellirState, seat: int, moves: list[Move]) -> list[Move]:
        if not state.tasks and state.phase == BID and len(moves) > SEARCH_BID_CANDIDATES:
            score = bid_scorer(state, seat)
            ranked = sorted(moves, key=lambda m: (-score(m), m.text))
            return ranked[:SEARCH_BID_CANDIDATES]
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


def players(game: Game[NidavellirState]) -> Mapping[str, AIPlayer[NidavellirState]]:
    """The AI kinds, by name."""
    return {"random": RandomPlayer(game), "greedy": GreedyPlayer(game), "search": SearchPlayer(game)}
