"""Where pictures are drawn: worker processes beside the bot, so the event loop keeps its core.

Pillow holds the GIL through much of a picture (drawing text, quantizing to a palette), so a
render in a thread still stalls the event loop: under load, acknowledgements and autocomplete
waited behind pictures. A small process pool draws them instead (decision of 2026-12-01,
docs/renderer.md), at a lower scheduling priority (nice 10): the bot's own process, which
answers people, always gets a CPU first and pictures take what is left. `SKALD_RENDER_PROCESSES`
sets its size: by default one process per CPU (0 means threads). Views and names go in, PNG bytes come
out; a broken pool is replaced and the picture drawn in a thread meanwhile.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import multiprocessing
import os
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Literal, TypeVar

import renderer
from renderer import records

log = logging.getLogger(__name__)

JSON = dict[str, Any]
T = TypeVar("T")
# A game's pictures (of an engine view), and the records' pictures (of plain data, renderer/records.py).
Kind = Literal["board", "hand", "outcome", "leaderboard", "rating", "crew", "summary"]

RENDER_NICENESS = 10
_pool: ProcessPoolExecutor | None = None
_pool_pid = 0  # the process that made the pool (a forked child must not use its parent's)
drawn: dict[str, int] = {}  # pictures drawn per kind, for benchmarks


def processes() -> int:
    """How many render processes to run (SKALD_RENDER_PROCESSES, else CPUs minus one)."""
    given = os.environ.get("SKALD_RENDER_PROCESSES", "").strip()
    if given.isascii() and given.isdigit():
        return min(int(given), 16)
    return os.cpu_count() or 1


def _lower_priority() -> None:
    """Runs first in each render process: pictures yield the CPU to the bot's answers."""
    try:
        os.nice(RENDER_NICENESS)
    except OSError:  # not allowed here: render at the same priority
        log.info("could not lower the render processes' priority")


def draw(kind: Kind, view: JSON, names: Sequence[str]) -> bytes:
    """The picture itself (runs in a render process or a thread)."""
    if kind in records.PICTURES:
        return records.png(kind, view)
    if kind == "board":
        return renderer.board_png(view, names)
    if kind == "hand":
        return renderer.hand_png(view, names)
    return renderer.outcome_png(view, names)


def pool() -> ProcessPoolExecutor | None:
    global _pool, _pool_pid
    if _pool is not None and _pool_pid == os.getpid():
        return _pool
    size = processes()
    if size == 0:
        return None
    # forkserver: the bot's threads (SQLite, discord.py) are not copied into the workers.
    context = multiprocessing.get_context("forkserver")
    _pool = ProcessPoolExecutor(max_workers=size, mp_context=context, initializer=_lower_priority)
    _pool_pid = os.getpid()
    return _pool


class Queue:
    """Slots for pictures: two per render process (or thread) in flight, and when they are all
    busy the urgent ones (a story post, an answer someone waits for) go before background ones
    (a DM panel), so a backlog delays panels, not the thread."""

    # Urgent pictures go first, but not always: after this many in a row a waiting background
    # one gets the slot, so DM panels are late under load, never starved.
    URGENT_RUN = 3

    def __init__(self) -> None:
        self.slots = max(1, 2 * processes())  # read once: every picture asks
        self.busy = 0
        self._waiting: dict[bool, deque[asyncio.Future[None]]] = {True: deque(), False: deque()}
        self._run = 0  # urgent pictures given a slot in a row

    def capacity(self) -> int:
        # Two per process: each has its next picture queued as it finishes one. With one, a
        # process sat idle for the round trip through the event loop (12% of the CPUs at 200 tables).
        return self.slots

    async def acquire(self, urgent: bool) -> None:
        if self.busy < self.capacity() and not self._waiting[True] and (urgent or not self._waiting[False]):
            self.busy += 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[urgent].append(waiter)
        try:
            await waiter  # the slot is handed over: `busy` already counts it
        except BaseException:
            if waiter.done() and not waiter.cancelled():
                self.release()  # it was handed the slot as it was cancelled
            else:
                self._waiting[urgent].remove(waiter)
            raise

    def release(self) -> None:
        order = (False, True) if self._run >= self.URGENT_RUN else (True, False)
        for urgent in order:
            queue = self._waiting[urgent]
            while queue:
                waiter = queue.popleft()
                if not waiter.done():
                    self._run = self._run + 1 if urgent else 0
                    waiter.set_result(None)
                    return
        self.busy -= 1


_queues: dict[int, Queue] = {}  # per event loop


def _queue() -> Queue:
    key = id(asyncio.get_running_loop())
    queue = _queues.get(key)
    if queue is None:
        if len(_queues) > 16:  # old loops (tests) are gone
            _queues.clear()
        queue = _queues[key] = Queue()
    return queue


async def render(kind: Kind, view: JSON, names: Sequence[str], *, urgent: bool = True) -> bytes:
    """PNG bytes of one picture, drawn off the event loop (in a render process if there are any).

    `urgent=False` for pictures nobody is waiting on this second (DM panels): under load they
    yield to the thread's boards and to interactive answers."""
    drawn[kind] = drawn.get(kind, 0) + 1
    return await run(functools.partial(draw, kind, view, list(names)), urgent=urgent)


async def run(work: Callable[[], T], *, urgent: bool = True) -> T:
    """Any drawing work (a top-level function with picklable arguments, as a partial) in the
    render processes, queued like the pictures: a replay's GIF, a leaderboard."""
    global _pool
    queue = _queue()
    await queue.acquire(urgent)
    try:
        executor = pool()
        if executor is not None:
            try:
                return await asyncio.get_running_loop().run_in_executor(executor, work)
            except BrokenProcessPool:
                log.warning("the render processes stopped; starting new ones")
                _pool = None
        return await asyncio.to_thread(work)
    finally:
        queue.release()


def shutdown() -> None:
    """Stop the render processes (the bot's close; tests)."""
    global _pool
    if _pool is not None and _pool_pid == os.getpid():
        _pool.shutdown(wait=False, cancel_futures=True)
    _pool = None
