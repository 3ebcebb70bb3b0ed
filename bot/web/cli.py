"""`skald web`: the spectator pages as a process of their own, beside the bots (docs/web.md).

It opens the bots' database to read it only: without the SQLite writer's lock (`skald run` holds
that) and without migrating (the bots do). Live changes come from PostgreSQL's LISTEN when the
database is one, else from one poll a second for everything watched. A setting or a database it
can't use is one line on stderr and exit code 2 (1 for a database that can't be read).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import signal
import sys
from typing import Any

from bot.environment import SKALD_DB, SKALD_WEB_HOST, SKALD_WEB_PORT
from bot.logs import configure_logging
from bot.web.links import BadWebSetting, root_of

log = logging.getLogger("skald.web")

EXIT_CONFIG = 2


def register(subparsers: Any) -> None:
    """Add the `web` subcommand to the `skald` parser."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "web", help="serve the spectator web pages",
        description="Serve the spectator pages of the games in a Skald database, beside the bots: a live page "
                    "per game, its replay, a page per server. Environment: SKALD_DB, SKALD_WEB_PORT, "
                    "SKALD_WEB_HOST, SKALD_WEB_PROXIES, SKALD_WEB_SECRET, and SKALD_WEB_URL for a path the "
                    "pages are served under (docs/web.md).")
    parser.add_argument("--db", default=None, help="the database (default: $SKALD_DB, else skald.sqlite3)")
    parser.add_argument("--host", default=None, help=f"the address to listen on (default: ${SKALD_WEB_HOST.name}, "
                                                      "else 127.0.0.1)")
    parser.add_argument("--port", type=int, default=None,
                        help=f"the port (default: ${SKALD_WEB_PORT.name}, else 8080; 0: any free one)")
    parser.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"],
                        help="how much to log (default INFO; never a visitor's address or link)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    configure_logging(args.log_level)
    return asyncio.run(serve(args))


async def serve(args: argparse.Namespace, *, ready: asyncio.Event | None = None) -> int:
    """Open the database read-only, serve until SIGTERM or Ctrl-C. `ready` is set once serving
    (tests), with the port in `args.served_port`."""
    from bot.store import describe, open_store
    from bot.tables.cli import database_errors, database_problem, refused_url, unusable
    from bot.web.server import Site
    from bot.web.settings import web_settings

    target = args.db or SKALD_DB.value()
    if refused_url("web", target):
        return EXIT_CONFIG
    try:
        url, port, host, proxies = web_settings(port_needed=True)
    except BadWebSetting as error:
        print(f"skald web: {error}", file=sys.stderr)
        return EXIT_CONFIG
    port = args.port if args.port is not None else port
    host = args.host or host
    if port is None or not 0 <= port <= 65535:
        print("skald web: --port must be a number from 0 to 65535.", file=sys.stderr)
        return EXIT_CONFIG
    problem = database_problem(target, may_create=False)
    if problem is not None:
        print(f"skald web: {problem}.", file=sys.stderr)
        return EXIT_CONFIG
    try:
        store = await open_store(target, migrate=False, exclusive=False)
    except database_errors(target) as error:  # StoreError among them
        print(f"skald web: {unusable(target, error)}", file=sys.stderr)
        return 1
    site = Site(store, proxies=proxies, root=root_of(url))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    with contextlib.suppress(NotImplementedError):
        loop.add_signal_handler(signal.SIGTERM, stop.set)
    try:
        try:
            served = await site.start(host, port, told_here=False)
        except OSError as error:
            print(f"skald web: can't listen on {host}:{port} ({error.strerror or error}).", file=sys.stderr)
            return EXIT_CONFIG
        args.served_port = served
        log.info("Skald's spectator pages on http://%s:%d, reading %s (live changes: %s)", host, served,
                 describe(target), "PostgreSQL's LISTEN" if site.feed == "listen" else "a poll a second")
        if ready is not None:
            ready.set()
        await stop.wait()
    finally:
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.remove_signal_handler(signal.SIGTERM)
        await site.close()
        await store.close()
    return 0
