"""The SQLite file: one writer that commits in groups, readers that never wait for it.

- aiosqlite opens each connection and keeps it in a thread of its own. The store's operations
  (SQLAlchemy Core, the same as on PostgreSQL) run in that thread through SQLAlchemy's pysqlite
  dialect, a whole commit group or read in one hop: through aiosqlite's own dialect every
  statement would be several hops to the thread and back (docs/storage.md, "What the library
  costs").
- Writes go through one connection. Every write is a small operation queued for the next
  transaction (`BEGIN IMMEDIATE`): whatever arrives while a commit is on its way is committed
  together (group commit: one fsync for many moves and their bookkeeping), each in its own
  savepoint, so one refused operation is rolled back alone and only its caller sees the error.
- Reads go to a small pool of read-only connections (WAL lets them read while the writer
  writes), so a listing or an autocomplete never queues behind a commit.
- Every connection is checked, not assumed: WAL, synchronous=FULL, foreign keys (read back).
- The file belongs to one process at a time: a flock on `<file>.lock` (see `hold`). A new file
  is created readable by its owner only.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import sqlite3
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, TypeVar

import aiosqlite
import sqlalchemy as sa
from sqlalchemy import Connection, event
from sqlalchemy.pool import StaticPool
from sqlalchemy.util import LRUCache

from bot.store import compiled
from bot.store.compiled import Done, Plan
from bot.store.errors import StoreError, StoreLocked
from bot.store.grouping import GroupCommit, Op, Outcome, Queued, Sql, run_batch, run_read, run_statements
from bot.store.keys import Key

T = TypeVar("T")

READERS = 4  # read connections (each is a thread in aiosqlite)
_COMPILED: LRUCache[Any, Any] = LRUCache(2000)  # statements compiled once for every connection of the process


class Direct(compiled.Direct):
    """An operation's connection on SQLite (`grouping.Sql`): SQLAlchemy's statements, each
    compiled once (`Plan`), run by sqlite3 itself in the connection's thread. SQLAlchemy's own
    execution costs tens of microseconds of Python a statement, held under the GIL the event
    loop needs too (docs/storage.md, "What the library costs"); what can't run as compiled goes
    through it, on the same connection and transaction."""

    def __init__(self, conn: Connection) -> None:
        super().__init__(conn)
        raw = conn.connection.dbapi_connection
        assert isinstance(raw, sqlite3.Connection)
        self.raw: sqlite3.Connection = raw

    def _run(self, plan: Plan, many: Sequence[Mapping[str, Any]] | None, given: Mapping[str, Any]) -> Done:
        try:
            if many is not None:
                cursor = self.raw.executemany(plan.sql, [plan.values(row) for row in many])
                return Done([], cursor.rowcount)
            cursor = self.raw.execute(plan.sql, plan.values(given))
            return Done(cursor.fetchall() if cursor.description else [], cursor.rowcount)
        except sqlite3.Error as error:  # as SQLAlchemy raises it, the same on both databases
            raise sa.exc.DBAPIError.instance(plan.sql, many or given, error, sqlite3.Error) from error

    def exec_driver_sql(self, statement: str, parameters: Any = None, /) -> Any:
        return self.raw.execute(statement, parameters or ())

    def begin(self) -> AbstractContextManager[Any]:
        return self.connection.begin()

    def commit(self) -> None:
        self.connection.commit()


class Thread:
    """An aiosqlite connection's thread, with the SQLAlchemy connection that runs in it."""

    def __init__(self, db: aiosqlite.Connection, conn: Connection) -> None:
        self.db = db
        self.conn = conn
        self.direct = Direct(conn)

    @classmethod
    async def open(cls, db: aiosqlite.Connection, *, writer: bool) -> Thread:
        # aiosqlite runs a function on its connection's own thread with `_execute`; its public
        # methods do the same one statement at a time (aiosqlite is pinned ~=0.22).
        conn = await db._execute(_bind, db._conn, writer)  # type: ignore[no-untyped-call]
        return cls(db, conn)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """`fn(direct, *args)` in the thread, in one hop (operations run on `Direct`)."""
        result: T = await self.db._execute(fn, self.direct, *args)  # type: ignore[no-untyped-call]
        return result

    async def run_sqlalchemy(self, fn: Callable[[Connection], T]) -> T:
        """`fn(conn)` on SQLAlchemy's connection itself, in the thread (migrations)."""
        result: T = await self.db._execute(fn, self.conn)  # type: ignore[no-untyped-call]
        return result

    async def close(self) -> None:
        with contextlib.suppress(ValueError):  # its thread is gone already
            await self.db._execute(self.conn.close)  # type: ignore[no-untyped-call]
        await self.db.close()


