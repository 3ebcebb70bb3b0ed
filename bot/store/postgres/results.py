"""Results of finished games on PostgreSQL (the counterpart of bot/store/results.py).

A mixin of `PostgresStore`; the rows are written by the shared `write_results` inside the commit
of the change that finishes the game (`PostgresStore.append_change`), through `PgSql`, which runs
the shared statements with PostgreSQL's numbered placeholders.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from typing import Any

from bot.store.postgres.database import AnyConn, PgDatabase
from bot.store.records import ResultRow
from bot.store.results import IN_THREAD, RESULT_COLUMNS, RESULT_ORDER, ResultsMark, result_rows
from bot.store.rows import Row

_PLACEHOLDER = re.compile(r"\?")


def numbered(statement: str) -> str:
    """A shared statement's `?` placeholders as PostgreSQL's `$1, $2, ...` (shared statements
    hold no `?` of their own)."""
    count = iter(range(1, 10_000))
    return _PLACEHOLDER.sub(lambda _: f"${next(count)}", statement)


class PgSql:
    """`bot.store.results.Sql` over an asyncpg connection."""

    def __init__(self, conn: AnyConn) -> None:
        self.conn = conn

    async def fetch(self, statement: str, *params: Any) -> Sequence[Row]:
        return list(await self.conn.fetch(numbered(statement), *params))

    async def execute(self, statement: str, *params: Any) -> None:
        await self.conn.execute(numbered(statement), *params)

    async def execute_many(self, statement: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            await self.conn.executemany(numbered(statement), rows)


class PgResultStore:
    """Reading results: a server's of one game, a person's, and what is new."""

    _db: PgDatabase

    async def results(self, guild_id: int, game: str) -> list[ResultRow]:
        rows = await self._db.fetch(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE guild_id = $1 AND game = $2 {RESULT_ORDER}", guild_id, game)
        if len(rows) < IN_THREAD:
            return result_rows(rows)
        return await asyncio.to_thread(result_rows, rows)

    async def results_mark(self, guild_id: int, game: str) -> ResultsMark:
        row = await self._db.fetchrow(
            "SELECT COUNT(*), MAX(finished_at), MAX(game_id) FROM results WHERE guild_id = $1 AND game = $2",
            guild_id, game)
        assert row is not None
        return ResultsMark(int(row[0]), row[1], None if row[2] is None else int(row[2]))

    async def played(self, guild_id: int, user_id: int | None = None) -> list[str]:
        if user_id is None:
            rows = await self._db.fetch("SELECT DISTINCT game FROM results WHERE guild_id = $1 ORDER BY game", guild_id)
        else:
            rows = await self._db.fetch("SELECT DISTINCT game FROM results WHERE user_id = $1 AND guild_id = $2 "
                                        "ORDER BY game", user_id, guild_id)
        return [str(r[0]) for r in rows]
