"""Tournaments in the store (schema 9, docs/tournaments.md): an event's terms, its entrants, its
rounds and their tables, and the news its announcements tell.

The SQL is written once, for both stores, over `Sql` (`?` placeholders; PostgreSQL's side numbers
them): each store only offers `sql_write` and `sql_read`. What must happen once happens in one
transaction with the check that makes it once: a round's row and its tables (a second pairing of
the same round finds the row and writes nothing), a table's game with its link to the table (a
second opening finds the game), a table's result (decided once), the final ranking.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Protocol, TypeVar

from bot.store.codec import dumps
from bot.store.errors import SeatsTaken, StateConflict
from bot.store.records import JSON
from bot.store.results import Sql
from bot.store.rows import Row

T = TypeVar("T")
SqlOp = Callable[[Sql], Awaitable[T]]

SIGNUP, RUNNING, FINISHED, CANCELLED = "signup", "running", "finished", "cancelled"
TOURNAMENT_TIMER = "tournament"  # a tournament's timer, kept in `timers` under minus its id


def timer_id(tournament_id: int) -> int:
    """The `timers.game_id` of a tournament's timer (game ids are positive, so these never meet)."""
    return -tournament_id


@dataclass(frozen=True)
class Terms:
    """What an event is, as its organiser set it (checked by the service before it is stored)."""

    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    game: str
    options: JSON
    format: str  # "swiss" | "round_robin" | "elimination"
    seats: int
    rounds: int  # Swiss: as asked; the others: 0 until the start works it out
    clock: str
    lateness: str  # "counts" | "last"
    round_hours: float
    signup_until: float | None
    min_entrants: int
    max_entrants: int
    min_reliability: int = 0


_TERMS = tuple(f.name for f in fields(Terms))
_STATE = ("status", "paused_at", "round", "message_id", "thread_id", "created_at", "updated_at")
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


def _tournament(row: Row) -> TournamentRow:
    values = dict(zip(("id", *_TERMS, *_STATE), [row[i] for i in range(1 + len(_TERMS) + len(_STATE))], strict=True))
    values["options"] = json.loads(values["options"])
    terms = Terms(**{name: values.pop(name) for name in _TERMS})
    return TournamentRow(terms=terms, **values)


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

    def playing_in(self, round_no: int) -> bool:
        return self.dropped_round is None or round_no < self.dropped_round


_ENTRANT_COLUMNS = ("tournament_id, entrant, user_id, ai, name, rating, joined_at, dropped_round, dropped_why, "
                    "final_place")


def _entrant(row: Row) -> EntrantRow:
    return EntrantRow(row[0], row[1], row[2], row[3], row[4], row[5], row[6], row[7], row[8], row[9])


@dataclass(frozen=True)
class RoundRow:
    tournament_id: int
    round: int
    byes: tuple[int, ...]
    opened_at: float
    deadline: float
    closed_at: float | None


@dataclass(frozen=True)
class TableRow:
    tournament_id: int
    round: int
    table_no: int
    entrants: tuple[int, ...]  # in seat order
    game_id: int | None
    places: tuple[int, ...] | None  # each seat's place, once decided (1 first; ties share)
    scores: tuple[int, ...] | None  # each seat's game score (None: adjudicated without one)
    decided: str | None  # "played" | "adjudicated" | "deadline"
    note: str | None


_TABLE_COLUMNS = "tournament_id, round, table_no, entrants, game_id, places, scores, decided, note"


def _tuple(text: str | None) -> tuple[int, ...] | None:
    return None if text is None else tuple(int(v) for v in json.loads(text))


def _table(row: Row) -> TableRow:
    entrants = _tuple(row[3])
    assert entrants is not None
    return TableRow(row[0], row[1], row[2], entrants, row[4], _tuple(row[5]), _tuple(row[6]), row[7], row[8])


@dataclass(frozen=True)
class News:
    """One announcement for the event's thread: its kind and what it says, as data."""

    tournament_id: int
    seq: int
    kind: str
    body: JSON
    created_at: float