def _bind(raw: sqlite3.Connection, writer: bool) -> Connection:
    """In the connection's thread: a SQLAlchemy connection over it. The sqlite3 module is left in
    autocommit, so SQLite's transactions are what the store says: the writer's begin as `BEGIN
    IMMEDIATE` (the write lock at once, never a deadlock midway), a reader's only when a read
    must see one moment (`_snapshot`); a single read needs none."""
    engine = sa.create_engine("sqlite://", creator=lambda: raw, poolclass=StaticPool)
    if writer:
        @event.listens_for(engine, "begin")
        def _begin(conn: Connection) -> None:
            conn.exec_driver_sql("BEGIN IMMEDIATE")

    return engine.connect().execution_options(compiled_cache=_COMPILED)


def _snapshot(conn: Sql, op: Op[T]) -> T:
    """On a reader: `op` inside one read transaction (its statements see one moment)."""
    with conn.begin():
        conn.exec_driver_sql("BEGIN")
        return op(conn)


class SqliteDatabase(GroupCommit):
    """The writer with its group-commit queue, and the read pool."""

    _flush_name = "skald-store-commit"
    shared = False  # one process per file (`hold`): nothing else writes it
    dialect = "sqlite"
    revision_query = None  # nothing else changes a game this process has cached

    def __init__(self, writer: Thread, readers: Sequence[Thread], path: str, holder: int | None) -> None:
        super().__init__()
        self.path = path
        self._writer = writer
        self._write_lock = asyncio.Lock()  # the writer runs one transaction (or a `direct` call) at a time
        self._idle: asyncio.Queue[Thread] = asyncio.Queue()
        self._readers = list(readers)
        for reader in self._readers:
            self._idle.put_nowait(reader)
        self._holder = holder
        self._closed = False

    @classmethod
    async def open(cls, path: str | Path, *, exclusive: bool = True) -> SqliteDatabase:
        """Lock (when `exclusive`), create (mode 0600: `connect`), connect and check the writer,
        then open the readers."""
        holder = hold(path) if exclusive else None
        writer: Thread | None = None
        readers: list[Thread] = []
        try:
            writer = await Thread.open(await connect(path), writer=True)
            if str(path) != ":memory:":
                for _ in range(READERS):
                    readers.append(await Thread.open(await connect_reader(path), writer=False))
        except BaseException:
            for reader in readers:
                await reader.close()
            if writer is not None:
                await writer.close()
            release(holder)
            raise
        return cls(writer, readers, str(path), holder)

    async def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        await self._writes_done()
        for reader in self._readers:
            await reader.close()
        async with self._write_lock:
            await self._writer.close()
        release(self._holder)
        self._holder = None

    # -- writing (`write`: GroupCommit) -----------------------------------------------------
    async def _commit_batch(self, batch: list[Queued]) -> None:
        """One transaction on the writer, a savepoint per operation, run in the writer's thread
        in one hop: statement by statement, each hop to that thread and back cost more than the
        statement, and a thousand changes at once queued behind them."""
        try:
            async with self._write_lock:
                outcomes: list[Outcome] = await self._writer.run(run_batch, batch)
            self.commits += 1
        except BaseException as error:
            self._fail(batch, error)
            if not isinstance(error, Exception):
                raise
            return
        self._settle(batch, outcomes)

    async def direct(self, fn: Callable[[Connection], T]) -> T:
        """Run `fn` on the writer outside any queued transaction (migrations), in its thread."""
        async with self._write_lock:
            return await self._writer.run_sqlalchemy(fn)

    # -- reading ---------------------------------------------------------------------------
    async def read(self, op: Op[T], *, snapshot: bool = False) -> T:
        """Run `op` on an idle reader; with `snapshot`, inside one read transaction."""
        if not self._readers:  # an in-memory database has only its writer
            async with self._write_lock:
                return await self._writer.run(run_read, op)
        reader = await self._idle.get()
        try:
            return await reader.run(_snapshot if snapshot else run_statements, op)
        finally:
            self._idle.put_nowait(reader)

    # -- coordinating processes: there is only this one ------------------------------------------
    @contextlib.asynccontextmanager
    async def lock(self, key: Key) -> AsyncIterator[None]:
        """Nothing to exclude: the service's own asyncio lock covers the only process."""
        yield

    async def revision(self, game_id: int) -> str | None:
        return None

    async def hold_leadership(self) -> bool:
        return True

    async def release_leadership(self) -> None:
        return None


