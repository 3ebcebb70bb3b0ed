"""Idavoll's rule steps (run at once from the queue), declared with their giants (giants.py):
Skymir's draw from the mythology reserve and Hrungnir's transforms."""

from __future__ import annotations

from engine.core import Event
from engine.nidavellir.coins import a_coin, transform_coin, where
from engine.nidavellir.components import POUCH_PLACE, coin_token, coin_value, is_trading, seat_label
from engine.nidavellir.effects import transform_bonus
from engine.nidavellir.idavoll.cards import HRUNGNIR_BONUS, SKYMIR_DRAW, SKYMIR_KEEP
from engine.nidavellir.state import (
    HRUNGNIR_ORDER,
    NO_BID,
    NidavellirState,
    Task,
)
from engine.nidavellir.state import SKYMIR_KEEP as SKYMIR_KEEP_TASK


def skymir(state: NidavellirState, task: Task) -> list[Event]:
    """Skymir: 5 cards from the top of the mythology reserve, seen by their drawer, who keeps 2."""
    reserve = state.myth_reserve
    state.drawn = [reserve.pop() for _ in range(min(SKYMIR_DRAW, len(reserve)))]
    if not state.drawn:
        return []
    state.tasks.insert(0, Task(SKYMIR_KEEP_TASK, task.seat, min(SKYMIR_KEEP, len(state.drawn)), card=task.card))
    names = ", ".join(state.cards[c].label for c in state.drawn)
    return [Event(f"{seat_label(task.seat)} draws {len(state.drawn)} cards from the mythology reserve (Skymir)."),
            Event(f"You draw {names}.", frozenset({task.seat}))]


def pouch_coins(state: NidavellirState, seat: int) -> list[int]:
    """Coins in the pouch (or Uline's hand) that Hrungnir transforms: all but the trading coin."""
    return [c for c in state.seats[seat].pouch if not is_trading(c)]


def hrungnir(state: NidavellirState, task: Task) -> list[Event]:
    """Hrungnir: when the pouch holds coins of different values, their owner first says in
    which order they go (the physical pouch has a left and a right coin; Skald's doesn't)."""
    coins = pouch_coins(state, task.seat)
    if len(set(coins)) > 1:
        state.tasks.insert(0, Task(HRUNGNIR_ORDER, task.seat, card=task.card))
        return []
    return hrungnir_transforms(state, task.seat, coins)


def hrungnir_transforms(state: NidavellirState, seat: int, pouch_order: list[int]) -> list[Event]:
    """Every coin but the trading coin +2 (+4 with Jarika), one at a time: the Goblin's, the
    Dragon's, the Horse's (resolved or not), then the pouch's in `pouch_order`. The public line
    lists them by value, so it never tells where a hidden bid lay."""
    player = state.seats[seat]
    amount = HRUNGNIR_BONUS + transform_bonus(state, seat)
    done: list[tuple[int, int, int]] = []
    for tavern in range(3):
        coin = player.bids[tavern]
        if coin != NO_BID and not is_trading(coin):
            new = transform_coin(state, seat, coin, tavern, amount)
            if new is not None:
                done.append((coin, new, tavern))
    for coin in pouch_order:
        if coin in player.pouch:
            new = transform_coin(state, seat, coin, POUCH_PLACE, amount)
            if new is not None:
                done.append((coin, new, POUCH_PLACE))
    if not done:
        return [Event(f"{seat_label(seat)}'s coins can't be transformed (Hrungnir): nothing to transform.")]
    shown = ", ".join(f"{coin_token(c)} → {n}" for c, n, _ in sorted(done, key=lambda d: (coin_value(d[0]), d[1])))
    private = "; ".join(f"your {coin_token(c)} on {where(p)} became {a_coin(n)}" for c, n, p in done)
    return [Event(f"{seat_label(seat)}'s coins are transformed +{amount} (Hrungnir): {shown}."),
            Event(private[0].upper() + private[1:] + ".", frozenset({seat}))]
