"""`skald run`: start the Discord bot.

Reads the environment variables declared in bot/environment.py (README's table); only
DISCORD_TOKEN is required. Before Discord is contacted the settings are checked in order: the
database (SKALD_DB as written, SKALD_SHARDS, then opened: reachable, a Skald database, writable,
migrated), then the relay (SKALD_MQTT_*), then the server and the token. The first that can't be
used ends it with one line saying what to set and exit code 2, as a token Discord rejects does;
the token itself is never printed or logged.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import signal
import sys
from collections.abc import Mapping
from typing import Any

import aiohttp
import discord

from bot.discord.app import (
    STOP_SECONDS,
    Settings,
    SettingsError,
    SkaldBot,
    checked_environment,
    database_from_env,
    open_database,
)
from bot.environment import VARIABLES
from bot.logs import configure_logging
from bot.store import StoreError, describe
from bot.tables import Tables
from bot.version import version

log = logging.getLogger("skald")

EXIT_CONFIG = 2

# Python's default (700, 10, 10) collects the youngest objects every 700 net allocations. A busy
# bot keeps many objects alive for a few seconds (views, legal moves, payloads), so they were
# promoted and full collections came every 2 s at 200 tables, each stopping every click for
# 100-200 ms. Young collections cost what is alive in them, so their size sets the pause:
# (10,000, 5, 20) ended the full collections but its middle ones took 50-100 ms (the ack p99);
# (2,000, 2, 100) keeps young pauses under about 30 ms, a full one comes about once a minute.
# Decisions of 2026-12-01, docs/scaling.md.
COLLECTOR_THRESHOLDS = (2_000, 2, 100)


def tune_collector() -> None:
    """Collect less often, and never rescan what start-up made (modules, classes, functions)."""
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


def register(subparsers: Any) -> None:
    """Add the `run` subcommand to the `skald` parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "run", help="run the Discord bot",
        description=f"Run Skald in Discord. Environment: {', '.join(v.name for v in VARIABLES if not v.internal)} "
                    "(only DISCORD_TOKEN is required; README's table says what each means).")
    parser.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"],
                        help="how much to log (default INFO)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    configure_logging(args.log_level)
    return asyncio.run(start())


async def start(environ: Mapping[str, str] | None = None) -> int:
    """Check the settings in order (every variable's form; the database, opened; then the relay;
    then the token), then serve. Nothing is opened before every variable reads, and nothing
    contacts Discord before every setting passed."""
    tables: Tables | None = None
    try:
        checked_environment(environ)
        db_path, _ = database_from_env(environ)
        tables = await open_database(db_path)
        settings = Settings.from_env(environ)  # the database's again (quick), then the rest in order
    except SettingsError as error:
        if tables is not None:
            await tables.close()
        print(f"skald run: {error}", file=sys.stderr)
        return EXIT_CONFIG
    tune_collector()
    return await serve(settings, tables)


async def serve(settings: Settings, tables: Tables | None = None) -> int:
    """Run until interrupted; a refused token is a configuration error, not a crash. `tables`: the
    database `start` opened (None: the bot opens it once logged in).

    SIGTERM (`docker stop`, systemd) stops the bot within `STOP_SECONDS` whatever the load
    (`SkaldBot.stop`), even while discord.py is still trying to reach the gateway: then its
    attempts are given up too. The exit code is 0."""
    log.info("Skald %s starting: database %s; shards %s; MQTT relay %s; web pages %s; commands %s", version(),
             describe(settings.db_path), settings.shards or "all",
             ("on, with pictures" if settings.mqtt_pictures else "on") if settings.mqtt_url else "off",
             f"served on port {settings.web.port}" if settings.web.port else
             "linked" if settings.web.url else "off",
             f"synced to server {settings.guild_id}" if settings.guild_id else "global")
    bot = SkaldBot(settings, tables=tables)
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Task[None]] = []
    try:
        async with bot:
            running = asyncio.ensure_future(bot.start(settings.token))

            def on_sigterm() -> None:
                if not stopping:
                    log.info("SIGTERM: stopping within %.0f s", STOP_SECONDS)
                    stopping.append(asyncio.create_task(_stop(bot, running)))

            with contextlib.suppress(NotImplementedError):  # no signal handlers on some platforms
                loop.add_signal_handler(signal.SIGTERM, on_sigterm)
            try:
                await running
            except asyncio.CancelledError:
                if not stopping:
                    raise
    except discord.LoginFailure:
        print("skald run: Discord rejected DISCORD_TOKEN (wrong or reset token?). Copy a fresh one from the "
              "developer portal: Applications → your app → Bot → Reset Token.", file=sys.stderr)
        return EXIT_CONFIG
    except StoreError as error:  # another process holds the SQLite file, the server can't be reached ...
        print(f"skald run: {error}", file=sys.stderr)
        return EXIT_CONFIG
    except discord.PrivilegedIntentsRequired:
        print("skald run: Discord refused the requested gateway intents.", file=sys.stderr)
        return EXIT_CONFIG
    except (aiohttp.ClientConnectionError, OSError) as error:
        print(f"skald run: can't reach Discord ({type(error).__name__}); check the network and try again.",
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        pass
    finally:
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.remove_signal_handler(signal.SIGTERM)
        if stopping:
            await asyncio.gather(*stopping, return_exceptions=True)
    return 0


async def _stop(bot: SkaldBot, running: asyncio.Future[None]) -> None:
    """SIGTERM's work: the bot stopped (within STOP_SECONDS), then discord.py's start given up,
    which may still be retrying a gateway it can't reach (it retries every 5 s, for ever)."""
    await bot.stop(STOP_SECONDS)
    running.cancel()
