"""Replaying a game's move log: the one loop every bot-side rebuild uses.

The move log is the source of truth (DESIGN.md): the table service rebuilds a game from it
(`bot/tables/table.py`), `skald db verify` checks snapshots against it (`bot/tables/audit.py`),
and replays and exports are drawn from it (`bot/replays.py`). Each walks the same log the same
way, here; what each checks along the way, and what it makes of a failure, stays with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from engine.core import Game, Step

MOVE = "move"  # the change kind the engine replays; the others are the table's own actions


class Change(Protocol):
    """A logged change as the store (`MoveRow`) and an export (`bot.replays.Change`) both hold it."""

    @property
    def state_id(self) -> int: ...

    @property
    def seat(self) -> int | None: ...

    @property
    def kind(self) -> str: ...

    @property
    def text(self) -> str | None: ...


C = TypeVar("C", bound=Change)


@dataclass(frozen=True)
class Replayed(Generic[C]):
    """The state after one change; `step` is the move's (None for a table action, which the
    engine never sees: a resignation, a stand-in taking over, a pause)."""

    change: C
    state: Any
    step: Step[Any] | None


class MoveFailed(Exception):
    """A logged move no longer applies (or has no seat or text); `cause` is the engine's error,
    None for a move without a seat or a text."""

    def __init__(self, change: Change, cause: Exception | None) -> None:
        super().__init__(f"change {change.state_id} no longer replays"
                         f" ({'no seat or text' if cause is None else type(cause).__name__})")
        self.change = change
        self.cause = cause


def replay(engine: Game[Any], state: Any, changes: Iterable[C]) -> Iterator[Replayed[C]]:
    """Apply the log's moves to `state` in order, yielding the state after every change.

    Raises MoveFailed at the first move that no longer applies."""
    for change in changes:
        if change.kind != MOVE:
            yield Replayed(change, state, None)
            continue
        if change.seat is None or change.text is None:
            raise MoveFailed(change, None)
        try:
            step = engine.apply(state, change.seat, change.text)
        except Exception as error:
            raise MoveFailed(change, error) from error
        state = step.state
        yield Replayed(change, state, step)
