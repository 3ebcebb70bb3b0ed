"""`skald db migrate` and `skald db verify`."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys

from bot.store import Store, StoreError
from bot.store import migrate as migrations
from bot.store.store import connect
from bot.tables.audit import verify
from engine import registry

DEFAULT_DB = "skald.sqlite3"  # the same default as the bot (bot/discord/app.py)


def default_db() -> str:
    """The database file: $SKALD_DB, else skald.sqlite3 in the working directory."""
    return os.environ.get("SKALD_DB", DEFAULT_DB)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `skald db ...` to the `skald` command."""
    db = sub.add_parser("db", help="database maintenance (migrate, verify)")
    actions = db.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    migrate = actions.add_parser("migrate", help="apply the missing schema migrations")
    migrate.add_argument("--db", default=default_db(), help="database file (default: $SKALD_DB or skald.sqlite3)")
    migrate.add_argument("--to", type=int, default=None, help="stop at this schema version")
    migrate.set_defaults(handler=lambda args: asyncio.run(_migrate(args.db, args.to)))
    check = actions.add_parser("verify", help="replay every game and compare with its snapshots")
    check.add_argument("--db", default=default_db(), help="database file (default: $SKALD_DB or skald.sqlite3)")
    check.set_defaults(handler=lambda args: asyncio.run(_verify(args.db)))


async def _migrate(path: str, target: int | None) -> int:
    try:
        db = await connect(path)
        try:
            before = await migrations.current_version(db)
            applied = await migrations.migrate(db, target)
            after = await migrations.current_version(db)
        finally:
            await db.close()
    except StoreError as error:
        print(f"skald db migrate: {error}", file=sys.stderr)
        return 1
    if applied:
        print(f"{path}: schema {before} -> {after} (applied {', '.join(f'{v:04d}' for v in applied)})")
    else:
        print(f"{path}: schema {after}, nothing to apply")
    return 0


async def _verify(path: str) -> int:
    if not os.path.exists(path):
        print(f"skald db verify: no database at {path}", file=sys.stderr)
        return 1
    try:
        store = await Store.open(path, migrate=False, exclusive=False)
    except StoreError as error:
        print(f"skald db verify: {error}", file=sys.stderr)
        return 1
    try:
        audit = await verify(store, registry.get)
    finally:
        await store.close()
    for finding in audit.findings:
        print(finding)
    verdict = "OK" if audit.ok else f"{len(audit.findings)} problem(s)"
    print(f"{path}: {audit.games} games, {audit.moves} logged changes, {audit.snapshots} snapshots checked: {verdict}")
    return 0 if audit.ok else 1
