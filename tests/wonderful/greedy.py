"""Greedy games of It's a Wonderful World for the view and picture tests to look along."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from engine.wonderful import GAME
from engine.wonderful.state import WonderfulState


def greedy_game(players: int, face: str, seed: int) -> Iterator[tuple[int, int | None, WonderfulState]]:
    """Every state of a game each seat plays greedily, as (step, seat that just moved, state):
    the setup first (seat None), then one after each move; a step lets each seat still to act move once."""
    ai = GAME.ai_players()["greedy"]
    state = GAME.setup(players, {"face": face}, seed)
    yield 0, None, state
    for step in itertools.count():
        seats = sorted(GAME.to_move(state))
        if not seats:
            return
        for seat in seats:
            if seat in GAME.to_move(state):
                state = GAME.apply(state, seat, ai.choose(state, seat, seed * 7919 + step * 31 + seat)).state
                yield step, seat, state
