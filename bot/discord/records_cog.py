"""`/stats [player] [game]` and `/leaderboard game:`: records of this server, as a picture with
the same facts in text beside it (docs/records.md).

Competitive games answer with ratings (a ranked table; a player's rating over time), cooperative
ones with crew records (win rate per option set, best results). Answers are private, like
`/game board`; refusals say exactly what is missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown

from bot.discord import pictures
from bot.discord.context import Interaction
from bot.discord.cooldowns import spam_guard
from bot.discord.play import limit_of
from bot.discord.replies import ack, refuse, say
from bot.record_pictures import (
    TOP,
    crew_data,
    day,
    leaderboard_data,
    ordinal,
    rating_data,
    signed,
    stats_line,
    summary_data,
)
from bot.rendering import Kind
from bot.store.tournaments import EntrantRow, TournamentRow
from bot.tables.ratings import Ratings
from bot.tables.teams import TeamRecords, describe_options
from engine import registry

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

ALT_LIMIT = 1000  # Discord keeps 1,024 characters of a picture's description
GAME_CHOICES = [app_commands.Choice(name=registry.get(key).title, value=key) for key in registry.names()]


def bold(name: str) -> str:
    return f"**{escape_markdown(name)}**"


# -- the same facts in words ------------------------------------------------------------------

def leaderboard_text(ratings: Ratings) -> str:
    return "\n".join(f"{n}. {bold(s.name)} {signed(s.rating)} — {s.wins} won of {s.games}"
                     for n, s in enumerate(ratings.standings[:TOP], start=1))


def crew_text(teams: TeamRecords, game: str) -> str:
    lines = [f"{teams.wins} won of {teams.games} ({teams.win_rate:.0%})."]
    specs = registry.get(game).options()
    lines += [f"{describe_options(specs, r.options)}: {r.wins} of {r.games}" for r in teams.by_options]
    if teams.best:
        top = teams.best[0]
        how = ", ".join(f"{value} {m.label}" for m in teams.measures if (value := top.measure(m)) is not None)
        lines.append(f"Best: {'won' if top.won else 'lost'} by {', '.join(bold(n) for n in top.names)}"
                     + (f" ({how})" if how else "") + f", {day(top.finished_at)}.")
    return "\n".join(lines)


def events_lines(events: Sequence[tuple[TournamentRow, EntrantRow]], limit: int = 5) -> list[str]:
    """A person's tournaments, newest first: where they finished, or how it stands."""
    lines = []
    for row, entrant in events[:limit]:
        if entrant.final_place is not None:
            how = f"finished {ordinal(entrant.final_place)}"
        else:
            how = {"signup": "signed up", "running": f"playing (round {row.round})",
                   "cancelled": "called off"}.get(row.status, row.status)
        lines.append(f"🏆 {escape_markdown(row.terms.name)} ({registry.get(row.terms.game).title}): {how}")
    if len(events) > limit:
        lines.append(f"… and {len(events) - limit} earlier tournaments")
    return lines


async def answer(interaction: Interaction, kind: Kind, data: dict[str, Any], heading: str, text: str,
                 filename: str) -> None:
    """The picture (drawn in the render pool) in an embed with the same facts in words; the
    words alone when the picture can't be made."""
    embed = discord.Embed(title=heading[:256], description=text[:4000], colour=discord.Colour.gold())
    png = await pictures.render(kind, data, [])
    file = pictures.attach(png, filename, limit_of(interaction), description=alt(f"{heading}. {text}"))
    if file is None:
        await say(interaction, embed=embed, ephemeral=True)
        return
    embed.set_image(url=f"attachment://{filename}")
    await say(interaction, embed=embed, file=file, ephemeral=True)


def alt(text: str) -> str:
    """A picture's description for screen readers: its facts in plain words, within Discord's limit."""
    plain = text.replace("**", "").replace("\\", "").replace("\n", "; ")
    return plain if len(plain) <= ALT_LIMIT else plain[:ALT_LIMIT - 1] + "…"