@dataclass(frozen=True)
class TableLobby:
    """A tournament table's game as it is opened: fully seated, hosted by the organiser."""

    guild_id: int
    channel_id: int
    host_id: int
    game: str
    options: JSON
    clock: str
    seats: tuple[tuple[str, int | None, str | None], ...]  # (name, user_id, ai) in seat order


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
        async def op(sql: Sql) -> TournamentRow | None:
            rows = await sql.fetch(f"SELECT {_COLUMNS} FROM tournaments WHERE id = ?", tournament_id)
            return _tournament(rows[0]) if rows else None
        return await self.sql_read(op)

    async def find(self, *, guild_id: int | None = None, statuses: Sequence[str] = ()) -> list[TournamentRow]:
        """A server's events (every server's without `guild_id`), newest first."""
        where: list[str] = ["1 = 1"]
        params: list[object] = []
        if guild_id is not None:
            where.append("guild_id = ?")
            params.append(guild_id)
        if statuses:
            where.append(f"status IN ({', '.join('?' for _ in statuses)})")
            params.extend(statuses)

        async def op(sql: Sql) -> list[TournamentRow]:
            rows = await sql.fetch(f"SELECT {_COLUMNS} FROM tournaments WHERE {' AND '.join(where)} ORDER BY id DESC",
                                   *params)
            return [_tournament(r) for r in rows]
        return await self.sql_read(op)

    async def set_tournament(self, tournament_id: int, field: str, value: int | float | str | None,
                             now: float) -> None:
        if field not in SETTABLE:
            raise ValueError(f"{field} is not a tournament column the service sets.")

        async def op(sql: Sql) -> None:
            await sql.execute(f"UPDATE tournaments SET {field} = ?, updated_at = ? WHERE id = ?",
                              value, now, tournament_id)
        await self.sql_write(op)

    async def begin_tournament(self, tournament_id: int, ratings: Mapping[int, float], rounds: int, now: float,
                               news: JSON) -> bool:
        """Sign-up over: the entrants' seeding ratings, the rounds, status running; False if it
        was no longer signing up (started or called off meanwhile)."""
        async def op(sql: Sql) -> bool:
            rows = await sql.fetch("UPDATE tournaments SET status = ?, rounds = ?, updated_at = ? "
                                   "WHERE id = ? AND status = ? RETURNING id",
                                   RUNNING, rounds, now, tournament_id, SIGNUP)
            if not rows:
                return False
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
                          now: float) -> EntrantRow:
        """Sign someone up; the status, the limit and a person's earlier sign-up are checked in the
        same transaction, so two clicks (or two processes) sign up once and never past the limit."""
        async def op(sql: Sql) -> EntrantRow:
            found = await sql.fetch("SELECT status, max_entrants FROM tournaments WHERE id = ?", tournament_id)
            if not found or found[0][0] != SIGNUP:
                raise StateConflict(f"Tournament #{tournament_id} is no longer taking sign-ups.")
            if user_id is not None and await sql.fetch("SELECT 1 FROM tournament_entrants WHERE tournament_id = ? "
                                                       "AND user_id = ?", tournament_id, user_id):
                raise StateConflict(f"You are signed up for tournament #{tournament_id} already.")
            counted = (await sql.fetch("SELECT COUNT(*), COALESCE(MAX(entrant), -1) FROM tournament_entrants "
                                       "WHERE tournament_id = ?", tournament_id))[0]
            count, last = counted[0], counted[1]
            if int(count) >= int(found[0][1]):
                raise SeatsTaken(f"Tournament #{tournament_id} is full ({found[0][1]} entrants).")
            rows = await sql.fetch(f"INSERT INTO tournament_entrants (tournament_id, entrant, user_id, ai, name, "
                                   f"joined_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING {_ENTRANT_COLUMNS}",
                                   tournament_id, int(last) + 1, user_id, ai, name, now)
            await sql.execute("UPDATE tournaments SET updated_at = ? WHERE id = ?", now, tournament_id)
            return _entrant(rows[0])
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
        """A person's events in the server, newest first."""
        async def op(sql: Sql) -> list[tuple[TournamentRow, EntrantRow]]:
            rows = await sql.fetch(
                f"SELECT {', '.join('t.' + c for c in _COLUMNS.split(', '))}, "
                f"{', '.join('e.' + c for c in _ENTRANT_COLUMNS.split(', '))} "
                "FROM tournament_entrants e JOIN tournaments t ON t.id = e.tournament_id "
                "WHERE e.user_id = ? AND t.guild_id = ? ORDER BY t.id DESC", user_id, guild_id)
            width, both = len(_COLUMNS.split(", ")), len(_COLUMNS.split(", ")) + len(_ENTRANT_COLUMNS.split(", "))
            values = [[r[i] for i in range(both)] for r in rows]
            return [(_tournament(v[:width]), _entrant(v[width:])) for v in values]
        return await self.sql_read(op)

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
        async def op(sql: Sql) -> bool:
            rows = await sql.fetch("UPDATE tournament_rounds SET closed_at = ? WHERE tournament_id = ? AND round = ? "
                                   "AND closed_at IS NULL RETURNING round", now, tournament_id, round_no)
            if rows:
                await add_news(sql, tournament_id, "round_closed", news, now)
            return bool(rows)
        return await self.sql_write(op)

    async def set_deadline(self, tournament_id: int, round_no: int, deadline: float) -> None:
        async def op(sql: Sql) -> None:
            await sql.execute("UPDATE tournament_rounds SET deadline = ? WHERE tournament_id = ? AND round = ?",
                              deadline, tournament_id, round_no)
        await self.sql_write(op)

    async def rounds(self, tournament_id: int) -> list[RoundRow]:
        async def op(sql: Sql) -> list[RoundRow]:
            rows = await sql.fetch("SELECT tournament_id, round, byes, opened_at, deadline, closed_at "
                                   "FROM tournament_rounds WHERE tournament_id = ? ORDER BY round", tournament_id)
            return [RoundRow(r[0], r[1], _tuple(r[2]) or (), r[3], r[4], r[5]) for r in rows]
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

    async def open_table_game(self, table: TableRow, lobby: TableLobby, now: float) -> int:
        """The table's game, created with every seat taken and linked to the table in one
        transaction; a table that has its game already gets that one back."""
        async def op(sql: Sql) -> int:
            linked = await sql.fetch("SELECT game_id FROM tournament_tables WHERE tournament_id = ? AND round = ? "
                                     "AND table_no = ?", table.tournament_id, table.round, table.table_no)
            if linked and linked[0][0] is not None:
                return int(linked[0][0])
            rows = await sql.fetch(
                "INSERT INTO games (guild_id, channel_id, game, options, host_id, created_at, updated_at, clock, "
                "timeout_policy) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
                lobby.guild_id, lobby.channel_id, lobby.game, dumps(lobby.options), lobby.host_id, now, now,
                lobby.clock, "stand_in")
            game_id = int(rows[0][0])
            await sql.execute_many("INSERT INTO seats (game_id, seat, user_id, ai, name, joined_at) "
                                   "VALUES (?, ?, ?, ?, ?, ?)",
                                   [(game_id, seat, user_id, ai, name, now)
                                    for seat, (name, user_id, ai) in enumerate(lobby.seats)])
            await sql.execute("UPDATE tournament_tables SET game_id = ? WHERE tournament_id = ? AND round = ? "
                              "AND table_no = ?", game_id, table.tournament_id, table.round, table.table_no)
            return game_id
        return await self.sql_write(op)

    async def decide_table(self, table: TableRow, places: Sequence[int], scores: Sequence[int] | None,
                           decided: str, note: str) -> bool:
        """A table's result, once: False if it was decided already."""
        async def op(sql: Sql) -> bool:
            rows = await sql.fetch(
                "UPDATE tournament_tables SET places = ?, scores = ?, decided = ?, note = ? WHERE tournament_id = ? "
                "AND round = ? AND table_no = ? AND places IS NULL RETURNING table_no",
                dumps(list(places)), None if scores is None else dumps(list(scores)), decided, note,
                table.tournament_id, table.round, table.table_no)
            return bool(rows)
        return await self.sql_write(op)

    # -- news -------------------------------------------------------------------------------------
    async def post_news(self, tournament_id: int, kind: str, body: JSON, now: float) -> None:
        async def op(sql: Sql) -> None:
            await add_news(sql, tournament_id, kind, body, now)
        await self.sql_write(op)

    async def untold_news(self, tournament_id: int | None = None) -> list[News]:
        """News not yet taken to be told (of one event, or of all), oldest first."""
        where, params = ("told_at IS NULL AND tournament_id = ?", (tournament_id,)) if tournament_id is not None \
            else ("told_at IS NULL", ())

        async def op(sql: Sql) -> list[News]:
            rows = await sql.fetch(f"SELECT tournament_id, seq, kind, body, created_at FROM tournament_news "
                                   f"WHERE {where} ORDER BY tournament_id, seq", *params)
            return [News(r[0], r[1], r[2], json.loads(r[3]), r[4]) for r in rows]
        return await self.sql_read(op)

    async def take_news(self, news: News, now: float) -> bool:
        """Mark news as being told; True for the one caller that marked it (told at most once)."""
        async def op(sql: Sql) -> bool:
            rows = await sql.fetch("UPDATE tournament_news SET told_at = ? WHERE tournament_id = ? AND seq = ? "
                                   "AND told_at IS NULL RETURNING seq", now, news.tournament_id, news.seq)
            return bool(rows)
        return await self.sql_write(op)
