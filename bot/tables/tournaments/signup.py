"""Opening an event and its entrants: create, join (late entries too), check in, leave, drop out,
AI entrants (docs/tournaments.md, "Creating one", "Late entries", "Check-in")."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.names import typed_name
from bot.store.errors import SeatsTaken, StateConflict
from bot.store.tournaments import RUNNING, SIGNUP, EntrantRow, Terms, TournamentRow
from bot.tables import clocks
from bot.tables.errors import AlreadySeated, AlreadyStarted, GameClosed, GameFull, NotAllowed, NotInGame, UnknownAI
from bot.tables.ratings import entrant_key
from bot.tables.tournaments.desk import HOUR, Desk, TournamentView, require_organiser
from bot.tournaments import formats, scoring
from engine.core import validate_options
from engine.errors import BadOptions

log = logging.getLogger(__name__)

MAX_ENTRANTS = 1000
MAX_ROUNDS = 30
NAME_LIMIT = 80  # an event's name
ENTRANT_NAME_LIMIT = 40
DEFAULT_ROUND_HOURS = 7 * 24.0


@dataclass(frozen=True)
class NewTournament:
    """What an organiser asks for; None takes the default (docs/tournaments.md, "Creating one")."""

    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    game: str
    options: dict[str, object] | None = None
    format: str = formats.SWISS
    seats: int | None = None  # players per table: the game's largest up to 4
    rounds: int | None = None  # a format that asks: its default (Swiss: log2 of the field, at least 3)
    clock: str | None = None  # the server's clock
    lateness: str = scoring.COUNTS
    round_hours: float = DEFAULT_ROUND_HOURS
    signup_hours: float | None = None  # None: the organiser starts it
    min_entrants: int | None = None  # a full table
    max_entrants: int = 64
    min_reliability: int | None = None  # the server's
    late_until: int | None = None  # a format taking late entries: until half its rounds are paired
    checkin_minutes: float | None = None  # check-in before sign-up closes (needs signup_hours)


class Signups:
    """Events opened, and the people (and AIs) who enter them."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    async def create(self, new: NewTournament) -> TournamentView:
        """A new event taking sign-ups; its terms are checked here, with a reason for each refusal."""
        desk = self.desk
        engine = desk.gate.games(new.game)
        if engine.cooperative:
            raise BadOptions(f"{engine.title} is cooperative: its tables win or lose together, so there are no "
                             "places to rank a tournament by.")
        options = validate_options(engine.options(), new.options)
        engine.setup(engine.min_players, options, 0)
        name = typed_name(new.name, NAME_LIMIT)
        if name is None:
            raise BadOptions("A tournament's name needs at least one letter, number or symbol that shows.")
        seats = new.seats if new.seats is not None else min(engine.max_players, 4)
        if not engine.min_players <= seats <= engine.max_players:
            raise BadOptions(f"{engine.title} seats {engine.min_players}–{engine.max_players} players a table, "
                             f"not {seats}.")
        form = formats.get(new.format)
        if new.lateness not in scoring.LATENESS:
            raise BadOptions(f"Lateness is {' or '.join(scoring.LATENESS)}; not {new.lateness!r}.")
        settings = await desk.servers.settings(new.guild_id)
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
        rounds = self._rounds(form, new)
        late_until = self._late_until(form, new, rounds)
        if not 1 <= new.round_hours <= 24 * 60:
            raise BadOptions(f"A round lasts from 1 hour to 60 days, not {new.round_hours:g} hours.")
        if new.signup_hours is not None and not 0 < new.signup_hours <= 24 * 60:
            raise BadOptions(f"Sign-up lasts up to 60 days, not {new.signup_hours:g} hours.")
        if new.checkin_minutes is not None:
            if new.signup_hours is None:
                raise BadOptions("A check-in needs a sign-up deadline (signup_hours): it opens that long before it.")
            if not 5 <= new.checkin_minutes <= min(24 * 60, new.signup_hours * 60):
                raise BadOptions(f"A check-in opens 5 minutes to 24 hours before sign-up closes (and within sign-up), "
                                 f"not {new.checkin_minutes:g} minutes.")
        reliability = settings.min_reliability if new.min_reliability is None else new.min_reliability
        if not 0 <= reliability <= 100:
            raise BadOptions(f"A minimum reliability is a percentage from 0 to 100, not {reliability}.")
        now = desk.now()
        until = None if new.signup_hours is None else now + new.signup_hours * HOUR
        terms = Terms(guild_id=new.guild_id, channel_id=new.channel_id, organiser_id=new.organiser_id, name=name,
                      game=engine.name, options=options, format=form.key, seats=seats, rounds=rounds, clock=clock,
                      lateness=new.lateness, round_hours=new.round_hours, signup_until=until, min_entrants=least,
                      max_entrants=new.max_entrants, min_reliability=reliability, late_until=late_until,
                      checkin_minutes=new.checkin_minutes)
        tournament_id = await desk.rows.create_tournament(terms, now)
        if until is not None:
            opens = until - (new.checkin_minutes or 0) * 60
            await desk.wake(tournament_id, opens)
        return await desk.view(tournament_id)

    @staticmethod
    def _rounds(form: formats.Format, new: NewTournament) -> int:
        if not form.asks_rounds:
            if new.rounds is not None:
                raise BadOptions(f"A {form.label} tournament works its rounds out at the start; only "
                                 f"{', '.join(f.label for f in formats.FORMATS.values() if f.asks_rounds)} takes a "
                                 "number of rounds.")
            return 0
        rounds = new.rounds if new.rounds is not None else form.default_rounds(new.max_entrants)
        if not 1 <= rounds <= MAX_ROUNDS:
            raise BadOptions(f"A {form.label} tournament plays 1 to {MAX_ROUNDS} rounds, not {rounds}.")
        return rounds

    @staticmethod
    def _late_until(form: formats.Format, new: NewTournament, rounds: int) -> int:
        """Late entries are taken until this round is paired: by default until half the rounds are."""
        if not form.late_entries:
            if new.late_until:
                raise BadOptions(f"A {form.label} tournament takes no late entries: its pairings are drawn over the "
                                 "entrants at the start.")
            return 0
        if new.late_until is None:
            return rounds // 2 + 1 if rounds > 1 else 0
        if not 0 <= new.late_until <= rounds:
            raise BadOptions(f"Late entries may be taken until round 0 (none) to {rounds}, not {new.late_until}.")
        return new.late_until

    async def join(self, tournament_id: int, user_id: int, name: str) -> TournamentView:
        """Sign up; while the event runs, a late entry (paired from the next round, with no points for
        the rounds it missed) where the event still takes them."""
        desk = self.desk
        row = await desk.row(tournament_id)
        if row.status == RUNNING and row.paused_at is None and row.round < row.terms.late_until:
            rating = await self._rating(row, user_id, None)
        elif row.status != SIGNUP:
            raise AlreadyStarted(f"Tournament #{row.id} is {row.status}; sign-up is over"
                                 + (" (it takes no more late entries)." if row.status == RUNNING else "."))
        else:
            rating = 0.0
        await desk.servers.require_reliable(row.terms.guild_id, user_id, row.terms.min_reliability, "This tournament")
        entrant = await self._sign_up(row, name=name, user_id=user_id, ai=None, rating=rating)
        if row.status == SIGNUP and row.terms.signup_until is not None and row.terms.checkin_minutes is not None \
                and desk.now() >= row.terms.signup_until - row.terms.checkin_minutes * 60:
            await desk.rows.check_in(row.id, entrant.entrant, desk.now())  # joining during check-in is checking in
        return await desk.changed(tournament_id)

    async def add_ai(self, tournament_id: int, by_user_id: int, kind: str, *, is_admin: bool = False,
                     name: str | None = None) -> TournamentView:
        """The organiser signs up an AI entrant of `kind` (one of the game's AIs)."""
        desk = self.desk
        row = await desk.row(tournament_id)
        require_organiser(row, by_user_id, is_admin, "add an AI entrant")
        require_signup(row)
        engine = desk.gate.games(row.terms.game)
        kinds = engine.ai_players()
        if kind not in kinds:
            raise UnknownAI(f"{engine.title} has no AI called {kind!r}; try: {', '.join(sorted(kinds))}.")
        same = sum(1 for e in await desk.rows.entrants(tournament_id) if e.ai == kind)
        await self._sign_up(row, name=name or f"{kind} AI {same + 1}", user_id=None, ai=kind, rating=0.0)
        return await desk.changed(tournament_id)

    async def _rating(self, row: TournamentRow, user_id: int | None, ai: str | None) -> float:
        ratings = await self.desk.records.ratings(row.terms.guild_id, row.terms.game)
        standing = ratings.standing(entrant_key(user_id, ai))
        return round(standing.rating, 3) if standing is not None else 0.0

    async def _sign_up(self, row: TournamentRow, *, name: str, user_id: int | None, ai: str | None,
                       rating: float) -> EntrantRow:
        shown = typed_name(name, ENTRANT_NAME_LIMIT) or (f"player {str(user_id)[-4:]}" if user_id else f"{ai} AI")
        try:
            return await self.desk.rows.add_entrant(row.id, name=shown, user_id=user_id, ai=ai, now=self.desk.now(),
                                                    rating=rating, news={"name": shown, "user_id": user_id})
        except SeatsTaken:
            raise GameFull(f"Tournament #{row.id} is full ({row.terms.max_entrants} entrants).") from None
        except StateConflict as conflict:
            if user_id is not None and "already" in conflict.reason:
                raise AlreadySeated(conflict.reason) from None
            raise AlreadyStarted(conflict.reason) from None

    async def check_in(self, tournament_id: int, user_id: int) -> TournamentView:
        """An entrant says they will play (while the event's check-in is open)."""
        desk = self.desk
        row = await desk.row(tournament_id)
        require_signup(row)
        until, minutes = row.terms.signup_until, row.terms.checkin_minutes
        if until is None or minutes is None:
            raise NotAllowed(f"Tournament #{row.id} has no check-in: signing up is enough.")
        opens = until - minutes * 60
        if desk.now() < opens:
            raise NotAllowed(f"Check-in opens <t:{int(opens)}:R>, {minutes:g} minutes before sign-up closes.")
        entrant = entrant_of(await desk.rows.entrants(tournament_id), user_id, tournament_id)
        if not await desk.rows.check_in(row.id, entrant.entrant, desk.now()):
            raise NotAllowed("You're checked in already.")
        return await desk.changed(tournament_id)

    async def leave(self, tournament_id: int, user_id: int) -> TournamentView:
        """Take back a sign-up; once the event runs, leaving is dropping out (`drop`)."""
        desk = self.desk
        row = await desk.row(tournament_id)
        entrant = entrant_of(await desk.rows.entrants(tournament_id), user_id, tournament_id)
        if row.status == SIGNUP and await desk.rows.remove_entrant(tournament_id, entrant.entrant, desk.now()):
            return await desk.changed(tournament_id)
        return await drop(desk, row, entrant, "dropped out")

    async def remove(self, tournament_id: int, by_user_id: int, entrant_no: int, *, is_admin: bool = False,
                     why: str = "") -> TournamentView:
        """The organiser takes an entrant out: before the start the sign-up goes, after it the
        entrant is not paired again, and marked out (never on the podium)."""
        desk = self.desk
        row = await desk.row(tournament_id)
        require_organiser(row, by_user_id, is_admin, "remove an entrant")
        entrant = next((e for e in await desk.rows.entrants(tournament_id) if e.entrant == entrant_no), None)
        if entrant is None:
            raise NotInGame(f"Tournament #{tournament_id} has no entrant {entrant_no + 1}.")
        if row.status == SIGNUP and await desk.rows.remove_entrant(tournament_id, entrant_no, desk.now()):
            return await desk.changed(tournament_id)
        return await drop(desk, row, entrant, "removed by the organiser" + (f": {why}" if why else ""))

    async def set_message(self, tournament_id: int, message_id: int | None) -> None:
        await self.desk.rows.set_tournament(tournament_id, "message_id", message_id, self.desk.now())

    async def set_thread(self, tournament_id: int, thread_id: int | None) -> None:
        await self.desk.rows.set_tournament(tournament_id, "thread_id", thread_id, self.desk.now())


