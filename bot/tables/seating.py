"""Asynchronous play: clocks running out, reminders, stand-ins, leaving, giving a seat, pauses
and the table's vote (docs/async.md). Absence is beside it (absence.py).

Every change of who plays a seat is a table action in the game's log (a public line, a new
state id), committed together with the seat's new holder (bot/holders.py) and what it does to
the clocks, and told like any move. Its line names the seat as it was held when it was made,
so "Bob's time ran out" stays Bob's even after the seat went to Dave.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from bot.games import strongest_ai
from bot.holders import (
    BACK,
    LEFT,
    OPEN,
    SEAT,
    TABLE,
    TIMEOUT,
    Holding,
    back_line,
    given_line,
    person_of,
    stand_in_holding,
)
from bot.kinds import ChangeKind, Status
from bot.notify import Notice
from bot.store.clocks import ClockWrites, HolderSeated, SeatGiven, SeatStandIn, SeatWrite, VotesCleared
from bot.store.records import SeatClock, Timer
from bot.tables import clocks
from bot.tables.errors import NotAllowed, NotInGame, TableError
from bot.tables.looking import Looking
from bot.tables.table import Table
from bot.tables.types import ABANDONED, RUNNING, GameInfo
from engine.core import Event, seat_label

REMINDERS = {"half": 0.5, "tenth": 0.1}
VOTE_CHOICES = ("wait", "stand_in", "open", "end")
VOTE_LABELS = {"wait": "Wait 24 h more", "stand_in": "AI stands in", "open": "Open the seat", "end": "End the game"}


class NoVote(TableError):
    """A vote on a seat whose time has not run out (or was settled already)."""


class SeatingOps(Looking):
    """Who plays each seat of a running game, and their clocks."""

    # -- table actions ---------------------------------------------------------------------
    async def _table_action(self, table: Table, kind: ChangeKind, seat: int | None, line: str, user_id: int | None,
                            writes: ClockWrites | None = None, private_to: set[int] | None = None,
                            status: Status = RUNNING, also: Sequence[SeatWrite] = (),
                            before_publish: Callable[[], None] | None = None,
                            holding: Holding | None = None) -> None:
        """A change of the table, not of the game: logged and told; the engine's state stays.
        `also`: the change's own writes (a seat's stand-in), in the same commit; `holding`: the
        seat's new holder, seated by this change; `before_publish`: its change to the cached
        table, made once that commit is done."""
        if holding is not None:
            also = (*also, HolderSeated(holding))
        await self._commit(table, seat=seat, kind=kind, text="", events=((line, None),), state=table.state,
                           user_id=user_id, status=status, outcome=None,
                           clock_writes=writes if writes is not None else ClockWrites(), also=also)
        if holding is not None:
            table.holders = table.holders.with_holding(holding)
        if before_publish is not None:
            before_publish()
        self.ai.wake(table)
        await self.publisher.publish(table, reason=kind, events=(Event(line),), actor=seat,
                                     private_to=private_to if private_to is not None else set())
        self._retire(table)

    def _seat_changed(self, table: Table, seat: int, **changes: object) -> None:
        table.seats = tuple(replace(s, **changes) if s.seat == seat else s for s in table.seats)  # type: ignore[arg-type]

    def _own_seat(self, table: Table, user_id: int) -> int:
        seat = table.seat_of(user_id)
        if seat is None:
            raise NotInGame(f"You have no seat in game #{table.game_id}.")
        return seat

    async def _resume_clocks(self, table: Table, seats: set[int], at: float | None = None) -> ClockWrites:
        """Paused clocks of these seats run again (from `at`, default now), unless still paused
        for another reason."""
        now = self.clock() if at is None else min(at, self.clock())
        still = await self._paused(table)
        resumed = [clocks.resume(c, now) for s, c in table.clocks.items() if s in seats and c.paused and s not in still]
        return ClockWrites(resumed, [c.seat for c in resumed], [t for c in resumed for t in clocks.timers(c, now)])

    def _stop(self, table: Table, seat: int) -> ClockWrites:
        """The seat no longer plays for itself: its clock stops and its timers go."""
        rules = clocks.preset(table.row.clock)
        clock = table.clocks.get(seat)
        if rules is None or clock is None or not clock.active:
            return ClockWrites(cleared=[seat])
        return ClockWrites([clocks.stop(clock, rules, self.clock())], [seat])

    async def _start(self, table: Table, seat: int, user_id: int, *, fresh: bool = False) -> ClockWrites:
        """The seat's person (`user_id`) plays it from now on: its clock starts if it must act
        (paused if the game is, or they are away). `fresh`: a new person, who gets the table's
        whole bank, not what the seat's earlier holders left of it."""
        rules = clocks.preset(table.row.clock)
        if rules is None:
            return ClockWrites(cleared=[seat])
        known = SeatClock(seat=seat, bank=rules.bank) if fresh else table.clocks.get(seat)
        if seat not in table.to_move():
            return ClockWrites([known] if fresh and known is not None else [], [seat])
        now = self.clock()
        paused = table.row.paused_at is not None or await self._away_until(user_id, table.row.guild_id) is not None
        clock = clocks.start(seat, known, rules, now, table.row.state_id + 1, paused)
        writes = ClockWrites([clock], [seat], clocks.timers(clock, now))
        return await self._resumes_after_absence(table, writes, {seat: user_id})

    async def _stand_in(self, table: Table, seat: int, why: str, line: str, *, release: bool = False) -> None:
        """An AI takes over the seat (`release`: the seat is nobody's any more, an opened seat)."""
        kind = strongest_ai(table.engine.name)
        before = table.holders.current(seat)
        holding = stand_in_holding(seat, table.row.state_id + 1, why, kind, before)
        writes = self._stop(table, seat)
        also = (SeatStandIn(seat, kind, why, release), VotesCleared(seat))
        # The seat changes in memory only once the commit is done (if it fails, the table reloads).
        await self._table_action(table, ChangeKind.STAND_IN, seat, line, None, writes, also=also, holding=holding,
                                 before_publish=lambda: self._seat_changed(
                                     table, seat, stand_in=kind, why=why, **({"user_id": None} if release else {})))

    # -- leaving, coming back, giving a seat --------------------------------------------------
    async def leave_game(self, game_id: int, user_id: int) -> GameInfo:
        """Leave a running game: an AI stands in for the seat and the game goes on."""
        async with self._locked(game_id) as table:
            self._require_running(table)
            seat = self._own_seat(table, user_id)
            if table.seats[seat].stand_in is not None:
                raise NotAllowed("An AI already plays your seat.")
            await self._stand_in(table, seat, LEFT, f"{seat_label(seat)} left the table; an AI plays their seat "
                                                      "until they are back (/game back).")
            return table.info()

    async def come_back(self, game_id: int, user_id: int) -> GameInfo:
        """Take one's seat back from its AI stand-in (after a timeout, leaving or resigning)."""
        async with self._locked(game_id) as table:
            self._require_running(table)
            seat = self._own_seat(table, user_id)
            if table.seats[seat].stand_in is None:
                raise NotAllowed("You are playing your seat already.")
            name = table.seats[seat].name
            holding = Holding(seat, table.row.state_id + 1, name, BACK, user_id=user_id)
            await self._table_action(table, ChangeKind.BACK, seat, back_line(name), user_id,
                                     await self._start(table, seat, user_id), private_to={seat},
                                     also=(SeatStandIn(seat, None, None),), holding=holding,
                                     before_publish=lambda: self._seat_changed(table, seat, stand_in=None, why=None))
            return table.info()

    async def give_seat(self, game_id: int, by_user_id: int, to_user_id: int, to_name: str, seat: int | None = None,
                        *, is_admin: bool = False) -> GameInfo:
        """The host (or an admin) gives an open or stood-in seat to another person."""
        async with self._locked(game_id) as table:
            self._require_running(table)
            self._require_host(table, by_user_id, is_admin, "give a seat to someone")
            if table.seat_of(to_user_id) is not None:
                raise NotAllowed("That person already has a seat at this table.")
            free = [s.seat for s in table.seats if s.ai is None and (s.user_id is None or s.stand_in is not None)]
            if seat is None:
                if len(free) != 1:
                    raise NotAllowed("Say which seat: " + (", ".join(str(s + 1) for s in free) if free
                                                            else "no seat is open or played by a stand-in") + ".")
                seat = free[0]
            if seat not in free:
                raise NotAllowed(f"{seat_label(seat)} is played by its own player; only an open seat or one an AI "
                                 "stands in for can be given.")
            before = table.holders.current(seat)
            _, old_name = (None, None) if before is None or before.why == OPEN else person_of(before)
            line = given_line(old_name, to_name, seat, f"given by {self._role(table, by_user_id)}")
            holding = Holding(seat, table.row.state_id + 1, to_name, SEAT, user_id=to_user_id)
            await self._table_action(
                table, ChangeKind.SEAT, seat, line, by_user_id, await self._start(table, seat, to_user_id, fresh=True),
                private_to={seat}, also=(SeatGiven(seat, to_user_id, to_name), VotesCleared(seat)), holding=holding,
                before_publish=lambda: self._seat_changed(table, seat, user_id=to_user_id, name=to_name,
                                                          stand_in=None, why=None, dm_ok=None))
            return table.info()

    # -- pausing ----------------------------------------------------------------------------
    @staticmethod
    def _role(table: Table, user_id: int) -> str:
        """In which right someone did a host's action: "the host" or "an admin"."""
        return "the host" if user_id == table.row.host_id else "an admin"

    def _actor(self, table: Table, user_id: int, name: str | None) -> str:
        """Who did a host's action, for its line: their seat if they play it now (the line names
        it as held then), else their name; and whether as the host or as an admin."""
        role = self._role(table, user_id)
        seat = table.seat_of(user_id)
        holder = None if seat is None else table.holders.current(seat)
        if seat is not None and (holder is None or holder.user_id == user_id):
            who: str | None = seat_label(seat)
        else:
            who = table.holders.person_name(user_id) or name
        return role if who is None else f"{who} ({role})"

    async def pause(self, game_id: int, by_user_id: int, *, is_admin: bool = False, by_name: str | None = None
                    ) -> GameInfo:
        """The host (or an admin) stops every clock of the game until `unpause`."""
        async with self._locked(game_id) as table:
            self._require_running(table)
            self._require_host(table, by_user_id, is_admin, "pause the game")
            if table.row.paused_at is not None:
                raise NotAllowed("The game is paused already.")
            now = self.clock()
            await self._set_game_field(game_id, "paused_at", now)
            table.row = replace(table.row, paused_at=now)
            paused = [clocks.pause(c, now) for c in table.clocks.values() if c.running]
            await self._table_action(table, ChangeKind.PAUSE, None,
                                     f"{self._actor(table, by_user_id, by_name)} paused the game's clocks.",
                                     by_user_id, ClockWrites(paused, [c.seat for c in paused]))
            return table.info()

    async def unpause(self, game_id: int, by_user_id: int, *, is_admin: bool = False, by_name: str | None = None
                      ) -> GameInfo:
        """The host (or an admin) starts the game's clocks again (those of players away stay paused)."""
        async with self._locked(game_id) as table:
            self._require_running(table)
            self._require_host(table, by_user_id, is_admin, "resume the game")
            if table.row.paused_at is None:
                raise NotAllowed("The game isn't paused.")
            await self._set_game_field(game_id, "paused_at", None)
            table.row = replace(table.row, paused_at=None)
            writes = await self._resume_clocks(table, set(table.clocks))
            await self._table_action(table, ChangeKind.RESUME, None,
                                     f"{self._actor(table, by_user_id, by_name)} resumed the game's clocks.",
                                     by_user_id, writes)
            return table.info()

    # -- timers ----------------------------------------------------------------------------
    def _live_clock(self, table: Table, timer: Timer) -> SeatClock | None:
        """The seat's clock if the timer still belongs to it: same turn, and its person plays."""
        clock = table.clocks.get(timer.seat)
        if table.row.status != RUNNING or clock is None or clock.state_id != timer.state_id:
            return None
        if timer.seat not in table.to_move() or timer.seat not in self._timed(table):
            return None
        return clock

    async def _on_reminder(self, timer: Timer) -> None:
        async with self._locked(timer.game_id) as table:
            clock = self._live_clock(table, timer)
            if clock is None or not clock.running:
                return
            # A reminder whose moment has passed is not sent late: after downtime past the deadline
            # the timeout speaks for it, and past the tenth's mark the "half" one is moot.
            now = self.clock()
            later = clocks.reminder_due(clock, REMINDERS["tenth"]) if timer.kind == "half" else None
            if (clock.deadline or 0) <= now or (later is not None and later <= now):
                return
            # Taken before it is sent: a leader that dies after this never has it sent again by
            # the next one (at most once; the alternative, twice, is worse for a DM).
            if not await self.store.take_timer(timer):
                return
            await self._notify(table, "reminder", timer.seat, user_id=table.seats[timer.seat].user_id,
                               deadline=clock.deadline, share_left=REMINDERS[timer.kind])

    async def _on_timeout(self, timer: Timer) -> None:
        async with self._locked(timer.game_id) as table:
            clock = self._live_clock(table, timer)
            if clock is None or not clock.running or (clock.deadline or 0) > self.clock() + 1:
                return
            name = seat_label(timer.seat)
            voters = self._voters(table, timer.seat)
            if table.row.timeout_policy != "vote" or not voters:
                await self._stand_in(table, timer.seat, TIMEOUT, f"{name}'s time ran out: an AI plays their "
                                                                   "seat until they are back (/game back).")
                return
            closes = self.clock() + clocks.VOTE_WINDOW
            await self.store.set_timer(table.game_id, "vote", closes, seat=timer.seat, state_id=clock.state_id)
            await self.scheduler.changed(closes)
            await self._table_action(table, ChangeKind.VOTE, timer.seat, f"{name}'s time ran out: the table decides "
                                                                f"what happens next (votes close <t:{closes:.0f}:R>).",
                                     None)
            await self._notify(table, "vote", timer.seat, deadline=closes, voters=tuple(voters))

    def _voters(self, table: Table, seat: int) -> list[int]:
        """The people who decide about a timed-out seat: the others playing for themselves."""
        return [s.user_id for s in table.seats if s.seat != seat and s.user_id is not None and s.stand_in is None]

    async def vote(self, game_id: int, voter: int, seat: int, choice: str) -> str | None:
        """A player's vote on what happens to a timed-out seat; returns the decision once made."""
        if choice not in VOTE_CHOICES:
            raise NoVote(f"Vote one of: {', '.join(VOTE_CHOICES)}.")
        async with self._locked(game_id) as table:
            self._require_running(table)
            if await self.store.timer(game_id, "vote", seat) is None:
                raise NoVote("There is no vote about that seat now: it was settled, or its player moved.")
            voters = self._voters(table, seat)
            if voter not in voters:
                raise NotAllowed("Only the other players at this table vote on it.")
            await self.store.cast_vote(game_id, seat, voter, choice, self.clock())
            votes = await self.store.votes(game_id, seat)
            decided = _decide({v.voter: v.choice for v in votes}, voters, table.row.host_id, final=False)
            if decided is not None:
                await self._settle(table, seat, decided)
            return decided

    async def _on_vote_end(self, timer: Timer) -> None:
        async with self._locked(timer.game_id) as table:
            if table.row.status != RUNNING or timer.seat not in table.to_move():
                return
            votes = await self.store.votes(timer.game_id, timer.seat)
            voters = self._voters(table, timer.seat)
            choice = _decide({v.voter: v.choice for v in votes}, voters, table.row.host_id, final=True)
            await self._settle(table, timer.seat, choice or "stand_in")

    async def _settle(self, table: Table, seat: int, choice: str) -> None:
        """Carry out the table's decision about a timed-out seat (each change names the seat, so
        its person is told how the vote about them ended)."""
        name = seat_label(seat)
        if choice == "wait":
            clock = table.clocks.get(seat)
            if clock is None:
                await self.store.clear_votes(table.game_id, seat)
                return
            now = self.clock()
            longer = clocks.extend(clock, clocks.WAIT_MORE, now)
            writes = ClockWrites([longer], [seat], clocks.timers(longer, now))
            await self._table_action(table, ChangeKind.WAIT, seat, f"The table waits a day more for {name} "
                                                          f"(until <t:{longer.deadline or now:.0f}:R>).", None, writes,
                                     also=(VotesCleared(seat),))
        elif choice == "stand_in":
            await self._stand_in(table, seat, TABLE, f"The table decided: an AI plays {name}'s seat until they "
                                                       "are back (/game back).")
        elif choice == "open":
            await self._stand_in(table, seat, OPEN, f"The table opened {name}'s seat: an AI plays it until the host "
                                                    "gives it to someone (/game seat).", release=True)
        else:
            await self._table_action(table, ChangeKind.ABANDON, seat, f"The table decided to end the game after "
                                                                      f"{name}'s time ran out.", None,
                                     clocks.stop_all(table.clocks, clocks.preset(table.row.clock), self.clock()),
                                     private_to=self._humans(table), status=ABANDONED, also=(VotesCleared(seat),))

    async def _notify(self, table: Table, kind: str, seat: int, *, user_id: int | None = None,
                      deadline: float | None = None, share_left: float | None = None,
                      voters: tuple[int, ...] = ()) -> None:
        row = table.row
        notice = Notice(kind=kind, game_id=row.id, guild_id=row.guild_id, channel_id=row.channel_id,
                        thread_id=row.thread_id, title=table.engine.title, state_id=row.state_id, seat=seat,
                        seats=table.seat_infos(), user_id=user_id, deadline=deadline, share_left=share_left,
                        voters=voters)
        await self.publisher.notice(notice)


def _decide(votes: dict[int, str], voters: list[int], host_id: int, *, final: bool) -> str | None:
    """The table's decision: a choice most of the voters made; a tie with everyone voted (or the
    vote closing) goes the host's way, else to the choice made first among the tied."""
    if not voters:
        return None
    counts: dict[str, int] = {}
    for voter in voters:
        if voter in votes:
            counts[votes[voter]] = counts.get(votes[voter], 0) + 1
    for choice, count in counts.items():
        if count * 2 > len(voters):
            return choice
    if not counts or not (final or len(votes) >= len(voters)):
        return None
    best = max(counts.values())
    tied = [c for c in counts if counts[c] == best]
    if votes.get(host_id) in tied:
        return votes[host_id]
    return next(votes[v] for v in votes if votes[v] in tied)


__all__ = ["REMINDERS", "VOTE_CHOICES", "VOTE_LABELS", "NoVote", "SeatingOps", "TableError"]
