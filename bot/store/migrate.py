"""Schema migrations: one history for both databases, run by Alembic (migrations/versions/,
docs/storage.md, "Migrations").

Each version is written once, a dialect's difference inside it; revision `0001` is schema 1 and
so on, so a version is the same number everywhere. Each runs in its own transaction with
Alembic's mark (`alembic_version`) and the row every Skald has kept (`schema_migrations`:
version, name, time), so a crash mid-migration leaves the database at the previous version,
and a Skald from before Alembic still refuses a database newer than itself.

A database made before Alembic (schema_migrations only) is adopted: stamped at its version,
then upgraded. A new, empty database is built from the schema (bot/store/schema.py) and stamped
at the newest version (Alembic's "create from scratch"; tests/store/test_schema.py checks both
roads end in the same schema). One migration at a time across processes: SQLite's writer holds
the file's lock; on PostgreSQL a session advisory lock in the migration key space is held
around the run.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Collection, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic.config import Config
from alembic.runtime.environment import EnvironmentContext
from alembic.runtime.migration import MigrationContext, MigrationInfo
from alembic.script import ScriptDirectory
from sqlalchemy import Connection

from bot.store.errors import SchemaError, StoreError
from bot.store.keys import MIGRATION
from bot.store.schema import metadata, schema_migrations

_LOCK = sa.text("SELECT pg_advisory_lock(:space, :id)")
_UNLOCK = sa.text("SELECT pg_advisory_unlock(:space, :id)")


@functools.cache
def history() -> ScriptDirectory:
    """The shipped revisions (read once per process)."""
    return ScriptDirectory(str(Path(str(resources.files("migrations")))))


def latest_version() -> int:
    head = history().get_current_head()
    assert head is not None
    return int(head)


def versions() -> list[tuple[int, str]]:
    """Every shipped version with its name, oldest first."""
    found = [(int(script.revision), _name(script.path)) for script in history().walk_revisions()]
    return sorted(found)


@functools.cache
def versions_by_number() -> dict[int, str]:
    return dict(versions())


def _name(path: str) -> str:
    return Path(path).stem.split("_", 1)[1]


def _has(conn: Connection, table: str) -> bool:
    return sa.inspect(conn).has_table(table)


def current_version(conn: Connection) -> int:
    """The version the database is at (0: empty): the newer of Alembic's mark and `schema_migrations`
    (a database made before Alembic has only the second; a Skald of either kind writes the second)."""
    try:
        found = 0
        if _has(conn, "alembic_version"):
            marks = MigrationContext.configure(conn).get_current_heads()
            found = max((int(mark) for mark in marks), default=0)
        if _has(conn, "schema_migrations"):
            found = max(found, int(conn.execute(sa.select(sa.func.coalesce(sa.func.max(schema_migrations.c.version),
                                                                             0))).scalar_one()))
        return found
    finally:
        if conn.in_transaction():
            conn.commit()


def too_new(found: int, known: int) -> SchemaError:
    return SchemaError(
        f"This database is at schema version {found}, newer than this Skald understands (up to {known}). "
        "Run a newer Skald, or restore a backup made for this version."
    )


def check_version(conn: Connection) -> int:
    """Refuse a database newer than the code; return its version."""
    version = current_version(conn)
    known = latest_version()
    if version > known:
        raise too_new(version, known)
    return version


def migrate(conn: Connection, target: int | None = None) -> list[int]:
    """Apply the missing versions up to `target` (default: all); return the versions applied.
    `conn` manages its own transactions (`Database.direct`)."""
    shared = conn.dialect.name == "postgresql"
    key = {"space": MIGRATION.advisory()[0], "id": MIGRATION.advisory()[1]}
    if shared:  # one migration at a time across processes: the others wait here, then find it done
        conn.execute(_LOCK, key)
        conn.commit()
    try:
        return _migrate(conn, latest_version() if target is None else target)
    finally:
        if shared:
            if conn.in_transaction():
                conn.rollback()
            conn.execute(_UNLOCK, key)
            conn.commit()


def _migrate(conn: Connection, target: int) -> list[int]:
    known = latest_version()
    version = check_version(conn)
    if version >= target:
        return []
    if version == 0 and target == known:
        _create(conn)
        return list(range(1, known + 1))
    with conn.begin():
        schema_migrations.create(conn, checkfirst=True)
        if version and not _has(conn, "alembic_version"):  # made before Alembic: adopt it at its version
            MigrationContext.configure(conn).stamp(history(), _revision(version))
    applied: list[int] = []

    def record(ctx: MigrationContext, step: MigrationInfo, heads: Collection[Any], run_args: Mapping[str, Any]) -> None:
        number = int(str(step.up_revision_id))
        if sqlite and (broken := conn.exec_driver_sql("PRAGMA foreign_key_check").all()):
            raise SchemaError(f"Schema {number} would leave {len(broken)} rows whose references are broken "
                              f"(the first in {broken[0][0]}); nothing was changed.")
        conn.execute(sa.insert(schema_migrations), {"version": number, "name": versions_by_number()[number],
                                                    "applied_at": time.time()})
        applied.append(number)

    script = history()
    destination = _revision(target)
    sqlite = conn.dialect.name == "sqlite"
    if sqlite:
        # SQLite's own recipe for changing a schema: references unchecked while a table is
        # rebuilt (dropping a table others reference would count them broken for good), then
        # checked before each version commits (`record`), and checked again from then on.
        _foreign_keys(conn, on=False)
    try:
        with EnvironmentContext(Config(), script, fn=lambda revision, _: script._upgrade_revs(destination, revision),
                                destination_rev=destination) as environment:
            environment.configure(connection=conn, target_metadata=metadata, transaction_per_migration=True,
                                  transactional_ddl=True, on_version_apply=record)
            with environment.begin_transaction():
                environment.run_migrations()
    finally:
        if conn.in_transaction():
            conn.rollback()
        if sqlite:
            _foreign_keys(conn, on=True)
    return applied


def _foreign_keys(conn: Connection, *, on: bool) -> None:
    """Switch SQLite's foreign keys (outside any transaction, where SQLite takes the setting), and
    read it back: a store is never left running without them."""
    raw = conn.connection.dbapi_connection
    assert raw is not None
    raw.execute(f"PRAGMA foreign_keys = {'ON' if on else 'OFF'}")
    found = raw.execute("PRAGMA foreign_keys").fetchone()
    if found is None or bool(found[0]) != on:
        raise StoreError(f"SQLite refused foreign_keys={'ON' if on else 'OFF'} (it reports {found!r}).")


def _create(conn: Connection) -> None:
    """A new database: the schema as the newest version leaves it, stamped at that version, in
    one transaction."""
    with conn.begin():
        metadata.create_all(conn)
        MigrationContext.configure(conn).stamp(history(), "head")
        now = time.time()
        conn.execute(sa.insert(schema_migrations), [{"version": number, "name": name, "applied_at": now}
                                                    for number, name in versions()])


def _revision(version: int) -> str:
    return f"{version:04d}"
