"""How the pages hear of changes, whatever the process they run in (docs/web.md, "Live").

- Inside `skald run`: the hub is a notifier of the table service (`Told`), told after each commit
  like the relay, with the spectator view only.
- On PostgreSQL, whichever process the pages run in: the bots NOTIFY after their commits (a
  `ChangeTeller` attached to their tables) and the page process LISTENs, since another process's
  moves are never told to this one's publisher.
- On SQLite in a process of its own (`skald web` beside `skald run`): one read of where every
  watched game stands each `poll_seconds`, for all the pages together, never one per page.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator

from bot.notify import PublicUpdate
from bot.store import Store
from bot.store.watching import GameMark
from bot.web.hub import Hub

log = logging.getLogger(__name__)


class Told:
    """The hub as a notifier of this process's table service: only ever told public updates (it is
    no PrivateListener), like the relay."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def on_public(self, update: PublicUpdate) -> None:
        self.hub.told(update)

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        self.hub.deleted(guild_id, game_id)


class ChangeTeller:
    """Attached to a bot's tables on PostgreSQL: tells page processes of each committed change with
    one NOTIFY per batch. It never waits for the database in `on_public`: a task sends what piled
    up while the last batch was on its way, so a move is never slowed by it."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._pending: dict[int, GameMark] = {}
        self._wakeup = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self.told = 0

    async def on_public(self, update: PublicUpdate) -> None:
        self._pending[update.game_id] = GameMark(update.game_id, update.guild_id, update.state_id)
        self._kick()

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        self._pending[game_id] = GameMark(game_id, guild_id, -1)  # a state no game has: look again
        self._kick()

    def _kick(self) -> None:
        self._wakeup.set()
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._send(), name="skald-web-tell-changes")

    async def _send(self) -> None:
        while True:
            await self._wakeup.wait()
            self._wakeup.clear()
            marks, self._pending = list(self._pending.values()), {}
            try:
                await self.store.watch.tell_changes(marks)
                self.told += len(marks)
            except Exception:
                # Pages miss this change until the game's next one (or a reconnect's fresh look).
                log.warning("web: could not tell page processes of %d changes", len(marks), exc_info=True)

    async def close(self) -> None:
        """Send what is pending, then stop."""
        if self._pending:
            with contextlib.suppress(Exception):
                await self.store.watch.tell_changes(list(self._pending.values()))
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task


@contextlib.asynccontextmanager
async def following_changes(hub: Hub, store: Store, *, told_here: bool) -> AsyncIterator[str]:
    """Keep the hub told of changes while the block runs; yields which feed ("told", "listen",
    "poll"). `told_here`: the hub is attached to this process's tables (`Told`), which on SQLite
    is every change there is."""
    async with store.watch.listen_changes(hub.changed) as listening:
        if listening:
            yield "listen"
            return
        if told_here:
            yield "told"
            return
        task = asyncio.create_task(_poll(hub), name="skald-web-poll")
        try:
            yield "poll"
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task


async def _poll(hub: Hub) -> None:
    while True:
        await asyncio.sleep(hub.limits.poll_seconds)
        try:
            await hub.poll()
        except Exception:
            log.warning("web: could not read where the watched games stand; trying again", exc_info=True)
