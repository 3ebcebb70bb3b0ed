"""A terminal game held in memory: `skald demo` and `skald play` without a database.

The engine is called directly and nothing is saved; AI seats choose with one seed per move,
derived from the game's seed, so a demo is reproducible. `run_demo` and `run_hot_seat` take
their input and output as callables, so tests drive them and other front ends reuse them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.terminal.console import Read, Screen, Write
from bot.terminal.driver import HUMAN, JSON, STOP_WORDS, display_name, drive, heading
from engine.core import AIPlayer, Game, Move, Step
from engine.errors import BadOptions, IllegalMove

MAX_MOVES = 20000  # a demo of a game that never ends stops here


@dataclass
class Table:
    """One game being played: the engine, its state, who sits where, and the move log."""

    game: Game[Any]
    state: Any
    seed: int
    seats: list[AIPlayer[Any] | None]  # None = a person at the keyboard
    names: list[str]
    options: Mapping[str, Any] = field(default_factory=dict)  # as chosen; a missing one has its default
    log: list[tuple[int, str]] = field(default_factory=list)
    max_moves: int = MAX_MOVES
    # The last move with the state before it, while it may still be taken back.
    last: tuple[int, Any, Step[Any]] | None = None

    # A game in memory keeps no record a resignation could go in, so "resign" just stops it.
    stop_words = STOP_WORDS | {"resign"}
    stopped = input_ended = "Game stopped."

    @property
    def people(self) -> int:
        return sum(seat is None for seat in self.seats)

    @property
    def heading(self) -> str:
        players = len(self.seats)
        first = f"{self.game.title}, {players} player{'s' if players != 1 else ''}, seed {self.seed}"
        return heading(first, self.people, self.game.options(), self.options)

    def apply(self, seat: int, move: Move | str) -> Step[Any]:
        before = self.state
        step = self.game.apply(before, seat, move)
        # Read the text against the state it was played on, as `apply` did (a game may parse by state).
        played = move if isinstance(move, Move) else self.game.parse_move(before, seat, move.strip())
        self.last = (seat, before, step)
        self.state = step.state
        self.log.append((seat, played.text))
        return step

    def ai_move(self, seat: int) -> Step[Any]:
        player = self.seats[seat]
        assert player is not None
        # One seed per move, derived from the game seed, so a demo is reproducible.
        move = player.choose(self.state, seat, self.seed * 7919 + len(self.log))
        return self.apply(seat, move)

    # -- the driver's TerminalTable -----------------------------------------------------------
    async def begin(self) -> None:
        return None

    async def next_person(self, screen: Screen) -> int | None:
        while self.game.outcome(self.state) is None and len(self.log) < self.max_moves and not screen.closed:
            seat = min(self.game.to_move(self.state))
            if self.seats[seat] is None:
                return seat
            for event in self.ai_move(seat).events:
                if event.public:
                    screen(event.text)
            await asyncio.sleep(0)  # where Ctrl-C (a cancellation) reaches a demo
        return None

    async def turn(self, seat: int) -> tuple[JSON, Sequence[Move]]:
        return self.game.view(self.state, seat), self.game.legal_moves(self.state, seat)

    async def move(self, seat: int, text: str) -> list[tuple[str, bool]]:
        events = self.apply(seat, text).events
        return [(event.text, not event.public) for event in events if event.visible_to(seat)]

    async def undo(self, seat: int) -> list[tuple[str, bool]]:
        """The last move of the game, if it is this seat's and revealed nothing (docs/undo.md)."""
        if self.last is None or self.last[0] != seat:
            raise IllegalMove("You have no move to take back.")
        _, before, step = self.last
        if not self.game.undoable(before, seat, step):
            raise IllegalMove("Your last move drew or revealed something hidden, so it stands.")
        self.state, self.last = before, None
        self.log.pop()
        return [(f"{display_name(self.names, seat)} takes back their last move.", False)]

    async def final(self) -> tuple[JSON, JSON | None]:
        outcome = self.game.outcome(self.state)
        return self.game.view(self.state, None), None if outcome is None else outcome.to_dict()


def open_table(game: Game[Any], players: int, options: Mapping[str, Any], seed: int,
               kinds: Sequence[str], names: Sequence[str] = ()) -> Table:
    """Set a game up; `kinds` has one AI kind (or "human") per seat; missing names become "Player N"."""
    offered = game.ai_players()
    seats: list[AIPlayer[Any] | None] = []
    for kind in kinds:
        if kind == HUMAN:
            seats.append(None)
        elif kind in offered:
            seats.append(offered[kind])
        else:
            raise BadOptions(f"No AI called {kind!r} for {game.title}; choose from: {', '.join(offered)}.")
    state = game.setup(players, options, seed)
    return Table(game, state, seed, seats, [display_name(names, s) for s in range(players)], dict(options))


def run_demo(table: Table, write: Write) -> JSON | None:
    """Let the AI seats play to the end, printing the public log, the final table and the outcome."""
    return asyncio.run(drive(table, _no_input, Screen(write, table.names)))


def run_hot_seat(table: Table, read: Read, write: Write, clear: str = "") -> JSON | None:
    """A terminal game passed from hand to hand; AI seats move by themselves.

    Returns the outcome, or None when a player quits (or input ends) first.
    """
    return asyncio.run(drive(table, read, Screen(write, table.names), clear=clear))


def _no_input(prompt: str) -> str:
    raise EOFError  # a demo has nobody at the keyboard
