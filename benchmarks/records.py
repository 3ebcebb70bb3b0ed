"""Results, ratings and team records at scale: the backfill, the recomputation, the cache.

    python -m benchmarks.records [--results 10000]

A fresh database at schema 5 holds finished games of one server until each game has about
`--results` result rows: Nidavellir with 2–5 seats of 300 people and three AI kinds (scores at
random, ranks by score), and Tranquility with 1–5 seats (won or lost at random, over four option
sets). Then:
- the migrations to schemas 6 and 7: 6 wrote every result row from `games.outcome`; 7 rebuilds
  every game's seat history from its log and its results under the policy of bot/credit.py;
- reading a game's results from the store, recomputing its ratings (pure, several runs: the
  same numbers each time) and its team records;
- `/leaderboard` through `tables.records` cold (read, recompute in a thread) and warm (the cache,
  keyed by the latest result, answers after one small query);
- the pictures: the leaderboard, the busiest player's rating over time, the crew's records.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from benchmarks.fixtures import insert_finished_game
from bot.record_pictures import crew_data, leaderboard_data, rating_data
from bot.store import migrate as migrations
from bot.store import open_store
from bot.store.store import open_database
from bot.tables.ratings import recompute
from bot.tables.records import Records
from bot.tables.teams import team_games, team_records
from engine import registry
from renderer.records import png

T = TypeVar("T")
GUILD = 1
PEOPLE = 300
AI_KINDS = ("random", "greedy", "search")
TRANQUILITY_OPTIONS: tuple[dict[str, Any], ...] = (
    {}, {"sea_monsters": 3}, {"jagged_rocks": "auto"}, {"removed_islands": 6})


def fill(path: Path, results: int, seed: int = 1) -> tuple[int, int]:
    """Finished games of both kinds, about `results` rows each; returns the games written."""
    rng = random.Random(seed)
    game_id = 0
    counts = []
    now = 1_800_000_000.0
    with sqlite3.connect(path) as db:
        for game, seats_of in (("nidavellir", (2, 5)), ("tranquility", (1, 5))):
            rows = 0
            games = 0
            while rows < results:
                game_id += 1
                games += 1
                size = rng.randint(*seats_of)
                people = rng.sample(range(1, PEOPLE + 1), size)
                seats: list[tuple[int | None, str | None, str]] = []
                for user in people:
                    if game == "nidavellir" and rng.random() < 0.15:
                        kind = rng.choice(AI_KINDS)
                        seats.append((None, kind, f"{kind} AI"))
                    else:
                        seats.append((user, None, f"player {user}"))
                finished_at = now + game_id * 600
                if game == "nidavellir":
                    scores = [rng.randint(60, 180) for _ in seats]
                    ranks = [1 + sum(o > s for o in scores) for s in scores]
                    outcome: dict[str, Any] = {"winners": [i for i, r in enumerate(ranks) if r == 1], "summary": "",
                                               "cooperative": False, "scores": scores, "ranks": ranks, "sheet": None}
                    options: dict[str, Any] = {"thingvellir": rng.random() < 0.5, "idavoll": rng.random() < 0.3}
                else:
                    won = rng.random() < 0.3
                    sheet = {"won": won, "turns": rng.randint(20, 60), "filled": 36 if won else rng.randint(5, 35)}
                    outcome = {"winners": list(range(size)) if won else [], "summary": "", "cooperative": True,
                               "scores": None, "ranks": None, "sheet": sheet}
                    options = {"sea_monsters": 0, "jagged_rocks": "off", "removed_islands": 0,
                               **rng.choice(TRANQUILITY_OPTIONS)}
                insert_finished_game(db, game_id, guild=GUILD, game=game, seats=seats, outcome=outcome,
                                     options=options, finished_at=finished_at)
                rows += size
            counts.append(games)
    return counts[0], counts[1]


async def tick(gaps: list[float]) -> None:
    """How long the event loop went without a turn, between 1 ms sleeps (others' answers wait that long)."""
    last = time.perf_counter()
    while True:
        await asyncio.sleep(0.001)
        now = time.perf_counter()
        gaps.append(now - last - 0.001)
        last = now


def timed(action: Callable[[], T], runs: int = 1) -> tuple[T, list[float]]:
    times = []
    result: Any = None
    for _ in range(runs):
        started = time.perf_counter()
        result = action()
        times.append(time.perf_counter() - started)
    return result, times


async def run(results: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "records.sqlite3"
        db = await open_database(path)
        await db.direct(lambda conn: migrations.migrate(conn, 5))
        await db.close()
        nidavellir, tranquility = fill(path, results)

        db = await open_database(path)
        started = time.perf_counter()
        await db.direct(migrations.migrate)
        backfill = time.perf_counter() - started
        await db.close()

        store = await open_store(path)
        try:
            started = time.perf_counter()
            rows = await store.results.results(GUILD, "nidavellir")
            read = time.perf_counter() - started
            ratings, recomputes = timed(lambda: recompute(rows), runs=3)
            assert all(recompute(rows) == ratings for _ in range(2)), "the same rows gave other numbers"
            coop = await store.results.results(GUILD, "tranquility")
            _, teams_times = timed(lambda: team_records("tranquility", team_games(coop)), runs=3)

            records = Records(store, registry.get)
            gaps: list[float] = []
            ticking = asyncio.create_task(tick(gaps))
            started = time.perf_counter()
            await records.ratings(GUILD, "nidavellir")
            cold = time.perf_counter() - started
            ticking.cancel()
            warm = []
            for _ in range(200):
                started = time.perf_counter()
                await records.ratings(GUILD, "nidavellir")
                warm.append(time.perf_counter() - started)
            assert records.rated.computed == 1
            started = time.perf_counter()
            crews = await records.teams(GUILD, "tranquility")
            teams_cold = time.perf_counter() - started
        finally:
            await store.close()

    busiest = max(ratings.standings, key=lambda s: (len(s.history), s.key))
    drawn = {
        "leaderboard": leaderboard_data("Nidavellir", ratings, busiest.user_id or 0),
        "rating": rating_data("Nidavellir", busiest.name, ratings, busiest),
        "crew": crew_data("tranquility", "Tranquility", "Crew records in this server", crews),
    }
    pictures = {kind: timed(partial(png, kind, data), runs=5) for kind, data in drawn.items()}

    print(f"{len(rows):,} Nidavellir results ({nidavellir:,} games, {len(ratings.standings)} entrants) and "
          f"{len(coop):,} Tranquility results ({tranquility:,} games) in one server:")
    print(f"  migration from schema 5 to 7 (results of {len(rows) + len(coop):,} rows, and schema 7's seat "
          f"histories and results rebuilt from the logs): {backfill:.2f} s")
    print(f"  read one game's results: {read * 1000:.0f} ms; recompute its ratings: "
          f"median {statistics.median(recomputes) * 1000:.0f} ms ({len(recomputes)} runs, the same numbers each)")
    print(f"  team records of {len(coop):,} cooperative results: median {statistics.median(teams_times) * 1000:.0f} ms")
    print(f"  /leaderboard's ratings: cold (read + recompute in a thread) {cold * 1000:.0f} ms, "
          f"warm (cached by latest result) median {statistics.median(warm) * 1000:.2f} ms, "
          f"max {max(warm) * 1000:.2f} ms; crew records cold {teams_cold * 1000:.0f} ms")
    print(f"  the event loop meanwhile (cold): longest wait for a turn {max(gaps, default=0) * 1000:.1f} ms")
    print("  pictures (median of 5, one process): " + ", ".join(
        f"{kind} {statistics.median(times) * 1000:.0f} ms ({len(picture) // 1024} KiB)"
        for kind, (picture, times) in pictures.items()) + f"; the chart has {len(busiest.history)} points")


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--results", type=int, default=10_000, help="result rows per game (about)")
    args = parser.parse_args(argv)
    asyncio.run(run(args.results))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
