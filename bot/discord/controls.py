"""The one control path behind every Skald button and select of a game or an event: `run_control`
counts the click against its user's cooldown, runs it, and answers what goes wrong (a refusal
gives the click back). Two persistent handlers take clicks into it:

- `SkaldControl`, for games: every component's custom id is `skald:<game>:<state>:<action>[:<arg>]`
  (bot/discord/ids.py). It is a DynamicItem: discord.py rebuilds it from the custom id of any
  click, on any message, also one sent before a restart, and hands it to the action's handler.
  Handlers register themselves with `@handles(...)` (lobby.py, play.py, commands.py ...).
- `TournamentControl` (tournaments.py), for an event's sign-up message: `skald-t:<event>:<action>`.

A third DynamicItem, `RulesButton` (rules_cog.py, `skald:rules:…` ids), pages a `/rules` answer:
it reads the rules reference only, changes nothing, and so stays outside this path.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import discord

from bot.discord.access import game_for_control
from bot.discord.context import Interaction
from bot.discord.cooldowns import control_allowed
from bot.discord.ids import ACTIONS, TEMPLATE, ControlId
from bot.discord.replies import answer_error

Handler = Callable[[Interaction, ControlId, Sequence[str]], Awaitable[None]]
HANDLERS: dict[str, Handler] = {}


def handles(*actions: str) -> Callable[[Handler], Handler]:
    """Register a coroutine as the handler of these control actions."""

    def register(handler: Handler) -> Handler:
        for action in actions:
            if action not in ACTIONS:
                raise ValueError(f"{action!r} is not a control action: declare it in ids.ACTIONS")
            known = HANDLERS.get(action, handler)
            # The same function again is a module run afresh: an extension (commands.py) loaded
            # by another bot, or reloaded.
            if known is not handler and _where(known) != _where(handler):
                raise ValueError(f"control action {action!r} has two handlers")
            HANDLERS[action] = handler
        return handler

    return register


def _where(handler: Handler) -> tuple[str, str]:
    return handler.__module__, handler.__qualname__


def check_handlers() -> None:
    """At start-up: every declared control action has its handler (a button nothing answers
    would fail only when someone clicks it, maybe days later)."""
    missing = sorted(ACTIONS - HANDLERS.keys())
    if missing:
        raise RuntimeError(f"control actions without a handler: {', '.join(missing)}")


class SkaldControl(discord.ui.DynamicItem[discord.ui.Item[Any]], template=TEMPLATE):
    """Any button or select of a game; its state lives in its custom id."""

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> SkaldControl:
        return cls(item)

    # discord.py's items take any client's interaction; the handlers it calls take ours.
    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        parsed = ControlId.parse(self.custom_id)
        if parsed is None:
            return
        values: Sequence[str] = self.item.values if isinstance(self.item, discord.ui.Select) else ()
        handler = HANDLERS.get(parsed.action)

        async def work() -> None:
            if handler is None:
                raise LookupError(f"no handler for control action {parsed.action!r}")
            # A control acts only where its game lives: its server, or a seat holder's DMs.
            await game_for_control(interaction, parsed.game_id)
            await handler(interaction, parsed, values)

        await run_control(interaction, parsed.action, work, game_id=parsed.game_id)


async def run_control(interaction: Interaction, limit: str, work: Callable[[], Awaitable[None]], *,
                      game_id: int | None = None, what: str | None = None) -> None:
    """One click: counted against the user's `limit` (a CONTROL_LIMITS key), done, and any error
    answered (DynamicItem errors never reach View.on_error: this is their error hook)."""
    try:
        control_allowed(interaction, limit)
        await work()
    except Exception as error:
        await answer_error(interaction, error, game_id=game_id, what=what or f"control {limit}")


def control(custom_id: ControlId, *, label: str = "", style: discord.ButtonStyle = discord.ButtonStyle.secondary,
            emoji: str | None = None, disabled: bool = False, row: int | None = None,
            options: list[discord.SelectOption] | None = None, placeholder: str | None = None) -> SkaldControl:
    """A button (or, given `options`, a select) wired to the persistent handler."""
    item: discord.ui.Item[Any]
    if options is not None:
        item = discord.ui.Select(custom_id=str(custom_id), options=options, placeholder=placeholder,
                                 min_values=1, max_values=1, disabled=disabled)
    else:
        item = discord.ui.Button(custom_id=str(custom_id), label=label[:80], style=style, emoji=emoji,
                                 disabled=disabled)
    return SkaldControl(item, row=row)
