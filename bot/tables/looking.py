"""Looking at games: one game, listings, a seat's view, the log. Nothing here rebuilds a game to list it."""

from __future__ import annotations

from dataclasses import replace

from bot.tables import clocks
from bot.tables.errors import GameUnavailable
from bot.tables.gate import Gate
from bot.tables.table import Table
from bot.tables.types import (
    ACTIVE_STATUSES,
    RUNNING,
    GameInfo,
    LogLine,
    TableView,
)
from engine.errors import SkaldError


class Looking:
    """Reading games (never changing them), through the gate."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate

    async def game(self, game_id: int) -> GameInfo:
        return (await self.gate.read(game_id)).info()

    async def list_games(self, guild_id: int | None, *, channel_id: int | None = None, user_id: int | None = None,
                         active_only: bool = True, game: str | None = None, place: int | None = None,
                         limit: int | None = None) -> list[GameInfo]:
        """Games of a guild (None: every guild), newest first, optionally by channel, player, game or
        place (a thread or channel id). Built from the rows alone: no game is rebuilt to list it."""
        gate = self.gate
        rows = await gate.store.games.games(guild_id=guild_id, channel_id=channel_id, user_id=user_id, game=game,
                                      statuses=ACTIVE_STATUSES if active_only else None, place=place, limit=limit)
        infos: list[GameInfo] = []
        for row, seats in rows:
            table = gate.known(row.id)
            if table is None:
                try:
                    engine = gate.games(row.game)
                except SkaldError as error:  # a game this version doesn't host: set it aside
                    await gate.set_aside(row.id, error)
                    continue
                table = Table(engine=engine, row=row, seats=tuple(seats))
                if row.status == RUNNING and row.to_move is None:  # from before schema 4: load it once
                    try:
                        table = await gate.read(row.id)
                    except GameUnavailable:
                        continue
            infos.append(table.info())
        return infos

    async def start_to_move(self, game_id: int) -> frozenset[int]:
        """The seats that had to act when the game began."""
        table = await self.gate.read(game_id)
        row = table.row
        return table.engine.to_move(table.engine.setup(len(table.seats), row.options, row.seed or 0,
                                                       row.engine_version))

    async def table_view(self, game_id: int, user_id: int | None) -> TableView:
        """What `user_id` sees now: its seat's view and legal moves, or the spectator view."""
        table = await self.gate.read(game_id)
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
        table = await self.gate.read(game_id)
        seat = None if user_id is None else table.seat_of(user_id)
        lines: list[LogLine] = []
        for change in await self.gate.moves(game_id, last=limit):
            names = tuple(table.names_at(change.state_id))  # the holders when it was made
            for text, seats in change.events:
                if seats is None:
                    lines.append(LogLine(change.state_id, change.seat, text, names=names))
                elif seat is not None and seat in seats:
                    lines.append(LogLine(change.state_id, change.seat, text, private=True, names=names))
        return lines[-limit:]

    async def waiting_for(self, user_id: int, guild_id: int | None) -> list[tuple[GameInfo, float | None, bool]]:
        """The user's games (in one server, or all) where they must act: each with its deadline
        and whether its clock is paused; soonest deadline first, games without a clock last. Each
        game's seats carry their clocks and absences, so the others' state can be shown too."""
        games = await self.running_games_of(user_id, guild_id)
        clocks_of = await self.gate.store.clocks.clocks_of([g.game_id for g in games])
        waiting = []
        for info in games:
            seat = info.seat_of(user_id)
            if seat is None or seat not in info.to_move or info.seats[seat].stand_in is not None:
                continue
            known = clocks_of[info.game_id]
            rules = clocks.preset(info.clock)
            seats = []
            for other in info.seats:
                clock = known.get(other.seat)
                away = None if other.user_id is None else await self.gate.absences.until(other.user_id, info.guild_id)
                acting = other.seat in info.to_move and clock is not None
                bank = clock.bank if clock is not None else None if rules is None else rules.bank
                seats.append(replace(other, bank=bank, away_until=away,
                                     deadline=clock.deadline if acting and clock is not None else None,
                                     paused=bool(acting and clock is not None and clock.paused),
                                     left=clock.remaining if acting and clock is not None else None))
            info = replace(info, seats=tuple(seats))
            clock = known.get(seat)
            waiting.append((info, clock.deadline if clock else None, bool(clock and clock.paused)))
        waiting.sort(key=lambda item: (item[1] is None, item[1] or 0.0, item[0].game_id))
        return waiting

    async def running_games_of(self, user_id: int, guild_id: int | None) -> list[GameInfo]:
        """The user's running games in the server (None: in every server)."""
        return [g for g in await self.list_games(guild_id, user_id=user_id) if g.status == RUNNING]
