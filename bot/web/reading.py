"""What the pages read: a game as anyone may see it, a server's games, who may open them.

Read-only by construction: it reads the store and rebuilds a game with the table service's own
`rebuild` and `public_update` (the publisher's), and never goes through the gate, which would
write (a game that no longer loads is set aside there) and wake AI seats. A page process beside
the bots may open the database without its writer's lock (`open_store(migrate=False,
exclusive=False)`): nothing here writes.

What it hands on is a `Current`: a `PublicUpdate` (the spectator view, the seats' names and
clocks, who must act) and the story's public lines, named as the thread names them. A seat's
private view, a private line, a seed or a move text never leave this module: a move text can
name a sealed bid, so the story is made of the public lines of each change alone.
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from bot.kinds import ChangeKind, Reason, Status, UpdateReason
from bot.names import name_seats
from bot.notify import PublicUpdate
from bot.store import GameRecord, MoveRow, Store
from bot.store.errors import DamagedRow, DamagedSnapshot
from bot.tables import settings as declared
from bot.tables.errors import GameUnavailable, NoSuchGame
from bot.tables.gate import GameLookup
from bot.tables.publisher import public_update
from bot.tables.settings import WebAccess, web_access
from bot.tables.table import Table, rebuild
from bot.tables.types import ACTIVE_STATUSES, FINISHED
from bot.web import links
from engine import registry
from engine.errors import StaleEncoding

STORY = 120  # changes of the story a page shows (and a page that joins late is sent)
ACCESS_SECONDS = 5.0  # a server's access is read again after this long: a revocation takes hold within it
KEY_SECONDS = 60.0  # the stored signing key, likewise (it is made once and never changes)
UNWATCHED_SECONDS = 2.0  # a game nobody follows live is read again after this long
LISTED_FINISHED = 12  # finished games a server's page lists, newest first
UNAVAILABLE = "This game can't be shown right now."


@dataclass(frozen=True)
class Line:
    """One public line of the story: the change that told it, and its text with the seats named
    as they were held then."""

    state_id: int
    text: str


@dataclass(frozen=True)
class Current:
    """A game as its pages show it now. `update` is what the table service tells every adapter
    (the spectator view only); `clock` is the table's clock (a preset or a custom clock's text)."""

    update: PublicUpdate
    clock: str
    paused: bool
    story: tuple[Line, ...]

    @property
    def mark(self) -> tuple[int, float]:
        """Changes whenever anything a page shows does."""
        return self.update.state_id, self.update.updated_at

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.update.seats]

    def lines_after(self, state_id: int | None) -> list[Line]:
        """The story's lines told after `state_id` (all of them for None)."""
        return [line for line in self.story if state_id is None or line.state_id > state_id]

    def moved_on(self, update: PublicUpdate) -> Current | None:
        """This game after the move `update` tells, without reading the store: only for the very next
        move (any other change, or a gap, is read afresh); None when it isn't that."""
        if update.reason != ChangeKind.MOVE or update.state_id != self.update.state_id + 1:
            return None
        told = [Line(update.state_id, name_seats(text, update.names or self.names)) for text in update.events]
        kept = self.story + tuple(told)
        first = next((line.state_id for line in kept), 0)
        if update.state_id - first >= STORY:  # keep the last STORY changes' lines
            kept = tuple(line for line in kept if line.state_id > update.state_id - STORY)
        return replace(self, update=update, story=kept)


@dataclass(frozen=True)
class Listed:
    """A game as a server's page lists it."""

    game_id: int
    title: str
    status: str
    state_id: int
    seats: tuple[str, ...]
    to_move: tuple[str, ...]
    updated_at: float


def story_of(changes: Sequence[MoveRow], table: Table) -> tuple[Line, ...]:
    """The public lines of `changes`, each named by the seats' holders when it was told."""
    lines = []
    for change in changes:
        names = table.names_at(change.state_id)
        lines += [Line(change.state_id, name_seats(text, names)) for text, seats in change.events if seats is None]
    return tuple(lines)


