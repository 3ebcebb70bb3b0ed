"""The living game thread: one story post per burst of moves, and a board that stays current.

How a thread reads (docs/discord.md, "The living thread"):
- After a burst of changes, one post carries every new public line in order, the picture of
  the latest public board and the status line, which pings whoever must now act (once per turn).
- The lines go in embed descriptions, not in the message content: a message holds 6,000
  characters of embed text (4,096 per description, 10 embeds) against 2,000 of content, so a
  long AI burst needs a third of the messages, and the channel's 5 posts per 5 s are not spent
  before the result. The status line stays in the content: only content mentions ping.
- While a simultaneous step only fills up (sealed bids coming in one by one), nobody new is
  awaited, so no post: the living board message is edited in place — its story embed grows
  and its status says "⏳ 2 of 3 in — waiting for …"; the picture waits for the reveal.
- A story too long for one message is split over several; the last one carries the board, the
  status and the tail of the story (from a change's first line), and becomes the living message.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import time
from collections.abc import Sequence, Set
from contextlib import AbstractAsyncContextManager
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
from bot.discord.reach import unpinged
from bot.discord.web_links import game_link
from bot.names import result_line
from bot.notify import SeatInfo
from bot.store import MoveRow, keys
from bot.store.records import Announcement
from bot.tables.types import RUNNING, GameInfo, TableView

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot
    from bot.tables import Tables

log = logging.getLogger(__name__)

DESCRIPTION_LIMIT = 4096  # Discord's limits on one message: an embed's description ...
EMBED_TEXT_LIMIT = 6000  # ... the text of all its embeds together (titles, descriptions, fields, footers)
EMBEDS_LIMIT = 10  # ... and how many embeds
MIDGAME_SPARE = 1  # channel slots a running game's posts leave free, so its end is told at once
REMEMBERED_BOARDS = 2_000  # living boards kept in memory for edits in place; the oldest forgotten beyond
STORY_COLOUR = discord.Colour.dark_teal()
BURST_WAIT = 1.5  # seconds to let AI seats finish their replies before telling the burst
BURST_CHANGES = 25  # ... unless this many changes are untold already (within one message's embeds)
WEB_ROOM = 200  # characters kept free beside the board embed for its "Watch live" field (docs/web.md)


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
    """When the seat's time runs out, as a Discord timestamp each reader sees in their own time
    (or that its person is away, until when)."""
    if seat.away_until is not None and seat.stand_in is None:
        return f" 🏖️ away until <t:{seat.away_until:.0f}:R>"
    if seat.paused:
        return " (clock paused)"
    return f" ⏰ <t:{seat.deadline:.0f}:R>" if seat.deadline is not None else ""


@dataclass(frozen=True)
class StoryPart:
    """One message of a story: its story embeds' descriptions, and its content (the status line
    on the last part, which also carries the board; empty on the others)."""

    descriptions: tuple[str, ...]
    content: str = ""


@dataclass(frozen=True)
class StoryPlan:
    """What to do in the thread to tell everything up to `mark.state_id`."""

    edit: bool  # edit the living message instead of posting
    parts: tuple[StoryPart, ...]  # messages in order; the last one carries the status and the board
    pinged: tuple[int, ...]  # seats pinged by this post
    mark: Announcement  # what the thread shows once done (a post fills in message_id)


def public_lines(changes: Sequence[MoveRow], info: GameInfo) -> list[str]:
    """The public lines of these changes, each naming the seats as they were held when it was made."""
    return [named(text, info.names_at(change.state_id)) for change in changes for text, seats in change.events
            if seats is None]


def start_line(table: TableView) -> str:
    """The game's first line: its seats as they were held at the start (a thread told late, after
    a restart, still names who sat down)."""
    info = table.info
    first = info.names_at(0)
    seats = ", ".join(f"{s.seat + 1}. {'🤖 ' if s.ai is not None else ''}{first[s.seat]}" for s in info.seats)
    return f"🎲 **{info.title}** begins! Seats: {seats}."


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
    """True when every change since the mark only took seats off a simultaneous step's waiting list,
    or was a private move of a seat still awaited (nothing to tell the table, nobody new awaited:
    a placement on a seat's hidden working board in It's a Wonderful World's planning)."""
    before = set(mark.to_move)
    for change in window:
        after = set(change.to_move)
        private = after == before and all(seats is not None for _, seats in change.events)
        if change.kind != "move" or not after or not (after < before or private):
            return False
        before = after
    return bool(window)


def _pings(table: TableView, mark: Announcement, window: Sequence[MoveRow],
           by_dm: Set[int] = frozenset()) -> tuple[int, ...]:
    """Human seats whose turn began since the mark: each is pinged once per turn, unless a new DM
    panel tells them or they began it themselves (`by_dm`: reach.unpinged): one notice per turn."""
    seats = table.info.seats
    due = []
    for seat in table.to_move:
        if seats[seat].user_id is None or seats[seat].played_by_ai or seat in by_dm:
            continue
        if mark.state_id < 0 or seat not in mark.to_move or any(seat not in c.to_move for c in window):
            due.append(seat)
    return tuple(due)


def _cut(line: str) -> str:
    return line if len(line) <= DESCRIPTION_LIMIT else line[:DESCRIPTION_LIMIT - 1] + "…"


class _Message:
    """One message's story embeds, filled from its end: lines arrive last first."""

    def __init__(self, room: int, embeds: int) -> None:
        self.room = room  # embed text it may still hold
        self.embeds = embeds  # story embeds it may still hold
        self.descriptions: list[list[str]] = []  # last first, each with its lines last first
        self.size = 0  # characters of the description being filled

    def add(self, line: str) -> bool:
        """Put `line` before the lines already here, if it fits."""
        if self.descriptions and self.size + 1 + len(line) <= DESCRIPTION_LIMIT and 1 + len(line) <= self.room:
            self.descriptions[-1].append(line)
            self.size += 1 + len(line)
            self.room -= 1 + len(line)
            return True
        if self.embeds > 0 and len(line) <= self.room:
            self.descriptions.append([line])
            self.size = len(line)
            self.room -= len(line)
            self.embeds -= 1
            return True
        return False

    def copy(self) -> _Message:
        twin = _Message(self.room, self.embeds)
        twin.descriptions = [list(d) for d in self.descriptions]
        twin.size = self.size
        return twin

    def texts(self) -> tuple[str, ...]:
        return tuple("\n".join(reversed(d)) for d in reversed(self.descriptions))


def pack_story(units: Sequence[tuple[int, Sequence[str]]], board_chars: int) -> tuple[list[tuple[str, ...]], int]:
    """Story lines in messages of embed descriptions, in order, none lost, none repeated, within
    Discord's limits; the last message keeps room for the board embed (`board_chars` of text).

    `units` are (state told before it, lines) per change. The last message starts at a unit, so
    the returned index (of its first unit; len(units) if it holds no lines) says exactly which
    lines the living message shows: a later edit in place re-tells those. Packed from the end,
    so that only the first message may be short."""
    last = _Message(EMBED_TEXT_LIMIT - board_chars, EMBEDS_LIMIT - 1)
    first = len(units)
    for index in reversed(range(len(units))):
        trial = last.copy()
        if not all(trial.add(_cut(line)) for line in reversed(units[index][1])):
            break
        last, first = trial, index
    messages = [last.texts()]
    current = _Message(EMBED_TEXT_LIMIT, EMBEDS_LIMIT)
    for line in reversed([line for _, lines in units[:first] for line in lines]):
        if not current.add(_cut(line)):
            messages.append(current.texts())
            current = _Message(EMBED_TEXT_LIMIT, EMBEDS_LIMIT)
            current.add(_cut(line))  # always fits an empty message: a cut line is at most 4,096
    if current.descriptions:
        messages.append(current.texts())
    return messages[::-1], first


def _units(mark_state: int, changes: Sequence[MoveRow], info: GameInfo,
           start: str | None) -> list[tuple[int, list[str]]]:
    """The lines to tell, per change (the start line first, if due), each with the state before it."""
    units: list[tuple[int, list[str]]] = [(mark_state, [start])] if start is not None else []
    before = max(mark_state, 0) if start is not None else mark_state
    for change in changes:
        units.append((before, [f"• {line}" for line in public_lines([change], info)]))
        before = change.state_id
    return units


def plan_story(mark: Announcement, changes: Sequence[MoveRow], table: TableView,
               by_dm: Set[int] = frozenset()) -> StoryPlan | None:
    """How to bring the thread from `mark` to `table` (the committed state), or None if it is there.

    `changes` holds at least every committed change after `min(mark.from_state, mark.state_id)`;
    `by_dm`: seats told of their turn otherwise (reach.unpinged), named without a ping.
    """
    target = table.state_id
    if mark.state_id >= target:
        return None
    changes = [c for c in changes if c.state_id <= target]
    window = [c for c in changes if c.state_id > mark.state_id]
    new_mark = replace(mark, state_id=target, to_move=table.to_move)
    board_chars = len(board_embed(table)) + WEB_ROOM
    if mark.message_id is not None and mark.state_id >= 0 and table.info.outcome is None \
            and table.info.status == RUNNING and _filling_up(mark, window):
        told = [c for c in changes if c.state_id > mark.from_state]
        units = _units(mark.from_state, told, table.info, start_line(table) if mark.from_state < 0 else None)
        # The posted board embed is no longer than this one: its footer names an older state.
        messages, first = pack_story(units, board_chars)
        if len(messages) == 1 and first == 0:
            status = status_line(table, (), mark.posted_to_move)
            return StoryPlan(edit=True, parts=(StoryPart(messages[0], status),), pinged=(), mark=new_mark)
    pinged = _pings(table, mark, window, by_dm)
    units = _units(mark.state_id, window, table.info, start_line(table) if mark.state_id < 0 else None)
    messages, first = pack_story(units, board_chars)
    parts = (*(StoryPart(m) for m in messages[:-1]), StoryPart(messages[-1], status_line(table, pinged, table.to_move)))
    told_from = units[first][0] if first < len(units) else target
    new_mark = replace(new_mark, message_id=None, from_state=told_from, posted_to_move=table.to_move)
    return StoryPlan(edit=False, parts=parts, pinged=pinged, mark=new_mark)


def nonce(game_id: int, target: int, part: int) -> str:
    """A post's nonce, from its game, its board and its place among the parts: the same post after
    a retry, a restart or from another process is the same message to Discord, which posts it once
    (discord.py sends it with `enforce_nonce`)."""
    digest = hashlib.blake2b(f"{game_id}:{target}:{part}".encode(), digest_size=10).hexdigest()
    return digest[:25]


async def await_burst(tables: Tables, game_id: int, told: int, wait: float = BURST_WAIT,
                      changes: int = BURST_CHANGES) -> None:
    """Let AI seats answering a move finish, so the burst is told at once; but not for longer
    than `wait`, nor once `changes` changes (within one message) are waiting to be told."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + wait
    while tables.ai.busy(game_id) and loop.time() < deadline:
        if (await tables.game(game_id)).state_id - told >= changes:
            return
        await tables.ai.settled(game_id, min(0.1, deadline - loop.time()))


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
        self._boards: dict[int, tuple[int, discord.Embed]] = {}  # game -> its living message and board embed
        self._ending: dict[int, asyncio.Event] = {}  # games waiting for a slot: set when the game ends

    def held(self, game_id: int) -> AbstractAsyncContextManager[bool]:
        return self.bot.tables.outbox.lease(keys.game(game_id), self.what)

    def wake(self, game_id: int, *, ended: bool = False) -> None:
        """Tell the game's worker there is news; `ended`: the game is over (a slot is kept for that)."""
        if ended and (ending := self._ending.get(game_id)) is not None:
            ending.set()
        super().wake(game_id)

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
        ending = self._ending.setdefault(game_id, asyncio.Event())  # before reading: an end is never missed
        try:
            read = await self._read(game_id, mark)
            if read is None:
                return
            table, changes, plan = read
            destination = table.info.thread_id or table.info.channel_id
            # A mid-game post waits for a slot before it is drawn, so what comes meanwhile joins
            # it; the game's end cuts the wait short. Edits don't wait: they take no slot.
            if not plan.edit and table.info.status == RUNNING and \
                    await self.pacer.ready(destination, spare=MIDGAME_SPARE, unless=ending):
                read = await self._read(game_id, mark)
                if read is None:
                    return
                table, changes, plan = read
        finally:
            self._ending.pop(game_id, None)
        start = self._spent("read", start)
        if plan.edit and mark.channel_id == destination and mark.message_id is not None:
            try:
                edited = await self._edit(game_id, mark, plan, table)
            except discord.NotFound:  # the living message was deleted
                edited = False
            if edited:
                await tables.outbox.told(plan.mark)
                return
            replanned = plan_story(replace(mark, message_id=None), changes, table)  # post afresh
            assert replanned is not None
            plan = replanned
        message_id, pictured = await self._post(game_id, destination, plan, table, opening=mark.state_id < 0)
        start = self._spent("post", start)
        # What the living message's board is: an edit in place rebuilds it from this, never by
        # reading the message back (Read Message History is not asked for).
        await tables.outbox.told(replace(plan.mark, channel_id=destination, message_id=message_id,
                                         board=table.state_id, board_picture=pictured), pinged=plan.pinged)
        self._spent("record", start)

    async def _read(self, game_id: int, mark: Announcement) -> tuple[TableView, list[MoveRow], StoryPlan] | None:
        """The committed state, the changes to tell and the plan; None if the thread is up to date."""
        tables = self.bot.tables
        table = await tables.table_view(game_id, None)
        if mark.state_id >= table.state_id:
            return None
        changes = await tables.outbox.changes(game_id, after=min(mark.from_state, mark.state_id))
        plan = plan_story(mark, changes, table, await unpinged(tables, table))
        return None if plan is None else (table, changes, plan)

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

    async def _board(self, table: TableView, opening: bool) -> tuple[discord.Embed, discord.File | None,
                                                                   discord.ui.View]:
        """The board's embed, picture and controls; the embed's title links the game's web page when
        there is one (docs/web.md), and the game's opening post says so in words too."""
        info = table.info
        names = [s.name for s in info.seats]
        view: dict[str, Any] = dict(table.view)
        if info.outcome is not None:
            view["outcome"] = info.outcome
        embed = board_embed(table)
        link = await game_link(self.bot, info)
        if link is not None:
            embed.url = link
            if opening and len(link) < WEB_ROOM - 60:  # within the room the story left for it
                embed.add_field(name="Watch live", value=f"[This game's page]({link}), with a replay", inline=False)
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

    async def _post(self, game_id: int, destination: int, plan: StoryPlan, table: TableView,
                    opening: bool = False) -> tuple[int, bool]:
        """Post the plan's messages; the last one's id, and whether it carries the board's picture.
        `opening`: the game's first post (its start line)."""
        channel = self._channel(table)
        embed, file, controls = await self._board(table, opening)
        mentions = discord.AllowedMentions(
            users=[discord.Object(u) for s in plan.pinged if (u := table.info.seats[s].user_id) is not None])
        spare = MIDGAME_SPARE if table.info.status == RUNNING else 0  # the end takes the slot kept for it
        message_id = 0
        for index, part in enumerate(plan.parts):
            last = index == len(plan.parts) - 1
            kwargs: dict[str, Any] = {"content": part.content or None, "embeds": story_embeds(part),
                                      "nonce": nonce(game_id, table.state_id, index),
                                      "allowed_mentions": mentions if last else discord.AllowedMentions.none()}
            if last:
                kwargs.update(embeds=[*kwargs["embeds"], embed], view=controls)
                if file is not None:
                    kwargs["file"] = file
            async with self.pacer.slot(destination, spare=spare):
                message = await channel.send(**kwargs)
            self.posts += 1
            message_id = message.id
        self._remember(game_id, message_id, embed, table.info.status == RUNNING)
        return message_id, file is not None

    async def _edit(self, game_id: int, mark: Announcement, plan: StoryPlan, table: TableView) -> bool:
        """A simultaneous step filling up: only the text changes (story embed and "2 of 3 in");
        the board embed goes back as posted, its picture the message's own attachment, which
        saves a render per sealed choice. False: the living message has no board to keep (post
        afresh)."""
        channel = self._channel(table)
        message_id = mark.message_id
        assert message_id is not None
        board = await self._living_board(game_id, mark, channel, table)
        if board is None:
            return False
        part = plan.parts[-1]
        async with self.pacer.slot(channel.id, post=False):
            await channel.get_partial_message(message_id).edit(
                content=part.content or None, embeds=[*story_embeds(part), board],
                allowed_mentions=discord.AllowedMentions.none())
        self.edits += 1
        return True

    def _remember(self, game_id: int, message_id: int, board: discord.Embed, running: bool) -> None:
        """Keep the living message's board embed for edits in place (only while the game runs)."""
        self._boards.pop(game_id, None)
        if not running:
            return
        if len(self._boards) >= REMEMBERED_BOARDS:
            del self._boards[next(iter(self._boards))]
        self._boards[game_id] = (message_id, board)

    async def _living_board(self, game_id: int, mark: Announcement, channel: discord.PartialMessageable,
                            table: TableView) -> discord.Embed | None:
        """The board embed the living message carries: remembered, else (after a restart) made
        again from what the outbox recorded of it. A message posted before that was recorded is
        read back; where Discord refuses that (no Read Message History), None: post afresh, so
        nothing is lost."""
        message_id = mark.message_id
        assert message_id is not None
        known = self._boards.get(game_id)
        if known is not None and known[0] == message_id:
            return known[1]
        if mark.board is not None:
            board = board_embed(table, mark.board)
            if mark.board_picture:
                board.set_image(url="attachment://board.png")
            self._remember(game_id, message_id, board, running=True)
            return board
        try:
            message = await channel.fetch_message(message_id)
        except discord.Forbidden:
            return None
        for posted in message.embeds:
            if (posted.footer.text or "").startswith("board "):
                board = discord.Embed(title=posted.title, colour=posted.colour)
                board.set_footer(text=posted.footer.text)
                for field in posted.fields:
                    board.add_field(name=field.name, value=field.value, inline=field.inline)
                if posted.image.url:
                    board.set_image(url="attachment://board.png")
                self._remember(game_id, message_id, board, running=True)
                return board
        return None

    def _limit(self, guild_id: int | None) -> int:
        guild = self.bot.get_guild(guild_id) if guild_id else None
        return guild.filesize_limit if guild is not None else pictures.DEFAULT_LIMIT


def board_embed(table: TableView, board: int | None = None) -> discord.Embed:
    """The board's embed without its picture: title, "board N" footer (`board`, default the
    table's own), the result when over."""
    info = table.info
    embed = discord.Embed(title=f"{info.title} #{info.game_id}", colour=STORY_COLOUR)
    embed.set_footer(text=f"board {table.state_id if board is None else board}")
    if info.outcome is not None:
        score_sheet(embed, table)
    return embed


def story_embeds(part: StoryPart) -> list[discord.Embed]:
    return [discord.Embed(description=text, colour=STORY_COLOUR) for text in part.descriptions]


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
