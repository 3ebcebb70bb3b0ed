"""The end of an age: cards' end-of-age choices (Ylud), the distinctions after Age 1, the start
of Age 2, and the end of the game (cards' last choices, then scoring)."""

from __future__ import annotations

from engine.core import Event
from engine.nidavellir.army import ranks
from engine.nidavellir.cards import DISTINCTION_LABELS, DISTINCTION_ORDER, KINGS_HAND, KINGS_HAND_BONUS, PIONEER_DRAW
from engine.nidavellir.components import (
    BLACKSMITH,
    CROWN_GEM,
    EXPLORER,
    HUNTER,
    HUNTER_COIN,
    MINER,
    SUITS,
    WARRIOR,
    seat_label,
)
from engine.nidavellir.effects import notify, owned_effects, pioneer_draw
from engine.nidavellir.hooks import DISTINCTION_WON
from engine.nidavellir.recruiting import place
from engine.nidavellir.rounds import expansions, start_round
from engine.nidavellir.state import (
    CHECK_HEROES,
    GAME_OVER,
    NOBODY,
    OVER,
    PIONEER,
    TRANSFORM,
    NidavellirState,
    Task,
)


def age_end(state: NidavellirState, task: Task) -> list[Event]:
    """Each seat's cards make their end-of-age choices (Ylud's placement), seat by seat."""
    tasks = [t for seat in range(state.players) for found in owned_effects(state, seat)
             for t in found.end_of_age(state, seat)]
    state.tasks[0:0] = tasks
    return []


def distinction(state: NidavellirState, task: Task) -> list[Event]:
    """Hand out one distinction to the strict majority of ranks; a tie gives it to nobody."""
    state.window = False  # a mercenary gained from now on waits for the end of Age 2
    suit = task.n
    counts = [ranks(state.ruleset, seat, suit) for seat in state.seats]
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
    notify(state, winner, DISTINCTION_WON)
    events = [Event(f"{seat_label(winner)} wins the {label} with {best} {SUITS[suit]} ranks.")]
    if suit == WARRIOR:
        state.tasks.insert(0, Task(TRANSFORM, winner, KINGS_HAND_BONUS, card=KINGS_HAND))
    elif suit == HUNTER:
        # Between rounds every coin is in the pouch; the 0 leaves the game.
        seat.pouch.remove(0)
        seat.bronze.remove(0)
        seat.pouch.append(HUNTER_COIN)
        seat.pouch.sort()
        events.append(Event(f"{seat_label(winner)} exchanges the 0 for the Hunter's 3."))
    elif suit == MINER:
        events.append(Event(f"{seat_label(winner)}'s gem {seat.gem} leaves play for the gem 6."))
        seat.gem = CROWN_GEM
    elif suit == BLACKSMITH:
        state.tasks[0:0] = [*place(state, winner, "armorer", BLACKSMITH), Task(CHECK_HEROES, winner)]
    else:
        deck = state.decks[1]
        state.pioneer = [deck.pop() for _ in range(min(len(deck), pioneer_draw(state, winner, PIONEER_DRAW)))]
        state.tasks.insert(0, Task(PIONEER, winner))
        events.append(Event(f"{seat_label(winner)} draws {len(state.pioneer)} cards from the Age 2 deck."))
    return events


def start_age(state: NidavellirState, task: Task) -> list[Event]:
    state.age = 2
    state.round = 1
    events = [event for rules in expansions(state) for event in rules.age_start(state)]
    return events + start_round(state)


def finish(state: NidavellirState, task: Task) -> list[Event]:
    """After Age 2's last steps: the cards' end-of-game moves, in their order (Thrud leaves her
    column first, then Brisingamens's discard, then Mjöllnir's column), then scoring."""
    state.window = False
    hooks = sorted(((found.end_order, seat, found) for seat in range(state.players)
                    for found in owned_effects(state, seat)), key=lambda item: (item[0], item[1]))
    tasks = [t for _, seat, found in hooks for t in found.end_of_game(state, seat)]
    state.tasks[0:0] = [*tasks, Task(GAME_OVER)]
    return []


def game_over(state: NidavellirState, task: Task) -> list[Event]:
    state.phase = OVER
    return [Event("The game is over.")]
