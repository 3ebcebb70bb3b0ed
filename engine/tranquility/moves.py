"""The move-text grammar (docs/tranquility.md): reading texts into actions and writing them back.

Reading only checks the shape; whether an action is allowed now is the rules' business.
"""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from engine.errors import BadMove
from engine.tranquility.cards import CODES, ISLAND_MAX, ISLAND_MIN, card_name, token

PLACE = "place"
DISCARD = "discard"
PLAY_START = "start"
PLAY_FINISH = "finish"
SEA_MONSTER = "monster"
ROCKS_TO = "rocks to"
ROCKS_KEEP = "rocks keep"

GRAMMAR = (
    "Moves: 'place 37 at 12' (add 'discard 40 41' to pay the cost), 'discard 40 41', 'start', "
    "'finish', 'monster at 12'; during the Start discard 'discard 40 41' or 'discard none'; "
    "with manual Jagged Rocks 'rocks to 3' or 'rocks keep discard 40 41'."
)


class Action(NamedTuple):
    """A parsed move. `cell` and `row` are as typed (1-based); `cards` are sorted card codes."""

    kind: str
    card: int = 0
    cell: int = 0
    row: int = 0
    cards: tuple[int, ...] = ()


def _number(tok: str) -> int:
    if not tok.isascii() or not tok.isdigit() or len(tok) > 3:
        raise BadMove(f"{tok!r} is not a number I can read. {GRAMMAR}")
    return int(tok)


def _card(tok: str) -> int:
    code = CODES.get(tok)
    if code is not None:
        return code
    if not tok.isascii() or not tok.isdigit() or not ISLAND_MIN <= int(tok) <= ISLAND_MAX:
        raise BadMove(f"{tok!r} is not a card: cards are islands 1–80, start, finish or monster. {GRAMMAR}")
    return int(tok)


def _cards(tokens: list[str]) -> tuple[int, ...]:
    if tokens == ["none"]:
        return ()
    if not tokens:
        raise BadMove(f"Say which cards to discard, or 'discard none'. {GRAMMAR}")
    return tuple(sorted(_card(t) for t in tokens))


@lru_cache(maxsize=65536)
def read(text: str) -> Action:
    """Parse a move text (any case, any spacing, discards in any order); BadMove if it is no move."""
    tokens = text.lower().split()
    if not tokens:
        raise BadMove(f"Type a move. {GRAMMAR}")
    head, rest = tokens[0], tokens[1:]
    if head in (PLAY_START, PLAY_FINISH) and not rest:
        return Action(head)
    if head == PLACE and len(rest) >= 3 and rest[1] == "at":
        card = _card(rest[0])
        cell = _number(rest[2])
        if len(rest) == 3:
            return Action(PLACE, card=card, cell=cell)
        if rest[3] == DISCARD and len(rest) > 4 and "none" not in rest[4:]:
            return Action(PLACE, card=card, cell=cell, cards=_cards(rest[4:]))
    if head == SEA_MONSTER and len(rest) == 2 and rest[0] == "at":
        return Action(SEA_MONSTER, cell=_number(rest[1]))
    if head == DISCARD and rest and ("none" not in rest or rest == ["none"]):
        return Action(DISCARD, cards=_cards(rest))
    if head == "rocks" and len(rest) == 2 and rest[0] == "to":
        return Action(ROCKS_TO, row=_number(rest[1]))
    if head == "rocks" and len(rest) > 2 and rest[:2] == ["keep", DISCARD] and "none" not in rest:
        return Action(ROCKS_KEEP, cards=_cards(rest[2:]))
    raise BadMove(f"I can't read {text.strip()[:60]!r} as a Tranquility move. {GRAMMAR}")


def _tokens(cards: tuple[int, ...]) -> str:
    return " ".join(token(c) for c in cards) if cards else "none"


def text_of(action: Action) -> str:
    """The canonical text of an action (what `legal_moves` offers)."""
    kind = action.kind
    if kind == PLACE:
        tail = f" discard {_tokens(action.cards)}" if action.cards else ""
        return f"place {token(action.card)} at {action.cell}{tail}"
    if kind == DISCARD:
        return f"discard {_tokens(action.cards)}"
    if kind == SEA_MONSTER:
        return f"monster at {action.cell}"
    if kind == ROCKS_TO:
        return f"rocks to {action.row}"
    if kind == ROCKS_KEEP:
        return f"rocks keep discard {_tokens(action.cards)}"
    return kind


def public_text_of(action: Action) -> str:
    """The move as everyone may read it: discarded cards are face down, so only their count shows."""
    count = len(action.cards)
    some = f"{count} card{'s' if count != 1 else ''}"
    if action.kind == PLACE:
        return f"place {token(action.card)} at {action.cell}" + (f", discarding {some}" if count else "")
    if action.kind == DISCARD:
        return f"discard {some}" if count else "discard none"
    if action.kind == ROCKS_KEEP:
        return f"rocks keep, discarding {some}"
    return text_of(action)


def _names(cards: tuple[int, ...]) -> str:
    names = [card_name(c) for c in cards]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else "".join(names)


def label_of(action: Action) -> str:
    """A friendlier wording for buttons."""
    kind = action.kind
    if kind == PLACE:
        paid = f", discarding {_names(action.cards)}" if action.cards else ""
        return f"Place {token(action.card)} in cell {action.cell}{paid}"
    if kind == DISCARD:
        return f"Discard {_names(action.cards)}" if action.cards else "Discard nothing"
    if kind == SEA_MONSTER:
        return f"Sea Monster: sink the island in cell {action.cell}"
    if kind == ROCKS_TO:
        return f"Move the Jagged Rocks to row {action.row}"
    if kind == ROCKS_KEEP:
        return f"Keep the Jagged Rocks, discarding {_names(action.cards)}"
    if kind == PLAY_START:
        return "Play the Start card"
    return "Play the Finish card"
