"""Each seat's DM panel, drawn only for its latest state.

A seat's panel is brought up to date when something concerns it: a line only it may see
from someone else's move, its turn beginning, the start and the end of the game. (Its own
move is shown by the interaction that made it: the clicked panel is updated through that
interaction, a `/move` is answered privately.) It is drawn from the state committed at that
moment, so an older panel is never sent after a newer one. A seat's turn beginning is
told once (reach.py): by a new DM, which notifies, unless its person is at the table (moved
within `reach.AWAY` seconds before) — then the panel is edited in place and the thread's ping
is the notice. A new DM also goes out once at the end of the game. What each panel shows is
recorded per seat (`seat_panels`), so a restart neither loses a panel nor sends one twice.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import discord

from bot.discord.coalesce import Coalescer
from bot.discord.lobby import dm_channel
from bot.discord.notices import tell_notes
from bot.discord.pacing import Backoff, ChannelPacer
from bot.discord.panels import Panel, named, seat_panel
from bot.discord.reach import Turn, by_dm, hushed, turns
from bot.discord.thread import await_burst
from bot.holders import OPEN
from bot.kinds import ChangeKind
from bot.store import MoveRow, keys
from bot.store.records import PanelMark
from bot.tables.types import RUNNING, GameInfo, TableView

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

log = logging.getLogger(__name__)

CANNOT_DM = 50007


def concerned(start: bool, over: bool, humans: Sequence[int], to_move: Sequence[int],
              marks: dict[int, PanelMark], window: Sequence[MoveRow], changes: Sequence[MoveRow]) -> list[int]:
    """Human seats whose panel must change for the changes in `window` (the ones since the
    last pass); `changes` reaches back to the oldest seat's panel."""
    if start or over:
        return sorted(humans)
    seats: set[int] = set()
    previous = {c.state_id: c for c in changes}
    for change in window:  # the mover's own lines come with the answer to its move
        seats.update(s for _, only in change.events if only is not None for s in only if s != change.seat)
        if change.kind in (ChangeKind.SEAT, ChangeKind.BACK, ChangeKind.STAND_IN) and change.seat is not None:
            # A person (back) at the seat: their panel, now; an AI stands in: their panel says so,
            # with the way back and without move controls.
            seats.add(change.seat)
        before = previous.get(change.state_id - 1)
        if change.kind == ChangeKind.UNDO and before is not None:
            # A move taken back: seats whose turn it had begun must lose their move buttons.
            seats.update(set(before.to_move) - set(change.to_move))
    for seat in to_move:
        # Its turn began since its panel was drawn (it may have moved by `/move` meanwhile,
        # which leaves its DM panel as it was): a panel that offered no moves, or one from
        # before it last left the seats to act, is out of date. So is one it moved past by
        # `/move` while still to act (a click redraws its panel and its mark): in It's a
        # Wonderful World a seat makes many moves in one step, and the old panel's would be stale.
        mark = marks.get(seat)
        later = [c for c in changes if mark is not None and c.state_id > mark.state_id]
        if mark is None or not mark.offered_moves or any(seat not in c.to_move for c in later) \
                or any(c.seat == seat and c.kind == ChangeKind.MOVE for c in later):
            seats.add(seat)
    return sorted(seats & set(humans))


def private_lines(changes: Sequence[MoveRow], seat: int, after: int, upto: int, info: GameInfo) -> list[str]:
    """The lines only `seat` (and maybe a few others) may see, for states in (after, upto], each
    naming the seats as they were held when it was told."""
    return [named(text, info.names_at(change.state_id)) for change in changes if after < change.state_id <= upto
            for text, only in change.events if only is not None and seat in only]


