"""`skald replay FILE`: step through an exported game (docs/replays.md) in the terminal.

A finished game's export is rebuilt from its seed before anything is shown, so a file whose moves
no longer replay is refused at once; then each change shows its public lines and the table as
text. A game exported while running has no seed: its public lines are shown without a table.
Enter goes on, `b` goes back, `q` quits; `--auto SECONDS` goes on by itself.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.names import name_seats, result_line
from bot.replays import MOVE, GameLog, Rebuilt, ReplayError, read_export, rebuild, standing
from bot.terminal.console import CLEAR_SCREEN, Read, Write
from renderer.text import render_view, seat_name

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


def pages(log: GameLog, rebuilt: Rebuilt | None) -> list[Page]:
    """The start, one page per change, and the result (when the game is over)."""
    names = log.names
    total = len(log.changes)
    first = log.names_at(0)  # the seats as they were held at the start
    players = ", ".join(f"{seat_name(first, p.seat)}{f' (AI: {p.ai})' if p.ai else ''}" for p in log.players)
    opening: tuple[str, ...] = (f"{log.title}, {len(log.players)} players: {players}.",)
    if rebuilt is None:
        opening += ("Exported while the game was running: without its seed only the public lines can be shown.",)
    # The text pictures print engine texts (a task, an end reason) as they are: name their seats
    # too, as they were held after the change each shows.
    views = rebuilt.views if rebuilt else None
    marks = [0, *(change.state_id + 1 for change in log.changes)]
    tables = None if views is None else [name_seats(render_view(view, log.names_at(mark)), log.names_at(mark))
                                         for view, mark in zip(views, marks, strict=False)]
    result: list[Page] = [Page("Start", opening, None if tables is None else tables[0])]
    for index, change in enumerate(log.changes, start=1):
        held = log.names_at(change.state_id)  # each change names the seats as they were held then
        who = "" if change.seat is None else f" · {seat_name(held, change.seat)}"
        what = "" if change.kind == MOVE else f" ({change.kind})"
        lines = tuple(name_seats(line, held) for line in change.public)
        result.append(Page(f"Move {index} of {total}{who}{what}", lines, None if tables is None else tables[index]))
    outcome = rebuilt.outcome if rebuilt is not None else log.outcome
    if outcome is not None:
        told = [result_line(outcome, names)]
        if outcome.get("scores"):
            told.append("Scores: " + ", ".join(f"{seat_name(names, seat)} {score}"
                                                for seat, score in enumerate(outcome["scores"])))
        result.append(Page("Result", tuple(told), None))
    return result


def show(page: Page, write: Write, clear: str = "") -> None:
    write(f"{clear}── {page.heading} ──")
    for line in page.lines:
        write(line)
    if page.table is not None:
        write("")
        write(page.table)


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


def load(path: str) -> tuple[GameLog, Rebuilt | None]:
    """Read and rebuild an export; ReplayError or OSError say why it can't be shown."""
    log = read_export(Path(path).read_bytes())
    if log.seed is None:
        return log, None
    log = standing(log)  # moves taken back are not shown: the pages follow the rebuilt boards
    return log, rebuild(log)


def _replay(args: argparse.Namespace) -> int:
    try:
        log, rebuilt = load(args.file)
    except ReplayError as error:
        print(f"skald replay: {args.file}: {error.reason}", file=sys.stderr)
        return EXIT_REFUSED
    except OSError as error:
        print(f"skald replay: can't read {args.file}: {error.strerror or error}", file=sys.stderr)
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