def _lock_path(path: str | Path) -> str:
    return f"{path}.lock"


def hold(path: str | Path) -> int | None:
    """Take the database's lock (a `.lock` file beside it, flock'ed); StoreLocked if another
    process, or another store in this one, holds it. None for an in-memory database.

    A separate file, because closing any descriptor of the database file itself would drop
    the POSIX locks SQLite holds on it in this process."""
    if str(path) == ":memory:":
        return None
    try:
        fd = os.open(_lock_path(path), os.O_RDWR | os.O_CREAT, 0o600)
    except OSError as error:
        raise StoreError(f"Can't use {path}: {error.strerror} (the folder must exist and be writable).") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(fd)
        raise StoreLocked(f"Another Skald process is using {path}: one process per database file. Stop it first, "
                          "or give this one its own file (SKALD_DB or --db).") from None
    return fd


def release(fd: int | None) -> None:
    if fd is not None:
        os.close(fd)  # closing the descriptor drops the flock


def create_private(path: str | Path) -> None:
    """Create a new database file with mode 0600: it holds seeds and hidden hands."""
    if str(path) == ":memory:" or os.path.exists(path):
        return
    try:
        os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass
    except OSError as error:
        raise StoreError(f"Can't create {path}: {error.strerror}.") from None


async def connect(path: str | Path) -> aiosqlite.Connection:
    """Open `path` with WAL, synchronous=FULL and foreign keys, each verified; a new file is
    created with mode 0600 (`create_private`)."""
    # Here rather than in each caller: whoever opens the writer (the bot, `skald db migrate`)
    # would otherwise let SQLite create the file with the umask's mode, usually world-readable.
    create_private(path)
    db = await aiosqlite.connect(str(path), isolation_level=None)
    try:
        if db.in_transaction:
            raise StoreError("A new connection is inside a transaction; WAL could not be switched on.")
        await db.execute_fetchall("PRAGMA busy_timeout = 10000")  # every statement run to its end, none left open
        pragmas: list[tuple[str, str, object]] = [
            ("journal_mode", "WAL", "wal"),
            ("synchronous", "FULL", 2),
            ("foreign_keys", "ON", 1),
        ]
        for name, value, expected in pragmas:
            await db.execute_fetchall(f"PRAGMA {name} = {value}")
            rows = list(await db.execute_fetchall(f"PRAGMA {name}"))
            found = rows[0][0] if rows else None
            if isinstance(found, str):
                found = found.lower()
            if found != expected:
                # journal_mode stays put silently on some filesystems and inside a transaction.
                raise StoreError(f"SQLite refused {name}={value} on {path} (it reports {found!r}).")
    except BaseException:
        await db.close()
        raise
    return db


async def connect_reader(path: str | Path) -> aiosqlite.Connection:
    """A read-only connection to a database the writer has already set up (WAL)."""
    uri = Path(path).resolve().as_uri() + "?mode=ro"
    db = await aiosqlite.connect(uri, uri=True, isolation_level=None)
    try:
        await db.execute_fetchall("PRAGMA busy_timeout = 10000")
    except BaseException:
        await db.close()
        raise
    return db
