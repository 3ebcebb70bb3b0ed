"""The lobby: one message per table with its seats, options and the Join … Cancel buttons.

Every lobby button edits the lobby message in place through the click's own interaction,
so the message always shows the seats as the database has them.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING

import discord

from bot.discord.context import Interaction
from bot.discord.controls import control, handles
from bot.discord.ids import ControlId
from bot.discord.replies import ack, refuse, say
from bot.discord.web_links import game_link
from bot.tables.clocks import POLICY_LABELS
from bot.tables.clocks import label as clock_label
from bot.tables.errors import AlreadySeated, AlreadyStarted, GameClosed, GameFull, TooFewPlayers
from bot.tables.types import CANCELLED, LOBBY, RUNNING, GameInfo
from engine import registry

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

log = logging.getLogger(__name__)

CLOSED_DMS = ("I can't send you direct messages (your privacy settings block them), so your hand won't come "
              "by DM. Once the game starts, press **My hand** under the board in the game's thread (or use "
              "`/game hand`): only you will see it.")


def options_text(info: GameInfo) -> str:
    """The lobby's options in the game's own words."""
    specs = registry.get(info.game).options()
    if not specs:
        return "standard game"
    lines = []
    for spec in specs:
        shown = spec.shown(info.options.get(spec.name, spec.default))
        lines.append(f"{spec.name.replace('_', ' ').capitalize()}: **{shown}**")
    return "\n".join(lines)


def seats_text(info: GameInfo) -> str:
    lines = []
    for seat in info.seats:
        if seat.ai is not None:
            who = f"🤖 {seat.name} ({seat.ai} AI)"
        else:
            who = f"<@{seat.user_id}>" + (" — no DMs, will use My hand" if seat.dm_ok is False else "")
        lines.append(f"{seat.seat + 1}. {who}")
    free = info.max_players - len(info.seats)
    if free > 0:
        lines.append(f"*{free} seat{'s' if free != 1 else ''} open*")
    return "\n".join(lines)


def table_text(info: GameInfo) -> str:
    """The table's own rules: its clock, what happens when time runs out, who may join."""
    lines = [f"Clock: **{clock_label(info.clock)}**"]
    if info.clock != "none":
        lines.append(f"When time runs out: **{POLICY_LABELS.get(info.timeout_policy, info.timeout_policy)}**")
    if info.min_reliability:
        lines.append(f"Joining needs a reliability of **{info.min_reliability}%** (games played to the end here)")
    return "\n".join(lines)


def lobby_embed(info: GameInfo, *, note: str = "", web: str | None = None) -> discord.Embed:
    """The lobby card; `web`: the running game's page link (docs/web.md), under its status."""
    colour = discord.Colour.green() if info.status == LOBBY else discord.Colour.dark_grey()
    embed = discord.Embed(title=f"{info.title} — table #{info.game_id}", colour=colour, description=note or None)
    embed.add_field(name="Host", value=f"<@{info.host_id}>", inline=True)
    embed.add_field(name="Players", value=f"{info.min_players}–{info.max_players}", inline=True)
    embed.add_field(name="Seats", value=seats_text(info), inline=False)
    embed.add_field(name="Options", value=options_text(info), inline=False)
    embed.add_field(name="Table", value=table_text(info), inline=False)
    status = {LOBBY: "Waiting for players — the host starts when ready.",
              CANCELLED: "This table was called off."}.get(info.status, f"Game {info.status}.")
    if info.status == RUNNING and info.thread_id:
        status = f"Game on! Follow it in <#{info.thread_id}>."
    if web is not None and info.status == RUNNING:
        embed.url = web
        embed.add_field(name="Watch live", value=f"[The game's page]({web}) — the board, the story and the clocks, "
                                                 "live, and a replay", inline=False)
    embed.set_footer(text=status)
    return embed


def lobby_controls(info: GameInfo) -> discord.ui.View:
    """Join, Leave, Add AI, Start, Cancel while a lobby; nothing afterwards."""
    view = discord.ui.View(timeout=None)
    if info.status != LOBBY:
        return view
    full = len(info.seats) >= info.max_players
    for action, label, style, disabled in (
        ("join", "Join", discord.ButtonStyle.success, full),
        ("leave", "Leave", discord.ButtonStyle.secondary, False),
        ("ai", "Add AI", discord.ButtonStyle.secondary, full),
        ("start", "Start", discord.ButtonStyle.primary, len(info.seats) < info.min_players),
        ("cancel", "Cancel", discord.ButtonStyle.danger, False),
    ):
        view.add_item(control(ControlId(info.game_id, 0, action), label=label, style=style, disabled=disabled))
    return view


def ai_kind(game: str) -> str:
    """The AI an "Add AI" click seats: the game's strongest (its descriptor's)."""
    from bot import games

    return games.strongest_ai(game)


