"""Which games a user may reach, and from where: the one place lookups and clicks are checked.

- In a DM, only games where the user holds a seat exist.
- In a server, only that server's games exist; of those, a user sees a game in the channel
  they are in, one they sit at, or one whose channel they may view (their permissions there,
  from the guild cache). When that can't be told, the answer is no.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.discord.context import Interaction
from bot.tables.errors import GameUnavailable, NoSuchGame
from bot.tables.types import RUNNING, GameInfo
from engine.errors import SkaldError

if TYPE_CHECKING:
    pass


def not_here(game_id: int) -> NoSuchGame:
    return NoSuchGame(f"There is no game #{game_id} here.")


def can_see(interaction: Interaction, info: GameInfo) -> bool:
    """True when this user, where they are, may know about `info`'s game."""
    user_id = interaction.user.id
    if interaction.guild_id is None:
        return info.seat_of(user_id) is not None
    if info.guild_id != interaction.guild_id:
        return False
    if interaction.channel_id in (info.thread_id, info.channel_id) or info.seat_of(user_id) is not None:
        return True
    return _may_view(interaction, info.channel_id)


def _may_view(interaction: Interaction, channel_id: int) -> bool:
    """The user's View Channel permission on a channel of this server (game threads are public,
    so their parent channel decides); False when the guild or channel isn't known."""
    guild = interaction.guild
    member = interaction.user
    if guild is None or not isinstance(member, discord.Member):
        return False
    channel = guild.get_channel(channel_id)
    if channel is None:
        return False
    return bool(channel.permissions_for(member).view_channel)


async def find_game(interaction: Interaction, game_id: int | None) -> GameInfo:
    """The game a command means: the one given, else the one of this thread or channel,
    else the caller's only running game. Every lookup is keyed: nothing scans the server."""
    bot = interaction.client
    guild_id = interaction.guild_id
    user_id = interaction.user.id
    if game_id is not None:
        try:
            info = await bot.tables.game(game_id)
        except NoSuchGame:
            raise not_here(game_id) from None
        if not can_see(interaction, info):
            raise not_here(game_id)
        return info
    if guild_id is not None and interaction.channel_id is not None:
        # A game's own thread finds it even once it is over (its log, its board, its replay).
        here = await bot.tables.list_games(guild_id, place=interaction.channel_id, active_only=False, limit=50)
        in_thread = [g for g in here if g.thread_id == interaction.channel_id]
        if len(in_thread) == 1:
            return in_thread[0]
        mine_here = [g for g in here if g.active and g.seat_of(user_id) is not None]
        if len(mine_here) == 1:
            return mine_here[0]
    mine = [g for g in await bot.tables.list_games(guild_id, user_id=user_id) if g.status == RUNNING]
    if len(mine) == 1:
        return mine[0]
    if mine:
        listed = ", ".join(f"#{g.game_id} ({g.title})" for g in mine[:10])
        raise SkaldError(f"You play in several games ({listed}); say which with the `game` option.")
    raise SkaldError("There's no game here you play in. Name one with the `game` option, or open a table with "
                     "`/play`.")


async def game_for_control(interaction: Interaction, game_id: int) -> GameInfo:
    """The game a clicked control belongs to, if the click may act on it: a server's controls
    only in that server, and in a DM only for a seat holder. Otherwise "no game here"."""
    bot = interaction.client
    try:
        info = await bot.tables.game(game_id)
    except NoSuchGame:
        raise not_here(game_id) from None
    if interaction.guild_id is None:
        if info.seat_of(interaction.user.id) is None:
            raise not_here(game_id)
    elif info.guild_id != interaction.guild_id:
        raise not_here(game_id)
    return info


__all__ = ["GameUnavailable", "can_see", "find_game", "game_for_control", "not_here"]


async def may_organise(interaction: Interaction) -> bool:
    """Whether the user may run any tournament here: Manage Server, Administrator, or the role the
    server names in `/skald settings organiser_role` (an event's own organiser may run it anyway)."""
    perms = interaction.permissions
    if perms.manage_guild or perms.administrator:
        return True
    guild_id = interaction.guild_id
    if guild_id is None or not isinstance(interaction.user, discord.Member):
        return False
    role = (await interaction.client.tables.servers.settings(guild_id)).organiser_role
    return bool(role) and any(r.id == role for r in interaction.user.roles)
