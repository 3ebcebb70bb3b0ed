"""The legal move list, built fast: random playouts and search players ask for it every step.

The same list `rules.legal_actions` describes, sorted by text, built as texts first: a random
player picks one text and only that one needs its `Move` (with its label) made. Only the cells
where an island may go are looked at (`rules.placements`), and worded moves are kept by text.
"""

from __future__ import annotations

from itertools import combinations

from engine.core import Move
from engine.tranquility import rules
from engine.tranquility.cards import CELLS, FINISH, MONSTER, START, START_DISCARD_TOTAL, is_island, token
from engine.tranquility.moves import move_of, read
from engine.tranquility.state import ROCKS, START_PHASE, TranquilityState

_TOKENS = tuple(token(card) for card in range(START + 1))
_PLACE_AT = tuple(tuple(f"place {_TOKENS[card]} at {cell}" for cell in range(CELLS + 1)) for card in range(START + 1))
_MONSTER_AT = tuple(f"monster at {cell}" for cell in range(CELLS + 1))

# Moves already worded, by text. Random hands rarely come back, but the same texts do, game
# after game; the table stops growing at a cap (it holds only texts this module wrote).
_CAP = 1 << 17
_MOVES: dict[str, Move] = {}


def move_by_text(text: str) -> Move:
    """The `Move` of a text `texts` wrote: its label worded once and kept."""
    move = _MOVES.get(text)
    if move is None:
        move = move_of(read(text))
        if len(_MOVES) < _CAP:
            _MOVES[text] = move
    return move


def _named(cards: tuple[int, ...]) -> str:
    return " ".join([_TOKENS[card] for card in cards])


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
