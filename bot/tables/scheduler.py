"""Timers that outlive the process: due times in the database, one asyncio timer for the earliest.

Every timer is a row (`timers`: game, kind, seat, due_at, state_id). The scheduler sleeps until
the earliest due time, then runs each due timer's handler in due order and deletes the row —
unless the handler set it again. Handlers are idempotent (they check the game is still as the
timer expected), so a timer that fires twice, or after the bot was down for a day, does its
work once. At start-up, everything missed while the bot was down runs first, in order.
The clock is injectable: tests move it and call `run_due()`.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable

from bot.store import Store
from bot.store.records import Timer

log = logging.getLogger(__name__)

Handler = Callable[[Timer], Awaitable[None]]
BATCH = 500


class Scheduler:
    """Fires the database's timers through the handlers registered for their kinds."""

    def __init__(self, store: Store, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.clock = clock
        self._handlers: dict[str, Handler] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._armed_for: float | None = None
        self._running: asyncio.Task[int] | None = None
        self._started = False
        self.fired = 0  # timers handled, for tests and benchmarks

    def handle(self, kind: str, handler: Handler) -> None:
        self._handlers[kind] = handler

    async def start(self) -> None:
        """Run what fell due while the bot was down (oldest first), then wait for the next."""
        self._started = True
        await self.run_due()

    def stop(self) -> None:
        self._started = False
        if self._timer is not None:
            self._timer.cancel()
        self._timer = None
        self._armed_for = None

    async def drain(self) -> None:
        self.stop()
        if self._running is not None:
            await asyncio.gather(self._running, return_exceptions=True)

    async def changed(self, due_at: float) -> None:
        """A timer was set for `due_at`: wake earlier if it is the new earliest."""
        if self._started and (self._armed_for is None or due_at < self._armed_for):
            self._arm(due_at)

    async def run_due(self) -> int:
        """Handle every timer due now, in due order; returns how many ran."""
        ran = 0
        while True:
            now = self.clock()
            due = await self.store.due_timers(now, BATCH)
            for timer in due:
                handler = self._handlers.get(timer.kind)
                try:
                    if handler is None:
                        log.warning("no handler for timer kind %r (game %d); dropped", timer.kind, timer.game_id)
                    else:
                        await handler(timer)
                except Exception:
                    log.exception("timer %s of game %d failed; dropped", timer.kind, timer.game_id)
                await self.store.finish_timer(timer)
                ran += 1
            if len(due) < BATCH:
                break
        self.fired += ran
        if self._started:
            await self._rearm()
        return ran

    async def _rearm(self) -> None:
        due = await self.store.next_due()
        if due is None:
            if self._timer is not None:
                self._timer.cancel()
            self._timer, self._armed_for = None, None
        else:
            self._arm(due)

    def _arm(self, due_at: float) -> None:
        if self._timer is not None:
            self._timer.cancel()
        delay = max(0.0, due_at - self.clock())
        self._armed_for = due_at
        self._timer = asyncio.get_running_loop().call_later(delay, self._fire)

    def _fire(self) -> None:
        self._timer, self._armed_for = None, None
        if self._running is None or self._running.done():
            self._running = asyncio.create_task(self.run_due(), name="skald-timers")
