"""The SQLite file itself: one writer that commits in groups, readers that never wait for it.

- Writes go through one connection. Every write is a small operation queued for the next
  transaction: whatever arrives while a commit is on its way is committed together (group
  commit: one fsync for many moves and their bookkeeping), each in its own savepoint, so one
  refused operation is rolled back alone and only its caller sees the error.
- Reads go to a small pool of read-only connections (WAL lets them read while the writer
  writes), so a listing or an autocomplete never queues behind a commit.
- A commit group, and a read, run in their connection's thread in one hop (aiosqlite's thread
  per connection): the operations, written against aiosqlite's surface, get `InThread`, whose
  coroutines never wait. A hop per statement cost more than the statement under load.
- The file belongs to one process at a time: a flock on `<file>.lock` (see `hold`).
"""

from __future__ import annotations

import asyncio
import fcntl
import inspect
import os
import sqlite3
from collections.abc import Awaitable, Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar, cast

import aiosqlite

from bot.store.errors import StoreError, StoreLocked
from bot.store.grouping import GroupCommit, Outcome, Queued

T = TypeVar("T")
Op = Callable[[aiosqlite.Connection], Awaitable[Any]]

READERS = 4  # read connections (each is a thread in aiosqlite)


class InThread:
    """The writer's sqlite3 connection with the asynchronous surface write operations use
    (`execute`, `executemany`, `execute_fetchall`, a cursor's `rowcount`, `lastrowid`,
    `fetchone`, `fetchall`), for use in the writer's own thread: its coroutines never wait."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    async def execute(self, sql: str, parameters: Sequence[Any] = ()) -> Cursor:
        return Cursor(self._conn.execute(sql, parameters))

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> Cursor:
        return Cursor(self._conn.executemany(sql, rows))

    async def execute_fetchall(self, sql: str, parameters: Sequence[Any] = ()) -> list[Any]:
        return self._conn.execute(sql, parameters).fetchall()


class Cursor:
    """A sqlite3 cursor as `InThread` hands it out."""

    def __init__(self, cursor: sqlite3.Cursor) -> None:
        self._cursor = cursor

    @property
    def rowcount(self) -> int:
        return self._cursor.rowcount

    @property
    def lastrowid(self) -> int | None:
        return self._cursor.lastrowid

    async def fetchone(self) -> Any:
        return self._cursor.fetchone()

    async def fetchall(self) -> list[Any]:
        return self._cursor.fetchall()


def finish(work: Awaitable[T]) -> T:
    """Run a write operation's coroutine to its end at once, in this thread. Against `InThread`
    it never waits; one that does (it awaited something else) is refused, rolled back alone."""
    if not inspect.iscoroutine(work):
        raise TypeError(f"a write operation must be a coroutine, not {type(work).__name__}")
    try:
        work.send(None)
    except StopIteration as done:
        result: T = done.value
        return result
    work.close()
    raise RuntimeError("a write operation waited on something other than its database")


class Database(GroupCommit[aiosqlite.Connection]):
    """The writer with its group-commit queue, and the read pool."""

    _flush_name = "skald-store-commit"

    def __init__(self, writer: aiosqlite.Connection, readers: Sequence[aiosqlite.Connection], path: str,
                 holder: int | None) -> None:
        super().__init__()
        self.path = path
        self._writer = writer
        self._write_lock = asyncio.Lock()  # the writer runs one transaction (or a `direct` call) at a time
        self._idle: asyncio.Queue[aiosqlite.Connection] = asyncio.Queue()
        self._readers = list(readers)
        for reader in self._readers:
            self._idle.put_nowait(reader)
        self._holder = holder
        self._closed = False
        self.commits = 0  # transactions committed, for benchmarks
        self.operations = 0

    @classmethod
    async def open(cls, path: str | Path, *, exclusive: bool = True,
                   prepare: Callable[[aiosqlite.Connection], Awaitable[None]] | None = None) -> Database:
        """Lock (when `exclusive`), create (mode 0600: `connect`), connect and check the writer, run
        `prepare` (migrations) on it, then open the readers."""
        holder = hold(path) if exclusive else None
        writer: aiosqlite.Connection | None = None
        readers: list[aiosqlite.Connection] = []
        try:
            writer = await connect(path)
            if prepare is not None:
                await prepare(writer)
            if str(path) != ":memory:":
                for _ in range(READERS):
                    readers.append(await connect_reader(path))
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
    def _run_batch(self, batch: Sequence[Queued[aiosqlite.Connection]]) -> list[Outcome]:
        """In the writer's thread: the batch's transaction, each operation in its savepoint."""
        conn = self._writer._conn
        db = cast(aiosqlite.Connection, InThread(conn))  # the surface the operations use
        outcomes: list[Outcome] = []
        conn.execute("BEGIN IMMEDIATE")
        try:
            for item in batch:
                conn.execute("SAVEPOINT op")
                try:
                    outcomes.append((True, finish(item.op(db))))
                except Exception as error:
                    conn.execute("ROLLBACK TO op")
                    outcomes.append((False, error))
                conn.execute("RELEASE op")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")
        return outcomes

    async def direct(self, op: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        """Run `op` on the writer outside any queued transaction (migrations, pragmas)."""
        async with self._write_lock:
            return await op(self._writer)

    async def _commit_batch(self, batch: list[Queued[aiosqlite.Connection]]) -> None:
        """One transaction on the writer, a savepoint per operation, run in the writer's thread
        in one hop (`_run_batch`): statement by statement, each hop to that thread and back cost
        more than the statement, and a thousand changes at once queued behind them."""
        try:
            async with self._write_lock:
                # aiosqlite runs a function on its connection's own thread with `_execute`; its
                # public methods do the same one statement at a time (aiosqlite is pinned ~=0.22).
                outcomes: list[Outcome] = await self._writer._execute(  # type: ignore[no-untyped-call]
                    self._run_batch, batch)
            self.commits += 1
            self.operations += len(batch)
        except BaseException as error:
            for item in batch:
                if not item.done.done():
                    item.done.set_exception(error)
            if not isinstance(error, Exception):
                raise
            return
        self._settle(batch, outcomes)

    # -- reading ---------------------------------------------------------------------------
    async def read(self, op: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
        """Run `op` on an idle reader, inside one read transaction (a consistent snapshot)."""
        if not self._readers:  # an in-memory database has only its writer
            async with self._write_lock:
                return await op(self._writer)
        reader = await self._idle.get()
        try:
            # In the reader's thread, in one hop (as `_commit_batch` does for writes).
            result: T = await reader._execute(_read_in_thread, reader._conn, op)  # type: ignore[no-untyped-call]
            return result
        finally:
            self._idle.put_nowait(reader)

    async def fetchall(self, sql: str, params: Sequence[Any] = ()) -> list[Sequence[Any]]:
        async def query(db: aiosqlite.Connection) -> list[Sequence[Any]]:
            return list(await db.execute_fetchall(sql, params))

        return await self.read(query)

    async def fetchone(self, sql: str, params: Sequence[Any] = ()) -> Sequence[Any] | None:
        rows = await self.fetchall(sql, params)
        return rows[0] if rows else None


def _read_in_thread(conn: sqlite3.Connection, op: Callable[[aiosqlite.Connection], Awaitable[T]]) -> T:
    """In a reader's thread: `op` inside one read transaction (a consistent snapshot)."""
    conn.execute("BEGIN")
    try:
        return finish(op(cast(aiosqlite.Connection, InThread(conn))))
    finally:
        conn.execute("COMMIT")


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
        await db.execute("PRAGMA busy_timeout = 10000")
        pragmas: list[tuple[str, str, object]] = [
            ("journal_mode", "WAL", "wal"),
            ("synchronous", "FULL", 2),
            ("foreign_keys", "ON", 1),
        ]
        for name, value, expected in pragmas:
            await db.execute(f"PRAGMA {name} = {value}")
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
        await db.execute("PRAGMA busy_timeout = 10000")
    except BaseException:
        await db.close()
        raise
    return db
