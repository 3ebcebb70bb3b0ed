"""A process that leads and is then killed (tests/tables/test_processes.py).

Usage: python -m tests.tables.leader_child URL. It serves the database with a table service,
prints "LEADING" if its first look took the leader's lock and "FOLLOWING" if not, then waits to
be killed. `leader_of` is also what the in-process tests there lead with.
"""

from __future__ import annotations

import asyncio
import sys

from bot.tables import Tables
from bot.tables.leadership import Leadership
from tests.tables.duel import games


def leader_of(tables: Tables, *, every: float = 0.05) -> Leadership:
    """What `skald run` does with leadership: the scheduler runs while the process leads."""
    scheduler = tables.scheduler

    async def gain() -> None:
        await scheduler.start()

    async def lose() -> None:
        scheduler.stop()

    return Leadership(tables.store, on_gain=gain, on_loss=lose, while_leading=scheduler.refresh, every=every)


async def serve(url: str) -> None:
    tables = await Tables.open(url, games=games)
    leadership = leader_of(tables)
    await leadership.start()
    print("LEADING" if leadership.leading else "FOLLOWING", flush=True)
    await asyncio.Event().wait()  # until killed


if __name__ == "__main__":
    asyncio.run(serve(sys.argv[1]))
