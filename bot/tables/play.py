"""Playing: a seat's move (a person's or an AI's), resigning, abandoning."""

from __future__ import annotations

from bot.holders import RESIGNED
from bot.kinds import ChangeKind
from bot.names import name_seats
from bot.store import StateConflict
from bot.tables.ai_seats import ai_of
from bot.tables.checks import own_seat, require_host, require_running
from bot.tables.errors import NotAllowed, StaleBoard
from bot.tables.gate import Change, Gate, event_records
from bot.tables.seating import Seating, actor
from bot.tables.table import Table
from bot.tables.types import ABANDONED, FINISHED, RUNNING, GameInfo, MoveResult
from bot.tables.undo import note_takeback
from engine.core import Event, Move, Outcome, seat_label
from engine.errors import NotYourTurn


class Play:
    """Moves, and the ways a running game ends early, over the gate. The AI seats' moves take
    the same path (`ai_move`)."""

    def __init__(self, gate: Gate, seating: Seating) -> None:
        self.gate = gate
        self.seating = seating

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
                current = (await self.gate.read(game_id)).row.state_id
                raise StaleBoard(f"The board has moved on since you looked (now at state {current}); "
                                 "here is the current one.", current) from None

    async def _move(self, game_id: int, user_id: int, state_id: int, text: str) -> MoveResult:
        gate = self.gate
        async with gate.locked(game_id) as table:
            require_running(table)
            seat = own_seat(table, user_id)
            if table.seats[seat].stand_in is not None:
                raise NotAllowed("An AI is playing your seat for now; use `/game back` to play it again.")
            await gate.require_fresh(table, seat, state_id)
            move = _parse(table, seat, text)
            clock = table.clocks.get(seat)
            if clock is not None and clock.deadline is not None and clock.deadline <= gate.clock():
                await gate.store.clocks.clear_votes(game_id, seat)  # back in time: the table's vote is moot
            return await self._play(table, seat, move, user_id)

    async def ai_move(self, game_id: int, seat: int, state_id: int, kind: str, move: Move) -> bool:
        """An AI seat's move, thought outside the lock on board `state_id` by AI `kind`: applied if
        that AI still plays the seat, the seat is still to act and the board still stands for it
        (`require_fresh`, as for a person: only other seats' moves of a simultaneous step passed
        it, and the move is still legal). False (nothing changed) when not: think again."""
        async with self.gate.locked(game_id) as table:
            if table.row.status != RUNNING or seat not in table.to_move() or ai_of(table, seat) != kind:
                return False
            if table.row.state_id != state_id:
                try:
                    await self.gate.require_fresh(table, seat, state_id)
                except StaleBoard:
                    return False
                if not table.engine.is_legal(table.state, seat, move):
                    return False
            await self._play(table, seat, move, None, stand_in=table.seats[seat].ai is None)
            return True

    async def _play(self, table: Table, seat: int, move: Move, user_id: int | None,
                    stand_in: bool = False) -> MoveResult:
        """engine.apply, commit, publish: the one path every move takes, human or AI."""
        engine = table.engine
        waiting = set(table.to_move())
        step = engine.apply(table.state, seat, move)
        undoable = engine.undoable(table.state, seat, step)
        outcome = engine.outcome(step.state)
        status = RUNNING if outcome is None else FINISHED
        await self.gate.commit(table, Change(kind=ChangeKind.MOVE, seat=seat, state=step.state, text=move.text,
                                             events=event_records(step.events), user_id=user_id, status=status,
                                             outcome=None if outcome is None else outcome.to_dict(),
                                             stand_in=stand_in))
        note_takeback(table, seat, frozenset(waiting), undoable, by_person=user_id is not None and not stand_in)
        # The actor, the seats newly awaited (a turn ping; those still awaited in a simultaneous
        # step were pinged already) and every seat a private line is for.
        concerned = {seat, *(set(table.to_move()) - (waiting - {seat}))}
        concerned.update(s for e in step.events if e.seats is not None for s in e.seats)
        if status != RUNNING:
            concerned.update(table.humans())
        await self.gate.publish(table, reason=ChangeKind.MOVE, events=step.events, actor=seat, private_to=concerned)
        return MoveResult(
            game_id=table.game_id, state_id=table.row.state_id, seat=seat, text=move.text,
            events=tuple(e.text for e in step.events if e.visible_to(seat)), to_move=table.to_move(),
            status=table.row.status, outcome=table.row.outcome,
            private_events=tuple(e.text for e in step.events if not e.public and e.visible_to(seat)),
            names=tuple(table.names_at(table.row.state_id)), label=move.label,
        )

    async def resign(self, game_id: int, user_id: int) -> GameInfo:
        """Give up. In a cooperative game the crew plays on: an AI takes the seat. In a
        competitive one the game ends: the seat is ranked last and the others share the win."""
        async with self.gate.locked(game_id) as table:
            require_running(table)
            seat = own_seat(table, user_id)
            name = table.name_of(seat)
            if table.engine.cooperative:
                if table.seats[seat].stand_in is not None:
                    raise NotAllowed("An AI plays your seat already.")
                await self.seating.stand_in(table, seat, RESIGNED, f"{seat_label(seat)} resigned; an AI plays "
                                                                     "their seat and the crew sails on.")
                return table.info()
            others = tuple(s.seat for s in table.seats if s.seat != seat)
            ranks = tuple(2 if s.seat == seat else 1 for s in table.seats)
            names = ", ".join(table.name_of(s) for s in others)
            verb = "wins" if len(others) == 1 else "win"  # one opponent left, or several sharing the win
            outcome = Outcome(winners=others, summary=f"{name} resigned; {names} {verb}.", ranks=ranks)
            line = f"{seat_label(seat)} resigned."
            await self.gate.commit(table, Change(kind=ChangeKind.RESIGN, seat=seat, state=table.state,
                                                 events=((line, None),), user_id=user_id, status=FINISHED,
                                                 outcome=outcome.to_dict()))
            await self.gate.publish(table, reason=ChangeKind.RESIGN, events=(Event(line),), actor=seat,
                                    private_to=table.humans())
            return table.info()

    async def abandon(self, game_id: int, user_id: int, is_admin: bool = False, by_name: str | None = None
                      ) -> GameInfo:
        """The host (or an admin) stops a running game for good."""
        async with self.gate.locked(game_id) as table:
            require_running(table)
            require_host(table, user_id, is_admin, "abandon this game")
            line = f"The game was abandoned by {actor(table, user_id, by_name)}."
            await self.gate.commit(table, Change(kind=ChangeKind.ABANDON, seat=None, state=table.state,
                                                 events=((line, None),), user_id=user_id, status=ABANDONED))
            await self.gate.publish(table, reason=ChangeKind.ABANDON, events=(Event(line),),
                                    private_to=table.humans())
            return table.info()


def _parse(table: Table, seat: int, text: str) -> Move:
    if seat not in table.to_move():
        # The engine's own words (Tranquility says who declares next), with the seats named.
        names = [table.name_of(s) for s in range(len(table.seats))]
        raise NotYourTurn(name_seats(table.engine.not_your_turn_reason(table.state, seat), names))
    return table.engine.parse_move(table.state, seat, text.strip())
