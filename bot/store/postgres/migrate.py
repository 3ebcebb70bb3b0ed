"""PostgreSQL migrations: `migrations/postgresql/NNNN_name.sql`, the same versions as SQLite's.

Each file runs in one transaction with its `schema_migrations` row, under a transaction
advisory lock, so processes starting together apply each version once (the version is read
again once the lock is held).
"""

from __future__ import annotations

import time

from bot.store import migrate as shared
from bot.store.backfill import AFTER
from bot.store.errors import SchemaError
from bot.store.keys import MIGRATION
from bot.store.postgres.database import AnyConn
from bot.store.postgres.results import PgSql

_BOOKKEEPING = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at DOUBLE PRECISION NOT NULL
)
"""


def latest_version() -> int:
    return shared.latest_version(shared.POSTGRESQL)


async def current_version(conn: AnyConn) -> int:
    """The highest applied version (0 for an empty database); reads only."""
    if await conn.fetchval("SELECT to_regclass('schema_migrations')") is None:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_migrations"))


async def check_version(conn: AnyConn) -> int:
    """Refuse a database newer than the code; return its version."""
    version = await current_version(conn)
    known = latest_version()
    if version > known:
        raise shared.too_new(version, known)
    return version


async def require_latest(conn: AnyConn) -> None:
    """For readers that must not change the schema (`skald db verify`): refuse an outdated one."""
    version = await check_version(conn)
    if version < latest_version():
        raise SchemaError(f"This database is at schema version {version}; run `skald db migrate` to bring it to "
                          f"{latest_version()}.")


async def migrate(conn: AnyConn, target: int | None = None) -> list[int]:
    """Apply the missing migrations up to `target` (default: all); return the versions applied."""
    known, wanted = shared.pending(shared.POSTGRESQL, target)
    applied: list[int] = []
    await check_version(conn)
    for migration in wanted:
        async with conn.transaction():
            await conn.execute("SELECT pg_advisory_xact_lock($1, $2)", *MIGRATION.advisory())
            await conn.execute(_BOOKKEEPING)
            version = await current_version(conn)  # another process may have migrated meanwhile
            if version > known:
                raise shared.too_new(version, known)
            if migration.version <= version:
                continue
            await conn.execute(migration.sql)  # a whole file: the simple protocol runs every statement
            backfill = AFTER.get(migration.version)
            if backfill is not None:
                await backfill(PgSql(conn))
            await conn.execute("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)",
                               migration.version, migration.name, time.time())
        applied.append(migration.version)
    return applied
