"""Interaction latency of the Discord adapter, driven through the test harness (no network).

    python -m benchmarks.interactions [--games N] [--game tranquility|nidavellir]

Plays whole games by clicking panels, like tests/discord, and prints per kind of
interaction: the time until Skald acknowledged it (Discord's limit is 3 s) and the time
until everything it caused was posted (thread story, pictures, DM panels). The harness
answers REST calls instantly, so these are Skald's own costs: database, engine, rendering.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from tests.discord.harness import Harness, Invocation
from tests.discord.table_play import open_table, play_out


def _kind(invocation: Invocation) -> str:
    if invocation.custom_id is None:
        return "slash command"
    action = invocation.custom_id.split(":")[3]
    return f"click {'move/select' if action in ('do', 'pick') else action}"


def _ms(values: Sequence[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"{statistics.median(ordered) * 1000:8.1f} {p95 * 1000:8.1f} {ordered[-1] * 1000:8.1f}"


async def run(games: int, game: str) -> None:
    acked: dict[str, list[float]] = defaultdict(list)
    settled: dict[str, list[float]] = defaultdict(list)
    moves = 0
    with tempfile.TemporaryDirectory() as folder:
        for number in range(games):
            async with Harness.open(Path(folder) / f"bench-{number}.sqlite3") as h:
                people = [h.user(name) for name in ("ann", "bob", "cid")]
                game_id = await open_table(h, people[0], game, people[1:])
                moves += await play_out(h, game_id, people, seed=number)
                for invocation in h.invocations.values():
                    if invocation.acked_at is None or invocation.settled_at is None:
                        continue
                    kind = _kind(invocation)
                    acked[kind].append(invocation.acked_at - invocation.fed_at)
                    settled[kind].append(invocation.settled_at - invocation.fed_at)
    print(f"{game}: {games} games, {moves} moves by 3 players (ms: median, p95, max)")
    print(f"{'interaction':22} {'count':>6} | {'ack median':>10} {'p95':>8} {'max':>8} | "
          f"{'all posted':>10} {'p95':>8} {'max':>8}")
    for kind in sorted(acked):
        print(f"{kind:22} {len(acked[kind]):6d} | {_ms(acked[kind]):>28} | {_ms(settled[kind]):>28}")


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", default="tranquility", choices=["tranquility", "nidavellir"])
    args = parser.parse_args(argv)
    asyncio.run(run(args.games, args.game))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
