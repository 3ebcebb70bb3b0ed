"""The flow of a round: the taverns dealt, bids, each tavern revealed and picked, the next round.

The state keeps a queue of Tasks (state.py); the functions here put the next ones in it, and
steps.settle runs the automatic ones until a seat must choose.
"""

from __future__ import annotations

from engine.core import Event
from engine.nidavellir.cards import DISTINCTION_ORDER, cards_per_tavern, discard_tavern_card
from engine.nidavellir.components import CROWN_GEM, TAVERN_LABELS, coin_value, is_trading, seat_label
from engine.nidavellir.expansion import Expansion
from engine.nidavellir.recruiting import owes_hero
from engine.nidavellir.state import (
    AGE_END,
    AUTO_TRADE,
    BID,
    CHECK_HEROES,
    DISTINCTION,
    END_OF_AGE,
    END_ROUND,
    END_TAVERN,
    FINISH,
    NO_BID,
    NOBODY,
    PICK,
    RECRUIT,
    START_AGE,
    TAKE,
    ULINE_BID,
    NidavellirState,
    Task,
)


def expansions(state: NidavellirState) -> tuple[Expansion, ...]:
    """The expansions in play: the game's options, as its rules know them (ruleset.py)."""
    return state.ruleset.expansions


def start_round(state: NidavellirState) -> list[Event]:
    """Deal the taverns from the current age's deck; everyone but Uline's owner bids."""
    deck = state.decks[state.age - 1]
    n = cards_per_tavern(state.players)
    dealers = state.ruleset.hooked["deal"]
    for tavern in range(3):
        dealt = next((cards for rules in dealers if (cards := rules.deal(state, tavern)) is not None), None)
        state.taverns[tavern] = [deck.pop() for _ in range(n)] if dealt is None else dealt
    state.phase = BID
    state.tavern = -1
    state.revealed = [False] * 3
    state.orders = [[], [], []]
    state.picked = [[], [], []]
    state.order_values = []
    state.camp_picks = [NOBODY] * 3
    events = [Event(f"Age {state.age}, round {state.round}: the taverns fill up; place your bids.")]
    for rules in state.ruleset.hooked["round_start"]:
        events += rules.round_start(state)
    return events


def face_up_bidder(state: NidavellirState) -> int:
    """The seat whose hero makes it bid face up after each reveal (Uline's owner), or -1."""
    for index, seat in enumerate(state.seats):
        if not state.ruleset.face_up.isdisjoint(seat.heroes):
            return index
    return -1


def bidders(state: NidavellirState) -> frozenset[int]:
    """Seats that still have to bid (Uline's owner bids later, face up)."""
    later = face_up_bidder(state)
    return frozenset(i for i, s in enumerate(state.seats) if not s.has_bid and i != later)


def first_bidder(state: NidavellirState) -> int:
    """The lowest of `bidders`, or -1 when nobody has to bid (found without making the set)."""
    later = -2
    for index, seat in enumerate(state.seats):
        if not seat.has_bid:
            if later == -2:
                later = face_up_bidder(state)
            if index != later:
                return index
    return -1


def reveal(state: NidavellirState, tavern: int) -> list[Event]:
    """Turn over one tavern's bids; Uline's owner then bids there face up."""
    state.phase = PICK
    state.tavern = tavern
    state.revealed[tavern] = True
    if all(state.revealed):
        for seat in state.seats:
            seat.pouch_shown = True
    events = [Event(f"The bids on the {TAVERN_LABELS[tavern]} are revealed.")]
    later = face_up_bidder(state)
    if later >= 0:
        state.tasks.insert(0, Task(ULINE_BID, later))
    else:
        order_tavern(state)
    return events


def pick_order(values: list[int], gems: list[int]) -> list[int]:
    """Higher coin first; equal coins: higher gem first. A seat with no bid (-1) does not pick."""
    # Gems are 1 to 6: higher coin, then higher gem, is one number to sort by (lowest first).
    keyed = sorted([(-8 * value - gems[s], s) for s, value in enumerate(values) if value >= 0])
    return [s for _, s in keyed]


