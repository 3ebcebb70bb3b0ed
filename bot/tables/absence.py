"""Absence: `/game away` pauses a person's clocks in a server's games for some days; `/game
back`, or the days running out, ends it (docs/async.md).

The table sees it: each of their running games logs that they are away (a public line, and the
thread's status shows "away until …" instead of a deadline) and that they are back. Their clocks
keep the seconds they had; a clock that starts meanwhile starts paused. When the days run out,
the person is told once by DM, whatever the number of games it paused.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.holders import OPEN
from bot.kinds import ChangeKind
from bot.store.clocks import ClockWrites, TimerSpec
from bot.store.records import Timer
from bot.tables import clocks
from bot.tables.away import RESUME
from bot.tables.errors import TableError
from bot.tables.gate import Change, Gate
from bot.tables.looking import Looking
from bot.tables.seating import Seating
from bot.tables.servers import Servers
from bot.tables.settings import AWAY_WINDOW_DAYS
from bot.tables.table import Table
from bot.tables.types import RUNNING
from engine.core import seat_label


class TooLongAway(TableError):
    """An absence beyond the server's cap."""


class Absence:
    """A person away from a server's games, and back, over the gate."""

    def __init__(self, gate: Gate, seating: Seating, servers: Servers, looking: Looking) -> None:
        self.gate = gate
        self.seating = seating
        self.servers = servers
        self.looking = looking

    async def away(self, user_id: int, guild_id: int, days: float) -> float:
        """Pause the user's clocks in this server's games for `days`; returns when it ends.

        A server caps the days taken per 90 (`away_days`)."""
        settings = await self.servers.settings(guild_id)
        store = self.gate.store
        now = self.gate.clock()
        if days <= 0:
            raise TooLongAway("Say for how many days (at least one).")
        since = now - AWAY_WINDOW_DAYS * clocks.DAY
        spans = await store.clocks.absences(user_id, guild_id, since)
        taken = sum(min(end, now) - max(start, since) for start, end in spans) / clocks.DAY
        if taken + days > settings.away_days + 1e-9:
            left = max(0.0, settings.away_days - taken)
            raise TooLongAway(f"This server allows {settings.away_days} days away per {AWAY_WINDOW_DAYS}; you have "
                              f"{left:.0f} left.")
        until = now + days * clocks.DAY
        await store.clocks.start_absence(user_id, guild_id, now, until)
        await self.gate.absences.note(user_id, guild_id, until)
        for info in await self.looking.running_games_of(user_id, guild_id):
            async with self.gate.locked(info.game_id) as table:
                seat = table.seat_of(user_id)
                if table.row.status != RUNNING or seat is None or table.seats[seat].stand_in is not None:
                    continue  # an AI plays their seat: their absence changes nothing there
                paused = [clocks.pause(c, now) for c in (table.clocks.get(seat),) if c is not None and c.running]
                # The resume timer also tells the table when they are back, clock or no clock.
                writes = ClockWrites(paused, [seat] if paused else [],
                                     [TimerSpec(RESUME, seat, until, table.row.state_id + 1)])
                line = f"{seat_label(seat)} is away until <t:{until:.0f}:f>; their clock waits."
                await self.seating.act(table, Change.action(table, ChangeKind.AWAY, seat, line, user_id=user_id,
                                                            clock_writes=writes),
                                       then=_noting_away(table, seat, until))
        return until

    async def back(self, user_id: int, guild_id: int) -> list[int]:
        """Come back: the absence ends, paused clocks run again, and stand-ins hand the user's
        seats back. Returns the games where something changed."""
        changed: list[int] = []
        now = self.gate.clock()
        was_away = await self.gate.absences.until(user_id, guild_id) is not None
        if was_away:
            await self.gate.store.clocks.end_absence(user_id, guild_id, now)
            await self.gate.absences.note(user_id, guild_id, None)
        for info in await self.looking.running_games_of(user_id, guild_id):
            seat = info.seat_of(user_id)
            if seat is None:
                continue
            if info.seats[seat].stand_in is not None and info.seats[seat].why != OPEN:
                await self.seating.come_back(info.game_id, user_id)
                changed.append(info.game_id)
                continue
            if not was_away:
                continue
            async with self.gate.locked(info.game_id) as table:
                if table.row.status == RUNNING:
                    await self._back_from_absence(table, seat, now)
                    changed.append(info.game_id)
        return changed

    async def _back_from_absence(self, table: Table, seat: int, at: float) -> None:
        """Log that the seat's person is back: their clock runs again from `at` (unless the game
        is paused), and the resume timer goes."""
        resumed = await self.seating.resume_clocks(table, {seat}, at=at)
        timers = list(resumed.timers)
        clock = table.clocks.get(seat)
        if not resumed.clocks and clock is not None and clock.running:  # its timers go with the resume timer:
            timers = clocks.timers(clock, self.gate.clock())           # set them again
        writes = ClockWrites(resumed.clocks, [seat], timers)
        line = f"{seat_label(seat)} is back from their absence; their clock runs again."
        change = Change.action(table, ChangeKind.AWAY_END, seat, line, user_id=table.seats[seat].user_id,
                               clock_writes=writes)
        await self.seating.act(table, change, then=_noting_away(table, seat, None))

    async def on_resume(self, timer: Timer) -> None:
        """An absence ended for one seat: the table is told, its clock runs again (if nothing else
        keeps it paused) from when the absence ended, and the person hears of it once."""
        async with self.gate.locked(timer.game_id) as table:
            if table.row.status != RUNNING:
                return
            user_id = table.seats[timer.seat].user_id
            if user_id is None or table.seats[timer.seat].stand_in is not None:
                return
            if await self.gate.absences.until(user_id, table.row.guild_id) is not None:
                return  # away longer now: a later timer speaks for the new end
            await self._back_from_absence(table, timer.seat, timer.due_at)
            if await self.gate.store.clocks.take_absence_end(user_id, table.row.guild_id, timer.due_at):
                await self.seating.notify(table, "absence_over", timer.seat, user_id=user_id, deadline=timer.due_at)


def _noting_away(table: Table, seat: int, until: float | None) -> Callable[[], None]:
    """What an absence's change does to the cached table once committed: the seat is away until
    `until` (None: no longer away)."""
    def note() -> None:
        if until is None:
            table.away.pop(seat, None)
        else:
            table.away[seat] = until
    return note
