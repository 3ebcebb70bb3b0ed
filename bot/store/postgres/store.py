"""The PostgreSQL store (asyncpg): the same `Store` as SQLite's, for several processes at once.

Each write is one transaction (bot/store/postgres/database.py). What the SQLite store gets from
holding the only writer, this one gets from row locks: a lobby's seats change under a lock on
its game row, and a change of a running game commits only if the game is still at the state it
was made on (the compare-and-swap that decides between processes).
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.holders import Holding
from bot.store.clocks import INSERT_HOLDER, ClockWrites, holder_values
from bot.store.codec import dumps
from bot.store.errors import SeatsTaken, StateConflict
from bot.store.keys import Key
from bot.store.postgres import migrate as migrations
from bot.store.postgres.bookkeeping import PgBookkeeping
from bot.store.postgres.clocks import PgClockStore, write_clocks, write_seat
from bot.store.postgres.database import Conn, PgDatabase
from bot.store.postgres.results import PgResultStore, PgSql, numbered
from bot.store.postgres.watching import PgWatching
from bot.store.records import JSON, GameRecord, GameRow, MoveRow, SeatRow, SeatSpec, Snapshot, lobby_seats
from bot.store.results import ChangeWrite, GameResults, write_results
from bot.store.rows import (
    ENDED_HOLDINGS,
    GAME_COLUMNS,
    HOLDERS_OF_GAME,
    MOVE_COLUMNS,
    NO_LIMIT,
    SEAT_QUERY,
    DecodedGames,
    adapter_field,
    encode_events,
    ended_holdings,
    game_row,
    holding_row,
    move_row,
    quoted,
    seat_row,
    snapshot,
)
from bot.store.tournaments import SqlOp, T, TournamentStore

_GAME_BY_ID = f"SELECT {GAME_COLUMNS} FROM games WHERE id = $1"
_SEATS_OF_GAME = SEAT_QUERY + "WHERE s.game_id = $1 ORDER BY s.seat"
_MOVES_AFTER = f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = $1 AND state_id > $2 ORDER BY state_id"
# The statements both stores share, with PostgreSQL's placeholders.
_HOLDERS_OF_GAME = numbered(HOLDERS_OF_GAME)
_INSERT_HOLDER = numbered(INSERT_HOLDER)
_ENDED_HOLDINGS = numbered(ENDED_HOLDINGS)
# Row versions (xmin) of everything a cached game holds: its row, seats, their people and clocks.
_REVISION = """
SELECT g.xmin::text || '/' ||
       COALESCE((SELECT string_agg(s.xmin::text || ':' || COALESCE(u.xmin::text, ''), ',' ORDER BY s.seat)
                 FROM seats s LEFT JOIN users u ON u.user_id = s.user_id WHERE s.game_id = g.id), '') || '/' ||
       COALESCE((SELECT string_agg(c.xmin::text, ',' ORDER BY c.seat) FROM seat_clocks c WHERE c.game_id = g.id), '')
FROM games g WHERE g.id = $1
"""


def _count(status: str) -> int:
    """Rows an INSERT/UPDATE/DELETE touched, from asyncpg's status line ('UPDATE 1')."""
    return int(status.rsplit(" ", 1)[-1])


class _Runner:
    """Shared SQL (bot/store/tournaments.py) on this store: each write its own transaction."""

    def __init__(self, db: PgDatabase) -> None:
        self.db = db

    async def write(self, op: SqlOp[T]) -> T:
        return await self.db.write(lambda conn: op(PgSql(conn)))

    async def read(self, op: SqlOp[T]) -> T:
        return await self.db.read(lambda conn: op(PgSql(conn)))


