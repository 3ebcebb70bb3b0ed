"""`/play <game>`: one subcommand per registered game, with the game's own options and the
table's clock and what happens when a player's time runs out (docs/async.md).

Discord can't make one option's choices depend on another's value, so each game gets its own
subcommand: every option is a typed choice Discord checks before Skald sees it.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Optional, cast

import discord
from discord import app_commands

from bot.discord.context import Interaction
from bot.discord.cooldowns import spam_guard
from bot.discord.lobby import CLOSED_DMS, lobby_controls, lobby_embed, reach_by_dm
from bot.discord.replies import ack, refuse, say
from bot.tables.clocks import CLOCK_LABELS, CLOCKS, EXAMPLE, POLICIES, POLICY_LABELS, BadClock, custom
from bot.tables.clocks import check as check_clock
from bot.tables.types import NewTable
from engine import registry
from engine.core import Game, OptionSpec, validate_options

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

TABLE_OPTIONS = ("clock", "when_time_runs_out", "min_reliability")
CLOCK_CHOICES = 25


async def clock_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """`/play … clock:` suggestions: the presets, and what is typed as a custom clock once it reads
    as one (per move + bank + increment, e.g. 12h+2d+1h). What is typed as a custom clock that
    can't be one (a `+` in it) is answered first with why, in words; choosing that answer sends
    what was typed, which the command refuses with the same words."""
    typed = current.strip().lower()
    found = [app_commands.Choice(name=CLOCK_LABELS[c][:100], value=c) for c in CLOCKS
             if not typed or typed in c or typed in CLOCK_LABELS[c].lower()]
    if typed and typed not in CLOCKS:
        try:
            made = custom(typed)
        except BadClock as refused:
            if "+" in typed:
                found.insert(0, app_commands.Choice(name=f"✗ {refused}"[:100], value=current[:100]))
            found.append(app_commands.Choice(name=f"custom: per move + bank + increment, like {EXAMPLE}"[:100],
                                             value=EXAMPLE))
        else:
            found.insert(0, app_commands.Choice(name=made.label[:100], value=made.name))
    return found[:CLOCK_CHOICES]


async def open_lobby(interaction: Interaction, game: Game[Any], options: dict[str, Any],
                     clock: str | None = None, timeout_policy: str | None = None,
                     min_reliability: int | None = None) -> None:
    """A lobby message in this channel, with the host seated; checks the host's DMs."""
    bot = interaction.client
    # A bad option, or one the engine can't play yet, is refused before anything is posted.
    game.setup(game.min_players, validate_options(game.options(), options, game.title), 0)
    if interaction.guild_id is None or interaction.channel_id is None:
        await refuse(interaction, "Open tables in a server channel.")
        return
    if clock is not None:
        try:
            clock = check_clock(clock)
        except BadClock as error:
            await refuse(interaction, str(error))
            return
    settings = await bot.tables.servers.settings(interaction.guild_id)
    if settings.games_channel and interaction.channel_id != settings.games_channel:
        await refuse(interaction, f"Tables open in <#{settings.games_channel}> on this server.")
        return
    await ack(interaction, ephemeral=False)
    user = interaction.user
    info = await bot.tables.lobby.create(NewTable(guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                                                  host_id=user.id, host_name=user.display_name, game=game.name,
                                                  options=options, clock=clock, timeout_policy=timeout_policy,
                                                  min_reliability=min_reliability))
    message = await interaction.edit_original_response(embed=lobby_embed(info), view=lobby_controls(info))
    await bot.tables.lobby.set_lobby_message(info.game_id, message.id)
    if not await reach_by_dm(bot, user, info):
        info = await bot.tables.game(info.game_id)
        await interaction.edit_original_response(embed=lobby_embed(info), view=lobby_controls(info))
        await say(interaction, CLOSED_DMS, ephemeral=True)


def _play_command(game: Game[Any]) -> app_commands.Command[Any, ..., None]:
    specs = game.options()

    async def callback(interaction: Interaction, **chosen: Any) -> None:
        clock, policy = chosen.pop("clock", None), chosen.pop("when_time_runs_out", None)
        minimum = chosen.pop("min_reliability", None)
        await open_lobby(interaction, game, {k: v for k, v in chosen.items() if v is not None}, clock, policy,
                         minimum)

    own = {spec.name for spec in specs}
    table_types: dict[str, Any] = {"clock": str, "when_time_runs_out": str,
                                   "min_reliability": app_commands.Range[int, 0, 100]}
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                annotation=discord.Interaction)]
    params += [inspect.Parameter(spec.name, inspect.Parameter.KEYWORD_ONLY, default=None,
                                 annotation=Optional[type(spec.default)])  # noqa: UP045 - discord.py reads it
               for spec in specs]
    params += [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None,
                                 annotation=Optional[table_types[name]])  # noqa: UP045 - discord.py reads it
               for name in TABLE_OPTIONS if name not in own]
    setattr(callback, "__signature__", inspect.Signature(params))  # noqa: B010 - discord.py reads it
    # Every choice, its name and its description come from the game's declaration (OptionSpec).
    choices = {spec.name: [app_commands.Choice(name=spec.shown(v)[:100], value=v) for v in spec.choices]
               for spec in specs if _typed_choices(spec)}
    choices["when_time_runs_out"] = [app_commands.Choice(name=POLICY_LABELS[p][:100], value=p) for p in POLICIES]
    described: Callable[..., Awaitable[None]] = app_commands.describe(
        **{spec.name: spec.description[:100] for spec in specs},
        clock=f"A preset, or per move + bank + increment like {EXAMPLE} (default: the server's)",
        when_time_runs_out="What happens when a player's time runs out (default: the server's)",
        min_reliability="Only people who played at least this % of their games here to the end may join")(callback)
    if choices:
        described = app_commands.choices(**choices)(described)
    described = app_commands.autocomplete(clock=clock_choices)(described)
    guarded = spam_guard(3, 60.0)(described)
    article = "an" if game.title[:1].lower() in "aeiou" else "a"  # "an It's a Wonderful World table"
    title = f"Open {article} {game.title} table here ({game.min_players}–{game.max_players} players)"
    return app_commands.Command(name=game.name, description=title[:100], callback=cast(Any, guarded))


def _typed_choices(spec: OptionSpec) -> bool:
    """Offered as a list of choices: an on/off option is a Discord boolean instead, and Discord
    lists at most 25 choices."""
    return not spec.on_off and 1 < len(spec.choices) <= 25


def play_group() -> app_commands.Group:
    """`/play <game>`: one subcommand per registered game."""
    group = app_commands.Group(name="play", description="Open a game table in this channel", guild_only=True)
    for name in registry.names():
        group.add_command(_play_command(registry.get(name)))
    return group


async def setup(bot: SkaldBot) -> None:
    """The extension's entry point (`app.EXTENSIONS`): `/play`. Unloading the extension takes the
    group with it (discord.py knows a command by the module that made it), so no teardown."""
    bot.tree.add_command(play_group())
