"""Per-user cooldowns for everything people can repeat: every control and command that writes or
draws (bot/discord/controls.py runs every button through them, tournament buttons included).

The buckets belong to the bot instance, not to the decorated function, so two bots in one process
(tests, a restart in place) never share them. A use is spent when the attempt is let through and
given back when the attempt is then refused (`refuse`): a typo or a click on a closed lobby
changes nothing, so it costs nothing either.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from discord import app_commands

from bot.discord.context import Interaction

T = TypeVar("T")

PRUNE_AT = 10_000  # buckets kept before idle ones are dropped
SPENT = "skald-spent"  # the interaction's extras: the bucket its attempt used, until given back


class Bucket:
    """At most `rate` uses in a window of `per` seconds that starts with the first use (as
    discord.py's own cooldowns count), and a use given back when its attempt was refused."""

    def __init__(self, rate: int, per: float) -> None:
        self.rate, self.per = rate, per
        self.tokens = rate
        self.window = 0.0

    def take(self, now: float) -> float:
        """Spend one use; the seconds to wait instead when none is left (nothing spent then)."""
        if now > self.window + self.per:
            self.tokens = self.rate
        if self.tokens == 0:
            return self.window + self.per - now
        if self.tokens == self.rate:
            self.window = now
        self.tokens -= 1
        return 0.0

    def give_back(self) -> None:
        self.tokens = min(self.rate, self.tokens + 1)

    def idle(self, now: float) -> bool:
        return self.tokens == self.rate or now > self.window + self.per


class Cooldowns:
    """Token buckets by (action, user)."""

    def __init__(self, control_factor: float = 1.0, clock: Callable[[], float] = time.monotonic) -> None:
        self._buckets: dict[tuple[str, int], Bucket] = {}
        # Multiplies the control and autocomplete rates: tests that play whole games at machine
        # speed raise it; people never click that fast.
        self.control_factor = control_factor
        self.clock = clock

    def hit(self, action: str, user_id: int, rate: int, per: float) -> Bucket:
        """Count one use; CommandOnCooldown (with the wait) when over `rate` per `per` seconds.
        Returns the bucket used, to give the use back if the attempt is refused."""
        now = self.clock()
        if len(self._buckets) > PRUNE_AT:
            self._buckets = {k: b for k, b in self._buckets.items() if not b.idle(now)}
        bucket = self._buckets.setdefault((action, user_id), Bucket(rate, per))
        retry_after = bucket.take(now)
        if retry_after:
            raise app_commands.CommandOnCooldown(app_commands.Cooldown(rate, per), retry_after)
        return bucket


def spend(interaction: Interaction, action: str, rate: int, per: float) -> None:
    """Count the interaction's attempt against its user's `action` budget, kept on the interaction
    so that a refusal gives it back (`give_back`)."""
    interaction.extras[SPENT] = cooldowns_of(interaction.client).hit(action, interaction.user.id, rate, per)


def give_back(interaction: Interaction) -> None:
    """The attempt was refused: the use it spent is its user's again (once)."""
    bucket = interaction.extras.pop(SPENT, None)
    if isinstance(bucket, Bucket):
        bucket.give_back()


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
        spend(interaction, name, rate, per)
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
    # Tournaments: the sign-up message's Join, Leave and Check in (and `/tournament drop`); the
    # organiser's Start and commands; pausing and resuming, each a news post; opening an event.
    "signup": (4, 20.0), "organise": (6, 60.0), "event-pause": (4, 60.0), "event": (3, 60.0),
    "notify": (6, 60.0),  # `/notify how`, `quiet`, `mute`, `unmute` and the panel's 🔔 controls: one budget
    "pings": (4, 60.0),  # `/game pings`: the host's choice of the game's thread pings
}
AUTOCOMPLETE = (25, 10.0)  # keystrokes come fast; beyond this the suggestions pause


def control_allowed(interaction: Interaction, action: str) -> None:
    """Count a click on a control; CommandOnCooldown (answered with the wait) when over its limit."""
    limit = CONTROL_LIMITS.get(action)
    if limit is not None:
        rate, per = limit
        spend(interaction, f"control:{action}", round(rate * cooldowns_of(interaction.client).control_factor), per)


def typing_allowed(interaction: Interaction) -> bool:
    """Count one autocomplete request; False (offer nothing) when the user is over the limit."""
    cooldowns = cooldowns_of(interaction.client)
    rate, per = AUTOCOMPLETE
    try:
        cooldowns.hit("autocomplete", interaction.user.id, round(rate * cooldowns.control_factor), per)
    except app_commands.CommandOnCooldown:
        return False
    return True
