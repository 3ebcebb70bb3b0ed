"""The gate every change of a game goes through: its lock, the cache, the state-id check, the
commit and the telling. The services (lobby.py, play.py, seating.py, absence.py, undo.py) stand
on it; `bot.tables.service.Tables` composes them. See docs/tables.md.

A change is handled as docs/design.md says: the game's lock, the checks, `engine.apply`, one
transaction (`commit`, one `Change`), and only then the notifications to the attached adapters
(`publisher`).

On a shared store (PostgreSQL, several processes) the game's lock is also the store's lock
across processes, and a cached game is used only while the store's revision of it is the one it
was read at: a move another process committed makes this one reload it (docs/scaling.md).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
import weakref
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import Any

from bot import credit
from bot.holders import START, Holding, SeatHistory
from bot.kinds import ChangeKind, Status, UpdateReason
from bot.store import Store, keys
from bot.store.clocks import ClockWrites
from bot.store.errors import DamagedRow, DamagedSnapshot
from bot.store.keys import Space
from bot.store.records import EventRecord, MoveRow
from bot.store.results import ChangeWrite, GameResults
from bot.tables import clocks
from bot.tables.ai_seats import AISeats
from bot.tables.away import Absences
from bot.tables.errors import GameUnavailable, NoSuchGame, StaleBoard
from bot.tables.outbox import Outbox
from bot.tables.publisher import Publisher
from bot.tables.scheduler import Scheduler
from bot.tables.table import ReplayFailed, Table, TableCache, rebuild
from bot.tables.types import FINISHED, RUNNING
from engine.core import Event, Game
from engine.errors import StaleEncoding

log = logging.getLogger(__name__)

GameLookup = Callable[[str], Game[Any]]

UNAVAILABLE = ("Game #{game_id} can't be loaded right now; it has been set aside for the bot's operators, "
               "and every other game goes on.")


def event_records(events: Iterable[Event]) -> tuple[EventRecord, ...]:
    """Events as the log stores them: each line and the seats it is for (None: everyone)."""
    return tuple((e.text, None if e.seats is None else tuple(sorted(e.seats))) for e in events)


@dataclass(frozen=True)
class Change:
    """One change of a game, as the gate commits it: a move, a table action or an undo.

    `state`: the engine state after it (a table action keeps the current one); `clock_writes`:
    what it does to the seats' clocks, computed by the gate unless given (a move's seat earns its
    increment; `given_back`: seats an undo gives their turn back); `also`: further writes of the
    same transaction (a seat's new holder, a stand-in); `snapshot`: write one whatever the count."""

    kind: ChangeKind
    seat: int | None
    state: Any
    text: str = ""
    events: tuple[EventRecord, ...] = ()
    user_id: int | None = None
    status: Status = RUNNING
    outcome: dict[str, Any] | None = None
    stand_in: bool = False
    clock_writes: ClockWrites | None = None
    also: Sequence[ChangeWrite] = ()
    snapshot: bool = False
    given_back: frozenset[int] = frozenset()

    @classmethod
    def action(cls, table: Table, kind: ChangeKind, seat: int | None, line: str, **rest: Any) -> Change:
        """A change of the table, not of the game: one public line; the engine's state stays, and
        the clocks change only as `clock_writes` says."""
        rest.setdefault("clock_writes", ClockWrites())
        return cls(kind=kind, seat=seat, state=table.state, events=((line, None),), **rest)


class Gate:
    """Loading games, their locks, one commit per change, and the parts every service shares:
    the publisher, the AI seats, the timers, the announcement outbox and the absences."""

    def __init__(self, store: Store, *, cache_size: int = 256, snapshot_every: int = 25,
                 clock: Callable[[], float] | None = None, ai_concurrency: int = 4,
                 games: GameLookup, seeds: Callable[[], int] | None = None) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1.")
        self.store = store
        self.snapshot_every = snapshot_every
        self.clock = clock or time.time
        self.games = games
        # Where a new game's seed comes from; tests and benchmarks pass a fixed sequence.
        self.seeds = seeds or (lambda: secrets.randbits(62))
        self.cache = TableCache(cache_size)
        self.outbox = Outbox(store, self.clock, self.moves)
        self.scheduler = Scheduler(store, self.clock)
        self.publisher = Publisher()
        self.absences = Absences(store, self.clock)
        self.ai = AISeats(self.read, self.turn_began, concurrency=ai_concurrency)
        # A lock lives as long as someone holds or awaits it; idle games cost nothing.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        # The table of each locked game, so a reader (a notifier called under that lock, say)
        # still finds the game if the cache dropped it meanwhile, instead of waiting for the lock.
        self._held: dict[int, Table] = {}

    # -- holding and reading a game ----------------------------------------------------------------
    def _lock_of(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    @asynccontextmanager
    async def locked(self, game_id: int) -> AsyncIterator[Table]:
        """Hold the game's lock and yield its table (loaded from the store if not cached, or if
        another process changed it). The lock is this process's asyncio lock and, on a shared
        store, the store's lock across processes too (taken second, so a process queues its
        own callers before holding a database connection for them)."""
        async with self._lock_of(game_id), self.store.lock(keys.game(game_id)):
            table = await self._current(game_id)
            self._held[game_id] = table
            try:
                yield table
            finally:
                del self._held[game_id]
                if self.store.shared:
                    await self._note_revision(table)

    async def read(self, game_id: int) -> Table:
        """The table for reading; only a game neither cached nor locked waits to be loaded.

        A game locked in this process is read as its holder has it. A read never takes the lock
        across processes: a load is one consistent snapshot, and its revision says how old it is."""
        held = self._held.get(game_id)
        if held is not None:
            return held
        table = self.cache.get(game_id)
        if table is not None and await self._fresh(table):
            return table
        async with self._lock_of(game_id):
            return await self._current(game_id)

    def known(self, game_id: int) -> Table | None:
        """The game's table if this process holds it in memory now (cached or locked), else None."""
        return self.cache.get(game_id) or self._held.get(game_id)

    def in_memory(self) -> list[Table]:
        """Every table held in memory (one both cached and locked may come twice)."""
        return [*self.cache.values(), *self._held.values()]

    async def _current(self, game_id: int) -> Table:
        """The cached table if it is still what the store holds, else the game loaded afresh."""
        table = self.cache.get(game_id)
        if table is not None and not await self._fresh(table):
            self.cache.drop(game_id)  # another process changed the game since it was cached
            table = None
        return table if table is not None else await self._load(game_id)

    async def _fresh(self, table: Table) -> bool:
        return not self.store.shared or await self.store.games.revision(table.game_id) == table.revision

    async def _note_revision(self, table: Table) -> None:
        """After this process's own changes (still under the lock): the revision they made."""
        if table.game_id not in self.cache:
            return
        try:
            table.revision = await self.store.games.revision(table.game_id)
        except Exception:
            self.cache.drop(table.game_id)  # unknown: the next use reloads it
        except BaseException:
            self.cache.drop(table.game_id)
            raise

    async def _load(self, game_id: int) -> Table:
        try:
            try:
                record = await self.store.games.load(game_id)
            except DamagedSnapshot:  # a cache: the game is rebuilt from its log instead
                log.warning("game %d: a snapshot does not decode; replaying its whole log", game_id)
                record = await self.store.games.load(game_id, from_start=True)
        except DamagedRow as damaged:
            raise await self._unavailable(game_id, damaged) from None
        if record is None:
            raise NoSuchGame(f"There is no game #{game_id}.")
        if record.game.broken is not None:
            raise GameUnavailable(UNAVAILABLE.format(game_id=game_id))
        try:
            engine = self.games(record.game.game)
            try:
                table = rebuild(engine, record)
            except (StaleEncoding, DamagedSnapshot):  # a snapshot from another version: replay the whole log
                full = await self.store.games.load(game_id, from_start=True)
                assert full is not None
                table = rebuild(engine, full)
        except Exception as error:
            raise await self._unavailable(game_id, error) from None
        if table.row.status == RUNNING and table.row.clock != "none":
            try:
                table.clocks = await self.store.clocks.clocks(game_id)
            except DamagedRow as damaged:
                raise await self._unavailable(game_id, damaged) from None
        if table.row.status == RUNNING:
            await self.absences.mark(table)
        if table.row.status == RUNNING and table.row.to_move is None:  # a row from before schema 4
            await self.store.games.set_to_move(game_id, table.row.state_id, table.to_move())
            table.row = replace(table.row, to_move=table.to_move())
        self.cache.put(table)
        self.ai.wake(table)  # after a restart an AI seat may have been about to move
        return table

    async def set_aside(self, game_id: int, error: BaseException) -> None:
        """Isolate a game that no longer loads: every other game and command goes on.

        The log says which game and which change, never the engine's reason: replay refusals
        can name a seat's hidden cards."""
        where = f" at change {error.state_id}" if isinstance(error, ReplayFailed) else ""
        cause = error.cause if isinstance(error, ReplayFailed) else error
        reason = f"{type(cause).__name__}{where}"
        if isinstance(error, DamagedRow):
            reason = f"DamagedRow: {error.what} ({type(error.cause).__name__})"
        log.error("game %d can't be loaded (%s); it is set aside until `skald db verify` finds it loads",
                  game_id, reason)
        await self.store.games.mark_broken(game_id, reason)
        self.cache.drop(game_id)

    async def _unavailable(self, game_id: int, error: BaseException) -> GameUnavailable:
        """Set the game aside (`set_aside`); the refusal to raise in its place."""
        await self.set_aside(game_id, error)
        return GameUnavailable(UNAVAILABLE.format(game_id=game_id))

    async def moves(self, game_id: int, *, after: int = 0, last: int | None = None) -> list[MoveRow]:
        """The game's logged changes; a row that no longer decodes sets the game aside."""
        try:
            return await self.store.games.moves(game_id, after=after, last=last)
        except DamagedRow as damaged:
            raise await self._unavailable(game_id, damaged) from None

    # -- checking and committing a change ----------------------------------------------------------
    async def turn_began(self, table: Table, seat: int) -> int:
        """The state id since which `seat` has been to act while only other seats moved (in a
        simultaneous step, when its turn began): the board an AI seat's seed is drawn from, so
        its choice doesn't depend on whether a person's sealed move came before it or after."""
        current = table.row.state_id
        window = 2 * len(table.seats) + 2  # a simultaneous step: each seat once, a few tasks more
        while True:
            changes = {c.state_id: c for c in await self.moves(table.game_id, last=window)}
            began = current
            while began > 0:
                change = changes.get(began)
                if change is None or (began > 1 and began - 1 not in changes):
                    break  # outside the window: look further back
                if change.kind != ChangeKind.MOVE or change.seat == seat:
                    return began
                if began == 1:
                    start = table.engine.setup(len(table.seats), table.row.options, table.row.seed or 0,
                                               table.row.engine_version)
                    to_act_before = seat in table.engine.to_move(start)
                else:
                    to_act_before = seat in changes[began - 1].to_move
                if not to_act_before:
                    return began
                began -= 1
            if began == 0 or len(changes) < window:
                return began
            window *= 4

    async def require_fresh(self, table: Table, seat: int, state_id: int) -> None:
        """Accept the current board, or an older one that only other seats' moves have passed
        while this seat was itself still to act (a simultaneous step)."""
        current = table.row.state_id
        if state_id == current:
            return
        stale = StaleBoard(f"The board has moved on since you looked (now at state {current}); "
                           "here is the current one.", current)
        if not 0 <= state_id < current:
            raise stale
        changes = await self.moves(table.game_id, after=max(state_id - 1, 0))
        if state_id == 0:
            start = table.engine.setup(len(table.seats), table.row.options, table.row.seed or 0,
                                       table.row.engine_version)
            was_to_move = seat in table.engine.to_move(start)
        else:
            was_to_move = bool(changes) and changes[0].state_id == state_id and seat in changes[0].to_move
        later = [c for c in changes if c.state_id > state_id]
        others_only = all(c.kind == ChangeKind.MOVE and c.seat != seat and seat in c.to_move for c in later)
        if not was_to_move or not others_only:
            raise stale

    async def commit(self, table: Table, change: Change) -> None:
        """One transaction: the log row, the new state id, a snapshot when due (or asked for),
        and what the change does to the seats' clocks. The change that finishes the game writes
        its results (bot/credit.py decides them). The cached table changes only after the commit;
        if the commit fails, the table is dropped from the cache so the next access reloads what
        the database really holds."""
        engine = table.engine
        new_id = table.row.state_id + 1
        now = self.clock()
        status, kind, seat = change.status, change.kind, change.seat
        to_move = () if status != RUNNING else tuple(sorted(engine.to_move(change.state)))
        due = change.snapshot or status != RUNNING or table.since_snapshot + 1 >= self.snapshot_every
        row = MoveRow(state_id=new_id, seat=seat, kind=kind, text=change.text, events=change.events,
                      to_move=to_move, user_id=change.user_id, created_at=now, stand_in=change.stand_in)
        writes = change.clock_writes
        if writes is None:
            rules = clocks.preset(table.row.clock)
            if status != RUNNING:
                writes = clocks.stop_all(table.clocks, rules, now)
            else:
                moved = kind == ChangeKind.MOVE
                handover = clocks.Handover(set(table.to_move()), set(to_move), new_id,
                                           mover=seat if moved else None, given_back=change.given_back,
                                           new_step=moved and engine.step(table.state) != engine.step(change.state))
                writes = clocks.transition(rules, table.clocks, handover, table.timed(),
                                           await self.absences.paused(table), now)
                writes = await self.absences.resumes(table, writes)
        also = tuple(change.also)
        if status == FINISHED and change.outcome is not None:  # the results come with the finishing change
            resigned = seat if kind == ChangeKind.RESIGN else None
            drafts = credit.drafts(change.outcome, len(table.seats), _history(table), resigned)
            also = (*also, GameResults(tuple(drafts)))
        try:
            await self.store.games.append_change(table.game_id, row, status=status, outcome=change.outcome,
                                           snapshot=engine.encode(change.state) if due else None, clocks=writes,
                                           also=also)
        except BaseException:
            self.cache.drop(table.game_id)
            raise
        table.row = replace(table.row, state_id=new_id, status=status, outcome=change.outcome, updated_at=now,
                            to_move=to_move)
        table.state = change.state
        table.since_snapshot = 0 if due else table.since_snapshot + 1
        if kind != ChangeKind.MOVE:  # a table action or an undo: what was said since stands
            table.takebacks = {}
        table.clocks.update({c.seat: c for c in writes.clocks})
        for timer in writes.timers:
            await self.scheduler.changed(timer.due_at)

    async def publish(self, table: Table, *, reason: UpdateReason, events: Iterable[Event] = (),
                      actor: int | None = None, private_to: Iterable[int] = ()) -> None:
        """After a game's start or a change of it is committed: wake its AI seats (before the
        notices, so a notice cancelled midway never leaves one asleep; their moves need this lock,
        so they are told after this change), tell the notifiers, and let a game that is over
        leave the cache."""
        self.ai.wake(table)
        await self.publisher.publish(table, reason=reason, events=events, actor=actor, private_to=private_to)
        self._retire(table)

    # -- bookkeeping ---------------------------------------------------------------------------------
    async def set_field(self, game_id: int, field: str, value: int | float | str | None) -> None:
        """Set one of the game's bookkeeping fields (its lobby message, thread, pause, thread pings)."""
        # No game lock: adapters call this from their notices, which run under that lock.
        now = self.clock()
        if not await self.store.games.set_game_field(game_id, field, value, now):
            raise NoSuchGame(f"There is no game #{game_id}.")
        changes: dict[str, Any] = {field: value, "updated_at": now}
        for table in (self.cache.get(game_id), self._held.get(game_id)):
            if table is not None:  # a plain read-modify-write with no await: no update is lost
                table.row = replace(table.row, **changes)

    async def set_timer(self, game_id: int, kind: str, due_at: float, *, seat: int = -1, state_id: int = -1,
                        space: str = Space.GAME) -> None:
        await self.store.clocks.set_timer(game_id, kind, due_at, seat=seat, state_id=state_id, space=space)
        await self.scheduler.changed(due_at)

    def _retire(self, table: Table) -> None:
        """A game that is over leaves the cache (it reloads from its final snapshot if asked)."""
        if table.row.status != RUNNING:
            self.cache.drop(table.game_id)

    async def reload_seats(self, table: Table, now: float) -> None:
        table.seats = tuple(await self.store.games.seats(table.game_id))
        table.row = replace(table.row, updated_at=now)


def _history(table: Table) -> SeatHistory:
    """The seats' holders; a seat without any (a damaged history: `skald db verify` reports it)
    is taken as held from the start by whoever holds it now, so the game still finishes."""
    history = table.holders
    for seat in table.seats:
        if not history.of(seat.seat):
            history = history.with_holding(Holding(seat.seat, 0, seat.name, START, user_id=seat.user_id,
                                                   ai=seat.ai or seat.stand_in))
    return history
