"""Tournaments over the table service (docs/tournaments.md): sign-up, rounds as tables, standings,
and the organiser's controls. Pairing and scoring are pure (bot/tournaments/); the rows are the
store's (bot/store/tournaments.py); the tables are ordinary games, opened seated and started
through the lobby, so clocks, stand-ins, records and ratings work as for any table.

Who advances an event: its timer (`timers`, under minus its id), which only the leading process
runs. Everything that concerns the event — a table's game ending, the organiser's start, a
deadline, sign-up closing — sets that timer to "now" (or its due time); `advance` then looks at
what the database holds and does what is due, under the event's lock (across processes too).
Every step that must happen once is written with the check that makes it once (a round's row,
a table's game, a table's result, the final ranking), so a crash, a second run or a new leader
picks up where the last stopped and never pairs or opens anything twice.
"""

from __future__ import annotations

import asyncio
import logging
import math
import weakref
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from bot import credit
from bot.notify import PublicUpdate
from bot.store.errors import SeatsTaken, StateConflict
from bot.store.records import Timer
from bot.store.tournaments import (
    CANCELLED,
    FINISHED,
    RUNNING,
    SIGNUP,
    TOURNAMENT_TIMER,
    EntrantRow,
    RoundRow,
    TableLobby,
    TableRow,
    Terms,
    TournamentRow,
    timer_id,
)
from bot.tables import clocks
from bot.tables.errors import (
    AlreadySeated,
    AlreadyStarted,
    GameClosed,
    GameFull,
    GameUnavailable,
    NoSuchGame,
    NotAllowed,
    NotInGame,
    TooFewPlayers,
    UnknownAI,
)
from bot.tables.gate import Gate
from bot.tables.lobby import Lobby
from bot.tables.play import Play
from bot.tables.ratings import entrant_key
from bot.tables.records import Records
from bot.tables.seating import Seating
from bot.tables.servers import Servers
from bot.tables.types import ABANDONED, LOBBY
from bot.tables.types import FINISHED as GAME_FINISHED
from bot.tables.types import RUNNING as GAME_RUNNING
from bot.tournaments import pairing, scoring
from bot.tournaments.scoring import ELIMINATION, FORMATS, LATENESS, ROUND_ROBIN, SWISS, Decided, Line
from engine.core import validate_options
from engine.errors import BadOptions

log = logging.getLogger(__name__)

HOUR = 3600.0
MAX_ENTRANTS = 1000
MAX_ROUNDS = 30
DEFAULT_ROUND_HOURS = 7 * 24.0
FORMAT_LABELS = {SWISS: "Swiss", ROUND_ROBIN: "round-robin", ELIMINATION: "single elimination"}
LATENESS_LABELS = {scoring.COUNTS: "a stand-in's place counts for its entrant",
                   scoring.LAST: "a seat a stand-in finished is ranked last at its table"}


@dataclass(frozen=True)
class NewTournament:
    """What an organiser asks for; None takes the default (docs/tournaments.md, "Creating one")."""

    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    game: str
    options: dict[str, object] | None = None
    format: str = SWISS
    seats: int | None = None  # players per table: the game's largest up to 4
    rounds: int | None = None  # Swiss only: enough to find a winner (log2 of the field, at least 3)
    clock: str | None = None  # the server's clock
    lateness: str = scoring.COUNTS
    round_hours: float = DEFAULT_ROUND_HOURS
    signup_hours: float | None = None  # None: the organiser starts it
    min_entrants: int | None = None  # a full table
    max_entrants: int = 64
    min_reliability: int | None = None  # the server's


@dataclass(frozen=True)
class TournamentView:
    """An event as adapters show it: its terms and state, entrants, rounds, tables, standings."""

    row: TournamentRow
    title: str  # the game's title
    entrants: tuple[EntrantRow, ...]
    rounds: tuple[RoundRow, ...]
    tables: tuple[TableRow, ...]
    standings: tuple[Line, ...]

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def terms(self) -> Terms:
        return self.row.terms

    def entrant_of(self, user_id: int) -> EntrantRow | None:
        return next((e for e in self.entrants if e.user_id == user_id), None)

    def name_of(self, entrant: int) -> str:
        return next((e.name for e in self.entrants if e.entrant == entrant), f"entrant {entrant + 1}")

    def tables_of(self, round_no: int) -> list[TableRow]:
        return [t for t in self.tables if t.round == round_no]

    def line_of(self, entrant: int) -> Line | None:
        return next((line for line in self.standings if line.entrant == entrant), None)

    @property
    def rounds_text(self) -> str:
        total = self.row.terms.rounds
        if self.row.status == SIGNUP:
            return f"{total} rounds" if self.terms.format == SWISS else "worked out at the start"
        return f"round {self.row.round} of {total}"


