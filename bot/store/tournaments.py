"""Tournaments in the store (schemas 9 and 10, docs/tournaments.md): an event's terms, its
entrants, its rounds and their tables. Its news is the outbox's (bot/store/outbox.py), written
here in the transaction of the change it tells.

What must happen once happens in one transaction with the check that makes it once: a round's
row and its tables (a second pairing of the same round finds the row and writes nothing), a
table's link to its game, a table's result (decided once), the final ranking.

A row that no longer decodes raises DamagedEvent naming its table and column: the service sets
that event aside (`mark_broken`), and listings leave it out, so one damaged event never stops
the others (or the bot's start).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

import sqlalchemy as sa

from bot.store.codec import dumps
from bot.store.database import Database
from bot.store.errors import DamagedEvent, SeatsTaken, StateConflict
from bot.store.grouping import Sql
from bot.store.outbox import NEWS_ORDERED as _NEWS
from bot.store.outbox import News, add_news, news_row
from bot.store.records import JSON
from bot.store.rows import DECODING, Row
from bot.store.schema import tournament_entrants, tournament_rounds, tournament_tables, tournaments
from bot.store.statements import columns, p

__all__ = ["CANCELLED", "FINISHED", "RUNNING", "SIGNUP", "TOURNAMENT_TIMER", "EntrantRow", "News", "RoundRow",
           "TableRow", "Terms", "TournamentRow", "TournamentStore"]

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


T, E, R, TB = tournaments, tournament_entrants, tournament_rounds, tournament_tables
# An UPDATE sets the columns its parameters name (SQLAlchemy's way): a parameter of its WHERE is
# never named after a column of its table (`..._is`).
_EVENT = sa.select(*columns(T, _COLUMNS))
_EVENT_BY_ID = _EVENT.where(T.c.id == p("tournament_id"))
_CREATE = sa.insert(T).returning(T.c.id)
_IDS = sa.select(T.c.id).order_by(T.c.id)
_SET_EVENT = sa.update(T).where(T.c.id == p("tournament_id"))
_OPEN = T.c.status.in_((SIGNUP, RUNNING))
_PAUSE = sa.update(T).where(T.c.id == p("tournament_id"), T.c.paused_at.is_(None), _OPEN).returning(T.c.id)
_RESUME = sa.update(T).where(T.c.id == p("tournament_id"), T.c.paused_at.is_not(None), _OPEN).returning(T.c.id)
_ROUND = sa.and_(R.c.tournament_id == p("tournament_id"), R.c.round == p("round"))
_ROUND_IS = sa.and_(R.c.tournament_id == p("tournament_id_is"), R.c.round == p("round_is"))
_MOVE_DEADLINE = sa.update(R).where(_ROUND_IS)
_BEGIN = (sa.update(T).where(T.c.id == p("tournament_id"), T.c.status == SIGNUP).values(status=RUNNING)
          .returning(T.c.id))
_ENTRANT = sa.and_(E.c.tournament_id == p("tournament_id"), E.c.entrant == p("entrant"))
_ENTRANT_IS = sa.update(E).where(E.c.tournament_id == p("tournament_id_is"), E.c.entrant == p("entrant_is"))
_WITHDRAW = sa.delete(E).where(_ENTRANT)
_END = sa.update(T).where(T.c.id == p("tournament_id"), _OPEN).returning(T.c.id)
_TAKING = sa.select(T.c.status, T.c.max_entrants, T.c.round, T.c.late_until).where(
    T.c.id == p("tournament_id"), T.c.broken.is_(None))
_SIGNED_UP = sa.select(sa.literal(1)).where(E.c.tournament_id == p("tournament_id"), E.c.user_id == p("user_id"))
_COUNTED = sa.select(sa.func.count(), sa.func.coalesce(sa.func.max(E.c.entrant), -1)).where(
    E.c.tournament_id == p("tournament_id"))
_ADD_ENTRANT = sa.insert(E).returning(*columns(E, _ENTRANT_COLUMNS))
_TOUCH = sa.update(T).where(T.c.id == p("tournament_id")).values(updated_at=p("now"))
_STATUS = sa.select(T.c.status).where(T.c.id == p("tournament_id"))
_CHECK_IN = (_ENTRANT_IS.where(E.c.checked_in.is_(None),
                               sa.exists().where(T.c.id == p("tournament_id_is"), T.c.status == SIGNUP))
             .returning(E.c.entrant))
_DROP = _ENTRANT_IS.where(E.c.dropped_round.is_(None)).returning(E.c.entrant)
_ENTRANTS = (sa.select(*columns(E, _ENTRANT_COLUMNS)).where(E.c.tournament_id == p("tournament_id"))
             .order_by(E.c.entrant))
_EVENTS_OF = (sa.select(*columns(T, _COLUMNS), *columns(E, _ENTRANT_COLUMNS)).join(T, T.c.id == E.c.tournament_id)
              .where(E.c.user_id == p("user_id"), T.c.guild_id == p("guild_id"), T.c.broken.is_(None))
              .order_by(T.c.id.desc()))
_PAIRED = sa.select(sa.literal(1)).where(_ROUND)
_ADD_ROUND = sa.insert(R)
_ADD_TABLES = sa.insert(TB)
_CLOSE_ROUND = sa.update(R).where(_ROUND_IS, R.c.closed_at.is_(None)).returning(R.c.round)
_ROUND_COLUMNS = "tournament_id, round, byes, opened_at, deadline, closed_at"
_ROUNDS = sa.select(*columns(R, _ROUND_COLUMNS)).where(R.c.tournament_id == p("tournament_id")).order_by(R.c.round)
_TABLE_SELECT = sa.select(*columns(TB, _TABLE_COLUMNS))
_TABLES = _TABLE_SELECT.where(TB.c.tournament_id == p("tournament_id")).order_by(TB.c.round, TB.c.table_no)
_TABLE_OF_GAME = _TABLE_SELECT.where(TB.c.game_id == p("game_id"))
_TABLE_IS = sa.and_(TB.c.tournament_id == p("tournament_id_is"), TB.c.round == p("round_is"),
                    TB.c.table_no == p("table_no_is"))
_LINK = sa.update(TB).where(_TABLE_IS, TB.c.game_id.is_(None))
_LINKED = sa.select(TB.c.game_id).where(_TABLE_IS)
_DECIDE = sa.update(TB).where(_TABLE_IS, TB.c.places.is_(None)).returning(TB.c.table_no)
_CORRECT = sa.update(TB).where(_TABLE_IS, TB.c.places == p("was")).values(decided="corrected").returning(TB.c.table_no)


def _key(table: TableRow) -> dict[str, int]:
    """The table, as an UPDATE's WHERE names it."""
    return {"tournament_id_is": table.tournament_id, "round_is": table.round, "table_no_is": table.table_no}


