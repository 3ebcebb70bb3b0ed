"""Who is away from a server's games now (`/game away`), as the gate and the services ask it
while clocks start, stop and resume. The absences themselves are rows in the store
(absence.py starts and ends them); this keeps the current ones in memory."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import replace

from bot.store import Store
from bot.store.clocks import ClockWrites, TimerSpec
from bot.tables.table import Table

FRESH = 5.0  # seconds a shared store's list of absences is trusted (others may change it)
RESUME = "resume"  # timer kind: an absence ends for one seat of one game


class Absences:
    """The current absences, by (user, guild): loaded from the store on first use, and again
    after FRESH seconds on a shared store, where other processes add them."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        self._until: dict[tuple[int, int], float] | None = None
        self._read = 0.0

    async def until(self, user_id: int, guild_id: int) -> float | None:
        """When the user's absence from this server's games ends (None: not away)."""
        stale = self.store.shared and time.monotonic() - self._read > FRESH
        if self._until is None or stale:
            now = self.clock()
            self._read = time.monotonic()
            self._until = {(u, g): until for u, g, until in await self.store.clocks.current_absences(now)}
        until = self._until.get((user_id, guild_id))
        return until if until is not None and until > self.clock() else None

    async def note(self, user_id: int, guild_id: int, until: float | None) -> None:
        """This process started (`until`) or ended (None) the user's absence."""
        if self._until is None:
            await self.until(user_id, guild_id)
        assert self._until is not None
        if until is None:
            self._until.pop((user_id, guild_id), None)
        else:
            self._until[(user_id, guild_id)] = until

    async def mark(self, table: Table) -> None:
        """Which seats' people are away now (the thread shows it instead of their deadline)."""
        away = {}
        for seat in table.seats:
            if seat.user_id is not None:
                until = await self.until(seat.user_id, table.row.guild_id)
                if until is not None:
                    away[seat.seat] = until
        table.away = away

    async def paused(self, table: Table) -> set[int]:
        """Seats whose clock must not run now: all of a paused game, else those of people away."""
        if table.row.paused_at is not None:
            return {s.seat for s in table.seats}
        paused = set()
        for seat in table.seats:
            if seat.user_id is not None and await self.until(seat.user_id, table.row.guild_id) is not None:
                paused.add(seat.seat)
        return paused

    async def resumes(self, table: Table, writes: ClockWrites, people: Mapping[int, int] | None = None) -> ClockWrites:
        """A clock started paused because its player is away resumes when the absence ends
        (`people`: seats whose person is about to change, by seat)."""
        extra: list[TimerSpec] = []
        for clock in writes.clocks:
            user_id = (people or {}).get(clock.seat, table.seats[clock.seat].user_id)
            if clock.paused and table.row.paused_at is None and user_id is not None:
                until = await self.until(user_id, table.row.guild_id)
                if until is not None:
                    extra.append(TimerSpec(RESUME, clock.seat, until, clock.state_id))
        return replace(writes, timers=(*writes.timers, *extra)) if extra else writes