def _reason(last: MoveRow | None) -> UpdateReason:
    """Why the game is as it is: its last change's kind (the start before any)."""
    if last is None:
        return Reason.START
    try:
        return ChangeKind(last.kind)
    except ValueError:
        return Reason.START


K = TypeVar("K")
V = TypeVar("V")


class Kept(Generic[K, V]):
    """Values read at most once per `seconds` per key, and one read at a time: a thousand pages
    checking who may look at once cost one read. None (nothing there yet) is not kept."""

    def __init__(self, seconds: float, clock: Callable[[], float]) -> None:
        self.seconds = seconds
        self.clock = clock
        self._values: dict[K, tuple[float, V]] = {}
        self._reading: dict[K, asyncio.Future[V]] = {}

    async def get(self, key: K, read: Callable[[], Awaitable[V]]) -> V:
        kept = self._values.get(key)
        if kept is not None and self.clock() - kept[0] < self.seconds:
            return kept[1]
        reading = self._reading.get(key)
        if reading is None:
            reading = asyncio.ensure_future(read())
            self._reading[key] = reading
            reading.add_done_callback(lambda done: self._read(key, done))
        return await asyncio.shield(reading)

    def _read(self, key: K, done: asyncio.Future[V]) -> None:
        self._reading.pop(key, None)
        if not done.cancelled() and done.exception() is None and done.result() is not None:
            if len(self._values) > 4096:
                self._values.clear()
            self._values[key] = (self.clock(), done.result())


