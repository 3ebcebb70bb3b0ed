"""The table service's core: loading games, their locks, one commit per change. Beside it, its
components: publishing to the adapters (publisher.py), the AI seats (ai_seats.py), the timers
(scheduler.py) and the announcement outbox (outbox.py). The operations live beside it too
(lobby.py, play.py, seating.py, looking.py, undo.py); `bot.tables.service.Tables` puts them
together. See docs/tables.md.

A change is handled as DESIGN.md says: the game's lock, the checks, `engine.apply`, one
transaction, and only then the notifications to the attached adapters.

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
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from bot import credit
from bot.holders import START, Holding, SeatHistory
from bot.kinds import ChangeKind, Status
from bot.names import name_seats
from bot.notify import Notifier
from bot.store import Store, open_store
from bot.store.clocks import ClockWrites, TimerSpec
from bot.store.errors import DamagedRow, DamagedSnapshot
from bot.store.records import EventRecord, MoveRow
from bot.store.results import ChangeWrite, GameResults
from bot.tables import clocks
from bot.tables.ai_seats import AISeats
from bot.tables.errors import (
    AlreadyStarted,
    GameClosed,
    GameFull,
    GameUnavailable,
    NoSuchGame,
    NotAllowed,
    NotStarted,
    StaleBoard,
)
from bot.tables.outbox import Outbox
from bot.tables.publisher import Publisher
from bot.tables.scheduler import Scheduler
from bot.tables.settings import ServerSettings, server_settings
from bot.tables.table import ReplayFailed, Table, TableCache, Takeback, rebuild
from bot.tables.types import (
    FINISHED,
    LOBBY,
    RUNNING,
    MoveResult,
)
from engine import registry
from engine.core import Event, Game, Move
from engine.errors import NotYourTurn, StaleEncoding

log = logging.getLogger(__name__)

GameLookup = Callable[[str], Game[Any]]
T = TypeVar("T", bound="TablesCore")

LOBBY_EXPIRY = "lobby_expiry"  # timer kind
ABSENCES_FRESH = 5.0  # seconds a shared store's list of absences is trusted (others may change it)
UNAVAILABLE = ("Game #{game_id} can't be loaded right now; it has been set aside for the bot's operators, "
               "and every other game goes on.")


def _event_records(events: Iterable[Event]) -> tuple[EventRecord, ...]:
    return tuple((e.text, None if e.seats is None else tuple(sorted(e.seats))) for e in events)



class TablesCore:
    """What every table operation stands on (see the module docstring)."""

    def __init__(self, store: Store, *, cache_size: int = 256, snapshot_every: int = 25,
                 clock: Callable[[], float] | None = None, ai_concurrency: int = 4,
                 games: GameLookup = registry.get, seeds: Callable[[], int] | None = None) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1.")
        self.store = store
        self.snapshot_every = snapshot_every
        self.clock = clock or time.time
        self._games = games
        # Where a new game's seed comes from; tests and benchmarks pass a fixed sequence.
        self._seeds = seeds or (lambda: secrets.randbits(62))
        self._cache = TableCache(cache_size)
        self.outbox = Outbox(store, self.clock, self._moves)
        self.scheduler = Scheduler(store, self.clock)
        # A lock lives as long as someone holds or awaits it; idle games cost nothing.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self.publisher = Publisher()
        # The table of each locked game, so a reader (a notifier called under that lock, say)
        # still finds the game if the cache dropped it meanwhile, instead of waiting for the lock.
        self._held: dict[int, Table] = {}
        self.ai = AISeats(self._locked, self._ai_play, concurrency=ai_concurrency)
        # (user, guild) -> when their absence ends; loaded from the store on first use (and
        # again after ABSENCES_FRESH seconds on a shared store, where other processes add them).
        self._absences: dict[tuple[int, int], float] | None = None
        self._absences_read = 0.0

    @classmethod
    async def open(cls: type[T], db_path: str | Path, *, cache_size: int = 256, snapshot_every: int = 25,
                   clock: Callable[[], float] | None = None, ai_concurrency: int = 4,
                   games: GameLookup = registry.get, seeds: Callable[[], int] | None = None) -> T:
        """Open (and migrate) the database `db_path` names (an SQLite file, or a PostgreSQL URL)
        and serve its games."""
        store = await open_store(db_path)
        return cls(store, cache_size=cache_size, snapshot_every=snapshot_every, clock=clock,
                   ai_concurrency=ai_concurrency, games=games, seeds=seeds)

    async def resume(self) -> None:
        """After a restart: set the AI seats of every running game back to work.

        Call it once the notifiers are attached, so they hear those moves. (A game whose AI
        must act also resumes by itself the first time anything loads it.) Each game on its
        own: one that can't be loaded is set aside, and the others still resume."""
        for row, seats in await self.store.games(statuses=(RUNNING,)):
            if not any(seat.ai is not None or seat.stand_in is not None or seat.user_id is None for seat in seats):
                continue
            try:
                async with self._locked(row.id) as table:
                    self.ai.wake(table)
            except GameUnavailable:
                continue  # set aside, and logged, by the load
            except Exception:
                log.exception("game %d could not resume; the other games go on", row.id)

    async def close(self) -> None:
        """Stop the timers, let AI moves in flight finish, then close the database."""
        await self.scheduler.drain()
        await self.drain()
        await self.store.close()

    def attach(self, notifier: Notifier) -> None:
        self.publisher.attach(notifier)

    def detach(self, notifier: Notifier) -> None:
        self.publisher.detach(notifier)

    @property
    def ai_failures(self) -> deque[tuple[int, BaseException]]:
        """The latest AI failures (game id, error), for tests and diagnosis."""
        return self.ai.failures

    def _lock_of(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[game_id] = lock
        return lock

    @asynccontextmanager
    async def _locked(self, game_id: int) -> AsyncIterator[Table]:
        """Hold the game's lock and yield its table (loaded from the store if not cached, or if
        another process changed it). The lock is this process's asyncio lock and, on a shared
        store, the store's lock across processes too (taken second, so a process queues its
        own callers before holding a database connection for them)."""
        async with self._lock_of(game_id), self.store.game_lock(game_id):
            table = await self._current(game_id)
            self._held[game_id] = table
            try:
                yield table
            finally:
                del self._held[game_id]
                if self.store.shared:
                    await self._note_revision(table)

    async def _current(self, game_id: int) -> Table:
        """The cached table if it is still what the store holds, else the game loaded afresh."""
        table = self._cache.get(game_id)
        if table is not None and not await self._fresh(table):
            self._cache.drop(game_id)  # another process changed the game since it was cached
            table = None
        return table if table is not None else await self._load(game_id)

    async def _fresh(self, table: Table) -> bool:
        return not self.store.shared or await self.store.revision(table.game_id) == table.revision

    async def _note_revision(self, table: Table) -> None:
        """After this process's own changes (still under the lock): the revision they made."""
        if table.game_id not in self._cache:
            return
        try:
            table.revision = await self.store.revision(table.game_id)
        except Exception:
            self._cache.drop(table.game_id)  # unknown: the next use reloads it
        except BaseException:
            self._cache.drop(table.game_id)
            raise

    async def _load(self, game_id: int) -> Table:
        try:
            try:
                record = await self.store.load(game_id)
            except DamagedSnapshot:  # a cache: the game is rebuilt from its log instead
                log.warning("game %d: a snapshot does not decode; replaying its whole log", game_id)
                record = await self.store.load(game_id, from_start=True)
        except DamagedRow as damaged:
            raise await self._unavailable(game_id, damaged) from None
        if record is None:
            raise NoSuchGame(f"There is no game #{game_id}.")
        if record.game.broken is not None:
            raise GameUnavailable(UNAVAILABLE.format(game_id=game_id))
        try:
            engine = self._games(record.game.game)
            try:
                table = rebuild(engine, record)
            except (StaleEncoding, DamagedSnapshot):  # a snapshot from another version: replay the whole log
                full = await self.store.load(game_id, from_start=True)
                assert full is not None
                table = rebuild(engine, full)
        except Exception as error:
            raise await self._unavailable(game_id, error) from None
        if table.row.status == RUNNING and table.row.clock != "none":
            try:
                table.clocks = await self.store.clocks(game_id)
            except DamagedRow as damaged:
                raise await self._unavailable(game_id, damaged) from None
        if table.row.status == RUNNING:
            await self._note_away(table)
        if table.row.status == RUNNING and table.row.to_move is None:  # a row from before schema 4
            await self.store.set_to_move(game_id, table.row.state_id, table.to_move())
            table.row = replace(table.row, to_move=table.to_move())
        self._cache.put(table)
        self.ai.wake(table)  # after a restart an AI seat may have been about to move
        return table

    async def _set_aside(self, game_id: int, error: BaseException) -> None:
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
        await self.store.mark_broken(game_id, reason)
        self._cache.drop(game_id)

    async def _unavailable(self, game_id: int, error: BaseException) -> GameUnavailable:
        """Set the game aside (`_set_aside`); the refusal to raise in its place."""
        await self._set_aside(game_id, error)
        return GameUnavailable(UNAVAILABLE.format(game_id=game_id))

    async def _moves(self, game_id: int, *, after: int = 0, last: int | None = None) -> list[MoveRow]:
        """The game's logged changes; a row that no longer decodes sets the game aside."""
        try:
            return await self.store.moves(game_id, after=after, last=last)
        except DamagedRow as damaged:
            raise await self._unavailable(game_id, damaged) from None

    async def _table(self, game_id: int) -> Table:
        """The table for reading; only a game neither cached nor locked waits to be loaded.

        A game locked in this process is read as its holder has it. A read never takes the lock
        across processes: a load is one consistent snapshot, and its revision says how old it is."""
        held = self._held.get(game_id)
        if held is not None:
            return held
        table = self._cache.get(game_id)
        if table is not None and await self._fresh(table):
            return table
        async with self._lock_of(game_id):
            return await self._current(game_id)

    async def _set_game_field(self, game_id: int, field: str, value: int | float | None) -> None:
        # No game lock: adapters call this from their notices, which run under that lock.
        now = self.clock()
        if not await self.store.set_game_field(game_id, field, value, now):
            raise NoSuchGame(f"There is no game #{game_id}.")
        changes: dict[str, Any] = {field: value, "updated_at": now}
        for table in (self._cache.get(game_id), self._held.get(game_id)):
            if table is not None:  # a plain read-modify-write with no await: no update is lost
                table.row = replace(table.row, **changes)

    def ai_busy(self, game_id: int) -> bool:
        """True while the game's AI seats have moves to make now."""
        return self.ai.busy(game_id)

    async def ai_settled(self, game_id: int, timeout: float) -> None:
        """Wait (at most `timeout` s) until the game's AI seats have made the moves due now,
        so an adapter can tell a burst of AI moves in one announcement."""
        await self.ai.settled(game_id, timeout)

    async def drain(self) -> None:
        """Wait until no AI move is pending or running (AI moves may trigger further AI moves)."""
        await self.ai.drain()

    def _parse(self, table: Table, seat: int, text: str) -> Move:
        if seat not in table.to_move():
            # The engine's own words (Tranquility says who declares next), with the seats named.
            names = [table.name_of(s) for s in range(len(table.seats))]
            raise NotYourTurn(name_seats(table.engine.not_your_turn_reason(table.state, seat), names))
        return table.engine.parse_move(table.state, seat, text.strip())

    async def _require_fresh(self, table: Table, seat: int, state_id: int) -> None:
        """Accept the current board, or an older one that only other seats' moves have passed
        while this seat was itself still to act (a simultaneous step)."""
        current = table.row.state_id
        if state_id == current:
            return
        stale = StaleBoard(f"The board has moved on since you looked (now at state {current}); "
                           "here is the current one.", current)
        if not 0 <= state_id < current:
            raise stale
        changes = await self._moves(table.game_id, after=max(state_id - 1, 0))
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

    async def _note_away(self, table: Table) -> None:
        """Which seats' people are away now (the thread shows it instead of their deadline)."""
        away = {}
        for seat in table.seats:
            if seat.user_id is not None:
                until = await self._away_until(seat.user_id, table.row.guild_id)
                if until is not None:
                    away[seat.seat] = until
        table.away = away

    async def _play(self, table: Table, seat: int, move: Move, user_id: int | None,
                    stand_in: bool = False) -> MoveResult:
        """engine.apply, commit, publish: the one path every move takes, human or AI
        (`stand_in`: an AI playing for the seat's person)."""
        engine = table.engine
        waiting = set(table.to_move())
        step = engine.apply(table.state, seat, move)
        undoable = engine.undoable(table.state, seat, step)
        outcome = engine.outcome(step.state)
        status = RUNNING if outcome is None else FINISHED
        await self._commit(table, seat=seat, kind=ChangeKind.MOVE, text=move.text, events=_event_records(step.events),
                           state=step.state, user_id=user_id, status=status,
                           outcome=None if outcome is None else outcome.to_dict(),
                           stand_in=stand_in)
        self._note_takeback(table, seat, frozenset(waiting), undoable, by_person=user_id is not None and not stand_in)
        # The actor, the seats newly awaited (a turn ping; those still awaited in a simultaneous
        # step were pinged already) and every seat a private line is for.
        concerned = {seat, *(set(table.to_move()) - (waiting - {seat}))}
        concerned.update(s for e in step.events if e.seats is not None for s in e.seats)
        if status != RUNNING:
            concerned.update(self._humans(table))
        # Before the notices: a notice cancelled midway must not leave an AI seat asleep. The AI
        # task needs this game's lock, so its moves are still told after this one.
        self.ai.wake(table)
        await self.publisher.publish(table, reason=ChangeKind.MOVE, events=step.events, actor=seat,
                                     private_to=concerned)
        self._retire(table)
        return MoveResult(
            game_id=table.game_id, state_id=table.row.state_id, seat=seat, text=move.text,
            events=tuple(e.text for e in step.events if e.visible_to(seat)), to_move=table.to_move(),
            status=table.row.status, outcome=table.row.outcome,
            private_events=tuple(e.text for e in step.events if not e.public and e.visible_to(seat)),
            names=tuple(table.names_at(table.row.state_id)),
        )

    async def _commit(self, table: Table, *, seat: int | None, kind: ChangeKind, text: str,
                      events: tuple[EventRecord, ...], state: Any, user_id: int | None, status: Status,
                      outcome: dict[str, Any] | None, stand_in: bool = False,
                      clock_writes: ClockWrites | None = None, also: Sequence[ChangeWrite] = (),
                      snapshot: bool = False, given_back: frozenset[int] = frozenset()) -> None:
        """One transaction: the log row, the new state id, a snapshot when due (or asked for),
        and what the change does to the seats' clocks (computed unless given: a move's seat earns
        its increment; `given_back`: seats an undo gives their turn back). The change that
        finishes the game writes its results (bot/credit.py decides them). The cached table
        changes only after the commit; if the commit fails, the table is dropped from the cache
        so the next access reloads what the database really holds."""
        engine = table.engine
        new_id = table.row.state_id + 1
        now = self.clock()
        to_move = () if status != RUNNING else tuple(sorted(engine.to_move(state)))
        due = snapshot or status != RUNNING or table.since_snapshot + 1 >= self.snapshot_every
        change = MoveRow(state_id=new_id, seat=seat, kind=kind, text=text, events=events, to_move=to_move,
                         user_id=user_id, created_at=now, stand_in=stand_in)
        rules = clocks.preset(table.row.clock)
        if clock_writes is None:
            if status != RUNNING:
                clock_writes = clocks.stop_all(table.clocks, rules, now)
            else:
                clock_writes = clocks.transition(rules, table.clocks, set(table.to_move()), set(to_move),
                                                 self._timed(table), await self._paused(table), now, new_id,
                                                 mover=seat if kind == ChangeKind.MOVE else None,
                                                 given_back=given_back)
                clock_writes = await self._resumes_after_absence(table, clock_writes)
        if status == FINISHED and outcome is not None:  # the results come with the change that finishes the game
            resigned = seat if kind == ChangeKind.RESIGN else None
            also = (*also, GameResults(tuple(credit.drafts(outcome, len(table.seats), self._history(table), resigned))))
        try:
            await self.store.append_change(table.game_id, change, status=status, outcome=outcome,
                                           snapshot=engine.encode(state) if due else None, clocks=clock_writes,
                                           also=also)
        except BaseException:
            self._cache.drop(table.game_id)
            raise
        table.row = replace(table.row, state_id=new_id, status=status, outcome=outcome, updated_at=now,
                            to_move=to_move)
        table.state = state
        table.since_snapshot = 0 if due else table.since_snapshot + 1
        if kind != "move":  # a table action or an undo: what was said since stands
            table.takebacks = {}
        table.clocks.update({c.seat: c for c in clock_writes.clocks})
        for timer in clock_writes.timers:
            await self.scheduler.changed(timer.due_at)

    @staticmethod
    def _history(table: Table) -> SeatHistory:
        """The seats' holders; a seat without any (a damaged history: `skald db verify` reports
        it) is taken as held from the start by whoever holds it now, so the game still finishes."""
        history = table.holders
        for seat in table.seats:
            if not history.of(seat.seat):
                history = history.with_holding(Holding(seat.seat, 0, seat.name, START, user_id=seat.user_id,
                                                       ai=seat.ai or seat.stand_in))
        return history

    @staticmethod
    def _note_takeback(table: Table, seat: int, waiting: frozenset[int], undoable: bool, *, by_person: bool) -> None:
        """After `seat`'s move: whose last move may still be taken back (docs/undo.md). Another
        seat's stays open only while this one was a choice of the same simultaneous step that
        revealed nothing; the mover's own, if it made the move itself and revealed nothing."""
        after = frozenset(table.to_move())
        kept = {other: t for other, t in table.takebacks.items()
                if other != seat and undoable and seat in t.before and seat in t.after}
        if undoable and by_person and table.row.status == RUNNING:
            kept[seat] = Takeback(table.row.state_id, waiting, after)
        table.takebacks = kept

    # -- clocks ------------------------------------------------------------------------------------
    @staticmethod
    def _timed(table: Table) -> set[int]:
        """Seats whose clock runs when they must act: people playing for themselves."""
        return {s.seat for s in table.seats if s.user_id is not None and s.stand_in is None}

    async def _away_until(self, user_id: int, guild_id: int) -> float | None:
        """When the user's absence from this server's games ends (None: not away)."""
        stale = self.store.shared and time.monotonic() - self._absences_read > ABSENCES_FRESH
        if self._absences is None or stale:
            now = self.clock()
            self._absences_read = time.monotonic()
            self._absences = {(u, g): until for u, g, until in await self.store.current_absences(now)}
        until = self._absences.get((user_id, guild_id))
        return until if until is not None and until > self.clock() else None

    async def _paused(self, table: Table) -> set[int]:
        """Seats whose clock must not run now: all of a paused game, else those of people away."""
        if table.row.paused_at is not None:
            return {s.seat for s in table.seats}
        paused = set()
        for seat in table.seats:
            if seat.user_id is not None and await self._away_until(seat.user_id, table.row.guild_id) is not None:
                paused.add(seat.seat)
        return paused

    async def _resumes_after_absence(self, table: Table, writes: ClockWrites,
                                     people: Mapping[int, int] | None = None) -> ClockWrites:
        """A clock started paused because its player is away resumes when the absence ends
        (`people`: seats whose person is about to change, by seat)."""
        extra: list[TimerSpec] = []
        for clock in writes.clocks:
            user_id = (people or {}).get(clock.seat, table.seats[clock.seat].user_id)
            if clock.paused and table.row.paused_at is None and user_id is not None:
                until = await self._away_until(user_id, table.row.guild_id)
                if until is not None:
                    extra.append(TimerSpec("resume", clock.seat, until, clock.state_id))
        return replace(writes, timers=(*writes.timers, *extra)) if extra else writes

    async def _ai_play(self, table: Table, seat: int, move: Move, stand_in: bool) -> None:
        await self._play(table, seat, move, None, stand_in=stand_in)

    async def set_dm_ok(self, user_id: int, ok: bool | None) -> None:
        """Remember whether the user's DMs reach them (None: unknown)."""
        await self.store.set_dm_ok(user_id, ok, self.clock())
        for table in (*self._cache.values(), *self._held.values()):  # a table in both is set twice alike
            if table.seat_of(user_id) is not None:
                table.seats = tuple(replace(s, dm_ok=ok) if s.user_id == user_id else s for s in table.seats)

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        return await self.store.guild_settings(guild_id)

    async def set_guild_setting(self, guild_id: int, key: str, value: Any) -> None:
        await self.store.set_guild_setting(guild_id, key, value, self.clock())

    @staticmethod
    def _require_lobby(table: Table) -> None:
        status = table.row.status
        if status == RUNNING:
            raise AlreadyStarted(f"Game #{table.game_id} has already started.")
        if status != LOBBY:
            raise GameClosed(f"Game #{table.game_id} is {status}.")

    @staticmethod
    def _require_free_seat(table: Table) -> None:
        if len(table.seats) >= table.engine.max_players:
            raise GameFull(f"Game #{table.game_id} is full ({table.engine.max_players} seats).")

    @staticmethod
    def _require_running(table: Table) -> None:
        status = table.row.status
        if status == LOBBY:
            raise NotStarted(f"Game #{table.game_id} hasn't started yet.")
        if status != RUNNING:
            raise GameClosed(f"Game #{table.game_id} is {status}; it takes no more moves.")

    @staticmethod
    def _require_host(table: Table, user_id: int, is_admin: bool, action: str) -> None:
        if user_id != table.row.host_id and not is_admin:
            host = table.seat_of(table.row.host_id)
            who = "the host" if host is None else f"the host ({table.name_of(host)})"
            raise NotAllowed(f"Only {who} or an admin can {action}.")

    @staticmethod
    def _humans(table: Table) -> set[int]:
        return {s.seat for s in table.seats if s.user_id is not None}

    async def reliability(self, guild_id: int, user_id: int) -> credit.Reliability:
        """How the person's ended games in the server went: played to the end, left, timed out."""
        games = await self.store.ended_holdings(user_id, guild_id)
        return credit.reliability(((status, SeatHistory(held)) for status, held in games), user_id)

    async def settings(self, guild_id: int) -> ServerSettings:
        """The server's settings: its own values over the declared defaults."""
        return await server_settings(self.store, guild_id)

    async def _set_timer(self, game_id: int, kind: str, due_at: float, *, seat: int = -1, state_id: int = -1) -> None:
        await self.store.set_timer(game_id, kind, due_at, seat=seat, state_id=state_id)
        await self.scheduler.changed(due_at)

    def _retire(self, table: Table) -> None:
        """A game that is over leaves the cache (it reloads from its final snapshot if asked)."""
        if table.row.status != RUNNING:
            self._cache.drop(table.game_id)

    async def _reload_seats(self, table: Table, now: float) -> None:
        table.seats = tuple(await self.store.seats(table.game_id))
        table.row = replace(table.row, updated_at=now)
