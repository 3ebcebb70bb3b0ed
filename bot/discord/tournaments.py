"""Tournaments in Discord (docs/tournaments.md): `/tournament …`, the sign-up message with its
Join / Leave / Start buttons, the announcements' thread, and a thread per table.

- The sign-up message is the event's face: its embed is rebuilt from the database whenever the
  event changes (sign-ups, the start, each round, the end).
- The announcements' thread (opened on that message) is told the event's news in order: the
  start, each round's pairings with pings, each round's end with the standings, the champion.
  News is written with the change that makes it and taken once before it is posted, so a
  restart tells what was missed and two processes never post the same news twice.
- Each table opens in the event's channel as a thread of its own, pinging its players; the game
  then plays there like any table (board, story, DM panels, clock).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import games
from bot.counts import counted
from bot.discord import pictures
from bot.discord.context import Interaction
from bot.discord.cooldowns import spam_guard
from bot.discord.opening import clock_choices
from bot.discord.records_cog import answer
from bot.discord.replies import ack, answer_error, refuse, say
from bot.record_pictures import ordinal, standings_data, standings_text
from bot.store.tournaments import CANCELLED, FINISHED, RUNNING, SIGNUP, EntrantRow, News, TableRow, TournamentRow
from bot.tables.clocks import label as clock_label
from bot.tables.errors import NoSuchGame
from bot.tables.tournaments import FORMAT_LABELS, LATENESS_LABELS, NewTournament, TournamentView
from bot.tournaments.scoring import FORMATS, LATENESS, points_text
from engine import registry
from engine.core import read_options
from engine.errors import BadOptions, SkaldError

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

log = logging.getLogger(__name__)

TEMPLATE = re.compile(r"skald-t:(?P<tournament>\d+):(?P<action>join|leave|start)")
SHOWN_ENTRANTS = 40
PINGS = discord.AllowedMentions(users=True, roles=False, everyone=False)


def custom_id(tournament_id: int, action: str) -> str:
    return f"skald-t:{tournament_id}:{action}"


# -- the sign-up message ------------------------------------------------------------------------
def options_line(view: TournamentView) -> str:
    """The options that differ from the game's defaults, as the declarations say them."""
    specs = registry.get(view.terms.game).options()
    shown = [f"{spec.name.replace('_', ' ')}: {spec.shown(view.terms.options[spec.name])}" for spec in specs
             if view.terms.options.get(spec.name, spec.default) != spec.default]
    return ", ".join(shown) or "standard game"


def signup_embed(view: TournamentView) -> discord.Embed:
    terms, row = view.terms, view.row
    colour = {SIGNUP: discord.Colour.green(), RUNNING: discord.Colour.gold()}.get(row.status,
                                                                                 discord.Colour.dark_grey())
    embed = discord.Embed(title=f"🏆 {terms.name} — tournament #{row.id}"[:256], colour=colour)
    embed.add_field(name="Game", value=f"{view.title} ({options_line(view)})"[:1024], inline=False)
    rounds = f", {terms.rounds} rounds" if terms.rounds else ""
    embed.add_field(name="Format", value=f"{FORMAT_LABELS[terms.format]}{rounds}, {terms.seats} a table", inline=True)
    embed.add_field(name="Organiser", value=f"<@{terms.organiser_id}>", inline=True)
    embed.add_field(name="Clock", value=f"{clock_label(terms.clock)}; each round ends after "
                    f"{terms.round_hours:g} h\nLate: {LATENESS_LABELS[terms.lateness]}"[:1024], inline=False)
    people = [f"{'🤖 ' + e.name if e.ai else f'<@{e.user_id}>'}" + (" *(out)*" if e.dropped_round else "")
              for e in view.entrants[:SHOWN_ENTRANTS]]
    more = len(view.entrants) - SHOWN_ENTRANTS
    listed = ", ".join(people) + (f" and {more} more" if more > 0 else "") or "*nobody yet*"
    embed.add_field(name=f"Entrants ({len(view.entrants)} of {terms.min_entrants}–{terms.max_entrants})",
                    value=listed[:1024], inline=False)
    if terms.min_reliability:
        embed.add_field(name="Joining needs", value=f"a reliability of {terms.min_reliability}%", inline=True)
    if row.status == SIGNUP:
        until = terms.signup_until
        status = (f"Sign-up open until <t:{int(until)}:f>; the organiser may start earlier." if until is not None
                  else "Sign-up open — the organiser starts it.")
    elif row.status == RUNNING:
        status = f"Under way: {view.rounds_text}" + (" (paused)" if row.paused_at is not None else "") + "."
    elif row.status == FINISHED:
        champion = view.standings[0] if view.standings else None
        status = "Finished." + (f" Champion: {view.name_of(champion.entrant)}." if champion else "")
    else:
        status = "Called off."
    if row.thread_id and row.status != SIGNUP:
        status += f" News in <#{row.thread_id}>."
    embed.description = status
    return embed


