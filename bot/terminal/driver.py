"""The one loop that plays a game in the terminal, for `skald demo` and `skald play`.

It drives a `TerminalTable`: a game held in memory (local.py) or saved through the table
service (saved.py). The table lets its AI seats move and tells their public lines; the loop
passes the device between the people at the keyboard, shows each their own view, reads their
moves (`?` lists them, a refusal names the rule) and, at the end, shows the table and the result.
A demo is the same loop with nobody at the keyboard.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from bot.terminal.console import Read, Screen, ask
from bot.terminal.text import printable
from engine.core import Move, OptionSpec, options_said
from engine.errors import SkaldError
from renderer.text import named, render_outcome, render_view, seat_name

JSON = dict[str, Any]

HUMAN = "human"  # the seat kind of a person at the keyboard (the others are AI kinds)
HELP_WORDS = frozenset({"?", "help", "moves"})
UNDO_WORD = "undo"
UNDO_HINT = "  (undo takes back your last move while it revealed nothing and nobody acted since)"
STOP_WORDS = frozenset({"quit", "exit"})
HINT = "Type '?' for your moves, 'quit' to stop."


class TerminalTable(Protocol):
    """A game as the driver plays it."""

    @property
    def heading(self) -> str:
        """The first line: the game, its players, where it is kept."""

    @property
    def people(self) -> int:
        """How many seats are played at this keyboard."""

    @property
    def stop_words(self) -> frozenset[str]:
        """What a person types to stop."""

    @property
    def stopped(self) -> str:
        """Said when a person stops, or Ctrl-C does."""

    @property
    def input_ended(self) -> str:
        """Said when the input runs out."""

    async def begin(self) -> None:
        """Start the AI seats (after the heading is shown)."""

    async def next_person(self, screen: Screen) -> int | None:
        """Let the AI seats move, their public lines told on `screen`; the seat a person must
        act for now, or None once the game is over (or the screen went away)."""

    async def turn(self, seat: int) -> tuple[JSON, Sequence[Move]]:
        """The seat's own view and its legal moves."""

    async def move(self, seat: int, text: str) -> list[tuple[str, bool]]:
        """Play the seat's move; its lines for the mover, each with whether it is private.
        Raises SkaldError with a reason a player can read."""

    async def undo(self, seat: int) -> list[tuple[str, bool]]:
        """Take back the seat's last move (docs/undo.md); lines as `move` gives them.
        Raises SkaldError with a reason a player can read."""

    async def final(self) -> tuple[JSON, JSON | None]:
        """The spectator view and the outcome (None if the game stopped before its end)."""


def heading(first: str, people: int, specs: Sequence[OptionSpec], options: Mapping[str, Any]) -> str:
    """A table's heading: `first` (the game, its players, where it is kept), the hint when someone
    plays at this keyboard, and a line with every option's value as it is typed."""
    text = f"{first}. {HINT}" if people else first
    said = options_said(specs, options)
    return f"{text}\nOptions: {said}" if said else text


def display_name(names: Sequence[str], seat: int) -> str:
    """The name given for `seat`, or "Player N" when none (or a blank one) was given."""
    given = names[seat].strip() if seat < len(names) else ""
    return given or f"Player {seat + 1}"


def move_menu(moves: Sequence[Move], room: int = 20) -> list[str]:
    """Legal moves for a terminal: one per line when few, else grouped by all but their last token."""
    if len(moves) <= room:
        return [m.text for m in moves]
    groups: dict[str, list[str]] = {}
    for move in moves:
        head, _, last = move.text.rpartition(" ")
        groups.setdefault(head, []).append(last)
    lines = []
    for head, lasts in groups.items():
        if all(last.isdigit() for last in lasts):
            lasts.sort(key=int)
        lines.append(f"{head} {' | '.join(lasts)}" if head else " | ".join(lasts))
    return lines


async def drive(table: TerminalTable, read: Read, screen: Screen, *, clear: str = "") -> JSON | None:
    """Play `table` to its end; the outcome, or None when a person stops first or the input ends.

    Raises BrokenPipeError once done when the output went away.
    """
    screen(table.heading)
    try:
        outcome = await _play(table, read, screen, clear)
    except EOFError:
        screen(table.input_ended)
        outcome = None
    except asyncio.CancelledError:  # Ctrl-C: asyncio.run cancels this, then raises KeyboardInterrupt
        screen(f"\n{table.stopped}")
        raise
    if screen.closed:
        raise BrokenPipeError("the output was closed")
    return outcome


async def _play(table: TerminalTable, read: Read, screen: Screen, clear: str) -> JSON | None:
    await table.begin()
    shown: int | None = None
    while (seat := await table.next_person(screen)) is not None and not screen.closed:
        if shown != seat and table.people > 1:
            screen("-" * 40, clear=clear)
            # Prompts name the person too, and are printed by `read`, not the screen.
            await ask(read, printable(f"Pass the device to {seat_name(screen.names, seat)} and press Enter. "))
        shown = seat
        if not await _person_moves(table, seat, read, screen):
            screen(table.stopped)
            return None
    if screen.closed:
        return None
    view, outcome = await table.final()
    board = render_view(view, screen.names)
    screen("")
    screen(board)
    if outcome is not None:
        screen("")
        screen(render_outcome(told_once(outcome, board, screen.names), screen.names))
    return outcome


def told_once(outcome: JSON, board: str, names: Sequence[str]) -> JSON:
    """The outcome to print under the final board: without its summary when the board (a game's
    text may end with the result) already has that line, so the result is said once."""
    summary = named(str(outcome.get("summary") or ""), names).strip()
    shown = {line.strip() for line in named(board, names).splitlines()}
    return {**outcome, "summary": ""} if summary and summary in shown else outcome


async def _person_moves(table: TerminalTable, seat: int, read: Read, screen: Screen) -> bool:
    """Ask until the seat's move is accepted; False when the person stops."""
    view, moves = await table.turn(seat)
    screen(render_view(view, screen.names))
    while True:
        text = (await ask(read, printable(f"{seat_name(screen.names, seat)}> "))).strip()
        if not text:
            continue
        if text.lower() in table.stop_words:
            return False
        if text.lower() in HELP_WORDS:
            screen("Your moves:\n" + "\n".join(f"  {line}" for line in move_menu(moves)) + "\n" + UNDO_HINT)
            continue
        try:
            lines = await (table.undo(seat) if text.lower() == UNDO_WORD else table.move(seat, text))
        except SkaldError as error:
            screen(f"Not allowed: {error.reason}")
            continue
        for line, private in lines:
            screen(f"  (only you) {line}" if private else line)
        return True
