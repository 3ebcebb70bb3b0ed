"""Results of finished games on PostgreSQL (the counterpart of bot/store/results.py).

A mixin of `PostgresStore`; `write_results` runs inside the commit of the change that finishes
the game (`PostgresStore.append_change`), as on SQLite. Its rows come from the view
`finished_results` (migrations/postgresql/0006_results.sql), which the backfill read too.
"""

from __future__ import annotations

import asyncio

from bot.store.postgres.database import Conn, PgDatabase
from bot.store.records import ResultRow
from bot.store.results import IN_THREAD, RESULT_COLUMNS, RESULT_ORDER, ResultsMark, result_rows

# The finished game's rows from the view the backfill read (one definition of a result row;
# PostgreSQL applies the game id inside the view, so only that game's seats are computed).
_RESULTS_OF_FINISHED = (f"INSERT INTO results ({RESULT_COLUMNS}) "
                        f"SELECT {RESULT_COLUMNS} FROM finished_results WHERE game_id = $1")


async def write_results(conn: Conn, game_id: int) -> None:
    """Inside a transaction: the finished game's result rows."""
    await conn.execute(_RESULTS_OF_FINISHED, game_id)


class PgResultStore:
    """Reading results: a server's of one game, a person's, and what is new."""

    _db: PgDatabase

    async def results(self, guild_id: int, game: str) -> list[ResultRow]:
        rows = await self._db.fetch(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE guild_id = $1 AND game = $2 {RESULT_ORDER}", guild_id, game)
        if len(rows) < IN_THREAD:
            return result_rows(rows)
        return await asyncio.to_thread(result_rows, rows)

    async def game_results(self, game_id: int) -> list[ResultRow]:
        return result_rows(await self._db.fetch(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE game_id = $1 ORDER BY seat", game_id))

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
