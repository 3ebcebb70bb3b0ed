"""Clocks and timers in the store (asynchronous play, docs/async.md): seats' clocks, stand-ins,
the table's votes, absences, and every absolute due time (`timers`, in key spaces).

Clock changes are written with the change that causes them (the move's own operation, see
`GameStore.append_change`), so a committed move and its deadlines never disagree.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

import sqlalchemy as sa

from bot.holders import Holding
from bot.store.database import Database
from bot.store.errors import DamagedRow
from bot.store.grouping import Sql
from bot.store.keys import Space
from bot.store.records import SeatClock, Timer, Vote
from bot.store.rows import Row, timer_row
from bot.store.schema import absences, seat_clocks, seat_holders, seats, table_votes, timers
from bot.store.statements import Upsert, chunks, columns, p

log = logging.getLogger(__name__)

CLOCK_TIMERS = ("half", "tenth", "timeout", "resume")
CLOCK_COLUMNS = "seat, bank, started, allowed, deadline, remaining, state_id, turn_bank"
TIMER_COLUMNS = "game_id, kind, seat, due_at, state_id, space"
HOLDER_COLUMNS = "seat, since, name, why, user_id, ai, for_user"

_CLOCK = ("game_id", "seat")
_UPSERT_CLOCK = Upsert(seat_clocks, _CLOCK, [c.strip() for c in CLOCK_COLUMNS.split(",")][1:])
_UPSERT_TIMER = Upsert(timers, ("space", "game_id", "kind", "seat"), ("due_at", "state_id"))
_CLEAR_CLOCK_TIMERS = sa.delete(timers).where(timers.c.space == Space.GAME, timers.c.game_id == p("game_id"),
                                              timers.c.seat == p("seat"),
                                              sa.or_(*(timers.c.kind == kind for kind in CLOCK_TIMERS)))
_TIMER_AS_IS = sa.and_(timers.c.space == p("space"), timers.c.game_id == p("game_id"), timers.c.kind == p("kind"),
                       timers.c.seat == p("seat"))
_TAKE_TIMER = sa.delete(timers).where(_TIMER_AS_IS, timers.c.due_at == p("due_at"),
                                      timers.c.state_id == p("state_id"))
_TIMER = sa.select(*columns(timers, TIMER_COLUMNS)).where(_TIMER_AS_IS)
_NEXT_DUE = sa.select(sa.func.min(timers.c.due_at))
_DUE = (sa.select(*columns(timers, TIMER_COLUMNS)).where(timers.c.due_at <= p("now"))
        .order_by(timers.c.due_at).limit(p("limit")))
_CLOCKS = sa.select(*columns(seat_clocks, CLOCK_COLUMNS)).where(seat_clocks.c.game_id == p("game_id"))
_CLOCKS_OF = sa.select(seat_clocks.c.game_id, *columns(seat_clocks, CLOCK_COLUMNS)).where(
    seat_clocks.c.game_id.in_(sa.bindparam("ids", expanding=True)))
# An UPDATE sets the columns its parameters name (SQLAlchemy's way): a parameter of its WHERE is
# never named after a column of its table (`..._is`).
_SEAT = sa.update(seats).where(seats.c.game_id == p("game_id_is"), seats.c.seat == p("seat_is"))
_GIVE_SEAT = _SEAT.values(ai=None, stand_in=None, why=None)
_RELEASE_SEAT = _SEAT.values(user_id=None)
_VOTES_OF = sa.and_(table_votes.c.game_id == p("game_id"), table_votes.c.seat == p("seat"))
_CLEAR_VOTES = sa.delete(table_votes).where(_VOTES_OF)
_CLEAR_VOTE_TIMER = sa.delete(timers).where(timers.c.space == Space.GAME, timers.c.game_id == p("game_id"),
                                            timers.c.seat == p("seat"), timers.c.kind == "vote")
_VOTES = sa.select(table_votes.c.voter, table_votes.c.choice, table_votes.c.voted_at).where(_VOTES_OF).order_by(
    table_votes.c.voted_at)
_UPSERT_VOTE = Upsert(table_votes, ("game_id", "seat", "voter"), ("choice", "voted_at"))
INSERT_HOLDER = sa.insert(seat_holders)
_START_ABSENCE = Upsert(absences, ("user_id", "guild_id", "started"), ("until", "ended", "told"))
_ABSENCE_OF = sa.and_(absences.c.user_id == p("user_id"), absences.c.guild_id == p("guild_id"))
_ABSENCE_IS = sa.and_(absences.c.user_id == p("user_id_is"), absences.c.guild_id == p("guild_id_is"))
_END_ABSENCE = sa.update(absences).where(_ABSENCE_IS, absences.c.until > p("now"), absences.c.ended.is_(None)).values(
    ended=p("now"))
_ABSENCE_END = sa.func.coalesce(absences.c.ended, absences.c.until)
_ABSENCES = sa.select(absences.c.started, _ABSENCE_END).where(_ABSENCE_OF, p("since") < _ABSENCE_END).order_by(
    absences.c.started)
_TAKE_ABSENCE_END = sa.update(absences).where(_ABSENCE_IS, absences.c.until == p("until_is"),
                                              absences.c.told == sa.false()).values(told=True)
_CURRENT_ABSENCES = sa.select(absences.c.user_id, absences.c.guild_id, absences.c.until).where(
    absences.c.until > p("now"), absences.c.ended.is_(None))


def clock_values(clock: SeatClock) -> dict[str, object]:
    return {"seat": clock.seat, "bank": clock.bank, "started": clock.started, "allowed": clock.allowed,
            "deadline": clock.deadline, "remaining": clock.remaining, "state_id": clock.state_id,
            "turn_bank": clock.turn_bank}


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


def write_clocks(conn: Sql, game_id: int, writes: ClockWrites) -> None:
    """Inside a write operation: store clocks, clear and set their timers."""
    if writes.clocks:
        conn.execute(_UPSERT_CLOCK(conn), [{"game_id": game_id, **clock_values(c)} for c in writes.clocks])
    if writes.cleared:
        conn.execute(_CLEAR_CLOCK_TIMERS, [{"game_id": game_id, "seat": seat} for seat in writes.cleared])
    if writes.timers:
        conn.execute(_UPSERT_TIMER(conn), [{"space": Space.GAME, "game_id": game_id, "kind": t.kind, "seat": t.seat,
                                            "due_at": t.due_at, "state_id": t.state_id} for t in writes.timers])


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


def holder_values(game_id: int, holding: Holding) -> dict[str, object]:
    return {"game_id": game_id, "seat": holding.seat, "since": holding.since, "name": holding.name,
            "why": holding.why, "user_id": holding.user_id, "ai": holding.ai, "for_user": holding.for_user}


def write_seat(conn: Sql, game_id: int, write: SeatWrite) -> None:
    """Inside a write operation: one seat write of a change."""
    if isinstance(write, VotesCleared):
        conn.execute(_CLEAR_VOTES, {"game_id": game_id, "seat": write.seat})
        conn.execute(_CLEAR_VOTE_TIMER, {"game_id": game_id, "seat": write.seat})
    elif isinstance(write, HolderSeated):
        conn.execute(INSERT_HOLDER, holder_values(game_id, write.holding))
    elif isinstance(write, SeatGiven):
        conn.execute(_GIVE_SEAT, {"user_id": write.user_id, "name": write.name, "game_id_is": game_id,
                                  "seat_is": write.seat})
    else:
        conn.execute(_RELEASE_SEAT if write.release_player else _SEAT,
                     {"stand_in": write.stand_in, "why": write.why, "game_id_is": game_id, "seat_is": write.seat})


class ClockStore:
    """Seat clocks, stand-ins, votes, absences and timers."""

    def __init__(self, db: Database) -> None:
        self._db = db

    async def clocks(self, game_id: int) -> dict[int, SeatClock]:
        rows = await self._db.read(lambda conn: conn.execute(_CLOCKS, {"game_id": game_id}).all())
        return {int(r[0]): clock_row(r, game_id) for r in rows}

    async def clocks_of(self, game_ids: Sequence[int]) -> dict[int, dict[int, SeatClock]]:
        """The clocks of several games at once (listings, `/game mine`)."""
        def op(conn: Sql) -> list[Row]:
            return [r for chunk in chunks(game_ids) for r in conn.execute(_CLOCKS_OF, {"ids": chunk}).all()]

        found: dict[int, dict[int, SeatClock]] = {g: {} for g in game_ids}
        for r in await self._db.read(op) if game_ids else []:
            try:
                found[int(r[0])][int(r[1])] = clock_row(r[1:], int(r[0]))
            except DamagedRow as damaged:  # a listing: left out (loading that game sets it aside)
                log.warning("%s", damaged)
        return found

    async def set_clocks(self, game_id: int, writes: ClockWrites) -> None:
        await self._db.write(lambda conn: write_clocks(conn, game_id, writes))

    # -- seats of running games ---------------------------------------------------------------
    async def set_stand_in(self, game_id: int, seat: int, stand_in: str | None, why: str | None,
                           release_player: bool = False) -> None:
        """An AI stands in for the seat's person (or no longer: None); `release_player` empties
        the seat (it is open until someone is given it)."""
        write = SeatStandIn(seat, stand_in, why, release_player)
        await self._db.write(lambda conn: write_seat(conn, game_id, write))

    # -- votes -------------------------------------------------------------------------------
    async def cast_vote(self, game_id: int, seat: int, voter: int, choice: str, now: float) -> None:
        await self._db.write(lambda conn: conn.execute(_UPSERT_VOTE(conn), {
            "game_id": game_id, "seat": seat, "voter": voter, "choice": choice, "voted_at": now}))

    async def votes(self, game_id: int, seat: int) -> list[Vote]:
        rows = await self._db.read(lambda conn: conn.execute(_VOTES, {"game_id": game_id, "seat": seat}).all())
        return [Vote(voter=r[0], choice=r[1], voted_at=r[2]) for r in rows]

    async def clear_votes(self, game_id: int, seat: int) -> None:
        await self._db.write(lambda conn: write_seat(conn, game_id, VotesCleared(seat)))

    # -- absences ----------------------------------------------------------------------------
    async def start_absence(self, user_id: int, guild_id: int, now: float, until: float) -> None:
        await self._db.write(lambda conn: conn.execute(_START_ABSENCE(conn), {
            "user_id": user_id, "guild_id": guild_id, "started": now, "until": until, "ended": None, "told": False}))

    async def end_absence(self, user_id: int, guild_id: int, now: float) -> None:
        await self._db.write(lambda conn: conn.execute(_END_ABSENCE, {"user_id_is": user_id, "guild_id_is": guild_id,
                                                                      "now": now}))

    async def absences(self, user_id: int, guild_id: int, since: float) -> list[tuple[float, float]]:
        """(start, end) of the user's absences in the server ending after `since` (end: the
        earlier of its planned end and when they came back)."""
        rows = await self._db.read(lambda conn: conn.execute(_ABSENCES, {"user_id": user_id, "guild_id": guild_id,
                                                                         "since": since}).all())
        return [(float(r[0]), float(r[1])) for r in rows]

    async def take_absence_end(self, user_id: int, guild_id: int, until: float) -> bool:
        """Mark the absence ending at `until` as told to its person; True for the one caller that
        marked it (tell them once, however many games it paused)."""
        def op(conn: Sql) -> bool:
            return conn.execute(_TAKE_ABSENCE_END, {"user_id_is": user_id, "guild_id_is": guild_id,
                                                    "until_is": until}).rowcount == 1
        return await self._db.write(op)

    async def current_absences(self, now: float) -> list[tuple[int, int, float]]:
        """(user, guild, until) of everyone away now."""
        rows = await self._db.read(lambda conn: conn.execute(_CURRENT_ABSENCES, {"now": now}).all())
        return [(int(r[0]), int(r[1]), float(r[2])) for r in rows]

    # -- timers ---------------------------------------------------------------------------------
    async def set_timer(self, game_id: int, kind: str, due_at: float, *, seat: int = -1, state_id: int = -1,
                        space: str = Space.GAME) -> None:
        """Set (or move) the timer of `game_id` in `space` (a game's; an event's: bot/store/keys.py)."""
        await self._db.write(lambda conn: conn.execute(_UPSERT_TIMER(conn), {
            "space": space, "game_id": game_id, "kind": kind, "seat": seat, "due_at": due_at, "state_id": state_id}))

    async def finish_timers(self, timers: Sequence[Timer]) -> None:
        """Delete timers that have run, unless their handlers set them again (a new due time or state)."""
        if not timers:
            return
        await self._db.write(lambda conn: conn.execute(_TAKE_TIMER, [_timer_key(t) for t in timers]))

    async def take_timer(self, timer: Timer) -> bool:
        """Delete a timer that is still as given; True if this call deleted it (it is this
        caller's to act on: a timer taken once is never acted on twice)."""
        return await self._db.write(lambda conn: conn.execute(_TAKE_TIMER, _timer_key(timer)).rowcount == 1)

    async def timer(self, game_id: int, kind: str, seat: int = -1, *, space: str = Space.GAME) -> Timer | None:
        row = await self._db.read(lambda conn: conn.execute(_TIMER, {"space": space, "game_id": game_id, "kind": kind,
                                                                     "seat": seat}).first())
        return None if row is None else timer_row(row)

    async def next_due(self) -> float | None:
        """The earliest due time of any timer (None: no timers)."""
        value = await self._db.read(lambda conn: conn.execute(_NEXT_DUE).scalar())
        return None if value is None else float(value)

    async def due_timers(self, now: float, limit: int = 500) -> list[Timer]:
        """Timers due at `now`, earliest first."""
        rows = await self._db.read(lambda conn: conn.execute(_DUE, {"now": now, "limit": limit}).all())
        return [timer_row(r) for r in rows]


def _timer_key(timer: Timer) -> dict[str, object]:
    return {"space": timer.space, "game_id": timer.game_id, "kind": timer.kind, "seat": timer.seat,
            "due_at": timer.due_at, "state_id": timer.state_id}
