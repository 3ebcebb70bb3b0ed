"""The PostgreSQL server as the store uses it: a pool for queries, a pool for game locks, and one
connection for the leader's lock.

- Writes are committed in groups, as on SQLite: whatever arrives while a commit is on its way
  goes in the next transaction, each write in its own savepoint, so one refused write is rolled
  back alone and only its caller sees the error; one WAL flush serves them all. A write that
  loses a deadlock with another process is run again alone.
- Locks (a game's, a tournament's) are session advisory locks on two keys, the key's space and its
  id (`pg_advisory_lock(space, id)`, bot/store/keys.py), held on a connection of their own pool for
  the length of the service's critical section. A process that dies loses its
  connections, and the server releases their locks with them.
- The leader's lock is a session advisory lock on a connection kept for it; whoever holds it
  runs the timers and the announcement catch-up (docs/scaling.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

import asyncpg

if TYPE_CHECKING:
    from asyncpg.pool import PoolConnectionProxy

from bot.store.errors import StoreError, StoreUnavailable
from bot.store.grouping import GroupCommit, Outcome, Queued
from bot.store.keys import LEADER, Key
from bot.store.opening import check_url

log = logging.getLogger(__name__)

T = TypeVar("T")
# Strings: these classes are not generic at run time.
Conn: TypeAlias = "PoolConnectionProxy[asyncpg.Record]"
AnyConn: TypeAlias = "PoolConnectionProxy[asyncpg.Record] | asyncpg.Connection[asyncpg.Record]"

POOL = 10  # connections for queries and writes, per process
LOCKS = 10  # connections holding game locks: games in their critical section at once, per process
PING_TIMEOUT = 5.0  # seconds the leader's connection may take to answer before it counts as lost

# Errors that mean the server or the connection is gone (as opposed to a refused statement).
LOST = (OSError, asyncio.TimeoutError, asyncpg.PostgresConnectionError, asyncpg.InterfaceError)
# The server is down, restarting or full: an outage, answered "try again", not a bug.
UNREACHABLE = (*LOST, asyncpg.AdminShutdownError, asyncpg.CrashShutdownError, asyncpg.CannotConnectNowError,
               asyncpg.TooManyConnectionsError)
# A write caught in a lock cycle with another process: it would commit if run again.
CONTENDED = (asyncpg.DeadlockDetectedError, asyncpg.SerializationError)
Op: TypeAlias = "Callable[[Conn], Awaitable[Any]]"


async def _rollback_only(conn: asyncpg.Connection[asyncpg.Record]) -> None:
    """The query pool's reset on release: its connections hold no session state (no locks, no
    LISTEN, no settings), so asyncpg's full reset, a round trip per query, is only needed for
    an interrupted transaction."""
    if conn.is_in_transaction():
        await conn.execute("ROLLBACK")


class PgDatabase(GroupCommit[Conn]):
    """The pools, the group-commit queue and the leader's connection of one process."""

    _flush_name = "skald-pg-commit"

    def __init__(self, url: str, pool: asyncpg.Pool[asyncpg.Record], locks: asyncpg.Pool[asyncpg.Record]) -> None:
        super().__init__()
        self._url = url
        self.pool = pool
        self._locks = locks
        self._leader: asyncpg.Connection[asyncpg.Record] | None = None
        self._leading = False
        self._leader_guard = asyncio.Lock()
        self._closed = False
        self.commits = 0  # transactions committed, for benchmarks
        self._down_since: float | None = None  # when the server stopped answering (monotonic), during an outage

    @classmethod
    async def open(cls, url: str, *, pool_size: int = POOL, lock_pool_size: int = LOCKS) -> PgDatabase:
        """Connect the pools; StoreError, in words, for a URL that can't be used or a server that
        can't be reached or refuses."""
        check_url(url)
        try:
            pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, reset=_rollback_only)
        except asyncpg.ClientConfigurationError as error:  # settings beyond the URL's form, e.g. ?sslmode=
            raise StoreError(f"PostgreSQL can't use these connection settings: {error}") from None
        except LOST as error:
            raise StoreError(f"Can't reach the PostgreSQL server: {error}") from None
        except asyncpg.PostgresError as error:
            raise StoreError(f"PostgreSQL refused the connection: {error}") from None
        try:  # the lock pool keeps asyncpg's full reset: it unlocks whatever a lost holder left
            locks = await asyncpg.create_pool(url, min_size=0, max_size=lock_pool_size)
        except BaseException:
            await pool.close()
            raise
        return cls(url, pool, locks)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        await self._writes_done()
        await self.release_leadership()
        await self._locks.close()
        await self.pool.close()

    # -- outages ---------------------------------------------------------------------------------
    def _unreachable(self, error: BaseException) -> StoreUnavailable:
        """The server did not answer: one WARNING when an outage begins, then only StoreUnavailable
        for the callers (who tell people to try again), no traceback per request."""
        if self._down_since is None:
            self._down_since = time.monotonic()
            log.warning("PostgreSQL can't be reached (%s); answering \"try again\" until it is back",
                        type(error).__name__)
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
        except UNREACHABLE as error:
            raise self._unreachable(error) from None
        self._reached()

    # -- queries (`write`: GroupCommit) ------------------------------------------------------
    async def _commit_batch(self, batch: list[Queued[Conn]]) -> None:
        """One transaction, a savepoint per write; a write that lost a deadlock with another
        process is run again alone. A server that can't be reached fails them as StoreUnavailable."""
        try:
            outcomes = await self._commit(batch)
        except Exception as error:  # the transaction itself failed: every write in it did
            outcomes = [(False, error)] * len(batch)
        outcomes = [await self._alone(item.op) if not ok and isinstance(value, CONTENDED) else (ok, value)
                    for item, (ok, value) in zip(batch, outcomes, strict=True)]
        if any(ok for ok, _ in outcomes):
            self._reached()
        outcomes = [(False, self._unreachable(value)) if not ok and isinstance(value, UNREACHABLE) else (ok, value)
                    for ok, value in outcomes]
        self._settle(batch, outcomes)

    async def _commit(self, batch: list[Queued[Conn]]) -> list[Outcome]:
        outcomes: list[Outcome] = []
        async with self.pool.acquire() as conn, conn.transaction():
            for item in batch:
                try:
                    async with conn.transaction():  # a savepoint: a refused write is undone alone
                        outcomes.append((True, await item.op(conn)))
                except Exception as error:
                    outcomes.append((False, error))
        self.commits += 1
        return outcomes

    async def _alone(self, op: Op) -> Outcome:
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                result = await op(conn)
        except Exception as error:
            return False, error
        self.commits += 1
        return True, result

    async def read(self, op: Callable[[Conn], Awaitable[T]]) -> T:
        """Run `op` in one read-only snapshot (several queries that must agree)."""
        async with self._reaching(), self.pool.acquire() as conn, \
                conn.transaction(isolation="repeatable_read", readonly=True):
            return await op(conn)

    async def fetch(self, sql: str, *args: Any) -> list[asyncpg.Record]:
        async with self._reaching():
            return await self.pool.fetch(sql, *args)

    async def fetchrow(self, sql: str, *args: Any) -> asyncpg.Record | None:
        async with self._reaching():
            return await self.pool.fetchrow(sql, *args)

    async def fetchval(self, sql: str, *args: Any) -> Any:
        async with self._reaching():
            return await self.pool.fetchval(sql, *args)

    # -- locks ------------------------------------------------------------------------------
    @contextlib.asynccontextmanager
    async def lock(self, key: Key) -> AsyncIterator[None]:
        """Hold the key's advisory lock: every process's critical section on it takes turns."""
        space, id_ = key.advisory()
        async with contextlib.AsyncExitStack() as stack:
            async with self._reaching():  # only taking it: what runs under it raises its own errors
                conn = await stack.enter_async_context(self._locks.acquire())
                await conn.execute("SELECT pg_advisory_lock($1, $2)", space, id_)
            try:
                yield
            finally:
                # The pool's reset on release unlocks too (pg_advisory_unlock_all), should this fail.
                with contextlib.suppress(*LOST):
                    await conn.execute("SELECT pg_advisory_unlock($1, $2)", space, id_)

    # -- the leader ---------------------------------------------------------------------------
    async def hold_leadership(self) -> bool:
        """Take the leader's lock if it is free, or check our session holding it still lives."""
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
                    self._leading = bool(await self._leader.fetchval("SELECT pg_try_advisory_lock($1, $2)",
                                                                     *LEADER.advisory(), timeout=PING_TIMEOUT))
            except LOST as error:
                # The session is gone, and the server drops its locks with it: someone else may lead
                # now. Said once, when the lead is lost (an outage says the rest, once).
                level = logging.WARNING if self._leading else logging.DEBUG
                log.log(level, "the leader's connection to PostgreSQL is lost (%s)", type(error).__name__)
                self._drop_leader()
                return False
            return self._leading

    async def release_leadership(self) -> None:
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
