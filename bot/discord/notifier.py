"""The Discord side of the table service's notifications.

Notices only wake the announcers: the thread's story (`thread.py`) and the seats' DM panels
(`dm_panels.py`) are told from what is committed, via the durable outbox, so a burst of
moves becomes one post, a failed post is retried, and a restart catches up on whatever was
committed but never told. A slow sweep also catches up on anything missed.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine
from typing import TYPE_CHECKING, Any

import discord

from bot.discord import notices
from bot.discord.dm_panels import PanelAnnouncer
from bot.discord.event_posts import NewsAnnouncer
from bot.discord.lobby import lobby_controls, lobby_embed
from bot.discord.pacing import Backoff, ChannelPacer
from bot.discord.thread import ThreadAnnouncer
from bot.kinds import Reason
from bot.notify import Notice, PrivateUpdate, PublicUpdate
from bot.tables.types import LOBBY, RUNNING

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

log = logging.getLogger(__name__)

# Lobby changes edit the lobby message through the click itself; everything else is story.
LOBBY_REASONS = ("create", "join", "leave", "ai", "cancel", "expire")
SWEEP_EVERY = 120.0  # seconds between catch-up sweeps over the whole database


class DiscordNotifier:
    """A `bot.notify.Notifier` posting to Discord, also a `PrivateListener` (a seat's update wakes
    its DM panel) and a `NoticeListener`; attach it to the `Tables` service."""

    def __init__(self, bot: SkaldBot, *, pacer: ChannelPacer | None = None, backoff: Backoff | None = None,
                 sweep_every: float = SWEEP_EVERY) -> None:
        self.bot = bot
        self.pacer = pacer or ChannelPacer()
        backoff = backoff or Backoff()
        self.thread = ThreadAnnouncer(bot, self.pacer, backoff)
        self.panels = PanelAnnouncer(bot, self.pacer, backoff)
        self.news = NewsAnnouncer(bot, self.pacer, backoff)  # tournaments' sign-up messages and news
        self.sweep_every = sweep_every
        self._sweep: asyncio.TimerHandle | None = None
        self._sweeping: asyncio.Task[None] | None = None
        self._chores: set[asyncio.Task[None]] = set()

    # -- the Notifier protocol ------------------------------------------------------------
    async def on_public(self, update: PublicUpdate) -> None:
        if update.reason == Reason.EXPIRE:  # nobody clicked: the lobby message is edited here
            task = asyncio.create_task(self._lobby_expired(update.game_id), name=f"skald-expired-{update.game_id}")
            self._chores.add(task)
            task.add_done_callback(self._chores.discard)
        elif update.reason not in LOBBY_REASONS and update.status != LOBBY:
            self.thread.wake(update.game_id, ended=update.status != RUNNING)
            self.panels.wake(update.game_id)

    async def on_private(self, update: PrivateUpdate) -> None:
        self.panels.wake(update.game_id)

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        """A called-off lobby: its message already says so (the click edited it)."""

    async def on_notice(self, notice: Notice) -> None:
        """A reminder, a vote or an absence's end: sent on a task of its own (the service holds the
        game's lock)."""
        tellers = {"reminder": notices.remind, "vote": notices.call_vote, "absence_over": notices.absence_over,
                   "morning": notices.morning, "digest": notices.digest}
        work = tellers[notice.kind](self.bot, notice)
        task = asyncio.create_task(self._safely(work, notice), name=f"skald-{notice.kind}-{notice.game_id}")
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    @staticmethod
    async def _safely(work: Coroutine[Any, Any, None], notice: Notice) -> None:
        try:
            await work
        except Exception:
            log.exception("telling a %s of game %d failed", notice.kind, notice.game_id)

    async def _lobby_expired(self, game_id: int) -> None:
        info = await self.bot.tables.game(game_id)
        if info.lobby_message_id is None:
            return
        channel = self.bot.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
        note = "Called off: nobody changed this table for a while. Open a new one with `/play`."
        try:
            await channel.get_partial_message(info.lobby_message_id).edit(
                embed=lobby_embed(info, note=note), view=lobby_controls(info))
        except discord.HTTPException as error:
            log.info("could not mark the expired lobby %d (%s)", game_id, error)

    # -- catching up ----------------------------------------------------------------------
    async def catch_up(self) -> int:
        """Wake every game whose thread or panels lag what is committed, and every event with news
        still to tell; returns how many."""
        lagging = await self.bot.tables.outbox.lagging()
        for game_id in lagging:
            self.thread.wake(game_id)
            self.panels.wake(game_id)
        telling = await self.bot.tables.outbox.telling()
        for tournament_id in telling:
            self.news.wake(tournament_id)
        if lagging or telling:
            log.info("catching up on %d games and %d events with untold changes", len(lagging), len(telling))
        return len(lagging) + len(telling)

    def start_sweeping(self) -> None:
        """Catch up every `sweep_every` seconds from now (a timer, so nothing waits on it)."""
        self._sweep = asyncio.get_running_loop().call_later(self.sweep_every, self._sweep_now)

    def _sweep_now(self) -> None:
        self._sweeping = asyncio.create_task(self._sweep_once(), name="skald-catch-up")

    async def _sweep_once(self) -> None:
        try:
            await self.catch_up()
        except Exception:
            log.exception("the catch-up sweep failed")
        finally:
            self._sweep = asyncio.get_running_loop().call_later(self.sweep_every, self._sweep_now)

    def stop_sweeping(self) -> None:
        """Another process sweeps now (it leads); posts already under way go on."""
        if self._sweep is not None:
            self._sweep.cancel()
            self._sweep = None

    async def drain(self) -> None:
        """Stop every timer (the sweep, scheduled retries), then wait until every post in flight is
        done (shutdown, tests). The timers stop before the first wait, so none fires during it."""
        self.stop_sweeping()
        for announcer in (self.thread, self.panels, self.news):
            announcer.cancel_retries()
        if self._sweeping is not None:
            await asyncio.gather(self._sweeping, return_exceptions=True)
            self.stop_sweeping()  # the sweep that was running armed the next one as it ended
        for announcer in (self.thread, self.panels, self.news):
            await announcer.drain()
        await asyncio.gather(*self._chores, return_exceptions=True)
