"""Timers that outlive the process: due times in the database, one asyncio timer for the earliest.

Every timer is a row (`timers`: space, game (or event), kind, seat, due_at, state_id). The scheduler sleeps until
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
from collections import deque
from collections.abc import Awaitable, Callable

from bot.store import Store
from bot.store.errors import StoreUnavailable
from bot.store.records import Timer
from engine.errors import SkaldError

log = logging.getLogger(__name__)

Handler = Callable[[Timer], Awaitable[None]]
BATCH = 500
CONCURRENT = 256
RETRY = 5.0  # seconds before looking at the timers again when the database was out of reach


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
        self.lag: deque[float] = deque(maxlen=10_000)  # seconds each timer ran after it fell due

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

    async def idle(self) -> None:
        """Wait for a run already under way (the armed timer's) without stopping the scheduler."""
        if self._running is not None:
            await asyncio.gather(self._running, return_exceptions=True)

    async def refresh(self) -> None:
        """Wake for the earliest timer in the store, which another process may have set."""
        if self._started:
            await self._rearm()

    async def changed(self, due_at: float) -> None:
        """A timer was set for `due_at`: wake earlier if it is the new earliest."""
        if self._started and (self._armed_for is None or due_at < self._armed_for):
            self._arm(due_at)

    async def run_due(self) -> int:
        """Handle every timer due now, started in due order; returns how many ran.

        Timers of different games run side by side (at most `CONCURRENT` at once), so a
        thousand deadlines falling due together share commits instead of queueing for them;
        timers of one game still take turns on its lock."""
        ran = 0
        slots = asyncio.Semaphore(CONCURRENT)
        try:
            while True:
                due = await self.store.clocks.due_timers(self.clock(), BATCH)
                by_game: dict[tuple[str, int], list[Timer]] = {}
                for timer in due:  # in due order within each game (or event: its own key space)
                    by_game.setdefault((timer.space, timer.game_id), []).append(timer)
                kept: list[Timer] = []  # timers the database was out of reach for: they run again
                await asyncio.gather(*(self._run_game(timers, slots, kept) for timers in by_game.values()))
                # One write for the whole batch (a handler's own commit usually deleted its timer already).
                await self.store.clocks.finish_timers([t for t in due if t not in kept])
                ran += len(due) - len(kept)
                if kept:
                    self._again_soon()
                    break
                if len(due) < BATCH:
                    break
        except StoreUnavailable:  # an outage (the store warned once): look again soon
            self._again_soon()
            return ran
        self.fired += ran
        if self._started:
            await self._rearm()
        return ran

    async def _run_game(self, timers: list[Timer], slots: asyncio.Semaphore, kept: list[Timer]) -> None:
        async with slots:
            for index, timer in enumerate(timers):
                if not await self._run_one(timer):
                    kept.extend(timers[index:])  # in due order: the rest of this game's wait too
                    return

    def _again_soon(self) -> None:
        if self._started:
            self._arm(self.clock() + RETRY)

    async def _run_one(self, timer: Timer) -> bool:
        """Run one timer's handler; False when the database was out of reach (keep the timer)."""
        handler = self._handlers.get(timer.kind)
        self.lag.append(max(0.0, self.clock() - timer.due_at))
        try:
            if handler is None:
                log.warning("no handler for timer kind %r (game %d); dropped", timer.kind, timer.game_id)
            else:
                await handler(timer)
        except StoreUnavailable:
            return False
        except SkaldError as refused:  # the game is set aside, gone or over: expected, no traceback
            log.warning("timer %s of game %d dropped: %s", timer.kind, timer.game_id, refused.reason)
        except Exception:
            log.exception("timer %s of game %d failed; dropped", timer.kind, timer.game_id)
        return True

    async def _rearm(self) -> None:
        due = await self.store.clocks.next_due()
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
