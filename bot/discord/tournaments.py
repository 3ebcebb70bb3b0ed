"""`/tournament …` (docs/tournaments.md): opening an event, its standings and rounds, and the
organiser's controls. What an event shows (its sign-up message, its news, its tables' threads)
is bot/discord/event_posts.py. Every command that writes shares its button's cooldown budget
(`spam_guard(bucket=...)`), and a refused attempt gives its use back.
"""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import games
from bot.counts import counted
from bot.discord.access import may_organise
from bot.discord.context import Interaction
from bot.discord.cooldowns import spam_guard, typing_allowed
from bot.discord.event_posts import TournamentControl, signup_controls, signup_embed, table_line
from bot.discord.opening import clock_choices
from bot.discord.records_cog import answer
from bot.discord.replies import ack, refuse, say
from bot.names import quiet
from bot.record_pictures import ordinal, standings_data, standings_state, standings_text
from bot.store.tournaments import RUNNING, SIGNUP
from bot.tables.errors import NoSuchGame
from bot.tables.tournaments import LATENESS_LABELS, NewTournament, TournamentView, standings_record
from bot.tournaments import formats
from bot.tournaments.scoring import LATENESS, points_text
from engine import registry
from engine.core import read_options
from engine.errors import BadOptions, SkaldError

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

log = logging.getLogger(__name__)


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
        listed = ", ".join(f"#{t.id} {quiet(t.terms.name)}" for t in (here or mine or active)[:10])
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


