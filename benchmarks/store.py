"""Table service figures: durable moves/s through the whole pipeline (engine, checks, one
durable commit, notices and the announcement bookkeeping a Discord bot does for each of them)
with 1, 10, 100 and 1,000 games played at once; p50/p99 move latency; load time of a 300-move
game; memory per cached game. On SQLite (WAL, synchronous=FULL) or PostgreSQL (fsync and
synchronous_commit on; its game locks and revision checks included).

Run: `.venv/bin/python -m benchmarks.store [--backend sqlite|postgresql] [--url postgresql://…]
[--game tranquility|nidavellir|duel] [--moves 600]`. PostgreSQL without --url starts a throwaway
cluster of its own (benchmarks/pgcluster.py), as `make test` does for the tests.
The default is Tranquility, a real game: a table whose game ends starts the next one. The
notifier attached does the store work of the Discord notifier (docs/discord.md): after each
change it reads the game's announcement mark, the spectator view and the untold log rows,
then records the mark; for a seat concerned it reads and records the panel marks. Rune Duel
(tests/tables/duel.py) is there for a 300-move game to load.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import secrets
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import AsyncIterator, Coroutine, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.notify import PrivateUpdate, PublicUpdate
from bot.store.records import PanelMark
from bot.tables import Tables
from bot.tables.service import ai_seed
from bot.tables.types import NewTable
from tests.tables.duel import games

Target = str | Path


@dataclass(frozen=True)
class Backend:
    """Where each run's database goes: files in a folder, or databases on a server."""

    folder: Path
    server: str | None = None  # a PostgreSQL server URL (its maintenance database)

    @contextlib.asynccontextmanager
    async def database(self, name: str) -> AsyncIterator[Target]:
        if self.server is None:
            yield self.folder / f"{name}.db"
            return
        database = f"skald_bench_{name.replace('-', '_')}_{secrets.token_hex(3)}"
        parts = urlsplit(self.server)
        admin = await asyncpg.connect(self.server)
        try:
            await admin.execute(f'CREATE DATABASE "{database}"')
            yield urlunsplit((parts.scheme, parts.netloc, f"/{database}", parts.query, parts.fragment))
            await admin.execute(f'DROP DATABASE "{database}" WITH (FORCE)')
        finally:
            await admin.close()


class OutboxWork:
    """A notifier doing the Discord notifier's store work for every notice, on tasks of its own
    (as the announcers do), with Discord itself left out."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.tasks: set[asyncio.Task[None]] = set()

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def on_public(self, update: PublicUpdate) -> None:
        if update.reason in ("start", "move", "resign", "abandon"):
            self._spawn(self._tell_thread(update.game_id))

    async def on_private(self, update: PrivateUpdate) -> None:
        self._spawn(self._draw_panel(update.game_id, update.seat))

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        return None

    async def _tell_thread(self, game_id: int) -> None:
        outbox = self.tables.outbox
        mark = await outbox.announcement(game_id)
        table = await self.tables.table_view(game_id, None)
        if mark is None or mark.state_id >= table.state_id:
            return
        await outbox.changes(game_id, after=mark.state_id)
        await outbox.told(replace(mark, state_id=table.state_id, to_move=table.to_move), pinged=table.to_move)

    async def _draw_panel(self, game_id: int, seat: int) -> None:
        outbox = self.tables.outbox
        marks = await outbox.panels(game_id)
        table = await self.tables.table_view(game_id, None)
        shown = marks.get(seat, PanelMark(seat=seat, state_id=-1))
        await outbox.panels_shown(game_id, [replace(shown, state_id=table.state_id)], done=table.state_id)

    async def drain(self) -> None:
        while self.tasks:
            await asyncio.gather(*self.tasks, return_exceptions=True)


def options_for(game: str, moves: int) -> dict[str, Any]:
    """Rune Duel's length is an option; a real game is played as it comes."""
    if game == "duel":
        return {"rounds": 200 if moves > 200 else 100}
    return {}


async def roomy(tables: Tables) -> None:
    """The benchmark's server may hold as many tables as it plays."""
    await tables.servers.set_setting(1, "max_tables", 5000)
    await tables.servers.set_setting(1, "max_tables_per_player", 200)


PLAYERS_APART = 10  # table n's people are users 10n+1, 10n+2, ... (one player sits at few tables)


async def new_game(tables: Tables, game: str, moves: int, seed: int, players: int = 2, first_user: int = 1) -> int:
    info = await tables.lobby.create(NewTable(guild_id=1, channel_id=1, host_id=first_user, host_name=f"p{first_user}",
                                              game=game, options=options_for(game, moves)))
    for user in range(first_user + 1, first_user + players):
        await tables.lobby.join(info.game_id, user, f"p{user}")
    await tables.lobby.start(info.game_id, first_user, seed=seed)
    return info.game_id


async def play(tables: Tables, game_id: int, moves: int, seed: int, latencies: list[float],
               first_user: int = 1) -> int:
    """Up to `moves` moves, each seat choosing by a seeded index; returns the moves made."""
    made = 0
    while made < moves:
        info = await tables.game(game_id)
        if info.status != "running":
            break
        seat = min(info.to_move)
        view = await tables.table_view(game_id, first_user + seat)
        move = view.legal_moves[ai_seed(seed, view.state_id, seat) % len(view.legal_moves)]
        started = time.perf_counter()
        await tables.play.move(game_id, first_user + seat, view.state_id, move.text)
        latencies.append(time.perf_counter() - started)
        made += 1
    return made


