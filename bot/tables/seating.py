"""Asynchronous play: clocks running out, reminders, stand-ins, leaving, giving a seat, pauses
and the table's vote (docs/async.md). Absence is beside it (absence.py).

Every change of who plays a seat is a table action in the game's log (a public line, a new
state id), committed together with the seat's new holder (bot/holders.py) and what it does to
the clocks, and told like any move. Its line names the seat as it was held when it was made,
so "Bob's time ran out" stays Bob's even after the seat went to Dave.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
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
from bot.kinds import ChangeKind
from bot.notify import Notice
from bot.store.clocks import ClockWrites, HolderSeated, SeatGiven, SeatStandIn, VotesCleared
from bot.store.records import SeatClock, Timer
from bot.tables import clocks, notify
from bot.tables.checks import own_seat, require_host, require_running
from bot.tables.errors import NotAllowed, TableError
from bot.tables.gate import Change, Gate
from bot.tables.settings import PINGS
from bot.tables.table import Table
from bot.tables.types import ABANDONED, RUNNING, GameInfo
from engine.core import Event, seat_label

REMINDERS = {"half": 0.5, "tenth": 0.1}
MORNING = "morning"  # a seat's timer: its person's quiet hours end with the game still waiting for them
QUIET_CAP = clocks.HOUR  # a reminder due in quiet hours is sent anyway if the deadline is before their end + this
VOTE_CHOICES = ("wait", "stand_in", "open", "end")
VOTE_LABELS = {"wait": "Wait 24 h more", "stand_in": "AI stands in", "open": "Open the seat", "end": "End the game"}


class NoVote(TableError):
    """A vote on a seat whose time has not run out (or was settled already)."""


class Seating:
    """Who plays each seat of a running game, and their clocks, over the gate."""

    def __init__(self, gate: Gate) -> None:
        self.gate = gate

    # -- table actions ---------------------------------------------------------------------
    async def act(self, table: Table, change: Change, *, holding: Holding | None = None,
                  then: Callable[[], None] | None = None, private_to: Iterable[int] = ()) -> None:
        """A change of the table, not of the game (`Change.action`): logged and told. `holding`:
        the seat's new holder, seated in the same commit; `then`: the change to the cached table,
        made once that commit is done (if it fails, the table reloads)."""
        if holding is not None:
            change = replace(change, also=(*change.also, HolderSeated(holding)))
        await self.gate.commit(table, change)
        if holding is not None:
            table.holders = table.holders.with_holding(holding)
        if then is not None:
            then()
        await self.gate.publish(table, reason=change.kind, events=tuple(Event(line) for line, _ in change.events),
                                actor=change.seat, private_to=private_to)

    async def stand_in(self, table: Table, seat: int, why: str, line: str, *, release: bool = False) -> None:
        """An AI takes over the seat (`release`: the seat is nobody's any more, an opened seat)."""
        kind = strongest_ai(table.engine.name)
        before = table.holders.current(seat)
        holding = stand_in_holding(seat, table.row.state_id + 1, why, kind, before)
        also = (SeatStandIn(seat, kind, why, release), VotesCleared(seat))
        change = Change.action(table, ChangeKind.STAND_IN, seat, line, clock_writes=self._stop(table, seat), also=also)
        await self.act(table, change, holding=holding, then=lambda: _seat_changed(
                           table, seat, stand_in=kind, why=why, **({"user_id": None} if release else {})))

    async def resume_clocks(self, table: Table, seats: set[int], at: float | None = None) -> ClockWrites:
        """Paused clocks of these seats run again (from `at`, default now), unless still paused
        for another reason."""
        now = self.gate.clock() if at is None else min(at, self.gate.clock())
        still = await self.gate.absences.paused(table)
        resumed = [clocks.resume(c, now) for s, c in table.clocks.items() if s in seats and c.paused and s not in still]
        return ClockWrites(resumed, [c.seat for c in resumed], [t for c in resumed for t in clocks.timers(c, now)])

    def _stop(self, table: Table, seat: int) -> ClockWrites:
        """The seat no longer plays for itself: its clock stops and its timers go."""
        rules = clocks.preset(table.row.clock)
        clock = table.clocks.get(seat)
        if rules is None or clock is None or not clock.active:
            return ClockWrites(cleared=[seat])
        return ClockWrites([clocks.stop(clock, rules, self.gate.clock())], [seat])

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
        now = self.gate.clock()
        away = await self.gate.absences.until(user_id, table.row.guild_id)
        paused = table.row.paused_at is not None or away is not None
        clock = clocks.start(seat, known, rules, now, table.row.state_id + 1, paused)
        writes = ClockWrites([clock], [seat], clocks.timers(clock, now))
        return await self.gate.absences.resumes(table, writes, {seat: user_id})

    # -- leaving, coming back, giving a seat --------------------------------------------------
    async def leave_game(self, game_id: int, user_id: int) -> GameInfo:
        """Leave a running game: an AI stands in for the seat and the game goes on."""
        async with self.gate.locked(game_id) as table:
            require_running(table)
            seat = own_seat(table, user_id)
            if table.seats[seat].stand_in is not None:
                raise NotAllowed("An AI already plays your seat.")
            await self.stand_in(table, seat, LEFT, f"{seat_label(seat)} left the table; an AI plays their seat "
                                                     "until they are back (/game back).")
            return table.info()

    async def come_back(self, game_id: int, user_id: int) -> GameInfo:
        """Take one's seat back from its AI stand-in (after a timeout, leaving or resigning)."""
        async with self.gate.locked(game_id) as table:
            require_running(table)
            seat = own_seat(table, user_id)
            if table.seats[seat].stand_in is None:
                raise NotAllowed("You are playing your seat already.")
            name = table.seats[seat].name
            holding = Holding(seat, table.row.state_id + 1, name, BACK, user_id=user_id)
            change = Change.action(table, ChangeKind.BACK, seat, back_line(name), user_id=user_id,
                                   clock_writes=await self._start(table, seat, user_id),
                                   also=(SeatStandIn(seat, None, None),))
            await self.act(table, change, holding=holding, private_to={seat},
                           then=lambda: _seat_changed(table, seat, stand_in=None, why=None))
            return table.info()

    async def give_seat(self, game_id: int, by_user_id: int, to_user_id: int, to_name: str, seat: int | None = None,
                        *, is_admin: bool = False) -> GameInfo:
        """The host (or an admin) gives an open or stood-in seat to another person."""
        async with self.gate.locked(game_id) as table:
            require_running(table)
            require_host(table, by_user_id, is_admin, "give a seat to someone")
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
            line = given_line(old_name, to_name, seat, f"given by {_role(table, by_user_id)}")
            holding = Holding(seat, table.row.state_id + 1, to_name, SEAT, user_id=to_user_id)
            given = seat
            change = Change.action(table, ChangeKind.SEAT, seat, line, user_id=by_user_id,
                                   clock_writes=await self._start(table, seat, to_user_id, fresh=True),
                                   also=(SeatGiven(seat, to_user_id, to_name), VotesCleared(seat)))
            await self.act(table, change, holding=holding, private_to={seat},
                           then=lambda: _seat_changed(table, given, user_id=to_user_id, name=to_name,
                                                      stand_in=None, why=None, dm_ok=None))
            return table.info()

    # -- pausing ----------------------------------------------------------------------------
    async def pause(self, game_id: int, by_user_id: int, *, is_admin: bool = False, by_name: str | None = None
                    ) -> GameInfo:
        """The host (or an admin) stops every clock of the game until `unpause`."""
        return await self._pausing(game_id, by_user_id, is_admin, by_name, pause=True)

    async def unpause(self, game_id: int, by_user_id: int, *, is_admin: bool = False, by_name: str | None = None
                      ) -> GameInfo:
        """The host (or an admin) starts the game's clocks again (those of players away stay paused)."""
        return await self._pausing(game_id, by_user_id, is_admin, by_name, pause=False)

    async def _pausing(self, game_id: int, by_user_id: int, is_admin: bool, by_name: str | None, *,
                       pause: bool) -> GameInfo:
        async with self.gate.locked(game_id) as table:
            require_running(table)
            require_host(table, by_user_id, is_admin, "pause the game" if pause else "resume the game")
            if (table.row.paused_at is not None) == pause:
                raise NotAllowed("The game is paused already." if pause else "The game isn't paused.")
            now = self.gate.clock()
            paused_at = now if pause else None
            await self.gate.set_field(game_id, "paused_at", paused_at)
            table.row = replace(table.row, paused_at=paused_at)
            if pause:
                stopped = [clocks.pause(c, now) for c in table.clocks.values() if c.running]
                writes = ClockWrites(stopped, [c.seat for c in stopped])
            else:
                writes = await self.resume_clocks(table, set(table.clocks))
            line = f"{actor(table, by_user_id, by_name)} {'paused' if pause else 'resumed'} the game's clocks."
            kind = ChangeKind.PAUSE if pause else ChangeKind.RESUME
            await self.act(table, Change.action(table, kind, None, line, user_id=by_user_id, clock_writes=writes))
            return table.info()

    # -- the table's thread pings (`/game pings`) --------------------------------------------
    async def set_thread_pings(self, game_id: int, by_user_id: int, pings: str | None, *,
                               is_admin: bool = False) -> GameInfo:
        """The host (or an admin) chooses whether the game's thread pings those who must act
        (`settings.PINGS`; None: as the server's `thread_pings` says). The choice applies from the
        thread's next status line; an active game only. Asked twice, it is stored once."""
        if pings is not None and pings not in PINGS:
            raise NotAllowed(f"A thread pings {' or '.join(f'`{p}`' for p in PINGS)}, or follows the server "
                             f"(`server`): not {pings!r}.")
        async with self.gate.locked(game_id) as table:
            if not table.info().active:
                raise NotAllowed(f"Game #{game_id} is over: its thread pings nobody any more.")
            require_host(table, by_user_id, is_admin, "choose this game's thread pings")
            if table.row.thread_pings != pings:
                await self.gate.set_field(game_id, "thread_pings", pings)
            return table.info()

    # -- timers ----------------------------------------------------------------------------
    def _live_clock(self, table: Table, timer: Timer) -> SeatClock | None:
        """The seat's clock if the timer still belongs to it: same turn, and its person plays."""
        clock = table.clocks.get(timer.seat)
        if table.row.status != RUNNING or clock is None or clock.state_id != timer.state_id:
            return None
        if timer.seat not in table.to_move() or timer.seat not in table.timed():
            return None
        return clock

    async def on_reminder(self, timer: Timer) -> None:
        """A "half" or "tenth" timer: the seat's person hears that their time is running out."""
        async with self.gate.locked(timer.game_id) as table:
            clock = self._live_clock(table, timer)
            if clock is None or not clock.running:
                return
            # A reminder whose moment has passed is not sent late: after downtime past the deadline
            # the timeout speaks for it, and past the tenth's mark the "half" one is moot.
            now = self.gate.clock()
            later = clocks.reminder_due(clock, REMINDERS["tenth"]) if timer.kind == "half" else None
            if (clock.deadline or 0) <= now or (later is not None and later <= now):
                return
            # In the person's quiet hours the reminder waits for their end, unless the deadline comes
            # before an hour after it: then it is sent now, so the turn never runs out unseen.
            user_id = table.seats[timer.seat].user_id
            ends = await self.quiet_ends(user_id)
            if ends is not None and (clock.deadline or 0) > ends + QUIET_CAP:
                await self.gate.set_timer(table.game_id, timer.kind, ends, seat=timer.seat, state_id=timer.state_id)
                return
            # Taken before it is sent: a leader that dies after this never has it sent again by
            # the next one (at most once; the alternative, twice, is worse for a DM).
            if not await self.gate.store.clocks.take_timer(timer):
                return
            await self.notify(table, "reminder", timer.seat, user_id=table.seats[timer.seat].user_id,
                              deadline=clock.deadline, share_left=REMINDERS[timer.kind])

    async def quiet_ends(self, user_id: int | None) -> float | None:
        """When the person's quiet hours end, if they are in them now (bot/tables/notify.py)."""
        if user_id is None:
            return None
        quiet = notify.quiet_of((await self.gate.store.settings.person_settings([user_id])).get(user_id, {}))
        return None if quiet is None else quiet.ends(self.gate.clock())

    async def on_morning(self, timer: Timer) -> None:
        """A game's own morning timer (set before the one summary per person, bot/tables/digest.py):
        its person's quiet hours ended, told once that the game waits for them (unless they moved
        since, muted the game, or chose another way of being told)."""
        async with self.gate.locked(timer.game_id) as table:
            seat = table.seats[timer.seat] if 0 <= timer.seat < len(table.seats) else None
            if (table.row.status != RUNNING or seat is None or seat.user_id is None or seat.stand_in is not None
                    or timer.seat not in table.to_move()):
                return
            ends = await self.quiet_ends(seat.user_id)
            if ends is not None and ends > timer.due_at:  # their quiet hours changed: wait for the new end
                await self.gate.set_timer(table.game_id, MORNING, ends, seat=timer.seat)
                return
            settings = self.gate.store.settings
            stored = (await settings.person_settings([seat.user_id])).get(seat.user_id, {})
            if seat.user_id in await settings.muted(table.game_id) or notify.choice_of(stored) != notify.EVERY_TURN:
                return
            if not await self.gate.store.clocks.take_timer(timer):
                return
            clock = table.clocks.get(timer.seat)
            await self.notify(table, MORNING, timer.seat, user_id=seat.user_id,
                              deadline=clock.deadline if clock is not None and clock.running else None)

    async def on_timeout(self, timer: Timer) -> None:
        """A seat's time ran out: the timeout policy stands an AI in, or the table votes."""
        async with self.gate.locked(timer.game_id) as table:
            clock = self._live_clock(table, timer)
            if clock is None or not clock.running or (clock.deadline or 0) > self.gate.clock() + 1:
                return
            name = seat_label(timer.seat)
            voters = _voters(table, timer.seat)
            if table.row.timeout_policy != "vote" or not voters:
                await self.stand_in(table, timer.seat, TIMEOUT, f"{name}'s time ran out: an AI plays their "
                                                                  "seat until they are back (/game back).")
                return
            closes = self.gate.clock() + clocks.VOTE_WINDOW
            await self.gate.set_timer(table.game_id, "vote", closes, seat=timer.seat, state_id=clock.state_id)
            line = f"{name}'s time ran out: the table decides what happens next (votes close <t:{closes:.0f}:R>)."
            await self.act(table, Change.action(table, ChangeKind.VOTE, timer.seat, line))
            await self.notify(table, "vote", timer.seat, deadline=closes, voters=tuple(voters))

    async def vote(self, game_id: int, voter: int, seat: int, choice: str) -> str | None:
        """A player's vote on what happens to a timed-out seat; returns the decision once made."""
        if choice not in VOTE_CHOICES:
            raise NoVote(f"Vote one of: {', '.join(VOTE_CHOICES)}.")
        store = self.gate.store
        async with self.gate.locked(game_id) as table:
            require_running(table)
            if await store.clocks.timer(game_id, "vote", seat) is None:
                raise NoVote("There is no vote about that seat now: it was settled, or its player moved.")
            voters = _voters(table, seat)
            if voter not in voters:
                raise NotAllowed("Only the other players at this table vote on it.")
            await store.clocks.cast_vote(game_id, seat, voter, choice, self.gate.clock())
            votes = await store.clocks.votes(game_id, seat)
            decided = _decide({v.voter: v.choice for v in votes}, voters, table.row.host_id, final=False)
            if decided is not None:
                await self._settle(table, seat, decided)
            return decided

    async def on_vote_end(self, timer: Timer) -> None:
        """A vote's time is up: the table's decision (or a stand-in, if nobody voted) is carried out."""
        async with self.gate.locked(timer.game_id) as table:
            if table.row.status != RUNNING or timer.seat not in table.to_move():
                return
            votes = await self.gate.store.clocks.votes(timer.game_id, timer.seat)
            voters = _voters(table, timer.seat)
            choice = _decide({v.voter: v.choice for v in votes}, voters, table.row.host_id, final=True)
            await self._settle(table, timer.seat, choice or "stand_in")

    async def _settle(self, table: Table, seat: int, choice: str) -> None:
        """Carry out the table's decision about a timed-out seat (each change names the seat, so
        its person is told how the vote about them ended)."""
        name = seat_label(seat)
        now = self.gate.clock()
        if choice == "wait":
            clock = table.clocks.get(seat)
            if clock is None:
                await self.gate.store.clocks.clear_votes(table.game_id, seat)
                return
            longer = clocks.extend(clock, clocks.WAIT_MORE, now)
            line = f"The table waits a day more for {name} (until <t:{longer.deadline or now:.0f}:R>)."
            await self.act(table, Change.action(table, ChangeKind.WAIT, seat, line, also=(VotesCleared(seat),),
                                                clock_writes=ClockWrites([longer], [seat],
                                                                         clocks.timers(longer, now))))
        elif choice == "stand_in":
            await self.stand_in(table, seat, TABLE, f"The table decided: an AI plays {name}'s seat until they "
                                                      "are back (/game back).")
        elif choice == "open":
            await self.stand_in(table, seat, OPEN, f"The table opened {name}'s seat: an AI plays it until the host "
                                                   "gives it to someone (/game seat).", release=True)
        else:
            line = f"The table decided to end the game after {name}'s time ran out."
            stopped = clocks.stop_all(table.clocks, clocks.preset(table.row.clock), now)
            await self.act(table, Change.action(table, ChangeKind.ABANDON, seat, line, status=ABANDONED,
                                                clock_writes=stopped, also=(VotesCleared(seat),)),
                           private_to=table.humans())

    async def notify(self, table: Table, kind: str, seat: int, *, user_id: int | None = None,
                     deadline: float | None = None, share_left: float | None = None,
                     voters: tuple[int, ...] = ()) -> None:
        """Tell the adapters that talk to people of a reminder, a vote or an absence's end."""
        row = table.row
        notice = Notice(kind=kind, game_id=row.id, guild_id=row.guild_id, channel_id=row.channel_id,
                        thread_id=row.thread_id, title=table.engine.title, state_id=row.state_id, seat=seat,
                        seats=table.seat_infos(), user_id=user_id, deadline=deadline, share_left=share_left,
                        voters=voters)
        await self.gate.publisher.notice(notice)


def _seat_changed(table: Table, seat: int, **changes: object) -> None:
    table.seats = tuple(replace(s, **changes) if s.seat == seat else s for s in table.seats)  # type: ignore[arg-type]


def _voters(table: Table, seat: int) -> list[int]:
    """The people who decide about a timed-out seat: the others playing for themselves."""
    return [s.user_id for s in table.seats if s.seat != seat and s.user_id is not None and s.stand_in is None]


def _role(table: Table, user_id: int) -> str:
    """In which right someone did a host's action: "the host" or "an admin"."""
    return "the host" if user_id == table.row.host_id else "an admin"


def actor(table: Table, user_id: int, name: str | None) -> str:
    """Who did a host's action, for its line: their seat if they play it now (the line names it
    as held then), else their name; and whether as the host or as an admin."""
    role = _role(table, user_id)
    seat = table.seat_of(user_id)
    holder = None if seat is None else table.holders.current(seat)
    if seat is not None and (holder is None or holder.user_id == user_id):
        who: str | None = seat_label(seat)
    else:
        who = table.holders.person_name(user_id) or name
    return role if who is None else f"{who} ({role})"


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


__all__ = ["REMINDERS", "VOTE_CHOICES", "VOTE_LABELS", "NoVote", "Seating", "TableError", "actor"]
