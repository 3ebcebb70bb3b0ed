"""The Royal Treasure: coin trades and transforms.

Both look a coin up the same way: the wanted value, else the next higher one in the treasure,
else the highest one left. The coin given up leaves afterwards: a bronze coin goes out of the
game, a gold one back to the treasure.
"""

from __future__ import annotations

from bisect import bisect_left, insort

from engine.core import Event
from engine.nidavellir.cards import TAVERN_LABELS, coin_token, coin_value, is_trading
from engine.nidavellir.state import NO_BID, NidavellirState, SeatState


def seat_name(seat: int) -> str:
    return f"Seat {seat + 1}"


def a_coin(value: int | str) -> str:
    """'a 5', 'an 8', 'an 11', 'an 18'."""
    text = str(value)
    return f"an {text}" if text.startswith("8") or text in ("11", "18") else f"a {text}"


def treasure_pick(treasure: list[int], wanted: int) -> int | None:
    """The coin a trade or transform gets for `wanted`; None when the treasure is empty."""
    if not treasure:
        return None
    i = bisect_left(treasure, wanted)
    return treasure[i] if i < len(treasure) else treasure[-1]


def give_up(state: NidavellirState, seat: SeatState, coin: int) -> None:
    """A coin leaves its owner: bronze out of the game, gold back to the treasure.

    Coins are known by value only, so when a seat holds a bronze and a gold coin of the same
    value the bronze one is the one that leaves (a house decision, docs/nidavellir.md).
    """
    value = coin_value(coin)
    if value in seat.bronze:
        seat.bronze.remove(value)
    else:
        insort(state.treasure, value)


def transformable(seat: SeatState) -> list[tuple[int, int]]:
    """(coin, place) pairs a transform may target: place 0–2 a tavern, 3 the pouch."""
    out = {(c, t) for t, c in enumerate(seat.bids) if c != NO_BID and not is_trading(c)}
    out |= {(c, 3) for c in seat.pouch if not is_trading(c)}
    return sorted(out)


def transform(state: NidavellirState, index: int, coin: int, place: int, amount: int, why: str) -> list[Event]:
    """Swap `coin` (at `place`) for the treasure coin worth `amount` more; same place."""
    seat = state.seats[index]
    new = treasure_pick(state.treasure, coin_value(coin) + amount)
    if new is None:
        return [Event(f"{seat_name(index)} can't transform a coin ({why}): the Royal Treasure is empty.")]
    state.treasure.remove(new)
    if place == 3:
        seat.pouch.remove(coin)
        seat.pouch.append(new)
        seat.pouch.sort()
    else:
        seat.bids[place] = new
    give_up(state, seat, coin)
    where = "the pouch" if place == 3 else f"the {TAVERN_LABELS[place]}"
    events = [Event(f"{seat_name(index)} transforms {a_coin(coin_token(coin))} into {a_coin(new)} ({why}).")]
    events.append(Event(f"Your {coin_token(coin)} on {where} became {a_coin(new)}.", frozenset({index})))
    return events


def trade(state: NidavellirState, index: int, first: int, second: int) -> list[Event]:
    """The coin trade: the sum of two pouch coins replaces the higher of them."""
    seat = state.seats[index]
    total = coin_value(first) + coin_value(second)
    new = treasure_pick(state.treasure, total)
    if new is None:
        return [Event(f"{seat_name(index)} can't trade: the Royal Treasure is empty.")]
    state.treasure.remove(new)
    high = max(first, second, key=coin_value)
    seat.pouch.remove(high)
    seat.pouch.append(new)
    seat.pouch.sort()
    give_up(state, seat, high)
    seat.pouch_shown = True
    return [Event(f"{seat_name(index)} trades {coin_token(first)} + {coin_token(second)} = {total}: "
                  f"takes {a_coin(new)}, gives up the {coin_token(high)}.")]
