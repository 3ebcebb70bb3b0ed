"""Telling other processes that games changed, on PostgreSQL: NOTIFY after a commit, LISTEN in a
web page process (docs/web.md). The counterpart of bot/store/watching.py.

The bots tell (`tell_changes`: one `pg_notify` for a batch of changes); a page process listens
on a connection of its own (`listen_changes`), which it keeps: lost, it is made again with a
backoff, and each time it is (re)made the listener is told to look again at everything it
watches (`on_change(None)`), since changes made while nobody listened were told to nobody.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.store.postgres.database import LOST, PING_TIMEOUT, PgDatabase
from bot.store.watching import MARK_COLUMNS, OPEN, GameMark, OnChange, mark_row

log = logging.getLogger(__name__)

CHANNEL = "skald_changes"
APPLICATION = "skald-listen-changes"  # the listening connection's name on the server (pg_stat_activity)
PAYLOAD_LIMIT = 7000  # bytes of one notification (PostgreSQL's limit is 8000)
PING_EVERY = 15.0  # seconds between checks that the listening connection still lives
BACKOFF = (0.5, 30.0)  # the first and the longest wait before listening again after a loss


def payloads(marks: Sequence[GameMark]) -> list[str]:
    """The notifications for `marks`: JSON lists of [game, guild, state id], each under the limit."""
    found: list[str] = []
    batch: list[list[int]] = []
    size = 2
    for mark in marks:
        entry = [mark.game_id, mark.guild_id, mark.state_id]
        length = len(json.dumps(entry)) + 1
        if batch and size + length > PAYLOAD_LIMIT:
            found.append(json.dumps(batch, separators=(",", ":")))
            batch, size = [], 2
        batch.append(entry)
        size += length
    if batch:
        found.append(json.dumps(batch, separators=(",", ":")))
    return found


def read_payload(payload: str) -> list[GameMark] | None:
    """The marks a notification tells; None for one that can't be read (look again at everything)."""
    try:
        entries = json.loads(payload)
        return [GameMark(int(game), int(guild), int(state)) for game, guild, state in entries]
    except (ValueError, TypeError):
        return None


class PgWatching:
    """The change feed of the PostgreSQL store."""

    _db: PgDatabase

    async def game_marks(self, game_ids: Sequence[int], guild_ids: Sequence[int] = ()) -> list[GameMark]:
        """The marks of these games, and of every open table of these servers, in one read."""
        if not game_ids and not guild_ids:
            return []
        rows = await self._db.fetch(
            f"SELECT {MARK_COLUMNS} FROM games WHERE id = ANY($1::bigint[]) "
            f"UNION SELECT {MARK_COLUMNS} FROM games WHERE guild_id = ANY($2::bigint[]) AND {OPEN}",
            sorted(set(game_ids)), sorted(set(guild_ids)))
        return sorted(mark_row(tuple(row)) for row in rows)

    async def tell_changes(self, marks: Sequence[GameMark]) -> None:
        """NOTIFY the listening page processes of committed changes."""
        for payload in payloads(marks):
            await self._db.fetchval("SELECT pg_notify($1, $2)", CHANNEL, payload)

    @asynccontextmanager
    async def listen_changes(self, on_change: OnChange) -> AsyncIterator[bool]:
        """Call `on_change` for every change told while the block runs; yields True."""
        # The database's own URL: listening holds a connection outside its pools for as long as it lasts.
        listener = _Listener(self._db._url, on_change)
        task = asyncio.create_task(listener.run(), name="skald-listen-changes")
        # Listening before the block runs, so what it does next is heard (a server that doesn't
        # answer at once is listened to as soon as it does: the first look then catches up).
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(listener.listening.wait(), PING_TIMEOUT)
        try:
            yield True
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            await listener.close()


class _Listener:
    """One LISTEN connection, kept alive."""

    def __init__(self, url: str, on_change: OnChange) -> None:
        self.url = url
        self.on_change = on_change
        self.conn: asyncpg.Connection[asyncpg.Record] | None = None
        self.lost = asyncio.Event()
        self.listening = asyncio.Event()  # set once the first connection listens

    def _told(self, conn: Any, pid: int, channel: str, payload: object) -> None:
        self.on_change(read_payload(str(payload)))

    def _terminated(self, conn: Any) -> None:
        self.lost.set()

    async def run(self) -> None:
        failures = 0
        while True:
            try:
                self.lost.clear()
                self.conn = await asyncpg.connect(self.url, timeout=PING_TIMEOUT,
                                                  server_settings={"application_name": APPLICATION})
                self.conn.add_termination_listener(self._terminated)
                await self.conn.add_listener(CHANNEL, self._told)
                if failures:
                    log.info("listening to PostgreSQL's changes again")
                failures = 0
                self.listening.set()
                self.on_change(None)  # what changed before this connection listened was told to nobody
                while not self.lost.is_set():
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(self.lost.wait(), PING_EVERY)
                    if not self.lost.is_set():
                        await self.conn.fetchval("SELECT 1", timeout=PING_TIMEOUT)
            except (*LOST, asyncpg.PostgresError) as error:
                if not failures:
                    log.warning("the connection listening to PostgreSQL's changes is lost (%s); listening "
                                "again soon", type(error).__name__)
            await self.close()
            failures += 1
            first, longest = BACKOFF
            await asyncio.sleep(min(longest, first * 2 ** min(failures, 10)) * (0.5 + random.random() / 2))

    async def close(self) -> None:
        conn, self.conn = self.conn, None
        if conn is not None and not conn.is_closed():
            conn.terminate()
