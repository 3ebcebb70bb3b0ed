"""Results of finished games in the store: one row per seat's holder at the end, and one per
other person who held the seat and quit (docs/records.md).

Who is credited with what is decided by `bot.credit` (pure); the rows it drafts are written by a
`GameResults` write, which rides in the commit of the change that finishes the game
(`append_change(also=...)`), so a finished game without results, or results of a game that did
not finish, never exist. Schema 7's backfill (bot/store/backfill.py) writes them the same way.
They are read back in the order ratings are computed: finished_at, then game id, then seat.

SQL that both stores run goes through `Sql`: statements with `?` placeholders, which
PostgreSQL's side numbers.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import aiosqlite

from bot.credit import Draft
from bot.store.clocks import SeatWrite
from bot.store.codec import dumps
from bot.store.connection import Database
from bot.store.records import ResultRow
from bot.store.rows import Row

RESULT_COLUMNS = ("game_id, seat, part, guild_id, game, user_id, ai, name, rank, score, won, cooperative, resigned, "
                  "stood_in, finished, quit, stand_in, options, sheet, started_at, finished_at")
RESULT_ORDER = "ORDER BY finished_at, game_id, seat, part"
IN_THREAD = 1000  # rows read from this many on are made into records in a worker thread


class Sql(Protocol):
    """One connection inside a transaction, as both stores offer it to shared code."""

    async def fetch(self, statement: str, *params: Any) -> Sequence[Row]: ...

    async def execute(self, statement: str, *params: Any) -> None: ...

    async def execute_many(self, statement: str, rows: Sequence[Sequence[Any]]) -> None: ...


class SqliteSql:
    """`Sql` over an aiosqlite connection."""

    def __init__(self, db: aiosqlite.Connection) -> None:
        self.db = db

    async def fetch(self, statement: str, *params: Any) -> Sequence[Row]:
        return list(await self.db.execute_fetchall(statement, params))

    async def execute(self, statement: str, *params: Any) -> None:
        await self.db.execute(statement, params)

    async def execute_many(self, statement: str, rows: Sequence[Sequence[Any]]) -> None:
        await self.db.executemany(statement, rows)


@dataclass(frozen=True)
class GameResults:
    """A change finishes its game: these result rows are written in the same commit, last, with
    the game's own facts (server, options, start and finish times) from its row and log."""

    drafts: tuple[Draft, ...]


# Writes a change brings beside its log row and clocks, committed with it (`append_change`).
ChangeWrite = SeatWrite | GameResults

_INSERT = (f"INSERT INTO results ({RESULT_COLUMNS}) "
           "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")


async def write_results(sql: Sql, game_id: int, drafts: Sequence[Draft]) -> None:
    """Inside a write operation: the finished game's result rows, as drafted."""
    games = await sql.fetch("SELECT guild_id, game, options, outcome, state_id, created_at, updated_at FROM games "
                            "WHERE id = ?", game_id)
    row = games[0]
    guild_id, game, options, outcome, state_id, created_at, updated_at = (row[i] for i in range(7))
    start = await sql.fetch("SELECT created_at FROM snapshots WHERE game_id = ? AND state_id = 0", game_id)
    end = await sql.fetch("SELECT created_at FROM moves WHERE game_id = ? AND state_id = ?", game_id, state_id)
    stood = {int(r[0]): int(r[1]) for r in await sql.fetch(
        "SELECT seat, COUNT(*) FROM moves WHERE game_id = ? AND stand_in = ? AND seat IS NOT NULL GROUP BY seat",
        game_id, True)}
    started_at = float(start[0][0]) if start else float(created_at)
    finished_at = float(end[0][0]) if end else float(updated_at)
    sheet = (json.loads(outcome) if outcome else {}).get("sheet")
    await sql.execute_many(_INSERT, [
        (game_id, d.seat, d.part, guild_id, game, d.user_id, d.ai, d.name, d.rank, d.score, d.won, d.cooperative,
         d.resigned, stood.get(d.seat, 0), d.finished, d.quit, d.stand_in, options,
         dumps(sheet) if d.cooperative and sheet is not None else None, started_at, finished_at)
        for d in drafts])


def _result(row: Row, decoded: dict[str, Any]) -> ResultRow:
    """A row with its JSON decoded; `decoded` keeps what was decoded already, so the seats of a
    game (and games with the same options) share one decoding: thousands of rows read quicker."""
    options = decoded.get(row[17])
    if options is None:
        options = decoded[row[17]] = json.loads(row[17])
    sheet = None
    if row[18] is not None:
        sheet = decoded.get(row[18])
        if sheet is None:
            sheet = decoded[row[18]] = json.loads(row[18])
    return ResultRow(
        game_id=row[0], seat=row[1], part=row[2], guild_id=row[3], game=row[4], user_id=row[5], ai=row[6],
        name=row[7], rank=row[8], score=row[9], won=bool(row[10]), cooperative=bool(row[11]), resigned=bool(row[12]),
        stood_in=row[13], finished=bool(row[14]), quit=row[15], stand_in=bool(row[16]), options=options, sheet=sheet,
        started_at=row[19], finished_at=row[20],
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
        """One game's result rows, by seat and part (none unless it finished)."""
        rows = await self._db.fetchall(
            f"SELECT {RESULT_COLUMNS} FROM results WHERE game_id = ? ORDER BY seat, part", (game_id,))
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
