"""Every row Skald keeps, checked for columns that no longer decode (`skald db verify`): the same
queries on both databases (docs/storage.md, "Checking").

A game's own rows (its row, log and snapshots) are checked by replaying it (bot/tables/audit.py);
a tournament's by reading every row of it as the service does (`TournamentStore.damage`). What is
left are the tables read beside them: results (records and ratings), servers' and people's
settings, the outbox's marks. Each is read as its reader reads it: a value that no longer decodes
there is left out or set aside by that reader, and named here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import sqlalchemy as sa

from bot.store.database import Database
from bot.store.grouping import Sql
from bot.store.rows import DECODING, Row
from bot.store.schema import announcements, guild_settings, person_settings, results


@dataclass(frozen=True)
class Checked:
    """A table's JSON columns, and the key columns that name a row of it."""

    table: sa.Table
    key: tuple[str, ...]
    columns: tuple[str, ...]
    nullable: bool = True  # a NULL is a value (no outcome yet, no sheet)

    def query(self) -> sa.Select[tuple[object, ...]]:
        keys = [self.table.c[name] for name in self.key]
        return sa.select(*keys, *(self.table.c[name] for name in self.columns)).order_by(keys[0])


CHECKED = (
    Checked(results, ("game_id", "seat", "part"), ("options", "sheet")),
    Checked(guild_settings, ("guild_id", "key"), ("value",), nullable=False),
    Checked(person_settings, ("user_id", "key"), ("value",), nullable=False),
    Checked(announcements, ("game_id",), ("to_move", "posted_to_move")),
)
_QUERIES = [checked.query() for checked in CHECKED]


@dataclass(frozen=True)
class Damage:
    """One row whose column no longer decodes."""

    table: str
    key: tuple[object, ...]
    column: str

    def __str__(self) -> str:
        named = ", ".join(f"{k} {v}" for k, v in zip(_key_names(self.table), self.key, strict=False))
        return f"{self.table} ({named}): {self.column} does not decode"


def _key_names(table: str) -> tuple[str, ...]:
    return next(c.key for c in CHECKED if c.table.name == table)


def _damage(checked: Checked, rows: list[Row]) -> list[Damage]:
    found: list[Damage] = []
    width = len(checked.key)
    for row in rows:
        for index, column in enumerate(checked.columns):
            value = row[width + index]
            if value is None and checked.nullable:
                continue
            try:
                json.loads(value)
            except DECODING:
                found.append(Damage(checked.table.name, tuple(row[i] for i in range(width)), column))
    return found


class CheckStore:
    """What `skald db verify` reads beside the games and the events."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def damaged(self) -> list[Damage]:
        """Every row of the checked tables with a column that no longer decodes, table by table."""
        def op(conn: Sql) -> list[list[Row]]:
            return [list(conn.execute(query).all()) for query in _QUERIES]
        tables = await self._db.read(op, snapshot=True)
        return [damage for checked, rows in zip(CHECKED, tables, strict=True) for damage in _damage(checked, rows)]
