"""The legal move list, built fast: random playouts and search players ask for it every step.

The same list `rules.legal_actions` describes, worded and sorted by text, but built from pieces
worded once and kept: a hand's discard pairs, an island's placement at a cell with each way of
paying for it. Only the cells where an island may go are looked at (`rules.placements`).
"""

from __future__ import annotations

from itertools import combinations
from operator import attrgetter

from engine.core import Move
from engine.tranquility import rules
from engine.tranquility.cards import CELLS, FINISH, MONSTER, START, START_DISCARD_TOTAL, is_island
from engine.tranquility.moves import Action, Kind, move_of
from engine.tranquility.state import ROCKS, START_PHASE, TranquilityState

_TEXT = attrgetter("text")  # Moves order by text alone; sorting by it is the same order, faster

START_MOVE = move_of(Action(Kind.PLAY_START))
FINISH_MOVE = move_of(Action(Kind.PLAY_FINISH))
MONSTER_MOVES = tuple(move_of(Action(Kind.SEA_MONSTER, cell=i + 1)) for i in range(CELLS))


# Worded moves by what tells them apart (one table per kind: an enum hashes slowly). Random
# hands rarely come back, but the same sets of cards and the same placements do, game after
# game; each table stops growing at a cap.
_CAP = 1 << 17
_DISCARDS: dict[Kind, dict[tuple[int, ...], Move]] = {Kind.DISCARD: {}, Kind.ROCKS_KEEP: {}}
_PLACES: dict[tuple[int, int, tuple[int, ...]], Move] = {}


def _discard(kind: Kind, cards: tuple[int, ...]) -> Move:
    table = _DISCARDS[kind]
    move = table.get(cards)
    if move is None:
        move = move_of(Action(kind, cards=cards))
        if len(table) < _CAP:
            table[cards] = move
    return move


def _place(card: int, cell: int, cards: tuple[int, ...]) -> Move:
    key = (card, cell, cards)
    move = _PLACES.get(key)
    if move is None:
        move = move_of(Action(Kind.PLACE, card=card, cell=cell, cards=cards))
        if len(_PLACES) < _CAP:
            _PLACES[key] = move
    return move


def _discards(hand: tuple[int, ...], least: int, most: int, kind: Kind = Kind.DISCARD) -> list[Move]:
    """The discards of `least` to `most` cards from `hand`, each set of cards once (unsorted)."""
    return [_discard(kind, c) for k in range(least, most + 1) for c in dict.fromkeys(combinations(hand, k))]


def _paid_places(card: int, cell: int, hand: tuple[int, ...], owed: int) -> list[Move]:
    """Placing `card` at `cell`, paying `owed` discards from the rest of `hand` every way there is."""
    rest = list(hand)
    rest.remove(card)
    return [_place(card, cell, c) for c in dict.fromkeys(combinations(rest, owed))]


def legal_moves(state: TranquilityState, seat: int) -> list[Move]:
    """Every legal move of `seat`, sorted by text: `rules.legal_actions` worded."""
    if state.over:
        return []
    hand = tuple(state.hands[seat])
    if state.phase == START_PHASE:
        if seat != state.declarer:
            return []
        most = min(len(hand), START_DISCARD_TOTAL - state.start_total)
        least = 1 if rules.start_forced_to_discard(state) else 0
        moves = _discards(hand, least, most)
        moves.sort(key=_TEXT)
        return moves
    if seat != state.turn:
        return []
    if state.phase == ROCKS:
        moves = [move_of(Action(Kind.ROCKS_TO, row=r + 1)) for r in rules.open_rows(state)]
        moves += _discards(hand, 2, 2, Kind.ROCKS_KEEP)
        moves.sort(key=_TEXT)
        return moves
    if START in hand and not state.start_played:
        return [START_MOVE]
    moves = _discards(hand, 2, 2)
    grid = state.grid
    spare = len(hand) - 1
    for card in set(hand):
        if not is_island(card):
            continue
        for index, owed in rules.placements(grid, card, state.rocks_row):
            if not owed:
                moves.append(_place(card, index + 1, ()))
            elif owed <= spare:
                moves += _paid_places(card, index + 1, hand, owed)
    if MONSTER in hand:
        moves += [MONSTER_MOVES[i] for i in range(CELLS) if grid[i]]
    if FINISH in hand and rules.finish_allowed(state) is None:
        moves.append(FINISH_MOVE)
    moves.sort(key=_TEXT)
    return moves