async def reach_by_dm(bot: SkaldBot, user: discord.abc.User, info: GameInfo) -> bool:
    """Send a short welcome DM; False (and remembered) when the user's DMs are closed."""
    text = (f"👋 You took a seat at **{info.title}** (table #{info.game_id}). When the game starts, your "
            f"hand and your move buttons come here; the board and the story stay in the server.")
    try:
        channel = await dm_channel(bot, user.id)
        async with bot.pacer.slot(channel.id):
            await channel.send(text)
    except discord.Forbidden:
        ok = False
    except discord.HTTPException:
        log.warning("welcome DM to user %s failed (not a privacy block)", user.id)
        return True
    else:
        ok = True
    await bot.tables.servers.set_dm_ok(user.id, ok)
    return ok


async def dm_channel(bot: SkaldBot, user_id: int) -> discord.PartialMessageable:
    """The user's DM channel: opened once (a REST call), then remembered in the database."""
    outbox = bot.tables.outbox
    channel_id = await outbox.dm_channel(user_id)
    if channel_id is None:
        channel = await bot.create_dm(discord.Object(user_id))
        channel_id = channel.id
        await outbox.set_dm_channel(user_id, channel_id)
    return bot.get_partial_messageable(channel_id, type=discord.ChannelType.private)


def is_admin(interaction: Interaction) -> bool:
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


async def show(interaction: Interaction, info: GameInfo, note: str = "", web: str | None = None) -> None:
    await interaction.edit_original_response(embed=lobby_embed(info, note=note, web=web), view=lobby_controls(info))


@handles("join", "leave", "ai", "start", "cancel")
async def on_lobby(interaction: Interaction, control_id: ControlId, values: Sequence[str]) -> None:
    bot = interaction.client
    await ack(interaction, update=True)
    game_id, user = control_id.game_id, interaction.user
    info = await bot.tables.game(game_id)
    if control_id.action == "join":
        # The service checks these too; here they come first so a refused join sends no welcome DM.
        if (seat := info.seat_of(user.id)) is not None:
            raise AlreadySeated(f"You already have seat {seat + 1} at this table.")
        if info.status == LOBBY and len(info.seats) >= info.max_players:
            raise GameFull(f"All {info.max_players} seats of table #{game_id} are taken.")
        await bot.tables.lobby.require_reliable(game_id, user.id)
        dm_ok = await reach_by_dm(bot, user, info) if info.status == LOBBY else None
        info = await bot.tables.lobby.join(game_id, user.id, user.display_name, dm_ok=dm_ok)
        await show(interaction, info)
        if dm_ok is False:
            await say(interaction, CLOSED_DMS, ephemeral=True)
    elif control_id.action == "leave":
        info = await bot.tables.lobby.leave(game_id, user.id)
        await show(interaction, info, note="The host left, so the table is closed." if info.status == CANCELLED
                   else "")
    elif control_id.action == "ai":
        info = await bot.tables.lobby.add_ai(game_id, user.id, kind=ai_kind(info.game))
        await show(interaction, info)
    elif control_id.action == "cancel":
        info = await bot.tables.lobby.cancel(game_id, user.id, is_admin=is_admin(interaction))
        await show(interaction, info, note=f"Called off by {user.mention}.")
    else:
        await start(bot, interaction, info)


async def start(bot: SkaldBot, interaction: Interaction, info: GameInfo) -> None:
    """Open the game's thread from the lobby message, then start the game into it."""
    user = interaction.user
    if info.status != LOBBY:
        # Checked before a thread is opened, so a double click makes no second thread.
        raise AlreadyStarted(f"Table #{info.game_id} has already started.") if info.status == RUNNING else \
            GameClosed(f"Table #{info.game_id} is {info.status}.")
    if user.id != info.host_id:
        await refuse(interaction, f"Only the host (<@{info.host_id}>) can start this table.")
        return
    if len(info.seats) < info.min_players:
        raise TooFewPlayers(f"{info.title} needs at least {info.min_players} players; {len(info.seats)} seated.")
    thread = await open_thread(interaction, info)
    try:
        info = await bot.tables.lobby.start(info.game_id, user.id, thread_id=thread.id if thread else None)
    except BaseException:
        if thread is not None:
            await _discard(thread)
        raise
    # The thread's first message is this card: it carries the game's page link (docs/web.md).
    await show(interaction, info, web=await game_link(bot, info))


async def open_thread(interaction: Interaction, info: GameInfo) -> discord.Thread | None:
    """A public thread on the lobby message; None where threads can't be made (the game then
    plays in the channel itself)."""
    message = interaction.message
    if message is None or message.guild is None or isinstance(interaction.channel, discord.Thread):
        return None
    try:
        return await message.create_thread(name=f"{info.title} #{info.game_id}", auto_archive_duration=10080)
    except discord.HTTPException as error:
        log.info("no thread for game %d (%s); playing in the channel", info.game_id, error)
        return None


async def _discard(thread: discord.Thread) -> None:
    try:
        await thread.delete()
    except discord.HTTPException:
        log.warning("could not delete the unused thread %s", thread.id)
