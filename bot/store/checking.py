"""Every row Skald keeps, checked for columns that no longer decode (`skald db verify`): the same
SQL on both stores, over the `Sql` they offer (docs/storage.md, "Checking").

A game's own rows (its row, log and snapshots) are checked by replaying it (bot/tables/audit.py);
a tournament's by reading every row of it as the service does (`TournamentStore.damage`). What is
left are the tables read beside them: results (records and ratings), settings, the outbox's
marks. Each is read as its reader reads it: a value that no longer decodes there is left out or
set aside by that reader, and named here.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

from bot.store.results import Sql
from bot.store.rows import DECODING, Row

Read = Callable[[Callable[[Sql], Awaitable[Sequence[Row]]]], Awaitable[Sequence[Row]]]


@dataclass(frozen=True)
class Checked:
    """A table's JSON columns, and the key columns that name a row of it."""

    table: str
    key: tuple[str, ...]
    columns: tuple[str, ...]
    nullable: bool = True  # a NULL is a value (no outcome yet, no sheet)


CHECKED = (
    Checked("results", ("game_id", "seat", "part"), ("options", "sheet")),
    Checked("guild_settings", ("guild_id", "key"), ("value",), nullable=False),
    Checked("announcements", ("game_id",), ("to_move", "posted_to_move")),
)


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
    return next(c.key for c in CHECKED if c.table == table)


async def damaged(read: Read) -> list[Damage]:
    """Every row of the checked tables with a column that no longer decodes, table by table."""
    found: list[Damage] = []
    for checked in CHECKED:
        columns = (*checked.key, *checked.columns)

        async def op(sql: Sql, columns: tuple[str, ...] = columns, table: str = checked.table) -> Sequence[Row]:
            return await sql.fetch(f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(columns[:1])}")
        for row in await read(op):
            width = len(checked.key)
            for index, column in enumerate(checked.columns):
                value = row[width + index]
                if value is None and checked.nullable:
                    continue
                try:
                    json.loads(value)
                except DECODING:
                    found.append(Damage(checked.table, tuple(row[i] for i in range(width)), column))
    return found
