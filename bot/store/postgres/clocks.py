"""Clocks, stand-ins, votes and absences on PostgreSQL (the counterpart of bot/store/clocks.py).

A mixin of `PostgresStore`; `write_clocks` and `write_seat` also run inside a change's own
transaction (`PostgresStore.append_change`), so a move and its deadlines never disagree.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.store.clocks import (
    CLOCK_COLUMNS,
    CLOCK_TIMERS,
    GIVE_SEAT,
    INSERT_HOLDER,
    UPSERT_CLOCK,
    ClockWrites,
    HolderSeated,
    SeatGiven,
    SeatStandIn,
    SeatWrite,
    VotesCleared,
    clock_row,
    clock_values,
    holder_values,
)
from bot.store.errors import DamagedRow
from bot.store.postgres.database import Conn, PgDatabase
from bot.store.postgres.results import numbered
from bot.store.records import SeatClock, Vote

log = logging.getLogger(__name__)

_UPSERT_CLOCK = numbered(UPSERT_CLOCK)
_GIVE_SEAT = numbered(GIVE_SEAT)
_INSERT_HOLDER = numbered(INSERT_HOLDER)


async def write_clocks(conn: Conn, game_id: int, writes: ClockWrites) -> None:
    """Inside a transaction: store clocks, clear and set their timers."""
    for clock in writes.clocks:
        await conn.execute(_UPSERT_CLOCK, game_id, *clock_values(clock))
    if writes.cleared:
        await conn.execute("DELETE FROM timers WHERE space = 'game' AND game_id = $1 AND seat = ANY($2::int[]) "
                           "AND kind = ANY($3::text[])",
                           game_id, list(writes.cleared), list(CLOCK_TIMERS))
    for timer in writes.timers:
        await conn.execute(
            "INSERT INTO timers (game_id, kind, seat, due_at, state_id) VALUES ($1, $2, $3, $4, $5) "
            "ON CONFLICT (space, game_id, kind, seat) DO UPDATE SET due_at = excluded.due_at, "
            "state_id = excluded.state_id", game_id, timer.kind, timer.seat, timer.due_at, timer.state_id)


async def write_seat(conn: Conn, game_id: int, write: SeatWrite) -> None:
    """Inside a transaction: one seat write of a change."""
    if isinstance(write, VotesCleared):
        await conn.execute("DELETE FROM table_votes WHERE game_id = $1 AND seat = $2", game_id, write.seat)
        await conn.execute("DELETE FROM timers WHERE space = 'game' AND game_id = $1 AND seat = $2 AND kind = 'vote'",
                           game_id, write.seat)
    elif isinstance(write, HolderSeated):
        await conn.execute(_INSERT_HOLDER, *holder_values(game_id, write.holding))
    elif isinstance(write, SeatGiven):
        await conn.execute(_GIVE_SEAT, write.user_id, write.name, game_id, write.seat)
    elif write.release_player:
        await conn.execute("UPDATE seats SET stand_in = $1, why = $2, user_id = NULL WHERE game_id = $3 AND seat = $4",
                           write.stand_in, write.why, game_id, write.seat)
    else:
        await conn.execute("UPDATE seats SET stand_in = $1, why = $2 WHERE game_id = $3 AND seat = $4",
                           write.stand_in, write.why, game_id, write.seat)


class PgClockStore:
    """Seat clocks, stand-ins, votes and absences."""

    _db: PgDatabase

    async def clocks(self, game_id: int) -> dict[int, SeatClock]:
        rows = await self._db.fetch(f"SELECT {CLOCK_COLUMNS} FROM seat_clocks WHERE game_id = $1", game_id)
        return {int(r[0]): clock_row(r, game_id) for r in rows}

    async def clocks_of(self, game_ids: Sequence[int]) -> dict[int, dict[int, SeatClock]]:
        found: dict[int, dict[int, SeatClock]] = {g: {} for g in game_ids}
        rows = await self._db.fetch(f"SELECT game_id, {CLOCK_COLUMNS} FROM seat_clocks "
                                    "WHERE game_id = ANY($1::bigint[])", list(game_ids))
        for r in rows:
            try:
                found[int(r[0])][int(r[1])] = clock_row(r[1:], int(r[0]))
            except DamagedRow as damaged:  # a listing: left out (loading that game sets it aside)
                log.warning("%s", damaged)
        return found

    async def set_clocks(self, game_id: int, writes: ClockWrites) -> None:
        async def op(conn: Conn) -> None:
            await write_clocks(conn, game_id, writes)
        await self._db.write(op)

    async def set_stand_in(self, game_id: int, seat: int, stand_in: str | None, why: str | None,
                           release_player: bool = False) -> None:
        write = SeatStandIn(seat, stand_in, why, release_player)

        async def op(conn: Conn) -> None:
            await write_seat(conn, game_id, write)
        await self._db.write(op)

    async def cast_vote(self, game_id: int, seat: int, voter: int, choice: str, now: float) -> None:
        async def op(conn: Conn) -> None:
            await conn.execute(
                "INSERT INTO table_votes (game_id, seat, voter, choice, voted_at) VALUES ($1, $2, $3, $4, $5) "
                "ON CONFLICT (game_id, seat, voter) DO UPDATE SET choice = excluded.choice, "
                "voted_at = excluded.voted_at", game_id, seat, voter, choice, now)
        await self._db.write(op)

    async def votes(self, game_id: int, seat: int) -> list[Vote]:
        rows = await self._db.fetch("SELECT voter, choice, voted_at FROM table_votes WHERE game_id = $1 AND seat = $2 "
                                    "ORDER BY voted_at", game_id, seat)
        return [Vote(voter=r[0], choice=r[1], voted_at=r[2]) for r in rows]

    async def clear_votes(self, game_id: int, seat: int) -> None:
        async def op(conn: Conn) -> None:
            await write_seat(conn, game_id, VotesCleared(seat))
        await self._db.write(op)

    async def start_absence(self, user_id: int, guild_id: int, now: float, until: float) -> None:
        async def op(conn: Conn) -> None:
            await conn.execute(
                "INSERT INTO absences (user_id, guild_id, started, until) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT (user_id, guild_id, started) DO UPDATE SET until = excluded.until, ended = NULL",
                user_id, guild_id, now, until)
        await self._db.write(op)

    async def end_absence(self, user_id: int, guild_id: int, now: float) -> None:
        async def op(conn: Conn) -> None:
            await conn.execute("UPDATE absences SET ended = $1 WHERE user_id = $2 AND guild_id = $3 AND until > $1 "
                               "AND ended IS NULL", now, user_id, guild_id)
        await self._db.write(op)

    async def absences(self, user_id: int, guild_id: int, since: float) -> list[tuple[float, float]]:
        rows = await self._db.fetch(
            "SELECT started, COALESCE(ended, until) FROM absences WHERE user_id = $1 AND guild_id = $2 "
            "AND COALESCE(ended, until) > $3 ORDER BY started", user_id, guild_id, since)
        return [(float(r[0]), float(r[1])) for r in rows]

    async def take_absence_end(self, user_id: int, guild_id: int, until: float) -> bool:
        async def op(conn: Conn) -> bool:
            status = await conn.execute("UPDATE absences SET told = TRUE WHERE user_id = $1 AND guild_id = $2 "
                                        "AND until = $3 AND NOT told", user_id, guild_id, until)
            return status.endswith(" 1")

        return await self._db.write(op)

    async def current_absences(self, now: float) -> list[tuple[int, int, float]]:
        rows = await self._db.fetch(
            "SELECT user_id, guild_id, until FROM absences WHERE until > $1 AND ended IS NULL", now)
        return [(int(r[0]), int(r[1]), float(r[2])) for r in rows]
