"""Build exact Tranquility positions for rule tests, the way a rulebook example sets the table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.tranquility import GAME, TranquilityState
from engine.tranquility.cards import FINISH, MONSTER, START

CARD = {"start": START, "finish": FINISH, "monster": MONSTER}


def cards(*tokens: int | str) -> list[int]:
    """Card codes from island numbers and the words start/finish/monster."""
    return [t if isinstance(t, int) else CARD[t] for t in tokens]


def position(
    hands: Sequence[Sequence[int | str]],
    grid: Mapping[int, int] | None = None,
    piles: Sequence[Sequence[int | str]] | None = None,
    options: Mapping[str, Any] | None = None,
    **fields: Any,
) -> TranquilityState:
    """A state with these hands (seat order), `grid` as {cell number: island}, and draw piles
    (top card last); every other field as given or as after setup."""
    state = GAME.setup(len(hands), options, seed=1)
    state.hands = [sorted(cards(*h)) for h in hands]
    state.piles = [cards(*p) for p in piles] if piles is not None else [[] for _ in hands]
    state.grid = [0] * 36
    for cell, island in (grid or {}).items():
        state.grid[cell - 1] = island
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def full_grid_except(*cells: int) -> dict[int, int]:
    """Islands 2, 4, 6, ... in every cell but the named ones (an ascending, nearly full grid)."""
    return {cell: 2 * cell for cell in range(1, 37) if cell not in cells}


def loss_summary(state: TranquilityState) -> str:
    """The outcome summary of a game everybody has lost; the test fails when it isn't lost."""
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == () and outcome.cooperative
    return outcome.summary


def legal(state: TranquilityState, seat: int = 0) -> list[str]:
    """The texts of the seat's legal moves, sorted."""
    return [m.text for m in GAME.legal_moves(state, seat)]
