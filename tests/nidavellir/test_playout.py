"""Nidavellir's playouts (engine/nidavellir/playout.py, Nidavellir.playout): a bid is drawn by its
place among the bids without listing them; draw i of n is the i-th legal bid, so a playout makes
the very moves `Game.playout` makes with the same generator."""

from __future__ import annotations

from itertools import permutations, product

from engine import Rng
from engine.core import Game
from engine.nidavellir import GAME
from engine.nidavellir.coins import named_coin
from engine.nidavellir.playout import BID_COINS, _arrangements, bid_words, nth_bid
from engine.nidavellir.recruiting import can_recruit, recruitable
from engine.nidavellir.state import BID, SeatState
from tests.conformance import random_walk


def bid_count(seat: SeatState) -> int:
    """How many bids the seat may make (the length of its `legal_moves` while it bids)."""
    return _arrangements(bid_words(seat)[1], BID_COINS)


def test_the_bids_counted_are_the_legal_bids_in_order() -> None:
    """Every bidding seat met in random games: the bids read back by place, 0 to n - 1, are the
    legal moves, in their order (every bid once: a uniform draw among them)."""
    looked = 0
    for state, seat in random_walk(GAME, (2, 3, 5), first_seed=300):
        if state.phase == BID and not state.tasks:
            words, counts, coins = bid_words(state.seats[seat])
            drawn = ["bid " + " ".join(nth_bid(words, counts, i)) for i in range(bid_count(state.seats[seat]))]
            assert drawn == [move.text for move in GAME.legal_moves(state, seat)]
            assert coins == [named_coin(state.seats[seat], word) for word in words]
            looked += 1
        for other in range(state.players):
            assert can_recruit(state, other) == bool(recruitable(state, other))
    assert looked > 200


def test_a_playout_makes_the_moves_of_the_general_one() -> None:
    """From the setup and part-way, with limits too: the same moves made, the same state reached."""
    for number, options in enumerate(GAME.option_sets()):
        for players in (2, 3, 4, 5):
            for seed in range(3):
                seed += 10 * number + players
                mine, general = GAME.setup(players, options, seed), GAME.setup(players, options, seed)
                for limit in (17, None):
                    made = GAME.playout(mine, Rng.from_seed(seed + (limit or 0)), limit)
                    assert made == Game.playout(GAME, general, Rng.from_seed(seed + (limit or 0)), limit)
                    assert GAME.encode(mine) == GAME.encode(general)
                assert GAME.outcome(mine) is not None


def test_the_count_of_bids_is_the_count_of_distinct_word_sequences() -> None:
    """Words held up to three times each (a seat may hold several coins of one value)."""
    for counts in product(range(4), repeat=4):
        held = [word for word, c in zip("abcd", counts, strict=True) for _ in range(c)]
        for length in range(4):
            assert _arrangements(list(counts), length) == len(set(permutations(held, length)))
