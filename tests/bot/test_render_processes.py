"""The render processes (bot/rendering.py) die with the bot, however it dies, and hold none of its
stdout: a supervisor waiting for EOF on the bot's pipe gets it once the bot is gone."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import IO

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process tree in /proc")

# A bot in miniature: draws pictures in the render pool, keeps one render process busy (a picture
# nobody will see finished), says so on stdout and waits to be killed.
BOT = """
import asyncio, functools, time
from bot import rendering
from engine import registry

async def main() -> None:
    game = registry.get("tranquility")
    view = game.view(game.setup(2, None, 3), None)
    pictures = await asyncio.gather(*(rendering.render("board", view, ["Astrid", "Bjorn"]) for _ in range(4)))
    assert all(png.startswith(b"\\x89PNG") for png in pictures)
    busy = asyncio.ensure_future(rendering.run(functools.partial(time.sleep, 60), urgent=False))
    await asyncio.sleep(0.3)
    print("DRAWN", flush=True)
    await busy

asyncio.run(main())
"""

# A render process on its own (no PR_SET_PDEATHSIG): only the watching thread can end it.
WATCHED = """
import os, threading, time
from bot import rendering
threading.Thread(target=rendering._watch_parent, args=(os.getppid(),), daemon=True).start()
print(os.getpid(), flush=True)
rendering._let_go_of_stdio()
time.sleep(60)
"""

# Its parent: starts it and waits to be killed.
PARENT = """
import subprocess, sys, time
subprocess.Popen([sys.executable, "-c", sys.argv[1]])
time.sleep(60)
"""

# What multiprocessing's fork server runs, up to its preload of bot.rendering (which ties it to the bot).
FORK_SERVER = "from multiprocessing.forkserver import main; import bot.rendering; raise SystemExit(7)"


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a process, None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    state, parent = text[text.rindex(")") + 2:].split()[:2]
    return state, int(parent)


def descendants(root: int) -> list[int]:
    """Every process under `root`: its children, theirs, and so on."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        found = _stat(int(entry)) if entry.isdigit() else None
        if found is not None:
            children.setdefault(found[1], []).append(int(entry))
    found_all, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found_all.append(child)
            todo.append(child)
    return found_all


def alive(pid: int) -> bool:
    """Still running: a zombie (dead, waiting for a reaper) is not."""
    found = _stat(pid)
    return found is not None and found[0] not in ("Z", "X")


def read_line(pipe: IO[bytes], seconds: float) -> bytes:
    ready, _, _ = select.select([pipe], [], [], seconds)
    assert ready, f"nothing on the pipe in {seconds} s"
    return pipe.readline()


def reaches_eof(pipe: IO[bytes], seconds: float) -> bool:
    """True once every writer of the pipe is gone (reads what is left on the way)."""
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        ready, _, _ = select.select([pipe], [], [], left)
        if ready and not os.read(pipe.fileno(), 65536):
            return True
    return False


def all_gone(pids: list[int], seconds: float) -> list[int]:
    """The pids still alive after waiting up to `seconds` for them to end."""
    deadline = time.monotonic() + seconds
    while (left := [pid for pid in pids if alive(pid)]) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


def start(code: str, *args: str) -> tuple[subprocess.Popen[bytes], IO[bytes], IO[bytes]]:
    """A Python process running `code`, and the pipes that are its stdout and stderr."""
    env = {**os.environ, "SKALD_RENDER_PROCESSES": "2", "PYTHONPATH": str(ROOT)}
    process = subprocess.Popen([sys.executable, "-c", code, *args], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None and process.stderr is not None
    return process, process.stdout, process.stderr


def test_render_processes_die_with_the_bot_however_it_dies() -> None:
    bot, stdout, stderr = start(BOT)
    render_processes: list[int] = []
    try:
        assert read_line(stdout, 60) == b"DRAWN\n"
        render_processes = descendants(bot.pid)
        # The fork server and the resource tracker under the bot, the workers (one of them busy) under the fork server.
        workers = [pid for pid in render_processes if (_stat(pid) or ("", 0))[1] != bot.pid]
        assert len(workers) == 2 and len(render_processes) == 4, render_processes
        bot.send_signal(signal.SIGKILL)  # no handler, no atexit: only the kernel knows
        bot.wait(10)
        assert not all_gone(render_processes, 5)
        assert reaches_eof(stdout, 5) and reaches_eof(stderr, 5)
    finally:
        _clean_up(bot, render_processes)


def test_a_render_process_without_the_kernels_signal_still_ends_when_its_parent_is_gone() -> None:
    parent, stdout, _ = start(PARENT, WATCHED)
    watched: list[int] = []
    try:
        watched.append(int(read_line(stdout, 60)))  # it is watching
        assert alive(watched[0])
        parent.send_signal(signal.SIGKILL)
        parent.wait(10)
        assert not all_gone(watched, 3)
        assert reaches_eof(stdout, 3)
    finally:
        _clean_up(parent, watched)


def test_a_fork_server_whose_bot_died_before_it_started_ends_at_once() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    dead_bot = subprocess.Popen([sys.executable, "-c", "pass"])
    dead_bot.wait(60)
    stray = subprocess.run([sys.executable, "-c", FORK_SERVER], cwd=ROOT, timeout=60, capture_output=True,
                           env={**env, "SKALD_RENDER_BOT_PID": str(dead_bot.pid)})
    # Its parent is not the bot that started it: the bot is gone, so it ends as it loads (code 1).
    assert stray.returncode == 1 and not stray.stdout
    kept = subprocess.run([sys.executable, "-c", FORK_SERVER], cwd=ROOT, timeout=60, capture_output=True,
                          env={**env, "SKALD_RENDER_BOT_PID": str(os.getpid())})
    assert kept.returncode == 7, kept.stderr  # its bot (this test) is there: it goes on


def _clean_up(process: subprocess.Popen[bytes], pids: list[int]) -> None:
    """Leave nothing behind, whatever the test found."""
    for pid in [process.pid, *pids]:
        if alive(pid):
            os.kill(pid, signal.SIGKILL)
    process.wait(10)
    for pipe in (process.stdout, process.stderr):
        if pipe is not None:
            pipe.close()