class PostgresStore(PgBookkeeping, PgClockStore, PgResultStore, DecodedGames, PgWatching):
    """Games, seats, the move log, snapshots, results and adapter bookkeeping in one PostgreSQL database."""

    shared = True  # other processes write the same database

    def __init__(self, db: PgDatabase) -> None:
        self._db = db
        self.tournaments = TournamentStore(_Runner(db))

    @classmethod
    async def open(cls, url: str, *, migrate: bool = True) -> PostgresStore:
        """Connect, and bring the schema up to date (or refuse a newer, or with `migrate=False`
        an older, one)."""
        db = await PgDatabase.open(url)
        try:
            async with db.pool.acquire() as conn:
                if migrate:
                    await migrations.migrate(conn)
                else:
                    await migrations.require_latest(conn)
        except BaseException:
            await db.close()
            raise
        return cls(db)

    async def close(self) -> None:
        await self._db.close()

    async def version(self) -> int:
        async with self._db.pool.acquire() as conn:
            return await migrations.current_version(conn)

    @property
    def commits(self) -> int:
        return self._db.commits

    # -- coordinating processes ------------------------------------------------------------------
    def lock(self, key: Key) -> AbstractAsyncContextManager[None]:
        return self._db.lock(key)

    async def revision(self, game_id: int) -> str | None:
        value = await self._db.fetchval(_REVISION, game_id)
        return None if value is None else str(value)

    async def hold_leadership(self) -> bool:
        return await self._db.hold_leadership()

    async def release_leadership(self) -> None:
        await self._db.release_leadership()

    # -- lobby ---------------------------------------------------------------------------------
    async def create_game(self, *, guild_id: int, channel_id: int, host_id: int, host_name: str | None, game: str,
                          options: JSON, now: float, clock: str = "none", timeout_policy: str = "stand_in",
                          rematch_of: int | None = None, min_reliability: int = 0, seats: Sequence[SeatSpec] = (),
                          origin: str | None = None) -> int:
        async def op(conn: Conn) -> int:
            if origin is not None:
                found = await conn.fetchval("SELECT id FROM games WHERE origin = $1", origin)
                if found is not None:
                    return int(found)
            game_id = int(await conn.fetchval(
                "INSERT INTO games (guild_id, channel_id, game, options, host_id, created_at, updated_at, clock, "
                "timeout_policy, rematch_of, min_reliability, origin) "
                "VALUES ($1, $2, $3, $4, $5, $6, $6, $7, $8, $9, $10, $11) RETURNING id",
                guild_id, channel_id, game, dumps(options), host_id, now, clock, timeout_policy, rematch_of,
                min_reliability, origin))
            await conn.executemany("INSERT INTO seats (game_id, seat, user_id, ai, name, joined_at) "
                                   "VALUES ($1, $2, $3, $4, $5, $6)",
                                   [(game_id, seat, user_id, ai, name, now) for seat, (name, user_id, ai)
                                    in enumerate(lobby_seats(host_id, host_name, seats))])
            return game_id
        return await self._db.write(op)

    async def add_seat(self, game_id: int, *, name: str, user_id: int | None, ai: str | None, now: float,
                       max_seats: int | None = None) -> int:
        async def op(conn: Conn) -> int:
            # The game row's lock makes concurrent seatings (from any process) take turns.
            status = await conn.fetchval("SELECT status FROM games WHERE id = $1 FOR UPDATE", game_id)
            if status != "lobby":
                raise StateConflict(f"Game {game_id} is not a lobby any more.")
            seat = int(await conn.fetchval("SELECT COUNT(*) FROM seats WHERE game_id = $1", game_id))
            if max_seats is not None and seat >= max_seats:
                raise SeatsTaken(f"Game {game_id} has all its {max_seats} seats taken.")
            await conn.execute("INSERT INTO seats (game_id, seat, user_id, ai, name, joined_at) "
                               "VALUES ($1, $2, $3, $4, $5, $6)", game_id, seat, user_id, ai, name, now)
            await conn.execute("UPDATE games SET updated_at = $1 WHERE id = $2", now, game_id)
            return seat
        return await self._db.write(op)

    async def remove_seat(self, game_id: int, seat: int, now: float) -> None:
        async def op(conn: Conn) -> None:
            if _count(await conn.execute("UPDATE games SET updated_at = $1 WHERE id = $2 AND status = 'lobby'",
                                         now, game_id)) != 1:
                raise StateConflict(f"Game {game_id} is not a lobby any more.")
            await conn.execute("DELETE FROM seats WHERE game_id = $1 AND seat = $2", game_id, seat)
            later = await conn.fetch("SELECT seat FROM seats WHERE game_id = $1 AND seat > $2 ORDER BY seat",
                                     game_id, seat)
            for (old,) in later:  # upwards, one at a time, so the (game_id, seat) key never collides
                await conn.execute("UPDATE seats SET seat = $1 WHERE game_id = $2 AND seat = $3", old - 1, game_id, old)
        return await self._db.write(op)

    async def close_lobby(self, game_id: int, status: str, now: float) -> None:
        async def op(conn: Conn) -> None:
            if _count(await conn.execute("UPDATE games SET status = $1, updated_at = $2 WHERE id = $3 "
                                         "AND status = 'lobby'", status, now, game_id)) != 1:
                raise StateConflict(f"Game {game_id} is not a lobby any more.")
            await conn.execute("DELETE FROM timers WHERE space = 'game' AND game_id = $1", game_id)
        return await self._db.write(op)

    async def start_game(self, game_id: int, *, seed: int, thread_id: int | None, state: JSON, now: float,
                         to_move: Sequence[int] = (), engine_version: int = 1,
                         clocks: ClockWrites | None = None, holders: Sequence[Holding] = ()) -> None:
        async def op(conn: Conn) -> None:
            if _count(await conn.execute(
                    "UPDATE games SET status = 'running', seed = $1, state_id = 0, "
                    "thread_id = COALESCE($2, thread_id), updated_at = $3, to_move = $4, engine_version = $5 "
                    "WHERE id = $6 AND status = 'lobby'",
                    seed, thread_id, now, dumps(list(to_move)), engine_version, game_id)) != 1:
                raise StateConflict(f"Game {game_id} is not a lobby any more.")
            await conn.execute("INSERT INTO snapshots (game_id, state_id, state, created_at) VALUES ($1, 0, $2, $3)",
                               game_id, dumps(state), now)
            await conn.execute("INSERT INTO announcements (game_id, updated_at) VALUES ($1, $2)", game_id, now)
            await conn.execute("DELETE FROM timers WHERE space = 'game' AND game_id = $1 AND kind = 'lobby_expiry'",
                               game_id)
            if holders:
                await conn.executemany(_INSERT_HOLDER, [holder_values(game_id, h) for h in holders])
            if clocks:
                await write_clocks(conn, game_id, clocks)
        return await self._db.write(op)

    # -- the move log --------------------------------------------------------------------------
    async def append_change(self, game_id: int, change: MoveRow, *, status: str, outcome: JSON | None,
                            snapshot: JSON | None, clocks: ClockWrites | None = None,
                            also: Sequence[ChangeWrite] = ()) -> None:
        """Commit one change, all or nothing, only if the game is still at the state before it."""
        async def op(conn: Conn) -> None:
            if _count(await conn.execute(
                    "UPDATE games SET state_id = $1, status = $2, outcome = $3, updated_at = $4, to_move = $5 "
                    "WHERE id = $6 AND state_id = $7 AND status = 'running'",
                    change.state_id, status, None if outcome is None else dumps(outcome), change.created_at,
                    dumps(list(change.to_move)), game_id, change.state_id - 1)) != 1:
                raise StateConflict(f"Game {game_id} is no longer at state {change.state_id - 1}.")
            await conn.execute(
                f"INSERT INTO moves (game_id, {MOVE_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
                game_id, change.state_id, change.seat, change.kind, change.text, encode_events(change.events),
                dumps(list(change.to_move)), change.user_id, change.created_at, change.stand_in)
            if clocks:
                await write_clocks(conn, game_id, clocks)
            if snapshot is not None:
                await conn.execute("INSERT INTO snapshots (game_id, state_id, state, created_at) "
                                   "VALUES ($1, $2, $3, $4)", game_id, change.state_id, dumps(snapshot),
                                   change.created_at)
            for write in also:  # in order, after the game row and the log row: they may read both
                if isinstance(write, GameResults):
                    await write_results(PgSql(conn), game_id, write.drafts)
                else:
                    await write_seat(conn, game_id, write)
        await self._db.write(op)

    async def load(self, game_id: int, *, from_start: bool = False, upto: int | None = None) -> GameRecord | None:
        """As SqliteStore.load, in one repeatable-read snapshot, with the revision of what it read."""
        last = NO_LIMIT if upto is None else upto

        async def query(conn: Conn) -> GameRecord | None:
            row = await conn.fetchrow(_GAME_BY_ID, game_id)
            if row is None:
                return None
            seats = await conn.fetch(_SEATS_OF_GAME, game_id)
            snap = None if from_start else await conn.fetchrow(
                "SELECT state_id, state FROM snapshots WHERE game_id = $1 AND state_id <= $2 "
                "ORDER BY state_id DESC LIMIT 1", game_id, last)
            after = int(snap[0]) if snap is not None else 0
            moves = await conn.fetch(f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = $1 AND state_id > $2 "
                                     "AND state_id <= $3 ORDER BY state_id", game_id, after, last)
            holders = await conn.fetch(_HOLDERS_OF_GAME, game_id)
            revision = await conn.fetchval(_REVISION, game_id)  # of what this snapshot read
            return GameRecord(game=game_row(row), seats=tuple(seat_row(r) for r in seats),
                              snapshot=None if snap is None else snapshot(game_id, snap),
                              moves=tuple(move_row(r, game_id) for r in moves), revision=str(revision),
                              holders=tuple(holding_row(r) for r in holders))
        return await self._db.read(query)

    async def moves(self, game_id: int, *, after: int = 0, last: int | None = None) -> list[MoveRow]:
        if last is None:
            rows = await self._db.fetch(_MOVES_AFTER, game_id, after)
        else:
            rows = await self._db.fetch(f"SELECT {MOVE_COLUMNS} FROM moves WHERE game_id = $1 AND state_id > $2 "
                                        "ORDER BY state_id DESC LIMIT $3", game_id, after, last)
            rows.reverse()
        return [move_row(r, game_id) for r in rows]

    async def snapshots(self, game_id: int) -> list[Snapshot]:
        rows = await self._db.fetch("SELECT state_id, state FROM snapshots WHERE game_id = $1 ORDER BY state_id",
                                    game_id)
        return [snapshot(game_id, r) for r in rows]

    # -- looking -------------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow | None:
        row = await self._db.fetchrow(_GAME_BY_ID, game_id)
        return None if row is None else game_row(row)

    async def seats(self, game_id: int) -> list[SeatRow]:
        return [seat_row(r) for r in await self._db.fetch(_SEATS_OF_GAME, game_id)]

    async def games(self, *, guild_id: int | None = None, channel_id: int | None = None,
                    user_id: int | None = None, game: str | None = None,
                    statuses: Sequence[str] | None = None, place: int | None = None, limit: int | None = None,
                    include_broken: bool = False) -> list[tuple[GameRow, list[SeatRow]]]:
        """Games matching every given filter, newest first, each with its seats (see SqliteStore.games)."""
        where: list[str] = []
        params: list[Any] = []

        def param(value: Any) -> str:
            params.append(value)
            return f"${len(params)}"

        for column, value in (("guild_id", guild_id), ("channel_id", channel_id), ("game", game)):
            if value is not None:
                where.append(f"{column} = {param(value)}")
        if place is not None:  # its thread, or the channel it plays in when it has no thread
            where.append(f"(thread_id = {param(place)} OR (channel_id = {param(place)} AND thread_id IS NULL))")
        if user_id is not None:
            where.append(f"id IN (SELECT game_id FROM seats WHERE user_id = {param(user_id)})")
        if statuses is not None:
            where.append(f"status IN ({', '.join(quoted(s) for s in statuses)})")
        if not include_broken:
            where.append("broken IS NULL")
        clause = f"WHERE {' AND '.join(where)} " if where else ""
        bound = f"LIMIT {int(limit)}" if limit is not None else ""

        async def query(conn: Conn) -> tuple[list[Any], list[Any]]:
            found = await conn.fetch(f"SELECT {GAME_COLUMNS} FROM games {clause}ORDER BY id DESC {bound}", *params)
            seat_rows = await conn.fetch(SEAT_QUERY + "WHERE s.game_id = ANY($1::bigint[]) ORDER BY s.seat",
                                         [r[0] for r in found])
            return list(found), list(seat_rows)

        rows, seat_rows = await self._db.read(query)
        by_game: dict[int, list[SeatRow]] = {int(r[0]): [] for r in rows}
        for r in seat_rows:
            by_game[int(r[0])].append(seat_row(r))
        return await self._decoded_games(rows, by_game)

    async def count_active(self, *, guild_id: int, user_id: int | None = None) -> int:
        if user_id is None:
            value = await self._db.fetchval(
                "SELECT COUNT(*) FROM games WHERE guild_id = $1 AND status IN ('lobby', 'running')", guild_id)
        else:
            value = await self._db.fetchval(
                "SELECT COUNT(*) FROM games WHERE guild_id = $1 AND status IN ('lobby', 'running') AND id IN "
                "(SELECT game_id FROM seats WHERE user_id = $2)", guild_id, user_id)
        return int(value or 0)

    async def set_to_move(self, game_id: int, state_id: int, to_move: Sequence[int]) -> None:
        async def op(conn: Conn) -> None:
            await conn.execute("UPDATE games SET to_move = $1 WHERE id = $2 AND state_id = $3 AND to_move IS NULL",
                               dumps(list(to_move)), game_id, state_id)
        return await self._db.write(op)

    async def mark_broken(self, game_id: int, reason: str | None) -> None:
        async def op(conn: Conn) -> None:
            await conn.execute("UPDATE games SET broken = $1 WHERE id = $2", reason, game_id)
        return await self._db.write(op)

    async def game_ids(self) -> list[int]:
        return [int(r[0]) for r in await self._db.fetch("SELECT id FROM games ORDER BY id")]

    async def holders(self, game_id: int) -> list[Holding]:
        return [holding_row(r) for r in await self._db.fetch(_HOLDERS_OF_GAME, game_id)]

    async def rematch(self, game_id: int) -> int | None:
        value = await self._db.fetchval("SELECT MAX(id) FROM games WHERE rematch_of = $1", game_id)
        return None if value is None else int(value)

    async def ended_holdings(self, user_id: int, guild_id: int) -> list[tuple[str, list[Holding]]]:
        return ended_holdings(await self._db.fetch(_ENDED_HOLDINGS, guild_id, user_id))

    # -- bookkeeping for adapters ---------------------------------------------------------------
    async def set_game_field(self, game_id: int, field: str, value: int | float | None, now: float) -> bool:
        field = adapter_field(field)
        cast = "double precision" if field == "paused_at" else "bigint"

        async def op(conn: Conn) -> bool:
            return _count(await conn.execute(f"UPDATE games SET {field} = $1::{cast}, updated_at = $2 WHERE id = $3",
                                             value, now, game_id)) == 1
        return await self._db.write(op)

    async def set_dm_ok(self, user_id: int, ok: bool | None, now: float) -> None:
        async def op(conn: Conn) -> None:
            await conn.execute(
                "INSERT INTO users (user_id, dm_ok, updated_at) VALUES ($1, $2, $3) ON CONFLICT (user_id) "
                "DO UPDATE SET dm_ok = excluded.dm_ok, updated_at = excluded.updated_at", user_id, ok, now)
        return await self._db.write(op)

