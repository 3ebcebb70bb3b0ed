"""The Royal Treasure: coin trades and transforms.

Both look a coin up the same way: the wanted value, else the next higher one in the treasure,
else the highest one left. The coin given up leaves afterwards: a bronze coin goes out of the
game, a gold one back to the treasure. Card effects that change a trade or a transform (Jarika,
Zolkur) come in as `Terms`, worked out by the caller from the seat's cards.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from dataclasses import dataclass, field

from engine.core import Event, Move
from engine.nidavellir.components import (
    BRONZE_FIVE,
    BRONZE_MARK,
    COIN_IDENTITY,
    GOLD_MARK,
    HUNTER_COIN,
    POUCH_PLACE,
    TAVERN_LABELS,
    coin_token,
    coin_value,
    is_trading,
    seat_label,
)
from engine.nidavellir.grammar import NidavellirMove, coin_of_token, said, word_order
from engine.nidavellir.state import NO_BID, NidavellirState, SeatState


@dataclass
class Terms:
    """How the seat's cards change a trade or transform: `bonus` added to the target value
    (Jarika), `lower` gives up the lower coin of a trade (Zolkur), `spent` the once-only cards
    this uses up, `said` the names to show in the log."""

    bonus: int = 0
    lower: bool = False
    spent: list[str] = field(default_factory=list)
    said: list[str] = field(default_factory=list)


PLAIN = Terms()


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

    Under rules 2 coins were known by value only, so when a seat held a bronze and a gold coin of
    the same value the bronze one left; rules 3 knows each coin (BRONZE_FIVE).
    """
    if state.rules < COIN_IDENTITY:
        value = coin_value(coin)
        if value in seat.bronze:
            seat.bronze.remove(value)
        else:
            insort(state.treasure, value)
    elif coin in seat.bronze:
        seat.bronze.remove(coin)
    elif coin != HUNTER_COIN:  # the Hunter's 3 was never the treasure's
        insort(state.treasure, coin)


def both_fives(seat: SeatState) -> bool:
    """The seat holds the bronze 5 and a gold 5: its moves name which one (5b, 5g)."""
    pouch, bids = seat.pouch, seat.bids  # seat.coins() without making the list (asked on every bid)
    return (BRONZE_FIVE in pouch or BRONZE_FIVE in bids) and (5 in pouch or 5 in bids)


def coin_word(seat: SeatState, coin: int) -> str:
    """How `seat`'s moves name `coin`: its token, marked b or g when the seat holds a 5 of each."""
    if coin != 5 and coin != BRONZE_FIVE:  # the views name every coin: most need no look at the seat
        return coin_token(coin)
    return marked_word(coin, both_fives(seat))


def marked_word(coin: int, marked: bool) -> str:
    """A coin's token, with its metal when `marked` and it is a 5."""
    if marked and coin_value(coin) == 5:
        return coin_token(coin) + (BRONZE_MARK if coin == BRONZE_FIVE else GOLD_MARK)
    return coin_token(coin)


def named_coin(seat: SeatState, word: str) -> int:
    """The coin of `seat` that a move's coin word names (5 is whichever 5 the seat holds).

    A plain 5 while the seat holds both metals reads as a gold one here; it is not how the seat's
    moves write it (coin_word), so the choices refuse it, asking for 5b or 5g."""
    coin = coin_of_token(word)
    if word == "5" and BRONZE_FIVE in seat.coins() and 5 not in seat.coins():
        return BRONZE_FIVE
    return coin


def canonical_word(state: NidavellirState, seat: SeatState, word: str) -> str:
    """A typed coin word as `seat`'s legal moves write it: 5b or 5g become 5 while the seat holds
    one metal of 5 only (the one named: a bronze 5 asked of a gold-only seat stays, to be refused)."""
    if not word.endswith((BRONZE_MARK, GOLD_MARK)):
        return word
    if state.rules < COIN_IDENTITY:
        return word[:-1]
    if both_fives(seat):
        return word
    held = BRONZE_FIVE if word.endswith(BRONZE_MARK) else 5
    return word[:-1] if held in seat.coins() else word


def seat_move(state: NidavellirState, index: int, move: Move) -> Move:
    """`move` with its coin words as `index`'s legal moves write them (canonical_word)."""
    told = said(move)
    if not told.coins:
        return move
    seat = state.seats[index]
    written = [canonical_word(state, seat, word) for word in told.coins]
    if written == list(told.coins):
        return move
    if told.verb == "transform":  # one coin, then where it lies (and an amount)
        return NidavellirMove(told.text.replace(f" {told.coins[0]} ", f" {written[0]} ", 1), rules=state.ruleset)
    if told.verb == "trade":
        written.sort(key=word_order)
    return NidavellirMove(" ".join([told.verb, *written]), rules=state.ruleset)


