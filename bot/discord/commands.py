"""Slash commands: `/move`, `/game …`, `/help` (`/play <game>` is opening.py's), and the
confirmation buttons of `/game resign` and `/game abandon`.

A discord.py extension: the bot loads it by name (`app.EXTENSIONS`), which runs the module afresh.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.discord.access import can_see, find_game
from bot.discord.choices import forks, tokens
from bot.discord.context import Interaction
from bot.discord.controls import control, handles
from bot.discord.cooldowns import spam_guard, typing_allowed
from bot.discord.endings import post_export, post_replay
from bot.discord.ids import ControlId
from bot.discord.lobby import is_admin
from bot.discord.panels import named, names_of, seat_clock, seat_panel, who
from bot.discord.play import reply_move, send_private
from bot.discord.replies import ack, refuse, say
from bot.discord.web_links import game_link
from bot.tables.settings import PINGS, PINGS_LABELS, PINGS_TO_ACT
from bot.tables.types import LOBBY, GameInfo
from bot.version import version
from engine import registry
from engine.core import Move
from engine.errors import SkaldError

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

SERVER = "server"  # `/game pings server`: the game follows the server's `thread_pings` again
AUTOCOMPLETE_LIMIT = 25
MOVE_TEXT_LIMIT = 200
LIST_LIMIT = 20
LOG_LINES = 25


async def game_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[int]]:
    """Autocomplete for `game`: the caller's games first, then the others of this channel."""
    bot = interaction.client
    if not typing_allowed(interaction):
        return []
    try:
        games = await bot.tables.list_games(interaction.guild_id, user_id=interaction.user.id,
                                            limit=AUTOCOMPLETE_LIMIT)
        if interaction.guild_id is not None and interaction.channel_id is not None:
            mine = {g.game_id for g in games}
            games += [g for g in await bot.tables.list_games(interaction.guild_id, place=interaction.channel_id,
                                                             limit=AUTOCOMPLETE_LIMIT) if g.game_id not in mine]
    except SkaldError:  # the database out of reach: no suggestions (the command itself says why)
        return []
    typed = current.strip().lower()
    found = []
    for info in games:
        label = f"#{info.game_id} {info.title} — {info.status}"
        if typed in label.lower() or typed == str(info.game_id):
            found.append(app_commands.Choice(name=label[:100], value=info.game_id))
    return found[:AUTOCOMPLETE_LIMIT]


