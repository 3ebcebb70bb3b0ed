"""Clocks, stand-ins, votes and absences in the store (asynchronous play, docs/async.md).

A mixin of `Store`. Clock changes are written with the change that causes them (the move's own
operation, see `Store.append_change`), so a committed move and its deadlines never disagree.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

import aiosqlite

from bot.holders import Holding
from bot.store.connection import Database
from bot.store.errors import DamagedRow
from bot.store.records import SeatClock, Vote
from bot.store.rows import HOLDER_COLUMNS, Row

log = logging.getLogger(__name__)

CLOCK_TIMERS = ("half", "tenth", "timeout", "resume")
CLOCK_COLUMNS = "seat, bank, started, allowed, deadline, remaining, state_id, turn_bank"


# The statements both stores run (PostgreSQL's side numbers the placeholders).
UPSERT_CLOCK = (f"INSERT INTO seat_clocks (game_id, {CLOCK_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, seat) DO UPDATE SET bank = excluded.bank, started = excluded.started, "
                "allowed = excluded.allowed, deadline = excluded.deadline, remaining = excluded.remaining, "
                "state_id = excluded.state_id, turn_bank = excluded.turn_bank")
GIVE_SEAT = ("UPDATE seats SET user_id = ?, name = ?, ai = NULL, stand_in = NULL, why = NULL "
             "WHERE game_id = ? AND seat = ?")


def clock_values(clock: SeatClock) -> tuple[object, ...]:
    return (clock.seat, clock.bank, clock.started, clock.allowed, clock.deadline, clock.remaining, clock.state_id,
            clock.turn_bank)


def clock_row(row: Row, game_id: int = 0) -> SeatClock:
    """A row of CLOCK_COLUMNS as a clock; DamagedRow when a time is not a number (SQLite keeps
    whatever was written in a REAL column)."""
    def time(index: int) -> float | None:
        return None if row[index] is None else float(row[index])

    try:
        return SeatClock(seat=int(row[0]), bank=float(row[1]), started=time(2), allowed=time(3), deadline=time(4),
                         remaining=time(5), state_id=int(row[6]), turn_bank=time(7))
    except (ValueError, TypeError) as error:
        raise DamagedRow(game_id, f"seat_clocks (seat {row[0]})", error) from error


@dataclass(frozen=True)
class TimerSpec:
    """A timer to set: `kind` for `seat` of the game, due at `due_at`, for the turn begun at `state_id`."""

    kind: str
    seat: int
    due_at: float
    state_id: int


@dataclass(frozen=True)
class ClockWrites:
    """What a change does to a game's clocks: seats' clocks to store, timers of seats to clear
    (every clock timer of theirs), timers to set."""

    clocks: Sequence[SeatClock] = ()
    cleared: Sequence[int] = ()
    timers: Sequence[TimerSpec] = ()

    def __bool__(self) -> bool:
        return bool(self.clocks or self.cleared or self.timers)


async def write_clocks(db: aiosqlite.Connection, game_id: int, writes: ClockWrites) -> None:
    """Inside a write operation: store clocks, clear and set their timers."""
    for clock in writes.clocks:
        await db.execute(
UPSERT_CLOCK, (game_id, *clock_values(clock)))
    for seat in writes.cleared:
        await db.execute(
            f"DELETE FROM timers WHERE space = 'game' AND game_id = ? AND seat = ? "
            f"AND kind IN ({', '.join('?' for _ in CLOCK_TIMERS)})",
            (game_id, seat, *CLOCK_TIMERS))
    for timer in writes.timers:
        await db.execute(
            "INSERT INTO timers (game_id, kind, seat, due_at, state_id) VALUES (?, ?, ?, ?, ?) "
            "ON CONFLICT (space, game_id, kind, seat) DO UPDATE SET due_at = excluded.due_at, "
            "state_id = excluded.state_id", (game_id, timer.kind, timer.seat, timer.due_at, timer.state_id))


@dataclass(frozen=True)
class SeatStandIn:
    """A change puts an AI stand-in on a seat (`stand_in`, None: takes it off); `why` says since
    what; `release_player` empties the seat (it is open until someone is given it)."""

    seat: int
    stand_in: str | None
    why: str | None
    release_player: bool = False


@dataclass(frozen=True)
class VotesCleared:
    """A change forgets the table's vote about a seat (and its closing timer)."""

    seat: int


@dataclass(frozen=True)
class SeatGiven:
    """A change seats a person at an open or stood-in seat (the host's `/game seat`)."""

    seat: int
    user_id: int
    name: str


@dataclass(frozen=True)
class HolderSeated:
    """A change seats a new holder: one more holding in the seat's history (bot/holders.py)."""

    holding: Holding


# Writes a change brings beside its log row and clocks, committed with it (`append_change`).
SeatWrite = SeatStandIn | VotesCleared | SeatGiven | HolderSeated

INSERT_HOLDER = f"INSERT INTO seat_holders (game_id, {HOLDER_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"


def holder_values(game_id: int, holding: Holding) -> tuple[object, ...]:
    return (game_id, holding.seat, holding.since, holding.name, holding.why, holding.user_id, holding.ai,
            holding.for_user)


