"""Tournaments in the store (schemas 9 and 10, docs/tournaments.md): an event's terms, its
entrants, its rounds and their tables, and the news its announcements tell.

The SQL is written once, for both stores, over `Sql` (`?` placeholders; PostgreSQL's side numbers
them): each store only offers `sql_write` and `sql_read`. What must happen once happens in one
transaction with the check that makes it once: a round's row and its tables (a second pairing of
the same round finds the row and writes nothing), a table's link to its game, a table's result
(decided once), the final ranking. News is written in the transaction of the change it tells,
and marked told only once Discord took it (`news_told`).

A row that no longer decodes raises DamagedEvent naming its table and column: the service sets
that event aside (`mark_broken`), and listings leave it out, so one damaged event never stops
the others (or the bot's start).
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, Protocol, TypeVar

from bot.store.codec import dumps
from bot.store.errors import DamagedEvent, SeatsTaken, StateConflict
from bot.store.records import JSON
from bot.store.results import Sql
from bot.store.rows import DECODING, Row

T = TypeVar("T")
SqlOp = Callable[[Sql], Awaitable[T]]

SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"
STATUSES = (SIGNUP, RUNNING, FINISHED, CANCELLED)
TOURNAMENT_TIMER = "tournament"  # a tournament's timer, in the timers' tournament key space


@dataclass(frozen=True)
class Terms:
    """What an event is, as its organiser set it (checked by the service before it is stored)."""

    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    game: str
    options: JSON
    format: str  # a key of bot/tournaments/formats.py's registry
    seats: int
    rounds: int  # Swiss: as asked; the others: 0 until the start works it out
    clock: str
    lateness: str  # "counts" | "last"
    round_hours: float
    signup_until: float | None
    min_entrants: int
    max_entrants: int
    min_reliability: int = 0
    late_until: int = 0  # late entries are taken until this round is paired (0: none)
    checkin_minutes: float | None = None  # check-in opens this long before sign-up closes (None: none)


_TERMS = tuple(f.name for f in fields(Terms))
_STATE = ("status", "paused_at", "round", "message_id", "thread_id", "created_at", "updated_at", "broken")
_COLUMNS = ", ".join(("id", *_TERMS, *_STATE))
SETTABLE = ("status", "paused_at", "round", "rounds", "message_id", "thread_id")  # what `set_tournament` may set


@dataclass(frozen=True)
class TournamentRow:
    id: int
    terms: Terms
    status: str
    paused_at: float | None
    round: int  # the round under way, or the last one played (0: none yet)
    message_id: int | None
    thread_id: int | None
    created_at: float
    updated_at: float
    broken: str | None  # why the event was set aside (None: it wasn't)


def _tournament(row: Row) -> TournamentRow:
    try:
        values = dict(zip(("id", *_TERMS, *_STATE), [row[i] for i in range(1 + len(_TERMS) + len(_STATE))],
                          strict=True))
        values["options"] = json.loads(values["options"])
        if not isinstance(values["options"], dict) or values["status"] not in STATUSES:
            raise ValueError("options or status out of shape")
        terms = Terms(**{name: values.pop(name) for name in _TERMS})
        return TournamentRow(terms=terms, **values)
    except DECODING as error:
        raise DamagedEvent(int(row[0]), "tournaments (terms)", error) from error


@dataclass(frozen=True)
class EntrantRow:
    tournament_id: int
    entrant: int  # 0, 1, 2 ... in sign-up order
    user_id: int | None  # None: an AI entrant
    ai: str | None
    name: str
    rating: float
    joined_at: float
    dropped_round: int | None  # not paired from this round on
    dropped_why: str | None
    final_place: int | None
    checked_in: float | None = None

    def playing_in(self, round_no: int) -> bool:
        return self.dropped_round is None or round_no < self.dropped_round

    @property
    def out(self) -> bool:
        return self.dropped_round is not None


_ENTRANT_COLUMNS = ("tournament_id, entrant, user_id, ai, name, rating, joined_at, dropped_round, dropped_why, "
                    "final_place, checked_in")


def _entrant(row: Row) -> EntrantRow:
    try:
        entrant = EntrantRow(*(row[i] for i in range(11)))
        if not isinstance(entrant.name, str) or (entrant.user_id is None) == (entrant.ai is None):
            raise ValueError("an entrant is a person or an AI, with a name")
        return replace(entrant, rating=float(entrant.rating))  # SQLite keeps whatever was written
    except DECODING as error:
        raise DamagedEvent(int(row[0]), f"tournament_entrants (entrant {row[1]})", error) from error


@dataclass(frozen=True)
class RoundRow:
    tournament_id: int
    round: int
    byes: tuple[int, ...]
    opened_at: float
    deadline: float
    closed_at: float | None


def _round(row: Row) -> RoundRow:
    try:
        return RoundRow(row[0], row[1], _numbers(row[2]) or (), row[3], row[4], row[5])
    except DECODING as error:
        raise DamagedEvent(int(row[0]), f"tournament_rounds (round {row[1]}: byes)", error) from error


@dataclass(frozen=True)
class TableRow:
    tournament_id: int
    round: int
    table_no: int
    entrants: tuple[int, ...]  # in seat order
    game_id: int | None
    places: tuple[int, ...] | None  # each seat's place, once decided (1 first; ties share)
    scores: tuple[int, ...] | None  # each seat's game score (None: decided without one)
    decided: str | None  # "played" | "adjudicated" | "deadline" | "corrected"
    note: str | None


_TABLE_COLUMNS = "tournament_id, round, table_no, entrants, game_id, places, scores, decided, note"


def _numbers(text: str | None) -> tuple[int, ...] | None:
    if text is None:
        return None
    values = json.loads(text)
    if not isinstance(values, list):
        raise TypeError("not a list")
    return tuple(int(v) for v in values)


def _table(row: Row) -> TableRow:
    try:
        entrants = _numbers(row[3])
        places = _numbers(row[5])
        if not entrants or (places is not None and len(places) != len(entrants)):
            raise ValueError("a table's seats and places don't match")
        return TableRow(row[0], row[1], row[2], entrants, row[4], places, _numbers(row[6]), row[7], row[8])
    except DECODING as error:
        raise DamagedEvent(int(row[0]), f"tournament_tables (round {row[1]}, table {row[2]})", error) from error


@dataclass(frozen=True)
class News:
    """One announcement for the event's thread: its kind and what it says, as data written with
    the change it tells (what it shows never changes after)."""

    tournament_id: int
    seq: int
    kind: str
    body: JSON
    created_at: float


def _news(row: Row) -> News:
    try:
        body = json.loads(row[3])
        if not isinstance(body, dict):
            raise TypeError("not an object")
        return News(row[0], row[1], row[2], body, row[4])
    except DECODING as error:
        raise DamagedEvent(int(row[0]), f"tournament_news (item {row[1]})", error) from error


async def add_news(sql: Sql, tournament_id: int, kind: str, body: JSON, now: float) -> None:
    """Inside a write: news for the event's thread, after the last."""
    rows = await sql.fetch("SELECT COALESCE(MAX(seq), 0) FROM tournament_news WHERE tournament_id = ?", tournament_id)
    await sql.execute("INSERT INTO tournament_news (tournament_id, seq, kind, body, created_at) VALUES (?, ?, ?, ?, ?)",
                      tournament_id, int(rows[0][0]) + 1, kind, dumps(body), now)


