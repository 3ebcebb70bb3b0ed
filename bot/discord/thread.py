"""The living game thread: one story post per burst of moves, and a board that stays current.

How a thread reads (docs/discord.md, "The living thread"):
- After a burst of changes, one post carries every new public line in order, the picture of
  the latest public board and the status line, which pings whoever must now act (once per turn).
- While a simultaneous step only fills up (sealed bids coming in one by one), nobody new is
  awaited, so no post: the living board message's text is edited in place — its lines grow
  and its status says "⏳ 2 of 3 in — waiting for …"; the picture waits for the reveal.
- A story over Discord's 2,000 characters is split; the board then comes in a last post of
  its own, which becomes the living message.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord

from bot.discord import pictures
from bot.discord.coalesce import Coalescer
from bot.discord.controls import control
from bot.discord.endings import ending_controls
from bot.discord.ids import ControlId
from bot.discord.pacing import Backoff, ChannelPacer
from bot.discord.panels import bold, named
from bot.names import result_line
from bot.notify import SeatInfo
from bot.store import MoveRow
from bot.store.records import Announcement
from bot.tables.types import RUNNING, TableView

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot
    from bot.tables import Tables

log = logging.getLogger(__name__)

CONTENT_LIMIT = 2000
BURST_WAIT = 1.5  # seconds to let AI seats finish their replies before telling the burst
BURST_CHANGES = 25  # ... unless this many changes are untold already (about a message's worth)


def seat_label(seat: SeatInfo) -> str:
    """A seat as the thread names it: AI seats and stood-in seats with a robot."""
    if seat.ai is not None:
        return f"🤖 {seat.name}"
    if seat.open:
        return f"🤖 open seat {seat.seat + 1}"
    if seat.stand_in is not None:
        return f"🤖 {seat.name} (stand-in)"
    return seat.name


def time_left(seat: SeatInfo) -> str:
    """When the seat's time runs out, as a Discord timestamp each reader sees in their own time."""
    if seat.paused:
        return " (clock paused)"
    return f" ⏰ <t:{seat.deadline:.0f}:R>" if seat.deadline is not None else ""


@dataclass(frozen=True)
class StoryPlan:
    """What to do in the thread to tell everything up to `mark.state_id`."""

    edit: bool  # edit the living message instead of posting
    texts: tuple[str, ...]  # message contents in order; the last one carries the board
    pinged: tuple[int, ...]  # seats pinged by this post
    mark: Announcement  # what the thread shows once done (a post fills in message_id)


def public_lines(changes: Sequence[MoveRow], names: Sequence[str]) -> list[str]:
    return [named(text, names) for change in changes for text, seats in change.events if seats is None]


def start_line(table: TableView) -> str:
    seats = ", ".join(f"{s.seat + 1}. {seat_label(s)}" for s in table.info.seats)
    return f"🎲 **{table.info.title}** begins! Seats: {seats}."


def status_line(table: TableView, pinged: Sequence[int], posted_to_move: Sequence[int]) -> str:
    """The last line of the living message: the result, or who is awaited (pinged ones mentioned)."""
    info = table.info
    names = [s.name for s in info.seats]
    if info.outcome is not None:
        return f"🏁 {result_line(info.outcome, names, bold)}"
    if info.status != RUNNING:
        return f"⏹️ The game is {info.status}."
    waiting = [(f"<@{info.seats[s].user_id}>" if s in pinged else bold(seat_label(info.seats[s])))
               + time_left(info.seats[s]) for s in table.to_move]
    if not waiting:
        return ""
    if len(posted_to_move) > 1 and set(table.to_move) <= set(posted_to_move):
        done = len(posted_to_move) - len(table.to_move)
        return f"⏳ {done} of {len(posted_to_move)} in — waiting for {', '.join(waiting)}"
    return f"➡️ Now: {', '.join(waiting)}"


def _filling_up(mark: Announcement, window: Sequence[MoveRow]) -> bool:
    """True when every change since the mark only took seats off a simultaneous step's waiting list."""
    before = set(mark.to_move)
    for change in window:
        after = set(change.to_move)
        if change.kind != "move" or not after or not after < before:
            return False
        before = after
    return bool(window)


def _pings(table: TableView, mark: Announcement, window: Sequence[MoveRow]) -> tuple[int, ...]:
    """Human seats whose turn began since the mark: each is pinged once per turn."""
    seats = table.info.seats
    due = []
    for seat in table.to_move:
        if seats[seat].user_id is None or seats[seat].played_by_ai:
            continue
        if mark.state_id < 0 or seat not in mark.to_move or any(seat not in c.to_move for c in window):
            due.append(seat)
    return tuple(due)