async def table_plays(tables: Tables, game: str, moves: int, seed: int, latencies: list[float]) -> int:
    """One table playing games back to back until it has made `moves` moves."""
    made = 0
    first_user = seed * PLAYERS_APART + 1
    while made < moves:
        game_id = await new_game(tables, game, moves - made, seed * 1000 + made, first_user=first_user)
        made += await play(tables, game_id, moves - made, game_id, latencies, first_user=first_user)
    return made


async def throughput(backend: Backend, game: str, concurrent: int, total: int) -> None:
    async with backend.database(f"throughput-{concurrent}") as target:
        tables = await Tables.open(target, games=games, cache_size=max(256, concurrent))
        work = OutboxWork(tables)
        tables.attach(work)
        await roomy(tables)
        try:
            latencies: list[float] = []
            commits_before = tables.store.commits
            started = time.perf_counter()
            made = await asyncio.gather(*(table_plays(tables, game, max(1, total // concurrent), seed, latencies)
                                          for seed in range(concurrent)))
            await work.drain()
            elapsed = time.perf_counter() - started
            commits = tables.store.commits - commits_before
        finally:
            await tables.close()
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    print(f"{concurrent:>4} games at once: {sum(made) / elapsed:8.1f} accepted moves/s "
          f"({sum(made)} moves, {commits} commits), latency p50 {p50:6.2f} ms, p99 {p99:6.2f} ms")


async def load_time(backend: Backend, game: str, moves: int) -> None:
    for every in (25, 10**9):
        async with backend.database(f"load-{every}") as path:
            tables = await Tables.open(path, games=games, snapshot_every=every)
            try:
                game_id = await new_game(tables, game, moves, 7)
                made = await play(tables, game_id, moves, 7, [])
            finally:
                await tables.close()
            samples = []
            for _ in range(5):
                fresh = await Tables.open(path, games=games, snapshot_every=every)
                try:
                    started = time.perf_counter()
                    await fresh.game(game_id)  # a cache miss: snapshot + replay
                    samples.append(time.perf_counter() - started)
                finally:
                    await fresh.close()
        label = "snapshot every 25" if every == 25 else "no snapshot after setup (full replay)"
        if made < moves:
            label = f"the game ended after {made} moves, so its final snapshot loads; {label}"
        print(f"load of a {made}-move game, {label}: {statistics.median(samples) * 1000:.2f} ms (median of 5)")


async def memory(backend: Backend, game: str, count: int = 200) -> None:
    async with backend.database("memory") as path:
        tables = await Tables.open(path, games=games, cache_size=count)
        await roomy(tables)
        try:
            ids = [await new_game(tables, game, 40, seed, first_user=seed * PLAYERS_APART + 1) for seed in range(count)]
            for seed, game_id in enumerate(ids):
                await play(tables, game_id, 20, game_id, [], first_user=seed * PLAYERS_APART + 1)
        finally:
            await tables.close()
        fresh = await Tables.open(path, games=games, cache_size=count)
        try:
            gc.collect()
            tracemalloc.start()
            before = tracemalloc.take_snapshot()
            for game_id in ids:
                await fresh.game(game_id)
            gc.collect()
            after = tracemalloc.take_snapshot()
            tracemalloc.stop()
            grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
        finally:
            await fresh.close()
    print(f"memory per cached game (20 moves in, {count} cached): {grown / count / 1024:.1f} KiB")


async def run(args: argparse.Namespace, backend: Backend) -> None:
    if backend.server is None:
        print(f"game: {args.game}; SQLite WAL, synchronous=FULL; a move returns after its commit "
              "(moves of different games arriving together share one commit)")
    else:
        admin = await asyncpg.connect(backend.server)
        try:
            version = await admin.fetchval("SHOW server_version")
            durable = [await admin.fetchval(f"SHOW {name}") for name in ("fsync", "synchronous_commit")]
        finally:
            await admin.close()
        print(f"game: {args.game}; PostgreSQL {version} (fsync={durable[0]}, synchronous_commit={durable[1]}) on a "
              "unix socket; a move returns after its commit, under its game's advisory lock, with the cached game "
              "checked against its revision")
    for concurrent in (1, 10, 100, 1000):
        await throughput(backend, args.game, concurrent, max(args.moves, 10 * concurrent))
    await load_time(backend, "duel", 300)
    await memory(backend, args.game)


@contextlib.contextmanager
def server(args: argparse.Namespace) -> Iterator[str | None]:
    if args.backend == "sqlite":
        yield None
    elif args.url:
        yield args.url
    else:
        from benchmarks.pgcluster import throwaway_cluster

        with throwaway_cluster() as url:
            yield url


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--backend", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--url", help="a PostgreSQL server URL (default: start a throwaway cluster)")
    parser.add_argument("--game", default="tranquility")
    parser.add_argument("--moves", type=int, default=400, help="moves per throughput run (split across games)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skald-bench-") as folder, server(args) as url:
        await run(args, Backend(Path(folder), url))


if __name__ == "__main__":
    asyncio.run(main())
