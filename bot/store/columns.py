"""Column types as Skald stores them, one name for both databases (SQLAlchemy's variants do the
dialect work): the schema (bot/store/schema.py) and every migration (migrations/versions/) use them.

SQLite keeps what the store always wrote there (INTEGER ids, REAL times, 0/1 flags); PostgreSQL
its own (BIGINT ids, DOUBLE PRECISION times, BOOLEAN flags). An `INTEGER` primary key is SQLite's
rowid, which numbers new rows by itself; PostgreSQL's numbered ids are identity columns.
JSON is kept as compact text (bot/store/codec.py) in TEXT columns on both.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

ID: sa.types.TypeEngine[int] = sa.BigInteger().with_variant(sa.Integer(), "sqlite")  # Discord ids, game and event ids
TIME: sa.types.TypeEngine[float] = sa.Double().with_variant(sa.REAL(), "sqlite")  # UTC epoch seconds
FLAG: sa.types.TypeEngine[Any] = sa.Boolean().with_variant(sa.Integer(), "sqlite")  # 0/1 on SQLite
INT = sa.Integer()
TEXT = sa.Text()
NO: Any = sa.false()  # a flag's default: 0 on SQLite, false on PostgreSQL


def numbered_id() -> sa.Column[int]:
    """An `id` numbered by the database: SQLite's rowid, PostgreSQL's identity."""
    return sa.Column("id", ID, sa.Identity(always=False), primary_key=True, autoincrement=True)


def game_ref() -> sa.Column[int]:
    """`game_id` of a row that belongs to a game (deleted with it, though games are never deleted)."""
    return sa.Column("game_id", ID, sa.ForeignKey("games.id", ondelete="CASCADE"), nullable=False)


def where(condition: str) -> dict[str, Any]:
    """A partial index's condition, for both databases."""
    return {"sqlite_where": sa.text(condition), "postgresql_where": sa.text(condition)}


ROWS: dict[str, Any] = {"sqlite_with_rowid": False}  # SQLite keeps these tables clustered on their key
