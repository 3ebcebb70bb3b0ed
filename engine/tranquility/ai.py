"""AI seats for Tranquility: a random player and a cooperative heuristic player.

The heuristic plays for the team. It measures every option in "cards wasted": a placement
wastes its discards plus how far the island sits from where its number would ideally go
between its filled neighbours (a misplaced island squeezes the numbers left for the cells
around it); a discard wastes the worth of the two cards. Dead cards (a Start card once one
is down, islands that fit nowhere) are discarded first; Finish cards are kept safe.
"""

from __future__ import annotations

from math import ceil

from engine.core import AIPlayer, Move, RandomPlayer
from engine.errors import IllegalMove
from engine.rng import Rng
from engine.tranquility import legal, rules
from engine.tranquility.cards import (
    CELLS,
    FINISH,
    FINISH_CARDS,
    ISLAND_MAX,
    MONSTER,
    ROWS,
    START,
    START_DISCARD_TOTAL,
    is_island,
    row_cells,
    row_of,
)
from engine.tranquility.moves import Action, Kind, move_of, text_of
from engine.tranquility.state import ROCKS, START_PHASE, TranquilityState

PLACE_BONUS = 4.0  # a placed island is progress; a discard is not
POSITION_WEIGHT = 0.3  # cards wasted per cell an island sits away from its ideal cell
IMPOSSIBLE = 1000.0
SCARCE_WORTH = 16.0  # cards wasted by losing the last number that fits a run (measured: 8-64 alike)


def _segment(grid: list[int], index: int) -> tuple[int, int, int, int]:
    """Nearest filled cells around `index`: (cell, value) before and after, with virtual ends."""
    before, low = -1, 0
    for j in range(index - 1, -1, -1):
        if grid[j]:
            before, low = j, grid[j]
            break
    after, high = CELLS, ISLAND_MAX + 1
    for j in range(index + 1, CELLS):
        if grid[j]:
            after, high = j, grid[j]
            break
    return before, low, after, high


def empty_runs(grid: list[int]) -> list[tuple[int, int, int]]:
    """Each run of empty cells as (island before it or 0, island after it or 81, its cells)."""
    runs = []
    low, start = 0, 0
    for index in range(CELLS + 1):
        value = grid[index] if index < CELLS else ISLAND_MAX + 1
        if value:
            if index > start:
                runs.append((low, value, index - start))
            low, start = value, index + 1
    return runs


def misfit(grid: list[int], card: int, index: int, gone: frozenset[int] = frozenset()) -> float:
    """How badly `card` at `index` would sit: distance from its proportional cell, and
    IMPOSSIBLE when it leaves more empty cells on one side than numbers to fill them
    (`gone`: islands known to be out of play, which can't fill anything)."""
    before, low, after, high = _segment(grid, index)
    lost_below = sum(1 for c in gone if low < c < card) if gone else 0
    lost_above = sum(1 for c in gone if card < c < high) if gone else 0
    if card - low - 1 - lost_below < index - before - 1 or high - card - 1 - lost_above < after - index - 1:
        return IMPOSSIBLE
    ideal = before + (card - low) / (high - low) * (after - before)
    return abs(index - ideal)


class Seat:
    """What the heuristic knows about its own hand this turn: which cards are worth keeping."""

    def __init__(self, state: TranquilityState, seat: int) -> None:
        self.state = state
        self.hand = state.hands[seat]
        # Our own face-down discards are the islands we know are out of play.
        self.gone = frozenset(c for c in state.discards[seat] if c <= ISLAND_MAX)  # codes above are specials
        # Each island fits at most one run of empty cells (the filled islands ascend). A card is
        # scarce when its run has few numbers left beyond the cells they must fill: the games the
        # heuristic loses end one island short, its run's last fitting numbers thrown away earlier.
        self.scarcity: dict[int, float] = {}  # the islands in hand that fit a run: how scarce each is
        runs = empty_runs(state.grid)
        for card in set(self.hand):
            if card > ISLAND_MAX:
                continue
            for low, high, cells in runs:
                if low < card < high:
                    slack = high - low - 1 - sum(1 for c in self.gone if low < c < high) - cells
                    self.scarcity[card] = 1.0 / (1 + max(0, slack))
                    break
        # Worth is asked for again and again (every payment and discard weighed sorts the hand by
        # it, and the planner's playouts weigh thousands), and it can't change within a turn.
        self.worths = {card: self._worth(card) for card in set(self.hand)}

    def worth(self, card: int) -> float:
        """Cards-wasted value of losing `card`, one of this hand."""
        return self.worths[card]

    def _worth(self, card: int) -> float:
        state = self.state
        if card == START:
            return 0.0 if state.start_played else 50.0
        if card == FINISH:
            left = FINISH_CARDS - rules.finish_discarded(state)
            spare = self.hand.count(FINISH) > 1
            return 3.0 if spare and left > 2 else 40.0
        if card == MONSTER:
            return 0.3
        scarcity = self.scarcity.get(card)
        if scarcity is None:
            return 0.05  # it fits nowhere
        return 1.0 + SCARCE_WORTH * scarcity

    def cheapest(self, cards: list[int], count: int) -> tuple[int, ...]:
        if not count:
            return ()
        worths = self.worths
        return tuple(sorted(sorted(cards, key=lambda c: (worths[c], c))[:count]))

    def waste(self, cards: tuple[int, ...]) -> float:
        worths = self.worths
        return sum(worths[c] for c in cards)


