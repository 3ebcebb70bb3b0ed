"""Live pages: who follows which game, and the newest state each is sent.

A change reaches the hub one of three ways (bot/web/feed.py): told in the same process (the
table service's publisher), told by PostgreSQL (LISTEN), or found by one poll for everything
watched (SQLite, from another process). Either way a game is read at most once per change,
however many pages follow it, and every page is woken by one future.

Pages pull rather than being pushed: each live connection sends the newest state when it wakes,
with the story's lines since the last state it sent. A slow reader (a phone on a train) skips
the states in between instead of queueing them, and the hub holds no queue per page. Encoded
messages are shared: the thousand pages that last sent the same state get the same bytes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from bot.notify import PublicUpdate
from bot.store.watching import GameMark
from bot.tables.errors import NoSuchGame
from bot.web import documents
from bot.web.reading import Current, Reader

log = logging.getLogger(__name__)

OPEN = ("lobby", "running")  # the tables a server's page follows


@dataclass(frozen=True)
class Limits:
    """The pages' bounds (docs/web.md): live connections in all, per game and per visitor; requests
    per visitor (a bucket of `burst` refilled at `per_second`); how often an SQLite page process
    polls; the heartbeat that keeps idle connections open through proxies (and checks that the
    page may still look); how long a page may take to read what it is sent."""

    live: int = 5000
    live_per_game: int = 2000
    live_per_visitor: int = 16
    per_second: float = 10.0
    burst: int = 60
    poll_seconds: float = 1.0
    heartbeat: float = 15.0
    write_timeout: float = 20.0
    listing_every: float = 1.0  # a server's list is read again at most this often
    access_seconds: float = 5.0  # who may look is read again after this long: a revocation holds within it


class Full(Exception):
    """No room for another live connection; `reason` says which bound."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Waiting:
    """Pages waiting for the next state: a future each, all woken at once. (A future of its own per
    page, and `asyncio.timeout` rather than `wait_for`, which makes a task per call: with a
    thousand pages on a game that was most of a change's cost.)"""

    def __init__(self) -> None:
        self._futures: set[asyncio.Future[None]] = set()

    async def wait(self, timeout: float) -> bool:
        """True when woken, False after `timeout` seconds."""
        future = asyncio.get_running_loop().create_future()
        self._futures.add(future)
        try:
            async with asyncio.timeout(timeout):
                await future
        except TimeoutError:
            return False
        finally:
            self._futures.discard(future)
        return True

    def wake(self) -> None:
        futures, self._futures = self._futures, set()
        for future in futures:
            if not future.done():
                future.set_result(None)


class Followed:
    """Something pages follow live (a game, a server's list): its version, bumped with each new
    state, and the pages waiting for the next."""

    def __init__(self) -> None:
        self.version = 0
        self.viewers = 0
        self._waiting = Waiting()

    def _bump(self) -> None:
        self.version += 1
        self._waiting.wake()

    async def wait(self, version: int, timeout: float) -> bool:
        """Until a version after `version` (True), or `timeout` seconds (False)."""
        return self.version != version or await self._waiting.wait(timeout)


class Watch(Followed):
    """One game followed live: its newest state, and the pages waiting for the next."""

    def __init__(self, game_id: int, root: str = "") -> None:
        super().__init__()
        self.game_id = game_id
        self.root = root  # the path the pages are served under
        self.current: Current | None = None
        self.gone = False  # the game was deleted (a lobby called off): pages are told and closed
        self.published_at = 0.0  # wall clock of the newest state, the `now` its message tells
        self._messages: dict[tuple[int | None, str], bytes] = {}

    def publish(self, current: Current) -> bool:
        """Make `current` the newest state and wake every page; False when nothing a page shows changed."""
        if self.current is not None and current.mark == self.current.mark:
            return False
        self.current = current
        self._bump()
        return True

    def end(self) -> None:
        self.gone = True
        self._bump()

    def _bump(self) -> None:
        self.published_at = time.time()
        self._messages.clear()
        super()._bump()

    def message(self, since: int | None, key: str) -> bytes:
        """The event a page that last sent state `since` is sent now (shared by pages alike)."""
        assert self.current is not None
        wanted = (since, key)
        found = self._messages.get(wanted)
        if found is None:
            document = documents.live(self.current, since=since, now=self.published_at, key=key, root=self.root)
            found = documents.event("change", document, self.current.update.state_id)
            if len(self._messages) < 64:
                self._messages[wanted] = found
        return found


