"""AI choices in the bot's thinking processes: neither the event loop's process nor the render
processes.

A search player is pure Python for up to its time box: in a thread it would hold the GIL the
event loop needs to answer people. So the Discord bot sends each choice to thinking processes of
its own, with the state encoded (a copy) and the move's text coming back. They are not the render
processes: a choice there waited behind pictures in their queue, and a person's picture behind a
second of thinking (decision of 2026-12-06, docs/engine.md). They run at the lowest priority (nice
19), below the render processes (nice 10), which run below the bot: a picture someone waits for
takes the CPU from a search, never the other way round.

As many processes as AI slots (`slots`: at most one per CPU and `MAX`), so a choice that has a
slot starts at once. `SKALD_RENDER_PROCESSES=0` (threads instead of processes) thinks in threads
too. `stop` (the bot's shutdown) tells every choice under way to end within one step of its
search (a shared event each worker's time box looks at), so the processes are free at once. A
game registered at run time, which only this process knows, thinks in a thread here.
"""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot import games, rendering
from bot.tables.thinking import InThread, Stop, choose
from engine import registry
from engine.core import JSON, Game, Move

THINKING_NICENESS = 19  # the lowest, below the render processes (10): pictures first, thinking last
MAX = 4
_stopping: Stop | None = None  # in a thinking process: the bot's stop, as its initializer set it


def slots() -> int:
    """How many choices think at once: one per CPU, at most MAX."""
    return max(1, min(MAX, os.cpu_count() or 1))


def _started(stop: Stop) -> None:
    """A thinking process's own set-up: keep the bot's stop for every time box."""
    global _stopping
    _stopping = stop


def choose_encoded(game: str, state: JSON, seat: int, kind: str, seed: int, seconds: float) -> str:
    """The move text AI `kind` chooses for `seat` in the encoded `state`, thinking at most
    `seconds` of CPU time (runs in a thinking process)."""
    engine = registry.get(game)
    return choose(engine, engine.decode(state), seat, kind, seed, seconds, _stopping).text


class InWorkers:
    """The bot's `Thinker`: each choice in a thinking process (see the module docstring)."""

    def __init__(self, size: int | None = None) -> None:
        self.size = size or slots()
        self._pool: ProcessPoolExecutor | None = None
        self._pool_pid = 0
        self._stop: Any = None  # the pool's multiprocessing Event
        self._here = InThread()  # run-time games, and no processes at all (SKALD_RENDER_PROCESSES=0)

    def _workers(self) -> ProcessPoolExecutor | None:
        if rendering.processes() == 0:
            return None
        if self._pool is None or self._pool_pid != os.getpid():
            self._stop = rendering.worker_context().Event()
            self._pool = rendering.start_pool(self.size, THINKING_NICENESS, _started, (self._stop,))
            self._pool_pid = os.getpid()
        return self._pool

    async def __call__(self, engine: Game[Any], state: Any, seat: int, kind: str, seed: int, seconds: float) -> Move:
        workers = None if games.registered_here(engine.name) else self._workers()
        if workers is None:
            return await self._here(engine, state, seat, kind, seed, seconds)
        try:
            text = await asyncio.get_running_loop().run_in_executor(
                workers, choose_encoded, engine.name, engine.encode(state), seat, kind, seed, seconds)
        except BrokenProcessPool:  # a worker died (killed, out of memory): new ones next time
            self._pool = None
            return await self._here(engine, state, seat, kind, seed, seconds)
        return engine.parse_move(state, seat, text)

    def stop(self) -> None:
        """End every choice under way within one step, and the processes once they are free."""
        self._here.stop()
        if self._pool is not None and self._pool_pid == os.getpid():
            self._stop.set()
            self._pool.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """`stop`, and wait (off the event loop) until the processes have ended: a pool left to
        the interpreter's exit can be woken through a pipe it already closed (CPython 3.11)."""
        self.stop()
        pool, self._pool = self._pool, None
        if pool is not None and self._pool_pid == os.getpid():
            await asyncio.to_thread(pool.shutdown, wait=True)
        self._stop = None  # its semaphores go with it
