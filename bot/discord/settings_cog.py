"""`/skald settings`: a server's settings, shown to anyone and changed by Manage Server.

Every setting is declared once, with its default and what it may be, in bot/tables/settings.py.
"""

from __future__ import annotations

import re
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.context import Interaction
from bot.discord.lobby import is_admin
from bot.discord.replies import ack, refuse, say
from bot.tables import settings as declared

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

CHANNEL = re.compile(r"<#(\d{1,20})>|(\d{1,20})")


def parse(name: str, text: str) -> Any:
    """A typed value from what was typed (numbers, named choices, a #channel)."""
    spec = declared.DECLARED.get(name)
    if spec is None:
        raise ValueError(f"There is no setting {name!r}.")
    text = text.strip()
    if spec.choices:
        return text.lower()
    if name == "games_channel" and text.lower() in ("any", "none", "off", "0"):
        return 0
    match = CHANNEL.fullmatch(text) if name == "games_channel" else None
    if match:
        return int(match.group(1) or match.group(2))
    if not (text.isascii() and text.isdigit() and len(text) <= 20):
        raise ValueError(f"{name} takes a whole number, not {text[:30]!r}.")
    return int(text)


class SettingsCog(commands.Cog):
    """`/skald settings [name] [value]`."""

    skald = app_commands.Group(name="skald", description="Skald's settings for this server", guild_only=True)

    def __init__(self, bot: SkaldBot) -> None:
        self.bot = bot

    @skald.command(name="settings", description="Show this server's Skald settings; Manage Server changes them")
    @app_commands.describe(name="The setting to show or change", value="Its new value (leave out to show it)")
    @app_commands.choices(name=[app_commands.Choice(name=s.name, value=s.name) for s in declared.DECLARED.values()])
    async def settings(self, interaction: Interaction, name: str | None = None,
                       value: app_commands.Range[str, 1, 40] | None = None) -> None:
        await ack(interaction, ephemeral=True)
        guild_id = interaction.guild_id
        assert guild_id is not None  # the group is guild-only
        if value is not None:
            if not is_admin(interaction):
                await refuse(interaction, "Only someone with Manage Server changes Skald's settings.")
                return
            if name is None:
                await refuse(interaction, "Say which setting to change with `name`.")
                return
            try:
                checked = declared.check(name, parse(name, value))
            except ValueError as error:
                await refuse(interaction, str(error))
                return
            await self.bot.tables.set_guild_setting(guild_id, name, checked)
        current = asdict(await self.bot.tables.settings(guild_id))
        defaults = asdict(declared.ServerSettings())
        shown = [name] if name is not None else list(declared.DECLARED)
        lines = []
        for key in shown:
            spec = declared.DECLARED[key]
            mark = "" if current[key] == defaults[key] else " *(changed)*"
            lines.append(f"**{key}**: {spec.shown(current[key])}{mark}\n  {spec.description}.")
        title = "Setting changed" if value is not None else "Skald settings here"
        await say(interaction, embed=discord.Embed(title=title, description="\n".join(lines)[:4000]), ephemeral=True)


async def setup(bot: SkaldBot) -> None:
    """The extension's entry point (`app.EXTENSIONS`): `/skald settings`."""
    await bot.add_cog(SettingsCog(bot))
