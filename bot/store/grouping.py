"""Group commit, as both databases do it: writes that arrive while a commit is on its way wait for
the next one, which takes them all (a batch per transaction, each write in its own savepoint, so
one refused write is undone alone and only its caller sees the error). One flush to disk serves
many moves and their bookkeeping.

A write is an operation: a plain function over one SQLAlchemy connection inside a transaction
(`Op`), written once for both databases. SQLite runs a whole batch in its writer's thread,
PostgreSQL in one greenlet over asyncpg (bot/store/sqlite.py, bot/store/postgres.py).
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from sqlalchemy.engine import Dialect
from sqlalchemy.sql import Executable

T = TypeVar("T")


class Rows(Protocol):
    """What a statement gives back, as operations read it."""

    @property
    def rowcount(self) -> int: ...

    def all(self) -> Sequence[Any]: ...

    def first(self) -> Any: ...

    def one(self) -> Any: ...

    def scalar(self) -> Any: ...

    def scalar_one(self) -> Any: ...

    def __iter__(self) -> Iterator[Any]: ...


class Sql(Protocol):
    """The connection an operation runs on: SQLAlchemy's own (PostgreSQL), or the SQLite writer's
    or a reader's, which runs SQLAlchemy's statements as compiled (bot/store/sqlite.py)."""

    @property
    def dialect(self) -> Dialect: ...

    def execute(self, statement: Executable, parameters: Any = None, /) -> Rows: ...

    def exec_driver_sql(self, statement: str, parameters: Any = None, /) -> Any: ...

    def begin(self) -> AbstractContextManager[Any]: ...

    def commit(self) -> None: ...


Op = Callable[[Sql], T]  # one write or read, run inside a transaction

BATCH = 256  # writes per transaction at most
Outcome = tuple[bool, Any]  # (committed, its result) or (refused, its error)


@dataclass
class Queued:
    op: Op[Any]
    done: asyncio.Future[Any]


def run_batch(conn: Sql, batch: Sequence[Queued]) -> list[Outcome]:
    """One transaction, each operation in its own savepoint (a refused one is undone alone).

    The savepoint is written out, one name for all: SQLAlchemy's own (`begin_nested`) numbers
    each one afresh, and compiling a new statement per operation cost more than the operation."""
    if len(batch) == 1:  # alone in its transaction: the transaction is its savepoint
        try:
            with conn.begin():
                return [(True, batch[0].op(conn))]
        except Exception as error:
            return [(False, error)]
    outcomes: list[Outcome] = []
    with conn.begin():
        for item in batch:
            conn.exec_driver_sql("SAVEPOINT op")
            try:
                outcomes.append((True, item.op(conn)))
            except Exception as error:
                conn.exec_driver_sql("ROLLBACK TO SAVEPOINT op")
                outcomes.append((False, error))
            conn.exec_driver_sql("RELEASE SAVEPOINT op")
    return outcomes


def run_read(conn: Sql, op: Op[T]) -> T:
    """`op` inside one read transaction (a consistent snapshot)."""
    with conn.begin():
        return op(conn)


def run_statements(conn: Sql, op: Op[T]) -> T:
    """`op` with each statement on its own (a single read needs no transaction around it)."""
    try:
        return op(conn)
    finally:
        conn.commit()


class GroupCommit(ABC):
    """The queue of writes and the task that commits it; a database commits one batch
    (`_commit_batch`) its own way."""

    _flush_name = "skald-commit"

    def __init__(self) -> None:
        self._queue: list[Queued] = []
        self._flusher: asyncio.Task[None] | None = None
        self.commits = 0  # transactions committed, for benchmarks

    async def write(self, op: Op[T]) -> T:
        """Run `op` in the next group commit; returns its result once it is committed.

        A caller cancelled while waiting doesn't cancel the write: it still commits."""
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._queue.append(Queued(op, done))
        if self._flusher is None or self._flusher.done():
            self._flusher = asyncio.create_task(self._flush(), name=self._flush_name)
        result: T = await done
        return result

    async def _flush(self) -> None:
        """Commit the queue, a batch per transaction, until it is empty."""
        while self._queue:
            batch, self._queue = self._queue[:BATCH], self._queue[BATCH:]
            await self._commit_batch(batch)

    @abstractmethod
    async def _commit_batch(self, batch: list[Queued]) -> None:
        """Commit one batch in one transaction and settle each write's caller."""

    async def _writes_done(self) -> None:
        """Wait for the writes already queued (before closing)."""
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)

    @staticmethod
    def _settle(batch: Sequence[Queued], outcomes: Sequence[Outcome]) -> None:
        """Give each caller its write's result or error."""
        for item, (ok, value) in zip(batch, outcomes, strict=True):
            if item.done.done():  # its caller was cancelled; the write stands regardless
                continue
            if ok:
                item.done.set_result(value)
            else:
                item.done.set_exception(value)

    @staticmethod
    def _fail(batch: Sequence[Queued], error: BaseException) -> None:
        for item in batch:
            if not item.done.done():
                item.done.set_exception(error)
