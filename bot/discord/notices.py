"""Reminders and the table's votes in Discord (docs/async.md).

A reminder goes to the player by DM (in the game's thread, with a ping, when their DMs are
closed), carrying a nonce made from the game, the seat, the turn and the share of time left:
if the bot dies between sending it and recording the timer as done, the reminder sent again
after the restart is the same message to Discord, which keeps one. A vote is a post in the
game's thread with four buttons, pinging the players who decide.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.discord.context import Interaction
from bot.discord.controls import control, handles
from bot.discord.ids import ControlId
from bot.discord.lobby import dm_channel
from bot.discord.replies import ack, say
from bot.names import name_seats
from bot.notify import Notice
from bot.tables.seating import VOTE_CHOICES, VOTE_LABELS
from engine.core import seat_label

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

log = logging.getLogger(__name__)

SHARES = {0.5: "half your time is gone", 0.1: "only a tenth of your time is left"}


def jump(notice: Notice) -> str:
    return f"https://discord.com/channels/{notice.guild_id}/{notice.thread_id or notice.channel_id}"


def _nonce(*parts: object) -> str:
    return hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=10).hexdigest()[:25]


async def remind(bot: SkaldBot, notice: Notice) -> None:
    """Tell a player their time is running out: by DM, else by a ping in the thread."""
    if notice.user_id is None or notice.deadline is None:
        return
    share = SHARES.get(notice.share_left or 0.0, "time is running out")
    text = (f"⏰ Your move in **{notice.title} #{notice.game_id}** ({jump(notice)}): {share} — it runs out "
            f"<t:{notice.deadline:.0f}:R>. `/game away` pauses your clocks if you need a break.")
    nonce = _nonce("remind", notice.game_id, notice.seat, notice.state_id, notice.share_left)
    seat = notice.seats[notice.seat]
    if seat.dm_ok is not False:
        try:
            channel = await dm_channel(bot, notice.user_id)
            async with bot.pacer.slot(channel.id):
                await channel.send(text, nonce=nonce)
            return
        except discord.Forbidden:
            await bot.tables.set_dm_ok(notice.user_id, False)
    place = notice.thread_id or notice.channel_id
    channel = bot.get_partial_messageable(place, guild_id=notice.guild_id)
    async with bot.pacer.slot(place):
        await channel.send(f"<@{notice.user_id}> {text}", nonce=nonce,
                           allowed_mentions=discord.AllowedMentions(users=[discord.Object(notice.user_id)]))


async def call_vote(bot: SkaldBot, notice: Notice) -> None:
    """Ask the table what happens to a seat whose time ran out."""
    names = [s.name for s in notice.seats]
    who = name_seats(seat_label(notice.seat), names, lambda n: f"**{n}**")
    view = discord.ui.View(timeout=None)
    for choice in VOTE_CHOICES:
        view.add_item(control(ControlId(notice.game_id, notice.state_id, "vote", f"{notice.seat}:{choice}"),
                              label=VOTE_LABELS[choice],
                              style=discord.ButtonStyle.danger if choice == "end" else discord.ButtonStyle.secondary))
    pings = " ".join(f"<@{user}>" for user in notice.voters)
    closes = f" Votes close <t:{notice.deadline:.0f}:R>; undecided, an AI stands in." if notice.deadline else ""
    place = notice.thread_id or notice.channel_id
    channel = bot.get_partial_messageable(place, guild_id=notice.guild_id)
    async with bot.pacer.slot(place):
        await channel.send(f"⚖️ {pings} {who}'s time ran out. What now? Most votes decide; the host breaks ties."
                           f"{closes}", view=view, nonce=_nonce("vote", notice.game_id, notice.seat, notice.state_id),
                           allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in notice.voters]))


@handles("vote")
async def on_vote(interaction: Interaction, control_id: ControlId, values: Sequence[str]) -> None:
    """A vote button: the clicker's vote; the answer says whether the table has decided."""
    bot = interaction.client
    await ack(interaction, ephemeral=True)
    seat_text, _, choice = control_id.arg.partition(":")
    if not (seat_text.isascii() and seat_text.isdigit()):
        return
    decided = await bot.tables.vote(control_id.game_id, interaction.user.id, int(seat_text), choice)
    label = VOTE_LABELS.get(choice, choice)
    if decided is None:
        await say(interaction, f"🗳️ Your vote: **{label}**. Waiting for the others.", ephemeral=True)
    else:
        await say(interaction, f"✅ Decided: **{VOTE_LABELS.get(decided, decided)}**.", ephemeral=True)
