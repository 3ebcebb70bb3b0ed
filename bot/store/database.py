"""What the store's parts ask of a database, SQLite's (bot/store/sqlite.py) or PostgreSQL's
(bot/store/postgres.py): operations written once, run in a write (group-committed) or a read,
and the coordination between processes (locks, leadership) that only a shared database needs."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from typing import Protocol, TypeVar

from sqlalchemy import Connection, TextClause

from bot.store.grouping import Op
from bot.store.keys import Key

T = TypeVar("T")


class Database(Protocol):
    @property
    def shared(self) -> bool:
        """True when other processes write the same database."""
        ...

    @property
    def dialect(self) -> str:
        """'sqlite' or 'postgresql'."""
        ...

    commits: int  # transactions committed so far, for benchmarks

    async def write(self, op: Op[T]) -> T:
        """Run `op` in the next group commit; returns its result once it is committed."""
        ...

    async def read(self, op: Op[T], *, snapshot: bool = False) -> T:
        """Run `op` outside the commit queue (`snapshot`: its statements see one moment)."""
        ...

    @property
    def revision_query(self) -> TextClause | None:
        """The statement a shared database reads a game's revision token with (`:game_id`), to
        read it inside a snapshot (None: not shared)."""
        ...

    async def revision(self, game_id: int) -> str | None:
        """A token that changes whenever the game's row, seats or clocks change (None: not
        shared, or no such game)."""
        ...

    async def direct(self, fn: Callable[[Connection], T]) -> T:
        """Run `fn` on a connection of its own that manages its own transactions (migrations)."""
        ...

    def lock(self, key: Key) -> AbstractAsyncContextManager[None]: ...

    async def hold_leadership(self) -> bool: ...

    async def release_leadership(self) -> None: ...

    async def close(self) -> None: ...
