"""Workers that tell Discord about a game from its committed state, never from a queue of updates.

A wake-up marks the game dirty; one task per game does the work, reading what is committed
at that moment, so ten wake-ups during a slow post become one more post, not ten. A failed
attempt is retried later with capped, jittered backoff (a timer, not a sleeping task); the
durable outbox marks make every attempt safe to repeat. With several processes on one database,
a game is told by one process at a time (`held`, a lease in the store): the others look again
shortly and find it told.
"""

from __future__ import annotations

import asyncio
import logging
from abc import ABC, abstractmethod
from contextlib import AbstractAsyncContextManager, nullcontext

from bot.discord.pacing import Backoff, permanent
from bot.store.errors import StoreUnavailable
from bot.tables.errors import EventUnavailable, GameUnavailable, NoSuchGame

log = logging.getLogger(__name__)


class Coalescer(ABC):
    """One worker per dirty game; `announce(game_id)` brings that game up to date."""

    what = "announcement"

    def __init__(self, backoff: Backoff) -> None:
        self.backoff = backoff
        self._dirty: set[int] = set()
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._attempts: dict[int, int] = {}
        self._retries: dict[int, asyncio.TimerHandle] = {}
        self._lease_waits: set[int] = set()  # of those retries, games another process was telling
        self.failures = 0  # attempts that failed, for tests and benchmarks

    @abstractmethod
    async def announce(self, game_id: int) -> None:
        """Tell everything committed and not yet told; safe to run again after a failure."""

    def held(self, game_id: int) -> AbstractAsyncContextManager[bool]:
        """Whether this process may tell the game now (another process on a shared database may
        be telling it: then look again shortly). Alone, always."""
        return nullcontext(True)

    def wake(self, game_id: int) -> None:
        self._dirty.add(game_id)
        timer = self._retries.pop(game_id, None)
        if timer is not None:
            timer.cancel()
        self._lease_waits.discard(game_id)
        worker = self._workers.get(game_id)
        # A worker cancelled before it first ran never reached its `finally` and stays listed, done.
        if worker is None or worker.done():
            self._workers[game_id] = asyncio.create_task(self._work(game_id), name=f"skald-{self.what}-{game_id}")

    async def _work(self, game_id: int) -> None:
        try:
            while game_id in self._dirty:
                self._dirty.discard(game_id)
                try:
                    async with self.held(game_id) as mine:
                        if not mine:  # another process tells it now: look again shortly, in case
                            # what it read was committed before our change
                            self._retries[game_id] = asyncio.get_running_loop().call_later(
                                self.backoff.delay(0, None), self.wake, game_id)
                            self._lease_waits.add(game_id)
                            return
                        await self.announce(game_id)
                except (NoSuchGame, GameUnavailable, EventUnavailable):
                    return  # gone, or set aside (logged once by the service): nothing to tell
                except StoreUnavailable as error:  # an outage (the store warned once): look again later
                    attempt = self._attempts.get(game_id, 0)
                    self._attempts[game_id] = attempt + 1
                    self._retries[game_id] = asyncio.get_running_loop().call_later(
                        self.backoff.delay(attempt, error), self.wake, game_id)
                    return
                except Exception as error:
                    self.failures += 1
                    if permanent(error):
                        log.error("%s of game %d refused by Discord for good (%s); skipped", self.what, game_id,
                                  error)
                        await self.give_up(game_id)
                        continue
                    attempt = self._attempts.get(game_id, 0)
                    self._attempts[game_id] = attempt + 1
                    delay = self.backoff.delay(attempt, error)
                    log.warning("%s of game %d failed (%s: %s); retry %d in %.1f s", self.what, game_id,
                                type(error).__name__, error, attempt + 1, delay)
                    self._retries[game_id] = asyncio.get_running_loop().call_later(delay, self.wake, game_id)
                    return
                self._attempts.pop(game_id, None)
        finally:
            # No await between the last dirty check and here: a wake-up can't slip through.
            del self._workers[game_id]

    @abstractmethod
    async def give_up(self, game_id: int) -> None:
        """After a permanent refusal: record whatever stops the same attempt repeating forever."""

    def retry_now(self) -> None:
        """Fire every scheduled retry at once (tests, and a sweep that found work)."""
        for game_id in list(self._retries):
            self.wake(game_id)

    @property
    def pending_retries(self) -> int:
        """Retries after a failed attempt (not looks again at a game another process was telling)."""
        return len(self._retries) - len(self._lease_waits)

    @property
    def waiting_on_lease(self) -> bool:
        """Whether a look again at a game another process was telling is still to come: this
        process's work on that game isn't over."""
        return bool(self._lease_waits)

    def cancel_retries(self) -> None:
        for timer in self._retries.values():
            timer.cancel()
        self._retries.clear()
        self._lease_waits.clear()

    async def drain(self) -> None:
        """Wait for the workers in flight; scheduled retries are dropped, also those a worker
        failing meanwhile scheduled (the next start-up's catch-up finds what they would have told)."""
        self.cancel_retries()
        while self._workers:
            await asyncio.gather(*list(self._workers.values()), return_exceptions=True)
            # Those cancelled before they first ran (see `wake`) are done but still listed.
            self._workers = {game_id: worker for game_id, worker in self._workers.items() if not worker.done()}
        self.cancel_retries()
