"""The bot itself: settings, start-up wiring (`setup_hook`) and shutdown.

Dependencies are made in `setup_hook` (after login, before the gateway connects), so
every part — the table service, the notifier, the controls — exists before the first
interaction arrives, and a restart rebuilds them all from the database.
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot import rendering, thinking
from bot.discord.controls import SkaldControl, check_handlers
from bot.discord.cooldowns import Cooldowns
from bot.discord.event_posts import EventRooms
from bot.discord.notifier import DiscordNotifier
from bot.discord.pacing import Backoff, ChannelPacer
from bot.discord.replies import SkaldTree
from bot.discord.shards import Shards, ShardsError
from bot.environment import (
    DEFAULT_DB,
    DISCORD_TOKEN,
    SKALD_AI_SECONDS,
    SKALD_DB,
    SKALD_GUILD,
    SKALD_MQTT_PICTURES,
    SKALD_MQTT_URL,
    SKALD_SHARDS,
    BadValue,
)
from bot.environment import check as check_environment
from bot.store import StoreError, is_postgres
from bot.store.errors import StoreUnavailable
from bot.store.opening import check_url
from bot.tables import Tables
from bot.tables.digest import SEEN_EVERY
from bot.tables.leadership import Leadership

if TYPE_CHECKING:
    from bot.relay.relay import MqttRelay
    from bot.relay.settings import RelaySettings
    from bot.web.feed import ChangeTeller
    from bot.web.server import Site

log = logging.getLogger(__name__)

POINTER_EVERY = 600.0  # seconds before another plain DM of the same person is answered
# A stop (SIGTERM: `docker stop`, systemd) ends within STOP_SECONDS whatever the load: docker's
# grace is 10 s, and an operator's patience less. Telling what is committed and still untold may
# take FLUSH_SECONDS of it; what is left is told after the next start (the outbox remembers).
STOP_SECONDS = 4.0
FLUSH_SECONDS = 2.5
DM_POINTER = ("👋 I'm Skald. I don't read messages: everything works with slash commands. `/help` shows how to "
              "play, `/game mine` lists the games waiting for you, and `/play` opens a table in a server's "
              "channel. Your hands and move buttons come here by DM while you play.")


class SettingsError(ValueError):
    """The environment can't start the bot; the message says what to set."""


@dataclass(frozen=True)
class Settings:
    """What `skald run` reads from the environment (bot/environment.py). The token never appears in a repr."""

    token: str = field(repr=False)
    db_path: Path | str = field(repr=False)  # an SQLite file, or a postgresql:// URL (which may hold a password)
    mqtt_url: str | None = field(default=None, repr=False)
    guild_id: int | None = None
    shards: Shards | None = None  # SKALD_SHARDS; None: this process runs every shard
    mqtt_pictures: bool = False  # SKALD_MQTT_PICTURES: the relay publishes board pictures too
    ai_seconds: float = 1.0  # SKALD_AI_SECONDS: the CPU time an AI seat may think over one move
    web: WebSettings = field(default_factory=lambda: WebSettings())  # SKALD_WEB_*: the spectator pages

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """Every setting, checked in the order `skald run` checks them: every variable's form at
        once (`environment.check`: a number in its range, a yes or a no), then the database
        (SKALD_DB, and SKALD_SHARDS, which needs PostgreSQL), the relay (SKALD_MQTT_*), the web
        pages (SKALD_WEB_*), then the token. SettingsError says what to set. (`skald run` opens the
        database, with `open_database`, between the database and the rest, before Discord is
        contacted.)"""
        checked_environment(environ)
        db_path, shards = database_from_env(environ)
        mqtt_url, mqtt_pictures = mqtt_from_env(environ)
        guild = SKALD_GUILD.number(environ)
        ai_seconds = SKALD_AI_SECONDS.number(environ)
        assert ai_seconds is not None  # it has a default
        web = web_from_env(environ)
        token = DISCORD_TOKEN.value(environ)
        if not token:
            raise SettingsError("DISCORD_TOKEN is not set: put the bot token from the Discord developer "
                                "portal (Bot → Reset Token) in the environment.")
        return cls(token=token, db_path=db_path, mqtt_url=mqtt_url, guild_id=None if guild is None else int(guild),
                   shards=shards, mqtt_pictures=mqtt_pictures, ai_seconds=ai_seconds, web=web)


