"""The scheduler with many clocks: start-up, memory, and a thousand deadlines at once.

    python -m benchmarks.scheduler [--games 10000] [--due 1000]

A fresh database holds `--games` running 2-player Tranquility games on a daily clock, each with
one seat to act: its clock, its two reminders and its timeout stored as timers (written in bulk,
as if played earlier). Then, through the table service:
- start-up: opening the service and starting the scheduler (which runs whatever is due and sets
  one timer for the earliest deadline) — target under 2 s at 10,000 games — and the memory it
  took (tracemalloc);
- `--due` deadlines falling due in the same instant: the time from each deadline until its
  timeout started and until it was done (an AI stands in and moves) — target p99 under 1 s.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import statistics
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Sequence
from pathlib import Path

from benchmarks.fixtures import insert_running_game
from bot.store import open_store
from bot.tables import Tables
from bot.tables.clocks import DAY

GUILD, CHANNEL = 1, 7


def fill(path: Path, games: int, due: int, due_at: float, now: float) -> None:
    """Running games with clocks: the first `due` time out at `due_at`, the rest in a day or more."""
    with sqlite3.connect(path) as db:
        for n in range(1, games + 1):
            seat = insert_running_game(db, n, guild=GUILD, channel=CHANNEL, now=now, clock="daily")
            deadline = due_at if n <= due else now + DAY + (n % 1000) * 60
            allowed = 4 * DAY
            db.execute("INSERT INTO seat_clocks (game_id, seat, bank, started, allowed, deadline, state_id) "
                       "VALUES (?, ?, ?, ?, ?, ?, 0)", (n, seat, 3 * DAY, deadline - allowed, allowed, deadline))
            for kind, at in (("half", deadline - allowed / 2), ("tenth", deadline - allowed / 10),
                             ("timeout", deadline)):
                if at > now or kind == "timeout":
                    db.execute("INSERT INTO timers (game_id, kind, seat, due_at, state_id) VALUES (?, ?, ?, ?, 0)",
                               (n, kind, seat, at))


def _pct(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def run(games: int, due: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "scheduler.sqlite3"
        await (await open_store(path)).close()
        now = time.time()
        due_at = now + 5.0  # after start-up: they fall due while the service runs
        fill(path, games, due, due_at, now)
        tracemalloc.start()
        started = time.perf_counter()
        tables = await Tables.open(path)
        await tables.scheduler.start()
        startup = time.perf_counter() - started
        memory = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        done: dict[int, float] = {}
        original = tables.seating.on_timeout

        async def timed(timer: object) -> None:  # the service's own handler, with its finish noted
            await original(timer)  # type: ignore[arg-type]
            done[getattr(timer, "game_id")] = time.time()  # noqa: B009

        tables.scheduler.handle("timeout", timed)
        try:
            while len(done) < due and time.time() < due_at + 120:
                await asyncio.sleep(0.05)
            await tables.drain()
        finally:
            await tables.close()
    began = [lag for lag in tables.scheduler.lag]
    finished = [at - due_at for at in done.values()]
    print(f"{games:,} games holding clocks ({games * 3 - due * 2:,} timers):")
    print(f"  start-up (open the service, start the scheduler): {startup:.2f} s; "
          f"memory allocated meanwhile (peak): {memory / 2**20:.1f} MiB")
    print(f"  {len(finished)} deadlines at once: began p50 {statistics.median(began):.3f} s, "
          f"p99 {_pct(began, 0.99):.3f} s; done (an AI stood in) p50 {statistics.median(finished):.3f} s, "
          f"p99 {_pct(finished, 0.99):.3f} s, last {max(finished):.3f} s")


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--due", type=int, default=1_000)
    args = parser.parse_args(argv)
    asyncio.run(run(args.games, args.due))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