def signup_controls(view: TournamentView) -> discord.ui.View:
    """Join, Leave and Start while sign-up is open; nothing afterwards."""
    buttons = discord.ui.View(timeout=None)
    if view.row.status != SIGNUP:
        return buttons
    full = len(view.entrants) >= view.terms.max_entrants
    for action, label, style, disabled in (
            ("join", "Join", discord.ButtonStyle.success, full),
            ("leave", "Leave", discord.ButtonStyle.secondary, False),
            ("start", "Start", discord.ButtonStyle.primary, len(view.entrants) < view.terms.min_entrants)):
        buttons.add_item(TournamentControl(discord.ui.Button(custom_id=custom_id(view.id, action), label=label,
                                                             style=style, disabled=disabled)))
    return buttons


# -- the news -----------------------------------------------------------------------------------
def who(entrant: EntrantRow | None, name: str = "") -> str:
    if entrant is None:
        return name or "someone"
    return f"<@{entrant.user_id}>" if entrant.user_id is not None else f"🤖 {entrant.name}"


async def table_line(bot: SkaldBot, view: TournamentView, table: TableRow) -> str:
    seats = " · ".join(who(next((e for e in view.entrants if e.entrant == n), None)) for n in table.entrants)
    where = ""
    if table.game_id is not None:
        try:
            info = await bot.tables.game(table.game_id)
        except SkaldError:
            info = None
        where = f" — game #{table.game_id}" + (f" in <#{info.thread_id}>" if info and info.thread_id else "")
    return f"Table {table.table_no}: {seats}{where}"


async def news_text(bot: SkaldBot, view: TournamentView, news: News) -> tuple[str, bool]:
    """What the thread is told, and whether the standings picture goes with it."""
    body, name = news.body, f"**{view.terms.name}**"
    if news.kind == "started":
        return (f"🏁 {name} has begun: {body['entrants']} entrants, {FORMAT_LABELS[view.terms.format]}, "
                f"{counted(body['rounds'], 'round')}. Good luck, everyone!"), False
    if news.kind == "round":
        number = int(body["round"])
        lines = [f"📣 **Round {number}** of {name} is paired. Your hand comes by DM (or press **My hand** "
                 f"under your board); the round ends <t:{int(body['deadline'])}:R>."]
        lines += [await table_line(bot, view, t) for t in view.tables_of(number)]
        if body.get("byes"):
            lines.append(f"Bye (counts as a win): {', '.join(body['byes'])}")
        return "\n".join(lines), False
    if news.kind == "round_closed":
        return f"✅ Round {body['round']} of {name} is over. Standings:", True
    if news.kind == "dropped":
        entrant = next((e for e in view.entrants if e.entrant == body["entrant"]), None)
        out = f"👋 {who(entrant, body['name'])} is out ({body['why']})"
        return f"{out}: not paired from round {body['round']} on.", False
    if news.kind == "adjudicated":
        table = next((t for t in view.tables if t.game_id == body["game_id"]), None)
        if table is None:
            return "", False
        placed = ", ".join(f"{view.name_of(e)} {ordinal(p)}" for e, p in zip(table.entrants, body["places"],
                                                                               strict=True))
        return f"⚖️ The organiser decided table {body['table']} of round {body['round']}: {placed}.", False
    if news.kind == "paused":
        return f"⏸️ {name} is paused: the clocks of its tables stand still and no round opens.", False
    if news.kind == "resumed":
        return f"▶️ {name} goes on; the round's deadline moved on by the time it was paused.", False
    if news.kind == FINISHED:
        podium = body.get("podium") or []
        top = "\n".join(f"{ordinal(p['place'])}: " + (f"<@{p['user_id']}>" if p.get("user_id") else p["name"])
                        + f" — {points_text(p['points'])} points" for p in podium)
        return f"🏆 {name} is over!\n{top}\nFinal standings:", True
    if news.kind == CANCELLED:
        return f"🛑 {name} was called off: {body.get('why', '')}.", False
    return "", False