class RecordsCog(commands.Cog):
    """`/stats` and `/leaderboard`."""

    def __init__(self, bot: SkaldBot) -> None:
        self.bot = bot

    @app_commands.command(name="stats", description="Records in this server: a player's games, wins and ratings")
    @app_commands.guild_only()
    @app_commands.describe(player="Whose records (default: yours)", game="One game (default: every game played here)")
    @app_commands.choices(game=GAME_CHOICES)
    @spam_guard(4, 20.0)
    async def stats(self, interaction: Interaction, player: discord.User | None = None,
                    game: str | None = None) -> None:
        who = player or interaction.user
        guild_id = await self._checked(interaction, game, who)
        if guild_id is None:
            return
        await ack(interaction, ephemeral=True)
        name = who.display_name
        records = self.bot.tables.records
        # How reliably they play their games to the end (BGA shows it on every profile).
        kept = await self.bot.tables.servers.reliability(guild_id, who.id)
        reliable = f"Reliability: {kept.describe()}."
        if game is None:
            found = await records.stats(guild_id, who.id)
            events = await self.bot.tables.tournaments.events_of(who.id, guild_id)
            if not found and not kept.games and not events:
                await refuse(interaction, f"{bold(name)} hasn't finished a game in this server yet.")
                return
            text = "\n".join([*(f"{s.title}: {s.wins} won of {s.games} — {stats_line(s)}" for s in found),
                              reliable, *events_lines(events)])
            await answer(interaction, "summary", summary_data(name, found, kept), f"{name} in this server",
                               text, "stats.png")
            return
        title = registry.get(game).title
        if registry.get(game).cooperative:
            teams = await records.teams(guild_id, game, who.id)
            if teams.games == 0:
                await self._refuse_missing(interaction, guild_id, game, name)
                return
            await answer(interaction, "crew", crew_data(game, title, f"{name}'s crews in this server", teams),
                               f"{name} at {title}", f"{crew_text(teams, game)}\n{reliable}", "stats.png")
            return
        ratings = await records.ratings(guild_id, game)
        standing = ratings.standing(f"user:{who.id}")
        if standing is None:
            await self._refuse_missing(interaction, guild_id, game, name)
            return
        place = ratings.place_of(standing.key) or 0
        text = (f"Rating {signed(standing.rating)}, {ordinal(place)} of {len(ratings.standings)}; "
                f"{standing.wins} won of {standing.games}"
                + ("" if standing.best_score is None else f"; best score {standing.best_score}") + f".\n{reliable}")
        await answer(interaction, "rating", rating_data(title, name, ratings, standing), f"{name} at {title}",
                           text, "stats.png")

    @app_commands.command(name="leaderboard", description="The best players of a game in this server")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    @spam_guard(4, 20.0)
    async def leaderboard(self, interaction: Interaction, game: str) -> None:
        guild_id = await self._checked(interaction, game, None)
        if guild_id is None:
            return
        await ack(interaction, ephemeral=True)
        title = registry.get(game).title
        records = self.bot.tables.records
        if registry.get(game).cooperative:
            teams = await records.teams(guild_id, game)
            if teams.games == 0:
                await self._refuse_missing(interaction, guild_id, game, None)
                return
            await answer(interaction, "crew", crew_data(game, title, "Crew records in this server", teams),
                               f"{title}: crew records", crew_text(teams, game), "leaderboard.png")
            return
        ratings = await records.ratings(guild_id, game)
        if not ratings.standings:
            await self._refuse_missing(interaction, guild_id, game, None)
            return
        await answer(interaction, "leaderboard", leaderboard_data(title, ratings, interaction.user.id),
                           f"{title}: leaderboard", leaderboard_text(ratings), "leaderboard.png")

    async def _checked(self, interaction: Interaction, game: str | None,
                       who: discord.User | discord.Member | None) -> int | None:
        """The server, once the question can be answered; otherwise a refusal and None. Nothing
        here reads the database, so it comes before acknowledging."""
        if interaction.guild_id is None:
            await refuse(interaction, "Records are kept per server: ask in a server's channel.")
            return None
        if game is not None and game not in registry.names():
            games = ", ".join(registry.get(key).title for key in registry.names())
            await refuse(interaction, f"Skald keeps no records of {escape_markdown(game[:40])!r}; it hosts {games}.")
            return None
        if who is not None and who.bot:
            await refuse(interaction, f"{bold(who.display_name)} is a bot and plays no games; AI seats have their "
                                      "own lines on the leaderboard, such as “AI (greedy)”.")
            return None
        return interaction.guild_id

    async def _refuse_missing(self, interaction: Interaction, guild_id: int, game: str,
                              name: str | None) -> None:
        """Nobody has finished this game here yet, or this person hasn't."""
        title = registry.get(game).title
        played = game in await self.bot.tables.records.played(guild_id)
        if name is None and played:
            await refuse(interaction, f"No {title} game here was played to the end by a person yet (the AIs finished "
                                      f"those that ended), so there is nothing to rank: `/play {game}` opens a table.")
        elif name is None or not played:
            await refuse(interaction, f"No {title} game has finished in this server yet: `/play {game}` opens a "
                                      "table.")
        else:
            await refuse(interaction, f"{bold(name)} hasn't played a {title} game to the end in this server yet.")

async def setup(bot: SkaldBot) -> None:
    """The extension's entry point (`app.EXTENSIONS`): `/stats` and `/leaderboard`."""
    await bot.add_cog(RecordsCog(bot))
