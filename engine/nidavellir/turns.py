"""The flow of a game: rounds, bids, tavern resolution, the end of each age.

The state keeps a queue of Tasks. `settle` runs the automatic ones (rule steps) from the front
until a choice of some seat is next, bidding starts, or the game is over.
"""

from __future__ import annotations

from engine.core import Event
from engine.nidavellir.cards import (
    ARMORER,
    BLACKSMITH,
    CROWN_GEM,
    DISTINCTION_LABELS,
    DISTINCTION_ORDER,
    EXPLORER,
    HUNTER,
    HUNTER_COIN,
    KINGS_HAND_BONUS,
    MINER,
    PIECES,
    PIONEER_DRAW,
    SUITS,
    TAVERN_LABELS,
    THRUD,
    WARRIOR,
    YLUD,
    cards_per_tavern,
    coin_value,
    is_trading,
    rounds_per_age,
)
from engine.nidavellir.coins import seat_name, trade
from engine.nidavellir.heroes import owes_hero, place_in_army
from engine.nidavellir.scoring import ranks
from engine.nidavellir.state import (
    AUTO_TRADE,
    BID,
    CHECK_HEROES,
    CHOICES,
    DISTINCTION,
    END_OF_AGE,
    END_TAVERN,
    FINISH,
    NO_BID,
    NOBODY,
    OVER,
    PICK,
    PIONEER,
    RECRUIT,
    START_AGE,
    TAKE,
    TRADE,
    TRANSFORM,
    ULINE_BID,
    YLUD_MOVE,
    NidavellirState,
    Task,
)
from engine.rng import Rng


def start_round(state: NidavellirState) -> list[Event]:
    """Deal the taverns from the current age's deck; everyone but Uline's owner bids."""
    deck = state.decks[state.age - 1]
    n = cards_per_tavern(state.players)
    for tavern in range(3):
        state.taverns[tavern] = [deck.pop() for _ in range(n)]
    state.phase = BID
    state.tavern = -1
    state.revealed = [False] * 3
    state.orders = [[], [], []]
    state.picked = [[], [], []]
    state.order_values = []
    return [Event(f"Age {state.age}, round {state.round}: the taverns fill up; place your bids.")]


def bidders(state: NidavellirState) -> frozenset[int]:
    """Seats that still have to bid (Uline's owner bids later, face up)."""
    uline = state.uline_seat()
    return frozenset(i for i, s in enumerate(state.seats) if not s.has_bid and i != uline)


def reveal(state: NidavellirState, tavern: int) -> list[Event]:
    """Turn over one tavern's bids; Uline's owner then bids there face up."""
    state.phase = PICK
    state.tavern = tavern
    state.revealed[tavern] = True
    if all(state.revealed):
        for seat in state.seats:
            seat.pouch_shown = True
    events = [Event(f"The bids on the {TAVERN_LABELS[tavern]} are revealed.")]
    uline = state.uline_seat()
    if uline >= 0:
        state.tasks.insert(0, Task(ULINE_BID, uline))
    else:
        order_tavern(state)
    return events


def pick_order(values: list[int], gems: list[int]) -> list[int]:
    """Higher coin first; equal coins: higher gem first."""
    return sorted(range(len(values)), key=lambda s: (-values[s], -gems[s]))


def order_tavern(state: NidavellirState) -> None:
    """Fix the current tavern's order from the bids as they are now; later transforms don't change it."""
    tavern = state.tavern
    values = [coin_value(seat.bids[tavern]) for seat in state.seats]
    state.order_values = values
    order = pick_order(values, [seat.gem for seat in state.seats])
    state.orders[tavern] = order
    state.tasks[0:0] = [*(Task(TAKE, s) for s in order), Task(END_TAVERN)]