def _split(lines: Sequence[str], limit: int = CONTENT_LIMIT) -> list[str]:
    """Lines packed into messages of at most `limit` characters, in order, none lost."""
    parts: list[str] = []
    current = ""
    for line in lines:
        line = line if len(line) <= limit else line[:limit - 1] + "…"
        if current and len(current) + 1 + len(line) > limit:
            parts.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        parts.append(current)
    return parts


def plan_story(mark: Announcement, changes: Sequence[MoveRow], table: TableView) -> StoryPlan | None:
    """How to bring the thread from `mark` to `table` (the committed state), or None if it is there.

    `changes` holds at least every committed change after `min(mark.from_state, mark.state_id)`.
    """
    target = table.state_id
    if mark.state_id >= target:
        return None
    names = [s.name for s in table.info.seats]
    changes = [c for c in changes if c.state_id <= target]
    window = [c for c in changes if c.state_id > mark.state_id]
    new_mark = replace(mark, state_id=target, to_move=table.to_move)
    if mark.message_id is not None and mark.state_id >= 0 and table.info.outcome is None \
            and table.info.status == RUNNING and _filling_up(mark, window):
        told = [c for c in changes if c.state_id > mark.from_state]
        lines = ([start_line(table)] if mark.from_state < 0 else []) + [f"• {line}" for line in
                                                                          public_lines(told, names)]
        text = "\n".join([*lines, status_line(table, (), mark.posted_to_move)])
        if len(text) <= CONTENT_LIMIT:
            return StoryPlan(edit=True, texts=(text,), pinged=(), mark=new_mark)
    pinged = _pings(table, mark, window)
    lines = ([start_line(table)] if mark.state_id < 0 else []) + [f"• {line}" for line in
                                                                  public_lines(window, names)]
    status = status_line(table, pinged, table.to_move)
    whole = "\n".join([*lines, status])
    if len(whole) <= CONTENT_LIMIT:
        texts: tuple[str, ...] = (whole,)
        told_from = mark.state_id
    else:  # the lines go first, the board and status after them, alone: that is the living message
        texts = (*_split(lines), status or "…")
        told_from = target
    new_mark = replace(new_mark, message_id=None, from_state=told_from, posted_to_move=table.to_move)
    return StoryPlan(edit=False, texts=texts, pinged=pinged, mark=new_mark)


def nonce(game_id: int, mark: Announcement, target: int, part: int) -> str:
    """The same post after a retry or restart gets the same nonce, and Discord posts it once."""
    digest = hashlib.blake2b(f"{game_id}:{mark.state_id}:{target}:{part}".encode(), digest_size=10).hexdigest()
    return digest[:25]


