"""Reminders, the table's votes, and what a change tells the person it concerns, in Discord
(docs/async.md).

A reminder goes to the player by DM (in the game's thread, with a ping, when their DMs are
closed), carrying a nonce made from the game, the seat, the turn and the share of time left:
if the bot dies between sending it and recording the timer as done, the reminder sent again
after the restart is the same message to Discord, which keeps one. A vote is a post in the
game's thread with four buttons, pinging the players who decide.

A note tells one person what a logged change did to them: their time ran out and an AI plays
their seat, a vote about them opened or ended, their seat went to someone else. Notes are drawn
from the log by the panel announcer (dm_panels.py), so a restart still sends them, each with a
nonce of its change, so a retry is the same message and it arrives once.
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import discord

from bot.discord.context import Interaction
from bot.discord.controls import control, handles
from bot.discord.ids import ControlId
from bot.discord.lobby import dm_channel
from bot.discord.replies import ack, say
from bot.holders import OPEN, TABLE, TIMEOUT, person_of
from bot.kinds import ChangeKind
from bot.names import name_seats
from bot.notify import Notice, Waiting
from bot.store import MoveRow
from bot.tables.seating import VOTE_CHOICES, VOTE_LABELS
from bot.tables.types import GameInfo
from engine.core import seat_label

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

log = logging.getLogger(__name__)

SHARES = {0.5: "half your time is gone", 0.1: "only a tenth of your time is left"}
WHEN = re.compile(r"<t:\d+:R>")  # a Discord timestamp in a logged line (when a vote closes, a wait ends)


def jump(game: Notice | GameInfo | Waiting) -> str:
    """A link to the game's thread (or channel)."""
    return f"https://discord.com/channels/{game.guild_id}/{game.thread_id or game.channel_id}"


def _nonce(*parts: object) -> str:
    return hashlib.blake2b(":".join(map(str, parts)).encode(), digest_size=10).hexdigest()[:25]


async def tell(bot: SkaldBot, user_id: int, text: str, nonce: str, *, place: int, guild_id: int,
               dm_ok: bool | None = None) -> None:
    """Tell one person something that concerns them alone: by DM, else (DMs closed) with a ping
    in the game's thread (`place`). The nonce makes a retry the same message, told once."""
    if dm_ok is not False:
        try:
            channel = await dm_channel(bot, user_id)
            async with bot.pacer.slot(channel.id):
                await channel.send(text, nonce=nonce)
            return
        except discord.Forbidden:
            await bot.tables.servers.set_dm_ok(user_id, False)
    channel = bot.get_partial_messageable(place, guild_id=guild_id)
    async with bot.pacer.slot(place):
        await channel.send(f"<@{user_id}> {text}", nonce=nonce,
                           allowed_mentions=discord.AllowedMentions(users=[discord.Object(user_id)]))


async def remind(bot: SkaldBot, notice: Notice) -> None:
    """Tell a player their time is running out: by DM, else by a ping in the thread."""
    if notice.user_id is None or notice.deadline is None:
        return
    share = SHARES.get(notice.share_left or 0.0, "time is running out")
    text = (f"⏰ Your move in **{notice.title} #{notice.game_id}** ({jump(notice)}): {share} — it runs out "
            f"<t:{notice.deadline:.0f}:R>. `/game away` pauses your clocks if you need a break.")
    nonce = _nonce("remind", notice.game_id, notice.seat, notice.state_id, notice.share_left)
    await tell(bot, notice.user_id, text, nonce, place=notice.thread_id or notice.channel_id,
               guild_id=notice.guild_id, dm_ok=notice.seats[notice.seat].dm_ok)


