"""How Skald's long-running commands (`skald run`, `skald web`) log: one format, and the loggers
that print secrets at DEBUG kept at INFO or above whatever level is asked for. Imports only the
standard library: `skald web` logs without loading discord.py."""

from __future__ import annotations

import logging

# These print SQL parameters (snapshots, seeds), DM and ephemeral texts, and visitors' addresses
# with their signed links (aiohttp's access log) at DEBUG: never below INFO.
QUIET_LOGGERS = ("aiosqlite", "asyncpg", "discord.http", "discord.webhook.async_", "discord.gateway",
                 "aiohttp.access")


def configure_logging(level: str) -> None:
    logging.basicConfig(level=getattr(logging, level), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for name in QUIET_LOGGERS:
        logger = logging.getLogger(name)
        logger.setLevel(max(logger.getEffectiveLevel(), logging.INFO))
