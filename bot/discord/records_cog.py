"""`/stats [player] [game]` and `/leaderboard game:`: records of this server, as a picture with
the same facts in text beside it (docs/records.md).

Competitive games answer with ratings (a ranked table; a player's rating over time), cooperative
ones with crew records (win rate per option set, best results). Answers are private, like
`/game board`; refusals say exactly what is missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands
from discord.utils import escape_markdown

from bot.discord import pictures
from bot.discord.cooldowns import spam_guard
from bot.discord.play import limit_of
from bot.discord.replies import ack, refuse, say
from bot.rendering import Kind
from bot.tables.ratings import Ratings, Standing
from bot.tables.records import GameStats
from bot.tables.teams import TeamRecords, describe_options
from engine import registry

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

TOP = 10  # leaderboard rows; the asker's own row is added below them when lower
ALT_LIMIT = 1000  # Discord keeps 1,024 characters of a picture's description
GAME_CHOICES = [app_commands.Choice(name=registry.get(key).title, value=key) for key in registry.names()]
RATING_NOTE = ("Rating = μ − 3σ of openskill's Plackett–Luce model: everyone starts at 0 and it rises as results "
               "show skill. AI kinds are rated as players.")


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def day(at: float) -> str:
    when = datetime.fromtimestamp(at, UTC)
    return f"{when.day} {when:%b %Y}"


def signed(value: float) -> str:
    return f"{value:.1f}".replace("-", "−")


def bold(name: str) -> str:
    return f"**{escape_markdown(name)}**"


def joined(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


# -- what the pictures show (plain data, renderer/records.py) ---------------------------------

def leaderboard_data(title: str, ratings: Ratings, asker: int) -> dict[str, Any]:
    mine = f"user:{asker}"
    shown = list(enumerate(ratings.standings, start=1))[:TOP]
    place = ratings.place_of(mine)
    if place is not None and place > TOP:
        shown.append((place, ratings.standings[place - 1]))
    people = ratings.people()
    return {
        "title": title,
        "subtitle": f"Leaderboard · {ratings.games} game{'s' if ratings.games != 1 else ''} · "
                    f"{people} player{'s' if people != 1 else ''}",
        "rows": [{"place": n, "name": s.name, "ai": s.is_ai, "rating": s.rating, "games": s.games, "wins": s.wins,
                  "you": s.key == mine} for n, s in shown],
        "note": RATING_NOTE,
    }


def rating_data(title: str, name: str, ratings: Ratings, standing: Standing) -> dict[str, Any]:
    place = ratings.place_of(standing.key) or 0
    facts = [["Rating", signed(standing.rating)], ["Place", f"{place} of {len(ratings.standings)}"],
             ["Games", str(standing.games)], ["Wins", str(standing.wins)]]
    if standing.best_score is not None:
        facts.append(["Best score", str(standing.best_score)])
    history = standing.history
    return {
        "title": name, "subtitle": f"{title} · rating over time", "facts": facts,
        "points": [point.rating for point in history],
        "first": day(history[0].finished_at) if history else "",
        "last": day(history[-1].finished_at) if history else "",
        "note": RATING_NOTE,
    }


def crew_data(game: str, title: str, subtitle: str, teams: TeamRecords) -> dict[str, Any]:
    specs = registry.get(game).options()
    best = []
    for played in teams.best:
        detail = [f"{value} {m.label}" for m in teams.measures if (value := played.measure(m)) is not None]
        detail.append(describe_options(specs, played.options))
        best.append({"won": played.won, "names": joined(list(played.names)), "detail": " · ".join(detail),
                     "when": day(played.finished_at)})
    return {
        "title": title, "subtitle": subtitle,
        "facts": [["Games", str(teams.games)], ["Wins", str(teams.wins)], ["Win rate", f"{teams.win_rate:.0%}"]],
        "options": [{"label": describe_options(specs, r.options), "games": r.games, "wins": r.wins}
                    for r in teams.by_options],
        "best": best,
    }


def summary_data(name: str, stats: Sequence[GameStats]) -> dict[str, Any]:
    return {"title": name, "subtitle": "Records in this server",
            "games": [{"title": s.title, "line": stats_line(s), "games": s.games, "wins": s.wins} for s in stats]}


def stats_line(stats: GameStats) -> str:
    if stats.cooperative:
        return f"Crews won {stats.win_rate:.0%}"
    line = f"Rating {signed(stats.rating or 0.0)} · {ordinal(stats.place or 0)} of {stats.entrants}"
    return line if stats.best_score is None else f"{line} · best score {stats.best_score}"


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
    async def stats(self, interaction: discord.Interaction[Any], player: discord.User | None = None,
                    game: str | None = None) -> None:
        who = player or interaction.user
        guild_id = await self._checked(interaction, game, who)
        if guild_id is None:
            return
        await ack(interaction, ephemeral=True)
        name = who.display_name
        records = self.bot.tables.records
        if game is None:
            found = await records.stats(guild_id, who.id)
            if not found:
                await refuse(interaction, f"{bold(name)} hasn't finished a game in this server yet.")
                return
            text = "\n".join(f"{s.title}: {s.wins} won of {s.games} — {stats_line(s)}" for s in found)
            await self._answer(interaction, "summary", summary_data(name, found), f"{name} in this server", text,
                               "stats.png")
            return
        title = registry.get(game).title
        if registry.get(game).cooperative:
            teams = await records.teams(guild_id, game, who.id)
            if teams.games == 0:
                await self._refuse_missing(interaction, guild_id, game, name)
                return
            await self._answer(interaction, "crew", crew_data(game, title, f"{name}'s crews in this server", teams),
                               f"{name} at {title}", crew_text(teams, game), "stats.png")
            return
        ratings = await records.ratings(guild_id, game)
        standing = ratings.standing(f"user:{who.id}")
        if standing is None:
            await self._refuse_missing(interaction, guild_id, game, name)
            return
        place = ratings.place_of(standing.key) or 0
        text = (f"Rating {signed(standing.rating)}, {ordinal(place)} of {len(ratings.standings)}; "
                f"{standing.wins} won of {standing.games}"
                + ("" if standing.best_score is None else f"; best score {standing.best_score}") + ".")
        await self._answer(interaction, "rating", rating_data(title, name, ratings, standing), f"{name} at {title}",
                           text, "stats.png")

    @app_commands.command(name="leaderboard", description="The best players of a game in this server")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    @spam_guard(4, 20.0)
    async def leaderboard(self, interaction: discord.Interaction[Any], game: str) -> None:
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
            await self._answer(interaction, "crew", crew_data(game, title, "Crew records in this server", teams),
                               f"{title}: crew records", crew_text(teams, game), "leaderboard.png")
            return
        ratings = await records.ratings(guild_id, game)
        if not ratings.standings:
            await self._refuse_missing(interaction, guild_id, game, None)
            return
        await self._answer(interaction, "leaderboard", leaderboard_data(title, ratings, interaction.user.id),
                           f"{title}: leaderboard", leaderboard_text(ratings), "leaderboard.png")

    async def _checked(self, interaction: discord.Interaction[Any], game: str | None,
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

    async def _refuse_missing(self, interaction: discord.Interaction[Any], guild_id: int, game: str,
                              name: str | None) -> None:
        """Nobody has finished this game here yet, or this person hasn't."""
        title = registry.get(game).title
        if name is None or game not in await self.bot.tables.records.played(guild_id):
            await refuse(interaction, f"No {title} game has finished in this server yet: `/play {game}` opens a "
                                      "table.")
        else:
            await refuse(interaction, f"{bold(name)} hasn't finished a {title} game in this server yet.")

    async def _answer(self, interaction: discord.Interaction[Any], kind: Kind, data: dict[str, Any], heading: str,
                      text: str, filename: str) -> None:
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