async def write_seat(db: aiosqlite.Connection, game_id: int, write: SeatWrite) -> None:
    """Inside a write operation: one seat write of a change."""
    if isinstance(write, VotesCleared):
        await db.execute("DELETE FROM table_votes WHERE game_id = ? AND seat = ?", (game_id, write.seat))
        await db.execute("DELETE FROM timers WHERE space = 'game' AND game_id = ? AND seat = ? AND kind = 'vote'",
                         (game_id, write.seat))
    elif isinstance(write, HolderSeated):
        await db.execute(INSERT_HOLDER, holder_values(game_id, write.holding))
    elif isinstance(write, SeatGiven):
        await db.execute(GIVE_SEAT, (write.user_id, write.name, game_id, write.seat))
    elif write.release_player:
        await db.execute("UPDATE seats SET stand_in = ?, why = ?, user_id = NULL WHERE game_id = ? AND seat = ?",
                         (write.stand_in, write.why, game_id, write.seat))
    else:
        await db.execute("UPDATE seats SET stand_in = ?, why = ? WHERE game_id = ? AND seat = ?",
                         (write.stand_in, write.why, game_id, write.seat))


class ClockStore:
    """Seat clocks, stand-ins, votes and absences."""

    _db: Database

    async def clocks(self, game_id: int) -> dict[int, SeatClock]:
        rows = await self._db.fetchall(f"SELECT {CLOCK_COLUMNS} FROM seat_clocks WHERE game_id = ?", (game_id,))
        return {int(r[0]): clock_row(r, game_id) for r in rows}

    async def clocks_of(self, game_ids: Sequence[int]) -> dict[int, dict[int, SeatClock]]:
        """The clocks of several games at once (listings, `/game mine`)."""
        found: dict[int, dict[int, SeatClock]] = {g: {} for g in game_ids}
        for start in range(0, len(game_ids), 500):
            chunk = list(game_ids[start:start + 500])
            rows = await self._db.fetchall(
                f"SELECT game_id, {CLOCK_COLUMNS} FROM seat_clocks WHERE game_id IN ({', '.join('?' for _ in chunk)})",
                chunk)
            for r in rows:
                try:
                    found[int(r[0])][int(r[1])] = clock_row(r[1:], int(r[0]))
                except DamagedRow as damaged:  # a listing: left out (loading that game sets it aside)
                    log.warning("%s", damaged)
        return found

    async def set_clocks(self, game_id: int, writes: ClockWrites) -> None:
        async def op(db: aiosqlite.Connection) -> None:
            await write_clocks(db, game_id, writes)

        await self._db.write(op)

    # -- seats of running games ---------------------------------------------------------------
    async def set_stand_in(self, game_id: int, seat: int, stand_in: str | None, why: str | None,
                           release_player: bool = False) -> None:
        """An AI stands in for the seat's person (or no longer: None); `release_player` empties
        the seat (it is open until someone is given it)."""
        write = SeatStandIn(seat, stand_in, why, release_player)

        async def op(db: aiosqlite.Connection) -> None:
            await write_seat(db, game_id, write)

        await self._db.write(op)

    # -- votes -------------------------------------------------------------------------------
    async def cast_vote(self, game_id: int, seat: int, voter: int, choice: str, now: float) -> None:
        async def op(db: aiosqlite.Connection) -> None:
            await db.execute(
                "INSERT INTO table_votes (game_id, seat, voter, choice, voted_at) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (game_id, seat, voter) DO UPDATE "
                "SET choice = excluded.choice, voted_at = excluded.voted_at",
                (game_id, seat, voter, choice, now))

        await self._db.write(op)

    async def votes(self, game_id: int, seat: int) -> list[Vote]:
        rows = await self._db.fetchall(
            "SELECT voter, choice, voted_at FROM table_votes WHERE game_id = ? AND seat = ? ORDER BY voted_at",
            (game_id, seat))
        return [Vote(voter=r[0], choice=r[1], voted_at=r[2]) for r in rows]

    async def clear_votes(self, game_id: int, seat: int) -> None:
        async def op(db: aiosqlite.Connection) -> None:
            await write_seat(db, game_id, VotesCleared(seat))

        await self._db.write(op)

    # -- absences ----------------------------------------------------------------------------
    async def start_absence(self, user_id: int, guild_id: int, now: float, until: float) -> None:
        async def op(db: aiosqlite.Connection) -> None:
            await db.execute("INSERT OR REPLACE INTO absences (user_id, guild_id, started, until) VALUES (?, ?, ?, ?)",
                             (user_id, guild_id, now, until))

        await self._db.write(op)

    async def end_absence(self, user_id: int, guild_id: int, now: float) -> None:
        async def op(db: aiosqlite.Connection) -> None:
            await db.execute("UPDATE absences SET ended = ? WHERE user_id = ? AND guild_id = ? AND until > ? "
                             "AND ended IS NULL", (now, user_id, guild_id, now))

        await self._db.write(op)

    async def absences(self, user_id: int, guild_id: int, since: float) -> list[tuple[float, float]]:
        """(start, end) of the user's absences in the server ending after `since` (end: the
        earlier of its planned end and when they came back)."""
        rows = await self._db.fetchall(
            "SELECT started, COALESCE(ended, until) FROM absences WHERE user_id = ? AND guild_id = ? "
            "AND COALESCE(ended, until) > ? ORDER BY started", (user_id, guild_id, since))
        return [(float(r[0]), float(r[1])) for r in rows]

    async def take_absence_end(self, user_id: int, guild_id: int, until: float) -> bool:
        async def op(db: aiosqlite.Connection) -> bool:
            cursor = await db.execute("UPDATE absences SET told = 1 WHERE user_id = ? AND guild_id = ? AND until = ? "
                                      "AND told = 0", (user_id, guild_id, until))
            return cursor.rowcount == 1

        return await self._db.write(op)

    async def current_absences(self, now: float) -> list[tuple[int, int, float]]:
        """(user, guild, until) of everyone away now."""
        rows = await self._db.fetchall(
            "SELECT user_id, guild_id, until FROM absences WHERE until > ? AND ended IS NULL", (now,))
        return [(int(r[0]), int(r[1]), float(r[2])) for r in rows]
