"""The table service: every game's lifecycle, independent of Discord. See docs/tables.md.

Every change of a game goes through one gate (gate.py: the game's lock, the cache, the state-id
check, the commit, the telling). The services stand on it, each owning one part of a game's
life, and are composed here, the one place that wires them and the timers they handle:

- `lobby` (lobby.py): opening a table, seats taken and left, AI seats, the start, calling off;
- `play` (play.py): moves (a person's or an AI seat's), resigning, abandoning;
- `seating` (seating.py): who plays each seat of a running game, their clocks, stand-ins,
  pauses and the table's vote;
- `absence` (absence.py): a person away from a server's games, and back;
- `undo` (undo.py): taking a move back;
- `servers` (servers.py): a server's settings and what it knows of its people;
- `records` (records.py): results, ratings and team records;
- `tournaments` (tournaments/): events of many tables, from sign-up to champion.

`Tables` itself reads games (looking.py) and opens, starts and closes the whole.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from bot.notify import Notifier
from bot.store import Store, open_store
from bot.store.keys import Space
from bot.store.records import Timer
from bot.store.tournaments import TOURNAMENT_TIMER
from bot.tables.absence import Absence
from bot.tables.ai_seats import ai_seed
from bot.tables.away import RESUME
from bot.tables.digest import DIGEST, Digests
from bot.tables.errors import GameUnavailable
from bot.tables.gate import GameLookup, Gate
from bot.tables.lobby import LOBBY_EXPIRY, Lobby
from bot.tables.looking import Looking
from bot.tables.play import Play
from bot.tables.records import Records
from bot.tables.seating import MORNING, REMINDERS, Seating
from bot.tables.servers import Servers
from bot.tables.tournaments import Tournaments
from bot.tables.types import RUNNING
from bot.tables.undo import Undo
from engine import registry

__all__ = ["Tables", "ai_seed"]

log = logging.getLogger(__name__)

T = TypeVar("T", bound="Tables")


class Tables(Looking):
    """Create, seat, start, play and end games; tell the attached adapters after each commit."""

    def __init__(self, store: Store, *, cache_size: int = 256, snapshot_every: int = 25,
                 clock: Callable[[], float] | None = None, ai_concurrency: int = 4,
                 games: GameLookup = registry.get, seeds: Callable[[], int] | None = None) -> None:
        gate = Gate(store, cache_size=cache_size, snapshot_every=snapshot_every, clock=clock,
                    ai_concurrency=ai_concurrency, games=games, seeds=seeds)
        super().__init__(gate)
        self.store = store
        self.servers = Servers(gate)
        self.lobby = Lobby(gate, self.servers)
        self.seating = Seating(gate)
        self.digests = Digests(gate, self)  # the digest people's one DM every few hours (`/notify how digest`)
        self.play = Play(gate, self.seating)
        self.absence = Absence(gate, self.seating, self.servers, self)
        self.undo = Undo(gate)
        self.records = Records(store, games)  # results, ratings and team records (docs/records.md)
        self.tournaments = Tournaments(gate, self.lobby, self.play, self.seating, self.servers, self.records)
        gate.publisher.attach(self.tournaments.director)  # a tournament table's game ending wakes its event
        # The parts the adapters use directly: the AI seats, the timers, the announcement outbox.
        self.ai, self.scheduler, self.outbox = gate.ai, gate.scheduler, gate.outbox
        gate.ai.play_with(self.play.ai_move)
        self.scheduler.handle(LOBBY_EXPIRY, self.lobby.on_expiry)
        for kind in REMINDERS:
            self.scheduler.handle(kind, self.seating.on_reminder)
        self.scheduler.handle(MORNING, self._morning)
        self.scheduler.handle(DIGEST, self.digests.on_digest)
        self.scheduler.handle("timeout", self.seating.on_timeout)
        self.scheduler.handle("vote", self.seating.on_vote_end)
        self.scheduler.handle(RESUME, self.absence.on_resume)
        self.scheduler.handle(TOURNAMENT_TIMER, self.tournaments.director.on_timer)

    async def _morning(self, timer: Timer) -> None:
        """A person's quiet hours ended: one summary (the person's timer); a game's own morning
        timer, set before the summary was built, tells of that game alone."""
        if timer.space == Space.PERSON:
            await self.digests.on_morning(timer)
        else:
            await self.seating.on_morning(timer)

    @classmethod
    async def open(cls: type[T], db_path: str | Path, *, cache_size: int = 256, snapshot_every: int = 25,
                   clock: Callable[[], float] | None = None, ai_concurrency: int = 4,
                   games: GameLookup = registry.get, seeds: Callable[[], int] | None = None) -> T:
        """Open (and migrate) the database `db_path` names (an SQLite file, or a PostgreSQL URL)
        and serve its games."""
        store = await open_store(db_path)
        return cls(store, cache_size=cache_size, snapshot_every=snapshot_every, clock=clock,
                   ai_concurrency=ai_concurrency, games=games, seeds=seeds)

    def attach(self, notifier: Notifier) -> None:
        self.gate.publisher.attach(notifier)

    def detach(self, notifier: Notifier) -> None:
        self.gate.publisher.detach(notifier)

    async def resume(self) -> None:
        """After a restart: set the AI seats of every running game back to work.

        Call it once the notifiers are attached, so they hear those moves. (A game whose AI
        must act also resumes by itself the first time anything loads it.) Each game on its
        own: one that can't be loaded is set aside, and the others still resume."""
        for row, seats in await self.store.games.games(statuses=(RUNNING,)):
            if not any(seat.ai is not None or seat.stand_in is not None or seat.user_id is None for seat in seats):
                continue
            try:
                async with self.gate.locked(row.id) as table:
                    self.ai.wake(table)
            except GameUnavailable:
                continue  # set aside, and logged, by the load
            except Exception:
                log.exception("game %d could not resume; the other games go on", row.id)
        await self.tournaments.director.resume()

    async def drain(self) -> None:
        """Wait until no AI move is pending or running (AI moves may trigger further AI moves)."""
        await self.ai.drain()

    async def close(self) -> None:
        """Stop the timers and the AI seats (a choice under way is dropped, a move being committed
        finishes: `AISeats.stop`), then close the database. AI seats left to act think again
        where they were after the next start (`resume`); `drain` first to let them play on."""
        await self.scheduler.drain()
        await self.ai.stop()
        await self.store.close()
