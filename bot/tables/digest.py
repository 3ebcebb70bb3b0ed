"""The digest (`/notify how digest`, docs/async.md "The digest"): a person who chose it gets no turn
notice of their own; at most once every N hours (their `digest_hours`) one DM lists every game
waiting for them across servers, soonest deadline first.

A turn that began for them (the announcers' `reach.hushed` sees it) sets their digest timer — a
row of the store's `timers` in the person key space, run by the scheduler like every other timer,
so it survives a restart — for when the next digest may come: N hours after the last one, or at
once, held to the end of their quiet hours. When it runs, a digest is told only if something waits
that the last one didn't list and that began over a minute after the person's last interaction
with Skald (`seen`: what they saw at the table needs no digest); otherwise nothing is sent.

A digest still unread — no interaction of theirs since it was sent: Discord gives no read receipt
(docs/async.md, 2026-12-07) — is edited in place rather than a new one sent. What the last digest
listed and where it is are stored as the person's `digest_sent` setting, written before it is
sent: like a reminder, at most once (a crash in between loses that one; the reminders still come).

The morning summary is beside it: a person told at every turn whose quiet hours hid turns from
them gets one DM when they end, listing every game a turn began in for them in the night (a
`morning` timer in the person key space), not one per game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.notify import Notice, Waiting
from bot.store.keys import Space
from bot.store.records import Timer
from bot.tables import notify
from bot.tables.gate import Gate
from bot.tables.seating import MORNING

if TYPE_CHECKING:
    from bot.tables.looking import Looking

DIGEST = "digest"  # the person's timer (space `person`, id: their user id)
HOUR = 3600.0
SEEN_EVERY = 60.0  # a digest person's interactions are stored at most this often; what began within it they saw


class Digests:
    """Each digest person's timer and what their digest lists."""

    def __init__(self, gate: Gate, looking: Looking) -> None:
        self.gate = gate
        self.looking = looking

    async def expect(self, user_ids: set[int]) -> None:
        """A turn began for these digest people: their digest timer is set, unless one is set already."""
        store = self.gate.store
        settings = await store.settings.person_settings(list(user_ids))
        for user_id in user_ids:
            if await store.clocks.timer(user_id, DIGEST, space=Space.PERSON) is not None:
                continue
            stored = settings.get(user_id, {})
            if notify.choice_of(stored) != notify.DIGEST:
                continue
            await self.gate.set_timer(user_id, DIGEST, self._due(stored), space=Space.PERSON)

    def _due(self, stored: dict[str, Any], now: float | None = None) -> float:
        """When the person's next digest may come, from `now` (default: the clock's): N hours after
        the last, not before their quiet hours end."""
        now = self.gate.clock() if now is None else now
        last = stored.get(notify.DIGEST_SENT)
        at = float(last.get("at", 0.0)) if isinstance(last, dict) else 0.0
        due = max(now, at + notify.hours_of(stored) * HOUR)
        quiet = notify.quiet_of(stored)
        ends = None if quiet is None else quiet.ends(due)
        return due if ends is None else ends

    async def on_digest(self, timer: Timer) -> None:
        """The person's digest timer: tell them what waits, if anything new does."""
        user_id = timer.game_id
        settings = self.gate.store.settings
        stored = (await settings.person_settings([user_id])).get(user_id, {})
        if notify.choice_of(stored) != notify.DIGEST:
            return
        due = self._due(stored, now := self.gate.clock())
        if due > now:  # in quiet hours, or a digest came since the timer was set: not yet
            await self.gate.set_timer(user_id, DIGEST, due, space=Space.PERSON)
            return
        waiting, listed, new = await self.waiting(user_id, stored)
        if not new:
            return
        if not await self.gate.store.clocks.take_timer(timer):
            return
        last = stored.get(notify.DIGEST_SENT)
        seen = stored.get(notify.SEEN)
        edit = None
        if isinstance(last, dict) and last.get("message") and not (isinstance(seen, (int, float))
                                                                   and seen >= last.get("at", 0.0)):
            edit = (int(last["channel"]), int(last["message"]))  # still unread: edited in place
        record = {"at": now, "told": listed, "channel": edit[0] if edit else None, "message": edit[1] if edit else None}
        await settings.set_person_setting(user_id, notify.DIGEST_SENT, record, now)
        first = waiting[0]
        notice = Notice(kind=DIGEST, game_id=first.game_id, guild_id=first.guild_id, channel_id=first.channel_id,
                        thread_id=first.thread_id, title=first.title, state_id=-1, seat=-1, seats=(),
                        user_id=user_id, deadline=first.deadline, waiting=tuple(waiting), edit=edit, sent_at=now)
        await self.gate.publisher.notice(notice)

    async def waiting(self, user_id: int, stored: dict[str, Any]) -> tuple[list[Waiting], list[list[int]], bool]:
        """The games waiting for the person (soonest deadline first, games they muted left out), each
        turn's key (game, the state its turn began at), and whether one is new: not in the last digest
        and begun after their last interaction."""
        last = stored.get(notify.DIGEST_SENT)
        told = {tuple(key) for key in last.get("told", [])} if isinstance(last, dict) else set()
        seen = stored.get(notify.SEEN)
        seen_at = float(seen) if isinstance(seen, (int, float)) else 0.0
        waiting, keys, new = [], [], False
        for game, key, began in await self._unmuted_waiting(user_id):
            new = new or (tuple(key) not in told and began > seen_at + SEEN_EVERY)
            keys.append(key)
            waiting.append(game)
        return waiting, keys, new

    async def _unmuted_waiting(self, user_id: int) -> list[tuple[Waiting, list[int], float]]:
        """Each game waiting for the person that they didn't mute, soonest deadline first: how a
        digest or morning DM lists it, its turn's key (game, the state the turn began at) and when
        that turn began."""
        games = await self.looking.waiting_for(user_id, None)
        store = self.gate.store
        clocks_of = await store.clocks.clocks_of([info.game_id for info, _, _ in games]) if games else {}
        found = []
        for info, deadline, paused in games:
            if user_id in await store.settings.muted(info.game_id):
                continue
            seat = info.seat_of(user_id)
            clock = clocks_of.get(info.game_id, {}).get(seat) if seat is not None else None
            key = [info.game_id, clock.state_id if clock is not None else info.state_id]
            began = clock.started if clock is not None and clock.started is not None else info.updated_at
            found.append((Waiting(info.game_id, info.guild_id, info.channel_id, info.thread_id, info.title,
                                  None if paused else deadline, paused), key, began))
        return found

    # -- the morning summary: one DM when a person's quiet hours end --------------------------
    async def hold_for_morning(self, ends: dict[int, float]) -> None:
        """These people (user id: when their quiet hours end) were not told of a turn: one morning
        timer each, in the person key space, tells them then of every game a turn began in for them
        in the night (setting it again changes nothing)."""
        for user_id, end in ends.items():
            await self.gate.set_timer(user_id, MORNING, end, space=Space.PERSON)

    async def on_morning(self, timer: Timer) -> None:
        """A person's quiet hours ended: one DM lists the games where a turn began for them in the
        night and still waits (for people told at every turn; the digest folds it in itself)."""
        user_id = timer.game_id
        stored = (await self.gate.store.settings.person_settings([user_id])).get(user_id, {})
        if notify.choice_of(stored) != notify.EVERY_TURN:
            return
        quiet = notify.quiet_of(stored)
        now = self.gate.clock()
        ends = None if quiet is None else quiet.ends(now)
        if ends is not None and ends > timer.due_at:  # their quiet hours changed: wait for the new end
            await self.gate.set_timer(user_id, MORNING, ends, space=Space.PERSON)
            return
        period = None if quiet is None else quiet.period(timer.due_at - 1)
        night = period[0] if period is not None else timer.due_at - 24 * HOUR
        waiting = [game for game, _, began in await self._unmuted_waiting(user_id) if began >= night]
        if not waiting or not await self.gate.store.clocks.take_timer(timer):
            return
        first = waiting[0]
        await self.gate.publisher.notice(Notice(
            kind=MORNING, game_id=first.game_id, guild_id=first.guild_id, channel_id=first.channel_id,
            thread_id=first.thread_id, title=first.title, state_id=-1, seat=-1, seats=(), user_id=user_id,
            deadline=first.deadline, waiting=tuple(waiting), sent_at=timer.due_at))

    async def delivered(self, user_id: int, sent_at: float, channel_id: int, message_id: int) -> None:
        """The digest decided at `sent_at` is in this DM message (to edit while it is unread)."""
        settings = self.gate.store.settings
        stored = (await settings.person_settings([user_id])).get(user_id, {})
        last = stored.get(notify.DIGEST_SENT)
        if isinstance(last, dict) and last.get("at") == sent_at:
            await settings.set_person_setting(user_id, notify.DIGEST_SENT,
                                              {**last, "channel": channel_id, "message": message_id}, self.gate.clock())