@runtime_checkable
class TournamentListener(Protocol):
    """An adapter told when an event changed (sign-ups, news to tell); it reads what it shows."""

    async def on_tournament(self, tournament_id: int) -> None: ...


class Rooms(Protocol):
    """Where a table plays (a thread, in Discord): opened before its game starts, pinging its
    players; None when the adapter has no room for it (the game plays in the channel)."""

    async def open_room(self, event: TournamentRow, table: TableRow, seats: Sequence[EntrantRow],
                        game_id: int) -> int | None: ...


class Tournaments:
    """Events of a server: sign-up, the organiser's controls, and the rounds' advance."""

    def __init__(self, gate: Gate, lobby: Lobby, play: Play, seating: Seating, servers: Servers,
                 records: Records) -> None:
        self.gate, self.lobby, self.play, self.seating = gate, lobby, play, seating
        self.servers, self.records = servers, records
        self.rows = gate.store.tournaments
        self.rooms: Rooms | None = None
        self._listeners: list[TournamentListener] = []
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def attach(self, listener: TournamentListener) -> None:
        self._listeners.append(listener)

    async def _tell(self, tournament_id: int) -> None:
        for listener in self._listeners:
            try:
                await listener.on_tournament(tournament_id)
            except Exception:
                log.exception("telling tournament %d's news failed", tournament_id)

    @asynccontextmanager
    async def _locked(self, tournament_id: int) -> AsyncIterator[None]:
        lock = self._locks.get(tournament_id)
        if lock is None:
            lock = self._locks[tournament_id] = asyncio.Lock()
        async with lock, self.gate.store.game_lock(timer_id(tournament_id)):
            yield

    # -- reading ----------------------------------------------------------------------------------
    async def _row(self, tournament_id: int) -> TournamentRow:
        row = await self.rows.tournament(tournament_id)
        if row is None:
            raise NoSuchGame(f"There is no tournament #{tournament_id}.")
        return row

    async def view(self, tournament_id: int) -> TournamentView:
        row = await self._row(tournament_id)
        entrants = tuple(await self.rows.entrants(tournament_id))
        rounds = tuple(await self.rows.rounds(tournament_id))
        tables = tuple(await self.rows.tournament_tables(tournament_id))
        return TournamentView(row, self.gate.games(row.terms.game).title, entrants, rounds, tables,
                              tuple(_standings(row, entrants, rounds, tables)))

    async def find(self, guild_id: int, statuses: Sequence[str] = ()) -> list[TournamentRow]:
        return await self.rows.find(guild_id=guild_id, statuses=statuses)

    async def events_of(self, user_id: int, guild_id: int) -> list[tuple[TournamentRow, EntrantRow]]:
        """A person's events in the server, newest first (for `/stats` and `/tournament mine`)."""
        return await self.rows.events_of(user_id, guild_id)

    # -- creating and signing up ------------------------------------------------------------------
    async def create(self, new: NewTournament) -> TournamentView:
        """A new event taking sign-ups; its terms are checked here, with a reason for each refusal."""
        engine = self.gate.games(new.game)
        if engine.cooperative:
            raise BadOptions(f"{engine.title} is cooperative: its tables win or lose together, so there are no "
                             "places to rank a tournament by.")
        options = validate_options(engine.options(), new.options)
        engine.setup(engine.min_players, options, 0)
        seats = new.seats if new.seats is not None else min(engine.max_players, 4)
        if not engine.min_players <= seats <= engine.max_players:
            raise BadOptions(f"{engine.title} seats {engine.min_players}–{engine.max_players} players a table, "
                             f"not {seats}.")
        if new.format not in FORMATS:
            raise BadOptions(f"A tournament is {', '.join(FORMATS)}; not {new.format!r}.")
        if new.lateness not in LATENESS:
            raise BadOptions(f"Lateness is {' or '.join(LATENESS)}; not {new.lateness!r}.")
        settings = await self.servers.settings(new.guild_id)
        try:
            clock = clocks.check(settings.clock if new.clock is None else new.clock)
        except clocks.BadClock as error:
            raise BadOptions(str(error)) from None
        if not 2 <= new.max_entrants <= MAX_ENTRANTS:
            raise BadOptions(f"A tournament takes 2 to {MAX_ENTRANTS} entrants at most, not {new.max_entrants}.")
        least = new.min_entrants if new.min_entrants is not None else min(seats, new.max_entrants)
        if not max(2, engine.min_players) <= least <= new.max_entrants:
            raise BadOptions(f"The least number of entrants must be from {max(2, engine.min_players)} to the most "
                             f"({new.max_entrants}), not {least}.")
        rounds = 0
        if new.format == SWISS:
            rounds = new.rounds if new.rounds is not None else max(3, math.ceil(math.log2(max(new.max_entrants, 2))))
            if not 1 <= rounds <= MAX_ROUNDS:
                raise BadOptions(f"A Swiss tournament plays 1 to {MAX_ROUNDS} rounds, not {rounds}.")
        elif new.rounds is not None:
            raise BadOptions("Only a Swiss tournament takes a number of rounds: the others play until every pairing "
                             "has met (round-robin) or one entrant is left (elimination).")
        if not 1 <= new.round_hours <= 24 * 60:
            raise BadOptions(f"A round lasts from 1 hour to 60 days, not {new.round_hours:g} hours.")
        if new.signup_hours is not None and not 0 < new.signup_hours <= 24 * 60:
            raise BadOptions(f"Sign-up lasts up to 60 days, not {new.signup_hours:g} hours.")
        reliability = settings.min_reliability if new.min_reliability is None else new.min_reliability
        if not 0 <= reliability <= 100:
            raise BadOptions(f"A minimum reliability is a percentage from 0 to 100, not {reliability}.")
        name = " ".join(new.name.split())[:80] or f"{engine.title} tournament"
        now = self.gate.clock()
        until = None if new.signup_hours is None else now + new.signup_hours * HOUR
        terms = Terms(guild_id=new.guild_id, channel_id=new.channel_id, organiser_id=new.organiser_id, name=name,
                      game=engine.name, options=options, format=new.format, seats=seats, rounds=rounds, clock=clock,
                      lateness=new.lateness, round_hours=new.round_hours, signup_until=until, min_entrants=least,
                      max_entrants=new.max_entrants, min_reliability=reliability)
        tournament_id = await self.rows.create_tournament(terms, now)
        if until is not None:
            await self._wake(tournament_id, until)
        return await self.view(tournament_id)

    async def join(self, tournament_id: int, user_id: int, name: str) -> TournamentView:
        row = await self._row(tournament_id)
        _require_signup(row)
        await self.servers.require_reliable(row.terms.guild_id, user_id, row.terms.min_reliability,
                                            "This tournament")
        await self._sign_up(row, name=name, user_id=user_id, ai=None)
        return await self._changed(tournament_id)

    async def add_ai(self, tournament_id: int, by_user_id: int, kind: str, *, is_admin: bool = False,
                     name: str | None = None) -> TournamentView:
        """The organiser signs up an AI entrant of `kind` (one of the game's AIs)."""
        row = await self._row(tournament_id)
        _require_organiser(row, by_user_id, is_admin, "add an AI entrant")
        _require_signup(row)
        kinds = self.gate.games(row.terms.game).ai_players()
        if kind not in kinds:
            raise UnknownAI(f"{self.gate.games(row.terms.game).title} has no AI called {kind!r}; try: "
                            f"{', '.join(sorted(kinds))}.")
        same = sum(1 for e in await self.rows.entrants(tournament_id) if e.ai == kind)
        await self._sign_up(row, name=name or f"{kind} AI {same + 1}", user_id=None, ai=kind)
        return await self._changed(tournament_id)

    async def _sign_up(self, row: TournamentRow, *, name: str, user_id: int | None, ai: str | None) -> None:
        try:
            await self.rows.add_entrant(row.id, name=name[:40], user_id=user_id, ai=ai, now=self.gate.clock())
        except SeatsTaken:
            raise GameFull(f"Tournament #{row.id} is full ({row.terms.max_entrants} entrants).") from None
        except StateConflict as conflict:
            if user_id is not None and "already" in conflict.reason:
                raise AlreadySeated(conflict.reason) from None
            raise AlreadyStarted(conflict.reason) from None

    async def leave(self, tournament_id: int, user_id: int) -> TournamentView:
        """Take back a sign-up; once the event runs, leaving is dropping out (`drop`)."""
        row = await self._row(tournament_id)
        entrant = _entrant_of(await self.rows.entrants(tournament_id), user_id, tournament_id)
        if row.status == SIGNUP and await self.rows.remove_entrant(tournament_id, entrant.entrant, self.gate.clock()):
            return await self._changed(tournament_id)
        return await self._drop(row, entrant, "dropped out")

    async def drop(self, tournament_id: int, user_id: int) -> TournamentView:
        """Drop out: not paired again (a game under way stays the entrant's to finish or leave)."""
        row = await self._row(tournament_id)
        entrant = _entrant_of(await self.rows.entrants(tournament_id), user_id, tournament_id)
        return await self._drop(row, entrant, "dropped out")

    async def remove(self, tournament_id: int, by_user_id: int, entrant_no: int, *, is_admin: bool = False,
                     why: str = "") -> TournamentView:
        """The organiser takes an entrant out: before the start the sign-up goes, after it the
        entrant is not paired again."""
        row = await self._row(tournament_id)
        _require_organiser(row, by_user_id, is_admin, "remove an entrant")
        entrant = next((e for e in await self.rows.entrants(tournament_id) if e.entrant == entrant_no), None)
        if entrant is None:
            raise NotInGame(f"Tournament #{tournament_id} has no entrant {entrant_no + 1}.")
        if row.status == SIGNUP and await self.rows.remove_entrant(tournament_id, entrant_no, self.gate.clock()):
            return await self._changed(tournament_id)
        return await self._drop(row, entrant, "removed by the organiser" + (f": {why}" if why else ""))

    async def _drop(self, row: TournamentRow, entrant: EntrantRow, why: str) -> TournamentView:
        _require_active(row)
        if entrant.dropped_round is not None:
            raise NotAllowed(f"{entrant.name} is out of tournament #{row.id} already.")
        # Paired rounds stay as paired; from the next one on, the entrant sits out.
        await self.rows.drop_entrant(row.id, entrant.entrant, row.round + 1, why, self.gate.clock(),
                                     {"entrant": entrant.entrant, "name": entrant.name, "user_id": entrant.user_id,
                                      "why": why, "round": row.round + 1})
        return await self._changed(row.id)

    async def set_message(self, tournament_id: int, message_id: int | None) -> None:
        await self.rows.set_tournament(tournament_id, "message_id", message_id, self.gate.clock())

    async def set_thread(self, tournament_id: int, thread_id: int | None) -> None:
        await self.rows.set_tournament(tournament_id, "thread_id", thread_id, self.gate.clock())

    # -- the organiser's controls -------------------------------------------------------------------
    async def start(self, tournament_id: int, by_user_id: int, *, is_admin: bool = False) -> TournamentView:
        """The organiser starts the event now, sign-up deadline or not: round 1 is paired at once."""
        row = await self._row(tournament_id)
        _require_organiser(row, by_user_id, is_admin, "start the tournament")
        _require_signup(row)
        count = len(await self.rows.entrants(tournament_id))
        if count < row.terms.min_entrants:
            raise TooFewPlayers(f"Tournament #{tournament_id} needs at least {row.terms.min_entrants} entrants; "
                                f"{count} signed up.")
        async with self._locked(tournament_id):
            await self._begin(await self._row(tournament_id))
        await self._wake(tournament_id, self.gate.clock())
        return await self._changed(tournament_id)

    async def cancel(self, tournament_id: int, by_user_id: int, *, is_admin: bool = False) -> TournamentView:
        """The organiser calls the event off (games under way play on, outside the event)."""
        row = await self._row(tournament_id)
        _require_organiser(row, by_user_id, is_admin, "call the tournament off")
        _require_active(row)
        async with self._locked(tournament_id):
            await self.rows.end_tournament(tournament_id, CANCELLED, {}, self.gate.clock(),
                                           {"why": "called off by the organiser"})
        return await self._changed(tournament_id)

    async def pause(self, tournament_id: int, by_user_id: int, *, is_admin: bool = False,
                    pause: bool = True) -> TournamentView:
        """Stop (or, with `pause` False, restart) the event: no round opens and the clocks of its
        tables stand still; on resuming, the round's deadline moves on by the time paused."""
        row = await self._row(tournament_id)
        _require_organiser(row, by_user_id, is_admin, "pause the tournament" if pause else "resume the tournament")
        _require_active(row)
        if (row.paused_at is not None) == pause:
            raise NotAllowed("The tournament is paused already." if pause else "The tournament isn't paused.")
        now = self.gate.clock()
        async with self._locked(tournament_id):
            await self.rows.set_tournament(tournament_id, "paused_at", now if pause else None, now)
            rounds = await self.rows.rounds(tournament_id)
            current = rounds[-1] if rounds else None
            if not pause and current is not None and current.closed_at is None and row.paused_at is not None:
                await self.rows.set_deadline(tournament_id, current.round, current.deadline + now - row.paused_at)
            for table in await self.rows.tournament_tables(tournament_id):
                if table.game_id is not None and current is not None and table.round == current.round \
                        and table.places is None:
                    await self._pause_table(table.game_id, row.terms.organiser_id, pause)
            await self.rows.post_news(tournament_id, "paused" if pause else "resumed", {}, now)
        await self._wake(tournament_id, now)
        return await self._changed(tournament_id)

    async def _pause_table(self, game_id: int, organiser_id: int, pause: bool) -> None:
        try:
            if pause:
                await self.seating.pause(game_id, organiser_id, is_admin=True, by_name="the tournament's organiser")
            else:
                await self.seating.unpause(game_id, organiser_id, is_admin=True, by_name="the tournament's organiser")
        except (NotAllowed, GameClosed, NoSuchGame) as why:
            log.info("tournament table %d not %s: %s", game_id, "paused" if pause else "resumed", why.reason)

    async def adjudicate(self, tournament_id: int, by_user_id: int, game_id: int, places: Sequence[int], *,
                         is_admin: bool = False) -> TournamentView:
        """The organiser decides a table: each seat's place (1 first; equal numbers tie). A game
        still running ends there (abandoned, with the organiser's decision in its story)."""
        row = await self._row(tournament_id)
        _require_organiser(row, by_user_id, is_admin, "adjudicate a table")
        _require_active(row)
        async with self._locked(tournament_id):
            table = await self.rows.table_of_game(game_id)
            if table is None or table.tournament_id != tournament_id:
                raise NoSuchGame(f"Game #{game_id} is not a table of tournament #{tournament_id}.")
            if table.places is not None:
                raise GameClosed(f"Table {table.table_no} of round {table.round} is decided already.")
            if len(places) != len(table.entrants) or not all(1 <= p <= len(places) for p in places):
                raise BadOptions(f"Give a place from 1 to {len(table.entrants)} for each of the "
                                 f"{len(table.entrants)} seats, in seat order (equal places tie).")
            await self.rows.decide_table(table, list(places), None, "adjudicated", "decided by the organiser")
            await self.rows.post_news(tournament_id, "adjudicated", {"round": table.round, "table": table.table_no,
                                                                     "game_id": game_id, "places": list(places)},
                                      self.gate.clock())
            await self._end_game(game_id, row.terms.organiser_id, "the tournament's organiser")
        await self._wake(tournament_id, self.gate.clock())
        return await self._changed(tournament_id)

    async def _end_game(self, game_id: int, organiser_id: int, by: str) -> None:
        try:
            await self.play.abandon(game_id, organiser_id, is_admin=True, by_name=by)
        except (GameClosed, NotAllowed, NoSuchGame) as why:
            log.info("tournament table %d not ended: %s", game_id, why.reason)

    # -- advancing: the timer, the games ending, a restart -------------------------------------------
    async def _wake(self, tournament_id: int, due_at: float) -> None:
        """Set the event's timer (the leading process runs it)."""
        await self.gate.set_timer(timer_id(tournament_id), TOURNAMENT_TIMER, due_at)

    async def _changed(self, tournament_id: int) -> TournamentView:
        await self._tell(tournament_id)
        return await self.view(tournament_id)

    async def on_public(self, update: PublicUpdate) -> None:
        """A Notifier: a tournament table's game ended, so its event looks again now."""
        if update.status in (GAME_FINISHED, ABANDONED):
            table = await self.rows.table_of_game(update.game_id)
            if table is not None:
                await self._wake(table.tournament_id, self.gate.clock())

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        """Lobbies called off are no tournament's business (its tables never sit in a lobby)."""

    async def on_timer(self, timer: Timer) -> None:
        await self.advance(-timer.game_id)

    async def resume(self) -> None:
        """After a restart (or on becoming the leader): every active event looks again now."""
        for row in await self.rows.find(statuses=(SIGNUP, RUNNING)):
            if row.status == RUNNING or row.terms.signup_until is not None:
                await self._wake(row.id, self.gate.clock())
        for news in await self.rows.untold_news():
            await self._tell(news.tournament_id)

    async def advance(self, tournament_id: int) -> None:
        """Do what is due: close sign-up, decide ended tables, end a round at its deadline, pair and
        open the next round, or finish the event; then set the timer for the next thing due."""
        async with self._locked(tournament_id):
            row = await self._row(tournament_id)
            now = self.gate.clock()
            if row.status == SIGNUP:
                if row.terms.signup_until is None or now < row.terms.signup_until:
                    return
                if len(await self.rows.entrants(tournament_id)) < row.terms.min_entrants:
                    await self.rows.end_tournament(tournament_id, CANCELLED, {}, now,
                                                   {"why": f"fewer than {row.terms.min_entrants} entrants signed up"})
                    await self._tell(tournament_id)
                    return
                await self._begin(row)
                row = await self._row(tournament_id)
            if row.status != RUNNING or row.paused_at is not None:
                await self._tell(tournament_id)
                return
            due = await self._rounds(row)
        if due is not None:
            await self._wake(tournament_id, due)
        await self._tell(tournament_id)

    async def _begin(self, row: TournamentRow) -> None:
        """Sign-up closes: seeding ratings from the server's records, and the number of rounds."""
        entrants = await self.rows.entrants(row.id)
        ratings = await self.records.ratings(row.terms.guild_id, row.terms.game)
        seeds: dict[int, float] = {}
        for entrant in entrants:
            standing = ratings.standing(entrant_key(entrant.user_id, entrant.ai))
            seeds[entrant.entrant] = round(standing.rating, 3) if standing is not None else 0.0
        smallest = self.gate.games(row.terms.game).min_players
        ids = [e.entrant for e in entrants]
        if row.terms.format == ROUND_ROBIN:
            rounds = len(pairing.round_robin(ids, row.terms.seats, smallest))
        elif row.terms.format == ELIMINATION:
            rounds = _elimination_rounds(len(ids), row.terms.seats, smallest)
        else:
            rounds = row.terms.rounds
        await self.rows.begin_tournament(row.id, seeds, rounds, self.gate.clock(),
                                         {"entrants": len(entrants), "rounds": rounds})

    async def _rounds(self, row: TournamentRow) -> float | None:
        """The running event's rounds; returns when to look again (None: nothing is due)."""
        rounds = await self.rows.rounds(row.id)
        current = rounds[-1] if rounds else None
        if current is not None and current.closed_at is None:
            if not await self._settle(row, current):
                return current.deadline
            await self.rows.close_round(row.id, current.round, self.gate.clock(), {"round": current.round})
        view = await self.view(row.id)
        playing = [e for e in view.entrants if e.playing_in(row.round + 1)]
        next_round = _pair(view, playing, self.gate.games(row.terms.game).min_players)
        if next_round is None or row.round >= row.terms.rounds:
            places = {line.entrant: line.place for line in view.standings}
            podium = [{"place": line.place, "name": view.name_of(line.entrant),
                       "user_id": next(e.user_id for e in view.entrants if e.entrant == line.entrant),
                       "points": line.points} for line in view.standings[:3]]
            await self.rows.end_tournament(row.id, FINISHED, places, self.gate.clock(), {"podium": podium})
            return None
        number = row.round + 1
        now = self.gate.clock()
        deadline = now + row.terms.round_hours * HOUR
        names = {e.entrant: e.name for e in view.entrants}
        await self.rows.open_round(row.id, number, next_round.tables, next_round.byes, now, deadline,
                                   {"round": number, "byes": [names[b] for b in next_round.byes],
                                    "deadline": deadline})
        await self._open_tables(await self._row(row.id), number)
        return deadline

    async def _open_tables(self, row: TournamentRow, round_no: int) -> None:
        """Every table of the round with its game started (a table opened before is left as it is)."""
        entrants = {e.entrant: e for e in await self.rows.entrants(row.id)}
        for table in await self.rows.tournament_tables(row.id):
            if table.round == round_no and table.places is None:
                await self._open_table(row, table, [entrants[e] for e in table.entrants])

    async def _open_table(self, row: TournamentRow, table: TableRow, seats: Sequence[EntrantRow]) -> int:
        """The table's game, opened seated, given its room and started; returns its id."""
        terms = row.terms
        lobby = TableLobby(guild_id=terms.guild_id, channel_id=terms.channel_id, host_id=terms.organiser_id,
                           game=terms.game, options=terms.options, clock=terms.clock,
                           seats=tuple((e.name, e.user_id, e.ai) for e in seats))
        game_id = await self.rows.open_table_game(table, lobby, self.gate.clock())
        info = (await self.gate.read(game_id)).info()
        if info.status != LOBBY:
            return game_id
        thread_id = info.thread_id
        if thread_id is None and self.rooms is not None:
            try:
                thread_id = await self.rooms.open_room(row, table, seats, game_id)
            except Exception:
                log.exception("no room for game %d of tournament %d; it plays in the channel", game_id, row.id)
            if thread_id is not None:
                await self.gate.set_field(game_id, "thread_id", thread_id)  # a retry finds it, not a second room
        await self.lobby.start(game_id, terms.organiser_id, thread_id=thread_id)
        return game_id

    async def _settle(self, row: TournamentRow, current: RoundRow) -> bool:
        """Decide each table of the round whose game ended (or, past the deadline, that is still
        being played); True once every table of the round is decided."""
        now = self.gate.clock()
        late = now >= current.deadline
        entrants = {e.entrant: e for e in await self.rows.entrants(row.id)}
        done = True
        for table in await self.rows.tournament_tables(row.id):
            if table.round != current.round or table.places is not None:
                continue
            try:
                done = await self._decide(row, table, [entrants[e] for e in table.entrants], late) and done
            except GameUnavailable:
                # Its game no longer loads (set aside for the operators): the event waits for it
                # until the deadline, then draws the table, rather than stalling for good.
                if not late:
                    done = False
                    continue
                await self.rows.decide_table(table, [1] * len(table.entrants), None, "deadline",
                                             "its game could not be loaded")
        return done

    async def _decide(self, row: TournamentRow, table: TableRow, seats: Sequence[EntrantRow], late: bool) -> bool:
        """Decide one table if its game ended (or, `late`, by the deadline rule); False while it plays on."""
        linked = table.game_id
        if linked is None or (await self.gate.read(linked)).row.status == LOBBY:
            # Paired, but its game was not opened or started (the process stopped midway).
            linked = await self._open_table(row, table, seats)
        game = await self.gate.read(linked)
        stood_in = {s.seat for s in game.seats if s.stand_in is not None}
        lateness = row.terms.lateness
        if game.row.status == GAME_FINISHED and game.row.outcome is not None:
            outcome = game.row.outcome
            ranks = [r or 1 for r in credit.seat_ranks(outcome, len(game.seats))]  # None only if cooperative
            places = scoring.with_lateness(ranks, stood_in, lateness)
            scores = outcome.get("scores")
            await self.rows.decide_table(table, places, None if not scores else [int(s) for s in scores],
                                         "played", "played to the end")
        elif game.row.status != GAME_RUNNING or late:
            places = scoring.deadline_places(len(game.seats), stood_in, lateness)
            why = "the round's deadline" if game.row.status == GAME_RUNNING else "the game was abandoned"
            await self.rows.decide_table(table, places, None, "deadline", why)
            if game.row.status == GAME_RUNNING:
                await self._end_game(linked, row.terms.organiser_id, "the round's deadline")
        else:
            return False
        return True

