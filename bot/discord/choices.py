"""Offering any number of legal moves through Discord's 25-option selects.

Move texts are space-separated tokens, most telling first (docs/engine.md). When more
than 25 moves remain, the select offers groups by leading tokens instead ("place 37 …"),
and the player narrows step by step until the moves themselves fit. One message holds
four selects (100 entries); a longer list is paged. Everything here is pure: a prefix
and a page in, the entries of one message out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import Move

SELECT = 25  # Discord's limit of options in one select
SELECTS = 4  # selects per message: five rows, one kept for the buttons
PAGE = SELECT * SELECTS
MOVE = "m"  # option value prefix: a whole move
NARROW = "p"  # option value prefix: a prefix of tokens to narrow to
LABEL_LIMIT = 100


@dataclass(frozen=True)
class Option:
    """One entry of a select: `value` is "m:<move text>" or "p:<prefix>"."""

    value: str
    label: str


@dataclass(frozen=True)
class Menu:
    """The options to show for one prefix and page, and whether more pages exist."""

    prefix: str
    options: tuple[Option, ...]
    page: int
    pages: int
    total: int  # moves under this prefix

    @property
    def moves_only(self) -> bool:
        return all(o.value.startswith(MOVE + ":") for o in self.options)


def tokens(text: str) -> list[str]:
    return text.split()


def under(moves: Sequence[Move], prefix: str) -> list[Move]:
    """The moves whose leading tokens are `prefix` (all moves for an empty prefix)."""
    head = tokens(prefix)
    return [m for m in moves if tokens(m.text)[: len(head)] == head]


def _label(text: str) -> str:
    return text if len(text) <= LABEL_LIMIT else text[: LABEL_LIMIT - 1] + "…"


def _whole(move: Move) -> Option:
    return Option(f"{MOVE}:{move.text}", _label(move.label or move.text))


def _groups(moves: Sequence[Move], depth: int) -> dict[str, list[Move]]:
    groups: dict[str, list[Move]] = {}
    for move in moves:
        groups.setdefault(" ".join(tokens(move.text)[:depth]), []).append(move)
    return groups


def forks(moves: Sequence[Move], depth: int) -> dict[str, list[Move]]:
    """The moves grouped by their first `depth` tokens, or deeper while they all share one
    group: the first grouping that gives the player a real choice."""
    longest = max((len(tokens(m.text)) for m in moves), default=0)
    groups = _groups(moves, depth)
    while len(groups) == 1 and depth < longest:
        depth += 1
        groups = _groups(moves, depth)
    return groups


def _entries(groups: dict[str, list[Move]]) -> list[Option]:
    entries = []
    for head, members in groups.items():
        if len(members) == 1:
            entries.append(_whole(members[0]))
        else:
            entries.append(Option(f"{NARROW}:{head}", _label(f"{head} … ({len(members)})")))
    return entries


def menu(moves: Sequence[Move], prefix: str = "", page: int = 0) -> Menu:
    """What the selects show under `prefix`.

    The moves themselves when they fit one select; else the deepest grouping by leading
    tokens that fits one select (fewest steps for the player); else the moves when they
    fit the selects of one message; else groups by the next token, paged.
    """
    found = under(moves, prefix)
    start = len(tokens(prefix))
    longest = max((len(tokens(m.text)) for m in found), default=0)
    entries: list[Option] = []
    if len(found) <= SELECT:
        entries = [_whole(m) for m in found]
    else:
        best: dict[str, list[Move]] | None = None
        for depth in range(start + 1, longest + 1):
            groups = _groups(found, depth)
            if len(groups) > SELECT:
                break
            if len(groups) > 1:
                best = groups
        if best is not None:
            entries = _entries(best)
        elif len(found) <= PAGE:
            entries = [_whole(m) for m in found]
        else:
            # Too many even at the first distinguishing word: page through those groups.
            entries = _entries(forks(found, start + 1))
    pages = max(1, -(-len(entries) // PAGE))
    page = min(max(page, 0), pages - 1)
    return Menu(prefix, tuple(entries[page * PAGE:(page + 1) * PAGE]), page, pages, len(found))


def read_value(value: str) -> tuple[str, str]:
    """Split an option value into its kind (MOVE or NARROW) and its text."""
    kind, _, text = value.partition(":")
    if kind not in (MOVE, NARROW):
        raise ValueError(f"not a Skald menu value: {value!r}")
    return kind, text
