"""Taking a move back, as Board Game Arena allows it (docs/undo.md).

A person may take back their own last move while nobody else has acted since and the move
revealed nothing hidden (the engine says, `Game.undoable`); in a simultaneous step (sealed bids)
they may change their choice until the reveal, even after other seats chose. The log stays
append-only: an `undo` change names the move taken back, and the game goes on from the state
before it, with the other seats' choices made since applied again (bot/move_log.py).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from bot.kinds import ChangeKind
from bot.move_log import MOVE, UNDO, History, undo_target
from bot.store.records import MoveRow
from bot.tables.checks import own_seat, require_running
from bot.tables.errors import CantUndo
from bot.tables.gate import Change, Gate
from bot.tables.table import Table, Takeback, rebuild
from bot.tables.types import RUNNING, MoveResult
from engine.core import Event, seat_label
from engine.errors import StaleEncoding

log = logging.getLogger(__name__)

# How far back to look for a seat's last move: its own steps of a turn plus one move per
# other seat of a simultaneous step fit many times over.
LOOK_BACK = 64


@dataclass(frozen=True)
class _Plan:
    """What taking back `target` means: the move, the other seats' moves after it that stand,
    and the state the game goes on from."""

    target: MoveRow
    later: tuple[MoveRow, ...]
    state: Any


class Undo:
    """A seat takes back its last move, over the gate."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate

    async def take_back(self, game_id: int, user_id: int, target: int | None = None) -> MoveResult:
        """Take back the user's last move (`target`: the state id of the move meant, as an Undo
        button quotes it; a move taken back already or superseded is refused, so a double click
        takes back one move, not two). Returns once committed and told."""
        async with self.gate.locked(game_id) as table:
            require_running(table)
            seat = own_seat(table, user_id)
            stale = CantUndo("That move was taken back already, or you have moved since; your panel shows the "
                             "board as it is now.")
            try:
                plan = await self._undo_plan(table, seat, user_id)
            except CantUndo:
                if target is not None and not await self._still_standing(table, target):
                    raise stale from None
                raise
            if target is not None and plan.target.state_id != target:
                raise stale
            return await self._take_back(table, seat, user_id, plan)

    async def _undo_plan(self, table: Table, seat: int, user_id: int) -> _Plan:
        """Check every rule of taking back `seat`'s last move; CantUndo says which one fails."""
        name = table.name_of(seat)
        rows = await self.gate.moves(table.game_id, last=LOOK_BACK)
        taken_back: set[int] = set()
        later: list[MoveRow] = []
        target: MoveRow | None = None
        for row in reversed(rows):
            if row.kind == UNDO and row.seat == seat:
                taken_back.add(undo_target(row.text))
            elif row.kind == MOVE and row.state_id in taken_back:
                continue
            elif row.kind == MOVE and row.seat == seat:
                target = row
                break
            elif row.kind == MOVE:
                later.append(row)
            else:
                raise CantUndo(f"The table has changed since your last move ({_what(row)}); it stands.")
        if target is None:
            raise CantUndo("You have no move to take back.")
        if target.stand_in or target.user_id != user_id:
            raise CantUndo("Your seat's last move was not yours (an AI or another player made it); it stands.")
        before_target = await self._to_move_before(table, target.state_id, rows)
        for row in later:
            # Only choices of the same simultaneous step: seats that were to act before the move
            # and still were after it. Anything else means someone acted on what it showed.
            if row.seat is None or row.seat not in before_target or row.seat not in target.to_move:
                raise CantUndo(f"{table.name_of(row.seat or 0)} has played since your last move; it stands.")
        before = await self._state_at(table, target.state_id - 1)
        engine = table.engine
        step = engine.apply(before, seat, target.text)
        if not engine.undoable(before, seat, step):
            raise CantUndo(f"Your last move drew or revealed something hidden, so it stands, {name}. "
                           "Only a move that shows nobody anything new can be taken back.")
        history: History[Any] = History(engine, step.state)
        standing = History(engine, before)
        for row in reversed(later):
            assert row.seat is not None
            state_before = history.state
            moved = history.move(row.state_id, row.seat, row.text)
            if not engine.undoable(state_before, row.seat, moved):
                raise CantUndo(f"{table.name_of(row.seat)}'s move since revealed something; your move stands.")
            try:
                replayed = standing.move(row.state_id, row.seat, row.text)
            except Exception:
                raise CantUndo("The moves made since yours depend on it; it stands.") from None
            if _public(replayed.events) != _public(moved.events):
                raise CantUndo("The moves made since yours depend on it; it stands.")
        if engine.encode(history.state) != engine.encode(table.state):
            # The log and the game in memory disagree: never guess, leave the game as it is.
            log.error("game %d: the log does not replay to the current state; undo refused", table.game_id)
            raise CantUndo("This move can't be taken back right now.")
        return _Plan(target, tuple(reversed(later)), standing.state)

    async def _still_standing(self, table: Table, target: int) -> bool:
        """Whether the move logged at `target` stands (no undo names it, nothing of its seat since)."""
        rows = await self.gate.moves(table.game_id, after=target - 1)
        return bool(rows) and rows[0].kind == MOVE and not any(
            r.kind == UNDO and undo_target(r.text) == target for r in rows[1:])

    async def _to_move_before(self, table: Table, state_id: int, rows: list[MoveRow]) -> frozenset[int]:
        """The seats that were to act before the change `state_id` (`rows`: the latest changes)."""
        if state_id <= 1:
            start = table.engine.setup(len(table.seats), table.row.options, table.row.seed or 0,
                                       table.row.engine_version)
            return frozenset(table.engine.to_move(start))
        found = [r for r in rows if r.state_id == state_id - 1] or [
            r for r in await self.gate.moves(table.game_id, after=state_id - 2) if r.state_id == state_id - 1]
        return frozenset(found[0].to_move) if found else frozenset()

    async def _state_at(self, table: Table, state_id: int) -> Any:
        """The game's state as it was at `state_id`, rebuilt from the store."""
        record = await self.gate.store.games.load(table.game_id, upto=state_id)
        assert record is not None
        try:
            return rebuild(table.engine, record).state
        except StaleEncoding:  # a snapshot from another version: replay from the start
            full = await self.gate.store.games.load(table.game_id, from_start=True, upto=state_id)
            assert full is not None
            return rebuild(table.engine, full).state

    async def _take_back(self, table: Table, seat: int, user_id: int, plan: _Plan) -> MoveResult:
        shown = plan.target.text
        line = f"{seat_label(seat)} takes back their last move."
        mine = f"You took back “{shown}”."
        events = (Event(line), Event(mine, frozenset({seat})))
        waiting = set(table.to_move())
        # The mover's turn comes back as it stood: its time kept running all along (docs/undo.md).
        await self.gate.commit(table, Change(kind=ChangeKind.UNDO, seat=seat, state=plan.state,
                                             text=str(plan.target.state_id), events=((line, None), (mine, (seat,))),
                                             user_id=user_id, snapshot=True, given_back=frozenset({seat})))
        # A seat may take back several steps of its own turn, one at a time.
        table.takebacks = {}
        try:
            again = await self._undo_plan(table, seat, user_id)
        except CantUndo:
            pass
        else:
            before = await self._to_move_before(table, again.target.state_id, [])
            table.takebacks[seat] = Takeback(again.target.state_id, before, frozenset(again.target.to_move))
        concerned = {seat, *waiting, *table.to_move()}
        await self.gate.publish(table, reason=ChangeKind.UNDO, events=events, actor=seat, private_to=concerned)
        return MoveResult(
            game_id=table.game_id, state_id=table.row.state_id, seat=seat, text=shown, events=(line, mine),
            to_move=table.to_move(), status=table.row.status, outcome=table.row.outcome, private_events=(mine,),
            names=tuple(table.names_at(table.row.state_id)),
        )


def note_takeback(table: Table, seat: int, waiting: frozenset[int], undoable: bool, *, by_person: bool) -> None:
    """After `seat`'s move: whose last move may still be taken back (docs/undo.md). Another
    seat's stays open only while this one was a choice of the same simultaneous step that
    revealed nothing; the mover's own, if it made the move itself and revealed nothing."""
    after = frozenset(table.to_move())
    kept = {other: t for other, t in table.takebacks.items()
            if other != seat and undoable and seat in t.before and seat in t.after}
    if undoable and by_person and table.row.status == RUNNING:
        kept[seat] = Takeback(table.row.state_id, waiting, after)
    table.takebacks = kept


def _public(events: tuple[Event, ...]) -> list[str]:
    return [event.text for event in events if event.public]


_ACTIONS = {"stand_in": "an AI took over a seat", "back": "a player came back to their seat",
            "seat": "a seat was given to someone", "pause": "the game was paused", "resume": "the game was resumed",
            "vote": "the table voted", "wait": "the table chose to wait", UNDO: "another player took back a move",
            "away": "a player went away", "away_end": "a player came back from an absence"}


def _what(row: MoveRow) -> str:
    return _ACTIONS.get(row.kind, row.kind.replace("_", " "))
