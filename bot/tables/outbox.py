"""The announcement outbox: what is committed versus what the thread and each panel were told.

The table service commits changes; adapters announce them whenever they can (at once, after
a failed post, after a restart). They read the committed log from here and record, durably,
how far they got, so nothing is lost and nothing is told twice. See docs/storage.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.store import MoveRow, Store
from bot.store.records import Announcement, PanelMark


class Outbox:
    """Announcement bookkeeping over the store (no Discord here: any adapter could use it)."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock

    async def announcement(self, game_id: int) -> Announcement | None:
        return await self.store.announcement(game_id)

    async def changes(self, game_id: int, after: int) -> list[MoveRow]:
        """The committed changes with state id > `after`, oldest first (public and private lines)."""
        return await self.store.moves(game_id, after=max(after, 0))

    async def told(self, mark: Announcement, pinged: Sequence[int] = ()) -> None:
        """The thread now shows `mark`; `pinged` seats were pinged by it."""
        await self.store.record_announcement(mark, pinged=pinged, now=self.clock())

    async def panels(self, game_id: int) -> dict[int, PanelMark]:
        return await self.store.panel_marks(game_id)

    async def panels_shown(self, game_id: int, marks: Sequence[PanelMark], done: int | None = None) -> None:
        """What these seats' panels now show and (`done`) that every seat is handled up to that
        state: one write, riding in the next group commit."""
        await self.store.record_panels(game_id, marks, self.clock(), done)

    def now(self) -> float:
        return self.clock()

    async def lagging(self) -> list[int]:
        """Games with something committed that their thread or panels have not been told."""
        return await self.store.lagging_games()

    async def dm_channel(self, user_id: int) -> int | None:
        return await self.store.dm_channel(user_id)

    async def set_dm_channel(self, user_id: int, channel_id: int) -> None:
        await self.store.set_dm_channel(user_id, channel_id, self.clock())
