"""What `/game list` and one `/move` autocomplete cost with many running games in one server.

    python -m benchmarks.lookups [--counts 10,1000,10000] [--calls 200]

For each count, a fresh database holds that many running 2-player Tranquility games in one
server (each in its own thread; rows written in bulk, as if played earlier). Then, through the
table service as the Discord commands call it:
- `/game list`: the newest games of the server, built from their rows (no game is rebuilt);
- autocomplete: the game of the thread typed in (a keyed lookup), the caller's view and
  legal moves, and the suggestions for "pl" — cold (the game is loaded from the database)
  and warm (cached), as a player typing in a thread meets it.
Prints the median and p99 of each, in milliseconds. Target: under 5 ms at 10,000 games.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from benchmarks.fixtures import insert_running_game
from bot.discord.commands import suggestions
from bot.store import open_store
from bot.tables import Tables

GUILD, CHANNEL = 1, 7


def fill(path: Path, count: int) -> None:
    """`count` running games, written in one transaction (the benchmark's fixture, not Skald's path)."""
    with sqlite3.connect(path) as db:
        for n in range(1, count + 1):
            insert_running_game(db, n, guild=GUILD, channel=CHANNEL, now=0.0)


def _ms(values: Sequence[float]) -> str:
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered) * 1000:7.2f} {p99 * 1000:7.2f}"


async def measure(count: int, calls: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "lookups.sqlite3"
        await (await open_store(path)).close()
        fill(path, count)
        tables = await Tables.open(path, cache_size=256)
        try:
            listing: list[float] = []
            for _ in range(calls):
                start = time.perf_counter()
                await tables.list_games(GUILD, limit=100)
                listing.append(time.perf_counter() - start)
            cold: list[float] = []
            warm: list[float] = []
            for k in range(calls):
                game_id = 1 + (k * 7919) % count
                for bucket in (cold, warm) if k < 100 else (warm,):
                    start = time.perf_counter()
                    found = await tables.list_games(GUILD, place=100_000 + game_id)
                    table = await tables.table_view(found[0].game_id, found[0].seats[found[0].to_move[0]].user_id)
                    suggestions(table.legal_moves, "pl")
                    bucket.append(time.perf_counter() - start)
        finally:
            await tables.close()
    print(f"{count:>7,} games | /game list {_ms(listing)} | autocomplete cold {_ms(cold)} | warm {_ms(warm)}")


async def run(counts: Sequence[int], calls: int) -> None:
    print("running games in one server; milliseconds: median p99")
    for count in counts:
        await measure(count, calls)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--counts", default="10,1000,10000")
    parser.add_argument("--calls", type=int, default=200)
    args = parser.parse_args(argv)
    asyncio.run(run([int(c) for c in args.counts.split(",")], args.calls))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
