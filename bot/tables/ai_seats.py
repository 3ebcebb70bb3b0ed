"""The AI seats: which AI plays a seat now, and the tasks that play them.

A game whose AI seats (its own AI players, stand-ins for absent people, open seats) must act gets
one task, which plays them one move at a time until a person (or nobody) must act. An AI seat
thinks like a person: outside the game's lock, on a copy of the state it read (the thinking
processes get it encoded; a thread a clone), and submits its move through the gate with the state
id it thought on (`Play.ai_move`). A person's move, at this table or another, never waits for
its thinking. A move thought on a board that has moved on since is thought again (the board
stands for it, as for a person, when only other seats' moves of a simultaneous step passed it).
At most `slots` choices think at once, the servers taking turns for the slots, and never on the
event loop (bot/tables/thinking.py). The seed of each choice is fixed by the game, the seat and
the board its turn began on (`Gate.turn_began`: the same whether a person's sealed move of the
same step came first or not), but a choice within a time box may stop earlier on a busy machine
than an idle one, so a choice made again after a restart need not be the same: replays are exact
because the log keeps every move made, never because a choice is made again.

`stop` (a shutdown) ends every choice under way within one step of its search and drops it
unsubmitted: nothing is half-applied, and after the restart the seat thinks again where it was.
A move being committed when it comes finishes first.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import deque
from collections.abc import Awaitable, Callable

from bot import games
from bot.store import StateConflict
from bot.tables.table import Table
from bot.tables.thinking import FairSlots, InThread, Thinker
from engine.core import Move
from engine.errors import SkaldError

log = logging.getLogger(__name__)

# The gate's read of a game (no lock: the table as committed now), and when a seat's turn began.
Read = Callable[[int], Awaitable[Table]]
Began = Callable[[Table, int], Awaitable[int]]
# The move path of an AI seat's move: (game, seat, state id thought on, AI kind, move) -> applied,
# or False when the board or the seat moved on (think again).
Submit = Callable[[int, int, int, str, Move], Awaitable[bool]]


def ai_seed(seed: int, state_id: int, seat: int) -> int:
    """The seed an AI seat uses at a state (the AI seats: the state its turn began on)."""
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

    def __init__(self, read: Read, began: Began, *, concurrency: int = 4) -> None:
        self._read = read
        self._began = began
        self._submit: Submit | None = None
        self._slots = FairSlots(concurrency)
        thread = InThread()
        self._think: Thinker = thread
        self._stop_thinking: Callable[[], None] = thread.stop
        self.seconds = 1.0  # the CPU time a choice may take (the host's SKALD_AI_SECONDS in Discord)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._submitting: set[int] = set()  # games whose AI move is being committed (a stop lets it finish)
        self.stopped = False
        # The latest AI failures, for tests and diagnosis; bounded, as a bot runs for months.
        self.failures: deque[tuple[int, BaseException]] = deque(maxlen=100)

    def play_with(self, submit: Submit) -> None:
        """The move path the AI seats' moves take (the play service's `ai_move`, set where the
        services are composed: it stands on the gate that holds these seats)."""
        self._submit = submit

    def think_with(self, thinker: Thinker, *, stop: Callable[[], None] | None = None,
                   slots: int | None = None) -> None:
        """Where the AI seats' choices run (the adapter's: the bot's thinking processes); `stop`
        ends every choice under way; `slots`: how many think at once (as many as can run at once)."""
        self._think = thinker
        self._stop_thinking = stop or (lambda: None)
        if slots is not None:
            self._slots.slots = max(1, slots)

    def wake(self, table: Table) -> None:
        """Start the game's AI task if an AI seat must act and none is already on it."""
        if self.stopped or table.game_id in self._tasks or not ai_seats_to_move(table):
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

    async def stop(self) -> None:
        """Stop for good (a shutdown): no AI task starts again, every choice under way ends within
        one step of its search and is dropped unsubmitted, and a move being committed finishes.
        Returns once every AI task has ended."""
        self.stopped = True
        self._stop_thinking()
        for game_id, task in list(self._tasks.items()):
            if game_id not in self._submitting:
                task.cancel()
        await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def _run(self, game_id: int, guild_id: int) -> None:
        """Play the game's AI seats, one move at a time, until a human (or nobody) must act."""
        conflicts = 0
        try:
            while not self.stopped:
                # The slot first, then the table as it is then: a choice that waited its turn
                # thinks on the latest board.
                async with self._slots.slot(guild_id):
                    table = await self._read(game_id)
                    seats = ai_seats_to_move(table)
                    if not seats:
                        return
                    seat = seats[0]
                    kind = ai_of(table, seat)
                    assert kind is not None and table.row.seed is not None
                    state_id, state = table.row.state_id, table.state  # replaced together, never changed
                    # Seeded by the board its turn began on: the same seed whether a person's
                    # sealed move of the same step came before this read or after.
                    began = await self._began(table, seat)
                    if table.row.state_id != state_id:
                        continue  # it moved on while the log was read: read it again
                    seed = ai_seed(table.row.seed, began, seat)
                    move = await self._think(table.engine, state, seat, kind, seed, self.seconds)
                if self.stopped:
                    return  # cut short by the stop: dropped, and thought again after the restart
                assert self._submit is not None, "the play service sets the AI seats' move path"
                self._submitting.add(game_id)
                try:
                    await self._submit(game_id, seat, state_id, kind, move)  # False: think again
                    conflicts = 0
                except StateConflict:
                    # Another process committed first (its lock was lost): the game reloads, look again.
                    conflicts += 1
                    if conflicts > 3:
                        raise
                finally:
                    self._submitting.discard(game_id)
        except asyncio.CancelledError:
            if not self.stopped:
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
            # Forget this task in the same step that found nothing to do (no await in between),
            # so a move committed right after it can start a fresh task.
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]