def no_such_coin(seat: SeatState, word: str, where: str = "") -> str:
    """Why a coin word names no coin of `seat` (`where`: ' in your pouch' and the like)."""
    if word == "5" and both_fives(seat):
        return "You hold a bronze 5 and a gold 5: name one, 5b or 5g (e.g. 'bid 5g 4 3')."
    if word.endswith(BRONZE_MARK):
        return f"You have no bronze 5{where}."
    if word.endswith(GOLD_MARK):
        return f"You have no gold 5{where}."
    return f"You have no coin {word}{where}."


def leave_game(seat: SeatState, coin: int) -> None:
    """A coin leaves the game for good (Jarnglofi): never back to the treasure."""
    if coin != HUNTER_COIN and coin in seat.bronze:
        seat.bronze.remove(coin)


def transformable(seat: SeatState) -> list[tuple[int, int]]:
    """(coin, place) pairs a transform may target: place 0–2 a tavern, 3 the pouch."""
    out = {(c, t) for t, c in enumerate(seat.bids) if c != NO_BID and not is_trading(c)}
    out |= {(c, POUCH_PLACE) for c in seat.pouch if not is_trading(c)}
    return sorted(out)


def where(place: int) -> str:
    return "the pouch" if place == POUCH_PLACE else f"the {TAVERN_LABELS[place]}"


def betterment(state: NidavellirState, index: int, new: int, wanted: int) -> None:
    """A coin above the value wanted (nothing between was left) is a betterment: Svafa counts it."""
    if new > wanted:
        # effects.py reads coins.py (Terms), so the way back is imported when it is needed.
        from engine.nidavellir.effects import notify
        from engine.nidavellir.hooks import BETTERMENT

        notify(state, index, BETTERMENT, new - wanted)


def transform_coin(state: NidavellirState, index: int, coin: int, place: int, amount: int) -> int | None:
    """Swap `coin` (at `place`) for the treasure coin worth `amount` more, in the same place;
    the new coin, or None when the treasure is empty (nothing happens)."""
    seat = state.seats[index]
    wanted = coin_value(coin) + amount
    new = treasure_pick(state.treasure, wanted)
    if new is None:
        return None
    state.treasure.remove(new)
    if place == POUCH_PLACE:
        seat.pouch.remove(coin)
        seat.pouch.append(new)
        seat.pouch.sort()
    else:
        seat.bids[place] = new
    give_up(state, seat, coin)
    betterment(state, index, new, wanted)
    return new


def transform(state: NidavellirState, index: int, coin: int, place: int, amount: int, why: str) -> list[Event]:
    """Swap `coin` (at `place`) for the treasure coin worth `amount` more; same place."""
    new = transform_coin(state, index, coin, place, amount)
    if new is None:
        return [Event(f"{seat_label(index)} can't transform a coin ({why}): the Royal Treasure is empty.")]
    events = [Event(f"{seat_label(index)} transforms {a_coin(coin_token(coin))} into {a_coin(new)} ({why}).")]
    events.append(Event(f"Your {coin_token(coin)} on {where(place)} became {a_coin(new)}.", frozenset({index})))
    return events


def trade(state: NidavellirState, index: int, first: int, second: int, terms: Terms = PLAIN) -> list[Event]:
    """The coin trade: the sum of two pouch coins replaces the higher of them (the lower with Zolkur)."""
    seat = state.seats[index]
    total = coin_value(first) + coin_value(second) + terms.bonus
    new = treasure_pick(state.treasure, total)
    if new is None:
        return [Event(f"{seat_label(index)} can't trade: the Royal Treasure is empty.")]
    state.treasure.remove(new)
    given = (min if terms.lower else max)(first, second, key=coin_value)
    seat.pouch.remove(given)
    seat.pouch.append(new)
    seat.pouch.sort()
    give_up(state, seat, given)
    betterment(state, index, new, total)
    seat.pouch_shown = True
    for card in terms.spent:
        seat.marks[card] = 1
    plus = f" + {terms.bonus}" if terms.bonus else ""
    why = f" ({', '.join(terms.said)})" if terms.said else ""
    return [Event(f"{seat_label(index)} trades {coin_token(first)} + {coin_token(second)}{plus} = {total}{why}: "
                  f"takes {a_coin(new)}, gives up the {coin_token(given)}.")]
