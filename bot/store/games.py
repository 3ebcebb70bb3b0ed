"""Games and their moves in the store: lobbies and their seats, the move log (the source of
truth), snapshots, seat holders, and looking games up (docs/storage.md).

A change of a running game commits only if the game is still at the state it was made on (a
compare-and-swap in `append_change`), which decides between two clicks, a stale cache or two
processes. A lobby's seats change in a transaction that checks the lobby first; on PostgreSQL
under a lock on its game row (`FOR UPDATE`; SQLite's writer is alone anyway).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa

from bot.holders import Holding
from bot.store.clocks import HOLDER_COLUMNS, INSERT_HOLDER, ClockWrites, holder_values, write_clocks, write_seat
from bot.store.codec import dumps
from bot.store.database import Database
from bot.store.errors import SeatsTaken, StateConflict
from bot.store.grouping import Sql
from bot.store.records import JSON, GameRecord, GameRow, MoveRow, SeatRow, SeatSpec, Snapshot, lobby_seats
from bot.store.results import ChangeWrite, GameResults, write_results
from bot.store.rows import (
    NO_LIMIT,
    DecodedGames,
    Row,
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
from bot.store.schema import announcements, games, moves, seat_holders, seats, snapshots, timers, users
from bot.store.statements import chunks, columns, p

# An UPDATE sets the columns its parameters name (SQLAlchemy's way): a parameter of its WHERE is
# never named after a column of its table (`..._is`, `before`).

GAME_COLUMNS = ("id, guild_id, channel_id, thread_id, game, options, seed, status, state_id, host_id, outcome, "
                "lobby_message_id, created_at, updated_at, to_move, engine_version, broken, clock, timeout_policy, "
                "paused_at, rematch_of, min_reliability, thread_pings")
MOVE_COLUMNS = "state_id, seat, kind, text, events, to_move, user_id, created_at, stand_in"

_GAME = sa.select(*columns(games, GAME_COLUMNS))
_GAME_BY_ID = _GAME.where(games.c.id == p("game_id"))
_SEATS = (sa.select(seats.c.game_id, seats.c.seat, seats.c.name, seats.c.user_id, seats.c.ai, users.c.dm_ok,
                    seats.c.stand_in, seats.c.why)
          .select_from(seats.outerjoin(users, users.c.user_id == seats.c.user_id)))
_SEATS_OF_GAME = _SEATS.where(seats.c.game_id == p("game_id")).order_by(seats.c.seat)
_SEATS_OF_GAMES = _SEATS.where(seats.c.game_id.in_(sa.bindparam("ids", expanding=True))).order_by(seats.c.seat)
_MOVES = sa.select(*columns(moves, MOVE_COLUMNS)).where(moves.c.game_id == p("game_id"),
                                                        moves.c.state_id > p("after"))
_MOVES_AFTER = _MOVES.order_by(moves.c.state_id)
_MOVES_UPTO = _MOVES.where(moves.c.state_id <= p("upto")).order_by(moves.c.state_id)
_LAST_MOVES = _MOVES.order_by(moves.c.state_id.desc()).limit(p("last"))
_SNAPSHOT = (sa.select(snapshots.c.state_id, snapshots.c.state)
             .where(snapshots.c.game_id == p("game_id"), snapshots.c.state_id <= p("upto"))
             .order_by(snapshots.c.state_id.desc()).limit(1))
_SNAPSHOTS = (sa.select(snapshots.c.state_id, snapshots.c.state).where(snapshots.c.game_id == p("game_id"))
              .order_by(snapshots.c.state_id))
_HOLDERS = (sa.select(*columns(seat_holders, HOLDER_COLUMNS)).where(seat_holders.c.game_id == p("game_id"))
            .order_by(seat_holders.c.seat, seat_holders.c.since))
# Every holding of a server's ended games where a person held a seat, by game (reliability).
_ENDED_HOLDINGS = (sa.select(seat_holders.c.game_id, games.c.status, *columns(seat_holders, HOLDER_COLUMNS))
                   .join(games, games.c.id == seat_holders.c.game_id)
                   .where(games.c.guild_id == p("guild_id"), games.c.status.in_(("finished", "abandoned")),
                          seat_holders.c.game_id.in_(sa.select(seat_holders.c.game_id)
                                                     .where(seat_holders.c.user_id == p("user_id"))))
                   .order_by(seat_holders.c.game_id, seat_holders.c.seat, seat_holders.c.since))
_BY_ORIGIN = sa.select(games.c.id).where(games.c.origin == p("origin"))
_INSERT_GAME = sa.insert(games).returning(games.c.id)
_INSERT_SEATS = sa.insert(seats)
_LOBBY = sa.select(games.c.status).where(games.c.id == p("game_id")).with_for_update()
_SEAT_COUNT = sa.select(sa.func.count()).select_from(seats).where(seats.c.game_id == p("game_id"))
_TOUCH = sa.update(games).where(games.c.id == p("game_id")).values(updated_at=p("now"))
_TOUCH_LOBBY = _TOUCH.where(games.c.status == "lobby")
_DROP_SEAT = sa.delete(seats).where(seats.c.game_id == p("game_id"), seats.c.seat == p("seat"))
_LATER_SEATS = (sa.select(seats.c.seat).where(seats.c.game_id == p("game_id"), seats.c.seat > p("seat"))
                .order_by(seats.c.seat))
_MOVE_SEAT = sa.update(seats).where(seats.c.game_id == p("game_id_is"), seats.c.seat == p("seat_is"))
_CLOSE_LOBBY = sa.update(games).where(games.c.id == p("game_id"), games.c.status == "lobby")
_DROP_GAME_TIMERS = sa.delete(timers).where(timers.c.space == "game", timers.c.game_id == p("game_id"))
_START = (sa.update(games).where(games.c.id == p("game_id"), games.c.status == "lobby")
          .values(status="running", state_id=0,
                  thread_id=sa.func.coalesce(p("thread", games.c.thread_id.type), games.c.thread_id)))
_INSERT_SNAPSHOT = sa.insert(snapshots)
_NEW_ANNOUNCEMENT = sa.insert(announcements)
_DROP_LOBBY_EXPIRY = _DROP_GAME_TIMERS.where(timers.c.kind == "lobby_expiry")
# The compare-and-swap that decides which of two changes made on one state commits.
_ADVANCE = sa.update(games).where(games.c.id == p("game_id"), games.c.state_id == p("before"),
                                  games.c.status == "running")
_INSERT_MOVE = sa.insert(moves)
_COUNT_ACTIVE = (sa.select(sa.func.count()).select_from(games)
                 .where(games.c.guild_id == p("guild_id"), games.c.status.in_(("lobby", "running"))))
_COUNT_ACTIVE_OF = _COUNT_ACTIVE.where(games.c.id.in_(sa.select(seats.c.game_id)
                                                      .where(seats.c.user_id == p("user_id"))))
_SET_TO_MOVE = sa.update(games).where(games.c.id == p("game_id"), games.c.state_id == p("state_id_is"),
                                      games.c.to_move.is_(None))
_SET_GAME = sa.update(games).where(games.c.id == p("game_id"))
_GAME_IDS = sa.select(games.c.id).order_by(games.c.id)
_REMATCH = sa.select(sa.func.max(games.c.id)).where(games.c.rematch_of == p("game_id"))


def _not_a_lobby(game_id: int) -> StateConflict:
    return StateConflict(f"Game {game_id} is not a lobby any more.")


class GameStore(DecodedGames):
    """Lobbies, the move log, snapshots and holders of every game, and looking games up."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # -- lobby ---------------------------------------------------------------------------
    async def create_game(self, *, guild_id: int, channel_id: int, host_id: int, host_name: str | None, game: str,
                          options: JSON, now: float, clock: str = "none", timeout_policy: str = "stand_in",
                          rematch_of: int | None = None, min_reliability: int = 0, seats: Sequence[SeatSpec] = (),
                          origin: str | None = None) -> int:
        """A new lobby, with the host in seat 0 unless `host_name` is None, then `seats`; returns the
        game id. A game opened for an `origin` is opened once: the same origin finds it again."""
        def op(conn: Sql) -> int:
            if origin is not None:
                found = conn.execute(_BY_ORIGIN, {"origin": origin}).scalar()
                if found is not None:
                    return int(found)
            game_id = int(conn.execute(_INSERT_GAME, {
                "guild_id": guild_id, "channel_id": channel_id, "game": game, "options": dumps(options),
                "host_id": host_id, "created_at": now, "updated_at": now, "clock": clock,
                "timeout_policy": timeout_policy, "rematch_of": rematch_of, "min_reliability": min_reliability,
                "origin": origin}).scalar_one())
            at_table = lobby_seats(host_id, host_name, seats)
            if at_table:
                conn.execute(_INSERT_SEATS, [{"game_id": game_id, "seat": seat, "user_id": user_id, "ai": ai,
                                              "name": name, "joined_at": now}
                                             for seat, (name, user_id, ai) in enumerate(at_table)])
            return game_id
        return await self._db.write(op)

    async def add_seat(self, game_id: int, *, name: str, user_id: int | None, ai: str | None, now: float,
                       max_seats: int | None = None) -> int:
        """Seat a user or an AI at the next free seat of a lobby; returns the seat number.

        The lobby's status and the seat limit are checked inside the transaction (under the
        game row's lock), so two processes (or two clicks) can never seat more than `max_seats`
        or join a started game."""
        def op(conn: Sql) -> int:
            status = conn.execute(_LOBBY, {"game_id": game_id}).scalar()
            if status != "lobby":
                raise _not_a_lobby(game_id)
            seat = int(conn.execute(_SEAT_COUNT, {"game_id": game_id}).scalar_one())
            if max_seats is not None and seat >= max_seats:
                raise SeatsTaken(f"Game {game_id} has all its {max_seats} seats taken.")
            conn.execute(_INSERT_SEATS, {"game_id": game_id, "seat": seat, "user_id": user_id, "ai": ai, "name": name,
                                         "joined_at": now})
            conn.execute(_TOUCH, {"game_id": game_id, "now": now})
            return seat
        return await self._db.write(op)

    async def remove_seat(self, game_id: int, seat: int, now: float) -> None:
        """Free a lobby seat; later seats move up one."""
        def op(conn: Sql) -> None:
            if conn.execute(_TOUCH_LOBBY, {"game_id": game_id, "now": now}).rowcount != 1:
                raise _not_a_lobby(game_id)
            conn.execute(_DROP_SEAT, {"game_id": game_id, "seat": seat})
            # One row at a time, upwards, so the (game_id, seat) key never collides midway.
            for (old,) in conn.execute(_LATER_SEATS, {"game_id": game_id, "seat": seat}).all():
                conn.execute(_MOVE_SEAT, {"game_id_is": game_id, "seat_is": old, "seat": old - 1})
        await self._db.write(op)

    async def close_lobby(self, game_id: int, status: str, now: float) -> None:
        """End a game that never started (cancelled); only a lobby can be closed."""
        def op(conn: Sql) -> None:
            if conn.execute(_CLOSE_LOBBY, {"game_id": game_id, "status": status, "updated_at": now}).rowcount != 1:
                raise _not_a_lobby(game_id)
            conn.execute(_DROP_GAME_TIMERS, {"game_id": game_id})
        await self._db.write(op)

    async def start_game(self, game_id: int, *, seed: int, thread_id: int | None, state: JSON, now: float,
                         to_move: Sequence[int] = (), engine_version: int = 1,
                         clocks: ClockWrites | None = None, holders: Sequence[Holding] = ()) -> None:
        """Lobby -> running at state id 0, with the set-up state as the first snapshot, the seats'
        first holders, and the clocks of the first seats to act started."""
        def op(conn: Sql) -> None:
            if conn.execute(_START, {"seed": seed, "thread": thread_id, "updated_at": now,
                                     "to_move": dumps(list(to_move)), "engine_version": engine_version,
                                     "game_id": game_id}).rowcount != 1:
                raise _not_a_lobby(game_id)
            conn.execute(_INSERT_SNAPSHOT, {"game_id": game_id, "state_id": 0, "state": dumps(state),
                                            "created_at": now})
            # Nothing told yet: the outbox announces the start once this commit is done.
            conn.execute(_NEW_ANNOUNCEMENT, {"game_id": game_id, "updated_at": now})
            conn.execute(_DROP_LOBBY_EXPIRY, {"game_id": game_id})
            if holders:
                conn.execute(INSERT_HOLDER, [holder_values(game_id, h) for h in holders])
            if clocks:
                write_clocks(conn, game_id, clocks)
        await self._db.write(op)

    # -- the move log ------------------------------------------------------------------------
    async def append_change(self, game_id: int, change: MoveRow, *, status: str, outcome: JSON | None,
                            snapshot: JSON | None, clocks: ClockWrites | None = None,
                            also: Sequence[ChangeWrite] = ()) -> None:
        """Commit one change: the log row, the new state id (only if the old one is still
        current: StateConflict if not), the status/outcome and optionally a snapshot, all or nothing.

        Returns once the change is durable. Changes of different games that arrive while a
        commit is on its way are committed together (group commit: one flush for many
        moves); each keeps its own savepoint, so one refused change never sinks the others.
        `clocks`: what the change does to the seats' clocks, and `also`: further writes the
        change brings (a seat's stand-in, the results of the game it finishes), in order, last.
        """
        to_move = dumps(list(change.to_move))

        def op(conn: Sql) -> None:
            if conn.execute(_ADVANCE, {
                    "state_id": change.state_id, "status": status,
                    "outcome": None if outcome is None else dumps(outcome),
                    "updated_at": change.created_at, "to_move": to_move, "game_id": game_id,
                    "before": change.state_id - 1}).rowcount != 1:
                raise StateConflict(f"Game {game_id} is no longer at state {change.state_id - 1}.")
            conn.execute(_INSERT_MOVE, {
                "game_id": game_id, "state_id": change.state_id, "seat": change.seat, "kind": change.kind,
                "text": change.text, "events": encode_events(change.events), "to_move": to_move,
                "user_id": change.user_id, "created_at": change.created_at, "stand_in": change.stand_in})
            if clocks:
                write_clocks(conn, game_id, clocks)
            if snapshot is not None:
                conn.execute(_INSERT_SNAPSHOT, {"game_id": game_id, "state_id": change.state_id,
                                                "state": dumps(snapshot), "created_at": change.created_at})
            for write in also:  # in order, after the game row and the log row: they may read both
                if isinstance(write, GameResults):
                    write_results(conn, game_id, write.drafts)
                else:
                    write_seat(conn, game_id, write)

        await self._db.write(op)

    async def load(self, game_id: int, *, from_start: bool = False, upto: int | None = None) -> GameRecord | None:
        """The game row, its seats, its latest snapshot and every change after it, in one
        snapshot of the database (with a shared database's revision of what it read).

        `from_start`: no snapshot, every change (a replay of the whole log). `upto`: the game as
        it was at that state id (the latest snapshot at or before it, the changes up to it)."""
        last = NO_LIMIT if upto is None else upto
        revision_query = self._db.revision_query

        def query(conn: Sql) -> GameRecord | None:
            row = conn.execute(_GAME_BY_ID, {"game_id": game_id}).first()
            if row is None:
                return None
            seat_rows = conn.execute(_SEATS_OF_GAME, {"game_id": game_id}).all()
            snap = None if from_start else conn.execute(_SNAPSHOT, {"game_id": game_id, "upto": last}).first()
            after = int(snap[0]) if snap is not None else 0
            move_rows = conn.execute(_MOVES_UPTO, {"game_id": game_id, "after": after, "upto": last}).all()
            holders = conn.execute(_HOLDERS, {"game_id": game_id}).all()
            revision = (None if revision_query is None
                        else conn.execute(revision_query, {"game_id": game_id}).scalar())
            return GameRecord(game=game_row(row), seats=tuple(seat_row(r) for r in seat_rows),
                              snapshot=None if snap is None else snapshot(game_id, snap),
                              moves=tuple(move_row(r, game_id) for r in move_rows),
                              revision=None if revision is None else str(revision),
                              holders=tuple(holding_row(r) for r in holders))

        return await self._db.read(query, snapshot=True)

    async def revision(self, game_id: int) -> str | None:
        """A token that changes whenever the game's row, seats or clocks change (None: not shared,
        or no such game); a cached game is stale when its token differs."""
        return await self._db.revision(game_id)

    async def moves(self, game_id: int, *, after: int = 0, last: int | None = None) -> list[MoveRow]:
        """Changes with state id > `after`, oldest first; `last` keeps only the newest ones."""
        if last is None:
            rows = await self._db.read(lambda conn: conn.execute(_MOVES_AFTER, {"game_id": game_id,
                                                                                "after": after}).all())
        else:
            rows = list(await self._db.read(lambda conn: conn.execute(_LAST_MOVES, {
                "game_id": game_id, "after": after, "last": last}).all()))
            rows.reverse()
        return [move_row(r, game_id) for r in rows]

    async def snapshots(self, game_id: int) -> list[Snapshot]:
        rows = await self._db.read(lambda conn: conn.execute(_SNAPSHOTS, {"game_id": game_id}).all())
        return [snapshot(game_id, r) for r in rows]

    # -- looking -------------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow | None:
        row = await self._db.read(lambda conn: conn.execute(_GAME_BY_ID, {"game_id": game_id}).first())
        return None if row is None else game_row(row)

    async def seats(self, game_id: int) -> list[SeatRow]:
        rows = await self._db.read(lambda conn: conn.execute(_SEATS_OF_GAME, {"game_id": game_id}).all())
        return [seat_row(r) for r in rows]

    async def games(self, *, guild_id: int | None = None, channel_id: int | None = None,
                    user_id: int | None = None, game: str | None = None,
                    statuses: Sequence[str] | None = None, place: int | None = None, limit: int | None = None,
                    include_broken: bool = False) -> list[tuple[GameRow, list[SeatRow]]]:
        """Games matching every given filter, newest first, each with its seats.

        `place` is a channel or thread id (the game's thread, or its channel); games that no
        longer load are left out unless `include_broken`. Every filter is served by an index."""
        query = _GAME
        for column, value in ((games.c.guild_id, guild_id), (games.c.channel_id, channel_id), (games.c.game, game)):
            if value is not None:
                query = query.where(column == value)
        if place is not None:  # its thread, or the channel it plays in when it has no thread
            query = query.where(sa.or_(games.c.thread_id == place,
                                       sa.and_(games.c.channel_id == place, games.c.thread_id.is_(None))))
        if user_id is not None:
            query = query.where(games.c.id.in_(sa.select(seats.c.game_id).where(seats.c.user_id == user_id)))
        if statuses is not None:
            # Literal values (they come from code, never from users), so the planner can match
            # them to the partial index of open tables.
            query = query.where(sa.text(f"status IN ({', '.join(quoted(s) for s in statuses)})"))
        if not include_broken:
            query = query.where(games.c.broken.is_(None))
        query = query.order_by(games.c.id.desc())
        if limit is not None:
            query = query.limit(int(limit))

        def read(conn: Sql) -> tuple[list[Row], list[Row]]:
            found: list[Row] = list(conn.execute(query).all())
            ids = [int(r[0]) for r in found]
            return found, [r for chunk in chunks(ids) for r in conn.execute(_SEATS_OF_GAMES, {"ids": chunk}).all()]

        rows, seat_rows = await self._db.read(read, snapshot=True)
        by_game: dict[int, list[SeatRow]] = {int(r[0]): [] for r in rows}
        for r in seat_rows:
            by_game[int(r[0])].append(seat_row(r))
        return await self._decoded_games(rows, by_game)

    async def count_active(self, *, guild_id: int, user_id: int | None = None) -> int:
        """Lobbies and running games of a server (of one player in it, with `user_id`)."""
        if user_id is None:
            value = await self._db.read(lambda conn: conn.execute(_COUNT_ACTIVE, {"guild_id": guild_id}).scalar())
        else:
            value = await self._db.read(lambda conn: conn.execute(_COUNT_ACTIVE_OF, {"guild_id": guild_id,
                                                                                     "user_id": user_id}).scalar())
        return int(value or 0)

    async def set_to_move(self, game_id: int, state_id: int, to_move: Sequence[int]) -> None:
        """Record the seats to act of a game whose row did not know them (from before schema 4)."""
        await self._db.write(lambda conn: conn.execute(_SET_TO_MOVE, {"to_move": dumps(list(to_move)),
                                                                      "game_id": game_id, "state_id_is": state_id}))

    async def mark_broken(self, game_id: int, reason: str | None) -> None:
        """Isolate a game that no longer loads (reason for operators), or clear it (None)."""
        await self._db.write(lambda conn: conn.execute(_SET_GAME, {"broken": reason, "game_id": game_id}))

    async def game_ids(self) -> list[int]:
        return [int(r[0]) for r in await self._db.read(lambda conn: conn.execute(_GAME_IDS).all())]

    async def holders(self, game_id: int) -> list[Holding]:
        """Every holding of the game's seats, by seat and change (bot/holders.py)."""
        rows = await self._db.read(lambda conn: conn.execute(_HOLDERS, {"game_id": game_id}).all())
        return [holding_row(r) for r in rows]

    async def rematch(self, game_id: int) -> int | None:
        """The newest lobby (or game) opened as a rematch of `game_id`, if any."""
        value = await self._db.read(lambda conn: conn.execute(_REMATCH, {"game_id": game_id}).scalar())
        return None if value is None else int(value)

    async def ended_holdings(self, user_id: int, guild_id: int) -> list[tuple[str, list[Holding]]]:
        """Every holding of the server's ended games (finished or abandoned) where the person held
        a seat, game by game with its status: what their reliability is worked out from."""
        rows = await self._db.read(lambda conn: conn.execute(_ENDED_HOLDINGS, {"guild_id": guild_id,
                                                                               "user_id": user_id}).all())
        return ended_holdings(rows)

    async def set_game_field(self, game_id: int, field: str, value: int | float | str | None, now: float) -> bool:
        """Set one of the adapter-owned columns of a game (or its pause, its thread pings); False if
        there is no such game."""
        values = {adapter_field(field): value, "updated_at": now, "game_id": game_id}
        return await self._db.write(lambda conn: conn.execute(_SET_GAME, values).rowcount == 1)