def gem_swaps(values: list[int], gems: list[int]) -> list[tuple[int, int]]:
    """Pairs of seats that swap gems after a tavern: in each tie, highest with lowest gem,
    second with second lowest; the middle of an odd group and the gem 6 keep theirs."""
    swaps = []
    for value in sorted(set(values), reverse=True):
        tied = [s for s in range(len(values)) if values[s] == value and gems[s] != CROWN_GEM]
        if len(tied) < 2:
            continue
        tied.sort(key=lambda s: -gems[s])
        swaps += [(tied[i], tied[-1 - i]) for i in range(len(tied) // 2)]
    return swaps


def after_take(state: NidavellirState, index: int, card: int) -> list[Event]:
    """A card was taken: place it (or queue its offering), then heroes, then the coin trade."""
    piece = PIECES[card]
    tasks: list[Task] = []
    if piece.offering:
        state.discard.append(card)
        tasks.append(Task(TRANSFORM, index, piece.offering, (card,)))
    else:
        assert piece.suit is not None
        tasks += place_in_army(state, index, card, piece.suit)
    tasks.append(Task(CHECK_HEROES, index))
    if is_trading(state.seats[index].bids[state.tavern]):
        tasks.append(Task(AUTO_TRADE, index))
    state.tasks[0:0] = tasks
    return [Event(f"{seat_name(index)} takes {piece.label} from the {TAVERN_LABELS[state.tavern]}.")]


def end_tavern(state: NidavellirState) -> list[Event]:
    tavern = state.tavern
    events = []
    leftover = state.taverns[tavern]
    if leftover:
        state.discard += leftover
        names = ", ".join(PIECES[c].label for c in leftover)
        events.append(Event(f"The leftover card of the {TAVERN_LABELS[tavern]} is discarded: {names}."))
        state.taverns[tavern] = []
    gems = [seat.gem for seat in state.seats]
    for a, b in gem_swaps(state.order_values, gems):
        state.seats[a].gem, state.seats[b].gem = gems[b], gems[a]
        events.append(Event(f"{seat_name(a)} and {seat_name(b)} tied and swap gems {gems[a]} and {gems[b]}."))
    if tavern < 2:
        return events + reveal(state, tavern + 1)
    return events + end_round(state)


def end_round(state: NidavellirState) -> list[Event]:
    """Every coin goes back to its owner's pouch; then a new round or the end of the age."""
    for seat in state.seats:
        seat.pouch = sorted(seat.coins())
        seat.bids = [NO_BID] * 3
        seat.has_bid = False
        seat.pouch_shown = True
    state.tavern = -1
    if state.round < rounds_per_age(state.players):
        state.round += 1
        return start_round(state)
    state.phase = END_OF_AGE
    state.revealed = [False] * 3
    tasks = []
    for index, seat in enumerate(state.seats):
        holds_ylud = YLUD in seat.command or (state.age == 2 and YLUD in seat.heroes)
        if holds_ylud:
            tasks.append(Task(YLUD_MOVE, index))
    if state.age == 1:
        tasks += [Task(DISTINCTION, -1, suit) for suit in DISTINCTION_ORDER]
        tasks.append(Task(START_AGE))
    else:
        tasks.append(Task(FINISH))
    state.tasks[0:0] = tasks
    return [Event(f"Age {state.age} ends.")]


def distinction(state: NidavellirState, suit: int) -> list[Event]:
    """Hand out one distinction to the strict majority of ranks; a tie gives it to nobody."""
    counts = [ranks(seat, suit) for seat in state.seats]
    best = max(counts)
    winner = counts.index(best) if counts.count(best) == 1 else NOBODY
    state.winners[DISTINCTION_ORDER.index(suit)] = winner
    label = DISTINCTION_LABELS[suit]
    if winner == NOBODY:
        events = [Event(f"{label}: tied on {best} {SUITS[suit]} ranks, nobody wins it.")]
        if suit == EXPLORER:
            deck = state.decks[1]
            state.discard.append(deck.pop())
            events.append(Event("The top card of the Age 2 deck is discarded."))
        return events
    seat = state.seats[winner]
    seat.distinctions.append(suit)
    events = [Event(f"{seat_name(winner)} wins the {label} with {best} {SUITS[suit]} ranks.")]
    if suit == WARRIOR:
        state.tasks.insert(0, Task(TRANSFORM, winner, KINGS_HAND_BONUS, (-1,)))
    elif suit == HUNTER:
        # Between rounds every coin is in the pouch; the 0 leaves the game.
        seat.pouch.remove(0)
        seat.bronze.remove(0)
        seat.pouch.append(HUNTER_COIN)
        seat.pouch.sort()
        events.append(Event(f"{seat_name(winner)} exchanges the 0 for the Hunter's 3."))
    elif suit == MINER:
        events.append(Event(f"{seat_name(winner)}'s gem {seat.gem} leaves play for the gem 6."))
        seat.gem = CROWN_GEM
    elif suit == BLACKSMITH:
        state.tasks[0:0] = [*place_in_army(state, winner, ARMORER, BLACKSMITH), Task(CHECK_HEROES, winner)]
    else:
        deck = state.decks[1]
        state.pioneer = [deck.pop() for _ in range(min(len(deck), PIONEER_DRAW))]
        state.tasks.insert(0, Task(PIONEER, winner))
        events.append(Event(f"{seat_name(winner)} draws {len(state.pioneer)} cards from the Age 2 deck."))
    return events


def finish(state: NidavellirState) -> list[Event]:
    """Before scoring Thrud leaves her column for the command zone."""
    for seat in state.seats:
        for column in seat.army:
            if THRUD in column:
                column.remove(THRUD)
                seat.command.append(THRUD)
    state.phase = OVER
    return [Event("The game is over.")]


def settle(state: NidavellirState) -> list[Event]:
    """Run rule steps until a seat must choose (or bid), or the game ends."""
    events: list[Event] = []
    while state.tasks:
        task = state.tasks[0]
        if task.kind in CHOICES:
            if task.kind == TAKE and not state.taverns[state.tavern]:
                state.tasks.pop(0)  # nothing left to take (never happens with full taverns)
                continue
            return events
        state.tasks.pop(0)
        if task.kind == CHECK_HEROES:
            if owes_hero(state, task.seat):
                state.tasks.insert(0, Task(RECRUIT, task.seat))
        elif task.kind == AUTO_TRADE:
            pouch = state.seats[task.seat].pouch
            if len(pouch) > 2:  # Uline's owner chooses two coins of her hand
                state.tasks.insert(0, Task(TRADE, task.seat))
            else:
                events += trade(state, task.seat, pouch[0], pouch[1])
        elif task.kind == END_TAVERN:
            events += end_tavern(state)
        elif task.kind == DISTINCTION:
            events += distinction(state, task.n)
        elif task.kind == START_AGE:
            state.age = 2
            state.round = 1
            events += start_round(state)
        elif task.kind == FINISH:
            events += finish(state)
        else:
            raise ValueError(f"unknown task {task.kind}")
    return events


def shuffle(state: NidavellirState, cards: list[int]) -> None:
    """Shuffle with the game's own PRNG and store its new state."""
    rng = Rng(state.rng)
    rng.shuffle(cards)
    state.rng = rng.state