@dataclass(frozen=True)
class WebSettings:
    """The spectator pages (docs/web.md): where links point (`url`, SKALD_WEB_URL: None gives no
    links) and, when this process serves them too, where (`port`, SKALD_WEB_PORT)."""

    url: str | None = None
    port: int | None = None
    host: str = "127.0.0.1"
    proxies: frozenset[str] = frozenset()

    @property
    def on(self) -> bool:
        return self.url is not None or self.port is not None


def web_from_env(environ: Mapping[str, str] | None = None) -> WebSettings:
    """SKALD_WEB_URL, SKALD_WEB_PORT, SKALD_WEB_HOST, SKALD_WEB_PROXIES and SKALD_WEB_SECRET, checked."""
    from bot.web.links import BadWebSetting
    from bot.web.settings import web_settings

    try:
        url, port, host, proxies = web_settings(environ, port_needed=False)
    except BadWebSetting as error:
        raise SettingsError(str(error)) from None
    return WebSettings(url=url, port=port, host=host, proxies=proxies)


def checked_environment(environ: Mapping[str, str] | None = None) -> None:
    """Every variable read at once (bot/environment.py): the first Skald can't read is a
    SettingsError naming it and what it takes."""
    try:
        check_environment(environ)
    except BadValue as error:
        raise SettingsError(str(error)) from None


def database_from_env(environ: Mapping[str, str] | None = None) -> tuple[Path | str, Shards | None]:
    """SKALD_DB as written (a file Skald may create and write, or a well-formed PostgreSQL URL), and
    SKALD_SHARDS, which splits the bot over processes sharing a PostgreSQL database."""
    db_text = SKALD_DB.value(environ)
    db_path: Path | str = db_text
    if is_postgres(db_text):
        try:
            check_url(db_text)
        except StoreError as error:  # its message never repeats the URL (nor its password)
            raise SettingsError(f"SKALD_DB: {error}") from None
    else:
        db_path = Path(db_text)
        check_db_path(db_path)
    shards_text = SKALD_SHARDS.value(environ)
    try:
        shards = Shards.parse(shards_text) if shards_text else None
    except ShardsError as error:
        raise SettingsError(str(error)) from None
    if shards is not None and not is_postgres(db_text):
        raise SettingsError("SKALD_SHARDS splits the bot over several processes, which share a PostgreSQL "
                            "database: set SKALD_DB=postgresql://… (an SQLite file serves one process).")
    return db_path, shards


async def open_database(db_path: Path | str) -> Tables:
    """The table service on SKALD_DB's database, opened (and migrated) before Discord is contacted:
    a file that is no database, a server out of reach or a database Skald can't write to is a
    SettingsError naming SKALD_DB, in one line (a URL's password never in it)."""
    from bot.tables.cli import database_errors, database_problem, unusable

    problem = database_problem(db_path, may_create=True)
    if problem is not None:
        raise SettingsError(f"SKALD_DB: {problem}.")
    try:
        return await Tables.open(str(db_path))
    except database_errors(db_path) as error:
        raise SettingsError(f"SKALD_DB: {unusable(db_path, error)}") from None


