"""A new game: gems, bronze coins, the Royal Treasure, both decks, heroes and distinctions."""

from __future__ import annotations

from engine.nidavellir.cards import BRONZE_COINS, DISTINCTION_ORDER, HERO_IDS, deck, gems, treasure
from engine.nidavellir.state import NOT_DECIDED, NidavellirState, SeatState
from engine.nidavellir.turns import start_round
from engine.rng import Rng


def new_game(players: int, seed: int) -> NidavellirState:
    """Gems dealt at random, five bronze coins each, both decks shuffled, round 1 of Age 1 dealt."""
    rng = Rng.from_seed(seed)
    dealt = gems(players)
    rng.shuffle(dealt)
    seats = [SeatState(gem, pouch=list(BRONZE_COINS), bronze=list(BRONZE_COINS)) for gem in dealt]
    decks = [deck(1, players), deck(2, players)]
    for cards in decks:
        rng.shuffle(cards)
    state = NidavellirState(
        players=players, rng=rng.state, seats=seats, decks=decks, treasure=treasure(players),
        reserve=list(HERO_IDS), winners=[NOT_DECIDED] * len(DISTINCTION_ORDER),
    )
    start_round(state)
    return state
