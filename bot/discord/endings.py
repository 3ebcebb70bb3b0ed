"""After a game: the Rematch and Replay buttons under the final board, and what `/game replay`
and `/game export` post (docs/replays.md, docs/discord.md).

Replays are drawn in the render processes and kept under the interaction's attachment limit,
once per finished game and budget (`replay_cache`); the Replay button and `/game replay` share
one per-user budget (bot/discord/cooldowns.py). A rematch is a new lobby in the game's channel
with the same seats, options and clock.
"""

from __future__ import annotations

import io
import weakref
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot import replays
from bot.discord.context import Interaction
from bot.discord.controls import control, handles
from bot.discord.ids import ControlId
from bot.discord.lobby import is_admin, lobby_controls, lobby_embed
from bot.discord.replies import ack, say
from bot.tables.types import FINISHED, GameInfo

if TYPE_CHECKING:
    pass

REPLAY_BUDGET = 8 * 1024 * 1024  # the bound, and under Discord's smallest attachment limit
ROOM = 64 * 1024  # the rest of the message beside the file
# Each bot's own (like its cooldowns): two bots in one process, on two databases, never share one.
_REPLAYS: weakref.WeakKeyDictionary[Any, replays.ReplayCache] = weakref.WeakKeyDictionary()


def ending_controls(view: discord.ui.View, info: GameInfo, state_id: int) -> None:
    """The buttons under a finished game's final board."""
    if info.status != FINISHED:
        return
    view.add_item(control(ControlId(info.game_id, state_id, "rematch"), label="Rematch", emoji="🔁",
                          style=discord.ButtonStyle.success))
    view.add_item(control(ControlId(info.game_id, state_id, "replay"), label="Replay", emoji="🎞️",
                          style=discord.ButtonStyle.secondary))


def budget(interaction: Interaction) -> int:
    """The most a replay may weigh in a reply to this interaction."""
    return max(min(REPLAY_BUDGET, int(interaction.filesize_limit) - ROOM), 256 * 1024)


def replay_cache(client: Any) -> replays.ReplayCache:
    """The bot's finished-game replays, drawn once for the Replay button and `/game replay` alike."""
    cache = _REPLAYS.get(client)
    if cache is None:
        cache = _REPLAYS[client] = replays.ReplayCache()
    return cache


def as_file(attachment: replays.Attachment) -> discord.File:
    return discord.File(io.BytesIO(attachment.data), filename=attachment.filename)


async def post_replay(interaction: Interaction, game_id: int, *, ephemeral: bool) -> None:
    """The finished game's replay as an animated picture (its result alone if even that is too big)."""
    bot = interaction.client
    info = await bot.tables.game(game_id)
    attachment = await replays.replay_file(bot.tables.store, game_id, budget=budget(interaction),
                                           cache=replay_cache(bot))
    note = f"🎞️ **{info.title} #{game_id}**, replayed: {attachment.frames} pictures of the public board."
    if not attachment.fits:
        note = (f"🎞️ **{info.title} #{game_id}**: its replay is too large to post here; "
                "`/game export` gives the whole game as a file.")
        await say(interaction, note, ephemeral=ephemeral)
        return
    await say(interaction, note, ephemeral=ephemeral, file=as_file(attachment))


async def post_export(interaction: Interaction, game_id: int) -> None:
    """The move list as a file: every move once the game is finished, public lines before."""
    bot = interaction.client
    attachment = await replays.export_file(bot.tables.store, game_id)
    info = await bot.tables.game(game_id)
    note = (f"📜 **{info.title} #{game_id}**: every move, for `skald replay {attachment.filename}`."
            if info.status == FINISHED else
            f"📜 **{info.title} #{game_id}** so far: public lines only while the game runs.")
    await say(interaction, note, ephemeral=True, file=as_file(attachment))


@handles("replay")
async def on_replay(interaction: Interaction, control_id: ControlId, values: Sequence[str]) -> None:
    """Replay under the final board: only the clicker sees it (the thread stays quiet)."""
    await ack(interaction, ephemeral=True)
    await post_replay(interaction, control_id.game_id, ephemeral=True)


@handles("rematch")
async def on_rematch(interaction: Interaction, control_id: ControlId, values: Sequence[str]) -> None:
    """A new lobby in the game's channel with the same seats; its players are pinged there."""
    bot = interaction.client
    await ack(interaction, ephemeral=True)
    rematch = await bot.tables.lobby.rematch(control_id.game_id, interaction.user.id, is_admin(interaction))
    info, left_out = rematch.info, rematch.left_out
    if not rematch.new:
        await say(interaction, f"🔁 The rematch is open already: table #{info.game_id} in <#{info.channel_id}>.")
        return
    users = [s.user_id for s in info.seats if s.user_id is not None]
    channel = bot.get_partial_messageable(info.channel_id, guild_id=info.guild_id)
    mentions = " ".join(f"<@{u}>" for u in users)
    async with bot.pacer.slot(info.channel_id):
        message = await channel.send(
            f"🔁 Rematch of #{control_id.game_id}! {mentions} — your seats are kept; **Leave** if you'd rather not, "
            "and the host starts.", embed=lobby_embed(info), view=lobby_controls(info),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in users]))
    await bot.tables.lobby.set_lobby_message(info.game_id, message.id)
    missing = f" Not seated (at their limit of open tables): {', '.join(left_out)}." if left_out else ""
    await say(interaction, f"🔁 Rematch table #{info.game_id} is open in <#{info.channel_id}>; you host it."
                           f"{missing}")
