"""Adapter bookkeeping on PostgreSQL: the announcement outbox, DM channels, timers, settings.

A mixin of `PostgresStore`, the counterpart of bot/store/bookkeeping.py.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.store.codec import dumps
from bot.store.keys import Key, Space
from bot.store.postgres.database import Conn, PgDatabase
from bot.store.records import JSON, Announcement, PanelMark, Timer
from bot.store.rows import (
    ANNOUNCEMENT_COLUMNS,
    LAGGING_GAMES,
    TIMER_COLUMNS,
    announcement_row,
    settings_of,
    timer_row,
)

_UPSERT_PING = ("INSERT INTO seat_pings (game_id, seat, state_id, pinged_at) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT (game_id, seat) DO UPDATE "
                "SET state_id = excluded.state_id, pinged_at = excluded.pinged_at")
_UPSERT_TIMER = ("INSERT INTO timers (space, game_id, kind, seat, due_at, state_id) VALUES ($1, $2, $3, $4, $5, $6) "
                 "ON CONFLICT (space, game_id, kind, seat) DO UPDATE "
                 "SET due_at = excluded.due_at, state_id = excluded.state_id")


class PgBookkeeping:
    """What adapters record beside the games (docs/storage.md)."""

    _db: PgDatabase

    # -- the announcement outbox -------------------------------------------------------------------
    async def announcement(self, game_id: int) -> Announcement | None:
        row = await self._db.fetchrow(f"SELECT {ANNOUNCEMENT_COLUMNS} FROM announcements WHERE game_id = $1", game_id)
        return None if row is None else announcement_row(row)

    async def record_announcement(self, mark: Announcement, *, pinged: Sequence[int], now: float) -> None:
        """The mark and the seats it pinged, in one commit; marks only move forward."""
        async def op(conn: Conn) -> None:
            status = await conn.execute(
                "UPDATE announcements SET state_id = $1, to_move = $2, channel_id = $3, message_id = $4, "
                "from_state = $5, posted_to_move = $6, updated_at = $7, board = $9, board_picture = $10 "
                "WHERE game_id = $8 AND state_id <= $1",
                mark.state_id, dumps(list(mark.to_move)), mark.channel_id, mark.message_id, mark.from_state,
                dumps(list(mark.posted_to_move)), now, mark.game_id, mark.board, mark.board_picture)
            if status != "UPDATE 1":
                return
            for seat in pinged:
                await conn.execute(_UPSERT_PING, mark.game_id, seat, mark.state_id, now)
        await self._db.write(op)

    async def panel_marks(self, game_id: int) -> dict[int, PanelMark]:
        rows = await self._db.fetch(
            "SELECT seat, state_id, channel_id, message_id, offered_moves, final, told_no_dm, updated_at "
            "FROM seat_panels WHERE game_id = $1", game_id)
        return {int(r[0]): PanelMark(seat=r[0], state_id=r[1], channel_id=r[2], message_id=r[3],
                                     offered_moves=r[4], final=r[5], told_no_dm=r[6], shown_at=float(r[7]))
                for r in rows}

    async def record_panels(self, game_id: int, marks: Sequence[PanelMark], now: float,
                            done: int | None = None) -> None:
        async def op(conn: Conn) -> None:
            for mark in marks:
                await conn.execute(
                    "INSERT INTO seat_panels (game_id, seat, state_id, channel_id, message_id, offered_moves, final, "
                    "told_no_dm, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (game_id, seat) "
                    "DO UPDATE SET state_id = excluded.state_id, channel_id = excluded.channel_id, "
                    "message_id = excluded.message_id, offered_moves = excluded.offered_moves, "
                    "final = excluded.final, told_no_dm = excluded.told_no_dm, updated_at = excluded.updated_at",
                    game_id, mark.seat, mark.state_id, mark.channel_id, mark.message_id, mark.offered_moves,
                    mark.final, mark.told_no_dm, now)
            if done is not None:
                await conn.execute("UPDATE announcements SET panels_state_id = $1, updated_at = $2 "
                                   "WHERE game_id = $3 AND panels_state_id < $1", done, now, game_id)
        await self._db.write(op)

    async def take_lease(self, key: Key, what: str, owner: str, now: float, seconds: float) -> bool:
        """Take (or keep) the right to tell `what` of the game (or event) for `seconds`: granted when
        nobody holds it, its holder let it lapse (a dead process), or `owner` holds it already."""
        async def op(conn: Conn) -> bool:
            taken = await conn.fetchval(
                "INSERT INTO announce_leases (space, game_id, what, owner, until) VALUES ($1, $2, $3, $4, $5) "
                "ON CONFLICT (space, game_id, what) DO UPDATE SET owner = excluded.owner, until = excluded.until "
                "WHERE announce_leases.owner = excluded.owner OR announce_leases.until < $6 RETURNING owner",
                key.space, key.id, what, owner, now + seconds, now)
            return taken is not None
        return bool(await self._db.write(op))

    async def drop_lease(self, key: Key, what: str, owner: str) -> None:
        async def op(conn: Conn) -> None:
            await conn.execute("DELETE FROM announce_leases WHERE space = $1 AND game_id = $2 AND what = $3 "
                               "AND owner = $4", key.space, key.id, what, owner)
        await self._db.write(op)

    async def lagging_games(self) -> list[int]:
        rows = await self._db.fetch(LAGGING_GAMES)
        return [int(r[0]) for r in rows]

    async def dm_channel(self, user_id: int) -> int | None:
        value = await self._db.fetchval("SELECT dm_channel_id FROM users WHERE user_id = $1", user_id)
        return None if value is None else int(value)

    async def set_dm_channel(self, user_id: int, channel_id: int, now: float) -> None:
        async def op(conn: Conn) -> None:
            await conn.execute(
                "INSERT INTO users (user_id, dm_channel_id, updated_at) VALUES ($1, $2, $3) ON CONFLICT (user_id) "
                "DO UPDATE SET dm_channel_id = excluded.dm_channel_id, updated_at = excluded.updated_at",
                user_id, channel_id, now)
        await self._db.write(op)

    # -- timers ---------------------------------------------------------------------------------
    async def set_timer(self, game_id: int, kind: str, due_at: float, *, seat: int = -1, state_id: int = -1,
                        space: str = Space.GAME) -> None:
        async def op(conn: Conn) -> None:
            await conn.execute(_UPSERT_TIMER, space, game_id, kind, seat, due_at, state_id)
        await self._db.write(op)

    async def finish_timers(self, timers: Sequence[Timer]) -> None:
        """Delete timers that have run, unless their handlers set them again (a new due time)."""
        if not timers:
            return

        async def op(conn: Conn) -> None:
            await conn.execute(
                "DELETE FROM timers t USING unnest($1::text[], $2::bigint[], $3::text[], $4::int[], $5::float8[], "
                "$6::int[]) AS f(space, game_id, kind, seat, due_at, state_id) WHERE t.space = f.space "
                "AND t.game_id = f.game_id AND t.kind = f.kind AND t.seat = f.seat AND t.due_at = f.due_at "
                "AND t.state_id = f.state_id",
                [t.space for t in timers], [t.game_id for t in timers], [t.kind for t in timers],
                [t.seat for t in timers], [t.due_at for t in timers], [t.state_id for t in timers])
        await self._db.write(op)

    async def take_timer(self, timer: Timer) -> bool:
        async def op(conn: Conn) -> bool:
            status = await conn.execute("DELETE FROM timers WHERE space = $1 AND game_id = $2 AND kind = $3 "
                                        "AND seat = $4 AND due_at = $5 AND state_id = $6", timer.space,
                                        timer.game_id, timer.kind, timer.seat, timer.due_at, timer.state_id)
            return status == "DELETE 1"
        return await self._db.write(op)

    async def timer(self, game_id: int, kind: str, seat: int = -1, *, space: str = Space.GAME) -> Timer | None:
        row = await self._db.fetchrow(f"SELECT {TIMER_COLUMNS} FROM timers WHERE space = $1 AND game_id = $2 "
                                      "AND kind = $3 AND seat = $4", space, game_id, kind, seat)
        return None if row is None else timer_row(row)

    async def next_due(self) -> float | None:
        value = await self._db.fetchval("SELECT MIN(due_at) FROM timers")
        return None if value is None else float(value)

    async def due_timers(self, now: float, limit: int = 500) -> list[Timer]:
        rows = await self._db.fetch(f"SELECT {TIMER_COLUMNS} FROM timers WHERE due_at <= $1 ORDER BY due_at "
                                    "LIMIT $2", now, limit)
        return [timer_row(r) for r in rows]

    async def guild_settings(self, guild_id: int) -> JSON:
        rows = await self._db.fetch("SELECT key, value FROM guild_settings WHERE guild_id = $1", guild_id)
        return settings_of(guild_id, rows)

    async def set_guild_setting(self, guild_id: int, key: str, value: Any, now: float) -> None:
        async def op(conn: Conn) -> None:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, key, value, updated_at) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                guild_id, key, dumps(value), now)
        await self._db.write(op)
