"""`/skald settings`: a server's settings, shown to anyone and changed by Manage Server; `/skald web`:
its spectator pages, whose signed links Manage Server may revoke (docs/web.md); `/notify`: how a
person is told of their turns, in every server, and the games they muted (docs/async.md) — also
chosen by the 🔔 Notifications button of a seat's panel (`on_notify`), which stores the same.

Every setting is declared once, in bot/tables/settings.py: its default, what it may be, how typed
text becomes a value and how a value is shown; this cog only asks the declarations.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.access import find_game
from bot.discord.context import Interaction
from bot.discord.controls import control, handles
from bot.discord.cooldowns import spam_guard
from bot.discord.ids import ControlId
from bot.discord.lobby import is_admin
from bot.discord.replies import ack, refuse, say
from bot.tables import notify
from bot.tables import settings as declared
from bot.tables.errors import NotAllowed, NotInGame
from bot.tables.types import GameInfo
from bot.web import links
from engine.errors import SkaldError

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot
    from bot.tables.servers import Servers


def parse(name: str, text: str) -> Any:
    """A typed value from what was typed (numbers, named choices, a #channel): the setting's own reading."""
    spec = declared.DECLARED.get(name)
    if spec is None:
        raise ValueError(f"There is no setting {name!r}.")
    return spec.parse(text)


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
            await self.bot.tables.servers.set_setting(guild_id, name, checked)
        current = asdict(await self.bot.tables.servers.settings(guild_id))
        shown = [name] if name is not None else list(declared.DECLARED)
        lines = []
        for key in shown:
            spec = declared.DECLARED[key]
            mark = "" if current[key] == spec.default else " *(changed)*"
            lines.append(f"**{key}**: {spec.shown(current[key])}{mark}\n  {spec.description}.")
        title = "Setting changed" if value is not None else "Skald settings here"
        await say(interaction, embed=discord.Embed(title=title, description="\n".join(lines)[:4000]), ephemeral=True)


    @skald.command(name="web", description="This server's spectator web pages; Manage Server may revoke every "
                                           "signed link")
    @app_commands.describe(revoke="Make every signed link given so far stop working (Manage Server)")
    async def web(self, interaction: Interaction, revoke: bool = False) -> None:
        await ack(interaction, ephemeral=True)
        guild_id = interaction.guild_id
        assert guild_id is not None  # the group is guild-only
        servers = self.bot.tables.servers
        lines = []
        if revoke:
            if not is_admin(interaction):
                await refuse(interaction, "Only someone with Manage Server revokes the web links.")
                return
            generation = await servers.revoke_web_links(guild_id)
            lines.append(f"Every signed link given before now stops working (links are at generation "
                         f"{generation}); `/game board` and new posts give new ones.")
        access = await servers.web_access(guild_id)
        base = self.bot.settings.web.url
        lines.append(f"**web**: {declared.DECLARED['web'].shown(access.mode)}.")
        if base is None:
            lines.append("This bot gives no web links: its host has not set SKALD_WEB_URL.")
        elif access.mode == declared.WEB_ON:
            lines.append(f"This server's page: {base}{links.server_path(guild_id)} (games in channels everyone "
                         "can see).")
        if base is not None and access.on:
            lines.append("`/game board` gives a game's link; a game in a channel not everyone can see gets a "
                         "signed one, which revoking here ends.")
        title = "Web links revoked" if revoke else "Skald's web pages here"
        await say(interaction, embed=discord.Embed(title=title, description="\n".join(lines)[:4000]), ephemeral=True)


class NotifyCog(commands.Cog):
    """`/notify how [choice]`, `/notify quiet [zone] [hours]`, `/notify mute|unmute [game]`: a person's own
    choices (bot/tables/notify.py)."""

    notify_group = app_commands.Group(name="notify", description="How Skald tells you of your turns, in every server")

    def __init__(self, bot: SkaldBot) -> None:
        self.bot = bot

    @notify_group.command(name="how", description="Show or choose how you are told of your turns (every server)")
    @app_commands.describe(choice="Every turn (the default), a digest every few hours, or only near a deadline "
                                  "(leave out to show it)",
                           hours=f"A digest at most once every this many hours ({notify.HOURS_MIN}-{notify.HOURS_MAX}, "
                                 f"default {notify.HOURS_DEFAULT})")
    @app_commands.choices(choice=[app_commands.Choice(name=label, value=value)
                                  for value, label in notify.CHOICES.items()])
    @spam_guard(bucket="notify")
    async def how(self, interaction: Interaction, choice: str | None = None, hours: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        servers = self.bot.tables.servers
        if choice is not None or hours is not None:
            try:
                chosen = notify.parse(choice) if choice is not None else await servers.notify_choice(
                    interaction.user.id)
                every = notify.check_hours(hours) if hours is not None else (
                    notify.hours_in(choice) if choice is not None and chosen == notify.DIGEST else None)
                if every is not None and chosen != notify.DIGEST:
                    raise ValueError("Hours are a digest's: choose `a digest every few hours` with them, such as "
                                     "`/notify how choice:digest hours:6`.")
            except ValueError as error:
                await refuse(interaction, str(error))
                return
            await servers.set_notify_choice(interaction.user.id, chosen, every)
        stored = await servers.person(interaction.user.id)
        current = notify.choice_of(stored)
        title = "Your choice is saved" if choice is not None or hours is not None else "How you are told of your turns"
        label = f"a digest every {notify.hours_of(stored)} h" if current == notify.DIGEST else notify.CHOICES[current]
        lines = [f"**{label}**: you are told {notify.shown(current, stored)}.",
                 "`/notify how` changes it (in every server); `/notify mute` in a game's thread quiets that game."]
        await say(interaction, embed=discord.Embed(title=title, description="\n".join(lines)), ephemeral=True)

    @notify_group.command(name="quiet", description="Show or set your quiet hours: no pings or new DMs while you sleep")
    @app_commands.describe(zone="Your time zone's IANA name, such as Europe/Oslo (or `off` to end quiet hours)",
                           hours="When they begin and end in that zone, such as 23:00-07:00")
    @spam_guard(bucket="notify")
    async def quiet(self, interaction: Interaction, zone: str | None = None, hours: str | None = None) -> None:
        await ack(interaction, ephemeral=True)
        servers = self.bot.tables.servers
        if zone is not None and zone.strip().lower() == "off":
            await servers.set_quiet(interaction.user.id, None)
        elif zone is not None or hours is not None:
            if zone is None or hours is None:
                await refuse(interaction, "Give both your time zone and your quiet hours, such as "
                                          "`/notify quiet zone:Europe/Oslo hours:23:00-07:00` (or `zone:off`).")
                return
            try:
                chosen = notify.parse_quiet(zone, hours)
            except ValueError as error:
                await refuse(interaction, str(error))
                return
            await servers.set_quiet(interaction.user.id, chosen)
        current = await servers.quiet(interaction.user.id)
        if current is None:
            told = ("🔔 You have no quiet hours: you are told of your turns at any hour. `/notify quiet "
                    "zone:Europe/Oslo hours:23:00-07:00` sets some.")
        else:
            told = (f"🌙 Your quiet hours are **{current.text().replace(' ', ', ', 1)}**: no pings or new DMs for "
                    "your turns then; when they end, each game still waiting for you tells you once. A deadline "
                    "reminder is held until they end, unless your time would run out before an hour after that: "
                    "then it comes anyway. `/notify quiet zone:off` ends them.")
        await say(interaction, told, ephemeral=True)

    @notify_group.command(name="mute", description="No turn notices from a game (its deadline reminders still come)")
    @app_commands.describe(game="Game number (default: this thread's)")
    @spam_guard(bucket="notify")
    async def mute(self, interaction: Interaction, game: int | None = None) -> None:
        await self._mute(interaction, game, True)

    @notify_group.command(name="unmute", description="Turn notices from a game again, as `/notify how` says")
    @app_commands.describe(game="Game number (default: this thread's)")
    @spam_guard(bucket="notify")
    async def unmute(self, interaction: Interaction, game: int | None = None) -> None:
        await self._mute(interaction, game, False)

    async def _mute(self, interaction: Interaction, game: int | None, muted: bool) -> None:
        await ack(interaction, ephemeral=True)
        info = await find_game(interaction, game)
        await say(interaction, await mute_game(self.bot, interaction.user.id, info, muted), ephemeral=True)


async def mute_game(bot: SkaldBot, user_id: int, info: GameInfo, muted: bool) -> str:
    """Mute (or unmute) `info`'s turn notices for the person, as `/notify mute|unmute` and the panel's
    button do; what to tell them. A refusal (no seat there, the game over) raises and changes nothing;
    a mute asked twice (two clicks at once) is stored once."""
    if info.seat_of(user_id) is None:
        raise NotInGame(f"You don't play in game #{info.game_id}: there is nothing of it to "
                        f"{'mute' if muted else 'unmute'}.")
    if not info.active:
        raise NotAllowed(f"Game #{info.game_id} is over: it sends no more turn notices.")
    servers = bot.tables.servers
    was = user_id in await servers.muted(info.game_id)
    if was != muted:
        await servers.set_muted(user_id, info.game_id, muted)
    if muted:
        return (f"🔕 Game #{info.game_id} is muted{' already' if was else ''}: no pings or new DMs for your "
                "turns in it. The reminder before your time runs out still comes. `/notify unmute` ends it.")
    return (f"🔔 Game #{info.game_id} {'is unmuted' if was else 'was not muted'}: you are told of your "
            f"turns in it {await _shown(servers, user_id)}.")


# -- the 🔔 Notifications button of a seat's panel (panels.py) -----------------------------------
# `skald:<game>:<state>:notify` opens the person's choices privately; on that answer, the select
# (`notify:how`) chooses how they are told (notify.CHOICES: a new choice shows up by itself) and the
# button (`notify:mute` / `notify:unmute`, the state wanted, so a second click changes nothing) mutes
# the game. Each click is one `notify` use of the budget `/notify` spends too (cooldowns.py).
HOW, MUTE, UNMUTE = "how", "mute", "unmute"


@handles("notify")
async def on_notify(interaction: Interaction, control_id: ControlId, values: Sequence[str]) -> None:
    """The panel's 🔔 button, and the choices it answers with."""
    bot = interaction.client
    user_id = interaction.user.id
    info = await bot.tables.game(control_id.game_id)
    if control_id.arg not in ("", HOW, MUTE, UNMUTE):
        raise SkaldError("This button is from another version of Skald: use `/notify` instead.")
    if info.seat_of(user_id) is None:
        raise NotInGame(f"You don't play in game #{info.game_id}: `/notify` chooses how you are told.")
    if not control_id.arg:
        await ack(interaction, ephemeral=True)
        content, view = await notify_choices(bot, user_id, info)
        await say(interaction, content, view=view, ephemeral=True)
        return
    await ack(interaction, update=True)
    if control_id.arg == HOW:
        try:
            chosen = notify.parse(values[0] if values else "")
        except ValueError as error:
            raise SkaldError(str(error)) from None
        if chosen != await bot.tables.servers.notify_choice(user_id):
            await bot.tables.servers.set_notify_choice(user_id, chosen)
        note = f"✅ You are told **{notify.CHOICES[chosen]}** now, in every server."
    else:
        note = await mute_game(bot, user_id, info, control_id.arg == MUTE)
    content, view = await notify_choices(bot, user_id, await bot.tables.game(info.game_id), note)
    await interaction.edit_original_response(content=content, view=view)


async def notify_choices(bot: SkaldBot, user_id: int, info: GameInfo, note: str = "") -> tuple[str, discord.ui.View]:
    """What the 🔔 button answers: how the person is told, whether this game is muted, their quiet
    hours, and the controls that change the first two."""
    servers = bot.tables.servers
    stored = await servers.person(user_id)
    current = notify.choice_of(stored)
    muted = user_id in await servers.muted(info.game_id)
    quiet = await servers.quiet(user_id)
    lines = [note] if note else []
    lines.append(f"**How you are told** (every server): **{notify.CHOICES[current]}** — "
                 f"{notify.shown(current, stored)}.")
    if muted:
        lines.append(f"🔕 Game #{info.game_id} is muted: no pings or new DMs for your turns in it (reminders "
                     "still come).")
    else:
        lines.append(f"🔔 Game #{info.game_id} is not muted.")
    lines.append(f"🌙 Quiet hours: **{quiet.text().replace(' ', ', ', 1)}** (`/notify quiet` changes them)."
                 if quiet is not None else "🌙 No quiet hours (`/notify quiet` sets them).")
    view = discord.ui.View(timeout=None)
    options = [discord.SelectOption(label=label, value=value, description=notify.SHOWN[value][:100],
                                    default=value == current) for value, label in notify.CHOICES.items()]
    view.add_item(control(ControlId(info.game_id, info.state_id, "notify", HOW), options=options,
                          placeholder="How you are told (every server)", row=0))
    if info.active:
        view.add_item(control(ControlId(info.game_id, info.state_id, "notify", UNMUTE if muted else MUTE),
                              label=f"{'Unmute' if muted else 'Mute'} game #{info.game_id}",
                              emoji="🔔" if muted else "🔕",
                              style=discord.ButtonStyle.success if muted else discord.ButtonStyle.secondary, row=1))
    return "\n".join(lines), view


async def _shown(servers: Servers, user_id: int) -> str:
    stored = await servers.person(user_id)
    return notify.shown(notify.choice_of(stored), stored)


async def setup(bot: SkaldBot) -> None:
    """The extension's entry point (`app.EXTENSIONS`): `/skald settings`, `/notify`."""
    await bot.add_cog(SettingsCog(bot))
    await bot.add_cog(NotifyCog(bot))
