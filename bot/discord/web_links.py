"""A game's web page link, as the bot gives it (docs/web.md, "Links").

Given only when SKALD_WEB_URL is set and the server turned `/skald settings web` on. Whether the
game's channel is one everyone (@everyone) can see is read from the bot's cache of the server
(the `guilds` intent keeps channels, roles and their overwrites) and remembered in the server's
settings, which the page server reads: a channel the bot never saw is taken as private. A game in
a channel everyone can see gets its plain link; any other gets a signed one, given only to whom
may reach the game already (its thread, its players, `/game board` for whoever may view its
channel: bot/discord/access.py decides).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.tables.settings import WEB_ON
from bot.tables.types import GameInfo
from bot.web import links

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot


def everyone_sees(bot: SkaldBot, guild_id: int, channel_id: int) -> bool | None:
    """Whether @everyone may view the channel (a thread: its parent); None when the bot's cache
    doesn't hold it."""
    guild = bot.get_guild(guild_id)
    if guild is None:
        return None
    channel = guild.get_channel_or_thread(channel_id)
    if isinstance(channel, discord.Thread):
        channel = channel.parent
    if channel is None:
        return None
    return channel.permissions_for(guild.default_role).view_channel


async def game_link(bot: SkaldBot, info: GameInfo, *, board: bool = False) -> str | None:
    """The game's page link (`board`: its board-only page), or None (no SKALD_WEB_URL, or the
    server's pages are off)."""
    base = bot.settings.web.url
    if base is None:
        return None
    servers = bot.tables.servers
    access = await servers.web_access(info.guild_id)
    if not access.on:
        return None
    seen = everyone_sees(bot, info.guild_id, info.channel_id)
    if seen is not None:
        await servers.saw_channel(info.guild_id, info.channel_id, seen, access)
    public = seen if seen is not None else info.channel_id in access.public_channels
    if access.mode == WEB_ON and public:
        return base + links.game_path(info.game_id, board=board)
    stored = None if links.secret_from_env() else await servers.web_secret()
    key = links.signing_key(stored)
    assert key is not None  # a secret is always found or made above
    return base + links.game_path(info.game_id, links.sign(key, info.game_id, access.generation), board=board)
