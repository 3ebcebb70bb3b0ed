"""The store: one database (an SQLite file, or a PostgreSQL database several processes share) and
its parts, each a small class over it with the queries of one concern, written once for both
(SQLAlchemy Core): games and moves, clocks and timers, results, the outbox, tournaments, settings.

Besides the parts, the store says how far its database is shared: a `shared` store is written by
other processes too, so the service takes `lock` around a game's (or an event's) critical
section, checks its cached game against `games.revision`, and runs timers only while
`hold_leadership` says so (docs/scaling.md). A store of its own (SQLite) has a no-op lock, no
revision and always leads.
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from pathlib import Path

from bot.store import migrate as migrations
from bot.store.checking import CheckStore
from bot.store.clocks import ClockStore
from bot.store.database import Database
from bot.store.errors import SchemaError
from bot.store.games import GameStore
from bot.store.keys import Key
from bot.store.opening import is_postgres
from bot.store.outbox import OutboxStore
from bot.store.results import ResultStore
from bot.store.settings import SettingsStore
from bot.store.tournaments import TournamentStore
from bot.store.watching import WatchStore


class Store:
    """Games, seats, the move log, snapshots, clocks, results, the outbox, tournaments,
    settings and the change feed in one database."""

    def __init__(self, db: Database, url: str | None = None) -> None:
        self._db = db
        self.games = GameStore(db)
        self.clocks = ClockStore(db)
        self.results = ResultStore(db)
        self.outbox = OutboxStore(db)
        self.tournaments = TournamentStore(db)
        self.settings = SettingsStore(db)
        self.checks = CheckStore(db)
        self.watch = WatchStore(db, url)  # telling other processes of changes (docs/web.md)

    @property
    def shared(self) -> bool:
        """True when other processes write the same database (the service must coordinate)."""
        return self._db.shared

    @property
    def dialect(self) -> str:
        """'sqlite' or 'postgresql'."""
        return self._db.dialect

    @property
    def commits(self) -> int:
        """Transactions committed so far (each holds a group of operations), for benchmarks."""
        return self._db.commits

    async def close(self) -> None:
        await self._db.close()

    async def version(self) -> int:
        """The schema version the database is at."""
        return await self._db.direct(migrations.current_version)

    # -- coordinating processes -------------------------------------------------------------------
    def lock(self, key: Key) -> AbstractAsyncContextManager[None]:
        """Held around a game's or an event's critical section (its key, bot/store/keys.py); excludes
        other processes (a no-op when not shared)."""
        return self._db.lock(key)

    async def hold_leadership(self) -> bool:
        """Take the leader's lock, or confirm it is still held; False while another process leads."""
        return await self._db.hold_leadership()

    async def release_leadership(self) -> None:
        await self._db.release_leadership()


async def open_store(target: str | Path, *, migrate: bool = True, exclusive: bool = True) -> Store:
    """Open (and by default migrate) the database `target` names: a PostgreSQL URL, or else an
    SQLite file path.

    Without `migrate`, an outdated schema is refused (`skald db verify` reads, never changes).
    `exclusive` matters for SQLite only (the one-process lock on the file); a PostgreSQL
    database is meant to be shared by several processes."""
    db = await open_database(target, exclusive=exclusive)
    try:
        if migrate:
            await db.direct(migrations.migrate)
        else:
            version = await db.direct(migrations.check_version)
            if version < migrations.latest_version():
                raise SchemaError(f"This database is at schema version {version}; run `skald db migrate` to bring "
                                  f"it to {migrations.latest_version()}.")
    except BaseException:
        await db.close()
        raise
    return Store(db, str(target) if is_postgres(target) else None)


async def open_database(target: str | Path, *, exclusive: bool = True) -> Database:
    """The database alone, not migrated (`skald db migrate` works on it)."""
    if is_postgres(target):
        from bot.store.postgres import PgDatabase  # asyncpg only for a URL

        return await PgDatabase.open(str(target))
    from bot.store.sqlite import SqliteDatabase

    return await SqliteDatabase.open(target, exclusive=exclusive)
