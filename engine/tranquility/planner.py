"""Tranquility's planner: the heuristic's best few moves, each tried in redealt futures that the
whole team plays out with a quick version of the heuristic, and the one that wins most kept.

Why: the heuristic fills 35 of 36 cells in most games it loses; the team then runs out of cards
(a player is left with one card that fits nowhere). Whether a discard or a costly placement
wastes cards the team will need shows only at the end, so the planner looks there: it plays each
candidate out to the end of the game in worlds redealt from what its seat can't see
(`determinize`), every seat following `quick_action`, and scores the win (and, to tell losses
apart, how full the grid got). The heuristic (ai.py) chooses the candidates and plays the steps
the planner doesn't search (the Start discard, manual Jagged Rocks, forced moves).
"""

from __future__ import annotations

from bisect import bisect_left

from engine.core import AIPlayer, Game, Move
from engine.errors import IllegalMove
from engine.rng import Rng
from engine.tranquility import rules
from engine.tranquility.ai import IMPOSSIBLE, PLACE_BONUS, POSITION_WEIGHT, HeuristicPlayer, Seat
from engine.tranquility.cards import CELLS, COLUMNS, FINISH, ISLAND_MAX, START
from engine.tranquility.moves import Action, Kind, move_of
from engine.tranquility.state import PLAY, START_PHASE, TranquilityState

CANDIDATES = 6  # the heuristic's best moves the planner compares
WORLDS = 12  # redealt futures each candidate is played out in
ROLLOUT_STEPS = 300  # a game lasts about 40 moves; the cap only guards the loop
PRIOR = 0.05  # win rate a candidate must beat the one ranked above it by, per place
FILLED_WORTH = 0.02  # a lost game's worth per filled cell: a near-win beats an early loss


class PlannerPlayer(AIPlayer[TranquilityState]):
    """Plays the heuristic's candidates out to the end in redealt futures; keeps the most winning."""

    name = "planner"
    description = "tries the best few moves in redealt futures played to the end, keeps the most winning"

    def __init__(self, game: Game[TranquilityState], candidates: int = CANDIDATES, worlds: int = WORLDS) -> None:
        super().__init__(game)
        self.heuristic = HeuristicPlayer(game)
        self.candidates = candidates
        self.worlds = worlds

    def choose(self, state: TranquilityState, seat: int, seed: int) -> Move:
        self.game.check_seat(state, seat)
        if state.phase != PLAY or seat != state.turn or state.over:
            return move_of(self.heuristic.action(state, seat))
        options = self.heuristic.ranked(state, seat)
        if not options:
            raise IllegalMove("This seat has no legal move now.")
        if len(options) == 1:
            return move_of(options[0])
        options = options[:self.candidates]
        rng = Rng.from_seed(seed)
        totals = [0.0] * len(options)
        worlds = 0
        while worlds < self.worlds:
            world = self.game.determinize(state, seat, rng.next64())
            scores = []
            for action in options:
                # Out of time (the host's allowance, a slow or busy machine weighs fewer futures): a
                # future not weighed for every candidate counts for none of them.
                if self.allowance.spent():
                    break
                future = self.game.clone(world)
                rules.perform(future, seat, action, told=False)
                scores.append(_play_out(future, rng, self.heuristic))
            if len(scores) < len(options):
                break
            totals = [total + score for total, score in zip(totals, scores, strict=True)]
            worlds += 1
        if not worlds:  # the box ran out within the first future: the heuristic's choice
            return move_of(options[0])
        # The heuristic's order is a prior: a later candidate must win clearly more often to be
        # preferred (a few dozen futures can't tell small differences from luck).
        best = max(range(len(options)), key=lambda i: (totals[i] / worlds - PRIOR * i, -i))
        return move_of(options[best])


def _play_out(state: TranquilityState, rng: Rng, heuristic: HeuristicPlayer) -> float:
    """Every seat plays `quick_action` to the end: 1 for a win, else a little per filled cell."""
    for _ in range(ROLLOUT_STEPS):
        if state.won is not None:
            break
        seat = state.declarer if state.phase == START_PHASE else state.turn
        rules.perform(state, seat, quick_action(state, seat, heuristic), told=False)
    if state.won:
        return 1.0
    return FILLED_WORTH * (CELLS - state.grid.count(0))


def quick_action(state: TranquilityState, seat: int, heuristic: HeuristicPlayer) -> Action:
    """The heuristic's choice, made quickly for playouts: for each island only the cells nearest
    its ideal place and the two ends of its run are weighed, and Sea Monsters are kept. The
    steps it doesn't weigh (the Start discard, manual Jagged Rocks) are the heuristic's."""
    hand = state.hands[seat]
    if state.phase != PLAY:
        return heuristic.action(state, seat)
    if START in hand and not state.start_played:
        return Action(Kind.PLAY_START)
    if FINISH in hand and rules.finish_allowed(state) is None:
        return Action(Kind.PLAY_FINISH)
    me = Seat(state, seat)
    grid = state.grid
    filled = [i for i in range(CELLS) if grid[i]]
    values = [grid[i] for i in filled]
    rocks = state.rocks_row
    best: tuple[float, Action] | None = None
    if len(hand) >= 2:
        paid = me.cheapest(hand, 2)
        best = (-me.waste(paid), Action(Kind.DISCARD, cards=paid))
    for card in set(hand):
        if card > ISLAND_MAX:
            continue
        place = bisect_left(values, card)
        if place < len(values) and values[place] == card:
            continue
        before, low = (filled[place - 1], values[place - 1]) if place else (-1, 0)
        after, high = (filled[place], values[place]) if place < len(values) else (CELLS, ISLAND_MAX + 1)
        if card - low - 1 < 0 or high - card - 1 < 0:
            continue
        ideal = before + (card - low) / (high - low) * (after - before)
        near = min(max(round(ideal), before + 1), after - 1)
        rest = hand.copy()
        rest.remove(card)
        for cell in {before + 1, near, after - 1}:
            if not before < cell < after or cell // COLUMNS == rocks:
                continue
            owed = rules.cost(grid, card, cell)
            if owed > len(rest):
                continue
            if card - low - 1 < cell - before - 1 or high - card - 1 < after - cell - 1:
                badness = IMPOSSIBLE
            else:
                badness = abs(cell - ideal)
            cards = me.cheapest(rest, owed)
            score = PLACE_BONUS - me.waste(cards) - POSITION_WEIGHT * badness
            if best is None or score > best[0]:
                best = (score, Action(Kind.PLACE, card=card, cell=cell + 1, cards=cards))
    if best is None:  # a lone Sea Monster (or the like): the heuristic weighs everything
        return heuristic.action(state, seat)
    return best[1]

