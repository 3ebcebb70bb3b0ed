"""The SQLite store (aiosqlite), one of the two `Store`s (bot/store/protocol.py).

One writer connection in autocommit mode with explicit `BEGIN IMMEDIATE ... COMMIT` around
every group of writes, so a write is all or nothing (bot/store/connection.py). One process per
file: the store is not shared, so its game lock is a no-op and it always leads.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.holders import Holding
from bot.store import migrate as migrations
from bot.store.bookkeeping import Bookkeeping
from bot.store.clocks import (
    INSERT_HOLDER,
    ClockStore,
    ClockWrites,
    holder_values,
    write_clocks,
    write_seat,
)
from bot.store.codec import dumps as _dumps
from bot.store.connection import Database
from bot.store.errors import SchemaError, SeatsTaken, StateConflict
from bot.store.keys import Key
from bot.store.records import (
    JSON,
    GameRecord,
    GameRow,
    MoveRow,
    SeatRow,
    SeatSpec,
    Snapshot,
    lobby_seats,
)
from bot.store.results import ChangeWrite, GameResults, ResultStore, SqliteSql, write_results
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
    holding_row,
    snapshot,
)
from bot.store.rows import game_row as _game
from bot.store.rows import move_row as _move
from bot.store.rows import quoted as _quoted
from bot.store.rows import seat_row as _seat
from bot.store.tournaments import SqlOp, T, TournamentStore
from bot.store.watching import Watching

_GAME_COLUMNS = GAME_COLUMNS
_MOVE_COLUMNS = MOVE_COLUMNS
_SEAT_QUERY = SEAT_QUERY
_GAME_BY_ID = f"SELECT {_GAME_COLUMNS} FROM games WHERE id = ?"
_SEATS_OF_GAME = _SEAT_QUERY + "WHERE s.game_id = ? ORDER BY s.seat"
_MOVES_AFTER = f"SELECT {_MOVE_COLUMNS} FROM moves WHERE game_id = ? AND state_id > ? ORDER BY state_id"


class _Runner:
    """Shared SQL (bot/store/tournaments.py) on this store: writes group-committed, reads pooled."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def write(self, op: SqlOp[T]) -> T:
        return await self.db.write(lambda conn: op(SqliteSql(conn)))

    async def read(self, op: SqlOp[T]) -> T:
        return await self.db.read(lambda conn: op(SqliteSql(conn)))