class Reader:
    """Reads games for the pages, with small caches so a crowd of visitors costs few reads."""

    def __init__(self, store: Store, *, games: GameLookup = registry.get, access_seconds: float = ACCESS_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.games = games
        self.clock = clock
        self._games: OrderedDict[int, tuple[float, Current]] = OrderedDict()
        self._loading: dict[int, asyncio.Future[Current]] = {}
        self._access: Kept[int, WebAccess] = Kept(access_seconds, clock)
        self._key: Kept[int, bytes | None] = Kept(KEY_SECONDS, clock)
        self.loads = 0  # games read from the store, for benchmarks

    # -- games -----------------------------------------------------------------------------------
    async def current(self, game_id: int, *, fresh: bool = False) -> Current:
        """The game now (NoSuchGame, GameUnavailable); read again when `fresh` or when the copy kept
        is older than UNWATCHED_SECONDS."""
        kept = self._games.get(game_id)
        if kept is not None and not fresh and self.clock() - kept[0] < UNWATCHED_SECONDS:
            return kept[1]
        loading = self._loading.get(game_id)
        if loading is None or fresh:  # a fresh read may not join one that began before the change
            loading = asyncio.ensure_future(self.load(game_id))
            self._loading[game_id] = loading
            loading.add_done_callback(lambda done: self._loaded(game_id, done))
        return await asyncio.shield(loading)

    def _loaded(self, game_id: int, done: asyncio.Future[Current]) -> None:
        if self._loading.get(game_id) is done:
            del self._loading[game_id]
        if not done.cancelled() and done.exception() is None:
            current = done.result()
            kept = self._games.get(game_id)
            if kept is None or kept[1].mark <= current.mark:  # never back to an older read
                self.keep(current)

    def kept(self, game_id: int) -> Current | None:
        found = self._games.get(game_id)
        return None if found is None else found[1]

    def forget(self, game_id: int) -> None:
        """The game changed: the next look reads it again."""
        self._games.pop(game_id, None)

    def keep(self, current: Current) -> None:
        """Remember the game as it is now (a page process told of a move keeps it without a read)."""
        game_id = current.update.game_id
        self._games[game_id] = (self.clock(), current)
        self._games.move_to_end(game_id)
        while len(self._games) > 512:
            self._games.popitem(last=False)

    async def load(self, game_id: int) -> Current:
        """The game as the store holds it now."""
        self.loads += 1
        try:
            try:
                record = await self.store.games.load(game_id)
            except DamagedSnapshot:
                record = await self.store.games.load(game_id, from_start=True)
        except DamagedRow:
            raise GameUnavailable(UNAVAILABLE) from None
        if record is None:
            raise NoSuchGame(f"There is no game #{game_id}.")
        table = await self._table(record)
        row = table.row
        if row.status == Status.RUNNING and row.clock != "none":
            try:
                table.clocks = await self.store.clocks.clocks(game_id)
            except DamagedRow:
                raise GameUnavailable(UNAVAILABLE) from None
        try:
            changes = await self.store.games.moves(game_id, after=max(0, row.state_id - STORY))
        except DamagedRow:
            raise GameUnavailable(UNAVAILABLE) from None
        last = next((change for change in reversed(changes) if change.state_id == row.state_id), None)
        update = public_update(table, reason=_reason(last), actor=None if last is None else last.seat)
        story = story_of([change for change in changes if change.state_id <= row.state_id], table)
        return Current(update, row.clock, row.paused_at is not None, story)

    async def _table(self, record: GameRecord) -> Table:
        """The game rebuilt from its snapshot and later moves; GameUnavailable when it can't be (the
        bots set it aside; a page only says it can't be shown)."""
        row = record.game
        if row.broken is not None:
            raise GameUnavailable(UNAVAILABLE)
        try:
            engine = self.games(row.game)
            try:
                return rebuild(engine, record)
            except (StaleEncoding, DamagedSnapshot):
                full = await self.store.games.load(row.id, from_start=True)
                if full is None:
                    raise NoSuchGame(f"There is no game #{row.id}.") from None
                return rebuild(engine, full)
        except NoSuchGame:
            raise
        except Exception:
            raise GameUnavailable(UNAVAILABLE) from None

    async def record(self, game_id: int) -> GameRecord:
        """The whole log of a game, for its replay (which never leaves the server: bot/web/history.py)."""
        try:
            record = await self.store.games.load(game_id, from_start=True)
        except DamagedRow:
            raise GameUnavailable(UNAVAILABLE) from None
        if record is None:
            raise NoSuchGame(f"There is no game #{game_id}.")
        if record.game.broken is not None:
            raise GameUnavailable(UNAVAILABLE)
        return record

    async def listing(self, guild_id: int) -> list[Listed]:
        """The server's open tables and running games, then its last finished ones."""
        rows = await self.store.games.games(guild_id=guild_id, statuses=ACTIVE_STATUSES)
        rows += await self.store.games.games(guild_id=guild_id, statuses=(FINISHED,), limit=LISTED_FINISHED)
        access = await self.access(guild_id)
        listed = []
        for row, seats in rows:
            if not access.open_to_all(row.channel_id):
                continue
            try:
                title = self.games(row.game).title
            except Exception:
                continue
            names = [seat.name for seat in seats]
            to_move = row.to_move or ()
            listed.append(Listed(row.id, title, str(row.status), row.state_id, tuple(names),
                                 tuple(names[s] for s in to_move if 0 <= s < len(names)), row.updated_at))
        return listed

    # -- who may look ------------------------------------------------------------------------------
    async def access(self, guild_id: int) -> WebAccess:
        async def read() -> WebAccess:
            return web_access(await self.store.settings.guild_settings(guild_id))

        return await self._access.get(guild_id, read)

    async def signing_key(self) -> bytes | None:
        async def read() -> bytes | None:
            stored: Any = None
            if not links.secret_from_env():
                stored = (await self.store.settings.guild_settings(declared.WHOLE_BOT)).get(declared.WEB_SECRET)
            return links.signing_key(stored if isinstance(stored, str) else None)

        return await self._key.get(declared.WHOLE_BOT, read)

    async def admit(self, update: PublicUpdate, key: str) -> str | None:
        """Whether a visitor with `key` ("" for none) may see this game, and with which key its pages'
        addresses go on: None, refused (the server's pages are off, or the game is neither open to
        all nor is `key` its signature in this generation); "" for a game open to all (a key that
        isn't the signature is dropped, never echoed); `key` itself when it is the signature."""
        access = await self.access(update.guild_id)
        if not access.on:
            return None
        if key and links.signed(await self.signing_key(), update.game_id, access.generation, key):
            return key
        return "" if access.open_to_all(update.channel_id) else None
