"""Building the store's statements once, for both databases (SQLAlchemy Core).

Statements are built at import, with bound parameters, and run as they are: building one
costs more than running it (SQLAlchemy compiles each shape once per process and caches it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite

from bot.store.grouping import Sql

CHUNK = 500  # ids bound in one IN (...) at most (SQLite's bound-parameter limit is far above it)


def columns(table: sa.Table, names: str) -> list[sa.Column[Any]]:
    """The columns `names` lists ("a, b, c") in that order: rows are read by position."""
    return [table.c[name.strip()] for name in names.split(",")]


def p(name: str, kind: sa.types.TypeEngine[Any] | None = None) -> sa.BindParameter[Any]:
    """A named parameter (its type from the column it meets, unless given)."""
    return sa.bindparam(name, type_=kind)


def chunks(values: Sequence[Any]) -> Iterator[list[Any]]:
    for start in range(0, len(values), CHUNK):
        yield list(values[start:start + CHUNK])


class Upsert:
    """`INSERT ... ON CONFLICT (key) DO UPDATE SET ...`: the same words on both databases, built
    by each dialect's own construct (SQLAlchemy has no generic one); `where` keeps the existing
    row unless it holds."""

    def __init__(self, table: sa.Table, key: Sequence[str], update: Sequence[str], *,
                 where: Callable[[sa.Table, Any], sa.ColumnElement[bool]] | None = None,
                 returning: Sequence[str] = ()) -> None:
        self._by_dialect: dict[str, sa.Executable] = {}
        for name, insert in (("sqlite", sqlite.insert), ("postgresql", postgresql.insert)):
            statement: Any = insert(table)
            values = {column: statement.excluded[column] for column in update}
            statement = statement.on_conflict_do_update(
                index_elements=list(key), set_=values,
                where=None if where is None else where(table, statement.excluded))
            if returning:
                statement = statement.returning(*columns(table, ", ".join(returning)))
            self._by_dialect[name] = statement

    def __call__(self, conn: Sql) -> sa.Executable:
        return self._by_dialect[conn.dialect.name]
