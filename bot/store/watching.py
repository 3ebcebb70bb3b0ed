"""Telling other processes that games changed: what a web page process follows (docs/web.md).

The store's `watch` part. `game_marks` is one query, by primary key and by the index of open
tables, for everything a page process watches at once: it polls it on an interval (SQLite), never
per page. On PostgreSQL the bots tell (`tell_changes`: one `pg_notify` for a batch of changes) and
a page process listens on a connection of its own (`listen_changes`), which it keeps: lost, it is
made again with a backoff, and each time it is (re)made the listener is told to look again at
everything it watches (`on_change(None)`), since changes made while nobody listened were told to
nobody. On SQLite nothing needs telling and there is nothing to listen to: one process writes
the file, and a page process beside it polls.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from bot.store.database import Database
from bot.store.schema import games
from bot.store.statements import p

log = logging.getLogger(__name__)

CHANNEL = "skald_changes"
APPLICATION = "skald-listen-changes"  # the listening connection's name on the server (pg_stat_activity)
PAYLOAD_LIMIT = 7000  # bytes of one notification (PostgreSQL's limit is 8000)
PING_EVERY = 15.0  # seconds between checks that the listening connection still lives
PING_TIMEOUT = 5.0  # seconds the listening connection may take to answer
BACKOFF = (0.5, 30.0)  # the first and the longest wait before listening again after a loss
CHUNK = 400  # ids per statement: under SQLite's bound-parameter limit

_MARK_COLUMNS = (games.c.id, games.c.guild_id, games.c.state_id, games.c.status, games.c.updated_at)
# Open tables of the servers watched, as the partial index of open tables serves them.
_OPEN = sa.and_(games.c.status.in_(("lobby", "running")), games.c.broken.is_(None))
_BY_ID = sa.select(*_MARK_COLUMNS).where(games.c.id.in_(sa.bindparam("ids", expanding=True)))
_BY_GUILD = sa.select(*_MARK_COLUMNS).where(games.c.guild_id.in_(sa.bindparam("guilds", expanding=True)), _OPEN)
_NOTIFY = sa.select(sa.func.pg_notify(p("channel"), p("payload")))


@dataclass(frozen=True, order=True)
class GameMark:
    """Where a game stands: it changed when its mark did (its state id, or its row: a pause, a thread)."""

    game_id: int
    guild_id: int
    state_id: int
    status: str = ""
    updated_at: float = 0.0


# Called with the marks of games that changed, or None: anything may have changed (a listener
# that lost its connection missed some), look again at everything watched.
OnChange = Callable[[Sequence[GameMark] | None], None]


def mark_row(row: Sequence[Any]) -> GameMark:
    return GameMark(int(row[0]), int(row[1]), int(row[2]), str(row[3]), float(row[4]))


def _notify(payload: str) -> Callable[[Any], None]:
    """A write that NOTIFYs `payload` (delivered when its transaction commits)."""
    def op(conn: Any) -> None:
        conn.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload})
    return op


class WatchStore:
    """The change feed: where games stand, told to and heard by other processes."""

    def __init__(self, db: Database, url: str | None = None) -> None:
        self._db = db
        self._url = url  # PostgreSQL's: listening holds a connection outside the pools

    async def game_marks(self, game_ids: Sequence[int], guild_ids: Sequence[int] = ()) -> list[GameMark]:
        """The marks of these games, and of every open table of these servers, in one read."""
        ids, guilds = sorted(set(game_ids)), sorted(set(guild_ids))

        def op(conn: Any) -> set[GameMark]:
            found: set[GameMark] = set()
            for start in range(0, max(len(ids), len(guilds), 1), CHUNK):
                some_ids, some_guilds = ids[start:start + CHUNK], guilds[start:start + CHUNK]
                if some_ids:
                    found.update(mark_row(tuple(r)) for r in conn.execute(_BY_ID, {"ids": some_ids}).all())
                if some_guilds:
                    found.update(mark_row(tuple(r)) for r in conn.execute(_BY_GUILD, {"guilds": some_guilds}).all())
            return found
        if not ids and not guilds:
            return []
        return sorted(await self._db.read(op, snapshot=True))

    async def tell_changes(self, marks: Sequence[GameMark]) -> None:
        """NOTIFY the listening page processes of committed changes (nothing to do on SQLite: a
        page process polls `game_marks`)."""
        if self._db.dialect != "postgresql" or not marks:
            return
        for payload in payloads(marks):
            await self._db.write(_notify(payload))

    @asynccontextmanager
    async def listen_changes(self, on_change: OnChange) -> AsyncIterator[bool]:
        """Call `on_change` for every change told while the block runs; yields True. On SQLite there
        is nothing to listen to: yields False (poll `game_marks` instead)."""
        if self._db.dialect != "postgresql" or self._url is None:
            yield False
            return
        listener = _Listener(self._url, on_change)
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


class _Listener:
    """One LISTEN connection, kept alive."""

    def __init__(self, url: str, on_change: OnChange) -> None:
        self.url = url
        self.on_change = on_change
        self.conn: Any = None  # an asyncpg connection (asyncpg loads only where PostgreSQL is used)
        self.lost = asyncio.Event()
        self.listening = asyncio.Event()  # set once the first connection listens

    def _told(self, conn: Any, pid: int, channel: str, payload: object) -> None:
        self.on_change(read_payload(str(payload)))

    def _terminated(self, conn: Any) -> None:
        self.lost.set()

    async def run(self) -> None:
        import asyncpg

        from bot.store.postgres import LOST

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