class TournamentStore:
    """Tournament rows: the event, its entrants, its rounds and their tables."""

    def __init__(self, db: Database) -> None:
        self._db = db

    # -- the event --------------------------------------------------------------------------------
    async def create_tournament(self, terms: Terms, now: float) -> int:
        values = {name: getattr(terms, name) for name in _TERMS}
        values["options"] = dumps(terms.options)
        return await self._db.write(lambda conn: int(conn.execute(_CREATE, {**values, "created_at": now,
                                                                            "updated_at": now}).scalar_one()))

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        """The event (DamagedEvent when its row no longer decodes)."""
        row = await self._db.read(lambda conn: conn.execute(_EVENT_BY_ID, {"tournament_id": tournament_id}).first())
        return None if row is None else _tournament(row)

    async def find(self, *, guild_id: int | None = None, statuses: Sequence[str] = ()) -> list[TournamentRow]:
        """A server's events (every server's without `guild_id`), newest first; events set aside
        are left out, and a row that no longer decodes sets its event aside here."""
        query = _EVENT.where(T.c.broken.is_(None))
        if guild_id is not None:
            query = query.where(T.c.guild_id == guild_id)
        if statuses:
            query = query.where(T.c.status.in_(list(statuses)))
        query = query.order_by(T.c.id.desc())
        found = []
        for row in await self._db.read(lambda conn: conn.execute(query).all()):
            try:
                found.append(_tournament(row))
            except DamagedEvent as damaged:
                await self.mark_broken(damaged.tournament_id, f"DamagedEvent: {damaged.what}")
        return found

    async def ids(self) -> list[int]:
        """Every event's id, set aside or not (`skald db verify`)."""
        return [int(r[0]) for r in await self._db.read(lambda conn: conn.execute(_IDS).all())]

    async def mark_broken(self, tournament_id: int, reason: str | None) -> None:
        """Set the event aside (None: take it back, `skald db verify` found it whole again)."""
        await self._db.write(lambda conn: conn.execute(_SET_EVENT, {"broken": reason, "tournament_id": tournament_id}))

    async def set_tournament(self, tournament_id: int, field: str, value: int | float | str | None,
                             now: float) -> None:
        if field not in SETTABLE:
            raise ValueError(f"{field} is not a tournament column the service sets.")
        await self._db.write(lambda conn: conn.execute(_SET_EVENT, {field: value, "updated_at": now,
                                                                    "tournament_id": tournament_id}))

    async def pause(self, tournament_id: int, paused_at: float | None, now: float,
                    deadline: tuple[int, float] | None) -> bool:
        """Pause (or, `paused_at` None, resume) the event, moving the open round's deadline when
        given (round, new deadline), with its news; False if it was so already."""
        def op(conn: Sql) -> bool:
            statement = _PAUSE if paused_at is not None else _RESUME
            if conn.execute(statement, {"paused_at": paused_at, "updated_at": now,
                                        "tournament_id": tournament_id}).first() is None:
                return False
            if deadline is not None:
                conn.execute(_MOVE_DEADLINE, {"deadline": deadline[1], "tournament_id_is": tournament_id,
                                              "round_is": deadline[0]})
            add_news(conn, tournament_id, "paused" if paused_at is not None else "resumed", {}, now)
            return True
        return await self._db.write(op)

    async def begin_tournament(self, tournament_id: int, ratings: Mapping[int, float], rounds: int, now: float,
                               news: JSON, withdrawn: Sequence[int] = ()) -> bool:
        """Sign-up over: the entrants who did not check in (`withdrawn`) taken off, the others'
        seeding ratings, the rounds, status running; False if it was no longer signing up."""
        def op(conn: Sql) -> bool:
            if conn.execute(_BEGIN, {"rounds": rounds, "updated_at": now,
                                     "tournament_id": tournament_id}).first() is None:
                return False
            if withdrawn:
                conn.execute(_WITHDRAW, [{"tournament_id": tournament_id, "entrant": e} for e in withdrawn])
            if ratings:
                conn.execute(_ENTRANT_IS, [{"rating": rating, "tournament_id_is": tournament_id, "entrant_is": entrant}
                                           for entrant, rating in ratings.items()])
            add_news(conn, tournament_id, "started", news, now)
            return True
        return await self._db.write(op)

    async def end_tournament(self, tournament_id: int, status: str, places: Mapping[int, int], now: float,
                             news: JSON) -> bool:
        """Finished (with every entrant's final place) or called off; False if it had ended already."""
        def op(conn: Sql) -> bool:
            ended = conn.execute(_END, {"status": status, "updated_at": now, "tournament_id": tournament_id})
            if ended.first() is None:
                return False
            if places:
                conn.execute(_ENTRANT_IS, [{"final_place": place, "tournament_id_is": tournament_id,
                                            "entrant_is": entrant} for entrant, place in places.items()])
            add_news(conn, tournament_id, status, news, now)
            return True
        return await self._db.write(op)

    # -- entrants ---------------------------------------------------------------------------------
    async def add_entrant(self, tournament_id: int, *, name: str, user_id: int | None, ai: str | None,
                          now: float, rating: float = 0.0, news: JSON | None = None) -> EntrantRow:
        """Sign someone up; the status, the limit and a person's earlier sign-up are checked in the
        same transaction, so two clicks (or two processes) sign up once and never past the limit.
        While the event runs, a late entry is taken until its `late_until` round is paired, with
        its news (`news`)."""
        def op(conn: Sql) -> EntrantRow:
            found = conn.execute(_TAKING, {"tournament_id": tournament_id}).first()
            status, most, paired, late_until = (found[0], found[1], found[2], found[3]) if found else (None, 0, 0, 0)
            late = status == RUNNING and int(paired) < int(late_until)
            if status != SIGNUP and not late:
                raise StateConflict(f"Tournament #{tournament_id} is no longer taking sign-ups.")
            if user_id is not None and conn.execute(_SIGNED_UP, {"tournament_id": tournament_id,
                                                                 "user_id": user_id}).first():
                raise StateConflict(f"You are signed up for tournament #{tournament_id} already.")
            count, last = conn.execute(_COUNTED, {"tournament_id": tournament_id}).one()
            if int(count) >= int(most):
                raise SeatsTaken(f"Tournament #{tournament_id} is full ({most} entrants).")
            row = conn.execute(_ADD_ENTRANT, {"tournament_id": tournament_id, "entrant": int(last) + 1,
                                              "user_id": user_id, "ai": ai, "name": name, "rating": rating,
                                              "joined_at": now}).one()
            conn.execute(_TOUCH, {"now": now, "tournament_id": tournament_id})
            entrant = _entrant(row)
            if late and news is not None:
                add_news(conn, tournament_id, "joined", {**news, "entrant": entrant.entrant, "round": int(paired) + 1},
                         now)
            return entrant
        return await self._db.write(op)

    async def remove_entrant(self, tournament_id: int, entrant: int, now: float) -> bool:
        """Take back a sign-up while the event is still signing up; False if it started."""
        def op(conn: Sql) -> bool:
            if conn.execute(_STATUS, {"tournament_id": tournament_id}).scalar() != SIGNUP:
                return False
            conn.execute(_WITHDRAW, {"tournament_id": tournament_id, "entrant": entrant})
            conn.execute(_TOUCH, {"now": now, "tournament_id": tournament_id})
            return True
        return await self._db.write(op)

    async def check_in(self, tournament_id: int, entrant: int, now: float) -> bool:
        """The entrant says they will play; False if they had already (or sign-up is over)."""
        return await self._db.write(lambda conn: conn.execute(_CHECK_IN, {
            "checked_in": now, "tournament_id_is": tournament_id, "entrant_is": entrant}).first() is not None)

    async def drop_entrant(self, tournament_id: int, entrant: int, from_round: int, why: str, now: float,
                           news: JSON) -> bool:
        """Not paired from `from_round` on; False if dropped already."""
        def op(conn: Sql) -> bool:
            if conn.execute(_DROP, {"dropped_round": from_round, "dropped_why": why, "tournament_id_is": tournament_id,
                                    "entrant_is": entrant}).first() is None:
                return False
            add_news(conn, tournament_id, "dropped", news, now)
            return True
        return await self._db.write(op)

    async def entrants(self, tournament_id: int) -> list[EntrantRow]:
        rows = await self._db.read(lambda conn: conn.execute(_ENTRANTS, {"tournament_id": tournament_id}).all())
        return [_entrant(r) for r in rows]

    async def events_of(self, user_id: int, guild_id: int) -> list[tuple[TournamentRow, EntrantRow]]:
        """A person's events in the server, newest first (those set aside left out)."""
        width = len(_COLUMNS.split(", "))
        found = []
        for row in await self._db.read(lambda conn: conn.execute(_EVENTS_OF, {"user_id": user_id,
                                                                              "guild_id": guild_id}).all()):
            try:
                found.append((_tournament(row[:width]), _entrant(row[width:])))
            except DamagedEvent as damaged:
                await self.mark_broken(damaged.tournament_id, f"DamagedEvent: {damaged.what}")
        return found

    # -- rounds and tables ------------------------------------------------------------------------
    async def open_round(self, tournament_id: int, round_no: int, tables: Sequence[Sequence[int]],
                         byes: Sequence[int], now: float, deadline: float, news: JSON) -> bool:
        """A round's pairing, written once: its row, its tables and the news in one transaction;
        False when the round was paired already (by an earlier run, or another process)."""
        def op(conn: Sql) -> bool:
            if conn.execute(_PAIRED, {"tournament_id": tournament_id, "round": round_no}).first() is not None:
                return False
            conn.execute(_ADD_ROUND, {"tournament_id": tournament_id, "round": round_no, "byes": dumps(list(byes)),
                                      "opened_at": now, "deadline": deadline})
            if tables:
                conn.execute(_ADD_TABLES, [{"tournament_id": tournament_id, "round": round_no, "table_no": number,
                                            "entrants": dumps(list(table))}
                                           for number, table in enumerate(tables, start=1)])
            conn.execute(_SET_EVENT, {"round": round_no, "updated_at": now, "tournament_id": tournament_id})
            add_news(conn, tournament_id, "round", news, now)
            return True
        return await self._db.write(op)

    async def close_round(self, tournament_id: int, round_no: int, now: float, news: JSON) -> bool:
        """The round's close, with its news (which carries the standings as they stand now)."""
        def op(conn: Sql) -> bool:
            if conn.execute(_CLOSE_ROUND, {"closed_at": now, "tournament_id_is": tournament_id,
                                           "round_is": round_no}).first() is None:
                return False
            add_news(conn, tournament_id, "round_closed", news, now)
            return True
        return await self._db.write(op)

    async def set_deadline(self, tournament_id: int, round_no: int, deadline: float,
                           news: JSON | None = None) -> None:
        """Move the round's deadline (with `news`: the organiser closes it now, and the thread is told)."""
        def op(conn: Sql) -> None:
            conn.execute(_MOVE_DEADLINE, {"deadline": deadline, "tournament_id_is": tournament_id,
                                          "round_is": round_no})
            if news is not None:
                add_news(conn, tournament_id, "closing", news, deadline)
        await self._db.write(op)

    async def rounds(self, tournament_id: int) -> list[RoundRow]:
        rows = await self._db.read(lambda conn: conn.execute(_ROUNDS, {"tournament_id": tournament_id}).all())
        return [_round(r) for r in rows]

    async def tournament_tables(self, tournament_id: int) -> list[TableRow]:
        rows = await self._db.read(lambda conn: conn.execute(_TABLES, {"tournament_id": tournament_id}).all())
        return [_table(r) for r in rows]

    async def table_of_game(self, game_id: int) -> TableRow | None:
        """The tournament table a game is played at, if any."""
        row = await self._db.read(lambda conn: conn.execute(_TABLE_OF_GAME, {"game_id": game_id}).first())
        return None if row is None else _table(row)

    async def link_game(self, table: TableRow, game_id: int) -> int:
        """The table's game: `game_id`, unless the table has one already (then that one)."""
        def op(conn: Sql) -> int:
            conn.execute(_LINK, {**_key(table), "game_id": game_id})
            return int(conn.execute(_LINKED, _key(table)).scalar_one())
        return await self._db.write(op)

    async def decide_table(self, table: TableRow, places: Sequence[int], scores: Sequence[int] | None,
                           decided: str, note: str, news: tuple[str, JSON] | None = None, now: float = 0.0) -> bool:
        """A table's result, once (with `news`, kind and body, in the same transaction): False if it
        was decided already."""
        def op(conn: Sql) -> bool:
            if conn.execute(_DECIDE, {**_key(table), "places": dumps(list(places)),
                                      "scores": None if scores is None else dumps(list(scores)),
                                      "decided": decided, "note": note}).first() is None:
                return False
            if news is not None:
                add_news(conn, table.tournament_id, news[0], news[1], now)
            return True
        return await self._db.write(op)

    async def correct_table(self, table: TableRow, places: Sequence[int], note: str, now: float, news: JSON) -> bool:
        """The organiser corrects a decided table's places, with the news that tells it; False if
        the table was not decided (or no longer as read)."""
        def op(conn: Sql) -> bool:
            if conn.execute(_CORRECT, {**_key(table), "places": dumps(list(places)), "note": note,
                                       "was": dumps(list(table.places or ()))}).first() is None:
                return False
            add_news(conn, table.tournament_id, "corrected", news, now)
            return True
        return await self._db.write(op)

    # -- checking ---------------------------------------------------------------------------------------
    async def damage(self, tournament_id: int) -> list[str]:
        """Every row of the event that no longer decodes, by table and column (`skald db verify`)."""
        reads: list[tuple[sa.Select[Any], Callable[[Row], Any]]] = [
            (_EVENT_BY_ID, _tournament), (_ENTRANTS, _entrant), (_ROUNDS, _round), (_TABLES, _table),
            (_NEWS, news_row)]

        def op(conn: Sql) -> list[tuple[list[Row], Callable[[Row], Any]]]:
            return [(list(conn.execute(query, {"tournament_id": tournament_id}).all()), decode)
                    for query, decode in reads]
        found: list[str] = []
        for rows, decode in await self._db.read(op, snapshot=True):
            for row in rows:
                try:
                    decode(row)
                except DamagedEvent as damaged:
                    found.append(damaged.what)
        return found
