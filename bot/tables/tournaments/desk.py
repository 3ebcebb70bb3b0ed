"""What the parts of the event service share: the event's rows read whole (a damaged one sets the
event aside), its view, its lock and timer (in the tournaments' key space), and the listeners
told that an event changed (docs/tournaments.md)."""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Protocol, TypeVar, runtime_checkable

from bot.store import keys
from bot.store.errors import DamagedEvent
from bot.store.keys import Space
from bot.store.outbox import OutboxStore
from bot.store.records import JSON
from bot.store.tournaments import (
    SIGNUP,
    TOURNAMENT_TIMER,
    EntrantRow,
    News,
    RoundRow,
    TableRow,
    Terms,
    TournamentRow,
    TournamentStore,
)
from bot.tables.errors import EventUnavailable, NoSuchGame, NotAllowed
from bot.tables.gate import Gate
from bot.tables.lobby import Lobby
from bot.tables.play import Play
from bot.tables.records import Records
from bot.tables.seating import Seating
from bot.tables.servers import Servers
from bot.tournaments import formats, scoring
from bot.tournaments.formats import Event, Format, Paired
from bot.tournaments.scoring import Decided, Line
from engine.errors import BadOptions

log = logging.getLogger(__name__)
T = TypeVar("T")

HOUR = 3600.0
LOOK_NOW, NEXT_DUE = 0, -1  # an event's two timers (their `seat` in `timers`)
LATENESS_LABELS = {scoring.COUNTS: "a stand-in's place counts for its entrant",
                   scoring.LAST: "a seat a stand-in finished is ranked last at its table"}


@dataclass(frozen=True)
class TournamentView:
    """An event as adapters show it: its terms and state, entrants, rounds, tables, standings."""

    row: TournamentRow
    title: str  # the game's title
    entrants: tuple[EntrantRow, ...]
    rounds: tuple[RoundRow, ...]
    tables: tuple[TableRow, ...]
    event: Event
    standings: tuple[Line, ...]

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def terms(self) -> Terms:
        return self.row.terms

    @property
    def format(self) -> Format:
        return formats.get(self.terms.format)

    def entrant_of(self, user_id: int) -> EntrantRow | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def entrant(self, number: int) -> EntrantRow | None:
        return next((e for e in self.entrants if e.entrant == number), None)

    def name_of(self, entrant: int) -> str:
        found = self.entrant(entrant)
        return found.name if found is not None else f"entrant {entrant + 1}"

    def tables_of(self, round_no: int) -> list[TableRow]:
        return [t for t in self.tables if t.round == round_no]

    def line_of(self, entrant: int) -> Line | None:
        return next((line for line in self.standings if line.entrant == entrant), None)

    @property
    def rounds_text(self) -> str:
        total = self.row.terms.rounds
        if self.row.status == SIGNUP:
            return f"{total} rounds" if self.format.asks_rounds else "worked out at the start"
        return f"round {self.row.round} of {total}"

    @property
    def taking_late_entries(self) -> bool:
        """Whether someone may still join the running event (docs/tournaments.md, "Late entries")."""
        return self.row.status != SIGNUP and self.row.paused_at is None and self.row.round < self.terms.late_until


def standings_record(view: TournamentView, lines: Sequence[Line]) -> JSON:
    """The standings as data, kept in the news that tells them (so a post shows them as they were
    when the round closed, however late it is posted): every line with its entrant's name and
    the tie-breaks' values, and the columns the format shows."""
    shown = [b for b in view.format.tie_breaks if b is not scoring.POINTS]
    rows = []
    for line in lines:
        entrant = view.entrant(line.entrant)
        rows.append({"entrant": line.entrant, "place": line.place, "name": view.name_of(line.entrant),
                     "user_id": entrant.user_id if entrant is not None else None,
                     "ai": entrant is not None and entrant.ai is not None, "points": line.points,
                     "played": line.played, "byes": line.byes, "out": line.out,
                     "values": [line.value(b.key) for b in shown]})
    return {"columns": [b.heading for b in shown], "note": view.format.rules_note(), "lines": rows}


@runtime_checkable
class TournamentListener(Protocol):
    """An adapter told when an event changed (sign-ups, news to tell); it reads what it shows."""

    async def on_tournament(self, tournament_id: int) -> None: ...


class Rooms(Protocol):
    """Where a table plays (a thread, in Discord): opened before its game starts, pinging its
    players; None when the adapter has no room for it (the game plays in the channel)."""

    async def open_room(self, event: TournamentRow, table: TableRow, seats: Sequence[EntrantRow],
                        game_id: int) -> int | None: ...


