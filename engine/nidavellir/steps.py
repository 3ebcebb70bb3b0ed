"""The rule steps that need no choice, by task kind, and `settle`, which runs them from the
front of the queue until a seat must choose (or bid), or the game is over."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType

from engine.core import Event, Move
from engine.nidavellir.ages import age_end, distinction, finish, game_over, start_age
from engine.nidavellir.choices import pending
from engine.nidavellir.coins import trade
from engine.nidavellir.components import is_trading, seat_label
from engine.nidavellir.effects import trade_terms
from engine.nidavellir.recruiting import owes_hero
from engine.nidavellir.rounds import end_round, end_tavern
from engine.nidavellir.state import (
    AGE_END,
    AUTO_TRADE,
    BID,
    CHECK_HEROES,
    DISTINCTION,
    END_ROUND,
    END_TAVERN,
    FINISH,
    GAME_OVER,
    OVER,
    RECRUIT,
    START_AGE,
    TRADE,
    NidavellirState,
    Task,
)


def check_heroes(state: NidavellirState, task: Task) -> list[Event]:
    """A complete line owes a hero: recruiting it is mandatory (and may chain)."""
    if owes_hero(state, task.seat):
        state.tasks.insert(0, Task(RECRUIT, task.seat))
    return []


def auto_trade(state: NidavellirState, task: Task) -> list[Event]:
    """The coin trade of a seat whose coin in this tavern is the trading coin (still there:
    Jarnglofi may have taken it): the two pouch coins, or two of Uline's hand by choice."""
    seat = state.seats[task.seat]
    if not is_trading(seat.bids[state.tavern]):
        return []
    if len(seat.pouch) > 2:
        state.tasks.insert(0, Task(TRADE, task.seat))
        return []
    if len(seat.pouch) < 2:
        return []
    return trade(state, task.seat, seat.pouch[0], seat.pouch[1], trade_terms(state, task.seat))


def end_tavern_step(state: NidavellirState, task: Task) -> list[Event]:
    return end_tavern(state)


def end_round_step(state: NidavellirState, task: Task) -> list[Event]:
    return end_round(state)


Step = Callable[[NidavellirState, Task], list[Event]]
# The base game's rule steps; a game's, with its expansions' and cards' own, are its ruleset's.
BASE_STEPS: Mapping[str, Step] = MappingProxyType({
    CHECK_HEROES: check_heroes,
    AUTO_TRADE: auto_trade,
    END_TAVERN: end_tavern_step,
    END_ROUND: end_round_step,
    AGE_END: age_end,
    DISTINCTION: distinction,
    START_AGE: start_age,
    FINISH: finish,
    GAME_OVER: game_over,
})


def settle(state: NidavellirState) -> list[Event]:
    """Run rule steps until a seat must choose (or bid), or the game ends; a choice with
    nothing to choose is dropped."""
    events: list[Event] = []
    tasks = state.tasks  # changed in place by the steps, never replaced
    if not tasks:
        return events
    rules = state.ruleset
    choices, steps = rules.choices, rules.steps
    while tasks:
        task = tasks[0]
        choice = choices.get(task.kind)
        if choice is not None:
            if not choice.skip(state, task):
                return events
            del tasks[0]
            continue
        del tasks[0]
        events += steps[task.kind](state, task)
    return events


def legal_moves(state: NidavellirState, seat: int) -> list[Move]:
    """Every legal move of `seat` (its pending choice's), sorted by text."""
    if state.phase == OVER:
        return []
    found = pending(state, seat)
    if found is None:
        return []
    choice, task = found
    return list(choice.sorted_moves(state, task))


def play(state: NidavellirState, seat: int, move: Move) -> list[Event]:
    """Carry out a legal move (canonical) in place and run the rule steps that follow."""
    found = pending(state, seat)
    if found is None:
        raise ValueError(f"{seat_label(seat)} has no choice pending for {move.text!r}")
    choice, task = found
    if task.kind != BID:
        state.tasks.pop(0)
    return choice.apply(state, task, move) + settle(state)
