"""Replaying a game's move log, takebacks included: the one loop every bot-side rebuild uses.

The move log is the source of truth (docs/design.md): the table service rebuilds a game from it
(`bot/tables/table.py`), `skald db verify` checks snapshots against it (`bot/tables/audit.py`),
a takeback is planned on it (`bot/tables/undo.py`), and replays and exports are drawn from it
(`bot/replays.py`). Each walks the same log the same way, here; what each checks along the way,
and what it makes of a failure, stays with it.

The log is append-only: a move taken back stays in it, and an `undo` change after it names it
(`text` is the state id of the move taken back, docs/undo.md). The game then is as if that move
had never been made, while the moves made after it (other seats' choices in the same
simultaneous step) still stand. `History` replays a log change by change that way.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from bot.kinds import ChangeKind
from engine.core import Game, Step

S = TypeVar("S")

# The change kinds the engine replays; the others are the table's own actions.
MOVE, UNDO = ChangeKind.MOVE, ChangeKind.UNDO


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


class BadUndo(Exception):
    """A move without a seat or text, or an undo that names no move still standing (a damaged log)."""


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

    def move(self, state_id: int, seat: int, text: str) -> Step[S]:
        """Apply a logged move; the engine's errors pass through."""
        step = self.engine.apply(self.state, seat, text)
        self._remember(_Applied(state_id, seat, text, self.state))
        self.state = step.state
        return step

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

    def change(self, kind: str, state_id: int, seat: int | None, text: str | None) -> Step[S] | None:
        """One logged change of any kind: a move's step; None for an undo or a table action."""
        if kind == MOVE:
            if seat is None or text is None:
                raise BadUndo(f"the move at state {state_id} has no seat or no text")
            return self.move(state_id, seat, text)
        if kind == UNDO:
            self.undo(undo_target(text or ""))
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


@dataclass(frozen=True)
class Replayed(Generic[C]):
    """The state after one change; `step` is a move's (None for an undo, and for a table action,
    which the engine never sees: a resignation, a stand-in taking over, a pause)."""

    change: C
    state: Any
    step: Step[Any] | None


class MoveFailed(Exception):
    """A logged move or undo no longer applies; `cause` is the engine's error, or BadUndo for a
    change the log itself got wrong (no seat or text, an undo naming no standing move)."""

    def __init__(self, change: Change, cause: Exception) -> None:
        super().__init__(f"change {change.state_id} no longer replays ({type(cause).__name__})")
        self.change = change
        self.cause = cause


def replay(engine: Game[Any], state: Any, changes: Iterable[C], *, keep: int | None = None) -> Iterator[Replayed[C]]:
    """Apply the log's moves and undos to `state` in order, yielding the state after every change.

    Raises MoveFailed at the first change that no longer applies."""
    history: History[Any] = History(engine, state, keep=keep)
    for change in changes:
        try:
            step = history.change(change.kind, change.state_id, change.seat, change.text)
        except Exception as error:
            raise MoveFailed(change, error) from error
        yield Replayed(change, history.state, step)


def replay_changes(engine: Game[Any], start: Any, changes: Iterable[Change], *, keep: int | None = None) -> Any:
    """The state after replaying `changes` from `start`."""
    state = start
    for replayed in replay(engine, start, changes, keep=keep):
        state = replayed.state
    return state
