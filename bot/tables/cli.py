"""`skald db migrate` and `skald db verify`, on an SQLite file or a PostgreSQL URL.

A path that is not a usable database (a directory, a missing folder, a file of another kind,
a damaged file) or a server that can't be used is answered with one line saying so, never a
traceback. A malformed URL, or a `--to` version this Skald doesn't have, is refused before
anything is tried, with exit code 2 (as a bad argument is). A URL's password never appears in what is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from pathlib import Path

import sqlalchemy.exc

from bot.counts import counted
from bot.environment import SKALD_DB
from bot.files import SQLITE_HEADER
from bot.store import StoreError, describe, is_postgres, open_store
from bot.store import migrate as migrations
from bot.store.opening import check_url
from bot.store.store import open_database
from bot.tables.audit import verify
from engine import registry

EXIT_BAD_ARGUMENT = 2  # as argparse says it: the command line (a URL, a version), not the database, is wrong


def default_db() -> str:
    """The database: $SKALD_DB (a file or a postgresql:// URL), else skald.sqlite3 here (as the bot's)."""
    return SKALD_DB.value()


def database_errors(target: str | Path) -> tuple[type[BaseException], ...]:
    """What using the database may raise that is the database's doing, told in one line."""
    errors: tuple[type[BaseException], ...] = (StoreError, sqlite3.Error, sqlalchemy.exc.SQLAlchemyError, OSError)
    if is_postgres(target):
        import asyncpg

        errors += (asyncpg.PostgresError, asyncpg.InterfaceError, asyncio.TimeoutError)
    return errors


def database_problem(path: str | Path, *, may_create: bool) -> str | None:
    """Why `path` can't be opened as a Skald database, or None when it looks usable.

    `may_create`: a missing file is fine (SQLite creates it) as long as its folder exists.
    An empty file is a valid, empty SQLite database. A URL is tried when it is used.
    """
    if is_postgres(path):
        return None
    target = Path(path)
    if target.is_dir():
        return f"{path} is a directory, not a database file"
    if not target.exists():
        if not may_create:
            return f"no database at {path}"
        folder = target.parent
        if not folder.is_dir():
            return f"the folder {folder} does not exist"
        return None
    try:
        with target.open("rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except OSError as error:
        return f"can't read {path}: {error.strerror or error}"
    if head and head != SQLITE_HEADER:
        return f"{path} is not a SQLite database"
    return None


def refused_url(command: str, target: str) -> bool:
    """True, once why is printed (as `skald COMMAND: …`), when `target` is a PostgreSQL URL that can't be used as
    written."""
    if not is_postgres(target):
        return False
    try:
        check_url(target)
    except StoreError as error:
        print(f"skald {command}: {error}", file=sys.stderr)
        return True
    return False


def unusable(path: str | Path, error: BaseException) -> str:
    """One line for an error met while using the database at `path` (no traceback)."""
    path = describe(path)
    if isinstance(error, sqlalchemy.exc.DBAPIError) and error.orig is not None:
        error = error.orig  # the driver's own words, without SQLAlchemy's lines around them
    if isinstance(error, StoreError):
        return str(error)
    if isinstance(error, (sqlite3.Error, sqlalchemy.exc.SQLAlchemyError)):
        return f"{path} can't be used as a database: {error}"
    if isinstance(error, OSError):
        return f"{path} can't be used as a database: {error.strerror or error}"
    return f"{path} can't be used as a database: {type(error).__name__}: {error}"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `skald db ...` to the `skald` command."""
    db = sub.add_parser("db", help="database maintenance (migrate, verify)")
    actions = db.add_subparsers(dest="db_command", required=True, metavar="ACTION")
    migrate = actions.add_parser("migrate", help="apply the missing schema migrations (creates a missing file)")
    migrate.add_argument("--db", default=default_db(),
                         help="database file or postgresql:// URL (default: $SKALD_DB or skald.sqlite3)")
    migrate.add_argument("--to", type=int, default=None, metavar="VERSION",
                         help=f"stop at this schema version (1 to {migrations.latest_version()}, the newest)")
    migrate.set_defaults(handler=lambda args: asyncio.run(_migrate(args.db, args.to)))
    check = actions.add_parser("verify", help="replay every game and compare with its snapshots")
    check.add_argument("--db", default=default_db(),
                       help="database file or postgresql:// URL (default: $SKALD_DB or skald.sqlite3)")
    check.set_defaults(handler=lambda args: asyncio.run(_verify(args.db)))


async def _migrate(path: str, target: int | None) -> int:
    if refused_url("db migrate", path):
        return EXIT_BAD_ARGUMENT
    newest = migrations.latest_version()  # one history for both databases
    if target is not None and not 1 <= target <= newest:
        print(f"skald db migrate: there is no schema version {target}: the versions are 1 to {newest}, "
              f"the newest this Skald knows (--to {newest}, or no --to, brings a database up to date).",
              file=sys.stderr)
        return EXIT_BAD_ARGUMENT
    problem = database_problem(path, may_create=True)
    if problem is not None:
        print(f"skald db migrate: {problem}", file=sys.stderr)
        return 1
    try:
        before, applied, after = await _migrate_database(path, target)
    except database_errors(path) as error:
        print(f"skald db migrate: {unusable(path, error)}", file=sys.stderr)
        return 1
    if applied:
        print(f"{describe(path)}: schema {before} -> {after} (applied {', '.join(f'{v:04d}' for v in applied)})")
    elif target is not None and after > target:
        print(f"{describe(path)}: schema {after}, past {target} already (migrations are never undone)")
    else:
        print(f"{describe(path)}: schema {after}, nothing to apply")
    return 0


async def _migrate_database(path: str, target: int | None) -> tuple[int, list[int], int]:
    # SQLite's migration takes the file's lock, as every writer does: one process per file.
    db = await open_database(path)
    try:
        before = await db.direct(migrations.current_version)
        applied = await db.direct(lambda conn: migrations.migrate(conn, target))
        return before, applied, await db.direct(migrations.current_version)
    finally:
        await db.close()


async def _verify(path: str) -> int:
    if refused_url("db verify", path):
        return EXIT_BAD_ARGUMENT
    problem = database_problem(path, may_create=False)
    if problem is not None:
        print(f"skald db verify: {problem}", file=sys.stderr)
        return 1
    try:
        store = await open_store(path, migrate=False, exclusive=False)  # reads beside a running bot
    except database_errors(path) as error:
        print(f"skald db verify: {unusable(path, error)}", file=sys.stderr)
        return 1
    try:
        audit = await verify(store, registry.get)
    except database_errors(path) as error:
        # Only the listing of games can fail here: a game that can't be checked is a finding.
        print(f"skald db verify: {unusable(path, error)}", file=sys.stderr)
        return 1
    finally:
        await store.close()
    for finding in audit.findings:
        print(finding)
    verdict = "OK" if audit.ok else counted(len(audit.findings), "problem")
    print(f"{describe(path)}: {counted(audit.games, 'game')}, {counted(audit.moves, 'logged change')}, "
          f"{counted(audit.snapshots, 'snapshot')}, {counted(audit.tournaments, 'tournament')} and every other "
          f"table checked: {verdict}")
    return 0 if audit.ok else 1
