"""Looking at games: one game, listings, a seat's view, the log. Nothing here rebuilds a game to list it."""

from __future__ import annotations

from bot.tables.core import TablesCore
from bot.tables.errors import (
    GameUnavailable,
)
from bot.tables.table import Table
from bot.tables.types import (
    ACTIVE_STATUSES,
    RUNNING,
    GameInfo,
    LogLine,
    TableView,
)
from engine.errors import SkaldError


class Looking(TablesCore):
    """Reading games (never changing them)."""

    async def game(self, game_id: int) -> GameInfo:
        return (await self._table(game_id)).info()

    async def list_games(self, guild_id: int | None, *, channel_id: int | None = None, user_id: int | None = None,
                         active_only: bool = True, game: str | None = None, place: int | None = None,
                         limit: int | None = None) -> list[GameInfo]:
        """Games of a guild (None: every guild), newest first, optionally by channel, player, game or
        place (a thread or channel id). Built from the rows alone: no game is rebuilt to list it."""
        rows = await self.store.games(guild_id=guild_id, channel_id=channel_id, user_id=user_id, game=game,
                                      statuses=ACTIVE_STATUSES if active_only else None, place=place, limit=limit)
        infos: list[GameInfo] = []
        for row, seats in rows:
            table = self._cache.get(row.id) or self._held.get(row.id)
            if table is None:
                try:
                    engine = self._games(row.game)
                except SkaldError as error:  # a game this version doesn't host: set it aside
                    await self._set_aside(row.id, error)
                    continue
                table = Table(engine=engine, row=row, seats=tuple(seats))
                if row.status == RUNNING and row.to_move is None:  # from before schema 4: load it once
                    try:
                        table = await self._table(row.id)
                    except GameUnavailable:
                        continue
            infos.append(table.info())
        return infos

    async def table_view(self, game_id: int, user_id: int | None) -> TableView:
        """What `user_id` sees now: its seat's view and legal moves, or the spectator view."""
        table = await self._table(game_id)
        row = table.row  # replaced with the state in one step (see Table)
        seat = None if user_id is None else table.seat_of(user_id)
        to_move = table.to_move()
        view, legal = table.view_of(seat)
        if seat is not None and table.seats[seat].stand_in is not None:
            legal = ()  # an AI plays the seat: its person gets no move controls until they are back
        takeback = None if seat is None else table.takebacks.get(seat)
        return TableView(info=table.info(), seat=seat, state_id=row.state_id, to_move=to_move, view=view,
                         legal_moves=legal, undo=None if takeback is None else takeback.state_id)

    async def log(self, game_id: int, user_id: int | None = None, limit: int = 50) -> list[LogLine]:
        """The last `limit` lines the user may see: public ones and its seat's private ones."""
        table = await self._table(game_id)
        seat = None if user_id is None else table.seat_of(user_id)
        lines: list[LogLine] = []
        for change in await self._moves(game_id, last=limit):
            names = tuple(table.names_at(change.state_id))  # the holders when it was made
            for text, seats in change.events:
                if seats is None:
                    lines.append(LogLine(change.state_id, change.seat, text, names=names))
                elif seat is not None and seat in seats:
                    lines.append(LogLine(change.state_id, change.seat, text, private=True, names=names))
        return lines[-limit:]
