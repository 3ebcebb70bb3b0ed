"""What moves an event on: its timer, its tables' games ending, a restart (docs/tournaments.md,
"Durability and several processes").

Who advances an event: its timer (`timers`, in the tournaments' key space), which only the
leading process runs. Everything that concerns the event — a table's game ending, the
organiser's start, a deadline, sign-up closing — sets that timer to "now" (or its due time);
`advance` then looks at what the database holds and does what is due, under the event's lock
(across processes too). Every step that must happen once is written with the check that makes it
once (a round's row, a table's game, a table's result, the final ranking), so a crash, a second
run or a new leader picks up where the last stopped and never pairs or opens anything twice.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot import credit
from bot.notify import PublicUpdate
from bot.store.records import Timer
from bot.store.tournaments import CANCELLED, FINISHED, RUNNING, SIGNUP, EntrantRow, RoundRow, TableRow, TournamentRow
from bot.tables.errors import GameClosed, GameUnavailable, NoSuchGame, NotAllowed
from bot.tables.ratings import entrant_key
from bot.tables.tournaments.desk import HOUR, Desk, TournamentView, standings_record
from bot.tables.types import ABANDONED, LOBBY, NewTable
from bot.tables.types import FINISHED as GAME_FINISHED
from bot.tables.types import RUNNING as GAME_RUNNING
from bot.tournaments import formats, scoring

log = logging.getLogger(__name__)

PLAYED, ADJUDICATED, DEADLINE = "played", "adjudicated", "deadline"


def origin(table: TableRow) -> str:
    """What a table's game is opened for: the same table always opens the same game."""
    return f"tournament:{table.tournament_id}:{table.round}:{table.table_no}"


