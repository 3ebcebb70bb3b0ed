"""Thingvellir's rule steps (run at once from the queue): the enlistment order at the end of an
age, Khrad's lowest coin, Vidofnir's pouch, a Royal Offering returning to the discard pile."""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event
from engine.nidavellir.army import discardable_cards
from engine.nidavellir.cards import source_label
from engine.nidavellir.coins import transform, transformable
from engine.nidavellir.components import WARRIOR, coin_token, coin_value, seat_label
from engine.nidavellir.effects import transform_bonus
from engine.nidavellir.state import (
    CARD_DISCARD,
    ENLIST,
    ENLIST_ORDER,
    ENLISTMENT,
    TO_DISCARD,
    TRANSFORM,
    VIDOFNIR,
    NidavellirState,
    Task,
)
from engine.nidavellir.thingvellir.choices import (
    LOWEST_ONLY,
    VIDOFNIR_LABEL,
    pouch_candidates,
    pouch_transform,
    unplaced_mercenaries,
)

VIDOFNIR_AMOUNTS = (2, 3)
VIDOFNIR_ALONE = 5  # beside the trading coin (or alone), the one coin gets +5


def enlistment(state: NidavellirState, task: Task) -> list[Event]:
    """Mercenaries are enlisted: most mercenaries first, ties by the higher gem; the first in
    that order chooses to go first or last. From now until the distinctions (or the end of the
    game) a mercenary gained is enlisted at once."""
    state.window = True
    counts = [len(unplaced_mercenaries(state.ruleset, seat)) for seat in state.seats]
    order = sorted((s for s in range(state.players) if counts[s]), key=lambda s: (-counts[s], -state.seats[s].gem))
    if not order:
        return []
    if len(order) == 1:
        state.tasks.insert(0, Task(ENLIST, order[0]))
    else:
        state.tasks.insert(0, Task(ENLIST_ORDER, order[0], args=tuple(order)))
    said = ", ".join(f"{seat_label(s)} ({counts[s]})" for s in order)
    return [Event(f"Mercenaries are enlisted, most first: {said}.")]


def lowest_coin(state: NidavellirState, task: Task) -> list[Event]:
    """Khrad: the lowest coin but the trading coin gains `n`; its owner picks among equals."""
    pairs = transformable(state.seats[task.seat])
    if not pairs:
        return []
    lowest = min(coin_value(c) for c, _ in pairs)
    pairs = [(c, p) for c, p in pairs if coin_value(c) == lowest]
    if len(pairs) > 1:
        state.tasks.insert(0, Task(TRANSFORM, task.seat, task.n, LOWEST_ONLY, task.card))
        return []
    coin, place = pairs[0]
    amount = task.n + transform_bonus(state, task.seat)
    return transform(state, task.seat, coin, place, amount, source_label(state, task.card))


def pouch_transforms(state: NidavellirState, task: Task) -> list[Event]:
    """Vidofnir: the pouch is shown; two coins get +2 and +3 (their owner says which and in
    which order), or the only coin that may be transformed gets +5."""
    seat = state.seats[task.seat]
    seat.pouch_shown = True
    shown = ", ".join(coin_token(c) for c in seat.pouch) or "nothing"
    events = [Event(f"{seat_label(task.seat)} shows the pouch: {shown} ({VIDOFNIR_LABEL}).")]
    candidates = pouch_candidates(seat, None)
    if len(candidates) >= 2:
        state.tasks.insert(0, Task(VIDOFNIR, task.seat, 0, VIDOFNIR_AMOUNTS, task.card))
    elif candidates:
        amount = VIDOFNIR_ALONE + transform_bonus(state, task.seat)
        events += pouch_transform(state, task.seat, candidates[0], amount, ())
    return events


def hofud_discards(state: NidavellirState, task: Task) -> list[Event]:
    """Höfud: every other player with a card to lose in the warrior column discards one, from
    the taker's left. Their choices wait until the taker's turn is over (its heroes and coin
    trade), so one seat's turn is never cut into by another's."""
    taker = task.seat
    tasks = []
    for offset in range(1, state.players):
        other = (taker + offset) % state.players
        if discardable_cards(state.ruleset, state.seats[other], (WARRIOR,)):
            tasks.append(Task(CARD_DISCARD, other, args=(WARRIOR,), card=task.card))
    end_of_turn = next((i for i, t in enumerate(state.tasks) if t.seat != taker), len(state.tasks))
    state.tasks[end_of_turn:end_of_turn] = tasks
    return []


def to_discard(state: NidavellirState, task: Task) -> list[Event]:
    state.discard.append(task.card)
    return []


# The steps no one card owns (Khrad's, Vidofnir's and Höfud's are declared with their cards).
THINGVELLIR_STEPS: dict[str, Callable[[NidavellirState, Task], list[Event]]] = {
    ENLISTMENT: enlistment,
    TO_DISCARD: to_discard,
}
