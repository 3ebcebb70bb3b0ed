"""Playing: a seat's move, resigning, abandoning."""

from __future__ import annotations

from bot.holders import RESIGNED
from bot.kinds import ChangeKind
from bot.store import StateConflict
from bot.tables.absence import AbsenceOps
from bot.tables.errors import NotAllowed, NotInGame, StaleBoard
from bot.tables.types import (
    ABANDONED,
    FINISHED,
    GameInfo,
    MoveResult,
)
from engine.core import Event, Outcome, seat_label


class PlayOps(AbsenceOps):
    """Moves and the ways a running game ends early."""

    async def move(self, game_id: int, user_id: int, state_id: int, text: str) -> MoveResult:
        """Play `text` for the user's seat on the board `state_id`; returns after commit and notices.

        Should another process commit to the game first (it could only if its lock across
        processes was lost), the database refuses this commit; the game is reloaded and the move
        checked again once: applied if the board it was made on still stands, else StaleBoard."""
        try:
            return await self._move(game_id, user_id, state_id, text)
        except StateConflict:
            try:
                return await self._move(game_id, user_id, state_id, text)
            except StateConflict:
                current = (await self._table(game_id)).row.state_id
                raise StaleBoard(f"The board has moved on since you looked (now at state {current}); "
                                 "here is the current one.", current) from None

    async def _move(self, game_id: int, user_id: int, state_id: int, text: str) -> MoveResult:
        async with self._locked(game_id) as table:
            self._require_running(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotInGame(f"You have no seat in game #{game_id}.")
            if table.seats[seat].stand_in is not None:
                raise NotAllowed("An AI is playing your seat for now; use `/game back` to play it again.")
            await self._require_fresh(table, seat, state_id)
            move = self._parse(table, seat, text)
            clock = table.clocks.get(seat)
            if clock is not None and clock.deadline is not None and clock.deadline <= self.clock():
                await self.store.clear_votes(game_id, seat)  # back in time: the table's vote is moot
            result = await self._play(table, seat, move, user_id)
        return result

    async def resign(self, game_id: int, user_id: int) -> GameInfo:
        """Give up. In a cooperative game the crew plays on: an AI takes the seat. In a
        competitive one the game ends: the seat is ranked last and the others share the win."""
        async with self._locked(game_id) as table:
            self._require_running(table)
            seat = table.seat_of(user_id)
            if seat is None:
                raise NotInGame(f"You have no seat in game #{game_id}.")
            name = table.name_of(seat)
            if table.engine.cooperative:
                if table.seats[seat].stand_in is not None:
                    raise NotAllowed("An AI plays your seat already.")
                await self._stand_in(table, seat, RESIGNED, f"{seat_label(seat)} resigned; an AI plays their seat "
                                                              "and the crew sails on.")
                return table.info()
            else:
                others = tuple(s.seat for s in table.seats if s.seat != seat)
                ranks = tuple(2 if s.seat == seat else 1 for s in table.seats)
                names = ", ".join(table.name_of(s) for s in others)
                outcome = Outcome(winners=others, summary=f"{name} resigned; {names} win.", ranks=ranks)
            line = f"{seat_label(seat)} resigned."
            await self._commit(table, seat=seat, kind=ChangeKind.RESIGN, text="", events=((line, None),),
                               state=table.state, user_id=user_id, status=FINISHED, outcome=outcome.to_dict())
            await self.publisher.publish(table, reason=ChangeKind.RESIGN, events=(Event(line),), actor=seat,
                                         private_to=self._humans(table))
            self._retire(table)
            return table.info()

    async def abandon(self, game_id: int, user_id: int, is_admin: bool = False, by_name: str | None = None
                      ) -> GameInfo:
        """The host (or an admin) stops a running game for good."""
        async with self._locked(game_id) as table:
            self._require_running(table)
            self._require_host(table, user_id, is_admin, "abandon this game")
            line = f"The game was abandoned by {self._actor(table, user_id, by_name)}."
            await self._commit(table, seat=None, kind=ChangeKind.ABANDON, text="", events=((line, None),),
                               state=table.state, user_id=user_id, status=ABANDONED, outcome=None)
            await self.publisher.publish(table, reason=ChangeKind.ABANDON, events=(Event(line),),
                                         private_to=self._humans(table))
            self._retire(table)
            return table.info()
