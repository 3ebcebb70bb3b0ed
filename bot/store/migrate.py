"""Schema migrations: numbered .sql files in the `migrations` package, applied in order.

Each file runs in its own transaction together with the row that records it in
`schema_migrations`, so a crash mid-migration leaves the database at the previous version. A
version may also do work beyond its SQL in that transaction (bot/store/backfill.py, `AFTER`).
"""

from __future__ import annotations

import re
import sqlite3
import time
from dataclasses import dataclass
from importlib import resources

import aiosqlite

from bot.store.errors import SchemaError

_NAME = re.compile(r"^(\d{4})_([a-z0-9_]+)\.sql$")

_BOOKKEEPING = """
CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at REAL NOT NULL
)
"""


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    sql: str

    def statements(self) -> list[str]:
        """The file split into single statements (sqlite3 runs one at a time)."""
        statements: list[str] = []
        buffer = ""
        for line in self.sql.splitlines(keepends=True):
            buffer += line
            if sqlite3.complete_statement(buffer):
                statements.append(buffer.strip())
                buffer = ""
        if buffer.strip() and not all(
            ln.strip().startswith("--") or not ln.strip() for ln in buffer.splitlines()
        ):
            raise SchemaError(f"Migration {self.version:04d}_{self.name}.sql ends in an unfinished statement.")
        return statements


SQLITE = "migrations"
POSTGRESQL = "migrations.postgresql"  # the same versions, written for PostgreSQL


def available(package: str = SQLITE) -> list[Migration]:
    """Every shipped migration of a package, by version; versions must run 1, 2, 3 ... without gaps."""
    found: list[Migration] = []
    for entry in resources.files(package).iterdir():
        match = _NAME.match(entry.name)
        if match:
            found.append(Migration(int(match.group(1)), match.group(2), entry.read_text(encoding="utf-8")))
    found.sort(key=lambda m: m.version)
    for expected, migration in enumerate(found, start=1):
        if migration.version != expected:
            raise SchemaError(f"Migrations must be numbered without gaps; expected {expected:04d}, found "
                              f"{migration.version:04d}_{migration.name}.sql.")
    return found


def latest_version(package: str = SQLITE) -> int:
    migrations = available(package)
    return migrations[-1].version if migrations else 0


def pending(package: str, target: int | None) -> tuple[int, list[Migration]]:
    """The newest shipped version, and the shipped migrations up to `target` (default: all) in
    order; each store applies those its database lacks, in its own transactions."""
    migrations = available(package)
    known = migrations[-1].version if migrations else 0
    limit = known if target is None else target
    return known, [m for m in migrations if m.version <= limit]


async def current_version(db: aiosqlite.Connection) -> int:
    """The highest applied version (0 for an empty database)."""
    await db.execute(_BOOKKEEPING)
    async with db.execute("SELECT COALESCE(MAX(version), 0) FROM schema_migrations") as cursor:
        row = await cursor.fetchone()
    return int(row[0]) if row else 0


def too_new(found: int, known: int) -> SchemaError:
    return SchemaError(
        f"This database is at schema version {found}, newer than this Skald understands (up to {known}). "
        "Run a newer Skald, or restore a backup made for this version."
    )


async def check_version(db: aiosqlite.Connection) -> int:
    """Refuse a database newer than the code; return its version."""
    version = await current_version(db)
    known = latest_version()
    if version > known:
        raise too_new(version, known)
    return version


async def migrate(db: aiosqlite.Connection, target: int | None = None) -> list[int]:
    """Apply the missing migrations up to `target` (default: all); return the versions applied."""
    from bot.store.backfill import AFTER  # what a migration does beyond its SQL (imports the store's parts)
    from bot.store.results import SqliteSql

    known, wanted = pending(SQLITE, target)
    applied: list[int] = []
    await check_version(db)
    for migration in wanted:
        await db.execute("BEGIN IMMEDIATE")
        try:
            # Re-read inside the write lock: another process may have migrated meanwhile.
            version = await current_version(db)
            if version > known:
                raise too_new(version, known)
            if migration.version <= version:
                await db.execute("ROLLBACK")
                continue
            for statement in migration.statements():
                await db.execute(statement)
            backfill = AFTER.get(migration.version)
            if backfill is not None:
                await backfill(SqliteSql(db))
            await db.execute(
                "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                (migration.version, migration.name, time.time()),
            )
            await db.execute("COMMIT")
        except BaseException:
            if db.in_transaction:
                await db.execute("ROLLBACK")
            raise
        applied.append(migration.version)
    return applied
