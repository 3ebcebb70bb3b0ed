"""Random playouts at the speed of the rules: a search player's rollouts and the benchmarks'
random games.

A playout owns its state (a determinized copy), so it takes moves it knows are legal without
checking them, copies nothing and words nothing: `random_action` draws uniformly among the
legal actions by counting them (as `legal.pick` counts texts) and builds only the one drawn.
Unlike `legal.pick` it need not match the random player's pick for a seed, so it skips the
sorting by text.
"""

from __future__ import annotations

from bisect import insort
from itertools import combinations, islice
from math import comb

from engine.rng import Rng
from engine.tranquility import legal, rules
from engine.tranquility.cards import CELLS, FINISH, HAND_SIZE, ISLAND_MAX, MONSTER, START, START_DISCARD_TOTAL
from engine.tranquility.moves import Action, Kind, read
from engine.tranquility.state import PLAY, START_PHASE, TranquilityState


def random_action(state: TranquilityState, seat: int, rng: Rng,
                  sea: tuple[list[int], list[int]] | None = None) -> Action | None:
    """A uniformly random legal action of `seat` (None when it has none). `sea`: the cells that
    hold islands and their islands, ascending, when the caller keeps them (`playout` does)."""
    hand = state.hands[seat]
    held = set(hand)
    twins = len(held) != len(hand)  # only specials come twice: Finish cards, Sea Monsters
    if state.phase != PLAY or seat != state.turn or state.over:
        if state.phase == START_PHASE and seat == state.declarer and not twins:
            return _start_discard(state, hand, rng)
        return _listed(state, seat, rng)
    if hand and hand[-1] == START and not state.start_played:  # sorted: the Start card comes last
        return Action(Kind.PLAY_START)
    if sea is None:
        sea = _sea(state.grid)
        if sea is None:
            return _listed(state, seat, rng)  # a sea built by hand, not ascending
    filled, values = sea
    if not held.isdisjoint(values):
        return _listed(state, seat, rng)  # a held island is on the grid too: a sea built by hand
    grid, rocks = state.grid, state.rocks_row
    ways = _ways(hand) if twins else legal.WAYS[len(hand) - 1]
    islands: list[tuple[int, int]] = []  # (island, its placements)
    total = 0
    for card in hand:
        if card > ISLAND_MAX:
            break  # hands are sorted: the specials come last
        placed = legal.placings(card, rocks, filled, values, ways)
        if placed:
            islands.append((card, placed))
            total += placed
    monsters = len(filled) if MONSTER in held else 0
    finish = len(filled) == CELLS and FINISH in held and rules.finish_allowed(state) is None  # a full grid: cheap
    pairs = _count(hand, 2, twins) if twins else _PAIRS[len(hand)]
    count = pairs + finish + monsters + total
    if not count:
        return None
    index = rng.below(count)
    if index < pairs:
        return Action(Kind.DISCARD, cards=_chosen(hand, 2, index, twins))
    index -= pairs
    if finish:
        if not index:
            return Action(Kind.PLAY_FINISH)
        index -= 1
    if index < monsters:
        return Action(Kind.SEA_MONSTER, cell=filled[index] + 1)
    index -= monsters
    for card, placed in islands:
        if index >= placed:
            index -= placed
            continue
        for cell, owed in rules.placements(grid, card, rocks, filled):
            paid = ways.get(owed, 0)
            if index >= paid:
                index -= paid
                continue
            if not owed:
                return Action(Kind.PLACE, card=card, cell=cell + 1)
            rest = [c for c in hand if c != card]
            return Action(Kind.PLACE, card=card, cell=cell + 1, cards=_chosen(rest, owed, index, twins))
    raise AssertionError("the count of legal actions and their listing disagree")


_PAIRS = tuple(comb(n, 2) for n in range(START_DISCARD_TOTAL * 2))  # the discards of two from n cards
# _SETS[n][k]: the positions of each set of k of n cards (a hand's size at most), in `combinations` order.
_SETS = tuple(tuple(tuple(combinations(range(n), k)) for k in range(n + 1)) for n in range(HAND_SIZE + 1))


def _ways(hand: list[int]) -> dict[int, int]:
    """`legal.WAYS` for a hand with twins: the ways to pay each number of discards owed are the
    different sets, as many whichever island is placed (the islands are all different; only the
    specials repeat)."""
    rest = hand[1:] if hand[0] <= ISLAND_MAX else hand  # without an island: the shape every placement leaves
    return {owed: _count(rest, owed, True) for owed in range(len(hand))}


def _count(cards: list[int], size: int, twins: bool) -> int:
    """How many different sets of `size` the cards make."""
    return len(set(combinations(cards, size))) if twins else comb(len(cards), size)


def _chosen(cards: list[int], size: int, index: int, twins: bool) -> tuple[int, ...]:
    """The `index`-th different set of `size` of the sorted `cards` (each set sorted)."""
    if twins:
        return sorted(set(combinations(cards, size)))[index]
    if len(cards) >= len(_SETS):  # a hand over five: only built by hand
        return next(islice(combinations(cards, size), index, None))
    return tuple([cards[i] for i in _SETS[len(cards)][size][index]])


def _sea(grid: list[int]) -> tuple[list[int], list[int]] | None:
    """The cells that hold islands and their islands, when they ascend (as play keeps them)."""
    filled = rules.sequence(grid)
    return None if filled is None else (filled, [grid[i] for i in filled])


def _start_discard(state: TranquilityState, hand: list[int], rng: Rng) -> Action:
    """One declaration of the Start discard: any `least` to `most` of the declarer's cards."""
    most = min(len(hand), START_DISCARD_TOTAL - state.start_total)
    least = 1 if rules.start_forced_to_discard(state) else 0
    index = rng.below(sum(comb(len(hand), k) for k in range(least, most + 1)))
    for size in range(least, most + 1):
        ways = comb(len(hand), size)
        if index < ways:
            return Action(Kind.DISCARD, cards=_chosen(hand, size, index, False))
        index -= ways
    raise AssertionError("the count of Start discards and their listing disagree")


def _listed(state: TranquilityState, seat: int, rng: Rng) -> Action | None:
    """The rarer steps (the Start card and its discard, manual rocks): from the whole list."""
    found = legal.texts(state, seat)
    return read(found[rng.below(len(found))]) if found else None


def playout(state: TranquilityState, rng: Rng, limit: int | None = None) -> int:
    """Play `state` on in place with uniformly random legal actions until the game ends (or
    `limit` moves); returns the moves played. The islands' cells are kept as the actions change
    them, not found again every step."""
    played = 0
    sea = _sea(state.grid)  # None for a sea built by hand: each step then looks afresh
    while state.won is None and (limit is None or played < limit):
        seat = state.declarer if state.phase == START_PHASE else state.turn
        action = random_action(state, seat, rng, sea)
        if action is None:  # the rules end a game whose mover is stuck before it is asked
            raise AssertionError("a running game's mover has no legal action")
        rules.perform(state, seat, action, told=False)
        played += 1
        if sea is None:
            continue
        filled, values = sea
        if action.kind == Kind.PLACE:
            insort(filled, action.cell - 1)
            insort(values, action.card)
        elif action.kind == Kind.SEA_MONSTER:
            where = filled.index(action.cell - 1)
            del filled[where], values[where]
    return played
