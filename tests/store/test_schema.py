"""Three roads to the newest schema end in the same tables, columns, types, defaults, keys and
indexes, on both databases: a new database (built from bot/store/schema.py and stamped), one
brought up version by version through the history (migrations/versions/), and one made by the
last Skald before it (its own migration files, tests/store/eras/) and adopted. Each is compared
with the schema the store's queries are written against, by Alembic's own comparison."""

from __future__ import annotations

from typing import Any

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Connection

from bot.store import migrate as migrations
from bot.store.schema import metadata
from bot.store.store import open_database
from tests.databases import Target, migrate_to
from tests.store.eras import ERAS, build


def differences(conn: Connection) -> list[Any]:
    context = MigrationContext.configure(conn, opts={"compare_type": True, "compare_server_default": True})
    found: list[Any] = list(compare_metadata(context, metadata))
    if conn.dialect.name == "sqlite":
        found = [d for d in found if not _sqlite_reads_it_otherwise(conn, d)]
    conn.rollback()
    return found


def _sqlite_reads_it_otherwise(conn: Connection, difference: Any) -> bool:
    """What SQLAlchemy reads from SQLite otherwise than it is, each checked the way SQLite says it:
    an INTEGER PRIMARY KEY is the rowid (numbered by SQLite: no identity, never NULL), and the
    ON DELETE of a REFERENCES written in its column's line is not read back (PRAGMA
    foreign_key_list says it)."""
    if isinstance(difference, list):
        kind, _, table, column = difference[0][:4]
        rowid = metadata.tables[table].c[column].primary_key and str(metadata.tables[table].c[column].type
                                                                         .compile(conn.dialect)) == "INTEGER"
        return kind in ("modify_default", "modify_nullable") and rowid
    kind, constraint = difference[0], difference[1]
    if kind not in ("add_fk", "remove_fk"):
        return False
    table = constraint.table.name
    declared = next(fk for fk in metadata.tables[table].foreign_key_constraints
                    if [c.name for c in fk.columns] == [c.name for c in constraint.columns])
    stored = {row[3]: row[6] for row in conn.exec_driver_sql(f"PRAGMA foreign_key_list({table})")}
    return all(stored.get(c.name) == (declared.ondelete or "NO ACTION") for c in constraint.columns)


async def schema_differences(target: Target) -> list[Any]:
    db = await open_database(target)
    try:
        return await db.direct(differences)
    finally:
        await db.close()


@pytest.mark.parametrize("road", ["new", "version by version", "made by the last Skald before"])
async def test_every_road_to_the_newest_schema_ends_in_the_schema_the_store_is_written_against(
        database: Target, road: str) -> None:
    if road == "new":
        assert await migrate_to(database) == list(range(1, migrations.latest_version() + 1))
    elif road == "version by version":
        await migrate_to(database, 1)
        assert await migrate_to(database) == list(range(2, migrations.latest_version() + 1))
    else:
        await build(database, ERAS)
        await migrate_to(database)  # adopted at its version, then brought up to the newest
    assert await schema_differences(database) == []