def mqtt_from_env(environ: Mapping[str, str] | None = None) -> tuple[str | None, bool]:
    """SKALD_MQTT_URL (None: no relay) and SKALD_MQTT_PICTURES, which needs the relay."""
    mqtt_url = SKALD_MQTT_URL.value(environ) or None
    try:
        mqtt_pictures = SKALD_MQTT_PICTURES.on(environ)
    except BadValue as error:
        raise SettingsError(str(error)) from None
    if mqtt_url is not None:
        check_mqtt_url(mqtt_url, environ)
    elif mqtt_pictures:
        raise SettingsError(f"{SKALD_MQTT_PICTURES.name} asks for board pictures over MQTT, but the relay is off: "
                            f"set {SKALD_MQTT_URL.name} to the broker's URL too (or unset {SKALD_MQTT_PICTURES.name}).")
    return mqtt_url, mqtt_pictures


def check_db_path(path: Path) -> None:
    """SKALD_DB must name a file (new or existing) in a folder the bot can write to."""
    if path.is_dir():
        raise SettingsError(f"SKALD_DB names a folder ({path}); give a file name, e.g. {path / DEFAULT_DB}.")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise SettingsError(f"SKALD_DB's folder {folder} does not exist; create it or choose another path.")
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.R_OK | os.W_OK)):
        raise SettingsError(f"Skald can't write to {path} (SKALD_DB): check the folder's and file's permissions.")


def check_mqtt_url(url: str, environ: Mapping[str, str] | None = None) -> None:
    """A relay URL Skald can use; the message never repeats it (it may hold a password)."""
    from bot.relay.settings import RelayConfigError, RelaySettings

    try:
        RelaySettings.from_url(url, environ)
    except RelayConfigError as error:  # its messages never repeat the URL
        raise SettingsError(f"SKALD_MQTT_URL can't be used: {error}") from None


# The slash commands' modules, loaded in this order (the order they are registered and synced in).
EXTENSIONS = ("bot.discord.commands", "bot.discord.opening", "bot.discord.rules_cog", "bot.discord.settings_cog",
              "bot.discord.records_cog", "bot.discord.tournaments")