class SqliteStore(Bookkeeping, ClockStore, ResultStore, DecodedGames, Watching):
    """Games, seats, the move log, snapshots, results and adapter bookkeeping in one SQLite file."""

    shared = False  # one process per file (`hold`): nothing else writes it

    def __init__(self, db: Database) -> None:
        self._db = db
        self.path = db.path
        self.tournaments = TournamentStore(_Runner(db))

    # -- opening ------------------------------------------------------------------------
    @classmethod
    async def open(cls, path: str | Path, *, migrate: bool = True, exclusive: bool = True) -> SqliteStore:
        """Connect, check the pragmas, and bring the schema up to date (or refuse a newer one).

        `exclusive` (every writer: the bot, terminal games) takes the database's lock for as
        long as the store is open: a second process on the same file gets StoreLocked. A new
        database file is created readable by its owner only."""

        async def prepare(db: aiosqlite.Connection) -> None:
            if migrate:
                await migrations.migrate(db)
                return
            version = await migrations.check_version(db)
            if version < migrations.latest_version():
                raise SchemaError(
                    f"This database is at schema version {version}; run `skald db migrate` to bring it to "
                    f"{migrations.latest_version()}."
                )

        return cls(await Database.open(path, exclusive=exclusive, prepare=prepare))

    async def close(self) -> None:
        await self._db.close()

    async def version(self) -> int:
        return await self._db.direct(migrations.current_version)

    @property
    def commits(self) -> int:
        """Transactions committed so far (each holds a group of operations), for benchmarks."""
        return self._db.commits

    # -- coordinating processes: there is only this one ------------------------------------------
    @asynccontextmanager
    async def lock(self, key: Key) -> AsyncIterator[None]:
        """Nothing to exclude: the service's own asyncio lock covers the only process."""
        yield

    async def revision(self, game_id: int) -> str | None:
        return None

    async def hold_leadership(self) -> bool:
        return True

    async def release_leadership(self) -> None:
        return None

    # -- lobby ---------------------------------------------------------------------------
    async def create_game(self, *, guild_id: int, channel_id: int, host_id: int, host_name: str | None, game: str,
                          options: JSON, now: float, clock: str = "none", timeout_policy: str = "stand_in",
                          rematch_of: int | None = None, min_reliability: int = 0, seats: Sequence[SeatSpec] = (),
                          origin: str | None = None) -> int:
        """A new lobby, with the host in seat 0 unless `host_name` is None, then `seats`; returns the
        game id. A game opened for an `origin` is opened once: the same origin finds it again."""
        async def op(db: aiosqlite.Connection) -> int:
            if origin is not None:
                found = list(await db.execute_fetchall("SELECT id FROM games WHERE origin = ?", (origin,)))
                if found:
                    return int(found[0][0])
            cursor = await db.execute(
                "INSERT INTO games (guild_id, channel_id, game, options, host_id, created_at, updated_at, clock, "
                "timeout_policy, rematch_of, min_reliability, origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, game, _dumps(options), host_id, now, now, clock, timeout_policy, rematch_of,
                 min_reliability, origin),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            await db.executemany("INSERT INTO seats (game_id, seat, user_id, ai, name, joined_at) "
                                 "VALUES (?, ?, ?, ?, ?, ?)",
                                 [(game_id, seat, user_id, ai, name, now) for seat, (name, user_id, ai)
                                  in enumerate(lobby_seats(host_id, host_name, seats))])
            return game_id
        return await self._db.write(op)

    async def add_seat(self, game_id: int, *, name: str, user_id: int | None, ai: str | None, now: float,
                       max_seats: int | None = None) -> int:
        """Seat a user or an AI at the next free seat of a lobby; returns the seat number.

        The lobby's status and the seat limit are checked inside the transaction, so two
        processes (or two clicks) can never seat more than `max_seats` or join a started game."""
        async def op(db: aiosqlite.Connection) -> int:
            rows = list(await db.execute_fetchall(
                "SELECT status, (SELECT COUNT(*) FROM seats WHERE game_id = ?) FROM games WHERE id = ?",
                (game_id, game_id)))
            if not rows or rows[0][0] != "lobby":
                raise StateConflict(f"Game {game_id} is not a lobby any more.")
            seat = int(rows[0][1])
            if max_seats is not None and seat >= max_seats:
                raise SeatsTaken(f"Game {game_id} has all its {max_seats} seats taken.")
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, ai, name, joined_at) VALUES (?, ?, ?, ?, ?, ?)",
                (game_id, seat, user_id, ai, name, now),
            )
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return seat
        return await self._db.write(op)

    async def remove_seat(self, game_id: int, seat: int, now: float) -> None:
        """Free a lobby seat; later seats move up one."""
        async def op(db: aiosqlite.Connection) -> None:
            cursor = await db.execute("UPDATE games SET updated_at = ? WHERE id = ? AND status = 'lobby'",
                                      (now, game_id))
            if cursor.rowcount != 1:
                raise StateConflict(f"Game {game_id} is not a lobby any more.")
            await db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
            later = await db.execute_fetchall(
                "SELECT seat FROM seats WHERE game_id = ? AND seat > ? ORDER BY seat", (game_id, seat)
            )
            # One row at a time, upwards, so the (game_id, seat) key never collides midway.
            for (old,) in later:
                await db.execute("UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?", (old - 1, game_id, old))
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
        return await self._db.write(op)

    async def close_lobby(self, game_id: int, status: str, now: float) -> None:
        """End a game that never started (cancelled); only a lobby can be closed."""
        async def op(db: aiosqlite.Connection) -> None:
            cursor = await db.execute("UPDATE games SET status = ?, updated_at = ? WHERE id = ? AND status = 'lobby'",
                                      (status, now, game_id))
            if cursor.rowcount != 1:
                raise StateConflict(f"Game {game_id} is not a lobby any more.")
            await db.execute("DELETE FROM timers WHERE space = 'game' AND game_id = ?", (game_id,))
        return await self._db.write(op)

    async def start_game(self, game_id: int, *, seed: int, thread_id: int | None, state: JSON, now: float,
                         to_move: Sequence[int] = (), engine_version: int = 1,
                         clocks: ClockWrites | None = None, holders: Sequence[Holding] = ()) -> None:
        """Lobby -> running at state id 0, with the set-up state as the first snapshot, the seats'
        first holders, and the clocks of the first seats to act started."""
        async def op(db: aiosqlite.Connection) -> None:
            cursor = await db.execute(
                "UPDATE games SET status = 'running', seed = ?, state_id = 0, thread_id = COALESCE(?, thread_id), "
                "updated_at = ?, to_move = ?, engine_version = ? WHERE id = ? AND status = 'lobby'",
                (seed, thread_id, now, _dumps(list(to_move)), engine_version, game_id),
            )
            if cursor.rowcount != 1:
                raise StateConflict(f"Game {game_id} is not a lobby any more.")
            await db.execute(
                "INSERT INTO snapshots (game_id, state_id, state, created_at) VALUES (?, 0, ?, ?)",
                (game_id, _dumps(state), now),
            )
            # Nothing told yet: the outbox announces the start once this commit is done.
            await db.execute("INSERT INTO announcements (game_id, updated_at) VALUES (?, ?)", (game_id, now))
            await db.execute("DELETE FROM timers WHERE space = 'game' AND game_id = ? AND kind = 'lobby_expiry'",
                             (game_id,))
            await db.executemany(INSERT_HOLDER, [holder_values(game_id, h) for h in holders])
            if clocks:
                await write_clocks(db, game_id, clocks)
        return await self._db.write(op)

    # -- the move log ------------------------------------------------------------------------
    async def append_change(self, game_id: int, change: MoveRow, *, status: str, outcome: JSON | None,
                            snapshot: JSON | None, clocks: ClockWrites | None = None,
                            also: Sequence[ChangeWrite] = ()) -> None:
        """Commit one change: the log row, the new state id (only if the old one is still
        current), the status/outcome and optionally a snapshot, all or nothing.

        Returns once the change is durable. Changes of different games that arrive while a
        commit is on its way are committed together (group commit: one fsync for many
        moves); each keeps its own savepoint, so one refused change never sinks the others.
        `clocks`: what the change does to the seats' clocks, and `also`: further writes the
        change brings (a seat's stand-in, the results of the game it finishes), all in the same
        operation.
        """

        async def op(db: aiosqlite.Connection) -> None:
            cursor = await db.execute(
                "UPDATE games SET state_id = ?, status = ?, outcome = ?, updated_at = ?, to_move = ? "
                "WHERE id = ? AND state_id = ? AND status = 'running'",
                (change.state_id, status, None if outcome is None else _dumps(outcome),
                 change.created_at, _dumps(list(change.to_move)), game_id, change.state_id - 1),
            )
            if cursor.rowcount != 1:
                raise StateConflict(f"Game {game_id} is no longer at state {change.state_id - 1}.")
            await db.execute(
                f"INSERT INTO moves (game_id, {_MOVE_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, change.state_id, change.seat, change.kind, change.text, encode_events(change.events),
                 _dumps(list(change.to_move)), change.user_id, change.created_at, int(change.stand_in)),
            )
            if clocks:
                await write_clocks(db, game_id, clocks)
            if snapshot is not None:
                await db.execute(
                    "INSERT INTO snapshots (game_id, state_id, state, created_at) VALUES (?, ?, ?, ?)",
                    (game_id, change.state_id, _dumps(snapshot), change.created_at),
                )
            for write in also:  # in order, after the game row and the log row: they may read both
                if isinstance(write, GameResults):
                    await write_results(SqliteSql(db), game_id, write.drafts)
                else:
                    await write_seat(db, game_id, write)

        await self._db.write(op)

    async def load(self, game_id: int, *, from_start: bool = False, upto: int | None = None) -> GameRecord | None:
        """The game row, its seats, its latest snapshot and every change after it (one read).

        `from_start`: no snapshot, every change (a replay of the whole log). `upto`: the game as
        it was at that state id (the latest snapshot at or before it, the changes up to it)."""
        last = NO_LIMIT if upto is None else upto

        async def query(db: aiosqlite.Connection) -> GameRecord | None:
            # One read transaction: a consistent game across the four queries.
            rows = list(await db.execute_fetchall(_GAME_BY_ID, (game_id,)))
            if not rows:
                return None
            seats = await db.execute_fetchall(_SEATS_OF_GAME, (game_id,))
            snap = [] if from_start else list(await db.execute_fetchall(
                "SELECT state_id, state FROM snapshots WHERE game_id = ? AND state_id <= ? "
                "ORDER BY state_id DESC LIMIT 1", (game_id, last)))
            after = int(snap[0][0]) if snap else 0
            moves = await db.execute_fetchall(
                f"SELECT {_MOVE_COLUMNS} FROM moves WHERE game_id = ? AND state_id > ? AND state_id <= ? "
                "ORDER BY state_id", (game_id, after, last))
            holders = await db.execute_fetchall(HOLDERS_OF_GAME, (game_id,))
            return GameRecord(
                game=_game(rows[0]),
                seats=tuple(_seat(r) for r in seats),
                snapshot=snapshot(game_id, snap[0]) if snap else None,
                moves=tuple(_move(r, game_id) for r in moves),
                holders=tuple(holding_row(r) for r in holders),
            )

        return await self._db.read(query)

    async def moves(self, game_id: int, *, after: int = 0, last: int | None = None) -> list[MoveRow]:
        """Changes with state id > `after`, oldest first; `last` keeps only the newest ones."""
        if last is None:
            rows = await self._db.fetchall(_MOVES_AFTER, (game_id, after))
        else:
            rows = await self._db.fetchall(
                f"SELECT {_MOVE_COLUMNS} FROM moves WHERE game_id = ? AND state_id > ? "
                "ORDER BY state_id DESC LIMIT ?", (game_id, after, last))
            rows.reverse()
        return [_move(r, game_id) for r in rows]

    async def snapshots(self, game_id: int) -> list[Snapshot]:
        rows = await self._db.fetchall(
            "SELECT state_id, state FROM snapshots WHERE game_id = ? ORDER BY state_id", (game_id,))
        return [snapshot(game_id, r) for r in rows]

    # -- looking -------------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow | None:
        row = await self._db.fetchone(_GAME_BY_ID, (game_id,))
        return None if row is None else _game(row)

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._db.fetchall(_SEATS_OF_GAME, (game_id,))
        return [_seat(r) for r in rows]

    async def games(self, *, guild_id: int | None = None, channel_id: int | None = None,
                    user_id: int | None = None, game: str | None = None,
                    statuses: Sequence[str] | None = None, place: int | None = None, limit: int | None = None,
                    include_broken: bool = False) -> list[tuple[GameRow, list[SeatRow]]]:
        """Games matching every given filter, newest first, each with its seats.

        `place` is a channel or thread id (the game's thread, or its channel); games that no
        longer load are left out unless `include_broken`. Every filter is served by an index."""
        where: list[str] = []
        params: list[Any] = []
        for column, value in (("guild_id", guild_id), ("channel_id", channel_id), ("game", game)):
            if value is not None:
                where.append(f"{column} = ?")
                params.append(value)
        if place is not None:  # its thread, or the channel it plays in when it has no thread
            where.append("id IN (SELECT id FROM games WHERE thread_id = ? "
                         "UNION SELECT id FROM games WHERE channel_id = ? AND thread_id IS NULL)")
            params += [place, place]
        if user_id is not None:
            where.append("id IN (SELECT game_id FROM seats WHERE user_id = ?)")
            params.append(user_id)
        if statuses is not None:
            # Literal values (they come from code, never from users), so the planner can match
            # them to the partial index of open tables.
            where.append(f"status IN ({', '.join(_quoted(s) for s in statuses)})")
        if not include_broken:
            where.append("broken IS NULL")
        clause = f"WHERE {' AND '.join(where)} " if where else ""
        bound = f"LIMIT {int(limit)}" if limit is not None else ""

        async def query(db: aiosqlite.Connection) -> tuple[list[Sequence[Any]], list[Sequence[Any]]]:
            found: list[Sequence[Any]] = list(await db.execute_fetchall(
                f"SELECT {_GAME_COLUMNS} FROM games {clause}ORDER BY id DESC {bound}", params))
            ids = [r[0] for r in found]
            seat_rows: list[Sequence[Any]] = []
            for start in range(0, len(ids), 500):  # stay under SQLite's bound-parameter limit
                chunk = ids[start:start + 500]
                seat_rows.extend(await db.execute_fetchall(
                    _SEAT_QUERY + f"WHERE s.game_id IN ({', '.join('?' for _ in chunk)}) ORDER BY s.seat", chunk))
            return found, seat_rows

        rows, seat_rows = await self._db.read(query)
        ids = [r[0] for r in rows]
        by_game: dict[int, list[SeatRow]] = {i: [] for i in ids}
        for r in seat_rows:
            by_game[int(r[0])].append(_seat(r))
        return await self._decoded_games(rows, by_game)

    async def count_active(self, *, guild_id: int, user_id: int | None = None) -> int:
        """Lobbies and running games of a server (of one player in it, with `user_id`)."""
        if user_id is None:
            row = await self._db.fetchone(
                "SELECT COUNT(*) FROM games WHERE guild_id = ? AND status IN ('lobby', 'running')", (guild_id,))
        else:
            row = await self._db.fetchone(
                "SELECT COUNT(*) FROM games WHERE guild_id = ? AND status IN ('lobby', 'running') AND id IN "
                "(SELECT game_id FROM seats WHERE user_id = ?)", (guild_id, user_id))
        return int(row[0]) if row else 0

    async def set_to_move(self, game_id: int, state_id: int, to_move: Sequence[int]) -> None:
        """Record the seats to act of a game whose row did not know them (from before schema 4)."""
        async def op(db: aiosqlite.Connection) -> None:
            await db.execute("UPDATE games SET to_move = ? WHERE id = ? AND state_id = ? AND to_move IS NULL",
                             (_dumps(list(to_move)), game_id, state_id))
        return await self._db.write(op)

    async def mark_broken(self, game_id: int, reason: str | None) -> None:
        """Isolate a game that no longer loads (reason for operators), or clear it (None)."""
        async def op(db: aiosqlite.Connection) -> None:
            await db.execute("UPDATE games SET broken = ? WHERE id = ?", (reason, game_id))
        return await self._db.write(op)

    async def game_ids(self) -> list[int]:
        return [int(r[0]) for r in await self._db.fetchall("SELECT id FROM games ORDER BY id")]

    async def holders(self, game_id: int) -> list[Holding]:
        return [holding_row(r) for r in await self._db.fetchall(HOLDERS_OF_GAME, (game_id,))]

    async def rematch(self, game_id: int) -> int | None:
        """The newest lobby (or game) opened as a rematch of `game_id`, if any."""
        row = await self._db.fetchone("SELECT MAX(id) FROM games WHERE rematch_of = ?", (game_id,))
        return None if row is None or row[0] is None else int(row[0])

    async def ended_holdings(self, user_id: int, guild_id: int) -> list[tuple[str, list[Holding]]]:
        """Every holding of the server's ended games (finished or abandoned) where the person held
        a seat, game by game with its status: what their reliability is worked out from."""
        rows = await self._db.fetchall(ENDED_HOLDINGS, (guild_id, user_id))
        return ended_holdings(rows)

    # -- bookkeeping for adapters -----------------------------------------------------------------
    async def set_game_field(self, game_id: int, field: str, value: int | float | None, now: float) -> bool:
        """Set one of the adapter-owned columns of a game (or its pause); False if there is no such game."""
        field = adapter_field(field)
        async def op(db: aiosqlite.Connection) -> bool:
            cursor = await db.execute(f"UPDATE games SET {field} = ?, updated_at = ? WHERE id = ?",
                                      (value, now, game_id))
            return cursor.rowcount == 1
        return await self._db.write(op)

    async def set_dm_ok(self, user_id: int, ok: bool | None, now: float) -> None:
        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "INSERT INTO users (user_id, dm_ok, updated_at) VALUES (?, ?, ?) "
                "ON CONFLICT (user_id) DO UPDATE SET dm_ok = excluded.dm_ok, updated_at = excluded.updated_at",
                (user_id, None if ok is None else int(ok), now),
            )
        return await self._db.write(op)

