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
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import aiosqlite

from bot.credit import Draft
from bot.store.clocks import SeatWrite
from bot.store.codec import dumps
from bot.store.connection import Database
from bot.store.records import ResultRow
from bot.store.rows import DECODING, Row

log = logging.getLogger(__name__)

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


@dataclass(frozen=True)
class _Finished:
    """What a finished game's result rows take from the game itself."""

    guild_id: int
    game: str
    options: str  # JSON, as stored
    sheet: str | None  # JSON: the outcome's team sheet
    started_at: float  # the start snapshot's time
    finished_at: float  # the last change's time
    stood: dict[int, int]  # moves an AI stand-in made, by seat


async def _finished(sql: Sql, where: str, *params: Any) -> dict[int, _Finished]:
    """The facts of the finished games `where` selects (a condition on `games g`), in two queries
    whatever their number (the backfill asks for all of them at once)."""
    rows = await sql.fetch(
        "SELECT g.id, g.guild_id, g.game, g.options, g.outcome, g.created_at, g.updated_at, "
        "(SELECT p.created_at FROM snapshots p WHERE p.game_id = g.id AND p.state_id = 0), "
        "(SELECT m.created_at FROM moves m WHERE m.game_id = g.id AND m.state_id = g.state_id) "
        f"FROM games g WHERE {where}", *params)
    stood: dict[int, dict[int, int]] = {}
    for r in await sql.fetch("SELECT m.game_id, m.seat, COUNT(*) FROM moves m WHERE m.stand_in = ? AND "
                             f"m.seat IS NOT NULL AND m.game_id IN (SELECT g.id FROM games g WHERE {where}) "
                             "GROUP BY m.game_id, m.seat", True, *params):
        stood.setdefault(int(r[0]), {})[int(r[1])] = int(r[2])
    found = {}
    for r in rows:
        sheet = (json.loads(r[4]) if r[4] else {}).get("sheet")
        found[int(r[0])] = _Finished(
            guild_id=int(r[1]), game=str(r[2]), options=str(r[3]), sheet=None if sheet is None else dumps(sheet),
            started_at=float(r[7] if r[7] is not None else r[5]), finished_at=float(r[8] if r[8] is not None else r[6]),
            stood=stood.get(int(r[0]), {}))
    return found


def _values(game_id: int, game: _Finished, drafts: Sequence[Draft]) -> list[tuple[Any, ...]]:
    return [(game_id, d.seat, d.part, game.guild_id, game.game, d.user_id, d.ai, d.name, d.rank, d.score, d.won,
             d.cooperative, d.resigned, game.stood.get(d.seat, 0), d.finished, d.quit, d.stand_in, game.options,
             game.sheet if d.cooperative else None, game.started_at, game.finished_at) for d in drafts]


async def write_results(sql: Sql, game_id: int, drafts: Sequence[Draft]) -> None:
    """Inside a write operation: the finished game's result rows, as drafted."""
    facts = await _finished(sql, "g.id = ?", game_id)
    await sql.execute_many(_INSERT, _values(game_id, facts[game_id], drafts))


async def write_all_results(sql: Sql, drafted: dict[int, Sequence[Draft]]) -> None:
    """Inside a write operation: the result rows of many finished games (schema 7's backfill)."""
    facts = await _finished(sql, "g.status = 'finished' AND g.outcome IS NOT NULL")
    await sql.execute_many(_INSERT, [row for game_id, drafts in drafted.items()
                                     for row in _values(game_id, facts[game_id], drafts)])


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
    """Rows of RESULT_COLUMNS (sqlite3 rows or asyncpg records) as records. A row that no longer
    decodes is left out (logged): one game's damage never empties a server's records."""
    decoded: dict[str, Any] = {}
    found = []
    for r in rows:
        try:
            found.append(_result(r, decoded))
        except DECODING:
            log.warning("game %s: a result row (seat %s) does not decode; left out of the records", r[0], r[1])
    return found


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
