"""Group commit, as both stores do it: writes that arrive while a commit is on its way wait for
the next one, which takes them all (a batch per transaction, each write in its own savepoint, so
one refused write is undone alone and only its caller sees the error). One flush to disk serves
many moves and their bookkeeping.
"""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

C = TypeVar("C")  # the connection a write runs on
T = TypeVar("T")

BATCH = 256  # writes per transaction at most
Outcome = tuple[bool, Any]  # (committed, its result) or (refused, its error)


@dataclass
class Queued(Generic[C]):
    op: Callable[[C], Awaitable[Any]]
    done: asyncio.Future[Any]


class GroupCommit(ABC, Generic[C]):
    """The queue of writes and the task that commits it; a store's database commits one batch
    (`_commit_batch`) its own way."""

    _flush_name = "skald-commit"

    def __init__(self) -> None:
        self._queue: list[Queued[C]] = []
        self._flusher: asyncio.Task[None] | None = None

    async def write(self, op: Callable[[C], Awaitable[T]]) -> T:
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
    async def _commit_batch(self, batch: list[Queued[C]]) -> None:
        """Commit one batch in one transaction and settle each write's caller."""

    async def _writes_done(self) -> None:
        """Wait for the writes already queued (before closing)."""
        if self._flusher is not None:
            await asyncio.gather(self._flusher, return_exceptions=True)

    @staticmethod
    def _settle(batch: Sequence[Queued[C]], outcomes: Sequence[Outcome]) -> None:
        """Give each caller its write's result or error."""
        for item, (ok, value) in zip(batch, outcomes, strict=True):
            if item.done.done():  # its caller was cancelled; the write stands regardless
                continue
            if ok:
                item.done.set_result(value)
            else:
                item.done.set_exception(value)
