"""Tournaments over the table service (docs/tournaments.md): sign-up, rounds as tables, standings,
and the organiser's controls. Formats, pairing and scoring are pure (bot/tournaments/); the rows
are the store's (bot/store/tournaments.py); the tables are ordinary games, opened seated through
the lobby and started, so clocks, stand-ins, records and ratings work as for any table.

The service is four parts over one `Desk` (the rows, each event's lock, timer and listeners):
`signup` (creating events, entrants), `organiser` (the organiser's controls), `director` (what
moves an event on: its timer, its games ending, a restart) and the reads below.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.store.tournaments import EntrantRow, TournamentRow
from bot.tables.gate import Gate
from bot.tables.lobby import Lobby
from bot.tables.play import Play
from bot.tables.records import Records
from bot.tables.seating import Seating
from bot.tables.servers import Servers
from bot.tables.tournaments.desk import (
    LATENESS_LABELS,
    Desk,
    Rooms,
    TournamentListener,
    TournamentView,
    standings_record,
)
from bot.tables.tournaments.director import Director
from bot.tables.tournaments.organiser import Organiser
from bot.tables.tournaments.signup import NewTournament, Signups


class Tournaments:
    """Events of a server: the parts, composed, and the reads adapters make."""

    def __init__(self, gate: Gate, lobby: Lobby, play: Play, seating: Seating, servers: Servers,
                 records: Records) -> None:
        self.desk = Desk(gate, lobby, play, seating, servers, records)
        self.signup = Signups(self.desk)
        self.director = Director(self.desk)
        self.organiser = Organiser(self.desk, self.director)

    def attach(self, listener: TournamentListener) -> None:
        self.desk.listeners.append(listener)

    @property
    def rooms(self) -> Rooms | None:
        return self.desk.rooms

    @rooms.setter
    def rooms(self, rooms: Rooms | None) -> None:
        self.desk.rooms = rooms

    async def view(self, tournament_id: int) -> TournamentView:
        """The event whole (refused politely when it is set aside)."""
        return await self.desk.view(tournament_id)

    async def find(self, guild_id: int, statuses: Sequence[str] = ()) -> list[TournamentRow]:
        return await self.desk.rows.find(guild_id=guild_id, statuses=statuses)

    async def events_of(self, user_id: int, guild_id: int) -> list[tuple[TournamentRow, EntrantRow]]:
        """A person's events in the server, newest first (for `/stats` and `/tournament mine`)."""
        return await self.desk.rows.events_of(user_id, guild_id)


__all__ = ["LATENESS_LABELS", "NewTournament", "Rooms", "TournamentListener", "TournamentView", "Tournaments",
           "standings_record"]
