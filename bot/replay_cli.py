"""`skald replay FILE`: step through an exported game (docs/replays.md) in the terminal.

A finished game's export is rebuilt from its seed before anything is shown, so a file whose moves
no longer replay is refused at once; then each change shows its public lines and the table as
text. A game exported while running has no seed: its public lines are shown without a table.
Enter goes on, `b` goes back, `q` quits; `--auto SECONDS` goes on by itself.

The file is read only if it is a regular file, and only up to MAX_FILE_BYTES (8 MB, two hundred
times a long game's export); whatever is wrong with it is one line and exit code 2.
"""

from __future__ import annotations

import argparse
import os
import stat
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bot.counts import counted
from bot.names import name_seats, result_line
from bot.replays import MOVE, BadExport, GameLog, Lazy, Rebuilt, ReplayError, read_export, rebuild, standing
from bot.terminal.console import CLEAR_SCREEN, Read, Write
from bot.terminal.text import printable
from renderer.text import render_view, seat_name

# An export is tens of kilobytes (a long 5-player game: 35 KB; benchmarks/replay.py's
# 20,000-change log: 3.6 MB). Anything bigger is not one, and reading JSON takes ten times its size.
MAX_FILE_BYTES = 8 * 2**20
PROMPT = "Enter: next · b: back · q: quit> "
BACK_WORDS = frozenset({"b", "back"})
QUIT_WORDS = frozenset({"q", "quit", "exit"})
EXIT_REFUSED = 2


@dataclass(frozen=True)
class Page:
    """What one step of the replay shows: a heading, the public lines, the table (if rebuilt)."""

    heading: str
    lines: tuple[str, ...]
    table: str | None


class Pages(Lazy[Page]):
    """The start, one page per change, and the result (when the game is over), each made when it is
    shown: a long game's tables (a text picture per change) are never all held at once."""

    noun = "page"

    def __init__(self, log: GameLog, rebuilt: Rebuilt | None) -> None:
        self.log = log
        self.rebuilt = rebuilt
        self.outcome = rebuilt.outcome if rebuilt is not None else log.outcome

    def __len__(self) -> int:
        return 1 + len(self.log.changes) + (self.outcome is not None)

    def _at(self, position: int) -> Page:
        if position == 0:
            return self._start()
        if position <= len(self.log.changes):
            return self._change(position)
        return self._result()

    def _table(self, index: int, mark: int) -> str | None:
        """The table after `index` changes as text, its seats named as held from change `mark`."""
        if self.rebuilt is None:
            return None
        names = self.log.names_at(mark)
        # The text pictures print engine texts (a task, an end reason) as they are: name their
        # seats too, as they were held after the change each shows.
        return name_seats(render_view(self.rebuilt.views[index], names), names)

    def _start(self) -> Page:
        log = self.log
        first = log.names_at(0)  # the seats as they were held at the start
        players = ", ".join(f"{seat_name(first, p.seat)}{f' (AI: {p.ai})' if p.ai else ''}" for p in log.players)
        opening: tuple[str, ...] = (f"{log.title}, {counted(len(log.players), 'player')}: {players}.",)
        if self.rebuilt is None:
            opening += ("Exported while the game was running: without its seed only the public lines can be shown.",)
        return Page("Start", opening, self._table(0, 0))

    def _change(self, index: int) -> Page:
        change = self.log.changes[index - 1]
        held = self.log.names_at(change.state_id)  # each change names the seats as they were held then
        who = "" if change.seat is None else f" · {seat_name(held, change.seat)}"
        what = "" if change.kind == MOVE else f" ({change.kind})"
        lines = tuple(name_seats(line, held) for line in change.public)
        return Page(f"Move {index} of {len(self.log.changes)}{who}{what}", lines,
                    self._table(index, change.state_id + 1))

    def _result(self) -> Page:
        outcome, names = self.outcome or {}, self.log.names
        told = [result_line(outcome, names)]
        if outcome.get("scores"):
            told.append("Scores: " + ", ".join(f"{seat_name(names, seat)} {score}"
                                                for seat, score in enumerate(outcome["scores"])))
        return Page("Result", tuple(told), None)