def _require_organiser(row: TournamentRow, user_id: int, is_admin: bool, what: str) -> None:
    if user_id != row.terms.organiser_id and not is_admin:
        raise NotAllowed(f"Only the organiser (<@{row.terms.organiser_id}>) or a tournament admin can {what}.")


def _require_signup(row: TournamentRow) -> None:
    if row.status != SIGNUP:
        raise AlreadyStarted(f"Tournament #{row.id} is {row.status}; sign-up is over.")


def _require_active(row: TournamentRow) -> None:
    if row.status not in (SIGNUP, RUNNING):
        raise GameClosed(f"Tournament #{row.id} is {row.status}.")


def _entrant_of(entrants: Sequence[EntrantRow], user_id: int, tournament_id: int) -> EntrantRow:
    found = next((e for e in entrants if e.user_id == user_id), None)
    if found is None:
        raise NotInGame(f"You are not signed up for tournament #{tournament_id}.")
    return found


def _elimination_rounds(entrants: int, seats: int, smallest: int) -> int:
    """How many rounds an elimination of `entrants` takes: each table sends one through."""
    rounds = 0
    while entrants > 1:
        sizes, byes = pairing.plan_tables(entrants, seats, smallest)
        entrants = len(sizes) + byes
        rounds += 1
    return rounds