class GuildWatch(Followed):
    """One server's list followed live."""

    def __init__(self, guild_id: int) -> None:
        super().__init__()
        self.guild_id = guild_id
        self.document: bytes | None = None
        self.seen: frozenset[GameMark] | None = None  # its open tables as the last poll found them

    def publish(self, document: bytes) -> None:
        if document != self.document:
            self.document = document
            self._bump()


class Hub:
    """Every game and server followed live in this process, and the bounds on them."""

    def __init__(self, reader: Reader, limits: Limits, *, prepare: Callable[[Current], None] | None = None,
                 root: str = "") -> None:
        self.reader = reader
        self.root = root
        self.limits = limits
        self.prepare = prepare  # called with each new state of a watched game (the picture drawn ahead)
        self.games: dict[int, Watch] = {}
        self.guilds: dict[int, GuildWatch] = {}
        self.live = 0
        self.by_visitor: Counter[str] = Counter()
        self._refreshing: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        self._listing: dict[int, asyncio.Task[None]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self.refreshes = 0  # games read again because they changed, for benchmarks

    # -- following -----------------------------------------------------------------------------
    def _admit(self, visitor: str, viewers: int) -> None:
        limits = self.limits
        if self.live >= limits.live:
            raise Full("Too many live pages are open on this server; try again in a minute.")
        if viewers >= limits.live_per_game:
            raise Full("Too many live pages follow this game; try again in a minute.")
        if self.by_visitor[visitor] >= limits.live_per_visitor:
            raise Full(f"At most {limits.live_per_visitor} live pages per visitor.")

    @contextlib.asynccontextmanager
    async def following(self, current: Current, visitor: str) -> AsyncIterator[Watch]:
        """A live page of this game (Full when there is no room); `current` is the game as the page
        was checked against."""
        game_id = current.update.game_id
        watch = self.games.get(game_id)
        self._admit(visitor, watch.viewers if watch is not None else 0)
        if watch is None:
            watch = self.games[game_id] = Watch(game_id, self.root)
            watch.publish(self.reader.kept(game_id) or current)
        with self._counted(visitor, watch, self.games, game_id):
            yield watch

    @contextlib.asynccontextmanager
    async def following_guild(self, guild_id: int, visitor: str) -> AsyncIterator[GuildWatch]:
        """A live list of the server's games (Full when there is no room)."""
        watch = self.guilds.get(guild_id)
        self._admit(visitor, watch.viewers if watch is not None else 0)
        if watch is None:
            watch = self.guilds[guild_id] = GuildWatch(guild_id)
            await self._read_listing(watch)
        with self._counted(visitor, watch, self.guilds, guild_id):
            yield watch

    @contextlib.contextmanager
    def _counted(self, visitor: str, watch: Followed, place: dict[int, Any], key: int) -> Iterator[None]:
        """A live page counted against the bounds while it lasts; the last one out forgets `watch`."""
        watch.viewers += 1
        self.live += 1
        self.by_visitor[visitor] += 1
        try:
            yield
        finally:
            watch.viewers -= 1
            self.live -= 1
            self.by_visitor[visitor] -= 1
            if not self.by_visitor[visitor]:
                del self.by_visitor[visitor]
            if not watch.viewers and place.get(key) is watch:
                del place[key]

    # -- changes -------------------------------------------------------------------------------
    def told(self, update: PublicUpdate) -> None:
        """A change committed in this process (the publisher): the next move goes on from the state
        kept, without a read; anything else is read afresh."""
        self._guild_changed(update.guild_id)
        kept = self.reader.kept(update.game_id)
        moved = None if kept is None else kept.moved_on(update)
        if moved is not None:
            self.reader.keep(moved)
        else:
            self.reader.forget(update.game_id)
        watch = self.games.get(update.game_id)
        if watch is None:
            return
        if moved is not None and update.game_id not in self._refreshing:
            if watch.publish(moved) and self.prepare is not None:
                self.prepare(moved)
        else:
            self._refresh(update.game_id)

    def deleted(self, guild_id: int, game_id: int) -> None:
        self.reader.forget(game_id)
        self._guild_changed(guild_id)
        watch = self.games.get(game_id)
        if watch is not None:
            watch.end()

    def changed(self, marks: Sequence[GameMark] | None) -> None:
        """Changes another process committed (PostgreSQL's NOTIFY); None: look again at everything."""
        if marks is None:
            self._spawn(self.poll())
            return
        for mark in marks:
            kept = self.reader.kept(mark.game_id)
            if kept is not None and kept.update.state_id != mark.state_id:
                self.reader.forget(mark.game_id)  # told by this process already, when it is the same
            if mark.guild_id in self.guilds:
                self._guild_changed(mark.guild_id)
            watch = self.games.get(mark.game_id)
            if watch is not None and (watch.current is None or mark.state_id != watch.current.update.state_id):
                self._refresh(mark.game_id)

    async def poll(self) -> None:
        """One read of where every watched game and server stands; what moved is read again."""
        if not self.games and not self.guilds:
            return
        marks = await self.reader.store.watch.game_marks(list(self.games), list(self.guilds))
        by_game = {mark.game_id: mark for mark in marks}
        for game_id, watch in list(self.games.items()):
            mark = by_game.get(game_id)
            if mark is None:
                self._refresh(game_id)  # gone: the read says so
            elif watch.current is None or (mark.state_id, mark.updated_at) != watch.current.mark:
                self._refresh(game_id)
        for guild_id, guild in list(self.guilds.items()):
            seen = frozenset(mark for mark in marks if mark.guild_id == guild_id and mark.status in OPEN)
            if guild.seen is not None and seen != guild.seen:
                self._guild_changed(guild_id)
            guild.seen = seen

    def _refresh(self, game_id: int) -> None:
        """Read the game again, once however many changes arrive meanwhile (then once more)."""
        if game_id in self._refreshing:
            self._again.add(game_id)
            return
        task = asyncio.create_task(self._read_again(game_id), name=f"skald-web-refresh-{game_id}")
        self._refreshing[game_id] = task

    async def _read_again(self, game_id: int) -> None:
        try:
            while True:
                self._again.discard(game_id)
                watch = self.games.get(game_id)
                if watch is None:
                    return
                self.refreshes += 1
                try:
                    current = await self.reader.current(game_id, fresh=True)
                except NoSuchGame:
                    watch.end()
                    return
                except Exception:
                    log.exception("web: game %d could not be read again; its pages keep the state they have", game_id)
                    return
                if watch.publish(current) and self.prepare is not None:
                    self.prepare(current)
                if game_id not in self._again:
                    return
        finally:
            self._refreshing.pop(game_id, None)

    def _guild_changed(self, guild_id: int) -> None:
        watch = self.guilds.get(guild_id)
        if watch is None or guild_id in self._listing:
            return
        self._listing[guild_id] = asyncio.create_task(self._listing_later(watch), name=f"skald-web-list-{guild_id}")

    async def _listing_later(self, watch: GuildWatch) -> None:
        """A busy server's list is read at most once a `listing_every`, however many games move."""
        try:
            await asyncio.sleep(self.limits.listing_every)
            await self._read_listing(watch)
        except Exception:
            log.exception("web: server %d's list could not be read", watch.guild_id)
        finally:
            self._listing.pop(watch.guild_id, None)

    async def _read_listing(self, watch: GuildWatch) -> None:
        listed = await self.reader.listing(watch.guild_id)
        watch.publish(documents.event("games", documents.listing(watch.guild_id, listed, self.root)))

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        for task in [*self._refreshing.values(), *self._listing.values(), *self._tasks]:
            task.cancel()
        for task in [*self._refreshing.values(), *self._listing.values(), *self._tasks]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
