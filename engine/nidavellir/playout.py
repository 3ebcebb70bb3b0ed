"""Random games without listing every move: a seat's bid drawn by its place among the bids.

A seat bids one of its coins on each of the three taverns; `legal_moves` lists every such bid
(up to 60, more with Uline's trades) sorted by text. A playout needs only the one it draws: the
bids are counted from the coins' words and the drawn place is read back, so the draw is the
move `rng.choice(legal_moves)` gives, with the same draw of the generator; its coins are then
placed as the bid's move places them (choices.place_bids), without wording it.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from engine.nidavellir.coins import both_fives, marked_word
from engine.nidavellir.state import SeatState
from engine.rng import Rng

BID_COINS = 3  # one coin on each tavern


def _arrangements(counts: Sequence[int], length: int) -> int:
    """Sequences of `length` (at most 3) words drawn from words held `counts` times each, no word
    more often than held: by how many words repeat in them."""
    distinct = twice = thrice = 0
    for c in counts:
        if c:
            distinct += 1
            if c > 1:
                twice += 1
                if c > 2:
                    thrice += 1
    if length == 3:  # three different words, one twice with another (3 places for the other), one thrice
        return distinct * (distinct - 1) * (distinct - 2) + 3 * twice * (distinct - 1) + thrice
    if length == 2:
        return distinct * (distinct - 1) + twice
    return distinct if length == 1 else 1


def bid_words(seat: SeatState) -> tuple[list[str], list[int], list[int]]:
    """The distinct words of the seat's pouch coins as its bids write them, in text order, with
    how many coins each names and the coin it names (the one coins.named_coin reads it as: the
    seat's only 5 for a plain "5", whichever metal that is)."""
    words, counts, coin_of, _ = _bid_table(tuple(sorted(seat.pouch)), both_fives(seat))
    return list(words), list(counts), [coin_of[w] for w in words]


def nth_bid(words: Sequence[str], counts: Sequence[int], index: int) -> list[str]:
    """The words of the bid at `index` (from 0) among every bid of these words sorted by text.

    The texts share "bid " and their words are split by spaces, which sort before every
    character of a coin word: text order is the order of the word triples, word by word."""
    chosen: list[str] = []
    counts = list(counts)
    for left in range(BID_COINS - 1, -1, -1):
        for i, c in enumerate(counts):
            if not c:
                continue
            counts[i] = c - 1
            after = _arrangements(counts, left)
            if index < after:
                chosen.append(words[i])
                break
            index -= after
            counts[i] = c
        else:
            raise IndexError("no such bid")
    return chosen


@lru_cache(maxsize=4096)
def _bid_table(pouch: tuple[int, ...], marked: bool) -> tuple[tuple[str, ...], tuple[int, ...], dict[str, int], int]:
    """bid_words of a sorted pouch (a word names one coin, so the pouch's order doesn't
    matter), the coin of each word, and how many bids there are (pure, so cached; the dict is
    only read)."""
    held: dict[str, int] = {}
    coin_of: dict[str, int] = {}
    for coin in pouch:
        word = marked_word(coin, marked)
        held[word] = held.get(word, 0) + 1
        coin_of[word] = coin
    words = tuple(sorted(held))
    counts = tuple(held[w] for w in words)
    return words, counts, coin_of, _arrangements(counts, BID_COINS)


def random_bid(seat: SeatState, rng: Rng) -> list[int]:
    """The coins, tavern by tavern, of the bid `rng.choice(legal_moves)` draws for a bidding
    seat, found without listing the bids."""
    pouch, marked = tuple(sorted(seat.pouch)), both_fives(seat)
    return list(_bid_coins(pouch, marked, rng.below(_bid_table(pouch, marked)[3])))


@lru_cache(maxsize=16384)
def _bid_coins(pouch: tuple[int, ...], marked: bool, index: int) -> tuple[int, ...]:
    """The coins of the bid at `index` among a sorted pouch's bids (pure, so cached: a playout
    meets the same pouches again and again)."""
    words, counts, coin_of, _ = _bid_table(pouch, marked)
    return tuple(coin_of[word] for word in nth_bid(words, counts, index))
