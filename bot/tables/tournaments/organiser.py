"""The organiser's controls over a running event: start, pause and resume, call off, decide a
table, correct a decided one, close the round now (docs/tournaments.md, "Policies", "Corrections").
Every decision is written with the news that tells it, in one transaction."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import replace

from bot.store.tournaments import CANCELLED, RUNNING, TableRow
from bot.tables.errors import GameClosed, NoSuchGame, NotAllowed, TooFewPlayers
from bot.tables.tournaments.desk import Desk, TournamentView, require_organiser, standings_record
from bot.tables.tournaments.director import Director
from bot.tables.tournaments.signup import require_active, require_signup
from bot.tournaments.formats import Event
from engine.errors import BadOptions

log = logging.getLogger(__name__)


class Organiser:
    """What an event's organiser (or a tournament admin) may do once it is open."""

    def __init__(self, desk: Desk, director: Director) -> None:
        self.desk = desk
        self.director = director

    async def start(self, tournament_id: int, by_user_id: int, *, is_admin: bool = False) -> TournamentView:
        """Start now, sign-up deadline or not: round 1 is paired at once."""
        desk = self.desk
        row = await desk.row(tournament_id)
        require_organiser(row, by_user_id, is_admin, "start the tournament")
        require_signup(row)
        count = len(await desk.rows.entrants(tournament_id))
        if count < row.terms.min_entrants:
            raise TooFewPlayers(f"Tournament #{tournament_id} needs at least {row.terms.min_entrants} entrants; "
                                f"{count} signed up.")
        async with desk.locked(tournament_id):
            row = await desk.row(tournament_id)
            require_signup(row)
            if not await self.director.begin(row):
                raise TooFewPlayers(f"Tournament #{tournament_id} needs at least {row.terms.min_entrants} entrants "
                                    "checked in; it is called off.")
        await desk.wake(tournament_id, desk.now())
        return await desk.changed(tournament_id)

    async def cancel(self, tournament_id: int, by_user_id: int, *, is_admin: bool = False) -> TournamentView:
        """Call the event off (games under way play on, outside the event)."""
        desk = self.desk
        row = await desk.row(tournament_id)
        require_organiser(row, by_user_id, is_admin, "call the tournament off")
        require_active(row)
        async with desk.locked(tournament_id):
            await desk.rows.end_tournament(tournament_id, CANCELLED, {}, desk.now(),
                                           {"why": "called off by the organiser"})
        return await desk.changed(tournament_id)

    async def pause(self, tournament_id: int, by_user_id: int, *, is_admin: bool = False,
                    pause: bool = True) -> TournamentView:
        """Stop (or, with `pause` False, restart) the event: no round opens and the clocks of its
        tables stand still; on resuming, the round's deadline moves on by the time paused."""
        desk = self.desk
        row = await desk.row(tournament_id)
        require_organiser(row, by_user_id, is_admin, "pause the tournament" if pause else "resume the tournament")
        require_active(row)
        now = desk.now()
        async with desk.locked(tournament_id):
            row = await desk.row(tournament_id)
            rounds = await desk.rows.rounds(tournament_id)
            current = rounds[-1] if rounds and rounds[-1].closed_at is None else None
            moved = None
            if not pause and current is not None and row.paused_at is not None:
                moved = (current.round, current.deadline + now - row.paused_at)
            if not await desk.rows.pause(tournament_id, now if pause else None, now, moved):
                raise NotAllowed("The tournament is paused already." if pause else "The tournament isn't paused.")
            for table in await desk.rows.tournament_tables(tournament_id):
                if table.game_id is not None and current is not None and table.round == current.round \
                        and table.places is None:
                    await self._pause_table(table.game_id, row.terms.organiser_id, pause)
        await desk.wake(tournament_id, now)
        return await desk.changed(tournament_id)

    async def _pause_table(self, game_id: int, organiser_id: int, pause: bool) -> None:
        seating = self.desk.seating
        try:
            if pause:
                await seating.pause(game_id, organiser_id, is_admin=True, by_name="the tournament's organiser")
            else:
                await seating.unpause(game_id, organiser_id, is_admin=True, by_name="the tournament's organiser")
        except (NotAllowed, GameClosed, NoSuchGame) as why:
            log.info("tournament table %d not %s: %s", game_id, "paused" if pause else "resumed", why.reason)

    async def adjudicate(self, tournament_id: int, by_user_id: int, game_id: int, places: Sequence[int], *,
                         is_admin: bool = False) -> TournamentView:
        """Decide a table: each seat's place (1 first; equal numbers tie). A game still running ends
        there (abandoned, with the organiser's decision in its story)."""
        desk = self.desk
        row = await desk.row(tournament_id)
        require_organiser(row, by_user_id, is_admin, "adjudicate a table")
        require_active(row)
        async with desk.locked(tournament_id):
            table = await self._table(tournament_id, game_id)
            if table.places is not None:
                raise GameClosed(f"Table {table.table_no} of round {table.round} is decided already; to change its "
                                 "result, use `/tournament correct`.")
            _check_places(table, places)
            news = {"round": table.round, "table": table.table_no, "game_id": game_id, "places": list(places),
                    "entrants": list(table.entrants)}
            await desk.rows.decide_table(table, list(places), None, "adjudicated", "decided by the organiser",
                                         news=("adjudicated", news), now=desk.now())
            await self.director.end_game(game_id, row.terms.organiser_id, "the tournament's organiser")
        await desk.wake(tournament_id, desk.now())
        return await desk.changed(tournament_id)

    async def correct(self, tournament_id: int, by_user_id: int, game_id: int, places: Sequence[int], *,
                      is_admin: bool = False) -> TournamentView:
        """Correct a decided table's places (a result entered or adjudicated by mistake): the news
        tells it with the standings as they are now. Rounds already paired stay as paired; in an
        elimination, only while the next round isn't paired (it would change who went through)."""
        desk = self.desk
        row = await desk.row(tournament_id)
        require_organiser(row, by_user_id, is_admin, "correct a table")
        if row.status != RUNNING:
            raise GameClosed(f"Tournament #{tournament_id} is {row.status}: its results are final.")
        async with desk.locked(tournament_id):
            table = await self._table(tournament_id, game_id)
            if table.places is None:
                raise NotAllowed(f"Table {table.table_no} of round {table.round} isn't decided yet; to decide it, "
                                 "use `/tournament adjudicate`.")
            _check_places(table, places)
            view = await desk.view(tournament_id)
            if view.format.eliminates and view.row.round > table.round:
                raise NotAllowed(f"Round {table.round + 1} is paired already from this table's winner: an "
                                 "elimination's result can be corrected only before the next round is paired.")
            if tuple(places) == table.places:
                raise NotAllowed("Those are the places the table has already.")
            corrected = replace(table, places=tuple(places))
            after = view.format.standings(_with(view, corrected))
            news = {"round": table.round, "table": table.table_no, "game_id": game_id, "places": list(places),
                    "was": list(table.places), "entrants": list(table.entrants),
                    "standings": standings_record(view, after)}
            if not await desk.rows.correct_table(table, places, "corrected by the organiser", desk.now(), news):
                raise NotAllowed("The table changed meanwhile; look at it again.")
        await desk.wake(tournament_id, desk.now())
        return await desk.changed(tournament_id)

    async def close_round(self, tournament_id: int, by_user_id: int, *, is_admin: bool = False) -> TournamentView:
        """Close the round now: its tables still playing are decided as at its deadline, and the
        next round is paired."""
        desk = self.desk
        row = await desk.row(tournament_id)
        require_organiser(row, by_user_id, is_admin, "close the round")
        if row.status != RUNNING:
            raise GameClosed(f"Tournament #{tournament_id} is {row.status}.")
        if row.paused_at is not None:
            raise NotAllowed("The tournament is paused: resume it first.")
        async with desk.locked(tournament_id):
            rounds = await desk.rows.rounds(tournament_id)
            current = rounds[-1] if rounds and rounds[-1].closed_at is None else None
            if current is None:
                raise NotAllowed("No round is open right now.")
            await desk.rows.set_deadline(tournament_id, current.round, desk.now(),
                                         news={"round": current.round})
        await desk.wake(tournament_id, desk.now())
        return await desk.changed(tournament_id)

    async def _table(self, tournament_id: int, game_id: int) -> TableRow:
        table = await self.desk.rows.table_of_game(game_id)
        if table is None or table.tournament_id != tournament_id:
            raise NoSuchGame(f"Game #{game_id} is not a table of tournament #{tournament_id}.")
        return table


def _check_places(table: TableRow, places: Sequence[int]) -> None:
    if len(places) != len(table.entrants) or not all(1 <= p <= len(places) for p in places):
        raise BadOptions(f"Give a place from 1 to {len(table.entrants)} for each of the "
                         f"{len(table.entrants)} seats, in seat order (equal places tie).")


def _with(view: TournamentView, table: TableRow) -> Event:
    """The event's history with one table's places as `table` has them."""
    assert table.places is not None
    decided = tuple(replace(t, places=table.places) if (t.round, t.entrants) == (table.round, table.entrants) else t
                    for t in view.event.decided)
    return replace(view.event, decided=decided)
