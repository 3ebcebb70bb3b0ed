"""The legal move list, built fast: random playouts and search players ask for it every step.

The same list `rules.legal_actions` describes, sorted by text, built as texts first (`texts`);
`Move`s with their labels are made from the texts and kept by text. Only the cells where an
island may go are looked at (`rules.placements`). A random player needs less still: `pick`
counts the moves and writes only the texts around the one it picks.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Mapping
from itertools import combinations
from math import comb

from engine.core import Move
from engine.tranquility import rules
from engine.tranquility.cards import CELLS, COLUMNS, FINISH, MONSTER, START, START_DISCARD_TOTAL, is_island, token
from engine.tranquility.moves import move_of, read
from engine.tranquility.rules import NO_CEILING
from engine.tranquility.state import PLAY, ROCKS, START_PHASE, TranquilityState

_TOKENS = tuple(token(card) for card in range(START + 1))
_PLACE_AT = tuple(tuple(f"place {_TOKENS[card]} at {cell}" for cell in range(CELLS + 1)) for card in range(START + 1))
_MONSTER_AT = tuple(f"monster at {cell}" for cell in range(CELLS + 1))

# Moves already worded, by text. Random hands rarely come back, but the same texts do, game
# after game; the table stops growing at a cap (it holds only texts this module wrote).
_CAP = 1 << 17
_MOVES: dict[str, Move] = {}


def move_by_text(text: str) -> Move:
    """The `Move` of a text `texts` wrote: its label worded once and kept. (Reading the text back
    gives its action because hands are kept sorted, so discards are listed as `read` sorts them.)"""
    move = _MOVES.get(text)
    if move is None:
        move = move_of(read(text))
        if len(_MOVES) < _CAP:
            _MOVES[text] = move
    return move


_NAMED: dict[tuple[int, ...], str] = {}


def _named(cards: tuple[int, ...]) -> str:
    """The cards' tokens, as a move text lists them."""
    named = _NAMED.get(cards)
    if named is None:
        named = " ".join([_TOKENS[card] for card in cards])
        if len(_NAMED) < _CAP:
            _NAMED[cards] = named
    return named


def _discards(head: str, hand: tuple[int, ...], least: int, most: int) -> list[str]:
    """`head` plus every set of `least` to `most` cards from `hand`, each set once."""
    texts = [head + _named(c) for k in range(max(least, 1), most + 1) for c in dict.fromkeys(combinations(hand, k))]
    if least == 0:
        texts.append(head + "none")
    return texts


def texts(state: TranquilityState, seat: int) -> list[str]:
    """The text of every legal move of `seat`, sorted: `rules.legal_actions` as `legal_moves` words them."""
    if state.over:
        return []
    hand = tuple(state.hands[seat])
    if state.phase == START_PHASE:
        if seat != state.declarer:
            return []
        most = min(len(hand), START_DISCARD_TOTAL - state.start_total)
        least = 1 if rules.start_forced_to_discard(state) else 0
        found = _discards("discard ", hand, least, most)
    elif seat != state.turn:
        return []
    elif state.phase == ROCKS:
        found = [f"rocks to {r + 1}" for r in rules.open_rows(state)]
        found += _discards("rocks keep discard ", hand, 2, 2)
    elif START in hand and not state.start_played:
        return ["start"]
    else:
        found = _discards("discard ", hand, 2, 2)
        grid = state.grid
        spare = len(hand) - 1
        filled = rules.sequence(grid)
        for card in set(hand):
            if not is_island(card):
                continue
            at = _PLACE_AT[card]
            rest: list[int] | None = None
            for index, owed in rules.placements(grid, card, state.rocks_row, filled):
                if not owed:
                    found.append(at[index + 1])
                elif owed <= spare:
                    if rest is None:
                        rest = list(hand)
                        rest.remove(card)
                    head = at[index + 1] + " discard "
                    found += [head + _named(c) for c in dict.fromkeys(combinations(rest, owed))]
        if MONSTER in hand:
            found += [_MONSTER_AT[i + 1] for i in range(CELLS) if grid[i]]
        if FINISH in hand and rules.finish_allowed(state) is None:
            found.append("finish")
    found.sort()
    return found


def legal_moves(state: TranquilityState, seat: int) -> list[Move]:
    """Every legal move of `seat`, sorted by text: `rules.legal_actions` worded."""
    return [move_by_text(text) for text in texts(state, seat)]