class Desk:
    """The event service's shared parts: the table service's pieces, the rows, each event's lock,
    timer and listeners."""

    def __init__(self, gate: Gate, lobby: Lobby, play: Play, seating: Seating, servers: Servers,
                 records: Records) -> None:
        self.gate, self.lobby, self.play, self.seating = gate, lobby, play, seating
        self.servers, self.records = servers, records
        self.rows: TournamentStore = gate.store.tournaments
        self.news: OutboxStore = gate.store.outbox  # the event's news: the outbox's part of the store
        self.rooms: Rooms | None = None
        self.listeners: list[TournamentListener] = []
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def now(self) -> float:
        return self.gate.clock()

    async def tell(self, tournament_id: int) -> None:
        """Tell the listeners the event changed (they read what to show from the store)."""
        for listener in self.listeners:
            try:
                await listener.on_tournament(tournament_id)
            except Exception:
                log.exception("telling tournament %d's news failed", tournament_id)

    @asynccontextmanager
    async def locked(self, tournament_id: int) -> AsyncIterator[None]:
        """The event's critical section: this process's lock, and across processes the store's
        lock on the event's key (never a game's, the leader's or the migrations')."""
        lock = self._locks.get(tournament_id)
        if lock is None:
            lock = self._locks[tournament_id] = asyncio.Lock()
        async with lock, self.gate.store.lock(keys.tournament(tournament_id)):
            yield

    async def wake(self, tournament_id: int, due_at: float) -> None:
        """Set the event's timer (the leading process runs it). An event has two: a look again now
        (something changed: a game ended, the organiser acted) and its next due time (a deadline),
        so writing the next deadline after a look never pushes back a look asked for meanwhile.
        Each wake carries a token of its own (the timer's state id), so one arriving while the
        last runs, for the same moment, is kept: the scheduler deletes a timer that ran only while
        it is still the one it ran."""
        slot = LOOK_NOW if due_at <= self.now() else NEXT_DUE
        await self.gate.set_timer(tournament_id, TOURNAMENT_TIMER, due_at, seat=slot, space=Space.TOURNAMENT,
                                  state_id=secrets.randbits(31))

    async def changed(self, tournament_id: int) -> TournamentView:
        await self.tell(tournament_id)
        return await self.view(tournament_id)

    # -- reading an event whole ------------------------------------------------------------------------
    async def row(self, tournament_id: int) -> TournamentRow:
        """The event's row; an event set aside, or whose row no longer decodes, is refused politely."""
        row = await self._whole(tournament_id, self.rows.tournament)
        if row is None:
            raise NoSuchGame(f"There is no tournament #{tournament_id}.")
        if row.broken is not None:
            raise self._unavailable(tournament_id)
        return row

    async def view(self, tournament_id: int) -> TournamentView:
        row = await self.row(tournament_id)
        entrants = tuple(await self._whole(tournament_id, self.rows.entrants))
        rounds = tuple(await self._whole(tournament_id, self.rows.rounds))
        tables = tuple(await self._whole(tournament_id, self.rows.tournament_tables))
        event = Event(entrants=tuple(e.entrant for e in entrants), ratings={e.entrant: e.rating for e in entrants},
                      out=frozenset(e.entrant for e in entrants if e.out),
                      rounds=tuple(Paired(r.round, tuple(t.entrants for t in tables if t.round == r.round), r.byes)
                                   for r in rounds),
                      decided=tuple(Decided(t.round, t.entrants, t.places, t.scores) for t in tables
                                    if t.places is not None),
                      seats=row.terms.seats, smallest=self.gate.games(row.terms.game).min_players)
        try:
            form = formats.get(row.terms.format)
        except BadOptions:  # a format this Skald no longer has: the event can't be run or ranked
            await self.rows.mark_broken(tournament_id, f"unknown format {row.terms.format!r}")
            raise self._unavailable(tournament_id) from None
        return TournamentView(row, self.gate.games(row.terms.game).title, entrants, rounds, tables, event,
                              tuple(form.standings(event)))

    async def untold(self, tournament_id: int) -> list[News]:
        """The event's news still to tell (a damaged item sets the event aside)."""
        return await self._whole(tournament_id, self.news.untold_news)

    async def _whole(self, tournament_id: int, read: Callable[[int], Awaitable[T]]) -> T:
        """One read of the event's rows; a row that no longer decodes sets the event aside."""
        try:
            return await read(tournament_id)
        except DamagedEvent as damaged:
            log.error("tournament %d is set aside: %s does not decode (%s); `skald db verify` names it",
                      tournament_id, damaged.what, type(damaged.cause).__name__)
            await self.rows.mark_broken(tournament_id, f"DamagedEvent: {damaged.what}")
            raise self._unavailable(tournament_id) from None

    @staticmethod
    def _unavailable(tournament_id: int) -> EventUnavailable:
        return EventUnavailable(f"Tournament #{tournament_id} can't be used right now: part of its record is damaged. "
                                "The bot's operators can see which with `skald db verify`; every other event goes on.")


def require_organiser(row: TournamentRow, user_id: int, is_admin: bool, what: str) -> None:
    if user_id != row.terms.organiser_id and not is_admin:
        raise NotAllowed(f"Only the organiser (<@{row.terms.organiser_id}>) or a tournament admin can {what}.")
