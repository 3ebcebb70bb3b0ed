"""The move-text grammar (docs/tranquility.md): reading texts into actions and writing them back.

Reading only checks the shape; whether an action is allowed now is the rules' business.
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache
from typing import NamedTuple

from engine.core import Move
from engine.errors import BadMove
from engine.tranquility.cards import CODES, ISLAND_MAX, ISLAND_MIN, counted, listing, token


class Kind(StrEnum):
    """What an action does; the value is the leading word(s) of its move text."""

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

    kind: Kind
    card: int = 0
    cell: int = 0
    row: int = 0
    cards: tuple[int, ...] = ()


def _shown(tok: str) -> str:
    """A token as a refusal may echo it: quoted, and never long."""
    return repr(tok if len(tok) <= 20 else tok[:19] + "…")


def _number(tok: str) -> int:
    # ASCII digits only ("²".isdigit() is true) and short: int() of 5,000 digits raises ValueError.
    if not tok.isascii() or not tok.isdigit() or len(tok) > 3:
        raise BadMove(f"{_shown(tok)} is not a number I can read. {GRAMMAR}")
    return int(tok)


def _card(tok: str) -> int:
    code = CODES.get(tok)
    if code is not None:
        return code
    if not tok.isascii() or not tok.isdigit() or len(tok) > 3 or not ISLAND_MIN <= int(tok) <= ISLAND_MAX:
        raise BadMove(f"{_shown(tok)} is not a card: cards are islands 1–80, start, finish or monster. {GRAMMAR}")
    return int(tok)


def _cards(tokens: list[str]) -> tuple[int, ...]:
    if tokens == ["none"]:
        return ()
    if not tokens:
        raise BadMove(f"Say which cards to discard, or 'discard none'. {GRAMMAR}")
    return tuple(sorted(_card(t) for t in tokens))


# Canonical move texts already worded, and their actions. Only texts this module wrote get in,
# so what players type (any string up to Discord's limit) can't fill memory.
_CANONICAL: dict[str, Action] = {}


def read(text: str) -> Action:
    """Parse a move text (any case, any spacing, discards in any order); BadMove if it is no move."""
    known = _CANONICAL.get(text)
    if known is not None:
        return known
    return _parse(text)


def _parse(text: str) -> Action:
    tokens = text.lower().split()
    if not tokens:
        raise BadMove(f"Type a move. {GRAMMAR}")
    head, rest = tokens[0], tokens[1:]
    if head in (Kind.PLAY_START, Kind.PLAY_FINISH) and not rest:
        return Action(Kind(head))
    if head == Kind.PLACE and len(rest) >= 3 and rest[1] == "at":
        card = _card(rest[0])
        cell = _number(rest[2])
        if len(rest) == 3:
            return Action(Kind.PLACE, card=card, cell=cell)
        if rest[3] == "discard" and len(rest) > 4 and "none" not in rest[4:]:
            return Action(Kind.PLACE, card=card, cell=cell, cards=_cards(rest[4:]))
    if head == Kind.SEA_MONSTER and len(rest) == 2 and rest[0] == "at":
        return Action(Kind.SEA_MONSTER, cell=_number(rest[1]))
    if head == Kind.DISCARD and rest and ("none" not in rest or rest == ["none"]):
        return Action(Kind.DISCARD, cards=_cards(rest))
    if head == "rocks" and len(rest) == 2 and rest[0] == "to":
        return Action(Kind.ROCKS_TO, row=_number(rest[1]))
    if head == "rocks" and len(rest) > 2 and rest[:2] == ["keep", "discard"] and "none" not in rest:
        return Action(Kind.ROCKS_KEEP, cards=_cards(rest[2:]))
    raise BadMove(f"I can't read {text.strip()[:60]!r} as a Tranquility move. {GRAMMAR}")


def _tokens(cards: tuple[int, ...]) -> str:
    return " ".join(token(c) for c in cards) if cards else "none"


class Wording(NamedTuple):
    """The three ways an action is written."""

    text: str  # canonical move text naming every card: what `legal_moves` offers (private)
    public: str  # as everyone may read it: face-down discards are only counted
    label: str  # friendlier wording for buttons


@lru_cache(maxsize=65536)
def wording(action: Action) -> Wording:
    """All three wordings of an action, written side by side so they can't drift apart.

    Cached: the same actions come back turn after turn, and AI players word every legal one.
    The canonical text is remembered too, so reading it back costs a lookup."""
    worded = _word(action)
    if len(_CANONICAL) < 65536:
        _CANONICAL[worded.text] = action
    return worded


def public(action: Action) -> str:
    """The public wording alone (`wording(action).public`) without the cache: the rules word
    every action they perform, and placements paid in discards are too many kinds to cache."""
    kind, cards = action.kind, action.cards
    if kind == Kind.DISCARD:
        return f"discard {counted(len(cards))}" if cards else "discard none"
    if kind != Kind.PLACE:
        return wording(action).public
    text = f"place {action.card} at {action.cell}"  # a placed card is an island: its token is its number
    return f"{text}, discarding {counted(len(cards))}" if cards else text


def _word(action: Action) -> Wording:
    kind, cards, cell = action.kind, action.cards, action.cell
    some, named = counted(len(cards)), listing(cards)
    if kind == Kind.PLACE:
        island = token(action.card)
        text, label = f"place {island} at {cell}", f"Place {island} in cell {cell}"
        if not cards:
            return Wording(text, text, label)
        return Wording(f"{text} discard {_tokens(cards)}", public(action), f"{label}, discarding {named}")
    if kind == Kind.DISCARD:
        if not cards:
            return Wording("discard none", "discard none", "Discard nothing")
        return Wording(f"discard {_tokens(cards)}", public(action), f"Discard {named}")
    if kind == Kind.ROCKS_KEEP:
        return Wording(f"rocks keep discard {_tokens(cards)}", f"rocks keep, discarding {some}",
                       f"Keep the Jagged Rocks, discarding {named}")
    if kind == Kind.SEA_MONSTER:
        text = f"monster at {cell}"
        return Wording(text, text, f"Sea Monster: sink the island in cell {cell}")
    if kind == Kind.ROCKS_TO:
        text = f"rocks to {action.row}"
        return Wording(text, text, f"Move the Jagged Rocks to row {action.row}")
    card = "Start" if kind == Kind.PLAY_START else "Finish"
    return Wording(kind.value, kind.value, f"Play the {card} card")



def text_of(action: Action) -> str:
    """The canonical text of an action (what `legal_moves` offers)."""
    return wording(action).text


class TranquilityMove(Move):
    """A move read into its `Action`; its button label is worded when first read."""

    __slots__ = ("action",)

    def __init__(self, text: str, action: Action) -> None:
        super().__init__(text)
        self.action = action

    def word(self) -> str:
        return wording(self.action).label

    def parts(self) -> Action:
        return self.action


def move_of(action: Action) -> TranquilityMove:
    """The engine `Move` of an action: its canonical text, and its label when read."""
    return TranquilityMove(wording(action).text, action)


def action_of(move: Move) -> Action:
    """The action a move carries (a plain `Move` handed in is read here, once)."""
    return move.action if isinstance(move, TranquilityMove) else read(move.text)