# WAYS[spare][owed]: the ways to pay `owed` discards from `spare` other cards in hand, all different
# (a debt missing from the table can't be paid).
WAYS = tuple({owed: comb(spare, owed) for owed in range(spare + 1)} for spare in range(START_DISCARD_TOTAL * 2))


def placings(card: int, rocks_row: int | None, filled: list[int], values: list[int],
             ways: Mapping[int, int]) -> int:
    """How many placement moves island `card` has (as `texts` lists them), counted, not listed:
    `rules.placements`' empty run, less the Jagged Rocks' row, with its two ends paid for.
    `filled` is the grid's `rules.sequence` and `values` the islands in those cells; `ways` the
    ways to pay each debt in discards (`WAYS[spare]` when the other cards are all different)."""
    place = bisect_left(values, card)
    last = len(filled)
    low = filled[place - 1] if place else -1
    high = filled[place] if place < last else CELLS
    count = high - low - 1
    if count <= 0:
        return 0
    if rocks_row is not None:
        count -= max(0, min(high, (rocks_row + 1) * COLUMNS) - max(low + 1, rocks_row * COLUMNS))
    # Only the run's two ends touch an island; a placement there owes the difference (the
    # nearer one's, when a single cell touches both).
    below = card - values[place - 1] if place else NO_CEILING
    above = values[place] - card if place < last else NO_CEILING
    if low + 1 == high - 1:
        if (low + 1) // COLUMNS != rocks_row and min(below, above) != NO_CEILING:
            count += ways.get(min(below, above), 0) - 1
        return count
    if below != NO_CEILING and (low + 1) // COLUMNS != rocks_row:
        count += ways.get(below, 0) - 1
    if above != NO_CEILING and (high - 1) // COLUMNS != rocks_row:
        count += ways.get(above, 0) - 1
    return count


def pick(state: TranquilityState, seat: int, below: Callable[[int], int]) -> str | None:
    """`texts(state, seat)[below(len(texts))]` (None when there are none), writing only the texts
    it must: a random player's pick, the same as from the whole list. A placement's texts sort
    together by island, then by cell, under their common head ("place 12 at 3 ..." wholly before
    "place 12 at 30": ' ' sorts before any digit), so placements are counted per island and only
    the chosen island's are written."""
    hand = tuple(state.hands[seat])
    if state.over or state.phase != PLAY or seat != state.turn or len(set(hand)) != len(hand) or (
            START in hand and not state.start_played):
        found = texts(state, seat)  # the rarer steps, and hands with twin cards: list them all
        return found[below(len(found))] if found else None
    grid = state.grid
    spare = len(hand) - 1
    filled = rules.sequence(grid)
    if filled is None or not set(hand).isdisjoint(grid):
        found = texts(state, seat)  # a sea built by hand: out of order, or with a held island in it
        return found[below(len(found))] if found else None
    islands = sorted((card for card in hand if is_island(card)), key=_TOKENS.__getitem__)
    values = [grid[i] for i in filled]
    ways = WAYS[spare]
    counts = [placings(card, state.rocks_row, filled, values, ways) for card in islands]
    monsters = sorted(_MONSTER_AT[i + 1] for i in range(CELLS) if grid[i]) if MONSTER in hand else []
    finish = FINISH in hand and rules.finish_allowed(state) is None
    pairs = comb(len(hand), 2)
    count = pairs + finish + len(monsters) + sum(counts)
    if not count:
        return None
    index = below(count)
    # In text order: discards, finish, monsters, placements by island ("place 1 at" before
    # "place 12 at"), then by cell ("place 12 at 3 ..." wholly before "place 12 at 30": ' '
    # sorts before any digit), so only the chosen island's placements need their texts.
    if index < pairs:
        return sorted(_discards("discard ", hand, 2, 2))[index]
    index -= pairs
    if finish:
        if not index:
            return "finish"
        index -= 1
    if index < len(monsters):
        return monsters[index]
    index -= len(monsters)
    for card, placed in zip(islands, counts, strict=True):
        if index >= placed:
            index -= placed
            continue
        at = _PLACE_AT[card]
        spots = rules.placements(grid, card, state.rocks_row, filled)
        for head, owed in sorted((at[i + 1], owed) for i, owed in spots):
            paid = ways.get(owed, 0)
            if index >= paid:
                index -= paid
                continue
            if not owed:
                return head
            rest = list(hand)
            rest.remove(card)
            return sorted(f"{head} discard {_named(c)}" for c in combinations(rest, owed))[index]
    raise AssertionError("the count of legal moves and their listing disagree")