def pages(log: GameLog, rebuilt: Rebuilt | None) -> Pages:
    """The start, one page per change, and the result (when the game is over)."""
    return Pages(log, rebuilt)


def show(page: Page, write: Write, clear: str = "") -> None:
    """Write one page; everything on it comes from the file, so it is made `printable`."""
    write(f"{clear}── {printable(page.heading)} ──")
    for line in page.lines:
        write(printable(line))
    if page.table is not None:
        write("")
        write(printable(page.table))


def step_through(shown: Sequence[Page], read: Read, write: Write, clear: str = "") -> None:
    """Interactive: Enter for the next page, `b` back, `q` (or the end of input) to stop."""
    at = 0
    show(shown[at], write, clear)
    while True:
        try:
            answer = read(PROMPT).strip().lower()
        except EOFError:
            return
        if answer in QUIT_WORDS:
            return
        if answer in BACK_WORDS:
            at = max(0, at - 1)
        elif answer == "":
            if at == len(shown) - 1:
                return
            at += 1
        else:
            write("Press Enter for the next change, b to go back, q to quit.")
            continue
        show(shown[at], write, clear)


def play_through(shown: Sequence[Page], write: Write, seconds: float,
                 sleep: Callable[[float], None] = time.sleep, clear: str = "") -> None:
    """`--auto`: every page in turn, `seconds` apart."""
    for index, page in enumerate(shown):
        if index:
            sleep(seconds)
        show(page, write, clear)


def read_file(path: str) -> bytes:
    """The file's bytes, at most MAX_FILE_BYTES; BadExport for anything but a regular file (a named
    pipe waits for a writer for ever, /dev/zero never ends) or a bigger one, OSError when it can't
    be read."""
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise BadExport(_not_a_file(mode))
    # Non-blocking: should a named pipe have taken the file's place since, opening it won't wait.
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with os.fdopen(descriptor, "rb") as file:
        mode = os.fstat(file.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise BadExport(_not_a_file(mode))
        data = file.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise BadExport(f"This file is over {MAX_FILE_BYTES // 2**20} MB, far more than any game Skald exports: "
                        "it is not an export.")
    return data


def _not_a_file(mode: int) -> str:
    kinds = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe"), (stat.S_ISCHR, "a device"),
             (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))
    kind = next((name for test, name in kinds if test(mode)), "not a regular file")
    return f"This is {kind}, not an export file: give the .json file `/game export` made."


def load(path: str) -> tuple[GameLog, Rebuilt | None]:
    """Read and rebuild an export; ReplayError or OSError say why it can't be shown."""
    log = read_export(read_file(path))
    if log.seed is None:
        return log, None
    log = standing(log)  # moves taken back are not shown: the pages follow the rebuilt boards
    return log, rebuild(log)


def _replay(args: argparse.Namespace) -> int:
    try:
        log, rebuilt = load(args.file)
    except ReplayError as error:
        print(printable(f"skald replay: {args.file}: {error.reason}"), file=sys.stderr)
        return EXIT_REFUSED
    except OSError as error:
        print(printable(f"skald replay: can't read {args.file}: {error.strerror or error}"), file=sys.stderr)
        return EXIT_REFUSED
    shown = pages(log, rebuilt)
    clear = CLEAR_SCREEN if sys.stdout.isatty() else ""
    if args.auto is not None:
        play_through(shown, print, args.auto, clear=clear)
    else:
        step_through(shown, input, print, clear)
    return 0


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= 3600:
        raise argparse.ArgumentTypeError("give between 0 and 3600 seconds")
    return value


def register(subparsers: Any) -> None:
    """Add `replay` to the `skald` command."""
    parser = subparsers.add_parser("replay", help="step through an exported game in the terminal")
    parser.add_argument("file", help="a game exported with /game export (JSON)")
    parser.add_argument("--auto", type=_seconds, metavar="SECONDS", default=None,
                        help="go on by itself, SECONDS between changes (default: Enter for each)")
    parser.set_defaults(handler=_replay)