class TournamentDesk:
    """Tells Discord what the tournament service did: the sign-up message, the thread's news, and a
    thread for each table (the service's `TournamentListener` and `Rooms`)."""

    def __init__(self, bot: SkaldBot) -> None:
        self.bot = bot
        self._locks: dict[int, asyncio.Lock] = {}
        self._chores: set[asyncio.Task[None]] = set()
        # What each sign-up message was last edited to: a table ending wakes its event, and most
        # wakes change nothing the message shows, so those are not sent again.
        self._shown: dict[int, tuple[Any, Any]] = {}

    async def on_tournament(self, tournament_id: int) -> None:
        """On a task of its own: the service may be inside a game's lock."""
        task = asyncio.create_task(self._tell(tournament_id), name=f"skald-tournament-{tournament_id}")
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    async def drain(self) -> None:
        while self._chores:
            await asyncio.gather(*self._chores, return_exceptions=True)

    async def _tell(self, tournament_id: int) -> None:
        lock = self._locks.setdefault(tournament_id, asyncio.Lock())
        try:
            async with lock:
                view = await self.bot.tables.tournaments.view(tournament_id)
                await self._show(view)
                for news in await self.bot.tables.store.tournaments.untold_news(tournament_id):
                    if await self.bot.tables.store.tournaments.take_news(news, self.bot.tables.gate.clock()):
                        await self._post(view, news)
        except Exception:
            log.exception("telling tournament %d failed", tournament_id)

    async def _show(self, view: TournamentView) -> None:
        row = view.row
        if row.message_id is None:
            return
        embed, controls = signup_embed(view), signup_controls(view)
        shown = (embed.to_dict(), controls.to_components())
        if self._shown.get(row.id) == shown:
            return
        channel = self.bot.get_partial_messageable(row.terms.channel_id, guild_id=row.terms.guild_id)
        try:
            await channel.get_partial_message(row.message_id).edit(embed=embed, view=controls)
        except discord.HTTPException as error:
            log.info("could not update tournament %d's message (%s)", row.id, error)
        else:
            self._shown[row.id] = shown

    async def _post(self, view: TournamentView, news: News) -> None:
        text, standings = await news_text(self.bot, view, news)
        if not text:
            return
        row = view.row
        target = row.thread_id or row.terms.channel_id
        kind = discord.ChannelType.public_thread if row.thread_id else discord.ChannelType.text
        channel = self.bot.get_partial_messageable(target, guild_id=row.terms.guild_id, type=kind)
        extra: dict[str, Any] = {}
        if standings:
            text = f"{text}\n```\n{standings_text(view)}\n```"
            png = await pictures.render("standings", standings_data(view), [])
            file = pictures.attach(png, "standings.png", description=f"{view.terms.name}: standings")
            if file is not None:
                extra["file"] = file
        try:
            async with self.bot.pacer.slot(channel.id):
                await channel.send(text[:2000], allowed_mentions=PINGS, **extra)
        except discord.HTTPException as error:
            log.warning("tournament %d's news %d not posted (%s)", row.id, news.seq, error)

    async def open_room(self, event: TournamentRow, table: TableRow, seats: Sequence[EntrantRow],
                        game_id: int) -> int | None:
        """A public thread in the event's channel for the table, with its players pinged."""
        title = self.bot.tables.gate.games(event.terms.game).title
        name = f"{event.terms.name} · R{table.round} T{table.table_no} · {title} #{game_id}"[:100]
        try:
            thread = await self.bot.http.start_thread_without_message(
                event.terms.channel_id, name=name, auto_archive_duration=10080,
                type=discord.ChannelType.public_thread.value)
        except discord.HTTPException as error:
            log.info("no thread for tournament %d's game %d (%s)", event.id, game_id, error)
            return None
        thread_id = int(thread["id"])
        players = " · ".join(who(e) for e in seats)
        channel = self.bot.get_partial_messageable(thread_id, guild_id=event.terms.guild_id,
                                                   type=discord.ChannelType.public_thread)
        try:
            async with self.bot.pacer.slot(thread_id):
                await channel.send(f"🎲 **{event.terms.name}**, round {table.round}, table {table.table_no}: "
                                   f"{players}. Your game starts here; your hand comes by DM.",
                                   allowed_mentions=PINGS)
        except discord.HTTPException as error:
            log.info("tournament game %d's players not pinged (%s)", game_id, error)
        return thread_id