async def morning(bot: SkaldBot, notice: Notice) -> None:
    """Tell a person whose quiet hours just ended that a game waits for them (once: its nonce is
    the game's, the seat's and the state's)."""
    if notice.user_id is None:
        return
    if notice.waiting:  # one summary of every game a turn began in for them in the night
        await tell(bot, notice.user_id, morning_text(notice), _nonce("morning", notice.user_id, notice.sent_at),
                   place=notice.thread_id or notice.channel_id, guild_id=notice.guild_id)
        return
    runs_out = f" — it runs out <t:{notice.deadline:.0f}:R>" if notice.deadline is not None else ""
    text = (f"🌅 Your quiet hours are over: **{notice.title} #{notice.game_id}** waits for your move ({jump(notice)})"
            f"{runs_out}.")
    nonce = _nonce("morning", notice.game_id, notice.seat, notice.state_id)
    await tell(bot, notice.user_id, text, nonce, place=notice.thread_id or notice.channel_id,
               guild_id=notice.guild_id, dm_ok=notice.seats[notice.seat].dm_ok)


def morning_text(notice: Notice) -> str:
    """The morning summary: every game a turn began in for the person in their quiet hours."""
    lines = ["🌅 Your quiet hours are over: " + ("these games wait" if len(notice.waiting) > 1 else "a game waits")
             + " for your move:"]
    lines += _game_lines(notice)
    return "\n".join(lines)


def _game_lines(notice: Notice) -> list[str]:
    """A line per game waiting (its time left, a link), within one message's length."""
    lines: list[str] = []
    for index, game in enumerate(notice.waiting):
        when = (f"runs out <t:{game.deadline:.0f}:R>" if game.deadline is not None
                else "paused" if game.paused else "no clock")
        line = f"• **{game.title} #{game.game_id}** — {when} — {jump(game)}"
        if sum(len(text) + 1 for text in lines) + len(line) > DIGEST_LIMIT:
            lines.append(f"… and {len(notice.waiting) - index} more: `/game mine` in each server lists them.")
            break
        lines.append(line)
    return lines


DIGEST_LIMIT = 1800  # characters of a digest's lines (a message holds 2000)


def digest_text(notice: Notice) -> str:
    """A digest: every game waiting for the person, soonest deadline first, with links and time left."""
    count = len(notice.waiting)
    lines = [f"📬 **{count} game{'s' if count != 1 else ''} wait{'' if count != 1 else 's'} for your move** "
             f"(your digest, as of <t:{notice.sent_at or 0:.0f}:t>):"]
    lines += _game_lines(notice)
    lines.append("`/notify how` changes how you are told.")
    return "\n".join(lines)


async def digest(bot: SkaldBot, notice: Notice) -> None:
    """Send a person their digest by DM, or edit the one still unread in place (else, DMs closed,
    post it with a ping in the thread of the game whose deadline comes first). Its nonce is the
    person's and the digest's time, so a retry is the same message."""
    if notice.user_id is None or not notice.waiting:
        return
    text = digest_text(notice)
    if notice.edit is not None:
        channel_id, message_id = notice.edit
        try:
            async with bot.pacer.slot(channel_id):
                await bot.get_partial_messageable(channel_id).get_partial_message(message_id).edit(content=text)
            await bot.tables.digests.delivered(notice.user_id, notice.sent_at or 0.0, channel_id, message_id)
            return
        except discord.NotFound:  # they deleted it: a new one
            pass
    nonce = _nonce("digest", notice.user_id, notice.sent_at)
    try:
        channel = await dm_channel(bot, notice.user_id)
        async with bot.pacer.slot(channel.id):
            message = await channel.send(text, nonce=nonce)
        await bot.tables.digests.delivered(notice.user_id, notice.sent_at or 0.0, channel.id, message.id)
    except discord.Forbidden:
        await bot.tables.servers.set_dm_ok(notice.user_id, False)
        await tell(bot, notice.user_id, text, nonce, place=notice.thread_id or notice.channel_id,
                   guild_id=notice.guild_id, dm_ok=False)