class QuickRandomPlayer(RandomPlayer[TranquilityState]):
    """Picks uniformly among the legal moves, exactly as the engine's random player does (the
    same seed picks the same move), but words only the move it picks: a playout then costs
    about what its rules do, not what its button labels do."""

    def choose(self, state: TranquilityState, seat: int, seed: int) -> Move:
        self.game.check_seat(state, seat)
        text = legal.pick(state, seat, Rng.from_seed(seed).below)
        if text is None:
            raise IllegalMove("This seat has no legal move now.")
        return legal.move_by_text(text)


class HeuristicPlayer(AIPlayer[TranquilityState]):
    """Plays for the team: small gaps, few discards, Finish cards kept safe."""

    name = "heuristic"
    description = "plays for the team: small gaps, few discards, keeps Finish cards safe"

    def choose(self, state: TranquilityState, seat: int, seed: int) -> Move:
        self.game.check_seat(state, seat)
        return move_of(self.action(state, seat))

    def action(self, state: TranquilityState, seat: int) -> Action:
        """The heuristic's action for `seat` (IllegalMove when it has none)."""
        legal = rules.legal_actions(state, seat)
        if not legal:
            raise IllegalMove("This seat has no legal move now.")
        if len(legal) == 1:
            return legal[0]
        me = Seat(state, seat)
        if state.phase == START_PHASE:
            return self._start_discard(state, seat, me)
        if state.phase == ROCKS:
            return self._rocks(state, me, legal)
        return self._ranked(state, me, legal)[0]

    def ranked(self, state: TranquilityState, seat: int) -> list[Action]:
        """In the play phase, the actions worth weighing, best first: a playable Finish or a Start
        that must be played alone; each placement with its cheapest payment; the cheapest discard."""
        legal = rules.legal_actions(state, seat)
        if len(legal) <= 1:
            return legal
        return self._ranked(state, Seat(state, seat), legal)

    def _ranked(self, state: TranquilityState, me: Seat, legal: list[Action]) -> list[Action]:
        if any(a.kind == Kind.PLAY_FINISH for a in legal):
            return [Action(Kind.PLAY_FINISH)]
        if any(a.kind == Kind.PLAY_START for a in legal):
            return [Action(Kind.PLAY_START)]
        scored: list[tuple[float, str, Action]] = []
        seen: set[tuple[int, int]] = set()
        for action in legal:
            if action.kind == Kind.PLACE:
                spot = (action.card, action.cell)
                if spot in seen:
                    continue
                seen.add(spot)
                rest = me.hand.copy()
                rest.remove(action.card)
                paid = me.cheapest(rest, len(action.cards))
                action = Action(Kind.PLACE, card=action.card, cell=action.cell, cards=paid)
                badness = misfit(state.grid, action.card, action.cell - 1, me.gone)
                score = PLACE_BONUS - me.waste(paid) - POSITION_WEIGHT * badness
            elif action.kind == Kind.DISCARD:
                if action.cards != me.cheapest(me.hand, 2):
                    continue
                score = -me.waste(action.cards)
            elif action.kind == Kind.SEA_MONSTER:
                index = action.cell - 1
                island = state.grid[index]
                grid = state.grid.copy()
                grid[index] = 0
                # Sinking an island is worth how badly it sat, less the island itself.
                score = POSITION_WEIGHT * misfit(grid, island, index) - 1.5
            else:
                continue
            scored.append((-score, text_of(action), action))
        scored.sort()
        return [action for _, _, action in scored] or [legal[0]]

    def _start_discard(self, state: TranquilityState, seat: int, me: Seat) -> Action:
        needed = START_DISCARD_TOTAL - state.start_total
        declarers_left = state.players - (seat - state.turn) % state.players
        most = min(len(me.hand), needed)
        least = 1 if rules.start_forced_to_discard(state) else 0
        dead = sum(1 for c in me.hand if me.worth(c) < 0.5)
        count = max(least, min(most, max(ceil(needed / declarers_left), dead)))
        return Action(Kind.DISCARD, cards=me.cheapest(me.hand, count))

    def _rocks(self, state: TranquilityState, me: Seat, legal: list[Action]) -> Action:
        wanted = [0] * ROWS
        for card in me.hand:
            if not is_island(card):
                continue
            spots = [(misfit(state.grid, card, i), i) for i in range(CELLS) if not state.grid[i]]
            if spots:
                wanted[row_of(min(spots)[1])] += 1
        # Closing the row with the fewest empty cells shuts out the fewest placements.
        empty = [sum(1 for i in row_cells(r) if not state.grid[i]) for r in range(ROWS)]
        rows = [a for a in legal if a.kind == Kind.ROCKS_TO]
        if rows:
            return min(rows, key=lambda a: (empty[a.row - 1], wanted[a.row - 1], a.row))
        return next(a for a in legal if a.kind == Kind.ROCKS_KEEP)
