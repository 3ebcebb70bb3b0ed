"""What an event shows in Discord (docs/tournaments.md): its sign-up message with Join, Leave,
Check in and Start, the news its thread is told, and a thread per table.

- The sign-up message is the event's face: its embed is rebuilt from the database whenever the
  event changes (sign-ups, the start, each round, the end).
- The news goes through the one outbox every announcement uses: each item is written in the
  transaction of the change it tells, with what it shows (the standings as the round closed);
  `NewsAnnouncer` (a `Coalescer`, as the games' threads are told) posts it in order with a nonce,
  marks it told only once Discord took it, and tries again after an error or a restart. With
  several processes, one tells an event's thread at a time (a lease on the event's key).
- Names and other free text never ping: every mention in them is neutralised, and a post's
  `allowed_mentions` names exactly the entrants it means to ping.
- Each table opens in the event's channel as a thread of its own, pinging its players; the game
  then plays there like any table (board, story, DM panels, clock).
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any

import discord

from bot.counts import counted
from bot.discord import pictures
from bot.discord.access import may_organise
from bot.discord.coalesce import Coalescer
from bot.discord.context import Interaction
from bot.discord.controls import run_control
from bot.discord.pacing import Backoff, ChannelPacer
from bot.discord.replies import ack, say
from bot.names import quiet
from bot.record_pictures import ordinal, standings_data, standings_text
from bot.store import keys
from bot.store.tournaments import CANCELLED, FINISHED, RUNNING, SIGNUP, EntrantRow, News, TableRow, TournamentRow
from bot.tables.clocks import label as clock_label
from bot.tables.errors import NoSuchGame
from bot.tables.tournaments import LATENESS_LABELS, TournamentView
from bot.tournaments.scoring import points_text
from engine import registry
from engine.errors import SkaldError

if TYPE_CHECKING:
    from bot.discord.app import SkaldBot

log = logging.getLogger(__name__)

TEMPLATE = re.compile(r"skald-t:(?P<tournament>\d+):(?P<action>join|leave|start|checkin)")
# Each button's cooldown (bot/discord/cooldowns.py CONTROL_LIMITS): one budget with its command.
LIMITS = {"join": "signup", "leave": "signup", "checkin": "signup", "start": "organise"}
SHOWN_ENTRANTS = 40


def custom_id(tournament_id: int, action: str) -> str:
    return f"skald-t:{tournament_id}:{action}"


def pings(user_ids: Sequence[int | None]) -> discord.AllowedMentions:
    """Mentions that ping exactly these people, and nobody a name or other text happens to name."""
    return discord.AllowedMentions(users=[discord.Object(u) for u in dict.fromkeys(user_ids) if u is not None],
                                   roles=False, everyone=False)


def who(entrant: EntrantRow | None, name: str = "") -> str:
    """An entrant as a post names them: a person's mention, an AI's name (neutralised)."""
    if entrant is None:
        return quiet(name) or "someone"
    return f"<@{entrant.user_id}>" if entrant.user_id is not None else f"🤖 {quiet(entrant.name)}"


# -- the sign-up message ------------------------------------------------------------------------
def options_line(view: TournamentView) -> str:
    """The options that differ from the game's defaults, as the declarations say them."""
    specs = registry.get(view.terms.game).options()
    shown = [f"{spec.name.replace('_', ' ')}: {spec.shown(view.terms.options[spec.name])}" for spec in specs
             if view.terms.options.get(spec.name, spec.default) != spec.default]
    return ", ".join(shown) or "standard game"


def checkin_open(view: TournamentView, now: float) -> bool:
    until, minutes = view.terms.signup_until, view.terms.checkin_minutes
    return view.row.status == SIGNUP and until is not None and minutes is not None and now >= until - minutes * 60


