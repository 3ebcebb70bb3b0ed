"""`skald export --db FILE --game-id N`: a stored game's move list as a file, for `skald replay`.

The file is the one `/game export` posts, made by the same code (`bot.replays.export_file`,
docs/replays.md): every move once the game is finished, its public lines only while it runs. It
is written here under the name `/game export` gives it (`skald-tranquility-1.json`), or where
`--out` says (`--out -`: to standard output), so a game saved with `skald demo --db` or
`skald play --db`, or by the bot, replays in the terminal without Discord.

The database is read beside whatever else uses it (a running bot, a game in play), never
changed. The file is written as bot/files.py writes: never over a database (the one read, or any
other), never over an existing file without `--force`, all at once, readable by its owner alone
(it names a server's players), and the command says where, with the absolute path. A mistake (no
such game, a file that is not a database, a folder or a database as `--out`) is one line on
stderr and exit code 2, as in the other terminal commands.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path

from bot import files
from bot.store import is_postgres
from bot.tables.cli import database_errors, database_problem, default_db, refused_url, unusable

EXIT_REFUSED = 2
STDOUT = "-"


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `skald export` to the `skald` command."""
    parser = sub.add_parser(
        "export", help="write a stored game's move list, for skald replay",
        description="Write a stored game's move list as `/game export` does (docs/replays.md), for `skald replay`.")
    parser.add_argument("--db", default=default_db(),
                        help="database file or postgresql:// URL (default: $SKALD_DB or skald.sqlite3)")
    parser.add_argument("--game-id", type=int, required=True, metavar="N",
                        help="the game's number (`skald demo --db` prints it; /game list shows it)")
    parser.add_argument("--out", metavar="PATH",
                        help="where to write it (default: the name /game export gives it, in this folder; "
                             "- writes to standard output); never over a database")
    parser.add_argument("--force", action="store_true", help="replace the file --out names if there is one")
    parser.set_defaults(handler=lambda args: asyncio.run(export(args.db, args.game_id, args.out, force=args.force)))


async def export(db: str, game_id: int, out: str | None, *, force: bool = False) -> int:
    """Write game `game_id` of `db`'s export; 0 once written, EXIT_REFUSED (said why) if it can't be."""
    from bot import replays
    from bot.store import open_store

    if refused_url("export", db):
        return EXIT_REFUSED
    problem = database_problem(db, may_create=False)
    if problem is not None:
        return _refuse(problem)
    keep = () if is_postgres(db) else (Path(db),)
    if out not in (None, STDOUT) and (problem := files.problem(Path(out), force=force, keep=keep)) is not None:
        return _refuse(problem)
    try:
        store = await open_store(db, migrate=False, exclusive=False)  # reads beside a running bot
    except database_errors(db) as error:
        return _refuse(unusable(db, error))
    try:
        attachment = await replays.export_file(store, game_id)
    except replays.ReplayError as refused:
        return _refuse(refused.reason)
    except database_errors(db) as error:
        return _refuse(unusable(db, error))
    finally:
        await store.close()
    if out == STDOUT:
        sys.stdout.buffer.write(attachment.data)
        return 0
    path = Path(out or attachment.filename)
    if (problem := files.problem(path, force=force, keep=keep)) is not None:  # the default name, say, is taken
        return _refuse(problem)
    try:
        written = files.write(path, attachment.data, replace=force)
    except files.Unwritten as failed:
        return _refuse(failed.reason)
    finished = json.loads(attachment.data)["status"] == replays.FINISHED
    print(f"Wrote {written}: " + (f"every move, for `skald replay {path}`." if finished else
                                  "the public lines so far (the game is not finished, so it can't be replayed yet)."))
    return 0


def _refuse(reason: str) -> int:
    print(f"skald export: {reason}", file=sys.stderr)
    return EXIT_REFUSED
