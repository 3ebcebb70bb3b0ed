"""Random playouts at the speed of the rules: a search player's rollouts and the benchmarks'
random games.

A playout owns its state (a determinized copy), so it takes moves it knows are legal without
checking them, copies nothing and words nothing: `random_action` draws uniformly among the
legal actions by counting them (as `legal.pick` counts texts) and builds only the one drawn.
Unlike `legal.pick` it need not match the random player's pick for a seed, so it skips the
sorting by text.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from itertools import combinations
from math import comb

from engine.rng import Rng
from engine.tranquility import legal, rules
from engine.tranquility.cards import CELLS, COLUMNS, FINISH, ISLAND_MAX, MONSTER, START, START_DISCARD_TOTAL
from engine.tranquility.moves import Action, Kind, read
from engine.tranquility.rules import NO_CEILING
from engine.tranquility.state import PLAY, START_PHASE, TranquilityState


def random_action(state: TranquilityState, seat: int, rng: Rng,
                  sea: tuple[list[int], list[int]] | None = None) -> Action | None:
    """A uniformly random legal action of `seat` (None when it has none). `sea`: the cells that
    hold islands and their islands, ascending, when the caller keeps them (`playout` does)."""
    hand = state.hands[seat]
    if state.phase == START_PHASE and seat == state.declarer and len(set(hand)) == len(hand):
        return _start_discard(state, hand, rng)
    if state.phase != PLAY or seat != state.turn or state.over:
        return _listed(state, seat, rng)
    if START in hand and not state.start_played:
        return Action(Kind.PLAY_START)
    grid = state.grid
    filled, values = sea or _sea(grid)
    held = set(hand)
    if len(held) != len(hand) or not held.isdisjoint(values) or values != sorted(set(values)):
        return _listed(state, seat, rng)  # twin cards, or a sea built by hand: list them all
    spare = len(hand) - 1
    ways_of = _WAYS[spare]
    rocks = state.rocks_row
    islands: list[tuple[int, int]] = []  # (island, placements), each counted as `texts` lists them
    total = 0
    last = len(filled)
    for card in hand:
        if card > ISLAND_MAX:
            break  # hands are sorted: the specials come last
        place = bisect_left(values, card)
        low = filled[place - 1] if place else -1
        high = filled[place] if place < last else CELLS
        count = high - low - 1
        if count <= 0:
            continue
        if rocks is not None:
            count -= max(0, min(high, (rocks + 1) * COLUMNS) - max(low + 1, rocks * COLUMNS))
        # Only the run's two ends touch an island; a placement there owes the difference.
        below = card - values[place - 1] if place else NO_CEILING
        above = values[place] - card if place < last else NO_CEILING
        if low + 1 == high - 1:
            if (low + 1) // COLUMNS != rocks and min(below, above) != NO_CEILING:
                count += ways_of.get(min(below, above), 0) - 1
        else:
            if below != NO_CEILING and (low + 1) // COLUMNS != rocks:
                count += ways_of.get(below, 0) - 1
            if above != NO_CEILING and (high - 1) // COLUMNS != rocks:
                count += ways_of.get(above, 0) - 1
        if count:
            islands.append((card, count))
            total += count
    monsters = last if MONSTER in held else 0
    finish = FINISH in held and rules.finish_allowed(state) is None
    pairs = comb(len(hand), 2)
    count = pairs + finish + monsters + total
    if not count:
        return None
    index = rng.below(count)
    if index < pairs:
        return Action(Kind.DISCARD, cards=_nth(hand, 2, index))
    index -= pairs
    if finish:
        if not index:
            return Action(Kind.PLAY_FINISH)
        index -= 1
    if index < monsters:
        return Action(Kind.SEA_MONSTER, cell=filled[index] + 1)
    index -= monsters
    for card, ways in islands:
        if index >= ways:
            index -= ways
            continue
        for cell, owed in rules.placements(grid, card, rocks, filled):
            if owed > spare:
                continue
            ways = ways_of[owed]
            if index >= ways:
                index -= ways
                continue
            if not owed:
                return Action(Kind.PLACE, card=card, cell=cell + 1)
            rest = [c for c in hand if c != card]
            return Action(Kind.PLACE, card=card, cell=cell + 1, cards=_nth(rest, owed, index))
    raise AssertionError("the count of legal actions and their listing disagree")


# _WAYS[spare][owed]: the ways to pay `owed` discards from `spare` other cards in hand.
_WAYS = tuple({owed: comb(spare, owed) for owed in range(spare + 1)} for spare in range(START_DISCARD_TOTAL * 2))


def _sea(grid: list[int]) -> tuple[list[int], list[int]]:
    filled = [i for i in range(CELLS) if grid[i]]
    return filled, [grid[i] for i in filled]


def _start_discard(state: TranquilityState, hand: list[int], rng: Rng) -> Action:
    """One declaration of the Start discard: any `least` to `most` of the declarer's cards."""
    most = min(len(hand), START_DISCARD_TOTAL - state.start_total)
    least = 1 if rules.start_forced_to_discard(state) else 0
    index = rng.below(sum(comb(len(hand), k) for k in range(least, most + 1)))
    for size in range(least, most + 1):
        ways = comb(len(hand), size)
        if index < ways:
            return Action(Kind.DISCARD, cards=_nth(hand, size, index))
        index -= ways
    raise AssertionError("the count of Start discards and their listing disagree")


def _nth(cards: list[int], size: int, index: int) -> tuple[int, ...]:
    """The `index`-th set of `size` of `cards` (distinct and sorted, so every set is sorted)."""
    for i, chosen in enumerate(combinations(cards, size)):
        if i == index:
            return chosen
    raise IndexError(index)


def _listed(state: TranquilityState, seat: int, rng: Rng) -> Action | None:
    """The rarer steps (the Start card and its discard, manual rocks): from the whole list."""
    found = legal.texts(state, seat)
    return read(found[rng.below(len(found))]) if found else None


def playout(state: TranquilityState, rng: Rng, limit: int | None = None) -> int:
    """Play `state` on in place with uniformly random legal actions until the game ends (or
    `limit` moves); returns the moves played. The islands' cells are kept as the actions change
    them, not found again every step."""
    played = 0
    filled, values = _sea(state.grid)
    while state.won is None and (limit is None or played < limit):
        seat = state.declarer if state.phase == START_PHASE else state.turn
        action = random_action(state, seat, rng, (filled, values))
        if action is None:  # the rules end a game whose mover is stuck before it is asked
            raise AssertionError("a running game's mover has no legal action")
        rules.perform(state, seat, action, told=False)
        if action.kind == Kind.PLACE:
            insort(filled, action.cell - 1)
            insort(values, action.card)
        elif action.kind == Kind.SEA_MONSTER:
            where = filled.index(action.cell - 1)
            del filled[where], values[where]
        played += 1
    return played