def signup_embed(view: TournamentView, now: float) -> discord.Embed:
    terms, row = view.terms, view.row
    colour = {SIGNUP: discord.Colour.green(), RUNNING: discord.Colour.gold()}.get(row.status,
                                                                                 discord.Colour.dark_grey())
    embed = discord.Embed(title=f"🏆 {terms.name} — tournament #{row.id}"[:256], colour=colour)
    embed.add_field(name="Game", value=f"{view.title} ({options_line(view)})"[:1024], inline=False)
    rounds = f", {terms.rounds} rounds" if terms.rounds else ""
    embed.add_field(name="Format", value=f"{view.format.label}{rounds}, {terms.seats} a table", inline=True)
    embed.add_field(name="Organiser", value=f"<@{terms.organiser_id}>", inline=True)
    embed.add_field(name="Clock", value=f"{clock_label(terms.clock)}; each round ends after "
                    f"{terms.round_hours:g} h\nLate: {LATENESS_LABELS[terms.lateness]}"[:1024], inline=False)
    checking = checkin_open(view, now)
    people = [f"{'🤖 ' + quiet(e.name) if e.ai else f'<@{e.user_id}>'}" + (" *(out)*" if e.out else "")
              + (" ✅" if checking and e.checked_in is not None else "") for e in view.entrants[:SHOWN_ENTRANTS]]
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
        if terms.checkin_minutes is not None and until is not None:
            status += (" **Check-in is open**: press Check in, or you'll be left out at the start." if checking
                       else f" Check-in opens <t:{int(until - terms.checkin_minutes * 60)}:R>.")
    elif row.status == RUNNING:
        status = f"Under way: {view.rounds_text}" + (" (paused)" if row.paused_at is not None else "") + "."
        if view.taking_late_entries:
            status += f" Late entries are taken until round {terms.late_until} is paired."
    elif row.status == FINISHED:
        champion = next((line for line in view.standings if not line.out), None)
        status = "Finished." + (f" Champion: {quiet(view.name_of(champion.entrant))}." if champion else "")
    else:
        status = "Called off."
    if row.thread_id and row.status != SIGNUP:
        status += f" News in <#{row.thread_id}>."
    embed.description = status
    return embed


def signup_controls(view: TournamentView, now: float) -> discord.ui.View:
    """Join, Leave, Check in (while check-in is open) and Start while sign-up is open; Join while
    late entries are taken; nothing afterwards."""
    buttons = discord.ui.View(timeout=None)
    full = len(view.entrants) >= view.terms.max_entrants
    if view.row.status == SIGNUP:
        shown = [("join", "Join", discord.ButtonStyle.success, full),
                 ("leave", "Leave", discord.ButtonStyle.secondary, False)]
        if checkin_open(view, now):
            shown.append(("checkin", "Check in", discord.ButtonStyle.success, False))
        shown.append(("start", "Start", discord.ButtonStyle.primary, len(view.entrants) < view.terms.min_entrants))
    elif view.taking_late_entries:
        shown = [("join", "Join late", discord.ButtonStyle.success, full)]
    else:
        return buttons
    for action, label, style, disabled in shown:
        buttons.add_item(TournamentControl(discord.ui.Button(custom_id=custom_id(view.id, action), label=label,
                                                             style=style, disabled=disabled)))
    return buttons


