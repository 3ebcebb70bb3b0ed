"""PostgreSQL's migrations: the same versions as SQLite's, applied once even by processes starting
together, refused when newer than the code, and all or nothing."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.store import SchemaError, open_store
from bot.store import migrate as sqlite_migrations
from bot.store.postgres import migrate as migrations
from bot.tables import Tables
from tests.databases import sql
from tests.tables.duel import games


def test_postgresql_migrations_have_the_versions_and_names_of_sqlites() -> None:
    postgresql = sqlite_migrations.available(sqlite_migrations.POSTGRESQL)
    assert [(m.version, m.name) for m in postgresql] == [(m.version, m.name) for m in sqlite_migrations.available()]


async def test_a_new_database_is_at_the_latest_version(postgres: str) -> None:
    store = await open_store(postgres)
    try:
        assert store.shared and await store.version() == sqlite_migrations.latest_version()
    finally:
        await store.close()


async def test_processes_starting_together_apply_each_version_once(postgres: str) -> None:
    connections = [await asyncpg.connect(postgres) for _ in range(3)]
    try:
        applied = await asyncio.gather(*(migrations.migrate(conn) for conn in connections))
    finally:
        for conn in connections:
            await conn.close()
    assert sorted(v for versions in applied for v in versions) == list(range(1, migrations.latest_version() + 1))
    rows = await sql(postgres, "SELECT version FROM schema_migrations ORDER BY version")
    assert [r[0] for r in rows] == list(range(1, migrations.latest_version() + 1))


async def test_a_database_newer_than_the_code_refuses_to_start(postgres: str) -> None:
    await (await open_store(postgres)).close()
    await sql(postgres, "INSERT INTO schema_migrations VALUES (999, 'from_the_future', 0)")
    with pytest.raises(SchemaError, match="schema version 999, newer than this Skald"):
        await Tables.open(postgres, games=games)


async def test_a_failed_migration_leaves_the_previous_version(postgres: str, monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = sqlite_migrations.available(sqlite_migrations.POSTGRESQL)
    broken = [*shipped, sqlite_migrations.Migration(len(shipped) + 1, "broken",
                                                    "CREATE TABLE x (a INTEGER);\nSELECT nope FROM x;")]
    monkeypatch.setattr(sqlite_migrations, "available", lambda package=None: broken)
    conn = await asyncpg.connect(postgres)
    try:
        with pytest.raises(asyncpg.UndefinedColumnError):
            await migrations.migrate(conn)
        assert await migrations.current_version(conn) == len(shipped)
        assert await conn.fetchval("SELECT to_regclass('x')") is None
    finally:
        await conn.close()
