"""The interaction type every handler takes: discord.py's Interaction, typed with our bot.

`interaction.client` is then a `SkaldBot` to mypy, so handlers reach the table service, the
outbox and the settings without a cast. At run time it is discord.py's class itself: slash
command callbacks skip the interaction's annotation, and nothing checks it with isinstance.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeAlias

import discord

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

    Interaction: TypeAlias = discord.Interaction[SkaldBot]
else:
    Interaction = discord.Interaction
