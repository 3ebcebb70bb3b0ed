"""Per-user cooldowns for what people can spam (boards, hands, lists, new tables).

The buckets belong to the bot instance, not to the decorated function, so two bots in
one process (tests, a restart in place) never share them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from discord import app_commands

from bot.discord.context import Interaction

T = TypeVar("T")

PRUNE_AT = 10_000  # buckets kept before idle ones are dropped


class Cooldowns:
    """Token buckets by (action, user)."""

    def __init__(self, control_factor: float = 1.0) -> None:
        self._buckets: dict[tuple[str, int], app_commands.Cooldown] = {}
        # Multiplies the control and autocomplete rates: tests that play whole games at machine
        # speed raise it; people never click that fast.
        self.control_factor = control_factor

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


def spam_guard(rate: int = 4, per: float = 20.0, *, bucket: str | None = None) -> Callable[[T], T]:
    """An app-command check: at most `rate` uses per `per` seconds per user.

    `bucket` names a control (a CONTROL_LIMITS key) whose budget the command shares instead: its
    limit and its bucket, so the command and the button draw on one budget. `/game replay` and the
    Replay button make the same seconds of drawing; apart, a user had twice the budget."""
    if bucket is not None and bucket not in CONTROL_LIMITS:
        raise ValueError(f"no control limit {bucket!r} to share")

    def predicate(interaction: Interaction) -> bool:
        if bucket is not None:
            control_allowed(interaction, bucket)
            return True
        name = interaction.command.qualified_name if interaction.command else "command"
        cooldowns_of(interaction.client).hit(name, interaction.user.id, rate, per)
        return True

    return app_commands.check(predicate)


# Components and autocomplete have no command checks; their limits are applied in their handlers.
# Every control and command that writes has one (issue 26: 400 pauses and resumes in 7 s were all
# logged); a command shares its button's budget (`spam_guard(bucket=...)`): one person, one budget.
CONTROL_LIMITS: dict[str, tuple[int, float]] = {
    "hand": (6, 15.0), "panel": (6, 15.0), "page": (10, 15.0),
    "join": (4, 20.0), "leave": (4, 20.0), "ai": (6, 20.0),
    "undo": (6, 20.0), "back": (4, 20.0), "rematch": (3, 60.0),
    "replay": (3, 60.0),  # `/game replay` too: seconds of drawing
    "vote": (6, 20.0), "resign": (3, 20.0), "abandon": (3, 20.0),
    "pause": (4, 60.0),  # `/game pause` and `/game resume`, together: each is a line in the story
    "seat": (6, 60.0), "away": (3, 60.0),  # `/game seat`, `/game away`: commands only
}
AUTOCOMPLETE = (25, 10.0)  # keystrokes come fast; beyond this the suggestions pause


def control_allowed(interaction: Interaction, action: str) -> None:
    """Count a click on a control; CommandOnCooldown (answered with the wait) when over its limit."""
    limit = CONTROL_LIMITS.get(action)
    if limit is not None:
        cooldowns = cooldowns_of(interaction.client)
        rate, per = limit
        cooldowns.hit(f"control:{action}", interaction.user.id, round(rate * cooldowns.control_factor), per)


def typing_allowed(interaction: Interaction) -> bool:
    """Count one autocomplete request; False (offer nothing) when the user is over the limit."""
    cooldowns = cooldowns_of(interaction.client)
    rate, per = AUTOCOMPLETE
    try:
        cooldowns.hit("autocomplete", interaction.user.id, round(rate * cooldowns.control_factor), per)
    except app_commands.CommandOnCooldown:
        return False
    return True
