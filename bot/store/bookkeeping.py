"""Adapter bookkeeping in the store: the announcement outbox, DM channels, timers, settings.

A mixin of `Store`: the same database, the same group-committed writes and pooled reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import aiosqlite

from bot.store.codec import dumps as _dumps
from bot.store.connection import Database
from bot.store.keys import Key, Space
from bot.store.records import JSON, Announcement, PanelMark, Timer
from bot.store.rows import ANNOUNCEMENT_COLUMNS, LAGGING_GAMES, TIMER_COLUMNS, announcement_row, settings_of, timer_row


class Bookkeeping:
    """What adapters record beside the games (docs/storage.md)."""

    _db: Database

    # -- the announcement outbox -------------------------------------------------------------------
    async def announcement(self, game_id: int) -> Announcement | None:
        """What the game's thread and panels have been told; None for a game never started."""
        row = await self._db.fetchone(f"SELECT {ANNOUNCEMENT_COLUMNS} FROM announcements WHERE game_id = ?",
                                      (game_id,))
        return None if row is None else announcement_row(row)

    async def record_announcement(self, mark: Announcement, *, pinged: Sequence[int], now: float) -> None:
        """The thread was told up to `mark.state_id`, and `pinged` seats were pinged for it, in one commit.

        Marks only move forward: an older mark arriving late changes nothing."""
        async def op(db: aiosqlite.Connection) -> None:
            cursor = await db.execute(
                "UPDATE announcements SET state_id = ?, to_move = ?, channel_id = ?, message_id = ?, from_state = ?, "
                "posted_to_move = ?, board = ?, board_picture = ?, updated_at = ? WHERE game_id = ? AND state_id <= ?",
                (mark.state_id, _dumps(list(mark.to_move)), mark.channel_id, mark.message_id, mark.from_state,
                 _dumps(list(mark.posted_to_move)), mark.board, int(mark.board_picture), now, mark.game_id,
                 mark.state_id))
            if cursor.rowcount != 1:
                return
            for seat in pinged:
                await db.execute(
                    "INSERT INTO seat_pings (game_id, seat, state_id, pinged_at) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (game_id, seat) DO UPDATE "
                    "SET state_id = excluded.state_id, pinged_at = excluded.pinged_at",
                    (mark.game_id, seat, mark.state_id, now))
        return await self._db.write(op)

    async def panel_marks(self, game_id: int) -> dict[int, PanelMark]:
        rows = await self._db.fetchall(
            "SELECT seat, state_id, channel_id, message_id, offered_moves, final, told_no_dm, updated_at "
            "FROM seat_panels WHERE game_id = ?", (game_id,))
        return {int(r[0]): PanelMark(seat=r[0], state_id=r[1], channel_id=r[2], message_id=r[3],
                                     offered_moves=bool(r[4]), final=bool(r[5]), told_no_dm=bool(r[6]),
                                     shown_at=float(r[7]))
                for r in rows}

    async def record_panels(self, game_id: int, marks: Sequence[PanelMark], now: float,
                            done: int | None = None) -> None:
        """What seats' panels now show, and (`done`) that every seat is handled up to that state,
        in one write (it rides in the next group commit)."""

        async def op(db: aiosqlite.Connection) -> None:
            for mark in marks:
                await db.execute(
                    "INSERT INTO seat_panels (game_id, seat, state_id, channel_id, message_id, offered_moves, final, "
                    "told_no_dm, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, seat) DO UPDATE "
                    "SET state_id = excluded.state_id, channel_id = excluded.channel_id, "
                    "message_id = excluded.message_id, offered_moves = excluded.offered_moves, "
                    "final = excluded.final, told_no_dm = excluded.told_no_dm, updated_at = excluded.updated_at",
                    (game_id, mark.seat, mark.state_id, mark.channel_id, mark.message_id, int(mark.offered_moves),
                     int(mark.final), int(mark.told_no_dm), now))
            if done is not None:
                await db.execute(
                    "UPDATE announcements SET panels_state_id = ?, updated_at = ? WHERE game_id = ? "
                    "AND panels_state_id < ?", (done, now, game_id, done))

        await self._db.write(op)

    async def take_lease(self, key: Key, what: str, owner: str, now: float, seconds: float) -> bool:
        """One process per SQLite file: it always holds every lease."""
        return True

    async def drop_lease(self, key: Key, what: str, owner: str) -> None:
        return None

    async def lagging_games(self) -> list[int]:
        """Games whose thread or panels have not been told everything that is committed."""
        rows = await self._db.fetchall(LAGGING_GAMES)
        return [int(r[0]) for r in rows]

    async def dm_channel(self, user_id: int) -> int | None:
        row = await self._db.fetchone("SELECT dm_channel_id FROM users WHERE user_id = ?", (user_id,))
        return None if row is None or row[0] is None else int(row[0])

    async def set_dm_channel(self, user_id: int, channel_id: int, now: float) -> None:
        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "INSERT INTO users (user_id, dm_channel_id, updated_at) VALUES (?, ?, ?) ON CONFLICT (user_id) "
                "DO UPDATE SET dm_channel_id = excluded.dm_channel_id, updated_at = excluded.updated_at",
                (user_id, channel_id, now))
        return await self._db.write(op)

    # -- timers ---------------------------------------------------------------------------------
    async def set_timer(self, game_id: int, kind: str, due_at: float, *, seat: int = -1, state_id: int = -1,
                        space: str = Space.GAME) -> None:
        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "INSERT INTO timers (space, game_id, kind, seat, due_at, state_id) VALUES (?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (space, game_id, kind, seat) DO UPDATE SET due_at = excluded.due_at, "
                "state_id = excluded.state_id", (space, game_id, kind, seat, due_at, state_id))
        return await self._db.write(op)

    async def finish_timers(self, timers: Sequence[Timer]) -> None:
        """Delete timers that have run, unless their handlers set them again (a new due time or state)."""
        async def op(db: aiosqlite.Connection) -> None:
            await db.executemany("DELETE FROM timers WHERE space = ? AND game_id = ? AND kind = ? AND seat = ? "
                                 "AND due_at = ? AND state_id = ?",
                                 [(t.space, t.game_id, t.kind, t.seat, t.due_at, t.state_id) for t in timers])
        return await self._db.write(op)

    async def take_timer(self, timer: Timer) -> bool:
        """Delete a timer that is still as given; True if this call deleted it (it is this
        caller's to act on: a timer taken once is never acted on twice)."""
        async def op(db: aiosqlite.Connection) -> bool:
            cursor = await db.execute("DELETE FROM timers WHERE space = ? AND game_id = ? AND kind = ? AND seat = ? "
                                      "AND due_at = ? AND state_id = ?", (timer.space, timer.game_id, timer.kind,
                                                                          timer.seat, timer.due_at, timer.state_id))
            return cursor.rowcount == 1
        return await self._db.write(op)

    async def timer(self, game_id: int, kind: str, seat: int = -1, *, space: str = Space.GAME) -> Timer | None:
        row = await self._db.fetchone(f"SELECT {TIMER_COLUMNS} FROM timers WHERE space = ? AND game_id = ? "
                                      "AND kind = ? AND seat = ?", (space, game_id, kind, seat))
        return None if row is None else timer_row(row)

    async def next_due(self) -> float | None:
        """The earliest due time of any timer (None: no timers)."""
        row = await self._db.fetchone("SELECT MIN(due_at) FROM timers")
        return None if row is None or row[0] is None else float(row[0])

    async def due_timers(self, now: float, limit: int = 500) -> list[Timer]:
        """Timers due at `now`, earliest first."""
        rows = await self._db.fetchall(
            f"SELECT {TIMER_COLUMNS} FROM timers WHERE due_at <= ? ORDER BY due_at LIMIT ?", (now, limit))
        return [timer_row(r) for r in rows]

    async def guild_settings(self, guild_id: int) -> JSON:
        rows = await self._db.fetchall("SELECT key, value FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return settings_of(guild_id, rows)

    async def set_guild_setting(self, guild_id: int, key: str, value: Any, now: float) -> None:
        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, key, value, updated_at) VALUES (?, ?, ?, ?) "
                "ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                (guild_id, key, _dumps(value), now),
            )
        return await self._db.write(op)