# -- who may run events ---------------------------------------------------------------------------
async def may_organise(interaction: Interaction) -> bool:
    """Manage Server, Administrator, or the role the server names in `/skald settings organiser_role`."""
    perms = interaction.permissions
    if perms.manage_guild or perms.administrator:
        return True
    guild_id = interaction.guild_id
    if guild_id is None or not isinstance(interaction.user, discord.Member):
        return False
    role = (await interaction.client.tables.servers.settings(guild_id)).organiser_role
    return bool(role) and any(r.id == role for r in interaction.user.roles)


async def find_event(interaction: Interaction, tournament_id: int | None) -> TournamentView:
    """The event a command means: the one given, else the one of this channel or thread, else the
    caller's only active one."""
    tables = interaction.client.tables.tournaments
    guild_id = interaction.guild_id
    assert guild_id is not None  # the group is guild-only
    if tournament_id is not None:
        try:
            view = await tables.view(tournament_id)
        except NoSuchGame:
            view = None
        if view is None or view.terms.guild_id != guild_id:
            raise NoSuchGame(f"There is no tournament #{tournament_id} here.")
        return view
    active = await tables.find(guild_id, (SIGNUP, RUNNING))
    here = [t for t in active if interaction.channel_id in (t.thread_id, t.terms.channel_id)]
    if len(here) == 1:
        return await tables.view(here[0].id)
    mine = [t for t, _ in await tables.events_of(interaction.user.id, guild_id) if t.status in (SIGNUP, RUNNING)]
    if len(mine) == 1:
        return await tables.view(mine[0].id)
    if len(here or mine or active) > 1:
        listed = ", ".join(f"#{t.id} {t.terms.name}" for t in (here or mine or active)[:10])
        raise SkaldError(f"Several tournaments could be meant ({listed}); say which with the `tournament` option.")
    if active:
        return await tables.view(active[0].id)
    raise SkaldError("There's no tournament running here. An organiser opens one with `/tournament create`.")


def parse_options(game: str, text: str | None) -> dict[str, Any]:
    """`idavoll=on thingvellir=off` (commas or spaces between) as the game's option values, each
    read by the game's declaration (engine.core.read_options, as `skald play --option` reads them)."""
    if not text:
        return {}
    engine = registry.get(game)
    return read_options(engine.options(), [part for part in re.split(r"[,\s]+", text.strip()) if part], engine.title)


