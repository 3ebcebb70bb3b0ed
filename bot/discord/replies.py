"""Answering interactions: acknowledge at once, refuse with the reason, never a traceback.

Discord gives an interaction 3 seconds for its first answer; every handler calls `ack`
before any database or rendering work, and all later answers go through `say`, which
picks the initial response or a followup as needed.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord.context import Interaction
from bot.discord.cooldowns import give_back
from engine.errors import SkaldError

log = logging.getLogger(__name__)

APOLOGY = "Sorry — something went wrong on Skald's side. It has been logged; please try again."


async def ack(interaction: Interaction, *, ephemeral: bool = True, update: bool = False) -> None:
    """Acknowledge the interaction unless already done.

    `update=True` (components) acknowledges without a new message, so the clicked
    message can be edited afterwards; otherwise Discord shows "thinking…".
    """
    if interaction.response.is_done():
        return
    if update and interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def say(interaction: Interaction, content: str | None = None, *, ephemeral: bool = True,
              **kwargs: Any) -> None:
    """Send a reply whether or not the interaction was acknowledged already."""
    if not interaction.response.is_done():
        await interaction.response.send_message(content, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.followup.send(content or "", ephemeral=ephemeral, **kwargs)


async def refuse(interaction: Interaction, reason: str) -> None:
    """Tell the user, privately, why their action was not taken; the cooldown use it spent is
    theirs again (a refused attempt changed nothing)."""
    give_back(interaction)
    await say(interaction, f"⛔ {reason}", ephemeral=True)


async def apologize(interaction: Interaction, error: BaseException, *, game_id: int | None = None,
                    what: str = "interaction") -> None:
    """Log an unexpected error with its context; show the user a short apology only."""
    log.error("unexpected error in %s (game %s, user %s)", what, game_id,
              interaction.user.id if interaction.user else None, exc_info=error)
    try:
        await say(interaction, APOLOGY, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver the apology for %s (game %s)", what, game_id)


async def answer_error(interaction: Interaction, error: BaseException, *,
                       game_id: int | None = None, what: str = "interaction") -> None:
    """The one place errors become replies: readable reasons for ours, apologies for bugs."""
    if isinstance(error, SkaldError):
        await refuse(interaction, error.reason)
    elif isinstance(error, app_commands.CommandOnCooldown):
        await refuse(interaction, f"Easy there — try again in {error.retry_after:.0f} s.")
    elif isinstance(error, app_commands.CheckFailure):
        await refuse(interaction, str(error) or "You can't use this here.")
    else:
        await apologize(interaction, error, game_id=game_id, what=what)


class SkaldTree(app_commands.CommandTree[Any]):
    """The command tree with one error hook for every slash command."""

    async def on_error(self, interaction: Interaction, error: app_commands.AppCommandError) -> None:
        cause: BaseException = error
        if isinstance(error, app_commands.CommandInvokeError):
            cause = error.original
        name = interaction.command.qualified_name if interaction.command else "command"
        if interaction.type is discord.InteractionType.autocomplete:
            # Suggestions can't carry a message; Discord shows its own "no options".
            log.error("autocomplete of /%s failed", name, exc_info=cause)
            return
        game_id = getattr(interaction.namespace, "game", None)
        await answer_error(interaction, cause, game_id=game_id if isinstance(game_id, int) else None,
                           what=f"/{name}")