async def format_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The registered formats (bot/tournaments/formats.py), as the organiser types."""
    if not typing_allowed(interaction):
        return []
    typed = current.lower()
    return [app_commands.Choice(name=f.label, value=f.key) for f in formats.FORMATS.values()
            if typed in f.label.lower() or typed in f.key][:25]


def places_of(text: str) -> list[int]:
    try:
        return [int(p) for p in re.split(r"[,\s]+", text.strip())]
    except ValueError:
        raise BadOptions("Places are whole numbers, one per seat in seat order, e.g. `2 1 3 3`.") from None


# -- the commands ---------------------------------------------------------------------------------
class TournamentCog(commands.Cog):
    """`/tournament create|standings|round|mine|list|drop` and the organiser's controls."""

    tournament = app_commands.Group(name="tournament", description="Tournaments: sign up, standings, and running one",
                                    guild_only=True)

    def __init__(self, bot: SkaldBot) -> None:
        self.bot = bot

    @tournament.command(name="create", description="Open a tournament in this channel (Manage Server or the "
                                                   "organisers' role)")
    @app_commands.describe(
        game="The game", name="The event's name", format="Swiss (default), round-robin, single elimination …",
        seats="Players per table (default: up to 4)", rounds="Swiss rounds (default: enough for the field)",
        clock="The tables' clock (default: the server's)", lateness="How a seat an AI finished for a late player "
        "ranks", round_hours="Hours until a round's unfinished tables are decided (default 168)",
        signup_hours="Hours sign-up stays open (default: until the organiser starts it)",
        min_entrants="The fewest entrants to start with", max_entrants="The most entrants (default 64)",
        min_reliability="Only people who played this % of their games here to the end may join",
        options="The game's options as name=value, e.g. idavoll=on thingvellir=on",
        late_until="Swiss: take late entries until this round is paired (default: half the rounds; 0: none)",
        checkin_minutes="Entrants check in this many minutes before sign-up closes (needs signup_hours)")
    @app_commands.choices(
        game=[app_commands.Choice(name=registry.get(n).title, value=n) for n in registry.names()
              if not registry.get(n).cooperative],
        lateness=[app_commands.Choice(name=LATENESS_LABELS[p][:100], value=p) for p in LATENESS])
    @app_commands.autocomplete(clock=clock_choices, format=format_choices)
    @spam_guard(bucket="event")
    async def create(self, interaction: Interaction, game: str, name: app_commands.Range[str, 1, 80],
                     format: str = formats.SWISS, seats: app_commands.Range[int, 2, 8] | None = None,
                     rounds: app_commands.Range[int, 1, 30] | None = None, clock: str | None = None,
                     lateness: str = "counts", round_hours: app_commands.Range[int, 1, 1440] = 168,
                     signup_hours: app_commands.Range[int, 1, 1440] | None = None,
                     min_entrants: app_commands.Range[int, 2, 1000] | None = None,
                     max_entrants: app_commands.Range[int, 2, 1000] = 64,
                     min_reliability: app_commands.Range[int, 0, 100] | None = None,
                     options: app_commands.Range[str, 1, 200] | None = None,
                     late_until: app_commands.Range[int, 0, 30] | None = None,
                     checkin_minutes: app_commands.Range[int, 5, 1440] | None = None) -> None:
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
                            min_entrants=min_entrants, max_entrants=max_entrants, min_reliability=min_reliability,
                            late_until=late_until,
                            checkin_minutes=None if checkin_minutes is None else float(checkin_minutes))
        service = self.bot.tables.tournaments
        view = await service.signup.create(new)  # refused terms raise before anything is posted
        await ack(interaction, ephemeral=False)
        now = self.bot.tables.gate.clock()
        message = await interaction.edit_original_response(embed=signup_embed(view, now),
                                                           view=signup_controls(view, now))
        await service.signup.set_message(view.id, message.id)
        try:
            thread = await message.create_thread(name=f"{view.terms.name} — news"[:100], auto_archive_duration=10080)
        except discord.HTTPException as error:
            log.info("no news thread for tournament %d (%s); news goes to the channel", view.id, error)
        else:
            await service.signup.set_thread(view.id, thread.id)

    @tournament.command(name="standings", description="A tournament's standings, as a picture and a table")
    @app_commands.describe(tournament="The tournament's number (default: the one here, or yours)")
    @spam_guard(4, 30.0)
    async def standings(self, interaction: Interaction, tournament: int | None = None) -> None:
        view = await find_event(interaction, tournament)
        await ack(interaction, ephemeral=True)
        record = standings_record(view, view.standings)
        await answer(interaction, "standings", standings_data(view, record, standings_state(view), interaction.user.id),
                     f"{view.terms.name} — standings", f"{view.title} · {view.rounds_text}\n```\n"
                     f"{standings_text(record)}\n```", "standings.png")

    @tournament.command(name="round", description="This round's pairings, and which tables are still playing")
    @app_commands.describe(tournament="The tournament's number (default: the one here, or yours)")
    @spam_guard(4, 30.0)
    async def round(self, interaction: Interaction, tournament: int | None = None) -> None:
        view = await find_event(interaction, tournament)
        await ack(interaction, ephemeral=True)
        if not view.rounds:
            await refuse(interaction, f"{quiet(view.terms.name)} has no round paired yet.")
            return
        current = view.rounds[-1]
        tables = view.tables_of(current.round)
        playing = [t for t in tables if t.places is None]
        state = "closed" if current.closed_at is not None else f"ends <t:{int(current.deadline)}:R>"
        lines = [f"**Round {current.round}** of {quiet(view.terms.name)} ({state}): {len(tables)} tables, "
                 f"{len(playing)} still playing."]
        for table in tables:
            line = await table_line(self.bot, view, table)
            if table.places is not None:
                line += " — ✅ " + ", ".join(f"{quiet(view.name_of(e))} {ordinal(p)}"
                                            for e, p in zip(table.entrants, table.places, strict=True))
            else:
                line += " — ⏳ playing"
            lines.append(line)
        if current.byes:
            lines.append(f"Bye: {quiet(', '.join(view.name_of(b) for b in current.byes))}")
        await say(interaction, "\n".join(lines)[:2000], ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(name="mine", description="Your tournaments here: where you stand and your table")
    @spam_guard(4, 30.0)
    async def mine(self, interaction: Interaction) -> None:
        guild_id = interaction.guild_id
        assert guild_id is not None
        await ack(interaction, ephemeral=True)
        service = self.bot.tables.tournaments
        events = await service.events_of(interaction.user.id, guild_id)
        if not events:
            await refuse(interaction, "You haven't signed up for a tournament here yet.")
            return
        lines = []
        for row, entrant in events[:10]:
            try:
                view = await service.view(row.id)
            except SkaldError as error:
                lines.append(f"**#{row.id}** — {error.reason}")
                continue
            line = view.line_of(entrant.entrant)
            standing = f"{ordinal(line.place)} of {len(view.entrants)}, {points_text(line.points)} points" \
                if line is not None and row.status != SIGNUP else "signed up"
            if entrant.final_place is not None:
                standing = f"finished {ordinal(entrant.final_place)} of {len(view.entrants)}"
            text = f"**#{row.id} {quiet(row.terms.name)}** ({view.title}, {row.status}): {standing}"
            current = [t for t in view.tables_of(row.round) if entrant.entrant in t.entrants and t.places is None]
            if row.status == RUNNING and current and current[0].game_id is not None:
                text += f" — your table: game #{current[0].game_id}"
            if entrant.out:
                text += " — you're out"
            lines.append(text)
        await say(interaction, "\n".join(lines)[:2000], ephemeral=True)

    @tournament.command(name="list", description="This server's tournaments")
    @spam_guard(4, 30.0)
    async def listing(self, interaction: Interaction) -> None:
        guild_id = interaction.guild_id
        assert guild_id is not None
        await ack(interaction, ephemeral=True)
        rows = await self.bot.tables.tournaments.find(guild_id)
        if not rows:
            await refuse(interaction, "No tournaments here yet. An organiser opens one with `/tournament create`.")
            return
        lines = [f"**#{r.id} {quiet(r.terms.name)}** — {registry.get(r.terms.game).title}, "
                 f"{_label(r.terms.format)}, {r.status}" + (f" (round {r.round})" if r.status == RUNNING else "")
                 + f" in <#{r.terms.channel_id}>" for r in rows[:15]]
        await say(interaction, "\n".join(lines)[:2000], ephemeral=True)

    @tournament.command(name="drop", description="Drop out of a tournament (or take back your sign-up)")
    @app_commands.describe(tournament="The tournament's number (default: the one here, or yours)")
    @spam_guard(bucket="signup")
    async def drop(self, interaction: Interaction, tournament: int | None = None) -> None:
        view = await find_event(interaction, tournament)
        await ack(interaction, ephemeral=True)
        view = await self.bot.tables.tournaments.signup.leave(view.id, interaction.user.id)
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
    @spam_guard(bucket="organise")
    async def start(self, interaction: Interaction, tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        await self.bot.tables.tournaments.organiser.start(view.id, interaction.user.id, is_admin=admin)
        await say(interaction, "🏁 Started: round 1 is being paired.", ephemeral=True)

    @tournament.command(name="add-ai", description="Organiser: sign up AI entrants")
    @app_commands.describe(count="How many (default 1)", kind="Which AI (default: the game's strongest)")
    @spam_guard(bucket="organise")
    async def add_ai(self, interaction: Interaction, count: app_commands.Range[int, 1, 64] = 1,
                     kind: str | None = None, tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        for _ in range(count):
            view = await self.bot.tables.tournaments.signup.add_ai(
                view.id, interaction.user.id, kind or games.strongest_ai(view.terms.game), is_admin=admin)
        await say(interaction, f"🤖 {counted(count, 'AI entrant')} signed up "
                               f"({len(view.entrants)} entrants now).", ephemeral=True)

    @tournament.command(name="pause", description="Organiser: pause the event (tables' clocks stop)")
    @spam_guard(bucket="event-pause")
    async def pause(self, interaction: Interaction, tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        await self.bot.tables.tournaments.organiser.pause(view.id, interaction.user.id, is_admin=admin)
        await say(interaction, "⏸️ Paused.", ephemeral=True)

    @tournament.command(name="resume", description="Organiser: go on after a pause")
    @spam_guard(bucket="event-pause")
    async def resume(self, interaction: Interaction, tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        await self.bot.tables.tournaments.organiser.pause(view.id, interaction.user.id, is_admin=admin, pause=False)
        await say(interaction, "▶️ Resumed.", ephemeral=True)

    @tournament.command(name="cancel", description="Organiser: call the event off")
    @spam_guard(bucket="organise")
    async def cancel(self, interaction: Interaction, tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        await self.bot.tables.tournaments.organiser.cancel(view.id, interaction.user.id, is_admin=admin)
        await say(interaction, "🛑 Called off.", ephemeral=True)

    @tournament.command(name="remove", description="Organiser: take an entrant out")
    @app_commands.describe(player="The entrant to take out", why="Said in the announcement")
    @spam_guard(bucket="organise")
    async def remove(self, interaction: Interaction, player: discord.User,
                     why: app_commands.Range[str, 1, 100] | None = None, tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        entrant = view.entrant_of(player.id)
        if entrant is None:
            await refuse(interaction, f"{quiet(player.display_name)} isn't signed up for {quiet(view.terms.name)}.")
            return
        await self.bot.tables.tournaments.signup.remove(view.id, interaction.user.id, entrant.entrant,
                                                        is_admin=admin, why=" ".join((why or "").split()))
        await say(interaction, f"Done: {quiet(player.display_name)} is out of {quiet(view.terms.name)}.",
                  ephemeral=True)

    @tournament.command(name="adjudicate", description="Organiser: decide a table's places")
    @app_commands.describe(game="The table's game number", places="Each seat's place in seat order, e.g. 2 1 3 3")
    @spam_guard(bucket="organise")
    async def adjudicate(self, interaction: Interaction, game: int, places: app_commands.Range[str, 1, 40],
                         tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        await self.bot.tables.tournaments.organiser.adjudicate(view.id, interaction.user.id, game, places_of(places),
                                                               is_admin=admin)
        await say(interaction, f"⚖️ Table of game #{game} decided.", ephemeral=True)

    @tournament.command(name="correct", description="Organiser: correct a decided table's places")
    @app_commands.describe(game="The table's game number", places="Each seat's place in seat order, e.g. 2 1 3 3")
    @spam_guard(bucket="organise")
    async def correct(self, interaction: Interaction, game: int, places: app_commands.Range[str, 1, 40],
                      tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        await self.bot.tables.tournaments.organiser.correct(view.id, interaction.user.id, game, places_of(places),
                                                            is_admin=admin)
        await say(interaction, f"✏️ Table of game #{game} corrected; the news thread shows the standings now.",
                  ephemeral=True)

    @tournament.command(name="close-round", description="Organiser: close the round now (tables still playing "
                                                        "are decided as at its deadline)")
    @spam_guard(bucket="organise")
    async def close_round(self, interaction: Interaction, tournament: int | None = None) -> None:
        view, admin = await self._organiser(interaction, tournament)
        await self.bot.tables.tournaments.organiser.close_round(view.id, interaction.user.id, is_admin=admin)
        await say(interaction, "⏱️ Closing the round: its last tables are decided and the next round is paired.",
                  ephemeral=True)


def _label(key: str) -> str:
    found = formats.FORMATS.get(key)
    return found.label if found is not None else key


async def setup(bot: SkaldBot) -> None:
    """The extension's entry point (`app.EXTENSIONS`): `/tournament` and the sign-up buttons."""
    bot.add_dynamic_items(TournamentControl)
    await bot.add_cog(TournamentCog(bot))


async def teardown(bot: SkaldBot) -> None:
    bot.remove_dynamic_items(TournamentControl)
