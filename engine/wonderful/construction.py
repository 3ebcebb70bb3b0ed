"""A board's construction area: placing items on cards, building them, taking tokens back,
recycling, and the Empire card's krystallium pile.

Functions here change one `Board` and nothing else. Which copy of a card a move means is the
caller's to say (an index into `board.sites`): `copies` groups a card's copies by what lies on
them, so that a player names one only when they differ.
"""

from __future__ import annotations

from collections import Counter

from engine.wonderful.cards import CARDS, CHARACTERS, FINANCIER, GENERAL, KRYSTALLIUM, KRYSTALLIUM_PILE
from engine.wonderful.state import Board, Site


def missing(site: Site) -> list[str]:
    """The cost items still to be placed on a card under construction, in cost order."""
    slots = CARDS[site.card].slots
    if not site.covered:
        return list(slots)
    left: dict[str, int] = {}
    for item in site.covered:
        left[item] = left.get(item, 0) + 1
    out = []
    for item in slots:
        if left.get(item, 0) > 0:
            left[item] -= 1
        else:
            out.append(item)
    return out


def cubes(site: Site) -> list[str]:
    """The resource cubes on a site: what is covered, less krystallium and characters."""
    out = Counter(site.covered)
    out.subtract(site.stand_ins)
    return [item for item in out.elements() if item != KRYSTALLIUM and item not in CHARACTERS]


def sites_of(board: Board, card: str) -> list[int]:
    """The indices of `card`'s copies under construction, oldest first (a copy's number is its
    place in this list, from 1)."""
    return [index for index, site in enumerate(board.sites) if site.card == card]


def copies(board: Board, card: str, wanted: list[int] | None = None) -> list[list[int]]:
    """`card`'s copies under construction (or the `wanted` ones), grouped by what tells them
    apart (`Site.signature`), each group oldest first, the groups by their oldest copy."""
    groups: dict[tuple[tuple[str, ...], tuple[str, ...], bool], list[int]] = {}
    for index in sites_of(board, card) if wanted is None else wanted:
        groups.setdefault(board.sites[index].signature(), []).append(index)
    return list(groups.values())


def site_needing(board: Board, card: str, slot: str) -> int | None:
    """The oldest copy of `card` under construction that still misses `slot` (None if none does)."""
    for index in sites_of(board, card):
        if slot in missing(board.sites[index]):
            return index
    return None


def give(board: Board, resource: str, count: int = 1) -> None:
    board.available[resource] = board.available.get(resource, 0) + count


def take(board: Board, resource: str) -> None:
    left = board.available[resource] - 1
    if left:
        board.available[resource] = left
    else:
        del board.available[resource]


def to_pile(board: Board, count: int = 1) -> int:
    """Put `count` resources on the Empire card; every fifth turns into a krystallium. Returns
    how many krystallium it made."""
    made, board.pile = divmod(board.pile + count, KRYSTALLIUM_PILE)
    board.krystallium += made
    return made


def complete(board: Board, index: int) -> str:
    """Build the site at `index` (its cost is all placed): its bonus comes at once; it produces
    from the next production step on (the steps count production when they begin)."""
    site = board.sites.pop(index)
    board.built.append(site.card)
    for bonus in CARDS[site.card].bonus:
        if bonus == FINANCIER:
            board.financiers += 1
        elif bonus == GENERAL:
            board.generals += 1
        else:
            board.krystallium += 1
    return site.card


def place(board: Board, item: str, index: int, stand_in: str | None = None, *, mark: bool = True) -> str | None:
    """Place one `item` (a resource, krystallium or a character) on the site at `index`;
    krystallium may stand in for a missing resource (`stand_in`, recorded when `mark`: rules 1
    kept the count alone). Returns the card if that completed it."""
    site = board.sites[index]
    site.covered.append(stand_in or item)
    if item == KRYSTALLIUM:
        board.krystallium -= 1
        site.krystallium += 1
        if stand_in is not None and mark:
            site.stand_ins.append(stand_in)
    elif item == FINANCIER:
        board.financiers -= 1
    elif item == GENERAL:
        board.generals -= 1
    else:
        take(board, item)
    if not missing(site):
        return complete(board, index)
    return None


def holds(site: Site, token: str, stand_in: str | None = None) -> bool:
    """Whether a site holds `token` to take back: a krystallium in its own slot, or standing in
    for `stand_in`, or a character token."""
    if token != KRYSTALLIUM:
        return token in site.covered
    if stand_in is not None:
        return stand_in in site.stand_ins
    return site.krystallium > len(site.stand_ins)


def take_back(board: Board, token: str, index: int, stand_in: str | None = None) -> None:
    """Take a krystallium (from its own slot, or the one standing in for `stand_in`) or a
    character token back from the site at `index`: its slot is empty again."""
    site = board.sites[index]
    site.covered.remove(stand_in or token)
    if token == KRYSTALLIUM:
        site.krystallium -= 1
        board.krystallium += 1
        if stand_in is not None:
            site.stand_ins.remove(stand_in)
    elif token == FINANCIER:
        board.financiers += 1
    else:
        board.generals += 1


def construct(board: Board, card: str, *, fresh: bool = False) -> None:
    """Slate a drafted card for construction (`fresh`: rules 2 remembers it was slated this round)."""
    board.drafted.remove(card)
    board.sites.append(Site(card, fresh=fresh))


def recycle_drafted(board: Board, card: str) -> None:
    """Recycle a card from the draft area: its recycling bonus is a resource to place."""
    board.drafted.remove(card)
    board.recycled.append(card)
    give(board, CARDS[card].recycle)


def recycle_site(board: Board, index: int) -> list[str]:
    """Recycle the card under construction at `index`. Its krystallium and characters come back.
    A card slated this round (`fresh`, rules 2) is as good as still drafted: its bonus and the
    cubes on it are resources to place; any other's bonus goes onto the Empire card and its cubes
    are lost. Returns the cubes given back (empty when lost)."""
    site = board.sites.pop(index)
    board.recycled.append(site.card)
    board.krystallium += site.krystallium
    board.financiers += site.covered.count(FINANCIER)
    board.generals += site.covered.count(GENERAL)
    if not site.fresh:
        to_pile(board)
        return []
    back = cubes(site)
    give(board, CARDS[site.card].recycle)
    for cube in back:
        give(board, cube)
    return back


def least_covered(board: Board, card: str) -> int:
    """Rules 1's choice of the copy to recycle: the one with the least on it, the oldest first."""
    return min(sites_of(board, card), key=lambda i: (len(board.sites[i].covered), i))


def placeable(board: Board, resource: str, *, freed: bool = False) -> bool:
    """Whether some card under construction still misses `resource` (`freed`: or holds a
    krystallium standing in for it, which may be taken back to make room)."""
    return any(resource in missing(site) or (freed and resource in site.stand_ins) for site in board.sites)


def can_act(board: Board) -> bool:
    """Whether anything the seat could do in a production step would change its board: a
    resource to place, the science choice, or a card under construction (to place krystallium
    or a character on, to take a token back from, or to recycle: at any time, as printed)."""
    return bool(board.available) or board.choosing or bool(board.sites)
