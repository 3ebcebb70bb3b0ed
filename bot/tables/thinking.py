"""How AI seats think: a few choices at once, the servers taking turns, never on the event loop,
each within the host's time box.

A search player thinks for up to its time box (about a second, engine/search.py). Many stand-ins
of one busy server must not hold every slot while another server's lone AI waits, so the slots
are handed out server by server in turn (`FairSlots`); within a server, first come first served.
Where a choice runs is the adapter's decision (`Thinker`): a thread by default (the terminal, the
tests), the bot's thinking processes in Discord (bot/thinking.py), where a search holds no GIL
the event loop needs.

The engine reads no clock: the host hands each choice a `TimeBox`, an engine `Allowance` that
measures the CPU time of the thread thinking and is spent once the box is (or three boxes of
wall-clock time have passed: a busy host), or at once when the host stops (a shutdown: every
choice under way ends within one step of its search).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any, Protocol

from engine.core import Allowance, Game, Move


class Stop(Protocol):
    """What tells every choice under way to end: a threading or multiprocessing Event."""

    def is_set(self) -> bool: ...


# A choice's wall-clock bound, in time boxes: the thinking processes run at the lowest priority,
# and on a host busy with other work (nice 0) they get about 1% of a CPU, so a box of CPU time
# alone took over a minute a move there while the seats' players waited (the CI of 2026-12-06).
WALL_BOXES = 3.0


class TimeBox(Allowance):
    """At most `seconds` of CPU time of the thread that thinks, and at most `WALL_BOXES` times
    that on the wall clock, from when it is made (made where the choice runs: a worker's own
    thread); spent at once, without reading a clock, when `seconds` is 0 (the tests' AI seats:
    the same move every run) or once `stop` is set."""

    def __init__(self, seconds: float, stop: Stop | None = None) -> None:
        self.seconds = seconds
        self.stop = stop
        self.started = time.thread_time() if seconds > 0 else 0.0
        self.until = time.monotonic() + WALL_BOXES * seconds if seconds > 0 else 0.0

    def spent(self) -> bool:
        if self.seconds <= 0 or (self.stop is not None and self.stop.is_set()):
            return True
        return time.thread_time() - self.started > self.seconds or time.monotonic() > self.until


def choose(engine: Game[Any], state: Any, seat: int, kind: str, seed: int, seconds: float,
           stop: Stop | None = None) -> Move:
    """The move AI `kind` chooses for `seat` in `state`, thinking at most `seconds` of CPU time
    (or until `stop`): runs where the thinking happens (a thread, a thinking process)."""
    return engine.ai_players()[kind].within(TimeBox(seconds, stop)).choose(state, seat, seed)


# (engine, state, seat, AI kind, seed, time box in CPU seconds) -> the move that AI kind chooses;
# the same for the same arguments but for how far a search gets within the time box.
Thinker = Callable[[Game[Any], Any, int, str, int, float], Awaitable[Move]]


def _on_a_copy(engine: Game[Any], state: Any, seat: int, kind: str, seed: int, seconds: float,
               stop: Stop | None) -> Move:
    # Copied in the thread, off the event loop: the table's own state is never in the AI's hands.
    return choose(engine, engine.clone(state), seat, kind, seed, seconds, stop)


class InThread:
    """A `Thinker` thinking in a thread of this process, on a copy of the state (the event loop
    stays free, though it shares the GIL); `stop` ends every choice under way within one step."""

    def __init__(self) -> None:
        self._stop = threading.Event()

    async def __call__(self, engine: Game[Any], state: Any, seat: int, kind: str, seed: int, seconds: float) -> Move:
        return await asyncio.to_thread(_on_a_copy, engine, state, seat, kind, seed, seconds, self._stop)

    def stop(self) -> None:
        self._stop.set()


async def in_thread(engine: Game[Any], state: Any, seat: int, kind: str, seed: int, seconds: float) -> Move:
    """Think in a thread of this process, on a copy of the state (a `Thinker` never stopped)."""
    return await asyncio.to_thread(_on_a_copy, engine, state, seat, kind, seed, seconds, None)


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
