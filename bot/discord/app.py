"""The bot itself: settings, start-up wiring (`setup_hook`) and shutdown.

Dependencies are made in `setup_hook` (after login, before the gateway connects), so
every part — the table service, the notifier, the controls — exists before the first
interaction arrives, and a restart rebuilds them all from the database.
"""

from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

from bot import thinking
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
from bot.store import StoreError, is_postgres
from bot.store.opening import check_url
from bot.tables import Tables
from bot.tables.leadership import Leadership

if TYPE_CHECKING:
    from bot.relay.relay import MqttRelay
    from bot.relay.settings import RelaySettings
    from bot.web.feed import ChangeTeller
    from bot.web.server import Site

log = logging.getLogger(__name__)

AI_SECONDS = (0.01, 30.0)  # the time box SKALD_AI_SECONDS may set
POINTER_EVERY = 600.0  # seconds before another plain DM of the same person is answered
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
        """Every setting, checked in the order `skald run` checks them: the database (SKALD_DB, and
        SKALD_SHARDS, which needs PostgreSQL), the relay (SKALD_MQTT_*), the server (SKALD_GUILD),
        the AI's time box (SKALD_AI_SECONDS), the web pages (SKALD_WEB_*), then the token.
        SettingsError says what to set. (`skald run` opens the database, with `open_database`,
        between the first and the rest, before Discord is contacted.)"""
        db_path, shards = database_from_env(environ)
        mqtt_url, mqtt_pictures = mqtt_from_env(environ)
        guild_text = SKALD_GUILD.value(environ)
        if guild_text and not (guild_text.isascii() and guild_text.isdigit() and len(guild_text) <= 20):
            raise SettingsError(f"SKALD_GUILD must be a server id (digits), not {guild_text[:30]!r}.")
        ai_seconds = ai_seconds_from_env(environ)
        web = web_from_env(environ)
        token = DISCORD_TOKEN.value(environ)
        if not token:
            raise SettingsError("DISCORD_TOKEN is not set: put the bot token from the Discord developer "
                                "portal (Bot → Reset Token) in the environment.")
        return cls(token=token, db_path=db_path, mqtt_url=mqtt_url, guild_id=int(guild_text) if guild_text else None,
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


def ai_seconds_from_env(environ: Mapping[str, str] | None = None) -> float:
    """SKALD_AI_SECONDS: a number of seconds from 0.01 to 30."""
    text = SKALD_AI_SECONDS.value(environ)
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not AI_SECONDS[0] <= seconds <= AI_SECONDS[1]:  # also refuses nan
        raise SettingsError(f"SKALD_AI_SECONDS must be a number of seconds from {AI_SECONDS[0]} to "
                            f"{AI_SECONDS[1]:g}, not {text[:30]!r}.")
    return seconds


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
        self._pointed: dict[int, float] = {}  # person -> when their last DM got its pointer (monotonic)
        # How posts are paced and retried; tests shorten them before start-up.
        self.pacer = ChannelPacer()
        self.backoff = Backoff()

    async def setup_hook(self) -> None:
        if not hasattr(self, "tables"):
            self.tables = await Tables.open(str(self.settings.db_path), seeds=self.seeds, clock=self.clock)
        self.notifier = DiscordNotifier(self, pacer=self.pacer, backoff=self.backoff)
        self.tables.attach(self.notifier)
        self.tables.ai.think_with(thinking.in_workers)  # AI seats think in the worker processes
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
        # The lead goes first (another process may take it over at once), then AI moves in flight
        # finish, then the posts they caused (while the HTTP session and the database are still
        # open), then the database, then the gateway.
        if hasattr(self, "leadership"):
            await self.leadership.stop()
        if self.web is not None:  # its pages read the database: they go before it closes
            await self.web.close()
            self.web = None
        if hasattr(self, "tables"):
            await self.tables.drain()
        if hasattr(self, "notifier"):
            await self.notifier.drain()
        if hasattr(self, "tables"):
            await self.tables.close()
        if self.relay is not None:
            await self.relay.close()
        if self.change_teller is not None:
            await self.change_teller.close()
        await super().close()
