"""Results of finished games on PostgreSQL (the counterpart of bot/store/results.py).

A mixin of `PostgresStore`; `write_results` runs inside the commit of the change that finishes
the game (`PostgresStore.append_change`), as on SQLite. The SELECT is the backfill's in
migrations/postgresql/0006_results.sql, with the outcome's numbers and flags read as jsonb and its
team sheet as json (the stored text as it is, as SQLite's json_extract gives it).
"""

from __future__ import annotations

import asyncio

from bot.store.postgres.database import Conn, PgDatabase
from bot.store.records import ResultRow
from bot.store.results import IN_THREAD, RESULT_COLUMNS, RESULT_ORDER, ResultsMark, result_rows

_RESULTS_OF_FINISHED = """
INSERT INTO results (game_id, seat, guild_id, game, user_id, ai, name, rank, score, won, cooperative, resigned,
                     stood_in, options, sheet, started_at, finished_at)
SELECT game_id, seat, guild_id, game, user_id, ai, name,
       CASE WHEN cooperative THEN NULL
            WHEN rank IS NOT NULL THEN rank
            WHEN score IS NOT NULL THEN
                1 + (SELECT COUNT(*) FROM jsonb_array_elements(outcome -> 'scores') o WHERE o.value > to_jsonb(score))
            WHEN won THEN 1 ELSE 2 END,
       score, won, cooperative, resigned, stood_in, options,
       CASE WHEN cooperative THEN sheet END, started_at, finished_at
FROM (
    SELECT g.id AS game_id, s.seat, g.guild_id, g.game, s.user_id,
           CASE WHEN s.user_id IS NULL THEN COALESCE(s.ai, s.stand_in) END AS ai,
           s.name, g.outcome::jsonb AS outcome,
           (g.outcome::jsonb -> 'ranks' ->> s.seat)::integer AS rank,
           (g.outcome::jsonb -> 'scores' ->> s.seat)::integer AS score,
           COALESCE((g.outcome::jsonb -> 'winners') @> to_jsonb(s.seat), FALSE) AS won,
           COALESCE((g.outcome::jsonb ->> 'cooperative')::boolean, FALSE) AS cooperative,
           EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.state_id = g.state_id
                   AND m.kind = 'resign' AND m.seat = s.seat) AS resigned,
           (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id AND m.seat = s.seat AND m.stand_in) AS stood_in,
           g.options,
           g.outcome::json ->> 'sheet' AS sheet,
           COALESCE((SELECT p.created_at FROM snapshots p WHERE p.game_id = g.id AND p.state_id = 0),
                    g.created_at) AS started_at,
           COALESCE((SELECT m.created_at FROM moves m WHERE m.game_id = g.id AND m.state_id = g.state_id),
                    g.updated_at) AS finished_at
    FROM games g JOIN seats s ON s.game_id = g.id
    WHERE g.id = $1 AND g.status = 'finished' AND g.outcome IS NOT NULL
) finished
"""


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