class PanelAnnouncer(Coalescer):
    """Brings every seat's DM panel of a game up to its committed state."""

    what = "panels"

    def __init__(self, bot: SkaldBot, pacer: ChannelPacer, backoff: Backoff) -> None:
        super().__init__(backoff)
        self.bot = bot
        self.pacer = pacer
        self.sent = 0  # new DM panels, for tests and benchmarks
        self.edited = 0
        # Seats whose move is being answered by its own interaction, which draws their panel.
        self._claims: dict[tuple[int, int], int] = {}
        # Claimed seats a pass left alone: once the claim ends, a new pass looks at them again
        # (the interaction drew its own move; AI moves since may have given the seat its turn).
        self._skipped: set[tuple[int, int]] = set()

    def held(self, game_id: int) -> contextlib.AbstractAsyncContextManager[bool]:
        return self.bot.tables.outbox.lease(keys.game(game_id), self.what)

    @contextlib.asynccontextmanager
    async def claim(self, game_id: int, seat: int) -> AsyncIterator[None]:
        """While held, this worker leaves the seat's panel to the interaction holding it."""
        key = (game_id, seat)
        self._claims[key] = self._claims.get(key, 0) + 1
        try:
            yield
        finally:
            self._claims[key] -= 1
            if not self._claims[key]:
                del self._claims[key]
                if key in self._skipped:
                    self._skipped.discard(key)
                    self.wake(game_id)

    async def announce(self, game_id: int) -> None:
        outbox = self.bot.tables.outbox
        mark = await outbox.announcement(game_id)
        if mark is None:
            return
        public = await self.bot.tables.table_view(game_id, None)
        target = public.state_id
        if mark.panels_state_id >= target:
            return
        if public.info.status == RUNNING:
            # The seats' panels after an AI burst, not during it: fewer edits, no panel in between.
            await await_burst(self.bot.tables, game_id, mark.panels_state_id)
            public = await self.bot.tables.table_view(game_id, None)
            target = public.state_id
        info = public.info
        marks = await outbox.panels(game_id)
        changes = await outbox.changes(game_id, after=min([mark.panels_state_id, *(m.state_id for m in
                                                                                     marks.values())]))
        window = [c for c in changes if mark.panels_state_id < c.state_id <= target]
        # The person a change concerns hears of it first (their time ran out, a vote, their seat
        # given on): from the log, so a restart still tells them, once (notices.py).
        await tell_notes(self.bot, info, window)
        stood = {c.seat for c in window if c.kind == ChangeKind.STAND_IN and c.seat is not None}
        humans = [s.seat for s in info.seats
                  if s.user_id is not None and (s.stand_in is None or s.seat in stood)]
        over = info.status != RUNNING
        shown: list[PanelMark] = []
        skipped = False
        try:
            for seat in sorted(self._handed_on(info, window, marks)):
                shown.append(await self._retire(seat, marks[seat]))
                marks[seat] = shown[-1]
            known = await turns(self.bot.tables, info, [s for s in public.to_move if s in humans], target)
            quiet = await hushed(self.bot.tables, info)
            for seat in concerned(mark.panels_state_id < 0, over, humans, public.to_move, marks, window, changes):
                current = marks.get(seat)
                if any(c.kind == ChangeKind.SEAT and c.seat == seat for c in window):
                    current = None  # someone new sits here: a panel of their own, in their DMs
                if current is not None and (current.final or current.state_id >= target):
                    continue  # done before a restart or by an earlier attempt
                if (game_id, seat) in self._claims and not over:
                    self._skipped.add((game_id, seat))  # its own interaction is drawing it
                    skipped = True
                    continue
                new = await self._refresh(game_id, seat, current, changes, known.get(seat), seat in quiet)
                if new is not None:
                    shown.append(new)
        except BaseException:
            if shown:  # what was shown stays recorded even though a later seat failed
                await outbox.panels_shown(game_id, shown)
            raise
        # A seat left to its interaction keeps the game's pass open until the claim ends.
        await outbox.panels_shown(game_id, shown, done=None if skipped else target)

    @staticmethod
    def _handed_on(info: GameInfo, window: Sequence[MoveRow], marks: dict[int, PanelMark]) -> set[int]:
        """Seats whose person lost them in these changes (opened by the table, given to someone
        else) and whose panel in that person's DMs still shows them."""
        seats = set()
        for change in window:
            if change.seat is None or change.kind not in (ChangeKind.STAND_IN, ChangeKind.SEAT):
                continue
            after = info.history.holder(change.seat, change.state_id + 1)
            mark = marks.get(change.seat)
            lost = change.kind == ChangeKind.SEAT or (after is not None and after.why == OPEN)
            if lost and mark is not None and mark.message_id is not None and not mark.final:
                seats.add(change.seat)
        return seats

    async def _retire(self, seat: int, mark: PanelMark) -> PanelMark:
        """The old panel of a seat its person no longer holds: it says so and offers nothing."""
        assert mark.channel_id is not None and mark.message_id is not None
        channel = self.bot.get_partial_messageable(mark.channel_id, type=discord.ChannelType.private)
        try:
            async with self.pacer.slot(mark.channel_id, post=False):
                await channel.get_partial_message(mark.message_id).edit(
                    content="🪑 This seat is no longer yours; this panel shows nothing more.", embeds=[],
                    attachments=[], view=None)
            self.edited += 1
        except discord.NotFound:
            pass  # deleted already
        return replace(mark, channel_id=None, message_id=None, offered_moves=False)

    async def give_up(self, game_id: int) -> None:
        """Discord refuses these panels for good: stop retrying the changes made so far."""
        table = await self.bot.tables.table_view(game_id, None)
        await self.bot.tables.outbox.panels_shown(game_id, [], done=table.state_id)

    async def _refresh(self, game_id: int, seat: int, current: PanelMark | None,
                       changes: Sequence[MoveRow], turn: Turn | None = None, quiet: bool = False) -> PanelMark | None:
        """Bring one seat's panel up to date; returns what it now shows (None: nothing to do).
        `turn`: the seat's current turn, if it is to act (a turn begun since the panel was drawn
        is told by a new DM unless its person is at the table: reach.py). `quiet`: its person asked
        for no turn notice from this game (reach.hushed): its panel is edited in place, and a first
        one arrives without a notification."""
        tables = self.bot.tables
        info = await tables.game(game_id)
        user_id = info.seats[seat].user_id
        if user_id is None:
            return None
        table = await tables.table_view(game_id, user_id)
        if table.state_id > max((c.state_id for c in changes), default=0):
            changes = [*changes, *await tables.outbox.changes(game_id, after=max((c.state_id for c in changes),
                                                                                  default=0))]
        shown = current.state_id if current is not None else -1
        lines = private_lines(changes, seat, shown, table.state_id, table.info)
        over = not table.info.active
        new = PanelMark(seat=seat, state_id=table.state_id, offered_moves=bool(table.legal_moves), final=over,
                        told_no_dm=current.told_no_dm if current is not None else False)
        if table.info.seats[seat].dm_ok is False:  # known: the thread's status line pings them
            return await self._tell_no_dm(table, user_id, new, ping=False)
        panel = await seat_panel(table, private_lines=lines, urgent=False)
        began = turn is not None and current is not None and turn.began > current.state_id
        fresh = current is None or current.message_id is None or over or \
            (table.my_turn and began and by_dm(table.info, seat, turn, {seat} if quiet else frozenset()))
        try:
            if fresh:
                new = await self._send(user_id, panel, current, new, silent=quiet and not over)
            else:
                assert current is not None and current.channel_id is not None and current.message_id is not None
                await self._edit(current.channel_id, current.message_id, panel)
                new = replace(new, channel_id=current.channel_id, message_id=current.message_id)
        except discord.Forbidden as error:
            if error.code != CANNOT_DM:
                raise
            await tables.servers.set_dm_ok(user_id, False)
            return await self._tell_no_dm(table, user_id, new)
        except discord.NotFound:  # the panel was deleted: send a new one
            new = await self._send(user_id, panel, None, new)
        return new

    async def _send(self, user_id: int, panel: Panel, current: PanelMark | None, new: PanelMark,
                    silent: bool = False) -> PanelMark:
        """A new DM (it notifies the player unless `silent`); an old panel that offered moves loses
        its controls."""
        channel = await dm_channel(self.bot, user_id)
        async with self.pacer.slot(channel.id):
            message = await channel.send(**panel.send_kwargs(), silent=silent)
        self.sent += 1
        if current is not None and current.offered_moves and current.message_id is not None \
                and current.channel_id is not None:
            old = self.bot.get_partial_messageable(current.channel_id, type=discord.ChannelType.private)
            try:
                async with self.pacer.slot(current.channel_id, post=False):
                    await old.get_partial_message(current.message_id).edit(view=None)
            except discord.HTTPException:
                log.info("could not retire an old panel of user %d", user_id)
        return replace(new, channel_id=channel.id, message_id=message.id)

    async def _edit(self, channel_id: int, message_id: int, panel: Panel) -> None:
        channel = self.bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)
        async with self.pacer.slot(channel_id, post=False):
            await channel.get_partial_message(message_id).edit(**panel.edit_kwargs())
        self.edited += 1

    async def _tell_no_dm(self, table: TableView, user_id: int, new: PanelMark, ping: bool = True) -> PanelMark:
        """DMs bounce: say so once in the game's thread; the player uses "My hand". `ping`: the
        note is how they learn of their turn (the bounce was found just now: the thread took them
        for told by DM); else the status line pings them and the note only names them."""
        if not new.told_no_dm and table.info.active:
            info = table.info
            place = info.thread_id or info.channel_id
            channel = self.bot.get_partial_messageable(place, guild_id=info.guild_id)
            async with self.pacer.slot(place):
                await channel.send(f"<@{user_id}> I can't send you direct messages, so your hand stays here: press "
                                   "**My hand** under the latest board (or use `/game hand`) — only you will see it.",
                                   allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)] if ping
                                                                            else []))
        return replace(new, channel_id=None, message_id=None, told_no_dm=True)
