"""The announcement outbox: what is committed versus what the thread and each panel were told.

The table service commits changes; adapters announce them whenever they can (at once, after
a failed post, after a restart). They read the committed log from here and record, durably,
how far they got, so nothing is lost and nothing is told twice. See docs/storage.md.
"""

from __future__ import annotations

import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Protocol

from bot.store import MoveRow, Store
from bot.store.keys import Key
from bot.store.records import Announcement, PanelMark

LEASE = 120.0  # seconds a process may tell one game before another may take over (wall clock)


class Moves(Protocol):
    """The service's read of a game's log (`Gate.moves`)."""

    def __call__(self, game_id: int, *, after: int = 0, last: int | None = None) -> Awaitable[list[MoveRow]]: ...


class Outbox:
    """Announcement bookkeeping over the store (no Discord here: any adapter could use it).

    The changes are read through the service (`moves`, its `_moves`): a logged change that no
    longer decodes sets its game aside and raises GameUnavailable, so an adapter stops telling
    that game, and only that game."""

    def __init__(self, store: Store, clock: Callable[[], float], moves: Moves) -> None:
        self.store = store
        self.clock = clock
        self._moves = moves
        self.owner = uuid.uuid4().hex  # this process, as the leases name it

    async def announcement(self, game_id: int) -> Announcement | None:
        return await self.store.outbox.announcement(game_id)

    @asynccontextmanager
    async def lease(self, key: Key, what: str) -> AsyncIterator[bool]:
        """While held (True), no other process tells `what` ('story', 'panels' of a game, 'news' of
        an event) of what `key` names: with several processes on one database, one tells each
        game (and each event's thread) at a time, in order (docs/scaling.md). False: another
        process is telling it now; it will tell what is committed, so the caller may look again
        shortly. A dead process's lease lapses."""
        taken = await self.store.outbox.take_lease(key, what, self.owner, time.time(), LEASE)
        try:
            yield taken
        finally:
            if taken and self.store.shared:
                await self.store.outbox.drop_lease(key, what, self.owner)

    async def changes(self, game_id: int, after: int) -> list[MoveRow]:
        """The committed changes with state id > `after`, oldest first (public and private lines)."""
        return await self._moves(game_id, after=max(after, 0))

    async def told(self, mark: Announcement, pinged: Sequence[int] = ()) -> None:
        """The thread now shows `mark`; `pinged` seats were pinged by it."""
        await self.store.outbox.record_announcement(mark, pinged=pinged, now=self.clock())

    async def panels(self, game_id: int) -> dict[int, PanelMark]:
        return await self.store.outbox.panel_marks(game_id)

    async def panels_shown(self, game_id: int, marks: Sequence[PanelMark], done: int | None = None) -> None:
        """What these seats' panels now show and (`done`) that every seat is handled up to that
        state: one write, riding in the next group commit."""
        await self.store.outbox.record_panels(game_id, marks, self.clock(), done)

    def now(self) -> float:
        return self.clock()

    async def lagging(self) -> list[int]:
        """Games with something committed that their thread or panels have not been told."""
        return await self.store.outbox.lagging_games()

    async def telling(self) -> list[int]:
        """Events with news committed and not yet told."""
        return await self.store.outbox.telling()

    async def dm_channel(self, user_id: int) -> int | None:
        return await self.store.settings.dm_channel(user_id)

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        await self.store.settings.set_dm_channel(user_id, channel_id, self.clock())
