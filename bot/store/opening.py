"""Which store a database target names: a PostgreSQL URL, or else an SQLite file path.

SKALD_DB and every `--db` take the same two forms. asyncpg is imported only for a URL, so the
terminal tools on SQLite start without it.
"""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from bot.store.protocol import Store

SCHEMES = ("postgresql://", "postgres://")


def is_postgres(target: str | Path) -> bool:
    """True for a PostgreSQL URL (postgresql://… or postgres://…)."""
    return isinstance(target, str) and target.lower().startswith(SCHEMES)


def describe(target: str | Path) -> str:
    """The target for logs and messages: a URL loses its password (a path is shown as it is)."""
    if not is_postgres(target):
        return str(target)
    parts = urlsplit(str(target))
    host = parts.hostname or ""
    if parts.port is not None:
        host = f"{host}:{parts.port}"
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit((parts.scheme, user + host, parts.path, "", ""))


async def open_store(target: str | Path, *, migrate: bool = True, exclusive: bool = True) -> Store:
    """Open (and by default migrate) the database `target` names.

    `exclusive` matters for SQLite only (the one-process lock on the file); a PostgreSQL
    database is meant to be shared by several processes."""
    if is_postgres(target):
        from bot.store.postgres.store import PostgresStore

        return await PostgresStore.open(str(target), migrate=migrate)
    from bot.store.store import SqliteStore

    return await SqliteStore.open(target, migrate=migrate, exclusive=exclusive)