async def await_burst(tables: Tables, game_id: int, told: int, wait: float = BURST_WAIT,
                      changes: int = BURST_CHANGES) -> None:
    """Let AI seats answering a move finish, so the burst is told at once; but not for longer
    than `wait`, nor once `changes` changes (about a message's worth) are waiting to be told."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    while tables.ai_busy(game_id) and loop.time() < deadline:
        if (await tables.game(game_id)).state_id - told >= changes:
            return
        await tables.ai_settled(game_id, min(0.1, deadline - loop.time()))


class ThreadAnnouncer(Coalescer):
    """Brings each game's thread up to its committed state."""

    what = "story"

    def __init__(self, bot: SkaldBot, pacer: ChannelPacer, backoff: Backoff, burst_wait: float = BURST_WAIT) -> None:
        super().__init__(backoff)
        self.bot = bot
        self.pacer = pacer
        self.burst_wait = burst_wait
        self.burst_changes = BURST_CHANGES
        self.posts = 0  # new messages posted, for tests and benchmarks
        self.edits = 0
        self.seconds: dict[str, float] = {}  # time spent per phase of announcing, for benchmarks

    def _spent(self, phase: str, since: float) -> float:
        now = time.perf_counter()
        self.seconds[phase] = self.seconds.get(phase, 0.0) + now - since
        return now

    async def announce(self, game_id: int) -> None:
        tables = self.bot.tables
        start = time.perf_counter()
        mark = await tables.outbox.announcement(game_id)
        if mark is None:
            return  # a lobby, or a game started before the outbox existed and fully told
        await await_burst(tables, game_id, mark.state_id, self.burst_wait, self.burst_changes)
        table = await tables.table_view(game_id, None)
        if mark.state_id >= table.state_id:
            return
        changes = await tables.outbox.changes(game_id, after=min(mark.from_state, mark.state_id))
        start = self._spent("read", start)
        plan = plan_story(mark, changes, table)
        if plan is None:
            return
        destination = table.info.thread_id or table.info.channel_id
        if plan.edit and mark.channel_id == destination and mark.message_id is not None:
            try:
                await self._edit(destination, mark.message_id, plan, table)
            except discord.NotFound:  # the living message was deleted: post afresh
                plan = plan_story(replace(mark, message_id=None), changes, table)
                assert plan is not None
            else:
                await tables.outbox.told(plan.mark)
                return
        message_id = await self._post(game_id, destination, mark, plan, table)
        start = self._spent("post", start)
        await tables.outbox.told(replace(plan.mark, channel_id=destination, message_id=message_id),
                                 pinged=plan.pinged)
        self._spent("record", start)

    async def give_up(self, game_id: int) -> None:
        """The thread refuses posts for good (deleted, no access): stop retrying this state."""
        mark = await self.bot.tables.outbox.announcement(game_id)
        table = await self.bot.tables.table_view(game_id, None)
        if mark is not None and mark.state_id < table.state_id:
            await self.bot.tables.outbox.told(replace(mark, state_id=table.state_id, to_move=table.to_move,
                                                      message_id=None))

    def _channel(self, table: TableView) -> discord.PartialMessageable:
        info = table.info
        kind = discord.ChannelType.public_thread if info.thread_id else discord.ChannelType.text
        return self.bot.get_partial_messageable(info.thread_id or info.channel_id, guild_id=info.guild_id, type=kind)

    async def _board(self, table: TableView) -> tuple[discord.Embed, discord.File | None, discord.ui.View]:
        info = table.info
        names = [s.name for s in info.seats]
        view: dict[str, Any] = dict(table.view)
        if info.outcome is not None:
            view["outcome"] = info.outcome
        embed = discord.Embed(title=f"{info.title} #{info.game_id}", colour=discord.Colour.dark_teal())
        embed.set_footer(text=f"board {table.state_id}")
        if info.outcome is not None:
            score_sheet(embed, table)
        started = time.perf_counter()
        png = await pictures.board(view, names) if table.view else None
        self._spent("render", started)
        file = pictures.attach(png, "board.png", self._limit(info.guild_id))
        if file is not None:
            embed.set_image(url="attachment://board.png")
        controls = discord.ui.View(timeout=None)
        if info.status == RUNNING:
            controls.add_item(control(ControlId(info.game_id, table.state_id, "hand"), label="My hand",
                                      emoji="🂠", style=discord.ButtonStyle.primary))
        ending_controls(controls, info, table.state_id)
        return embed, file, controls

    async def _post(self, game_id: int, destination: int, mark: Announcement, plan: StoryPlan,
                    table: TableView) -> int:
        channel = self._channel(table)
        embed, file, controls = await self._board(table)
        mentions = discord.AllowedMentions(
            users=[discord.Object(u) for s in plan.pinged if (u := table.info.seats[s].user_id) is not None])
        message_id = 0
        for part, text in enumerate(plan.texts):
            last = part == len(plan.texts) - 1
            kwargs: dict[str, Any] = {"content": text, "nonce": nonce(game_id, mark, table.state_id, part),
                                      "allowed_mentions": mentions if last else discord.AllowedMentions.none()}
            if last:
                kwargs.update(embed=embed, view=controls)
                if file is not None:
                    kwargs["file"] = file
            async with self.pacer.slot(destination):
                message = await channel.send(**kwargs)
            self.posts += 1
            message_id = message.id
        return message_id

    async def _edit(self, destination: int, message_id: int, plan: StoryPlan, table: TableView) -> None:
        """A simultaneous step filling up: only the text changes (lines and "2 of 3 in"); the
        picture stays until the reveal's post, which saves a render per sealed choice."""
        message = self._channel(table).get_partial_message(message_id)
        async with self.pacer.slot(destination, post=False):
            await message.edit(content=plan.texts[-1], allowed_mentions=discord.AllowedMentions.none())
        self.edits += 1

    def _limit(self, guild_id: int | None) -> int:
        guild = self.bot.get_guild(guild_id) if guild_id else None
        return guild.filesize_limit if guild is not None else pictures.DEFAULT_LIMIT


def score_sheet(embed: discord.Embed, table: TableView) -> None:
    """The result as an embed field: rank, name, points, a trophy for each winner."""
    outcome = table.info.outcome or {}
    scores = outcome.get("scores")
    ranks = outcome.get("ranks")
    rows = []
    for info in table.info.seats:
        parts = [bold(seat_label(info))]
        if ranks:
            parts.insert(0, f"{ranks[info.seat]}.")
        if scores:
            parts.append(f"— {scores[info.seat]} points")
        if info.seat in outcome.get("winners", []):
            parts.append("🏆")
        rows.append(" ".join(parts))
    embed.add_field(name="Result", value="\n".join(rows)[:1024] or "—", inline=False)
