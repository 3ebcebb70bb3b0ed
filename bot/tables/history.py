"""Replaying a game's log, takebacks included (docs/undo.md).

The log is append-only: a move taken back stays in it, and an `undo` change after it names it
(`text` is the state id of the move taken back). The game then is as if that move had never been
made, while the moves made after it (other seats' choices in the same simultaneous step) still
stand. `History` replays a log change by change that way; every loop that rebuilds a game from
its log (loading, replays, `skald db verify`) goes through it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from engine.core import Event, Game

S = TypeVar("S")

MOVE = "move"
UNDO = "undo"


class BadUndo(Exception):
    """An undo change that names no move still standing (a damaged log)."""


@dataclass
class _Applied(Generic[S]):
    state_id: int
    seat: int
    text: str
    before: S


class History(Generic[S]):
    """The current state of a game being replayed from `start` (its set-up state or a snapshot).

    `keep` bounds how many applied moves are remembered for a later undo: a takeback reaches
    back one move of its seat plus the other seats' moves of the same step, so a few dozen is
    plenty; None keeps them all (a full replay that must honour any undo in the log)."""

    def __init__(self, engine: Game[S], start: S, *, keep: int | None = None) -> None:
        self.engine = engine
        self.state = start
        self._applied: list[_Applied[S]] = []
        self._keep = keep

    def move(self, state_id: int, seat: int, text: str) -> tuple[Event, ...]:
        """Apply a logged move; the engine's errors pass through."""
        step = self.engine.apply(self.state, seat, text)
        self._remember(_Applied(state_id, seat, text, self.state))
        self.state = step.state
        return step.events

    def undo(self, target: int) -> None:
        """Take back the move logged at state id `target` and replay the moves made after it."""
        index = next((i for i, a in enumerate(self._applied) if a.state_id == target), None)
        if index is None:
            raise BadUndo(f"the undo names state {target}, which is no move still standing")
        later = self._applied[index + 1:]
        self.state = self._applied[index].before
        del self._applied[index:]
        for applied in later:
            self.move(applied.state_id, applied.seat, applied.text)

    def change(self, kind: str, state_id: int, seat: int | None, text: str) -> tuple[Event, ...] | None:
        """One logged change of any kind: a move's events, None for an undo or a table action."""
        if kind == MOVE:
            if seat is None:
                raise BadUndo(f"the move at state {state_id} has no seat")
            return self.move(state_id, seat, text)
        if kind == UNDO:
            self.undo(undo_target(text))
        return None

    def _remember(self, applied: _Applied[S]) -> None:
        self._applied.append(applied)
        if self._keep is not None and len(self._applied) > self._keep:
            del self._applied[0]


def undo_target(text: str) -> int:
    """The state id an undo change names (its `text`)."""
    if not text.isdigit():
        raise BadUndo(f"an undo must name a state id, not {text[:20]!r}")
    return int(text)


def replay_changes(engine: Game[Any], start: Any, changes: Any, *, keep: int | None = None) -> Any:
    """The state after replaying `changes` (objects with kind, state_id, seat, text) from `start`."""
    history: History[Any] = History(engine, start, keep=keep)
    for change in changes:
        history.change(change.kind, change.state_id, change.seat, change.text)
    return history.state
