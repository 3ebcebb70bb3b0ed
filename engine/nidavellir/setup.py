"""A new game: gems, bronze coins, the Royal Treasure, both decks, heroes and distinctions,
then each expansion's components."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.nidavellir.cards import BASE_HERO_KEYS, DISTINCTION_ORDER, deck
from engine.nidavellir.components import RULES, bronze_coins, gems, treasure
from engine.nidavellir.rounds import expansions, start_round
from engine.nidavellir.state import NOT_DECIDED, NidavellirState, SeatState
from engine.rng import Rng

if TYPE_CHECKING:
    from engine.nidavellir.ruleset import Ruleset


def new_game(ruleset: Ruleset, players: int, seed: int, expansion_names: list[str],
             version: int = 3) -> NidavellirState:
    """A game of `ruleset` with these expansions in play: gems dealt at random, five bronze coins
    each, both decks shuffled (then the expansions' decks, so a base game draws exactly as it
    always did), round 1 of Age 1 dealt.

    Version 2 deals the gems (everyone sees them) from a stream of their own, so they tell
    nothing about the hidden deck order; version 1 drew both from one stream. Versions 1 and 2
    play by rules 2 after set-up, version 3 by rules 3 (components.RULES)."""
    rng = Rng.from_seed(seed) if version == 1 else Rng.stream(seed, "hidden")
    public = rng if version == 1 else Rng.stream(seed, "public")
    dealt = gems(players)
    public.shuffle(dealt)
    generation = 2 if version < RULES else RULES
    coins = bronze_coins(generation)
    seats = [SeatState(gem, pouch=list(coins), bronze=list(coins)) for gem in dealt]
    decks = [deck(1, players), deck(2, players)]
    for cards in decks:
        rng.shuffle(cards)
    state = NidavellirState(
        players=players, rng=rng.state, seats=seats, decks=decks, treasure=treasure(players),
        reserve=list(BASE_HERO_KEYS), winners=[NOT_DECIDED] * len(DISTINCTION_ORDER),
        expansions=sorted(expansion_names), rules=generation,
        ruleset=ruleset.for_options(sorted(expansion_names)),
    )
    for rules in expansions(state):
        rules.setup(state, rng)
    state.rng = rng.state
    start_round(state)
    return state