def _standings(row: TournamentRow, entrants: Sequence[EntrantRow], rounds: Sequence[RoundRow],
               tables: Sequence[TableRow]) -> list[Line]:
    decided = [Decided(t.round, t.entrants, t.places, t.scores) for t in tables if t.places is not None]
    return scoring.standings([e.entrant for e in entrants], ratings={e.entrant: e.rating for e in entrants},
                             dropped={e.entrant for e in entrants if e.dropped_round is not None},
                             tables=decided, byes=[b for r in rounds for b in r.byes], seats=row.terms.seats,
                             form=row.terms.format)


def _pair(view: TournamentView, playing: Sequence[EntrantRow], smallest: int) -> pairing.Round | None:
    """The next round's seating, or None when the event is over (too few left, or every
    round-robin round played, or one entrant left in an elimination)."""
    terms, number = view.terms, view.row.round + 1
    active = {e.entrant for e in playing}
    by_rating = [e.entrant for e in sorted(playing, key=lambda e: (-e.rating, e.entrant))]
    if terms.format == ROUND_ROBIN:
        schedule = pairing.round_robin([e.entrant for e in view.entrants], terms.seats, smallest)
        if number > len(schedule):
            return None
        planned = schedule[number - 1]
        tables = [tuple(e for e in t if e in active) for t in planned.tables]
        byes = [e for e in planned.byes if e in active] + [e for t in tables if len(t) < smallest for e in t]
        return pairing.Round(tuple(t for t in tables if len(t) >= smallest), tuple(byes))
    if terms.format == ELIMINATION:
        order = _elimination_order(view)
        order = [e for e in order if e in active]
        if len(order) <= 1:
            return None
        return pairing.seeded_bracket(order, terms.seats, smallest) if number == 1 else \
            pairing.next_elimination_round(order, terms.seats, smallest)
    if len(active) < smallest or number > terms.rounds:
        return None
    standing = by_rating if number == 1 else [line.entrant for line in view.standings if line.entrant in active]
    met = {frozenset((a, b)) for t in view.tables for a in t.entrants for b in t.entrants if a < b}
    byes_had = {b for r in view.rounds for b in r.byes}
    return pairing.swiss_round(standing, met, byes_had, terms.seats, smallest)


def _elimination_order(view: TournamentView) -> list[int]:
    """Who is still in, in the order the next round seats them: round 1 by rating; after it,
    each table's winner (and each bye) at the best place its table held in the last order."""
    order = [e.entrant for e in sorted(view.entrants, key=lambda e: (-e.rating, e.entrant))]
    ratings = {e.entrant: e.rating for e in view.entrants}
    for past in view.rounds:
        place = {e: i for i, e in enumerate(order)}
        groups = [(min(place.get(e, len(order)) for e in t.entrants), scoring.winner(
            Decided(t.round, t.entrants, t.places, t.scores), ratings))
            for t in view.tables_of(past.round) if t.places is not None]
        groups += [(place.get(b, len(order)), b) for b in past.byes]
        order = [e for _, e in sorted(groups)]
    return order


__all__ = ["FORMAT_LABELS", "LATENESS_LABELS", "NewTournament", "Rooms", "TournamentListener", "TournamentView",
           "Tournaments"]