class SqlRunner(Protocol):
    """How a store runs shared SQL: a write in its own transaction, a read in one snapshot."""

    async def write(self, op: SqlOp[T]) -> T: ...

    async def read(self, op: SqlOp[T]) -> T: ...


class TournamentStore:
    """Tournament rows, the same for both stores (each store has one as `tournaments`)."""

    def __init__(self, runner: SqlRunner) -> None:
        self.runner = runner

    async def sql_write(self, op: SqlOp[T]) -> T:
        return await self.runner.write(op)

    async def sql_read(self, op: SqlOp[T]) -> T:
        return await self.runner.read(op)

    # -- the event --------------------------------------------------------------------------------
    async def create_tournament(self, terms: Terms, now: float) -> int:
        async def op(sql: Sql) -> int:
            values = [getattr(terms, name) for name in _TERMS]
            values[_TERMS.index("options")] = dumps(terms.options)
            rows = await sql.fetch(
                f"INSERT INTO tournaments ({', '.join(_TERMS)}, created_at, updated_at) "
                f"VALUES ({', '.join('?' for _ in _TERMS)}, ?, ?) RETURNING id", *values, now, now)
            return int(rows[0][0])
        return await self.sql_write(op)

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        """The event (DamagedEvent when its row no longer decodes)."""
        async def op(sql: Sql) -> TournamentRow | None:
            rows = await sql.fetch(f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?", tournament_id)
            return _tournament(rows[0]) if rows else None
        return await self.sql_read(op)

    async def find(self, *, guild_id: int | None = None, statuses: Sequence[str] = ()) -> list[TournamentRow]:
        """A server's events (every server's without `guild_id`), newest first; events set aside
        are left out, and a row that no longer decodes sets its event aside here."""
        where: list[str] = ["broken IS NULL"]
        params: list[object] = []
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if statuses:
            where.append(f"status IN ({', '.join('?' for _ in statuses)})")
            params.extend(statuses)

        async def op(sql: Sql) -> list[Row]:
            return list(await sql.fetch(f"SELECT {_COLUMNS} FROM tournaments WHERE {' AND '.join(where)} "
                                        "ORDER BY id DESC", *params))
        found = []
        for row in await self.sql_read(op):
            try:
                found.append(_tournament(row))
            except DamagedEvent as damaged:
                await self.mark_broken(damaged.tournament_id, f"DamagedEvent: {damaged.what}")
        return found

    async def ids(self) -> list[int]:
        """Every event's id, set aside or not (`skald db verify`)."""
        async def op(sql: Sql) -> list[int]:
            return [int(r[0]) for r in await sql.fetch("SELECT id FROM tournaments ORDER BY id")]
        return await self.sql_read(op)

    async def mark_broken(self, tournament_id: int, reason: str | None) -> None:
        """Set the event aside (None: take it back, `skald db verify` found it whole again)."""
        async def op(sql: Sql) -> None:
            await sql.execute("UPDATE tournaments SET broken = ? WHERE id = ?", reason, tournament_id)
        await self.sql_write(op)

    async def set_tournament(self, tournament_id: int, field: str, value: int | float | str | None,
                             now: float) -> None:
        if field not in SETTABLE:
            raise ValueError(f"{field} is not a tournament column the service sets.")

        async def op(sql: Sql) -> None:
            await sql.execute(f"UPDATE tournaments SET {field} = ?, updated_at = ? WHERE id = ?",
                              value, now, tournament_id)
        await self.sql_write(op)

    async def pause(self, tournament_id: int, paused_at: float | None, now: float,
                    deadline: tuple[int, float] | None) -> bool:
        """Pause (or, `paused_at` None, resume) the event, moving the open round's deadline when
        given (round, new deadline), with its news; False if it was so already."""
        async def op(sql: Sql) -> bool:
            condition = "paused_at IS NULL" if paused_at is not None else "paused_at IS NOT NULL"
            rows = await sql.fetch(f"UPDATE tournaments SET paused_at = ?, updated_at = ? WHERE id = ? "
                                   f"AND {condition} AND status IN (?, ?) RETURNING id",
                                   paused_at, now, tournament_id, SIGNUP, RUNNING)
            if not rows:
                return False
            if deadline is not None:
                await sql.execute("UPDATE tournament_rounds SET deadline = ? WHERE tournament_id = ? AND round = ?",
                                  deadline[1], tournament_id, deadline[0])
            await add_news(sql, tournament_id, "paused" if paused_at is not None else "resumed", {}, now)
            return True
        return await self.sql_write(op)

    async def begin_tournament(self, tournament_id: int, ratings: Mapping[int, float], rounds: int, now: float,
                               news: JSON, withdrawn: Sequence[int] = ()) -> bool:
        """Sign-up over: the entrants who did not check in (`withdrawn`) taken off, the others'
        seeding ratings, the rounds, status running; False if it was no longer signing up."""
        async def op(sql: Sql) -> bool:
            rows = await sql.fetch("UPDATE tournaments SET status = ?, rounds = ?, updated_at = ? "
                                   "WHERE id = ? AND status = ? RETURNING id",
                                   RUNNING, rounds, now, tournament_id, SIGNUP)
            if not rows:
                return False
            await sql.execute_many("DELETE FROM tournament_entrants WHERE tournament_id = ? AND entrant = ?",
                                   [(tournament_id, entrant) for entrant in withdrawn])
            await sql.execute_many("UPDATE tournament_entrants SET rating = ? WHERE tournament_id = ? AND entrant = ?",
                                   [(rating, tournament_id, entrant) for entrant, rating in ratings.items()])
            await add_news(sql, tournament_id, "started", news, now)
            return True
        return await self.sql_write(op)

    async def end_tournament(self, tournament_id: int, status: str, places: Mapping[int, int], now: float,
                             news: JSON) -> bool:
        """Finished (with every entrant's final place) or called off; False if it had ended already."""
        async def op(sql: Sql) -> bool:
            rows = await sql.fetch("UPDATE tournaments SET status = ?, updated_at = ? "
                                   "WHERE id = ? AND status IN (?, ?) RETURNING id",
                                   status, now, tournament_id, SIGNUP, RUNNING)
            if not rows:
                return False
            await sql.execute_many(
                "UPDATE tournament_entrants SET final_place = ? WHERE tournament_id = ? AND entrant = ?",
                [(place, tournament_id, entrant) for entrant, place in places.items()])
            await add_news(sql, tournament_id, status, news, now)
            return True
        return await self.sql_write(op)

    # -- entrants ---------------------------------------------------------------------------------
    async def add_entrant(self, tournament_id: int, *, name: str, user_id: int | None, ai: str | None,
                          now: float, rating: float = 0.0, news: JSON | None = None) -> EntrantRow:
        """Sign someone up; the status, the limit and a person's earlier sign-up are checked in the
        same transaction, so two clicks (or two processes) sign up once and never past the limit.
        While the event runs, a late entry is taken until its `late_until` round is paired, with
        its news (`news`)."""
        async def op(sql: Sql) -> EntrantRow:
            found = await sql.fetch("SELECT status, max_entrants, round, late_until FROM tournaments WHERE id = ? "
                                    "AND broken IS NULL", tournament_id)
            status, most, paired, late_until = (found[0][0], found[0][1], found[0][2], found[0][3]) if found \
                else (None, 0, 0, 0)
            late = status == RUNNING and int(paired) < int(late_until)
            if status != SIGNUP and not late:
                raise StateConflict(f"Tournament #{tournament_id} is no longer taking sign-ups.")
            if user_id is not None and await sql.fetch("SELECT 1 FROM tournament_entrants WHERE tournament_id = ? "
                                                       "AND user_id = ?", tournament_id, user_id):
                raise StateConflict(f"You are signed up for tournament #{tournament_id} already.")
            counted = (await sql.fetch("SELECT COUNT(*), COALESCE(MAX(entrant), -1) FROM tournament_entrants "
                                       "WHERE tournament_id = ?", tournament_id))[0]
            count, last = counted[0], counted[1]
            if int(count) >= int(most):
                raise SeatsTaken(f"Tournament #{tournament_id} is full ({most} entrants).")
            rows = await sql.fetch(f"INSERT INTO tournament_entrants (tournament_id, entrant, user_id, ai, name, "
                                   f"rating, joined_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING {_ENTRANT_COLUMNS}",
                                   tournament_id, int(last) + 1, user_id, ai, name, rating, now)
            await sql.execute("UPDATE tournaments SET updated_at = ? WHERE id = ?", now, tournament_id)
            entrant = _entrant(rows[0])
            if late and news is not None:
                await add_news(sql, tournament_id, "joined", {**news, "entrant": entrant.entrant,
                                                              "round": int(paired) + 1}, now)
            return entrant
        return await self.sql_write(op)

    async def remove_entrant(self, tournament_id: int, entrant: int, now: float) -> bool:
        """Take back a sign-up while the event is still signing up; False if it started."""
        async def op(sql: Sql) -> bool:
            rows = await sql.fetch("SELECT status FROM tournaments WHERE id = ?", tournament_id)
            if not rows or rows[0][0] != SIGNUP:
                return False
            await sql.execute("DELETE FROM tournament_entrants WHERE tournament_id = ? AND entrant = ?",
                              tournament_id, entrant)
            await sql.execute("UPDATE tournaments SET updated_at = ? WHERE id = ?", now, tournament_id)
            return True
        return await self.sql_write(op)

    async def check_in(self, tournament_id: int, entrant: int, now: float) -> bool:
        """The entrant says they will play; False if they had already (or sign-up is over)."""
        async def op(sql: Sql) -> bool:
            rows = await sql.fetch(
                "UPDATE tournament_entrants SET checked_in = ? WHERE tournament_id = ? AND entrant = ? "
                "AND checked_in IS NULL AND EXISTS (SELECT 1 FROM tournaments WHERE id = ? AND status = ?) "
                "RETURNING entrant", now, tournament_id, entrant, tournament_id, SIGNUP)
            return bool(rows)
        return await self.sql_write(op)

    async def drop_entrant(self, tournament_id: int, entrant: int, from_round: int, why: str, now: float,
                           news: JSON) -> bool:
        """Not paired from `from_round` on; False if dropped already."""
        async def op(sql: Sql) -> bool:
            rows = await sql.fetch("UPDATE tournament_entrants SET dropped_round = ?, dropped_why = ? "
                                   "WHERE tournament_id = ? AND entrant = ? AND dropped_round IS NULL "
                                   "RETURNING entrant",
                                   from_round, why, tournament_id, entrant)
            if rows:
                await add_news(sql, tournament_id, "dropped", news, now)
            return bool(rows)
        return await self.sql_write(op)

    async def entrants(self, tournament_id: int) -> list[EntrantRow]:
        async def op(sql: Sql) -> list[EntrantRow]:
            rows = await sql.fetch(f"SELECT {_ENTRANT_COLUMNS} FROM tournament_entrants WHERE tournament_id = ? "
                                   "ORDER BY entrant", tournament_id)
            return [_entrant(r) for r in rows]
        return await self.sql_read(op)

    async def events_of(self, user_id: int, guild_id: int) -> list[tuple[TournamentRow, EntrantRow]]:
        """A person's events in the server, newest first (those set aside left out)."""
        async def op(sql: Sql) -> list[Row]:
            return list(await sql.fetch(
                f"SELECT {', '.join('t.' + c for c in _COLUMNS.split(', '))}, "
                f"{', '.join('e.' + c for c in _ENTRANT_COLUMNS.split(', '))} "
                "FROM tournament_entrants e JOIN tournaments t ON t.id = e.tournament_id "
                "WHERE e.user_id = ? AND t.guild_id = ? AND t.broken IS NULL ORDER BY t.id DESC", user_id, guild_id))
        width = len(_COLUMNS.split(", "))
        both = width + len(_ENTRANT_COLUMNS.split(", "))
        found = []
        for row in await self.sql_read(op):
            values = [row[i] for i in range(both)]
            try:
                found.append((_tournament(values[:width]), _entrant(values[width:])))
            except DamagedEvent as damaged:
                await self.mark_broken(damaged.tournament_id, f"DamagedEvent: {damaged.what}")
        return found

    # -- rounds and tables ------------------------------------------------------------------------
    async def open_round(self, tournament_id: int, round_no: int, tables: Sequence[Sequence[int]],
                         byes: Sequence[int], now: float, deadline: float, news: JSON) -> bool:
        """A round's pairing, written once: its row, its tables and the news in one transaction;
        False when the round was paired already (by an earlier run, or another process)."""
        async def op(sql: Sql) -> bool:
            if await sql.fetch("SELECT 1 FROM tournament_rounds WHERE tournament_id = ? AND round = ?",
                               tournament_id, round_no):
                return False
            await sql.execute("INSERT INTO tournament_rounds (tournament_id, round, byes, opened_at, deadline) "
                              "VALUES (?, ?, ?, ?, ?)", tournament_id, round_no, dumps(list(byes)), now, deadline)
            await sql.execute_many("INSERT INTO tournament_tables (tournament_id, round, table_no, entrants) "
                                   "VALUES (?, ?, ?, ?)",
                                   [(tournament_id, round_no, number, dumps(list(table)))
                                    for number, table in enumerate(tables, start=1)])
            await sql.execute("UPDATE tournaments SET round = ?, updated_at = ? WHERE id = ?", round_no, now,
                              tournament_id)
            await add_news(sql, tournament_id, "round", news, now)
            return True
        return await self.sql_write(op)

    async def close_round(self, tournament_id: int, round_no: int, now: float, news: JSON) -> bool:
        """The round's close, with its news (which carries the standings as they stand now)."""
        async def op(sql: Sql) -> bool:
            rows = await sql.fetch("UPDATE tournament_rounds SET closed_at = ? WHERE tournament_id = ? AND round = ? "
                                   "AND closed_at IS NULL RETURNING round", now, tournament_id, round_no)
            if rows:
                await add_news(sql, tournament_id, "round_closed", news, now)
            return bool(rows)
        return await self.sql_write(op)

    async def set_deadline(self, tournament_id: int, round_no: int, deadline: float,
                           news: JSON | None = None) -> None:
        """Move the round's deadline (with `news`: the organiser closes it now, and the thread is told)."""
        async def op(sql: Sql) -> None:
            await sql.execute("UPDATE tournament_rounds SET deadline = ? WHERE tournament_id = ? AND round = ?",
                              deadline, tournament_id, round_no)
            if news is not None:
                await add_news(sql, tournament_id, "closing", news, deadline)
        await self.sql_write(op)

    async def rounds(self, tournament_id: int) -> list[RoundRow]:
        async def op(sql: Sql) -> list[RoundRow]:
            rows = await sql.fetch("SELECT tournament_id, round, byes, opened_at, deadline, closed_at "
                                   "FROM tournament_rounds WHERE tournament_id = ? ORDER BY round", tournament_id)
            return [_round(r) for r in rows]
        return await self.sql_read(op)

    async def tournament_tables(self, tournament_id: int) -> list[TableRow]:
        async def op(sql: Sql) -> list[TableRow]:
            rows = await sql.fetch(f"SELECT {_TABLE_COLUMNS} FROM tournament_tables WHERE tournament_id = ? "
                                   "ORDER BY round, table_no", tournament_id)
            return [_table(r) for r in rows]
        return await self.sql_read(op)

    async def table_of_game(self, game_id: int) -> TableRow | None:
        """The tournament table a game is played at, if any."""
        async def op(sql: Sql) -> TableRow | None:
            rows = await sql.fetch(f"SELECT {_TABLE_COLUMNS} FROM tournament_tables WHERE game_id = ?", game_id)
            return _table(rows[0]) if rows else None
        return await self.sql_read(op)

    async def link_game(self, table: TableRow, game_id: int) -> int:
        """The table's game: `game_id`, unless the table has one already (then that one)."""
        async def op(sql: Sql) -> int:
            await sql.execute("UPDATE tournament_tables SET game_id = ? WHERE tournament_id = ? AND round = ? "
                              "AND table_no = ? AND game_id IS NULL", game_id, table.tournament_id, table.round,
                              table.table_no)
            rows = await sql.fetch("SELECT game_id FROM tournament_tables WHERE tournament_id = ? AND round = ? "
                                   "AND table_no = ?", table.tournament_id, table.round, table.table_no)
            return int(rows[0][0])
        return await self.sql_write(op)

    async def decide_table(self, table: TableRow, places: Sequence[int], scores: Sequence[int] | None,
                           decided: str, note: str, news: tuple[str, JSON] | None = None, now: float = 0.0) -> bool:
        """A table's result, once (with `news`, kind and body, in the same transaction): False if it
        was decided already."""
        async def op(sql: Sql) -> bool:
            rows = await sql.fetch(
                "UPDATE tournament_tables SET places = ?, scores = ?, decided = ?, note = ? WHERE tournament_id = ? "
                "AND round = ? AND table_no = ? AND places IS NULL RETURNING table_no",
                dumps(list(places)), None if scores is None else dumps(list(scores)), decided, note,
                table.tournament_id, table.round, table.table_no)
            if rows and news is not None:
                await add_news(sql, table.tournament_id, news[0], news[1], now)
            return bool(rows)
        return await self.sql_write(op)

    async def correct_table(self, table: TableRow, places: Sequence[int], note: str, now: float, news: JSON) -> bool:
        """The organiser corrects a decided table's places, with the news that tells it; False if
        the table was not decided (or no longer as read)."""
        async def op(sql: Sql) -> bool:
            rows = await sql.fetch(
                "UPDATE tournament_tables SET places = ?, decided = ?, note = ? WHERE tournament_id = ? AND round = ? "
                "AND table_no = ? AND places = ? RETURNING table_no",
                dumps(list(places)), "corrected", note, table.tournament_id, table.round, table.table_no,
                dumps(list(table.places or ())))
            if rows:
                await add_news(sql, table.tournament_id, "corrected", news, now)
            return bool(rows)
        return await self.sql_write(op)

    # -- news: the event's part of the outbox ----------------------------------------------------------
    async def post_news(self, tournament_id: int, kind: str, body: JSON, now: float) -> None:
        async def op(sql: Sql) -> None:
            await add_news(sql, tournament_id, kind, body, now)
        await self.sql_write(op)

    async def untold_news(self, tournament_id: int) -> list[News]:
        """The event's news not yet told (Discord has not taken it), oldest first."""
        async def op(sql: Sql) -> list[News]:
            rows = await sql.fetch("SELECT tournament_id, seq, kind, body, created_at FROM tournament_news "
                                   "WHERE tournament_id = ? AND told_at IS NULL ORDER BY seq", tournament_id)
            return [_news(r) for r in rows]
        return await self.sql_read(op)

    async def news(self, tournament_id: int) -> list[News]:
        """Every news item of the event, oldest first (told or not)."""
        async def op(sql: Sql) -> list[News]:
            rows = await sql.fetch("SELECT tournament_id, seq, kind, body, created_at FROM tournament_news "
                                   "WHERE tournament_id = ? ORDER BY seq", tournament_id)
            return [_news(r) for r in rows]
        return await self.sql_read(op)

    async def news_told(self, news: News, message_id: int | None, now: float) -> None:
        """Discord took the news (`message_id`; None: refused it for good, so it is passed over)."""
        async def op(sql: Sql) -> None:
            await sql.execute("UPDATE tournament_news SET told_at = ?, message_id = ? WHERE tournament_id = ? "
                              "AND seq = ? AND told_at IS NULL", now, message_id, news.tournament_id, news.seq)
        await self.sql_write(op)

    async def telling(self) -> list[int]:
        """Events with news still to tell (those set aside left out), oldest first."""
        async def op(sql: Sql) -> list[int]:
            rows = await sql.fetch("SELECT DISTINCT n.tournament_id FROM tournament_news n JOIN tournaments t "
                                   "ON t.id = n.tournament_id WHERE n.told_at IS NULL AND t.broken IS NULL "
                                   "ORDER BY n.tournament_id")
            return [int(r[0]) for r in rows]
        return await self.sql_read(op)

    # -- checking ---------------------------------------------------------------------------------------
    async def damage(self, tournament_id: int) -> list[str]:
        """Every row of the event that no longer decodes, by table and column (`skald db verify`)."""
        found: list[str] = []

        async def read(statement: str, decode: Callable[[Row], Any]) -> None:
            async def op(sql: Sql) -> Sequence[Row]:
                return await sql.fetch(statement, tournament_id)
            for row in await self.sql_read(op):
                try:
                    decode(row)
                except DamagedEvent as damaged:
                    found.append(damaged.what)
        await read(f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?", _tournament)
        await read(f"SELECT {_ENTRANT_COLUMNS} FROM tournament_entrants WHERE tournament_id = ? ORDER BY entrant",
                   _entrant)
        await read("SELECT tournament_id, round, byes, opened_at, deadline, closed_at FROM tournament_rounds "
                   "WHERE tournament_id = ? ORDER BY round", _round)
        await read(f"SELECT {_TABLE_COLUMNS} FROM tournament_tables WHERE tournament_id = ? ORDER BY round, table_no",
                   _table)
        await read("SELECT tournament_id, seq, kind, body, created_at FROM tournament_news WHERE tournament_id = ? "
                   "ORDER BY seq", _news)
        return found
