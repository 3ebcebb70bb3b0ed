"""Heroes: who may be recruited, what recruiting does, Thrud's and Ylud's moves, discards.

Every choice a hero gives is a Task of its owner (see turns.py); these functions carry the
choices out and return the tasks that follow.
"""

from __future__ import annotations

from engine.core import Event
from engine.nidavellir.cards import (
    BLACKSMITH,
    BONFUR,
    DAGDA,
    DWERGS,
    EXPLORER,
    GRID,
    GRID_BONUS,
    HERO_IDS,
    HOURYA,
    HOURYA_EXPLORERS,
    HUNTER,
    PIECES,
    SUITS,
    TAVERN_LABELS,
    THRUD,
    ULINE,
    YLUD,
)
from engine.nidavellir.coins import seat_name
from engine.nidavellir.scoring import lines, ranks
from engine.nidavellir.state import (
    CHECK_HEROES,
    DISCARD,
    NO_BID,
    THRUD_MOVE,
    TRANSFORM,
    NidavellirState,
    SeatState,
    Task,
)

_HERO_RANK = {hero: i for i, hero in enumerate(HERO_IDS)}


def hero_key(hero: int) -> str:
    """Move token of a hero; the five Dwerg brothers are one token."""
    return "dwerg" if hero in DWERGS else PIECES[hero].key


def place_in_army(state: NidavellirState, index: int, piece: int, suit: int) -> list[Task]:
    """Put a card or hero on top of a column. Thrud is never covered: she steps aside and
    her owner chooses her new column."""
    seat = state.seats[index]
    column = seat.army[suit]
    if column and column[-1] == THRUD:
        column.pop()
        column.append(piece)
        seat.command.append(THRUD)
        return [Task(THRUD_MOVE, index)]
    column.append(piece)
    return []


def discard_columns(seat: SeatState, excluded: tuple[int, ...]) -> list[int]:
    """Columns other than `excluded` whose top card Dagda or Bonfur can discard: a dwarf card
    (the Armorer's included). A hero on top, Thrud or Ylud too, shields the column (as on BGA)."""
    return [
        suit for suit in range(5)
        if suit not in excluded and seat.army[suit] and not PIECES[seat.army[suit][-1]].hero
    ]


def can_recruit(seat: SeatState, hero: int) -> bool:
    """Hero-specific conditions: Hourya needs 5 explorer ranks, Dagda and Bonfur something to discard."""
    if hero == HOURYA:
        return ranks(seat, EXPLORER) >= HOURYA_EXPLORERS
    if hero == DAGDA:
        return len(discard_columns(seat, (HUNTER,))) >= 2
    if hero == BONFUR:
        return len(discard_columns(seat, (BLACKSMITH,))) >= 1
    return True


def recruitable(state: NidavellirState, index: int) -> list[int]:
    """Heroes this seat may take now, one Dwerg brother standing for all of them."""
    seat = state.seats[index]
    out: list[int] = []
    dwerg_seen = False
    for hero in sorted(state.reserve, key=_HERO_RANK.__getitem__):
        if hero in DWERGS:
            if dwerg_seen:
                continue
            dwerg_seen = True
        if can_recruit(seat, hero):
            out.append(hero)
    return out


def owes_hero(state: NidavellirState, index: int) -> bool:
    """A complete line without its hero, and a hero that can answer it: recruiting is mandatory."""
    seat = state.seats[index]
    return lines(seat) > len(seat.heroes) and bool(recruitable(state, index))


def recruit(state: NidavellirState, index: int, hero: int) -> tuple[list[Task], list[Event]]:
    """Take `hero` from the reserve and start its effect; returns the tasks that follow."""
    seat = state.seats[index]
    state.reserve.remove(hero)
    seat.heroes.append(hero)
    piece = PIECES[hero]
    events = [Event(f"{seat_name(index)} recruits {piece.label}.")]
    tasks: list[Task] = []
    if piece.suit is not None:
        # Discards come before Thrud, pushed aside by this hero, goes back into a column (as on BGA).
        if hero == DAGDA:
            tasks.append(Task(DISCARD, index, 2, (HUNTER,)))
        elif hero == BONFUR:
            tasks.append(Task(DISCARD, index, 1, (BLACKSMITH,)))
        tasks += place_in_army(state, index, hero, piece.suit)
    elif hero == THRUD:
        seat.command.append(THRUD)
        tasks.append(Task(THRUD_MOVE, index))
    else:
        seat.command.append(hero)
        if hero == GRID:
            tasks.append(Task(TRANSFORM, index, GRID_BONUS, (GRID,)))
        elif hero == ULINE:
            events += take_back_bids(state, index)
    tasks.append(Task(CHECK_HEROES, index))
    return tasks, events


def take_back_bids(state: NidavellirState, index: int) -> list[Event]:
    """Uline's owner takes back the coins on taverns not revealed yet; her hand is public."""
    seat = state.seats[index]
    back = []
    for tavern in range(3):
        coin = seat.bids[tavern]
        if coin != NO_BID and not state.revealed[tavern]:
            seat.bids[tavern] = NO_BID
            seat.pouch.append(coin)
            back.append(TAVERN_LABELS[tavern])
    seat.pouch.sort()
    seat.pouch_shown = True
    if not back:
        return []
    return [Event(f"{seat_name(index)} takes back the bids on the {' and the '.join(back)} into Uline's hand.")]


def move_thrud(state: NidavellirState, index: int, suit: int) -> list[Task]:
    """Thrud leaves the command zone for the top of `suit`'s column."""
    seat = state.seats[index]
    seat.command.remove(THRUD)
    seat.army[suit].append(THRUD)
    return [Task(CHECK_HEROES, index)]


def move_ylud(state: NidavellirState, index: int, suit: int) -> list[Task]:
    """Ylud goes to `suit`'s column; choosing the column she already stands in keeps her there."""
    seat = state.seats[index]
    if YLUD in seat.army[suit]:
        return []
    if YLUD in seat.command:
        seat.command.remove(YLUD)
    else:
        for column in seat.army:
            if YLUD in column:
                column.remove(YLUD)
    return [*place_in_army(state, index, YLUD, suit), Task(CHECK_HEROES, index)]


def discard_top(state: NidavellirState, index: int, suit: int) -> int:
    """Move the top card of a column (the last placed; never a hero) to the discard pile."""
    column = state.seats[index].army[suit]
    if not column or PIECES[column[-1]].hero:
        raise ValueError(f"no dwarf on top of the {SUITS[suit]} column")
    card = column.pop()
    state.discard.append(card)
    return card