class TournamentControl(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    """Join, Leave, Check in or Start on a sign-up message; its event and action live in its custom
    id. Clicks take the one control path (cooldowns, refusals, errors) as every Skald button does."""

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
        await run_control(interaction, LIMITS[action], lambda: on_button(interaction, tournament_id, action),
                          what=f"tournament {action}")


async def on_button(interaction: Interaction, tournament_id: int, action: str) -> None:
    bot, user = interaction.client, interaction.user
    service = bot.tables.tournaments
    view = await service.view(tournament_id)
    if view.terms.guild_id != interaction.guild_id:
        raise NoSuchGame(f"There is no tournament #{tournament_id} here.")
    await ack(interaction, update=True)
    if action == "join":
        late = view.row.status == RUNNING
        view = await service.signup.join(tournament_id, user.id, user.display_name)
        await say(interaction, f"✅ You're in **{quiet(view.terms.name)}** ({len(view.entrants)} entrants). "
                               + ("You're paired from the next round, with a ping in the news thread." if late
                                  else "Round 1's pairings are announced in the news thread, with a ping."),
                  ephemeral=True)
    elif action == "leave":
        view = await service.signup.leave(tournament_id, user.id)
        await say(interaction, "👋 Your sign-up is taken back.", ephemeral=True)
    elif action == "checkin":
        view = await service.signup.check_in(tournament_id, user.id)
        await say(interaction, "✅ Checked in: you'll be paired when it starts.", ephemeral=True)
    else:
        view = await service.organiser.start(tournament_id, user.id, is_admin=await may_organise(interaction))
    now = bot.tables.gate.clock()
    await interaction.edit_original_response(embed=signup_embed(view, now), view=signup_controls(view, now))


# -- the news -----------------------------------------------------------------------------------
def news_nonce(news: News) -> str:
    """A news item's nonce: the same item after a retry, a restart or from another process is the
    same message to Discord, which posts it once (discord.py sends it with `enforce_nonce`)."""
    return hashlib.blake2b(f"event:{news.tournament_id}:{news.seq}".encode(), digest_size=10).hexdigest()[:25]


def _named(view: TournamentView, body: dict[str, Any]) -> str:
    return who(view.entrant(int(body["entrant"])), str(body.get("name", ""))) if "entrant" in body \
        else quiet(str(body.get("name", "")))


def _placed(view: TournamentView, entrants: Sequence[int], places: Sequence[int]) -> str:
    return ", ".join(f"{quiet(view.name_of(e))} {ordinal(p)}" for e, p in zip(entrants, places, strict=True))


def _people(view: TournamentView, entrants: Sequence[int]) -> list[int | None]:
    return [e.user_id for n in entrants if (e := view.entrant(n)) is not None]


async def table_line(bot: SkaldBot, view: TournamentView, table: TableRow) -> str:
    seats = " · ".join(who(view.entrant(n)) for n in table.entrants)
    where = ""
    if table.game_id is not None:
        try:
            info = await bot.tables.game(table.game_id)
        except SkaldError:
            info = None
        where = f" — game #{table.game_id}" + (f" in <#{info.thread_id}>" if info and info.thread_id else "")
    return f"Table {table.table_no}: {seats}{where}"


class Post:
    """A news item as it is posted: its text, whom it pings, and the standings it shows (if any)."""

    def __init__(self, text: str, pinged: Sequence[int | None] = (), standings: dict[str, Any] | None = None,
                 state: str = "") -> None:
        self.text, self.pinged, self.standings, self.state = text, list(pinged), standings, state


async def news_post(bot: SkaldBot, view: TournamentView, news: News) -> Post | None:
    """What the thread is told of one news item, from what the item recorded (None: nothing to say)."""
    body, name = news.body, f"**{quiet(view.terms.name)}**"
    kind = news.kind
    if kind == "started":
        left = f" Not checked in, so left out: {quiet(', '.join(body['withdrawn']))}." if body.get("withdrawn") else ""
        return Post(f"🏁 {name} has begun: {body['entrants']} entrants, {view.format.label}, "
                    f"{counted(body['rounds'], 'round')}. Good luck, everyone!{left}")
    if kind == "round":
        number = int(body["round"])
        tables = view.tables_of(number)
        lines = [f"📣 **Round {number}** of {name} is paired. Your hand comes by DM (or press **My hand** "
                 f"under your board); the round ends <t:{int(body['deadline'])}:R>."]
        lines += [await table_line(bot, view, t) for t in tables]
        if body.get("byes"):
            lines.append(f"Bye (counts as a win): {quiet(', '.join(body['byes']))}")
        seated = [u for t in tables for u in _people(view, t.entrants)]
        return Post("\n".join(lines), seated)
    if kind == "round_closed":
        return Post(f"✅ Round {body['round']} of {name} is over. Standings:", (), body.get("standings"),
                    f"after round {body['round']}")
    if kind == "closing":
        return Post(f"⏱️ The organiser closes round {body['round']} of {name} now: tables still playing are "
                    "decided as at the round's deadline.")
    if kind == "dropped":
        out = f"👋 {_named(view, body)} is out ({quiet(str(body['why']))})"
        return Post(f"{out}: not paired from round {body['round']} on.")
    if kind == "joined":
        return Post(f"🙋 {_named(view, body)} joins {name} late: paired from round {body['round']} on, with no "
                    "points for the rounds before.")
    if kind == "checkin":
        waiting = [e.user_id for e in view.entrants if e.user_id is not None and e.checked_in is None]
        mentions = " ".join(f"<@{u}>" for u in waiting)
        return Post(f"🔔 Check-in for {name} is open until <t:{int(body['until'])}:t>: press **Check in** on the "
                    f"sign-up message, or you'll be left out when it starts. {mentions}".strip(), waiting)
    if kind == "adjudicated":
        placed = _placed(view, body["entrants"], body["places"]) if "entrants" in body else ""
        return Post(f"⚖️ The organiser decided table {body['table']} of round {body['round']}: {placed}.",
                    _people(view, body.get("entrants", [])))
    if kind == "corrected":
        placed = _placed(view, body["entrants"], body["places"])
        was = _placed(view, body["entrants"], body["was"])
        return Post(f"✏️ The organiser corrected table {body['table']} of round {body['round']}: {placed} (was "
                    f"{was}). Standings now:", _people(view, body["entrants"]), body.get("standings"),
                    f"after the correction of round {body['round']}")
    if kind == "paused":
        return Post(f"⏸️ {name} is paused: the clocks of its tables stand still and no round opens.")
    if kind == "resumed":
        return Post(f"▶️ {name} goes on; the round's deadline moved on by the time it was paused.")
    if kind == FINISHED:
        podium = body.get("podium") or []
        top = "\n".join(f"{ordinal(p['place'])}: " + (f"<@{p['user_id']}>" if p.get("user_id") else quiet(p["name"]))
                        + f" — {points_text(p['points'])} points" for p in podium)
        return Post(f"🏆 {name} is over!\n{top}\nFinal standings:", [p.get("user_id") for p in podium],
                    body.get("standings"), "final standings")
    if kind == CANCELLED:
        return Post(f"🛑 {name} was called off: {quiet(str(body.get('why', '')))}.")
    return None


def ready(view: TournamentView, news: News) -> bool:
    """Whether an item can be told yet: a round's pairing waits until its tables' games are opened
    (a restart may find the round paired and its tables not yet opened), so it names them."""
    return news.kind != "round" or all(t.game_id is not None for t in view.tables_of(int(news.body["round"])))


class NewsAnnouncer(Coalescer):
    """Brings each event's sign-up message and news thread up to what is committed."""

    what = "news"

    def __init__(self, bot: SkaldBot, pacer: ChannelPacer, backoff: Backoff) -> None:
        super().__init__(backoff)
        self.bot = bot
        self.pacer = pacer
        self.posts = 0  # news posted, for tests
        # What each sign-up message was last edited to: a table ending wakes its event, and most
        # wakes change nothing the message shows, so those are not sent again.
        self._shown: dict[int, tuple[Any, Any]] = {}

    async def on_tournament(self, tournament_id: int) -> None:
        """The event service's listener: something of the event changed."""
        self.wake(tournament_id)

    def held(self, game_id: int) -> AbstractAsyncContextManager[bool]:
        return self.bot.tables.outbox.lease(keys.tournament(game_id), self.what)

    async def announce(self, game_id: int) -> None:
        tournament_id = game_id  # the coalescer's key: here an event's
        tables = self.bot.tables
        view = await tables.tournaments.view(tournament_id)
        await self._show(view)
        for news in await tables.tournaments.desk.untold(tournament_id):
            if not ready(view, news):
                return  # its tables open under the event's lock, which tells again afterwards
            message_id = await self._post(view, news)
            await tables.tournaments.desk.news.news_told(news, message_id, tables.gate.clock())
            view = await tables.tournaments.view(tournament_id)  # a fallback may have moved the thread

    async def give_up(self, game_id: int) -> None:
        """Discord refuses the next item for good (no access to the channel): it is passed over,
        logged, so the items after it are still told."""
        desk = self.bot.tables.tournaments.desk
        untold = await desk.untold(game_id)
        if untold:
            log.error("tournament %d's news %d passed over: Discord refuses it", game_id, untold[0].seq)
            await desk.news.news_told(untold[0], None, self.bot.tables.gate.clock())

    async def _show(self, view: TournamentView) -> None:
        row = view.row
        if row.message_id is None:
            return
        now = self.bot.tables.gate.clock()
        embed, controls = signup_embed(view, now), signup_controls(view, now)
        shown = (embed.to_dict(), controls.to_components())
        if self._shown.get(row.id) == shown:
            return
        channel = self.bot.get_partial_messageable(row.terms.channel_id, guild_id=row.terms.guild_id)
        try:
            await channel.get_partial_message(row.message_id).edit(embed=embed, view=controls)
        except (discord.NotFound, discord.Forbidden) as error:
            log.info("tournament %d's sign-up message can't be updated (%s); its news goes on", row.id, error)
        else:
            self._shown[row.id] = shown

    async def _post(self, view: TournamentView, news: News) -> int | None:
        """Post one item; the message's id (None: nothing to say)."""
        post = await news_post(self.bot, view, news)
        if post is None:
            return None
        row = view.row
        extra: dict[str, Any] = {}
        text = post.text
        if post.standings is not None:
            text = f"{text}\n```\n{standings_text(post.standings)}\n```"
            png = await pictures.render("standings", standings_data(view, post.standings, post.state), [])
            file = pictures.attach(png, "standings.png", description=f"{view.terms.name}: standings")
            if file is not None:
                extra["file"] = file
        if row.thread_id is not None:
            thread = self.bot.get_partial_messageable(row.thread_id, guild_id=row.terms.guild_id,
                                                      type=discord.ChannelType.public_thread)
            try:
                return await self._send(thread, text, post, news, extra)
            except discord.NotFound:  # the news thread was deleted: the news goes to the channel
                log.info("tournament %d's news thread is gone; its news goes to the channel", row.id)
                await self.bot.tables.tournaments.signup.set_thread(row.id, None)
        channel = self.bot.get_partial_messageable(row.terms.channel_id, guild_id=row.terms.guild_id,
                                                   type=discord.ChannelType.text)
        return await self._send(channel, text, post, news, extra)

    async def _send(self, channel: discord.PartialMessageable, text: str, post: Post, news: News,
                    extra: dict[str, Any]) -> int:
        async with self.pacer.slot(channel.id):
            message = await channel.send(text[:2000], allowed_mentions=pings(post.pinged), nonce=news_nonce(news),
                                         **extra)
        self.posts += 1
        return message.id


class EventRooms:
    """The event service's `Rooms`: a public thread in the event's channel for each table."""

    def __init__(self, bot: SkaldBot) -> None:
        self.bot = bot

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
                await channel.send(f"🎲 **{quiet(event.terms.name)}**, round {table.round}, table {table.table_no}: "
                                   f"{players}. Your game starts here; your hand comes by DM.",
                                   allowed_mentions=pings([e.user_id for e in seats]))
        except discord.HTTPException as error:
            log.info("tournament game %d's players not pinged (%s)", game_id, error)
        return thread_id