def order_tavern(state: NidavellirState) -> None:
    """Fix the current tavern's order from the bids as they are now; later transforms don't change it."""
    tavern = state.tavern
    seats = state.seats
    values = [coin_value(seat.bids[tavern]) for seat in seats]  # no bid stays NO_BID (-1)
    state.order_values = values
    order = pick_order(values, [seat.gem for seat in seats])
    state.orders[tavern] = order
    tasks = [Task(TAKE, s) for s in order]
    tasks.append(Task(END_TAVERN))
    state.tasks[0:0] = tasks


def gem_swaps(values: list[int], gems: list[int]) -> list[tuple[int, int]]:
    """Pairs of seats that swap gems after a tavern: in each tie, highest with lowest gem,
    second with second lowest; the middle of an odd group and the gem 6 keep theirs."""
    bids = [value for value in values if value >= 0]
    if len(set(bids)) == len(bids):
        return []  # no tie (most taverns)
    swaps = []
    for value in sorted(set(values), reverse=True):
        if value < 0:
            continue  # no bid: not part of any tie
        tied = [s for s in range(len(values)) if values[s] == value and gems[s] != CROWN_GEM]
        if len(tied) < 2:
            continue
        tied.sort(key=lambda s: -gems[s])
        swaps += [(tied[i], tied[-1 - i]) for i in range(len(tied) // 2)]
    return swaps


def pick_tasks(state: NidavellirState, index: int, tasks: list[Task]) -> list[Task]:
    """After the card of a pick and its effects: heroes, then the coin trade if this seat's
    coin in the tavern is the trading coin."""
    if tasks:
        tasks.append(Task(CHECK_HEROES, index))
    elif owes_hero(state, index):
        # Nothing comes before the check: its step (steps.check_heroes) would find the same now.
        tasks.append(Task(RECRUIT, index))
    if is_trading(state.seats[index].bids[state.tavern]):
        tasks.append(Task(AUTO_TRADE, index))
    return tasks


def end_tavern(state: NidavellirState) -> list[Event]:
    """Cards nobody took are discarded, tied bids swap gems, then the next tavern or round."""
    tavern = state.tavern
    events = []
    leftover = state.taverns[tavern]
    if leftover:
        piled = [c for c in leftover if discard_tavern_card(state, c)]
        gone = [c for c in leftover if c not in piled]
        label = TAVERN_LABELS[tavern]
        if piled:
            names = ", ".join(state.cards[c].label for c in piled)
            if len(piled) == 1:
                events.append(Event(f"The leftover card of the {label} is discarded: {names}."))
            else:
                events.append(Event(f"The leftover cards of the {label} are discarded: {names}."))
        if gone:
            names = ", ".join(state.cards[c].label for c in gone)
            events.append(Event(f"The mythology cards left in the {label} leave the game: {names}."))
        state.taverns[tavern] = []
    gems = [seat.gem for seat in state.seats]
    for a, b in gem_swaps(state.order_values, gems):
        state.seats[a].gem, state.seats[b].gem = gems[b], gems[a]
        events.append(Event(f"{seat_label(a)} and {seat_label(b)} tied and swap gems {gems[a]} and {gems[b]}."))
    if tavern < 2:
        return events + reveal(state, tavern + 1)
    later = [task for rules in state.ruleset.hooked["round_end"] for task in rules.round_end(state)]
    if later:
        state.tasks[0:0] = [*later, Task(END_ROUND)]
        return events
    return events + end_round(state)


def end_round(state: NidavellirState) -> list[Event]:
    """Every coin goes back to its owner's pouch; then a new round or the end of the age."""
    for seat in state.seats:
        seat.pouch = sorted(seat.coins())
        seat.bids = [NO_BID] * 3
        seat.has_bid = False
        seat.pouch_shown = True
    state.tavern = -1
    if state.round < state.rounds_this_age:
        state.round += 1
        return start_round(state)
    state.phase = END_OF_AGE
    state.revealed = [False] * 3
    tasks = [task for rules in state.ruleset.hooked["end_of_age"] for task in rules.end_of_age(state)]
    tasks.append(Task(AGE_END))
    if state.age == 1:
        tasks += [Task(DISTINCTION, -1, suit) for suit in DISTINCTION_ORDER]
        tasks.append(Task(START_AGE))
    else:
        tasks.append(Task(FINISH))
    state.tasks[0:0] = tasks
    return [Event(f"Age {state.age} ends.")]

