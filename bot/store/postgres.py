"""The PostgreSQL server as the store uses it: SQLAlchemy's async engine on asyncpg, with a pool
for queries, a pool for locks, and one connection for the leader's lock.

- The store's operations are the same SQLAlchemy Core functions as on SQLite; here they run in
  one greenlet per transaction (`run_sync`), each statement a round trip over asyncpg.
- Writes are committed in groups, as on SQLite: whatever arrives while a commit is on its way
  goes in the next transaction, each write in its own savepoint, so one refused write is rolled
  back alone and only its caller sees the error; one WAL flush serves them all. A write that
  loses a deadlock with another process is run again alone.
- Reads that must agree run in one repeatable-read, read-only transaction; single reads run
  without one (one round trip).
- Locks (a game's, a tournament's) are session advisory locks on two keys, the key's space and its
  id (`pg_advisory_lock(space, id)`, bot/store/keys.py), held on a connection of their own pool for
  the length of the service's critical section. A process that dies loses its connections, and
  the server releases their locks with them.
- The leader's lock is a session advisory lock on a connection kept for it; whoever holds it
  runs the timers and the announcement catch-up (docs/scaling.md).
- A server that can't be reached is an outage: callers get StoreUnavailable ("try again"), the
  log one warning when it begins and one line when it ends.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

import asyncpg
import sqlalchemy as sa
from sqlalchemy import Connection
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.util import await_only, greenlet_spawn

from bot.store import compiled
from bot.store.compiled import Done, Plan
from bot.store.errors import StoreError, StoreUnavailable
from bot.store.grouping import GroupCommit, Op, Outcome, Queued, run_batch, run_read
from bot.store.keys import LEADER, Key
from bot.store.opening import check_url

log = logging.getLogger(__name__)

T = TypeVar("T")

POOL = 10  # connections for queries and writes, per process
LOCKS = 10  # connections holding game locks: games in their critical section at once, per process
PING_TIMEOUT = 5.0  # seconds the leader's connection may take to answer before it counts as lost
STATEMENTS = 500  # prepared statements kept per connection (the store has about 150)
WAIT = 3600.0  # seconds a caller may wait for a pooled connection (they queue under load)

# Errors that mean the server or the connection is gone (as opposed to a refused statement).
LOST = (OSError, asyncio.TimeoutError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError)
# The server is down, restarting or full: an outage, answered "try again", not a bug.
UNREACHABLE = (*LOST, asyncpg.AdminShutdownError, asyncpg.CrashShutdownError, asyncpg.CannotConnectNowError,
               asyncpg.TooManyConnectionsError)
# A write caught in a lock cycle with another process (deadlock, serialization): it would commit if run again.
CONTENDED = ("40P01", "40001")

# Row versions (xmin) of everything a cached game holds: its row, seats, their people and clocks.
REVISION = """
SELECT g.xmin::text || '/' ||
       COALESCE((SELECT string_agg(s.xmin::text || ':' || COALESCE(u.xmin::text, ''), ',' ORDER BY s.seat)
                 FROM seats s LEFT JOIN users u ON u.user_id = s.user_id WHERE s.game_id = g.id), '') || '/' ||
       COALESCE((SELECT string_agg(c.xmin::text, ',' ORDER BY c.seat) FROM seat_clocks c WHERE c.game_id = g.id), '')