async def absence_over(bot: SkaldBot, notice: Notice) -> None:
    """Tell a person their absence ended by itself (once, whichever of its games found out first)."""
    if notice.user_id is None:
        return
    text = ("🏖️ Your absence from this server's games is over: your clocks run again. `/game mine` lists the "
            f"games waiting for you (the first to notice was **{notice.title} #{notice.game_id}**, {jump(notice)}).")
    nonce = _nonce("absence", notice.user_id, notice.guild_id, notice.deadline)
    await tell(bot, notice.user_id, text, nonce, place=notice.thread_id or notice.channel_id,
               guild_id=notice.guild_id, dm_ok=notice.seats[notice.seat].dm_ok)


@dataclass(frozen=True)
class Note:
    """Something one change of the log tells one person: their time ran out and who plays their
    seat now, a vote about them opened or ended, their seat went to someone else."""

    user_id: int
    text: str
    key: str  # the same note after a retry is the same message (its nonce)


def notes(info: GameInfo, changes: Sequence[MoveRow]) -> list[Note]:
    """The notes these changes owe the person each concerns (docs/async.md, "Who is told what")."""
    where = f"**{info.title} #{info.game_id}** ({jump(info)})"
    found = []
    for change in changes:
        if change.seat is None:
            continue
        before = info.history.holder(change.seat, change.state_id)
        after = info.history.holder(change.seat, change.state_id + 1)
        user_id, _ = person_of(before)
        if user_id is None or before is None:
            continue
        line = next((text for text, seats in change.events if seats is None), "")
        when = WHEN.search(line)
        closes = when.group(0) if when else "soon"
        text = None
        if change.kind == ChangeKind.STAND_IN and after is not None and before.user_id is not None:
            kind = f" ({after.ai})" if after.ai else ""
            text = {
                TIMEOUT: f"🤖 Your time ran out in {where}: an AI{kind} plays your seat now. Press **Take my seat "
                         f"back** on your panel (or use `/game back game:{info.game_id}`) to play it again.",
                TABLE: f"⚖️ The table decided in {where}: an AI{kind} plays your seat until you're back. Press "
                       f"**Take my seat back** on your panel (or use `/game back game:{info.game_id}`) to play again.",
                OPEN: f"⚖️ The table opened your seat in {where} after your time ran out: it is no longer yours, "
                      "and the host may give it to someone else.",
            }.get(after.why)
        elif change.kind == ChangeKind.VOTE:
            text = (f"⚖️ Your time ran out in {where}: the other players are voting on what happens next — wait a "
                    f"day more, an AI stands in, open your seat, or end the game (votes close {closes}). Make your "
                    "move before then and the vote lapses.")
        elif change.kind == ChangeKind.WAIT:
            text = f"⚖️ The table gives you a day more in {where}: your time now runs out {closes}."
        elif change.kind == ChangeKind.ABANDON and change.user_id is None:
            text = f"⚖️ The table voted to end {where} after your time ran out."
        elif change.kind == ChangeKind.SEAT and after is not None and before.why != OPEN:
            text = f"🪑 Your seat in {where} went to {after.name}: the host gave it on. Thanks for playing!"
        if text is not None:
            found.append(Note(user_id, text, _nonce("note", info.game_id, change.state_id, user_id)))
    return found


async def tell_notes(bot: SkaldBot, info: GameInfo, changes: Sequence[MoveRow]) -> None:
    """Send the notes these changes owe their people (DM, else a ping in the thread)."""
    for note in notes(info, changes):
        seat = info.seat_of(note.user_id)
        dm_ok = None if seat is None else info.seats[seat].dm_ok
        await tell(bot, note.user_id, note.text, note.key, place=info.thread_id or info.channel_id,
                   guild_id=info.guild_id, dm_ok=dm_ok)


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
    decided = await bot.tables.seating.vote(control_id.game_id, interaction.user.id, int(seat_text), choice)
    label = VOTE_LABELS.get(choice, choice)
    if decided is None:
        await say(interaction, f"🗳️ Your vote: **{label}**. Waiting for the others.", ephemeral=True)
    else:
        await say(interaction, f"✅ Decided: **{VOTE_LABELS.get(decided, decided)}**.", ephemeral=True)