async def move_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for `/move text`: the caller's legal moves matching what is typed.

    Beyond 25 matches it offers the next words instead, each labelled as the start of a move
    ("discard … keep typing"); picking one and typing on narrows further."""
    bot = interaction.client
    if not typing_allowed(interaction):
        return []
    game_id = getattr(interaction.namespace, "game", None)
    try:
        info = await find_game(interaction, game_id if isinstance(game_id, int) else None)
        table = await bot.tables.table_view(info.game_id, interaction.user.id)
    except SkaldError:
        return []
    return suggestions(table.legal_moves, current)


def suggestions(moves: Sequence[Move], current: str) -> list[app_commands.Choice[str]]:
    """What `/move` suggests for the text typed so far (pure, for tests)."""
    typed_raw = current.lower().lstrip()
    typed = typed_raw.strip()
    head = tokens(typed)
    starting = [m for m in moves if tokens(m.text)[:len(head)] == head or m.text.startswith(typed)]
    # Moves that merely contain the text help only when none starts with it: mixing both
    # would offer groups of unrelated moves again after the player picked one.
    found = starting or [m for m in moves if typed and typed in m.text]
    if len(found) > AUTOCOMPLETE_LIMIT:
        # A typed word is finished once a space follows it: then offer the word after it.
        whole_words = len(head) if typed_raw.endswith(" ") or not typed else max(len(head) - 1, 0)
        heads = list(forks(found, whole_words + 1))
        return [app_commands.Choice(name=f"{h} … keep typing", value=h) for h in heads[:AUTOCOMPLETE_LIMIT]]
    return [app_commands.Choice(name=(m.label or m.text)[:100], value=m.text) for m in found]


class GameCog(commands.Cog):
    """`/move`, `/game …` and `/help`."""

    game = app_commands.Group(name="game", description="Look at and manage Skald games")

    def __init__(self, bot: SkaldBot) -> None:
        self.bot = bot

    @app_commands.command(name="move", description="Make a move in your game (the list shows your legal moves)")
    @app_commands.describe(text="The move, e.g. as the list suggests", game="Game number (default: this thread's)")
    @app_commands.autocomplete(text=move_choices)
    @app_commands.autocomplete(game=game_choices)
    async def move(self, interaction: Interaction, text: app_commands.Range[str, 1, MOVE_TEXT_LIMIT],
                   game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        if len(text) > MOVE_TEXT_LIMIT:  # Discord checks it too; a crafted payload may not have been
            await refuse(interaction, f"A move is at most {MOVE_TEXT_LIMIT} characters; the list shows yours.")
            return
        info = await find_game(interaction, game)
        await reply_move(interaction, info, text)

    @game.command(name="board", description="Show the current board (only to you)")
    @app_commands.describe(game="Game number (default: this thread's)")
    @app_commands.autocomplete(game=game_choices)
    @spam_guard()
    async def board(self, interaction: Interaction, game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        info = await find_game(interaction, game)
        table = await self.bot.tables.table_view(info.game_id, None)
        panel = await seat_panel(table)
        link = await game_link(self.bot, info)  # find_game checked this person may reach the game
        if link is not None:
            board = await game_link(self.bot, info, board=True)
            panel.embed.url = link
            panel.embed.add_field(name="Watch live", value=f"[The game's page]({link}) · [the board alone]({board}), "
                                                           "for a stream or a screen at the table", inline=False)
        await send_private(interaction, panel)

    @game.command(name="hand", description="Your hand and your move controls (only you see them)")
    @app_commands.describe(game="Game number (default: this thread's)")
    @app_commands.autocomplete(game=game_choices)
    @spam_guard()
    async def hand(self, interaction: Interaction, game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        info = await find_game(interaction, game)
        table = await self.bot.tables.table_view(info.game_id, interaction.user.id)
        await send_private(interaction, await seat_panel(table))

    @game.command(name="log", description="The story of a game so far (your private lines included, for you)")
    @app_commands.describe(game="Game number (default: this thread's)")
    @app_commands.autocomplete(game=game_choices)
    @spam_guard()
    async def log(self, interaction: Interaction, game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        info = await find_game(interaction, game)
        lines = await self.bot.tables.log(info.game_id, interaction.user.id, limit=LOG_LINES)
        # Each line names the seats as they were held when it was told (bot/holders.py).
        text = "\n".join(f"{'🔒 ' if line.private else ''}`{line.state_id:>3}` "
                         f"{named(line.text, line.names or names_of(info))}"
                         for line in lines) or "Nothing has happened yet."
        embed = discord.Embed(title=f"{info.title} #{info.game_id} — the story so far", description=text[-4000:])
        await say(interaction, embed=embed, ephemeral=True)

    @game.command(name="undo",
                  description="Take back your last move while it showed nothing hidden and nobody acted since")
    @app_commands.describe(game="Game number (default: this thread's)")
    @app_commands.autocomplete(game=game_choices)
    @spam_guard(bucket="undo")
    async def undo(self, interaction: Interaction, game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        info = await find_game(interaction, game)
        result = await self.bot.tables.undo.take_back(info.game_id, interaction.user.id)
        table = await self.bot.tables.table_view(info.game_id, interaction.user.id)
        await send_private(interaction, await seat_panel(table, note=f"↩️ You took back **{result.text}**."))

    @game.command(name="replay", description="A finished game replayed as an animated picture of its public board")
    @app_commands.describe(game="Game number (default: this thread's)")
    @app_commands.autocomplete(game=game_choices)
    @spam_guard(bucket="replay")  # the Replay button's budget: the same drawing, one budget
    async def replay(self, interaction: Interaction, game: int | None = None) -> None:
        await ack(interaction, ephemeral=False)
        info = await find_game(interaction, game)
        await post_replay(interaction, info.game_id, ephemeral=False)

    @game.command(name="export", description="A game's move list as a file (for `skald replay`)")
    @app_commands.describe(game="Game number (default: this thread's)")
    @app_commands.autocomplete(game=game_choices)
    @spam_guard()
    async def export(self, interaction: Interaction, game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        info = await find_game(interaction, game)
        await post_export(interaction, info.game_id)

    @game.command(name="resign", description="Give up your seat in a running game")
    @app_commands.describe(game="Game number (default: this thread's)")
    @app_commands.autocomplete(game=game_choices)
    @spam_guard(bucket="resign")
    async def resign(self, interaction: Interaction, game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        info = await find_game(interaction, game)
        if info.seat_of(interaction.user.id) is None:
            await refuse(interaction, f"You have no seat in game #{info.game_id}.")
            return
        if registry.get(info.game).cooperative:
            question = ("Resign? An AI takes your seat and the crew plays on without you (`/game back` takes it "
                        "back). Sure?")
        else:
            question = "Resign? The game ends now: you are ranked last and the others share the win. Sure?"
        await _confirm(interaction, info, "resign", "Resign", question)

    @game.command(name="abandon", description="Stop a running game for good (host or Manage Server)")
    @app_commands.describe(game="Game number (default: this thread's)")
    @app_commands.autocomplete(game=game_choices)
    @spam_guard(bucket="abandon")
    async def abandon(self, interaction: Interaction, game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        info = await find_game(interaction, game)
        if interaction.user.id != info.host_id and not is_admin(interaction):
            await refuse(interaction, f"Only the host (<@{info.host_id}>) or someone with Manage Server can "
                                      "abandon this game.")
            return
        await _confirm(interaction, info, "abandon", "Abandon", "Abandoning stops the game with no winner. Sure?")

    @game.command(name="list", description="Open tables and running games in this server")
    @app_commands.describe(mine="Only games you play in")
    @spam_guard()
    async def list(self, interaction: Interaction, mine: bool = False) -> None:
        await ack(interaction, ephemeral=True)
        in_dm = interaction.guild_id is None
        games = await self.bot.tables.list_games(interaction.guild_id,
                                                 user_id=interaction.user.id if mine or in_dm else None,
                                                 limit=LIST_LIMIT * 5)
        games = [g for g in games if can_see(interaction, g)][:LIST_LIMIT]
        if not games:
            empty = "You have no open tables or running games." if mine or in_dm else \
                "No open tables or running games. Start one with `/play`."
            await say(interaction, empty, ephemeral=True)
            return
        lines = [_list_line(info) for info in games]
        embed = discord.Embed(title="Your games" if mine or in_dm else "Games", description="\n".join(lines))
        await say(interaction, embed=embed, ephemeral=True)

    @game.command(name="mine", description="Games in this server waiting for you, most urgent first")
    @spam_guard()
    async def mine(self, interaction: Interaction) -> None:
        await ack(interaction, ephemeral=True)
        waiting = await self.bot.tables.waiting_for(interaction.user.id, interaction.guild_id)
        if not waiting:
            await say(interaction, "Nothing is waiting for you. 🎉", ephemeral=True)
            return
        lines = [f"**#{info.game_id} {info.title}** in {_where(info)} — "
                 + (f"time runs out <t:{deadline:.0f}:R>" if deadline else "no clock" if not paused else "paused")
                 + _others(info, interaction.user.id)
                 for info, deadline, paused in waiting[:20]]
        await say(interaction, embed=discord.Embed(title="Waiting for you", description="\n".join(lines)),
                  ephemeral=True)

    @game.command(name="back", description="Play your seat again (after a timeout, leaving or an absence)")
    @app_commands.describe(game="Game number (default: every game of yours here)")
    @app_commands.autocomplete(game=game_choices)
    @spam_guard(bucket="back")
    async def back(self, interaction: Interaction, game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        if game is not None:
            info = await find_game(interaction, game)
            await self.bot.tables.seating.come_back(info.game_id, interaction.user.id)
            await say(interaction, f"✅ You play your seat in game #{info.game_id} again.", ephemeral=True)
            return
        if interaction.guild_id is None:
            await refuse(interaction, "Say which game with the `game` option.")
            return
        changed = await self.bot.tables.absence.back(interaction.user.id, interaction.guild_id)
        done = ", ".join(f"#{g}" for g in changed) or "none needed it"
        await say(interaction, f"✅ Welcome back. Your clocks run again and your seats are yours ({done}).",
                  ephemeral=True)

    @game.command(name="leave", description="Leave a running game: an AI plays your seat and the game goes on")
    @app_commands.describe(game="Game number (default: this thread's)")
    @app_commands.autocomplete(game=game_choices)
    @spam_guard(bucket="leave")
    async def leave(self, interaction: Interaction, game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        info = await find_game(interaction, game)
        await self.bot.tables.seating.leave_game(info.game_id, interaction.user.id)
        await say(interaction, f"✅ An AI plays your seat in game #{info.game_id} for now. `/game back` takes it back "
                               "while it is still yours: the host may give it to someone else meanwhile, and you'll "
                               "be told if they do.", ephemeral=True)

    @game.command(name="seat", description="Give an open or stood-in seat to someone (host or Manage Server)")
    @app_commands.describe(player="Who takes the seat", seat="Seat number (default: the only free one)",
                           game="Game number (default: this thread's)")
    @app_commands.autocomplete(game=game_choices)
    @spam_guard(bucket="seat")
    async def seat(self, interaction: Interaction, player: discord.Member,
                   seat: app_commands.Range[int, 1, 20] | None = None, game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        info = await find_game(interaction, game)
        if player.bot:
            await refuse(interaction, "Seats go to people; an AI already plays a free seat.")
            return
        await self.bot.tables.seating.give_seat(info.game_id, interaction.user.id, player.id, player.display_name,
                                                None if seat is None else seat - 1, is_admin=is_admin(interaction))
        await say(interaction, f"✅ {player.mention} now plays in game #{info.game_id}.", ephemeral=True)

    @game.command(name="away", description="Pause your clocks in this server's games for some days")
    @app_commands.describe(days="How many days (the server caps days away per 90)")
    @spam_guard(bucket="away")
    async def away(self, interaction: Interaction, days: app_commands.Range[int, 1, 60]) -> None:
        await ack(interaction, ephemeral=True)
        if interaction.guild_id is None:
            await refuse(interaction, "Use this in the server whose games you'll be away from.")
            return
        until = await self.bot.tables.absence.away(interaction.user.id, interaction.guild_id, days)
        await say(interaction, f"✅ Your clocks here wait until <t:{until:.0f}:f>. `/game back` ends it early.",
                  ephemeral=True)

    @game.command(name="pause", description="Pause every clock of a game (host or Manage Server)")
    @app_commands.describe(game="Game number (default: this thread's)")
    @app_commands.autocomplete(game=game_choices)
    @spam_guard(bucket="pause")
    async def pause(self, interaction: Interaction, game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        info = await find_game(interaction, game)
        await self.bot.tables.seating.pause(info.game_id, interaction.user.id, is_admin=is_admin(interaction),
                                            by_name=interaction.user.display_name)
        await say(interaction, f"⏸️ Game #{info.game_id}'s clocks are paused.", ephemeral=True)

    @game.command(name="resume", description="Start a paused game's clocks again (host or Manage Server)")
    @app_commands.describe(game="Game number (default: this thread's)")
    @app_commands.autocomplete(game=game_choices)
    @spam_guard(bucket="pause")
    async def resume(self, interaction: Interaction, game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        info = await find_game(interaction, game)
        await self.bot.tables.seating.unpause(info.game_id, interaction.user.id, is_admin=is_admin(interaction),
                                              by_name=interaction.user.display_name)
        await say(interaction, f"▶️ Game #{info.game_id}'s clocks run again.", ephemeral=True)

    @game.command(name="pings", description="Show or choose whether this game's thread pings those who must act "
                                           "(host or Manage Server)")
    @app_commands.describe(choice="to_act, off, or server (as /skald settings thread_pings says); leave out to show",
                           game="Game number (default: this thread's)")
    @app_commands.choices(choice=[app_commands.Choice(name=PINGS_LABELS[value][:100], value=value) for value in PINGS]
                          + [app_commands.Choice(name=f"{SERVER} — as this server's thread_pings setting says",
                                                 value=SERVER)])
    @app_commands.autocomplete(game=game_choices)
    @spam_guard(bucket="pings")
    async def pings(self, interaction: Interaction, choice: str | None = None, game: int | None = None) -> None:
        await ack(interaction, ephemeral=True)
        info = await find_game(interaction, game)
        if choice is not None:
            info = await self.bot.tables.seating.set_thread_pings(
                info.game_id, interaction.user.id, None if choice == SERVER else choice, is_admin=is_admin(interaction))
        server = (await self.bot.tables.servers.settings(info.guild_id)).thread_pings
        chosen = info.thread_pings or server
        whose = "the host's choice" if info.thread_pings else "this server's `thread_pings`"
        told = (f"🔔 Game #{info.game_id}'s thread pings those who must act and aren't told by a DM panel ({whose})."
                if chosen == PINGS_TO_ACT else
                f"🔕 Game #{info.game_id}'s thread names those who must act without pinging them ({whose}); DM panels "
                "still tell those whose DMs are open.")
        if choice is None:
            told += " The host chooses with `/game pings`."
        await say(interaction, told, ephemeral=True)

    @app_commands.command(name="help", description="How to play with Skald")
    async def help(self, interaction: Interaction) -> None:
        await say(interaction, embed=help_embed(), ephemeral=True)


def _list_line(info: GameInfo) -> str:
    where = f"<#{info.thread_id}>" if info.thread_id else f"<#{info.channel_id}>"
    if info.status == LOBBY:
        state = f"lobby, {len(info.seats)}/{info.max_players} seated"
    else:
        state = f"waiting for {who(info, info.to_move)}"
    return f"**#{info.game_id} {info.title}** in {where} — {state}"


async def _confirm(interaction: Interaction, info: GameInfo, action: str, label: str,
                   question: str) -> None:
    view = discord.ui.View(timeout=None)
    view.add_item(control(ControlId(info.game_id, info.state_id, action), label=f"{label} game #{info.game_id}",
                          style=discord.ButtonStyle.danger))
    await say(interaction, question, view=view, ephemeral=True)


@handles("resign", "abandon")
async def on_end(interaction: Interaction, control_id: ControlId, values: Any) -> None:
    """The confirmation buttons of `/game resign` and `/game abandon`."""
    bot = interaction.client
    await ack(interaction, update=True)
    if control_id.action == "resign":
        await bot.tables.play.resign(control_id.game_id, interaction.user.id)
        done = "You resigned."
    else:
        await bot.tables.play.abandon(control_id.game_id, interaction.user.id, is_admin=is_admin(interaction),
                                      by_name=interaction.user.display_name)
        done = "The game is abandoned."
    await interaction.edit_original_response(content=f"✅ {done}", view=discord.ui.View(timeout=None))


def help_embed() -> discord.Embed:
    games = ", ".join(f"**{registry.get(n).title}** (`/play {n}`)" for n in registry.names())
    embed = discord.Embed(title="Skald — board games in your server", colour=discord.Colour.gold())
    embed.description = (
        f"Games: {games}.\n\n"
        "**Start** `/play <game>` opens a table here: people press **Join**, the host may **Add AI** and "
        "presses **Start**. The game gets its own thread with the board after every move.\n"
        "**Play** your hand and move buttons come by DM. With DMs closed (or anywhere), press **My hand** "
        "under the board or use `/game hand`: only you see it. `/move` takes a move by text, with "
        "suggestions. A slip? **Undo** on your panel (or `/game undo`) takes your last move back while it "
        "showed nothing hidden and nobody has acted since.\n"
        "**Look** `/game board`, `/game log`, `/game list`, `/rules`; `/leaderboard` and `/stats` for the records.\n"
        "**Clocks** tables have a clock (`/play … clock:` — a preset, or your own like `12h+2d+1h`: per move, "
        "bank, and time added per move): `/game mine` lists the games waiting for you, reminders come by DM, "
        "and when time runs out an AI stands in (or the table decides) and you are told. `/game away` "
        "pauses your clocks; `/game back` ends it and takes your seat back. `/notify` (or **🔔 Notifications** "
        "on your panel) chooses how you are told of your turns (every turn, a digest every few hours listing every "
        "game waiting for you, or only near a deadline) and mutes a game; `/notify quiet` sets quiet hours in "
        "your time zone. The host's `/game pings off` keeps a game's thread from pinging.\n"
        "**Leave** `/game leave` lets an AI play your seat; the host gives a free seat with `/game seat`. "
        "Games you leave count against your reliability (`/stats`), which a table may ask a minimum of.\n"
        "**End** `/game resign` gives up your seat; the host (or Manage Server) can `/game abandon`. "
        "After the end: **Rematch** under the final board, `/game replay` and `/game export`.\n"
        "Everything is saved: a restart loses nothing and old buttons keep working."
    )
    embed.set_footer(text=f"Skald {version()}")
    return embed


def _where(info: GameInfo) -> str:
    return f"<#{info.thread_id}>" if info.thread_id else f"<#{info.channel_id}>"


def _others(info: GameInfo, user_id: int) -> str:
    """The other seats of a game waiting for you, as the table sees them (`/game mine`)."""
    parts = [f"{seat.name}: {seat_clock(seat)}" for seat in info.seats if seat.user_id != user_id]
    return f"\n  ↳ {'; '.join(parts)}" if parts else ""


async def setup(bot: SkaldBot) -> None:
    """The extension's entry point (`app.EXTENSIONS`): `/move`, `/game …` and `/help`."""
    await bot.add_cog(GameCog(bot))