async def drop(desk: Desk, row: TournamentRow, entrant: EntrantRow, why: str) -> TournamentView:
    """The entrant is out: not paired from the next round on (paired rounds stay as paired, and a
    game under way is still theirs to finish or leave)."""
    require_active(row)
    if entrant.dropped_round is not None:
        raise NotAllowed(f"{entrant.name} is out of tournament #{row.id} already.")
    await desk.rows.drop_entrant(row.id, entrant.entrant, row.round + 1, why, desk.now(),
                                 {"entrant": entrant.entrant, "name": entrant.name, "user_id": entrant.user_id,
                                  "why": why, "round": row.round + 1})
    return await desk.changed(row.id)


def require_signup(row: TournamentRow) -> None:
    if row.status != SIGNUP:
        raise AlreadyStarted(f"Tournament #{row.id} is {row.status}; sign-up is over.")


def require_active(row: TournamentRow) -> None:
    if row.status not in (SIGNUP, RUNNING):
        raise GameClosed(f"Tournament #{row.id} is {row.status}.")


def entrant_of(entrants: list[EntrantRow], user_id: int, tournament_id: int) -> EntrantRow:
    found = next((e for e in entrants if e.user_id == user_id), None)
    if found is None:
        raise NotInGame(f"You are not signed up for tournament #{tournament_id}.")
    return found
