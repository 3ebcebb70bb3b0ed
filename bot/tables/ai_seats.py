"""The AI seats: which AI plays a seat now, and the tasks that play them.

A game whose AI seats (its own AI players, stand-ins for absent people, open seats) must act gets
one task, which plays them one move at a time through the service's own move path, under the
game's lock, until a person (or nobody) must act. At most `concurrency` AI moves are chosen at
once, the servers taking turns for the slots, and never on the event loop (bot/tables/thinking.py).
The seed of every AI choice is fixed by the game, so replays and restarts choose alike.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot import games
from bot.store import StateConflict
from bot.tables.table import Table
from bot.tables.thinking import FairSlots, Thinker, in_thread
from engine.core import Move
from engine.errors import SkaldError

log = logging.getLogger(__name__)

# The service's lock on a game (yielding its table) and its move path: (table, seat, move, stand_in).
Locked = Callable[[int], AbstractAsyncContextManager[Table]]
Play = Callable[[Table, int, Move, bool], Awaitable[Any]]


def ai_seed(seed: int, state_id: int, seat: int) -> int:
    """The seed an AI seat uses at a state: fixed by the game, so replays are exact."""
    digest = hashlib.blake2b(f"{seed}:{state_id}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def ai_of(table: Table, seat: int) -> str | None:
    """The AI kind that plays `seat` now: its own AI, its stand-in, or (an open seat) the
    game's strongest (its descriptor's); None when its person plays."""
    info = table.seats[seat]
    if info.ai is not None:
        return info.ai
    if info.stand_in is not None:
        return info.stand_in
    if info.user_id is None:
        return games.strongest_ai(table.engine.name)
    return None


def ai_seats_to_move(table: Table) -> list[int]:
    """Seats to act that an AI plays: AI seats, seats with a stand-in, open seats."""
    return [s for s in table.to_move() if ai_of(table, s) is not None]


class AISeats:
    """One task per game whose AI seats must act (see the module docstring)."""

    def __init__(self, locked: Locked, *, concurrency: int = 4) -> None:
        self._locked = locked
        self._play: Play | None = None
        self._slots = FairSlots(concurrency)
        self._think: Thinker = in_thread
        self.seconds = 1.0  # the CPU time a choice may take (the host's SKALD_AI_SECONDS in Discord)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        # The latest AI failures, for tests and diagnosis; bounded, as a bot runs for months.
        self.failures: deque[tuple[int, BaseException]] = deque(maxlen=100)

    def play_with(self, play: Play) -> None:
        """The move path the AI seats' moves take (the play service's, set where the services
        are composed: it stands on the gate that holds these seats)."""
        self._play = play

    def think_with(self, thinker: Thinker) -> None:
        """Where the AI seats' choices run (the adapter's: the bot's worker processes)."""
        self._think = thinker

    def wake(self, table: Table) -> None:
        """Start the game's AI task if an AI seat must act and none is already on it."""
        if table.game_id in self._tasks or not ai_seats_to_move(table):
            return
        self._tasks[table.game_id] = asyncio.create_task(self._run(table.game_id, table.row.guild_id),
                                                         name=f"skald-ai-{table.game_id}")

    def queued(self, guild_id: int | None = None) -> int:
        """AI seats waiting for a slot to think in (one server's, or all)."""
        return self._slots.waiting(guild_id)

    def busy(self, game_id: int) -> bool:
        """True while the game's AI seats have moves to make now."""
        return game_id in self._tasks

    async def settled(self, game_id: int, timeout: float) -> None:
        """Wait (at most `timeout` s) until the game's AI seats have made the moves due now."""
        task = self._tasks.get(game_id)
        if task is not None:
            await asyncio.wait({task}, timeout=timeout)

    async def drain(self) -> None:
        """Wait until no AI move is pending or running (AI moves may trigger further AI moves)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def _run(self, game_id: int, guild_id: int) -> None:
        """Play the game's AI seats, one move at a time, until a human (or nobody) must act."""
        conflicts = 0
        try:
            while True:
                try:
                    # The slot first: a person's move in this game never waits behind the queue.
                    async with self._slots.slot(guild_id), self._locked(game_id) as table:
                        seats = ai_seats_to_move(table)
                        if not seats:
                            return
                        seat = seats[0]
                        kind = ai_of(table, seat)
                        assert kind is not None and table.row.seed is not None
                        seed = ai_seed(table.row.seed, table.row.state_id, seat)
                        move = await self._think(table.engine, table.state, seat, kind, seed, self.seconds)
                        assert self._play is not None, "the play service sets the AI seats' move path"
                        await self._play(table, seat, move, table.seats[seat].ai is None)
                    conflicts = 0
                except StateConflict:
                    # Another process committed first (its lock was lost): the game reloads, look again.
                    conflicts += 1
                    if conflicts > 3:
                        raise
        except SkaldError as error:
            # The rules refused the AI's move: the reason may name the seat's hidden cards
            # (e.g. its face-down discard), so the log says only what kind of refusal it was.
            log.error("AI move refused in game %d (%s)", game_id, type(error).__name__)
            self.failures.append((game_id, error))
        except Exception as error:
            log.exception("AI move failed in game %d", game_id)
            self.failures.append((game_id, error))
        finally:
            # Forget this task in the same step that released the lock (no await in between),
            # so a move committed right after it can start a fresh task.
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]
