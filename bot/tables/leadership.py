"""One leader among the processes sharing a database: it runs the timers and the catch-up.

The store decides (`Store.hold_leadership`: on PostgreSQL a session advisory lock, which the
server drops when the leader's connection or process dies; an SQLite store always leads, being
the only process). Every `every` seconds each process asks again: a follower takes over once
the lock is free, and a leader whose session was lost steps down. See docs/scaling.md.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

from bot.store import Store
from bot.store.errors import StoreUnavailable

log = logging.getLogger(__name__)

POLL = 3.0  # seconds between two looks at the leader's lock
Hook = Callable[[], Awaitable[None]]


async def _nothing() -> None:
    return None


WATCH_TASK = "skald-leadership"  # the task that keeps looking for the lead on a shared store: it never ends


class Leadership:
    """Runs `on_gain` when this process becomes the leader, `on_loss` when it stops being it, and
    `while_leading` at every look while it leads."""

    def __init__(self, store: Store, *, on_gain: Hook, on_loss: Hook, while_leading: Hook = _nothing,
                 every: float = POLL) -> None:
        self.store = store
        self.on_gain = on_gain
        self.on_loss = on_loss
        self.while_leading = while_leading
        self.every = every
        self.leading = False
        self._task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        """Look once now (an SQLite store leads at once), then keep looking if others may lead."""
        await self.check()
        if self.store.shared:
            self._task = asyncio.create_task(self._watch(), name=WATCH_TASK)

    async def check(self) -> bool:
        """One look: take the lead if it is free, or step down if it was lost; True while leading."""
        try:
            held = await self.store.hold_leadership()
        except Exception:
            log.exception("could not look at the leader's lock")
            held = False
        if held and not self.leading:
            self.leading = True
            log.info("this process leads: it runs the timers and the catch-up")
            try:
                await self.on_gain()
            except BaseException:
                # Holding the lock without doing the work would leave the timers to nobody.
                self.leading = False
                await self.store.release_leadership()
                raise
        elif not held and self.leading:
            self.leading = False
            log.warning("this process no longer leads")
            await self.on_loss()
        elif held:
            await self.while_leading()
        return self.leading

    async def _watch(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self.check()
            except StoreUnavailable:
                log.debug("the database is out of reach; looking again in %.0f s", self.every)  # the store warned
            except Exception:
                log.exception("the leader's work failed; looking again in %.0f s", self.every)

    async def stop(self) -> None:
        """Stop looking, stop leading, and free the lock for another process at once."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        if self.leading:
            self.leading = False
            await self.on_loss()
        await self.store.release_leadership()