class SkaldBot(commands.AutoShardedBot):
    """Skald's Discord client. Its parts live as attributes once `setup_hook` has run.

    Sharded by discord.py: the shards SKALD_SHARDS names, else every shard in this process."""

    tables: Tables
    thinker: thinking.InWorkers
    notifier: DiscordNotifier
    leadership: Leadership

    def __init__(self, settings: Settings, *, seeds: Callable[[], int] | None = None,
                 clock: Callable[[], float] | None = None, tables: Tables | None = None) -> None:
        # Interactions need no privileged intents; guilds keeps channel and thread caches, and
        # direct messages let a plain DM get its pointer to /help (a DM's text needs no privilege).
        intents = discord.Intents.none()
        intents.guilds = True
        intents.dm_messages = True
        shards = settings.shards
        sharding: dict[str, Any] = {} if shards is None else {"shard_ids": list(shards.ids),
                                                                "shard_count": shards.count}
        # Skald never joins a voice channel: discord.py's start-up warnings that voice would need
        # PyNaCl and davey say nothing about Skald, and alarm whoever reads them.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         tree_cls=SkaldTree, allowed_mentions=discord.AllowedMentions.none(), **sharding)
        self.settings = settings
        if tables is not None:  # opened by `skald run` before Discord was contacted (open_database)
            self.tables = tables
        self.seeds = seeds  # new games' seeds; None: random (tests pass a fixed sequence)
        self.clock = clock  # the wall clock (UTC seconds); tests move their own
        self.relay: MqttRelay | None = None
        self.web: Site | None = None  # the spectator pages, when this process serves them (SKALD_WEB_PORT)
        self.change_teller: ChangeTeller | None = None  # tells page processes of changes (PostgreSQL)
        self.cooldowns = Cooldowns()
        self._closing: asyncio.Future[None] | None = None
        self._pointed: dict[int, float] = {}  # person -> when their last DM got its pointer (monotonic)
        self._seen: dict[int, float] = {}  # person -> when their interaction was last stored (the tables' clock)
        # How posts are paced and retried; tests shorten them before start-up.
        self.pacer = ChannelPacer()
        self.backoff = Backoff()

    async def setup_hook(self) -> None:
        if not hasattr(self, "tables"):
            self.tables = await Tables.open(str(self.settings.db_path), seeds=self.seeds, clock=self.clock)
        self.notifier = DiscordNotifier(self, pacer=self.pacer, backoff=self.backoff)
        self.tables.attach(self.notifier)
        # AI seats think in processes of their own, as many at once as there are of them.
        self.thinker = thinking.InWorkers()
        self.tables.ai.think_with(self.thinker, stop=self.thinker.stop, slots=self.thinker.size)
        self.tables.ai.seconds = self.settings.ai_seconds
        # Tournaments: their news goes through the notifier's outbox; each table gets a thread.
        self.tables.tournaments.attach(self.notifier.news)
        self.tables.tournaments.rooms = EventRooms(self)
        if self.settings.mqtt_url:
            await self._start_relay(self.settings.mqtt_url)
        if self.settings.web.on:
            await self._start_web()
        self.add_dynamic_items(SkaldControl)
        for extension in EXTENSIONS:
            await self.load_extension(extension)
        check_handlers()  # after the extensions: some controls' handlers live in them (commands.py)
        await self.sync_commands()
        # The leader (the only process on SQLite; one of them on PostgreSQL) catches up and runs
        # the timers; another process takes over when it dies (docs/scaling.md).
        self.leadership = Leadership(self.tables.store, on_gain=self._lead, on_loss=self._follow,
                                     while_leading=self.tables.scheduler.refresh)
        await self.leadership.start()

    async def _lead(self) -> None:
        # AI seats that were due to move when the bot stopped carry on now that we listen.
        await self.tables.resume()
        # Whatever was committed but never told (a crash, a Discord outage) is told now,
        # and a slow sweep keeps catching up afterwards.
        await self.notifier.catch_up()
        self.notifier.start_sweeping()
        # Timers (lobby expiry, ...) that fell due while the bot was down run now, in order.
        await self.tables.scheduler.start()

    async def _follow(self) -> None:
        """Another process leads now: it has the timers and the sweep."""
        self.tables.scheduler.stop()
        self.notifier.stop_sweeping()

    def relay_settings(self, url: str) -> RelaySettings:
        """The relay's settings: the broker from `url` (credentials from the environment when it
        has none), board pictures as SKALD_MQTT_PICTURES said when the settings were read."""
        from bot.relay.settings import RelaySettings

        return replace(RelaySettings.from_url(url), pictures=self.settings.mqtt_pictures)

    async def _start_relay(self, url: str) -> None:
        from bot.relay.relay import MqttRelay

        self.relay = MqttRelay(self.relay_settings(url))
        self.relay.start()
        self.tables.attach(self.relay)
        log.info("MQTT relay attached")

    async def _start_web(self) -> None:
        """The spectator pages (docs/web.md): on PostgreSQL every process tells the page processes of its
        changes; with SKALD_WEB_PORT this one serves pages too, told of its own changes like the relay."""
        from bot.web.feed import ChangeTeller
        from bot.web.links import root_of
        from bot.web.server import Site

        web = self.settings.web
        if self.tables.store.shared:
            self.change_teller = ChangeTeller(self.tables.store)
            self.tables.attach(self.change_teller)
        if web.port is None:
            return
        self.web = Site(self.tables.store, proxies=web.proxies, root=root_of(web.url))
        self.tables.attach(self.web.told)
        port = await self.web.start(web.host, web.port, told_here=True)
        log.info("spectator pages on http://%s:%d (live changes: %s)", web.host, port, self.web.feed)

    async def sync_commands(self) -> None:
        """Register the slash commands: to one server at once (SKALD_GUILD) or globally."""
        if self.settings.guild_id is not None:
            guild = discord.Object(id=self.settings.guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to server %s", len(synced), self.settings.guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (they may take a while to appear)", len(synced))

    async def on_ready(self) -> None:
        log.info("Skald is online as %s in %d servers", self.user, len(self.guilds))

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        """Any interaction of a person (a click, a command, a move) reads their digest: stored as
        their `seen` when they chose it (bot/tables/digest.py), looked at once a SEEN_EVERY per
        person and process."""
        if interaction.user.bot:
            return
        now = self.tables.gate.clock()
        user_id = interaction.user.id
        if now - self._seen.get(user_id, -SEEN_EVERY) < SEEN_EVERY:
            return
        if len(self._seen) > 10_000:
            self._seen = {u: t for u, t in self._seen.items() if now - t < SEEN_EVERY}
        self._seen[user_id] = now
        try:
            await self.tables.servers.saw(user_id)
        except StoreUnavailable:  # an outage: a digest unread a while longer is edited, not sent anew
            self._seen.pop(user_id, None)

    async def on_message(self, message: discord.Message) -> None:
        """A plain DM gets a short pointer to the slash commands (once in a while per person: a
        chatty DM is not answered line by line). Messages in servers are never read."""
        if message.guild is not None or message.author.bot:
            return
        now = time.monotonic()
        if now - self._pointed.get(message.author.id, -POINTER_EVERY) < POINTER_EVERY:
            return
        if len(self._pointed) > 10_000:
            self._pointed = {u: t for u, t in self._pointed.items() if now - t < POINTER_EVERY}
        self._pointed[message.author.id] = now
        try:
            async with self.pacer.slot(message.channel.id):
                await message.channel.send(DM_POINTER)
        except discord.HTTPException as error:
            log.info("could not answer a DM (%s)", error)

    async def close(self) -> None:
        """Stop, quickly and losing nothing (decision of 2026-12-06, docs/discord.md "Stopping"):
        nothing new starts (the AI seats stop: a choice being thought is dropped, a move being
        committed finishes; the timers stop), the lead goes (another process may take it over at
        once), what is committed is told for at most FLUSH_SECONDS (the rest after the next start),
        then the database, the relay, the render processes and the gateway close. Once, however
        often it is called (`skald run`'s SIGTERM, then discord.py's own exit)."""
        if self._closing is None:
            self._closing = asyncio.ensure_future(self._close())
        await asyncio.shield(self._closing)

    async def stop(self, seconds: float = STOP_SECONDS) -> None:
        """`close`, cut short after `seconds` (a store or a post that hangs): what is left then is
        dropped, nothing is half-applied (each change is one transaction), and the outbox tells
        the rest after the next start."""
        try:
            await asyncio.wait_for(self.close(), seconds)
        except TimeoutError:
            log.warning("stopping took over %.1f s; the rest is left to the next start", seconds)
            if self._closing is not None:
                self._closing.cancel()

    async def _close(self) -> None:
        if hasattr(self, "tables"):
            self.tables.scheduler.stop()
            await self.tables.ai.stop()
        if hasattr(self, "leadership"):
            await self.leadership.stop()
        if self.web is not None:  # its pages read the database: they go before it closes
            await self.web.close()
            self.web = None
        if hasattr(self, "notifier"):  # the thread, the DM panels and the events' news
            try:
                await asyncio.wait_for(self.notifier.drain(), FLUSH_SECONDS)
            except TimeoutError:  # the posts in flight are cancelled: the outbox has them for the next start
                log.warning("stopping: what is still untold after %.1f s is told after the next start",
                            FLUSH_SECONDS)
        if hasattr(self, "tables"):
            await self.tables.close()
        if self.relay is not None:
            await self.relay.close()
        if self.change_teller is not None:
            await self.change_teller.close()
        if hasattr(self, "thinker"):
            await self.thinker.close()
        await rendering.close()
        await super().close()