FROM games g WHERE g.id = {game_id}
"""
REVISION_BY_ID = REVISION.format(game_id="$1")
_REVISION = sa.text(REVISION.format(game_id=":game_id"))
LOCK = "SELECT pg_advisory_lock($1, $2)"
UNLOCK = "SELECT pg_advisory_unlock($1, $2)"
TRY_LOCK = "SELECT pg_try_advisory_lock($1, $2)"
_PING = sa.text("SELECT 1")


class Direct(compiled.Direct):
    """An operation's connection on PostgreSQL (`grouping.Sql`), in the greenlet of its
    transaction: SQLAlchemy's statements, each compiled once (bot/store/compiled.py), run by
    asyncpg itself on the pooled connection; what can't run as compiled goes through SQLAlchemy's
    execution on the same connection (left in autocommit, so inside the transaction this opens).
    Errors are raised as SQLAlchemy raises them."""

    def __init__(self, conn: Connection, begin: str = "BEGIN") -> None:
        super().__init__(conn)
        self.driver: asyncpg.Connection[asyncpg.Record] = conn.connection.driver_connection  # type: ignore[assignment]
        self._begin = begin

    def _run(self, plan: Plan, many: Sequence[Mapping[str, Any]] | None, given: Mapping[str, Any]) -> Done:
        try:
            if many is not None:
                await_only(self.driver.executemany(plan.sql, [plan.values(row) for row in many]))
                return Done([], -1)
            if plan.rows:
                rows = await_only(self.driver.fetch(plan.sql, *plan.values(given)))
                return Done(rows, len(rows))
            status = await_only(self.driver.execute(plan.sql, *plan.values(given)))
            return Done([], int(status.rsplit(" ", 1)[-1]))
        except asyncpg.PostgresError as error:
            raise sa.exc.DBAPIError.instance(plan.sql, many or given, error, asyncpg.PostgresError) from error

    def exec_driver_sql(self, statement: str, parameters: Any = None, /) -> Any:
        return await_only(self.driver.execute(statement))

    @contextlib.contextmanager
    def begin(self) -> Iterator[None]:
        await_only(self.driver.execute(self._begin))
        try:
            yield
        except BaseException:
            if not self.driver.is_closed():
                await_only(self.driver.execute("ROLLBACK"))
            raise
        await_only(self.driver.execute("COMMIT"))

    def commit(self) -> None:
        return None  # each statement on its own


def _batch(conn: Connection, batch: list[Queued]) -> list[Outcome]:
    return run_batch(Direct(conn), batch)


def _statements(conn: Connection, op: Op[T]) -> T:
    return op(Direct(conn))


def _snapshot(conn: Connection, op: Op[T]) -> T:
    return run_read(Direct(conn, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"), op)


def causes(error: BaseException) -> Iterator[BaseException]:
    """The error and what it wraps: SQLAlchemy's error, its driver adapter's, asyncpg's own."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = getattr(current, "orig", None) or current.__cause__


def is_unreachable(error: BaseException) -> bool:
    return any(isinstance(cause, UNREACHABLE) or getattr(cause, "connection_invalidated", False)
               for cause in causes(error))


def is_contended(error: BaseException) -> bool:
    return any(getattr(cause, "sqlstate", None) in CONTENDED for cause in causes(error))


def engine(url: str, size: int, **options: Any) -> AsyncEngine:
    """An async engine whose connections asyncpg opens from `url` itself (its own reading of
    the URL: unix sockets, several hosts, ?sslmode=, as check_url expects)."""
    async def connect() -> asyncpg.Connection[asyncpg.Record]:
        return await asyncpg.connect(url)

    options.update(pool_size=size, max_overflow=0, pool_timeout=WAIT)
    return create_async_engine("postgresql+asyncpg://", async_creator=connect,
                               connect_args={"prepared_statement_cache_size": STATEMENTS}, **options)


