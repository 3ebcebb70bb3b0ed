"""Tranquility's playouts (engine/tranquility/playout.py): the random action is drawn from
exactly the legal actions, each once, and the kept islands' cells follow the sea."""

from __future__ import annotations

from engine import Rng
from engine.tranquility import GAME, legal, rules
from engine.tranquility.moves import Action, read
from engine.tranquility.playout import playout, random_action
from engine.tranquility.state import START_PHASE, TranquilityState
from tests.conformance import random_walk


class Scripted(Rng):
    """A generator whose next draw the test names: `below(n)` gives `index` and keeps `n`."""

    def __init__(self, index: int) -> None:
        super().__init__(0)
        self.index = index
        self.bound = 0

    def below(self, n: int) -> int:
        self.bound = n
        return self.index


def every_draw(state: TranquilityState, seat: int) -> list[Action | None]:
    first = Scripted(0)
    drawn = [random_action(state, seat, first)]
    return drawn + [random_action(state, seat, Scripted(i)) for i in range(1, first.bound)]


def mover(state: TranquilityState) -> int:
    return state.declarer if state.phase == START_PHASE else state.turn


def test_the_random_action_is_each_legal_action_once() -> None:
    """Counting instead of listing: draw i of n is the i-th of the legal actions in some order,
    so the n draws are the legal list, every action once (a uniform draw among them)."""
    looked = 0
    for state, seat in random_walk(GAME, (1, 3, 5), first_seed=100):
        wanted = sorted(read(text) for text in legal.texts(state, seat))
        drawn = every_draw(state, seat)
        assert sorted(a for a in drawn if a is not None) == wanted and None not in drawn
        looked += 1
    assert looked > 1000


def test_a_playout_keeps_the_sea_as_a_fresh_look_would() -> None:
    """`playout` keeps the islands' cells as its actions change them (placements, Sea Monsters);
    looking at the grid afresh every step, with the same draws, ends in the same state."""
    for seed in range(40):
        options = {"sea_monsters": 5, "jagged_rocks": "auto"} if seed % 2 else {}
        kept = GAME.setup(3, options, seed)
        fresh = GAME.clone(kept)
        playout(kept, Rng.from_seed(seed))
        rng = Rng.from_seed(seed)
        while fresh.won is None:
            seat = mover(fresh)
            action = random_action(fresh, seat, rng)
            assert action is not None
            rules.perform(fresh, seat, action, told=False)
        assert GAME.encode(kept) == GAME.encode(fresh)


def test_a_quiet_step_reaches_the_told_state() -> None:
    """`told=False` skips the event lines only: the state is the one `apply` reaches."""
    state = GAME.setup(3, {"sea_monsters": 3}, 5)
    rng = Rng.from_seed(5)
    while state.won is None:
        seat = mover(state)
        move = rng.choice(GAME.legal_moves(state, seat))
        told = GAME.apply(state, seat, move).state
        GAME.advance(state, seat, move)
        assert GAME.encode(state) == GAME.encode(told)
