"""Where pictures are drawn: worker processes beside the bot, so the event loop keeps its core.

Pillow holds the GIL through much of a picture (drawing text, quantizing to a palette), so a
render in a thread still stalls the event loop: under load, acknowledgements and autocomplete
waited behind pictures. A small process pool draws them instead (decision of 2026-12-01,
docs/renderer.md), at a lower scheduling priority (nice 10): the bot's own process, which
answers people, always gets a CPU first and pictures take what is left. `SKALD_RENDER_PROCESSES`
sets its size: by default one process per CPU (0 means threads). Views and names go in, PNG bytes come
out; a broken pool is replaced and the picture drawn in a thread meanwhile.

The render processes (the fork server and the workers it forks) live no longer than the bot,
however it ends (SIGKILL included), and hold none of its stdout/stderr: see `_tie_to_parent`
(decision of 2026-12-02, docs/renderer.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import functools
import logging
import multiprocessing
import multiprocessing.forkserver
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Literal, TypeVar

import renderer
from bot import games
from bot.environment import SKALD_RENDER_BOT_PID, SKALD_RENDER_PROCESSES, handed_down
from engine import registry
from renderer import records

log = logging.getLogger(__name__)

JSON = dict[str, Any]
T = TypeVar("T")
# A game's pictures (of an engine view), and the records' pictures (of plain data, renderer/records.py).
Kind = Literal["board", "hand", "outcome", "leaderboard", "rating", "crew", "summary", "standings"]

RENDER_NICENESS = 10
PARENT_WATCH_SECONDS = 0.25  # how often a render process looks whether its parent is still there
_PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
# Imported by the fork server before it forks anything: workers start with the renderer, the
# thinking processes' code and the games loaded (imported in each worker instead, at nice 19 on a
# busy host, they took 0.5 s of CPU and 24-30 s of wall clock before the first AI move), and this
# module ties the fork server itself to the bot (the end of this file).
_FORK_SERVER_PRELOAD = ["__main__", __name__, "bot.thinking", *registry.built_in_modules()]
_pool: ProcessPoolExecutor | None = None
_pool_pid = 0  # the process that made the pool (a forked child must not use its parent's)
_tied_pid = 0  # the render process tied to its parent; a worker forked from the fork server inherits its pid
drawn: dict[str, int] = {}  # pictures drawn per kind, for benchmarks


def processes() -> int:
    """How many render processes to run (SKALD_RENDER_PROCESSES, else one per CPU). A value it
    can't take is BadValue (`skald run` checks every variable at start-up, so the bot never gets
    here with one)."""
    given = SKALD_RENDER_PROCESSES.number()
    return int(given) if given is not None else os.cpu_count() or 1


def _lower_priority(niceness: int) -> None:
    """Pictures (and AI choices) yield the CPU to the bot's answers."""
    try:
        os.nice(niceness)
    except OSError:  # not allowed here: work at the same priority
        log.info("could not lower a worker process's priority")


def _start_worker(niceness: int = RENDER_NICENESS, then: Callable[..., None] | None = None,
                  args: tuple[Any, ...] = ()) -> None:
    """Runs first in each worker: tied to the fork server that forked it, at a lower priority;
    then `then(*args)` (a pool's own set-up)."""
    # A worker forked from a tied fork server inherits `_tied_pid`: its parent's pid, known even
    # if that parent has already gone (then `_tie_to_parent` ends the worker at once).
    _tie_to_parent(_tied_pid if _tied_pid not in (0, os.getpid()) else os.getppid())
    _lower_priority(niceness)
    if then is not None:
        then(*args)


def _tie_to_parent(parent: int) -> None:
    """End this render process when `parent` ends, however it ends, and let go of the stdio it inherited.

    The bot's supervisor waits for EOF on the bot's stdout; a render process left behind holds
    it (and its memory) for ever: the workers wait on a queue they hold both ends of, the fork
    server waits for the workers. So, in the fork server (parent: the bot) and in each worker
    (parent: the fork server), bot death cascades down: SIGKILL from the kernel where it can
    (Linux), else a thread that sees the parent change (an orphan is re-parented).
    """
    global _tied_pid
    if _tied_pid == os.getpid():
        return
    _tied_pid = os.getpid()
    _ask_for_sigkill_when_parent_ends()
    if os.getppid() != parent:  # gone before we asked: no signal will come
        os._exit(1)
    _let_go_of_stdio()
    threading.Thread(target=_watch_parent, args=(parent,), name="skald-render-parent", daemon=True).start()