class PgDatabase(GroupCommit):
    """The pools, the group-commit queue and the leader's connection of one process."""

    _flush_name = "skald-pg-commit"
    shared = True  # other processes write the same database
    dialect = "postgresql"
    revision_query = _REVISION

    def __init__(self, url: str, queries: AsyncEngine, locks: asyncpg.Pool[asyncpg.Record]) -> None:
        super().__init__()
        self._url = url
        self.engine = queries
        self._locks = locks
        self._leader: asyncpg.Connection[asyncpg.Record] | None = None
        self._leading = False
        self._leader_guard = asyncio.Lock()
        self._closed = False
        self._down_since: float | None = None  # when the server stopped answering (monotonic), during an outage

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL, lock_pool_size: int = LOCKS) -> PgDatabase:
        """Connect; StoreError, in words, for a URL that can't be used or a server that can't be
        reached or refuses."""
        check_url(url)
        # Each statement on its own unless a transaction is asked for: a single read is one round
        # trip (writes and snapshots say their isolation when they take a connection).
        queries = engine(url, pool_size, isolation_level="AUTOCOMMIT")
        try:
            async with queries.connect() as conn:
                await conn.execute(_PING)
        except BaseException as error:
            await queries.dispose()
            raise _refused(error) from None
        try:
            # Locks are no queries: asyncpg's own pool holds them, and its full reset on release
            # unlocks whatever a lost holder left (pg_advisory_unlock_all).
            locks = await asyncpg.create_pool(url, min_size=0, max_size=lock_pool_size)
        except BaseException:
            await queries.dispose()
            raise
        return cls(url, queries, locks)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        await self._writes_done()
        await self.release_leadership()
        await self._locks.close()
        await self.engine.dispose()

    # -- outages ---------------------------------------------------------------------------------
    def _unreachable(self, error: BaseException) -> StoreUnavailable:
        """The server did not answer: one WARNING when an outage begins, then only StoreUnavailable
        for the callers (who tell people to try again), no traceback per request."""
        if self._down_since is None:
            self._down_since = time.monotonic()
            log.warning("PostgreSQL can't be reached (%s); answering \"try again\" until it is back",
                        type(next(c for c in causes(error) if c is not None)).__name__)
        return StoreUnavailable()

    def _reached(self) -> None:
        """The server answered: an outage, if there was one, is over (one INFO)."""
        if self._down_since is not None:
            log.info("PostgreSQL answers again, after %.1f s", time.monotonic() - self._down_since)
            self._down_since = None

    @contextlib.asynccontextmanager
    async def _reaching(self) -> AsyncIterator[None]:
        try:
            yield
        except Exception as error:
            if is_unreachable(error):
                await self._forget_connections()
                raise self._unreachable(error) from None
            raise
        self._reached()

    async def _forget_connections(self) -> None:
        """The server was lost: every pooled connection may be dead with it (asyncpg ran the
        statement, so SQLAlchemy's pool never saw the error), so the pool starts afresh."""
        with contextlib.suppress(Exception):
            await self.engine.dispose(close=False)

    # -- queries (`write`: GroupCommit) ------------------------------------------------------
    async def _commit_batch(self, batch: list[Queued]) -> None:
        """One transaction, a savepoint per write; a write that lost a deadlock with another
        process is run again alone. A server that can't be reached fails them as StoreUnavailable."""
        try:
            outcomes = await self._commit(batch)
        except Exception as error:  # the transaction itself failed: every write in it did
            outcomes = [(False, error)] * len(batch)
        outcomes = [await self._alone(item) if not ok and is_contended(value) else (ok, value)
                    for item, (ok, value) in zip(batch, outcomes, strict=True)]
        if any(ok for ok, _ in outcomes):
            self._reached()
        if any(not ok and is_unreachable(value) for ok, value in outcomes):
            await self._forget_connections()
        outcomes = [(False, self._unreachable(value)) if not ok and is_unreachable(value) else (ok, value)
                    for ok, value in outcomes]
        self._settle(batch, outcomes)

    async def _commit(self, batch: list[Queued]) -> list[Outcome]:
        outcomes: list[Outcome] = await greenlet_spawn(self._pooled, _batch, batch)
        self.commits += 1
        return outcomes

    def _pooled(self, fn: Callable[[Connection, Any], T], arg: Any) -> T:
        """In one greenlet: a pooled connection, `fn` on it, the connection back (SQLAlchemy's async
        face would take a greenlet for each of the three)."""
        with self.engine.sync_engine.connect() as conn:
            return fn(conn, arg)

    async def _alone(self, item: Queued) -> Outcome:
        try:
            (outcome,) = await self._commit([item])
        except Exception as error:
            return False, error
        return outcome

    async def read(self, op: Op[T], *, snapshot: bool = False) -> T:
        """Run `op`; with `snapshot`, in one read-only repeatable-read transaction (several
        queries that must agree), else each statement on its own (no BEGIN, one round trip)."""
        async with self._reaching():
            result: T = await greenlet_spawn(self._pooled, _snapshot if snapshot else _statements, op)
            return result

    async def revision(self, game_id: int) -> str | None:
        """The game's revision token (`REVISION`): read around every use of a cached game, many
        times a move, so asyncpg runs it itself on a pooled connection (one statement, no
        SQLAlchemy execution around it: docs/storage.md, "What the library costs")."""
        async with self._reaching(), self.engine.connect() as conn:
            value = await (await _driver(conn)).fetchval(REVISION_BY_ID, game_id)
        return None if value is None else str(value)

    async def direct(self, fn: Callable[[Connection], T]) -> T:
        """Run `fn` on a connection of its own, managing its own transactions (migrations)."""
        async with self._reaching(), self.engine.connect() as conn:
            conn = await conn.execution_options(isolation_level="READ COMMITTED")
            return await conn.run_sync(fn)

    # -- locks ------------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def lock(self, key: Key) -> AsyncIterator[None]:
        """Hold the key's advisory lock: every process's critical section on it takes turns."""
        space, id_ = key.advisory()
        async with contextlib.AsyncExitStack() as stack:
            async with self._reaching():  # only taking it: what runs under it raises its own errors
                conn = await stack.enter_async_context(self._locks.acquire())
                await conn.execute(LOCK, space, id_)
            try:
                yield
            finally:
                # The pool's reset on release unlocks too (pg_advisory_unlock_all), should this fail.
                with contextlib.suppress(*LOST):
                    await conn.execute(UNLOCK, space, id_)

    # -- the leader ---------------------------------------------------------------------------
    async def hold_leadership(self) -> bool:
        """Take the leader's lock if it is free, or check our session holding it still lives. The
        leader's connection is asyncpg's own, as a lock is no query: opened at once (an engine's
        first connection would first learn the server's dialect), closed in good order."""
        async with self._leader_guard:
            if self._closed:
                return False
            try:
                if self._leader is None or self._leader.is_closed():
                    self._leading = False
                    self._leader = await asyncpg.connect(self._url, timeout=PING_TIMEOUT)
                if self._leading:
                    await self._leader.fetchval("SELECT 1", timeout=PING_TIMEOUT)
                else:
                    self._leading = bool(await self._leader.fetchval(TRY_LOCK, *LEADER.advisory(),
                                                                     timeout=PING_TIMEOUT))
            except LOST as error:
                # The session is gone, and the server drops its locks with it: someone else may lead
                # now. Said once, when the lead is lost (an outage says the rest, once).
                level = logging.WARNING if self._leading else logging.DEBUG
                log.log(level, "the leader's connection to PostgreSQL is lost (%s)", type(error).__name__)
                self._drop_leader()
                return False
            return self._leading

    async def release_leadership(self) -> None:
        """Give the lead up: the session ends in good order, so the server has released the lock
        when this returns and another process can lead at once."""
        async with self._leader_guard:
            leader, self._leader, self._leading = self._leader, None, False
            if leader is not None and not leader.is_closed():
                try:
                    await leader.close(timeout=PING_TIMEOUT)  # ending the session releases its lock
                except LOST:
                    leader.terminate()

    def _drop_leader(self) -> None:
        if self._leader is not None:
            self._leader.terminate()
        self._leader, self._leading = None, False


async def _driver(conn: AsyncConnection) -> asyncpg.Connection[asyncpg.Record]:
    """asyncpg's own connection under a pooled one."""
    driver: asyncpg.Connection[asyncpg.Record] = (await conn.get_raw_connection()).driver_connection  # type: ignore[assignment]
    return driver


def _refused(error: BaseException) -> BaseException:
    """What opening the database met, in words."""
    for cause in causes(error):
        if isinstance(cause, asyncpg.ClientConfigurationError):  # settings beyond the URL's form, e.g. ?sslmode=
            return StoreError(f"PostgreSQL can't use these connection settings: {cause}")
        if isinstance(cause, LOST):
            return StoreError(f"Can't reach the PostgreSQL server: {cause}")
        if isinstance(cause, asyncpg.PostgresError):
            return StoreError(f"PostgreSQL refused the connection: {cause}")
    return error

