"""Results of finished games in the store: one row per seat (docs/records.md).

A mixin of `SqliteStore` (bot/store/postgres/results.py is PostgreSQL's). The rows are written
by a `GameResults` write, which rides in the commit of the change that finishes the game
(`append_change(also=...)`), so a finished game without results, or results of a game that did
not finish, never exist. They are read back in the order ratings are computed: finished_at, then
game id, then seat.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import aiosqlite

from bot.store.clocks import SeatWrite
from bot.store.connection import Database
from bot.store.records import ResultRow
from bot.store.rows import Row

# The seats of finished games as result rows (the same SELECT as the backfill in
# migrations/0006_results.sql; tests/store/test_results.py checks the two agree). Ranks: the
# outcome's; else by score (ties share); else the winners 1 and the others 2 (a resignation's
# outcome has ranks).
_RESULTS_OF_FINISHED = """
INSERT INTO results (game_id, seat, guild_id, game, user_id, ai, name, rank, score, won, cooperative, resigned,
                     stood_in, options, sheet, started_at, finished_at)
SELECT game_id, seat, guild_id, game, user_id, ai, name,
       CASE WHEN cooperative THEN NULL
            WHEN rank IS NOT NULL THEN rank
            WHEN score IS NOT NULL THEN
                1 + (SELECT COUNT(*) FROM json_each(outcome, '$.scores') o WHERE o.value > score)
            ELSE 2 - won END,
       score, won, cooperative, resigned, stood_in, options,
       CASE WHEN cooperative THEN sheet END, started_at, finished_at
FROM (
    SELECT g.id AS game_id, s.seat, g.guild_id, g.game, s.user_id,
           CASE WHEN s.user_id IS NULL THEN COALESCE(s.ai, s.stand_in) END AS ai,
           s.name, g.outcome,
           json_extract(g.outcome, '$.ranks[' || s.seat || ']') AS rank,
           json_extract(g.outcome, '$.scores[' || s.seat || ']') AS score,
           EXISTS (SELECT 1 FROM json_each(g.outcome, '$.winners') w WHERE w.value = s.seat) AS won,
           COALESCE(json_extract(g.outcome, '$.cooperative'), 0) AS cooperative,
           EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id AND m.state_id = g.state_id
                   AND m.kind = 'resign' AND m.seat = s.seat) AS resigned,
           (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id AND m.seat = s.seat AND m.stand_in = 1) AS stood_in,
           g.options,
           json_extract(g.outcome, '$.sheet') AS sheet,
           COALESCE((SELECT p.created_at FROM snapshots p WHERE p.game_id = g.id AND p.state_id = 0),
                    g.created_at) AS started_at,
           COALESCE((SELECT m.created_at FROM moves m WHERE m.game_id = g.id AND m.state_id = g.state_id),
                    g.updated_at) AS finished_at
    FROM games g JOIN seats s ON s.game_id = g.id
    WHERE g.id = ? AND g.status = 'finished' AND g.outcome IS NOT NULL
)
"""

RESULT_COLUMNS = ("game_id, seat, guild_id, game, user_id, ai, name, rank, score, won, cooperative, resigned, "
                  "stood_in, options, sheet, started_at, finished_at")
RESULT_ORDER = "ORDER BY finished_at, game_id, seat"
IN_THREAD = 1000  # rows read from this many on are made into records in a worker thread


@dataclass(frozen=True)
class GameResults:
    """A change finishes its game: the game's result rows are written in the same commit, last,
    from the game row, seats and log as that change left them."""


# Writes a change brings beside its log row and clocks, committed with it (`append_change`).
ChangeWrite = SeatWrite | GameResults


async def write_results(db: aiosqlite.Connection, game_id: int) -> None:
    """Inside a write operation: the finished game's result rows."""
    await db.execute(_RESULTS_OF_FINISHED, (game_id,))


def _result(row: Row, decoded: dict[str, Any]) -> ResultRow:
    """A row with its JSON decoded; `decoded` keeps what was decoded already, so the seats of a
    game (and games with the same options) share one decoding: thousands of rows read quicker."""
    options = decoded.get(row[13])
    if options is None:
        options = decoded[row[13]] = json.loads(row[13])
    sheet = None
    if row[14] is not None:
        sheet = decoded.get(row[14])
        if sheet is None:
            sheet = decoded[row[14]] = json.loads(row[14])
    return ResultRow(
        game_id=row[0], seat=row[1], guild_id=row[2], game=row[3], user_id=row[4], ai=row[5], name=row[6],
        rank=row[7], score=row[8], won=bool(row[9]), cooperative=bool(row[10]), resigned=bool(row[11]),
        stood_in=row[12], options=options, sheet=sheet, started_at=row[15], finished_at=row[16],
    )


def result_rows(rows: Sequence[Row]) -> list[ResultRow]:
    """Rows of RESULT_COLUMNS (sqlite3 rows or asyncpg records) as records."""
    decoded: dict[str, Any] = {}
    return [_result(r, decoded) for r in rows]


@dataclass(frozen=True)
class ResultsMark:
    """Which results a server has of one game: changes whenever a game of it finishes."""

    count: int
    last_finished: float | None
    last_game: int | None


class ResultStore:
    """Reading results: a server's of one game, a person's, and what is new."""

    _db: Database

    async def results(self, guild_id: int, game: str) -> list[ResultRow]:
        """Every result row of `game` in the server, in rating order."""
        rows = await self._db.fetchall(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE guild_id = ? AND game = ? {RESULT_ORDER}", (guild_id, game))
        if len(rows) < IN_THREAD:
            return result_rows(rows)
        return await asyncio.to_thread(result_rows, rows)  # tens of milliseconds at 10,000 rows: off the loop

    async def game_results(self, game_id: int) -> list[ResultRow]:
        """One game's result rows, by seat (none unless it finished)."""
        rows = await self._db.fetchall(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE game_id = ? ORDER BY seat", (game_id,))
        return result_rows(rows)

    async def results_mark(self, guild_id: int, game: str) -> ResultsMark:
        """How many results the server has of `game` and its latest (a cache key: rows are only added)."""
        row = await self._db.fetchone(
            "SELECT COUNT(*), MAX(finished_at), MAX(game_id) FROM results WHERE guild_id = ? AND game = ?",
            (guild_id, game))
        assert row is not None
        return ResultsMark(int(row[0]), row[1], row[2])

    async def played(self, guild_id: int, user_id: int | None = None) -> list[str]:
        """The games with results in the server (of one person, with `user_id`), by key."""
        if user_id is None:
            rows = await self._db.fetchall(
                "SELECT DISTINCT game FROM results WHERE guild_id = ? ORDER BY game", (guild_id,))
        else:
            rows = await self._db.fetchall(
                "SELECT DISTINCT game FROM results WHERE user_id = ? AND guild_id = ? ORDER BY game",
                (user_id, guild_id))
        return [str(r[0]) for r in rows]
