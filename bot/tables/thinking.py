"""How AI seats think: a few choices at once, the servers taking turns, never on the event loop.

A search player thinks for up to its time box (about a second, engine/search.py). Many stand-ins
of one busy server must not hold every slot while another server's lone AI waits, so the slots
are handed out server by server in turn (`FairSlots`); within a server, first come first served.
Where a choice runs is the adapter's decision (`Thinker`): a thread by default (the terminal, the
tests), the bot's worker processes in Discord (bot/thinking.py), where a search holds no GIL
the event loop needs.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

from engine.core import Game, Move

# (engine, state, seat, AI kind, seed, time box in CPU seconds) -> the move that AI kind chooses;
# pure in its arguments, but for how far a search gets within the time box.
Thinker = Callable[[Game[Any], Any, int, str, int, float], Awaitable[Move]]


async def in_thread(engine: Game[Any], state: Any, seat: int, kind: str, seed: int, seconds: float) -> Move:
    """Think in a thread of this process (the event loop stays free, though it shares the GIL)."""
    player = engine.ai_players()[kind].boxed(seconds)
    return await asyncio.to_thread(player.choose, state, seat, seed)


class FairSlots:
    """At most `slots` holders at once; while they are all taken, waiters are let in one server
    (`key`) at a time, in turn, each server's own in the order they came."""

    def __init__(self, slots: int) -> None:
        self.slots = max(1, slots)
        self.busy = 0
        self._waiting: OrderedDict[int, deque[asyncio.Future[None]]] = OrderedDict()

    def waiting(self, key: int | None = None) -> int:
        """How many wait (for one server's key, or all)."""
        if key is not None:
            return len(self._waiting.get(key, ()))
        return sum(len(queue) for queue in self._waiting.values())

    @asynccontextmanager
    async def slot(self, key: int) -> AsyncIterator[None]:
        await self.acquire(key)
        try:
            yield
        finally:
            self.release(key)

    async def acquire(self, key: int) -> None:
        if self.busy < self.slots and not self._waiting:
            self.busy += 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(key, deque()).append(waiter)
        try:
            await waiter  # handed over by `release`: `busy` already counts it
        except BaseException:
            if waiter.done() and not waiter.cancelled():
                self.release(key)  # the slot was handed over as the waiter was cancelled
            else:
                queue = self._waiting.get(key)
                if queue is not None and waiter in queue:
                    queue.remove(waiter)
                    if not queue:
                        del self._waiting[key]
            raise

    def release(self, key: int) -> None:
        """Hand the slot on: to the next server in turn after `key`, the one letting go (its
        oldest waiter), or free it."""
        if key in self._waiting:
            self._waiting.move_to_end(key)
        while self._waiting:
            key, queue = next(iter(self._waiting.items()))
            waiter = queue.popleft()
            del self._waiting[key]
            if queue:
                self._waiting[key] = queue  # back of the line: the other servers go first
            if not waiter.done():
                waiter.set_result(None)
                return
        self.busy -= 1
