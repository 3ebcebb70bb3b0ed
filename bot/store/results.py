"""Results and records in the store: one row per seat's holder at the end of a finished game, and
one per other person who held the seat and quit (docs/records.md).

Who is credited with what is decided by `bot.credit` (pure); the rows it drafts are written by a
`GameResults` write, which rides in the commit of the change that finishes the game
(`append_change(also=...)`), so a finished game without results, or results of a game that did
not finish, never exist. Schema 7's backfill (bot/store/backfill.py) writes them the same way.
They are read back in the order ratings are computed: finished_at, then game id, then seat.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from bot.credit import Draft
from bot.store.clocks import SeatWrite
from bot.store.codec import dumps
from bot.store.database import Database
from bot.store.grouping import Sql
from bot.store.records import ResultRow
from bot.store.rows import DECODING, Row
from bot.store.schema import games, moves, results, snapshots
from bot.store.statements import columns, p

log = logging.getLogger(__name__)

RESULT_COLUMNS = ("game_id, seat, part, guild_id, game, user_id, ai, name, rank, score, won, cooperative, resigned, "
                  "stood_in, finished, quit, stand_in, options, sheet, started_at, finished_at")
_NAMES = [c.strip() for c in RESULT_COLUMNS.split(",")]
RESULT_ORDER = (results.c.finished_at, results.c.game_id, results.c.seat, results.c.part)
IN_THREAD = 1000  # rows read from this many on are made into records in a worker thread

_OF_GAME = sa.and_(results.c.guild_id == p("guild_id"), results.c.game == p("game"))
_RESULTS = sa.select(*columns(results, RESULT_COLUMNS)).where(_OF_GAME).order_by(*RESULT_ORDER)
_MARK = sa.select(sa.func.count(), sa.func.max(results.c.finished_at), sa.func.max(results.c.game_id)).where(_OF_GAME)
_PLAYED = sa.select(results.c.game).distinct().where(results.c.guild_id == p("guild_id")).order_by(results.c.game)
_PLAYED_BY = _PLAYED.where(results.c.user_id == p("user_id"))
_INSERT = sa.insert(results)


def _facts(condition: sa.ColumnElement[bool]) -> tuple[sa.Select[Any], sa.Select[Any]]:
    """What the result rows of the finished games `condition` selects take from each game: its
    row with its start and last change's times, and its stand-ins' moves by seat."""
    started = (sa.select(snapshots.c.created_at).where(snapshots.c.game_id == games.c.id, snapshots.c.state_id == 0)
               .scalar_subquery())
    last = (sa.select(moves.c.created_at).where(moves.c.game_id == games.c.id, moves.c.state_id == games.c.state_id)
            .scalar_subquery())
    facts = sa.select(games.c.id, games.c.guild_id, games.c.game, games.c.options, games.c.outcome, games.c.created_at,
                      games.c.updated_at, started, last).where(condition)
    stood = (sa.select(moves.c.game_id, moves.c.seat, sa.func.count())
             .where(moves.c.stand_in == sa.true(), moves.c.seat.is_not(None),
                    moves.c.game_id.in_(sa.select(games.c.id).where(condition)))
             .group_by(moves.c.game_id, moves.c.seat))
    return facts, stood


_ONE = _facts(games.c.id == p("game_id"))
_EVERY_FINISHED = _facts(sa.and_(games.c.status == "finished", games.c.outcome.is_not(None)))


@dataclass(frozen=True)
class GameResults:
    """A change finishes its game: these result rows are written in the same commit, last, with
    the game's own facts (server, options, start and finish times) from its row and log."""

    drafts: tuple[Draft, ...]


# Writes a change brings beside its log row and clocks, committed with it (`append_change`).
ChangeWrite = SeatWrite | GameResults


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


def _finished(conn: Sql, queries: tuple[sa.Select[Any], sa.Select[Any]],
              params: dict[str, Any]) -> dict[int, _Finished]:
    """The facts of the finished games the queries select, in two queries whatever their number
    (the backfill asks for all of them at once)."""
    facts, stood_query = queries
    stood: dict[int, dict[int, int]] = {}
    for r in conn.execute(stood_query, params):
        stood.setdefault(int(r[0]), {})[int(r[1])] = int(r[2])
    found = {}
    for r in conn.execute(facts, params):
        sheet = (json.loads(r[4]) if r[4] else {}).get("sheet")
        found[int(r[0])] = _Finished(
            guild_id=int(r[1]), game=str(r[2]), options=str(r[3]), sheet=None if sheet is None else dumps(sheet),
            started_at=float(r[7] if r[7] is not None else r[5]), finished_at=float(r[8] if r[8] is not None else r[6]),
            stood=stood.get(int(r[0]), {}))
    return found


def _values(game_id: int, game: _Finished, drafts: Sequence[Draft]) -> list[dict[str, Any]]:
    return [dict(zip(_NAMES, (
        game_id, d.seat, d.part, game.guild_id, game.game, d.user_id, d.ai, d.name, d.rank, d.score, d.won,
        d.cooperative, d.resigned, game.stood.get(d.seat, 0), d.finished, d.quit, d.stand_in, game.options,
        game.sheet if d.cooperative else None, game.started_at, game.finished_at), strict=True)) for d in drafts]


def write_results(conn: Sql, game_id: int, drafts: Sequence[Draft]) -> None:
    """Inside a write operation: the finished game's result rows, as drafted."""
    facts = _finished(conn, _ONE, {"game_id": game_id})
    if drafts:
        conn.execute(_INSERT, _values(game_id, facts[game_id], drafts))


def write_all_results(conn: Sql, drafted: dict[int, Sequence[Draft]]) -> None:
    """Inside a write operation: the result rows of many finished games (schema 7's backfill)."""
    facts = _finished(conn, _EVERY_FINISHED, {})
    rows = [row for game_id, drafts in drafted.items() for row in _values(game_id, facts[game_id], drafts)]
    if rows:
        conn.execute(_INSERT, rows)


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
    """Rows of RESULT_COLUMNS as records. A row that no longer decodes is left out (logged): one
    game's damage never empties a server's records."""
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

    def __init__(self, db: Database) -> None:
        self._db = db

    async def results(self, guild_id: int, game: str) -> list[ResultRow]:
        """Every result row of `game` in the server, in rating order (finished_at, game id, seat)."""
        rows = await self._db.read(lambda conn: conn.execute(_RESULTS, {"guild_id": guild_id, "game": game}).all())
        if len(rows) < IN_THREAD:
            return result_rows(rows)
        return await asyncio.to_thread(result_rows, rows)  # tens of milliseconds at 10,000 rows: off the loop

    async def results_mark(self, guild_id: int, game: str) -> ResultsMark:
        """How many results the server has of `game` and its latest (a cache key: rows are only added)."""
        row = await self._db.read(lambda conn: conn.execute(_MARK, {"guild_id": guild_id, "game": game}).one())
        return ResultsMark(int(row[0]), row[1], None if row[2] is None else int(row[2]))

    async def played(self, guild_id: int, user_id: int | None = None) -> list[str]:
        """The games with results in the server (of one person, with `user_id`), by key."""
        if user_id is None:
            rows = await self._db.read(lambda conn: conn.execute(_PLAYED, {"guild_id": guild_id}).all())
        else:
            rows = await self._db.read(lambda conn: conn.execute(_PLAYED_BY, {"guild_id": guild_id,
                                                                              "user_id": user_id}).all())
        return [str(r[0]) for r in rows]
