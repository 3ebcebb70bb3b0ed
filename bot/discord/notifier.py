"""The Discord side of the table service's notifications.

`on_public` tells the game's story in its thread (the log lines, the new board, a ping for
whoever must act); `on_private` refreshes a seat's DM panel. Both only queue work: each
game has one worker task posting its queue in order, so the service's lock is never held
while Discord is slow, and the thread reads in the order the moves were made.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.discord import pictures
from bot.discord.controls import control
from bot.discord.ids import ControlId
from bot.discord.panels import Panel, named, names_of, seat_panel, summary
from bot.notify import PrivateUpdate, PublicUpdate, SeatInfo
from bot.tables.types import LOBBY, RUNNING, TableView
from engine.core import Move

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

log = logging.getLogger(__name__)

CANNOT_DM = 50007
CONTENT_LIMIT = 2000
# Lobby changes edit the lobby message through the click itself; everything else is story.
LOBBY_REASONS = ("create", "join", "leave", "ai", "cancel")

Job = Callable[[], Awaitable[None]]


def seat_label(seat: SeatInfo) -> str:
    return f"🤖 {seat.name}" if seat.ai is not None else seat.name


class DiscordNotifier:
    """A `bot.notify.Notifier` posting to Discord; attach it to the `Tables` service."""

    def __init__(self, bot: SkaldBot) -> None:
        self.bot = bot
        self._queues: dict[int, deque[Job]] = {}
        self._workers: dict[int, asyncio.Task[None]] = {}
        self._panels: dict[tuple[int, int], discord.Message] = {}  # (game, seat) -> live DM panel
        self._awaited: dict[int, frozenset[int]] = {}  # game -> seats to move at its last public update
        self._told_no_dm: set[tuple[int, int]] = set()

    # -- the Notifier protocol ------------------------------------------------------------
    async def on_public(self, update: PublicUpdate) -> None:
        if update.reason not in LOBBY_REASONS and update.status != LOBBY:
            self._enqueue(update.game_id, lambda: self._post_story(update))

    async def on_private(self, update: PrivateUpdate) -> None:
        self._enqueue(update.game_id, lambda: self._refresh_panel(update))

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        """A called-off lobby: its message already says so (the click edited it)."""
        self._awaited.pop(game_id, None)

    # -- ordering -------------------------------------------------------------------------
    def _enqueue(self, game_id: int, job: Job) -> None:
        self._queues.setdefault(game_id, deque()).append(job)
        if game_id not in self._workers:
            self._workers[game_id] = asyncio.create_task(self._work(game_id), name=f"skald-discord-game-{game_id}")

    async def _work(self, game_id: int) -> None:
        queue = self._queues[game_id]
        try:
            while queue:
                job = queue.popleft()
                try:
                    await job()
                except Exception:
                    log.exception("posting an update of game %d to Discord failed", game_id)
        finally:
            # No await between the empty check and here: nothing can be queued unseen.
            del self._workers[game_id]
            self._queues.pop(game_id, None)

    async def drain(self) -> None:
        """Wait until every queued post is done (shutdown, tests)."""
        while self._workers:
            await asyncio.gather(*self._workers.values(), return_exceptions=True)

    # -- the thread -----------------------------------------------------------------------
    def _destination(self, update: PublicUpdate) -> discord.PartialMessageable:
        target = update.thread_id or update.channel_id
        kind = discord.ChannelType.public_thread if update.thread_id else discord.ChannelType.text
        return self.bot.get_partial_messageable(target, guild_id=update.guild_id, type=kind)

    async def _pings(self, update: PublicUpdate) -> list[SeatInfo]:
        """Human seats to act that have not been pinged for this turn yet."""
        before = self._awaited.get(update.game_id)
        now = frozenset(update.to_move)
        self._awaited[update.game_id] = now
        due = []
        for seat in update.to_move:
            info = update.seats[seat]
            if info.user_id is None or (before is not None and seat in before and update.reason != "start"):
                continue
            if await self.bot.tables.last_pinged(update.game_id, seat) == update.state_id:
                continue
            due.append(info)
        return due

    async def _post_story(self, update: PublicUpdate) -> None:
        names = [s.name for s in update.seats]
        lines: list[str] = []
        if update.reason == "start":
            seats = ", ".join(f"{s.seat + 1}. {seat_label(s)}" for s in update.seats)
            lines.append(f"🎲 **{update.title}** begins! Seats: {seats}.")
        lines += [f"• {named(line, names)}" for line in update.events]
        due = await self._pings(update) if update.status == RUNNING else []
        lines.append(self._status(update, due, names))
        content = "\n".join(lines)
        if len(content) > CONTENT_LIMIT:
            content = "…\n" + content[-(CONTENT_LIMIT - 2):]
        view = dict(update.view)
        if update.outcome is not None:
            view["outcome"] = update.outcome
        embed = discord.Embed(title=f"{update.title} #{update.game_id}", colour=discord.Colour.dark_teal())
        embed.set_footer(text=f"board {update.state_id}")
        if update.outcome is not None:
            self._score_sheet(embed, update)
        png = await pictures.board(view, names) if update.view else None
        file = pictures.attach(png, "board.png", self._limit(update.guild_id))
        if file is not None:
            embed.set_image(url="attachment://board.png")
        controls = discord.ui.View(timeout=None)
        if update.status == RUNNING:
            controls.add_item(control(ControlId(update.game_id, update.state_id, "hand"), label="My hand",
                                      emoji="🂠", style=discord.ButtonStyle.primary))
        kwargs: dict[str, Any] = {"content": content, "embed": embed, "view": controls,
                                  "allowed_mentions": discord.AllowedMentions(
                                      users=[discord.Object(s.user_id) for s in due if s.user_id])}
        if file is not None:
            kwargs["file"] = file
        message = await self._destination(update).send(**kwargs)
        await self.bot.tables.set_board_message(update.game_id, message.id)
        for seat in due:
            await self.bot.tables.mark_pinged(update.game_id, seat.seat, update.state_id)
        if update.status != RUNNING:
            # The game is over: forget its bookkeeping (the final panels still arrive).
            self._awaited.pop(update.game_id, None)
            self._told_no_dm = {key for key in self._told_no_dm if key[0] != update.game_id}

    @staticmethod
    def _status(update: PublicUpdate, due: Sequence[SeatInfo], names: Sequence[str]) -> str:
        if update.outcome is not None:
            return f"🏁 **{summary(update.outcome, names)}**"
        if update.status != RUNNING:
            return f"The game is {update.status}."
        pinged = {s.seat for s in due}
        waiting = []
        for seat in update.to_move:
            info = update.seats[seat]
            waiting.append(f"<@{info.user_id}>" if seat in pinged else f"**{seat_label(info)}**")
        return f"➡️ Now: {', '.join(waiting)}" if waiting else ""

    @staticmethod
    def _score_sheet(embed: discord.Embed, update: PublicUpdate) -> None:
        outcome = update.outcome or {}
        scores = outcome.get("scores")
        ranks = outcome.get("ranks")
        rows = []
        for info in update.seats:
            parts = [f"**{seat_label(info)}**"]
            if ranks:
                parts.insert(0, f"{ranks[info.seat]}.")
            if scores:
                parts.append(f"— {scores[info.seat]} points")
            if info.seat in outcome.get("winners", []):
                parts.append("🏆")
            rows.append(" ".join(parts))
        embed.add_field(name="Result", value="\n".join(rows)[:1024] or "—", inline=False)

    def _limit(self, guild_id: int | None) -> int:
        guild = self.bot.get_guild(guild_id) if guild_id else None
        return guild.filesize_limit if guild is not None else pictures.DEFAULT_LIMIT

    # -- DM panels ------------------------------------------------------------------------
    async def _refresh_panel(self, update: PrivateUpdate) -> None:
        if update.user_id is None:
            return
        info = await self.bot.tables.game(update.game_id)
        seat = info.seats[update.seat]
        if seat.dm_ok is False:
            return  # they play through "My hand"; the thread pings them
        moves = tuple(Move(text, update.labels.get(text, "")) for text in update.legal_moves)
        table = TableView(info=info, seat=update.seat, state_id=update.state_id,
                          to_move=tuple(update.view.get("to_move") or ()), view=update.view, legal_moves=moves)
        names = names_of(info)
        panel = await seat_panel(table, private_lines=[named(line, names) for line in update.events])
        key = (update.game_id, update.seat)
        previous = self._panels.get(key)
        fresh = bool(update.legal_moves) or not info.active or previous is None
        try:
            if fresh:
                await self._send_panel(key, update.user_id, panel, previous)
            elif previous is not None:
                self._panels[key] = await previous.edit(**panel.edit_kwargs())
            if not info.active:
                self._panels.pop(key, None)
        except discord.Forbidden as error:
            if error.code != CANNOT_DM:
                raise
            await self._dm_closed(info.guild_id, info.thread_id or info.channel_id, update.game_id, update.user_id)

    async def _send_panel(self, key: tuple[int, int], user_id: int, panel: Panel,
                          previous: discord.Message | None) -> None:
        """A new DM (it notifies the player); the old panel loses its controls."""
        channel = await self.bot.create_dm(discord.Object(user_id))
        self._panels[key] = await channel.send(**panel.send_kwargs())
        if previous is not None:
            try:
                await previous.edit(view=None)
            except discord.HTTPException:
                log.info("could not retire an old panel of game %d", key[0])

    async def _dm_closed(self, guild_id: int, channel_id: int, game_id: int, user_id: int) -> None:
        """The player's DMs bounce: remember it and tell them, once, in the game's thread."""
        await self.bot.tables.set_dm_ok(user_id, False)
        if (game_id, user_id) in self._told_no_dm:
            return
        self._told_no_dm.add((game_id, user_id))
        place = self.bot.get_partial_messageable(channel_id, guild_id=guild_id)
        await place.send(f"<@{user_id}> I can't send you direct messages, so your hand stays here: press "
                         "**My hand** under the latest board (or use `/game hand`) — only you will see it.",
                         allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))