# -- the commands ---------------------------------------------------------------------------------
class TournamentCog(commands.Cog):
    """`/tournament create|standings|mine|drop|list` and the organiser's controls."""

    tournament = app_commands.Group(name="tournament", description="Tournaments: sign up, standings, and running one",
                                    guild_only=True)

    def __init__(self, bot: SkaldBot) -> None:
        self.bot = bot

    @tournament.command(name="create", description="Open a tournament in this channel (Manage Server or the "
                                                   "organisers' role)")
    @app_commands.describe(
        game="The game", name="The event's name", format="Swiss (default), round-robin or single elimination",
        seats="Players per table (default: up to 4)", rounds="Swiss rounds (default: enough for the field)",
        clock="The tables' clock (default: the server's)", lateness="How a seat an AI finished for a late player "
        "ranks", round_hours="Hours until a round's unfinished tables are decided (default 168)",
        signup_hours="Hours sign-up stays open (default: until the organiser starts it)",
        min_entrants="The fewest entrants to start with", max_entrants="The most entrants (default 64)",
        min_reliability="Only people who played this % of their games here to the end may join",
        options="The game's options as name=value, e.g. idavoll=on thingvellir=on")
    @app_commands.choices(
        game=[app_commands.Choice(name=registry.get(n).title, value=n) for n in registry.names()
              if not registry.get(n).cooperative],
        format=[app_commands.Choice(name=FORMAT_LABELS[f], value=f) for f in FORMATS],
        lateness=[app_commands.Choice(name=LATENESS_LABELS[p][:100], value=p) for p in LATENESS])
    @app_commands.autocomplete(clock=clock_choices)
    @spam_guard(3, 60.0)
    async def create(self, interaction: Interaction, game: str, name: app_commands.Range[str, 1, 80],
                     format: str = "swiss", seats: app_commands.Range[int, 2, 8] | None = None,
                     rounds: app_commands.Range[int, 1, 30] | None = None, clock: str | None = None,
                     lateness: str = "counts", round_hours: app_commands.Range[int, 1, 1440] = 168,
                     signup_hours: app_commands.Range[int, 1, 1440] | None = None,
                     min_entrants: app_commands.Range[int, 2, 1000] | None = None,
                     max_entrants: app_commands.Range[int, 2, 1000] = 64,
                     min_reliability: app_commands.Range[int, 0, 100] | None = None,
                     options: app_commands.Range[str, 1, 200] | None = None) -> None:
        if not await may_organise(interaction):
            await refuse(interaction, "Only someone with Manage Server (or the organisers' role a server names in "
                                      "`/skald settings organiser_role`) can open a tournament.")
            return
        guild_id, channel_id = interaction.guild_id, interaction.channel_id
        assert guild_id is not None and channel_id is not None
        if isinstance(interaction.channel, discord.Thread):
            await refuse(interaction, "Open a tournament in a text channel: its tables become threads of it.")
            return
        new = NewTournament(guild_id=guild_id, channel_id=channel_id, organiser_id=interaction.user.id, name=name,
                            game=game, options=parse_options(game, options), format=format, seats=seats,
                            rounds=rounds, clock=clock, lateness=lateness, round_hours=float(round_hours),
                            signup_hours=None if signup_hours is None else float(signup_hours),
                            min_entrants=min_entrants, max_entrants=max_entrants, min_reliability=min_reliability)
        view = await self.bot.tables.tournaments.create(new)  # refused terms raise before anything is posted
        await ack(interaction, ephemeral=False)
        message = await interaction.edit_original_response(embed=signup_embed(view), view=signup_controls(view))
        await self.bot.tables.tournaments.set_message(view.id, message.id)
        try:
            thread = await message.create_thread(name=f"{view.terms.name} — news"[:100], auto_archive_duration=10080)
        except discord.HTTPException as error:
            log.info("no news thread for tournament %d (%s); news goes to the channel", view.id, error)
        else:
            await self.bot.tables.tournaments.set_thread(view.id, thread.id)

    @tournament.command(name="standings", description="A tournament's standings, as a picture and a table")
    @app_commands.describe(tournament="The tournament's number (default: the one here, or yours)")
    @spam_guard(4, 30.0)
    async def standings(self, interaction: Interaction, tournament: int | None = None) -> None:
        view = await find_event(interaction, tournament)
        await ack(interaction, ephemeral=True)
        await answer(interaction, "standings", standings_data(view, interaction.user.id),
                     f"{view.terms.name} — standings", f"{view.title} · {view.rounds_text}\n```\n"
                     f"{standings_text(view)}\n```", "standings.png")

    @tournament.command(name="mine", description="Your tournaments here: where you stand and your table")
    async def mine(self, interaction: Interaction) -> None:
        guild_id = interaction.guild_id
        assert guild_id is not None
        await ack(interaction, ephemeral=True)
        events = await self.bot.tables.tournaments.events_of(interaction.user.id, guild_id)
        if not events:
            await refuse(interaction, "You haven't signed up for a tournament here yet.")
            return
        lines = []
        for row, entrant in events[:10]:
            view = await self.bot.tables.tournaments.view(row.id)
            line = view.line_of(entrant.entrant)
            standing = f"{ordinal(line.place)} of {len(view.entrants)}, {points_text(line.points)} points" \
                if line is not None and row.status != SIGNUP else "signed up"
            if entrant.final_place is not None:
                standing = f"finished {ordinal(entrant.final_place)} of {len(view.entrants)}"
            text = f"**#{row.id} {row.terms.name}** ({view.title}, {row.status}): {standing}"
            current = [t for t in view.tables_of(row.round) if entrant.entrant in t.entrants and t.places is None]
            if row.status == RUNNING and current and current[0].game_id is not None:
                text += f" — your table: game #{current[0].game_id}"
            if entrant.dropped_round is not None:
                text += " — you're out"
            lines.append(text)
        await say(interaction, "\n".join(lines)[:2000], ephemeral=True)

    @tournament.command(name="list", description="This server's tournaments")
    async def listing(self, interaction: Interaction) -> None:
        guild_id = interaction.guild_id
        assert guild_id is not None
        await ack(interaction, ephemeral=True)
        rows = await self.bot.tables.tournaments.find(guild_id)
        if not rows:
            await refuse(interaction, "No tournaments here yet. An organiser opens one with `/tournament create`.")
            return
        lines = [f"**#{r.id} {r.terms.name}** — {registry.get(r.terms.game).title}, {FORMAT_LABELS[r.terms.format]}, "
                 f"{r.status}" + (f" (round {r.round})" if r.status == RUNNING else "") + f" in <#{r.terms.channel_id}>"
                 for r in rows[:15]]
        await say(interaction, "\n".join(lines)[:2000], ephemeral=True)

    @tournament.command(name="drop", description="Drop out of a tournament (or take back your sign-up)")
    @app_commands.describe(tournament="The tournament's number (default: the one here, or yours)")
    async def drop(self, interaction: Interaction, tournament: int | None = None) -> None:
        view = await find_event(interaction, tournament)
        await ack(interaction, ephemeral=True)
        view = await self.bot.tables.tournaments.leave(view.id, interaction.user.id)
        told = "Your sign-up is taken back." if view.row.status == SIGNUP else \
            "You're out: you won't be paired again. A game you're playing now is still yours to finish."
        await say(interaction, f"👋 {told}", ephemeral=True)

    # -- the organiser's controls --------------------------------------------------------------------
    async def _organiser(self, interaction: Interaction, tournament: int | None) -> tuple[TournamentView, bool]:
        """The event meant, and whether the caller may run any event here (the service checks who may
        run this one: its organiser, or such an admin)."""
        view = await find_event(interaction, tournament)
        admin = await may_organise(interaction)
        await ack(interaction, ephemeral=True)
        return view, admin

    @tournament.command(name="start", description="Organiser: start now (round 1 is paired at once)")
    async def start(self, interaction: Interaction, tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        await self.bot.tables.tournaments.start(view.id, interaction.user.id, is_admin=admin)
        await say(interaction, "🏁 Started: round 1 is being paired.", ephemeral=True)

    @tournament.command(name="add-ai", description="Organiser: sign up AI entrants")
    @app_commands.describe(count="How many (default 1)", kind="Which AI (default: the game's strongest)")
    async def add_ai(self, interaction: Interaction, count: app_commands.Range[int, 1, 64] = 1,
                     kind: str | None = None, tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        for _ in range(count):
            view = await self.bot.tables.tournaments.add_ai(view.id, interaction.user.id,
                                                            kind or games.strongest_ai(view.terms.game), is_admin=admin)
        await say(interaction, f"🤖 {counted(count, 'AI entrant')} signed up "
                               f"({len(view.entrants)} entrants now).", ephemeral=True)

    @tournament.command(name="pause", description="Organiser: pause the event (tables' clocks stop)")
    async def pause(self, interaction: Interaction, tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        await self.bot.tables.tournaments.pause(view.id, interaction.user.id, is_admin=admin)
        await say(interaction, "⏸️ Paused.", ephemeral=True)

    @tournament.command(name="resume", description="Organiser: go on after a pause")
    async def resume(self, interaction: Interaction, tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        await self.bot.tables.tournaments.pause(view.id, interaction.user.id, is_admin=admin, pause=False)
        await say(interaction, "▶️ Resumed.", ephemeral=True)

    @tournament.command(name="cancel", description="Organiser: call the event off")
    async def cancel(self, interaction: Interaction, tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        await self.bot.tables.tournaments.cancel(view.id, interaction.user.id, is_admin=admin)
        await say(interaction, "🛑 Called off.", ephemeral=True)

    @tournament.command(name="remove", description="Organiser: take an entrant out")
    @app_commands.describe(player="The entrant to take out", why="Said in the announcement")
    async def remove(self, interaction: Interaction, player: discord.User,
                     why: app_commands.Range[str, 1, 100] | None = None, tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        entrant = view.entrant_of(player.id)
        if entrant is None:
            await refuse(interaction, f"{player.display_name} isn't signed up for {view.terms.name}.")
            return
        await self.bot.tables.tournaments.remove(view.id, interaction.user.id, entrant.entrant, is_admin=admin,
                                                 why=why or "")
        await say(interaction, f"Done: {player.display_name} is out of {view.terms.name}.", ephemeral=True)

    @tournament.command(name="adjudicate", description="Organiser: decide a table's places")
    @app_commands.describe(game="The table's game number", places="Each seat's place in seat order, e.g. 2 1 3 3")
    async def adjudicate(self, interaction: Interaction, game: int, places: app_commands.Range[str, 1, 40],
                         tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        try:
            numbers = [int(p) for p in re.split(r"[,\s]+", places.strip())]
        except ValueError:
            raise BadOptions("Places are whole numbers, one per seat in seat order, e.g. `2 1 3 3`.") from None
        await self.bot.tables.tournaments.adjudicate(view.id, interaction.user.id, game, numbers, is_admin=admin)
        await say(interaction, f"⚖️ Table of game #{game} decided.", ephemeral=True)


# -- the buttons ----------------------------------------------------------------------------------
class TournamentControl(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """Join, Leave or Start on a sign-up message; its tournament and action live in its custom id."""

    def __init__(self, item: discord.ui.Button[Any]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> TournamentControl:
        assert isinstance(item, discord.ui.Button)
        return cls(item)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        match = TEMPLATE.fullmatch(self.custom_id)
        if match is None:
            return
        tournament_id, action = int(match["tournament"]), match["action"]
        try:
            await on_button(interaction, tournament_id, action)
        except Exception as error:
            await answer_error(interaction, error, what=f"tournament {action}")


async def on_button(interaction: Interaction, tournament_id: int, action: str) -> None:
    bot, user = interaction.client, interaction.user
    service = bot.tables.tournaments
    view = await service.view(tournament_id)
    if view.terms.guild_id != interaction.guild_id:
        raise NoSuchGame(f"There is no tournament #{tournament_id} here.")
    await ack(interaction, update=True)
    if action == "join":
        view = await service.join(tournament_id, user.id, user.display_name)
        await say(interaction, f"✅ You're in **{view.terms.name}** ({len(view.entrants)} entrants). Round 1's "
                               "pairings are announced in the news thread, with a ping.", ephemeral=True)
    elif action == "leave":
        view = await service.leave(tournament_id, user.id)
        await say(interaction, "👋 Your sign-up is taken back.", ephemeral=True)
    else:
        view = await service.start(tournament_id, user.id, is_admin=await may_organise(interaction))
    await interaction.edit_original_response(embed=signup_embed(view), view=signup_controls(view))


async def setup(bot: SkaldBot) -> None:
    """The extension's entry point (`app.EXTENSIONS`): `/tournament` and the sign-up buttons."""
    bot.add_dynamic_items(TournamentControl)
    await bot.add_cog(TournamentCog(bot))


async def teardown(bot: SkaldBot) -> None:
    bot.remove_dynamic_items(TournamentControl)
