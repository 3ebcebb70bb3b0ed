"""Per-user cooldowns for what people can spam (boards, hands, lists, new tables).

The buckets belong to the bot instance, not to the decorated function, so two bots in
one process (tests, a restart in place) never share them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

T = TypeVar("T")

PRUNE_AT = 10_000  # buckets kept before idle ones are dropped


class Cooldowns:
    """Token buckets by (action, user)."""

    def __init__(self) -> None:
        self._buckets: dict[tuple[str, int], app_commands.Cooldown] = {}

    def hit(self, action: str, user_id: int, rate: int, per: float) -> None:
        """Count one use; CommandOnCooldown (with the wait) when over `rate` per `per` seconds."""
        if len(self._buckets) > PRUNE_AT:
            self._buckets = {k: b for k, b in self._buckets.items() if b.get_tokens() < b.rate}
        bucket = self._buckets.setdefault((action, user_id), app_commands.Cooldown(rate, per))
        retry_after = bucket.update_rate_limit()
        if retry_after:
            raise app_commands.CommandOnCooldown(bucket, retry_after)


def cooldowns_of(client: Any) -> Cooldowns:
    found = getattr(client, "cooldowns", None)
    if not isinstance(found, Cooldowns):
        raise TypeError("the client keeps no cooldowns")
    return found


def spam_guard(rate: int = 4, per: float = 20.0) -> Callable[[T], T]:
    """An app-command check: at most `rate` uses per `per` seconds per user."""

    def predicate(interaction: discord.Interaction[Any]) -> bool:
        name = interaction.command.qualified_name if interaction.command else "command"
        cooldowns_of(interaction.client).hit(name, interaction.user.id, rate, per)
        return True

    return app_commands.check(predicate)
