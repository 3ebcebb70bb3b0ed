"""The terminal as every terminal tool uses it: output that names seats, prints no control
characters from data and notices a reader that went away, and input that can be left waiting
when the process ends."""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import threading
from collections.abc import Callable, Sequence

from bot.names import name_seats
from bot.terminal.text import printable

CLEAR_SCREEN = "\x1b[2J\x1b[H"

Write = Callable[[str], None]
Read = Callable[[str], str]


class Screen:
    """The terminal's output: each line with the engine's "Seat N" shown by `names` (a list that
    may be filled in later) and made `printable` (names and lines come from people and files),
    and a reader that went away (`skald demo ... | head`) noticed.

    Once the pipe is closed nothing more is written, so no notifier fails on it; the game loop
    checks `closed` and stops.
    """

    def __init__(self, write: Write, names: Sequence[str] = ()) -> None:
        self._write = write
        self.names = list(names)
        self.closed = False

    def __call__(self, text: str, *, clear: str = "") -> None:
        """Write `text`, after `clear`: the tool's own screen-clearing sequence, the one control
        sequence that is written as it is."""
        if self.closed:
            return
        try:
            self._write(clear + printable(name_seats(text, self.names)))
        except BrokenPipeError:
            self.closed = True


def read_line(prompt: str) -> str:
    """`input(prompt)`, safe to leave waiting in a daemon thread when the process ends (Ctrl-C).

    On a terminal `input` reads through readline and C stdio, which is safe. From a pipe it
    would read `sys.stdin` holding its buffer's lock, and an interpreter that exits while a
    thread holds that lock aborts; so a pipe is read from the file descriptor instead, a byte at
    a time up to the newline (nothing else reads stdin, so nothing is left in a buffer).
    """
    if sys.stdin.isatty():
        return input(prompt)
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = bytearray()
    while (byte := os.read(sys.stdin.fileno(), 1)) and byte != b"\n":
        line += byte
    if not byte and not line:
        raise EOFError
    return line.decode(errors="replace").rstrip("\r")


async def ask(read: Read, prompt: str) -> str:
    """`read(prompt)` in a daemon thread, so the event loop (AI seats, the relay) goes on meanwhile.

    Not `asyncio.to_thread`: at exit, after Ctrl-C, Python waits for the threads of the loop's
    pool, and this one may wait for a line that never comes.
    """
    loop = asyncio.get_running_loop()
    answer: asyncio.Future[str] = loop.create_future()

    def settle(text: str, error: BaseException | None) -> None:
        if answer.done():  # cancelled meanwhile (Ctrl-C)
            return
        if error is not None:
            answer.set_exception(error)
        else:
            answer.set_result(text)

    def wait_for_line() -> None:
        try:
            text, error = read(prompt), None
        except BaseException as failure:  # EOFError at the end of input, above all
            text, error = "", failure
        with contextlib.suppress(RuntimeError):  # the loop is already closed: nobody is waiting
            loop.call_soon_threadsafe(settle, text, error)

    threading.Thread(target=wait_for_line, name="skald-input", daemon=True).start()
    return await answer