class Director:
    """Advances events: sign-up's end, the check-in, each round's pairing, tables and close, the end."""

    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    # -- what wakes an event --------------------------------------------------------------------------
    async def on_public(self, update: PublicUpdate) -> None:
        """A Notifier: a tournament table's game ended, so its event looks again now."""
        if update.status in (GAME_FINISHED, ABANDONED):
            table = await self.desk.rows.table_of_game(update.game_id)
            if table is not None:
                await self.desk.wake(table.tournament_id, self.desk.now())

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        """Lobbies called off are no tournament's business (its tables are started as they open)."""

    async def on_timer(self, timer: Timer) -> None:
        await self.advance(timer.game_id)

    async def resume(self) -> None:
        """After a restart (or on becoming the leader): every active event looks again now, and
        every event with news still to tell is told."""
        desk = self.desk
        for row in await desk.rows.find(statuses=(SIGNUP, RUNNING)):
            if row.status == RUNNING or row.terms.signup_until is not None:
                await desk.wake(row.id, desk.now())
        for tournament_id in await desk.news.telling():
            await desk.tell(tournament_id)

    # -- doing what is due ------------------------------------------------------------------------------
    async def advance(self, tournament_id: int) -> None:
        """Do what is due: open the check-in, close sign-up, decide ended tables, end a round at its
        deadline, pair and open the next round, or finish the event; then set the timer for the next
        thing due."""
        desk = self.desk
        due: float | None = None
        async with desk.locked(tournament_id):
            row = await desk.row(tournament_id)
            if row.status == SIGNUP:
                due = await self._signing_up(row, desk.now())
                row = await desk.row(tournament_id)
            if row.status == RUNNING and row.paused_at is None:
                due = await self._rounds(row)
        if due is not None:
            await desk.wake(tournament_id, due)
        await desk.tell(tournament_id)

    async def _signing_up(self, row: TournamentRow, now: float) -> float | None:
        """While sign-up is open: its check-in's opening told once, and at its deadline the start
        (or the event called off with too few). Returns when to look again (None: nothing is due,
        or it began or ended)."""
        until, minutes = row.terms.signup_until, row.terms.checkin_minutes
        if until is None:
            return None  # the organiser starts it
        opens = until - (minutes or 0) * 60
        if now < opens:
            return opens
        if now < until:
            if minutes is not None and not any(n.kind == "checkin" for n in await self.desk.news.news(row.id)):
                await self.desk.news.post_news(row.id, "checkin", {"until": until}, now)
            return until
        await self.begin(row)
        return None

    async def begin(self, row: TournamentRow) -> bool:
        """Sign-up closes: who did not check in is taken off (where the event has a check-in that
        has opened), the seeding ratings and the number of rounds are set; called off (False) when
        too few are left."""
        desk = self.desk
        entrants = await desk.rows.entrants(row.id)
        until, minutes = row.terms.signup_until, row.terms.checkin_minutes
        checking = until is not None and minutes is not None and desk.now() >= until - minutes * 60
        withdrawn = [e.entrant for e in entrants if checking and e.ai is None and e.checked_in is None]
        staying = [e for e in entrants if e.entrant not in withdrawn]
        if len(staying) < row.terms.min_entrants:
            why = f"fewer than {row.terms.min_entrants} entrants " + ("checked in" if checking else "signed up")
            await desk.rows.end_tournament(row.id, CANCELLED, {}, desk.now(), {"why": why})
            return False
        ratings = await desk.records.ratings(row.terms.guild_id, row.terms.game)
        seeds: dict[int, float] = {}
        for entrant in staying:
            standing = ratings.standing(entrant_key(entrant.user_id, entrant.ai))
            seeds[entrant.entrant] = round(standing.rating, 3) if standing is not None else 0.0
        smallest = desk.gate.games(row.terms.game).min_players
        rounds = formats.get(row.terms.format).rounds_at_start([e.entrant for e in staying], row.terms.seats,
                                                               smallest, row.terms.rounds)
        names = {e.entrant: e.name for e in entrants}
        await desk.rows.begin_tournament(row.id, seeds, rounds, desk.now(),
                                         {"entrants": len(staying), "rounds": rounds,
                                          "withdrawn": [names[e] for e in withdrawn]}, withdrawn=withdrawn)
        return True

    async def _rounds(self, row: TournamentRow) -> float | None:
        """The running event's rounds; returns when to look again (None: nothing is due)."""
        desk = self.desk
        view = await desk.view(row.id)
        current = view.rounds[-1] if view.rounds else None
        if current is not None and current.closed_at is None:
            if not await self._settle(view, current):
                return current.deadline
            view = await desk.view(row.id)
            lines = view.format.standings(view.event.upto(current.round))
            await desk.rows.close_round(row.id, current.round, desk.now(),
                                        {"round": current.round, "standings": standings_record(view, lines)})
            view = await desk.view(row.id)
        number = row.round + 1
        playing = [e.entrant for e in view.entrants if e.playing_in(number)]
        paired = view.format.pair(view.event, number, playing) if number <= row.terms.rounds else None
        if paired is None:
            await self._finish(view)
            return None
        now = desk.now()
        deadline = now + row.terms.round_hours * HOUR
        await desk.rows.open_round(row.id, number, paired.tables, paired.byes, now, deadline,
                                   {"round": number, "byes": [view.name_of(b) for b in paired.byes],
                                    "bye_users": [u for b in paired.byes if (u := _user(view, b)) is not None],
                                    "deadline": deadline})
        await self.open_tables(await desk.row(row.id), number)
        return deadline

    async def _finish(self, view: TournamentView) -> None:
        """The last round closed: every entrant's final place, and the podium (entrants still in)."""
        places = {line.entrant: line.place for line in view.standings}
        podium = [{"place": line.place, "name": view.name_of(line.entrant), "user_id": _user(view, line.entrant),
                   "points": line.points} for line in view.standings if not line.out and line.place <= 3]
        await self.desk.rows.end_tournament(view.id, FINISHED, places, self.desk.now(),
                                            {"podium": podium, "standings": standings_record(view, view.standings)})

    # -- tables -----------------------------------------------------------------------------------------
    async def open_tables(self, row: TournamentRow, round_no: int) -> None:
        """Every table of the round with its game started (a table opened before is left as it is)."""
        entrants = {e.entrant: e for e in await self.desk.rows.entrants(row.id)}
        for table in await self.desk.rows.tournament_tables(row.id):
            if table.round == round_no and table.places is None:
                await self._open_table(row, table, [entrants[e] for e in table.entrants])

    async def _open_table(self, row: TournamentRow, table: TableRow, seats: Sequence[EntrantRow]) -> int:
        """The table's game, opened seated through the lobby (as any table is), given its room and
        started; returns its id. Each step finds what an earlier run did: the game by its origin,
        the link by the table, the room on the game."""
        desk, terms = self.desk, row.terms
        if table.game_id is None:
            opened = await desk.lobby.open_seated(
                NewTable(guild_id=terms.guild_id, channel_id=terms.channel_id, host_id=terms.organiser_id,
                         host_name="", game=terms.game, options=dict(terms.options), host_plays=False,
                         clock=terms.clock, timeout_policy="stand_in", min_reliability=0),
                [(e.name, e.user_id, e.ai) for e in seats], origin(table))
            game_id = await desk.rows.link_game(table, opened.game_id)
        else:
            game_id = table.game_id
        info = (await desk.gate.read(game_id)).info()
        if info.status != LOBBY:
            return game_id
        thread_id = info.thread_id
        if thread_id is None and desk.rooms is not None:
            try:
                thread_id = await desk.rooms.open_room(row, table, seats, game_id)
            except Exception:
                log.exception("no room for game %d of tournament %d; it plays in the channel", game_id, row.id)
            if thread_id is not None:
                await desk.gate.set_field(game_id, "thread_id", thread_id)  # a retry finds it, not a second room
        await desk.lobby.start(game_id, terms.organiser_id, thread_id=thread_id)
        return game_id

    async def _settle(self, view: TournamentView, current: RoundRow) -> bool:
        """Decide each table of the round whose game ended (or, past the deadline, that is still
        being played); True once every table of the round is decided."""
        late = self.desk.now() >= current.deadline
        done = True
        for table in view.tables_of(current.round):
            if table.places is not None:
                continue
            seats = [view.entrant(e) for e in table.entrants]
            try:
                done = await self._decide(view.row, table, [s for s in seats if s is not None], late) and done
            except GameUnavailable:
                # Its game no longer loads (set aside for the operators): the event waits for it
                # until the deadline, then draws the table, rather than stalling for good.
                if not late:
                    done = False
                    continue
                await self.desk.rows.decide_table(table, [1] * len(table.entrants), None, DEADLINE,
                                                  "its game could not be loaded")
        return done

    async def _decide(self, row: TournamentRow, table: TableRow, seats: Sequence[EntrantRow], late: bool) -> bool:
        """Decide one table if its game ended (or, `late`, by the deadline rule); False while it plays on."""
        desk = self.desk
        linked = table.game_id
        if linked is None or (await desk.gate.read(linked)).row.status == LOBBY:
            # Paired, but its game was not opened or started (the process stopped midway).
            linked = await self._open_table(row, table, seats)
        game = await desk.gate.read(linked)
        stood_in = {s.seat for s in game.seats if s.stand_in is not None}
        absent = await self._absent(linked, [s.seat for s in game.seats if s.user_id is not None])
        lateness = row.terms.lateness
        if game.row.status == GAME_FINISHED and game.row.outcome is not None:
            outcome = game.row.outcome
            ranks = [r or 1 for r in credit.seat_ranks(outcome, len(game.seats))]  # None only if cooperative
            places = scoring.table_places(ranks, stood_in=stood_in, absent=absent, lateness=lateness)
            scores = outcome.get("scores")
            note = "played to the end" + (" (a seat whose player never moved ranks last)" if absent else "")
            await desk.rows.decide_table(table, places, None if not scores else [int(s) for s in scores],
                                         PLAYED, note)
        elif game.row.status != GAME_RUNNING or late:
            places = scoring.deadline_places(len(game.seats), stood_in, lateness, absent)
            why = "the round's deadline" if game.row.status == GAME_RUNNING else "the game was abandoned"
            await desk.rows.decide_table(table, places, None, DEADLINE, why)
            if game.row.status == GAME_RUNNING:
                await self.end_game(linked, row.terms.organiser_id, "the round's deadline")
        else:
            return False
        return True

    async def _absent(self, game_id: int, people: Sequence[int]) -> set[int]:
        """The seats of people who never made a move of their own: an AI made every one of them."""
        moved = {change.seat for change in await self.desk.gate.moves(game_id)
                 if change.kind == "move" and not change.stand_in and change.seat is not None}
        return {seat for seat in people if seat not in moved}

    async def end_game(self, game_id: int, organiser_id: int, by: str) -> None:
        try:
            await self.desk.play.abandon(game_id, organiser_id, is_admin=True, by_name=by)
        except (GameClosed, NotAllowed, NoSuchGame) as why:
            log.info("tournament table %d not ended: %s", game_id, why.reason)


def _user(view: TournamentView, entrant: int) -> int | None:
    found = view.entrant(entrant)
    return found.user_id if found is not None else None
