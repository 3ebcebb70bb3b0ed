"""Table service figures: accepted moves/s through the whole pipeline (engine, checks, one
SQLite commit with synchronous=FULL, notices) with 1, 10 and 100 games played at once;
p50/p99 move latency; load time of a 300-move game; memory per cached game.

Run: `.venv/bin/python -m benchmarks.store [--game duel|tranquility] [--moves 600]`.
The default game is Rune Duel (tests/tables/duel.py), a small game whose length is set by
an option, so a 300-move game exists; pass --game to measure a registered game.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

from bot.notify import PrivateUpdate, PublicUpdate
from bot.tables import Tables
from bot.tables.service import ai_seed
from tests.tables.duel import games


class Counting:
    """A notifier that builds nothing and counts, so the figures include the notices."""

    def __init__(self) -> None:
        self.count = 0

    async def on_public(self, update: PublicUpdate) -> None:
        self.count += 1

    async def on_private(self, update: PrivateUpdate) -> None:
        self.count += 1

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        self.count += 1


def options_for(game: str, moves: int) -> dict[str, Any]:
    if game == "duel":
        return {"rounds": 200 if moves > 200 else 100}
    return {}


async def new_game(tables: Tables, game: str, moves: int, seed: int, players: int = 2) -> int:
    info = await tables.create_lobby(guild_id=1, channel_id=1, host_id=1, host_name="p1", game=game,
                                     options=options_for(game, moves))
    for user in range(2, players + 1):
        await tables.join(info.game_id, user, f"p{user}")
    await tables.start(info.game_id, 1, seed=seed)
    return info.game_id


async def play(tables: Tables, game_id: int, moves: int, seed: int, latencies: list[float]) -> int:
    """Up to `moves` moves, each seat choosing by a seeded index; returns the moves made."""
    made = 0
    while made < moves:
        info = await tables.game(game_id)
        if info.status != "running":
            break
        seat = min(info.to_move)
        view = await tables.table_view(game_id, seat + 1)
        move = view.legal_moves[ai_seed(seed, view.state_id, seat) % len(view.legal_moves)]
        started = time.perf_counter()
        await tables.move(game_id, seat + 1, view.state_id, move.text)
        latencies.append(time.perf_counter() - started)
        made += 1
    return made


async def throughput(folder: Path, game: str, concurrent: int, total: int) -> None:
    tables = await Tables.open(folder / f"throughput-{concurrent}.db", games=games)
    tables.attach(Counting())
    try:
        ids = [await new_game(tables, game, total // concurrent, seed) for seed in range(concurrent)]
        latencies: list[float] = []
        started = time.perf_counter()
        made = await asyncio.gather(*(play(tables, g, max(1, total // concurrent), g, latencies) for g in ids))
        elapsed = time.perf_counter() - started
    finally:
        await tables.close()
    latencies.sort()
    p50 = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.99))] * 1000
    print(f"{concurrent:>4} games at once: {sum(made) / elapsed:8.1f} accepted moves/s "
          f"({sum(made)} moves), latency p50 {p50:6.2f} ms, p99 {p99:6.2f} ms")


async def load_time(folder: Path, game: str, moves: int) -> None:
    for every in (25, 10**9):
        path = folder / f"load-{every}.db"
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


async def memory(folder: Path, game: str, count: int = 200) -> None:
    path = folder / "memory.db"
    tables = await Tables.open(path, games=games, cache_size=count)
    try:
        ids = [await new_game(tables, game, 40, seed) for seed in range(count)]
        for game_id in ids:
            await play(tables, game_id, 20, game_id, [])
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


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="duel")
    parser.add_argument("--moves", type=int, default=400, help="moves per throughput run (split across games)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="skald-bench-") as folder:
        print(f"game: {args.game}; SQLite WAL, synchronous=FULL; a move returns after its commit "
              "(moves of different games arriving together share one commit)")
        for concurrent in (1, 10, 100):
            await throughput(Path(folder), args.game, concurrent, max(args.moves, 10 * concurrent))
        await load_time(Path(folder), args.game, 300)
        await memory(Path(folder), args.game)


if __name__ == "__main__":
    asyncio.run(main())