def _ask_for_sigkill_when_parent_ends() -> bool:
    """Linux's PR_SET_PDEATHSIG: SIGKILL when the thread that started this process ends; True if set.

    For the fork server that thread is the one that made the pool (`pool()`, the event loop's),
    which lives as long as the bot; should it end first, the pool breaks and `run` replaces it.
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        # prctl is variadic: pass each argument at its full width (unsigned long).
        done = libc.prctl(_PR_SET_PDEATHSIG, ctypes.c_ulong(signal.SIGKILL), ctypes.c_ulong(0),
                          ctypes.c_ulong(0), ctypes.c_ulong(0))
    except (OSError, AttributeError):  # no libc to ask: the watching thread still ends us
        return False
    return int(done) == 0


def _watch_parent(parent: int) -> None:
    """End the process once `parent` is gone (its orphans get a new parent): where no signal says so."""
    while os.getppid() == parent:
        time.sleep(PARENT_WATCH_SECONDS)
    os._exit(1)


def _let_go_of_stdio() -> None:
    """Point stdin, stdout and stderr at /dev/null.

    So no render process keeps the bot's stdout/stderr pipe open. Nothing is lost: a render
    process reports through the pictures' futures (a picture's error, a broken pool), which the
    bot logs; it has no log handlers of its own.
    """
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):  # already closed: nothing waits in it
                stream.flush()
    devnull = os.open(os.devnull, os.O_RDWR)
    try:
        for fd in (0, 1, 2):
            os.dup2(devnull, fd)
    finally:
        if devnull > 2:
            os.close(devnull)


def _is_fork_server() -> bool:
    """True in multiprocessing's fork server itself (importing its preload), not in a process it forked."""
    command = sys.orig_argv[-1] if sys.orig_argv else ""
    # A forked worker runs the same command line, but is named (spawn.prepare) before it imports anything.
    return (command.startswith("from multiprocessing.forkserver import main")
            and multiprocessing.current_process().name == "MainProcess")


def draw(kind: Kind, view: JSON, names: Sequence[str]) -> bytes:
    """The picture itself (runs in a render process or a thread)."""
    if kind in records.PICTURES:
        return records.png(kind, view)
    if kind == "board":
        return renderer.board_png(view, names)
    if kind == "hand":
        return renderer.hand_png(view, names)
    return renderer.outcome_png(view, names)


def _start_fork_server() -> None:
    """Start multiprocessing's fork server, if it is not running, from this thread and telling it our pid.

    From this thread (the event loop's) rather than whichever first asks for a worker: the fork
    server's PR_SET_PDEATHSIG follows the thread that started it. The pid goes in its environment
    only: no other process this bot starts should take it for its parent's.
    """
    # The bot's pid, which the fork server may only get to read after the bot died (then its parent is another).
    with handed_down(SKALD_RENDER_BOT_PID, str(os.getpid())):
        multiprocessing.forkserver.ensure_running()


def worker_context() -> multiprocessing.context.ForkServerContext:
    """The context worker processes start in, its fork server running and tied to this bot.

    forkserver: the bot's threads (SQLite, discord.py) are not copied into the workers."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(_FORK_SERVER_PRELOAD)  # for a fork server not yet running
    _start_fork_server()
    return context


def start_pool(size: int, niceness: int, then: Callable[..., None] | None = None,
               args: tuple[Any, ...] = ()) -> ProcessPoolExecutor:
    """`size` worker processes tied to the bot (they end with it), at `niceness`; each runs
    `then(*args)` once first. The render processes are one such pool; the thinking processes
    (bot/thinking.py) another."""
    return ProcessPoolExecutor(max_workers=size, mp_context=worker_context(), initializer=_start_worker,
                               initargs=(niceness, then, args))


def pool() -> ProcessPoolExecutor | None:
    global _pool, _pool_pid
    if _pool is not None and _pool_pid == os.getpid():
        return _pool
    size = processes()
    if size == 0:
        return None
    _pool = start_pool(size, RENDER_NICENESS)
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
            elif waiter in self._waiting[urgent]:  # `release` may have passed over it already
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
    work = functools.partial(draw, kind, view, list(names))
    if kind not in records.PICTURES and games.registered_here(str(view.get("game"))):
        return await run(work, urgent=urgent, here=True)  # its pictures exist in this process only
    return await run(work, urgent=urgent)


async def run(work: Callable[[], T], *, urgent: bool = True, here: bool = False) -> T:
    """Any drawing work (a top-level function with picklable arguments, as a partial) in the
    render processes, queued like the pictures: a replay's GIF, a leaderboard. `here`: in a
    thread of this process instead (a game registered at run time, which only it knows)."""
    global _pool
    queue = _queue()
    await queue.acquire(urgent)
    try:
        executor = None if here else pool()
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
    """Stop the render processes (tests): the pictures under way finish, the queued ones are dropped."""
    global _pool
    if _pool is not None and _pool_pid == os.getpid():
        _pool.shutdown(wait=False, cancel_futures=True)
    _pool = None


async def close() -> None:
    """`shutdown`, and wait (off the event loop) until the processes have ended (the bot's stop):
    a pool left to the interpreter's exit can be woken through a pipe it already closed."""
    global _pool
    pool, _pool = _pool, None
    if pool is not None and _pool_pid == os.getpid():
        await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


if _is_fork_server():
    # The fork server preloads this module (_FORK_SERVER_PRELOAD): tie it to the bot that started it.
    _bot_pid = SKALD_RENDER_BOT_PID.text()
    _tie_to_parent(int(_bot_pid) if _bot_pid.isascii() and _bot_pid.isdigit() else os.getppid())
