"""How a game reads in its thread and in DMs: posts, edits and DMs per game, and how soon the end shows.

    python -m benchmarks.thread [--games N] [--ai greedy]

Drives whole games through the Discord test harness with Discord's per-channel limit
simulated (5 messages per 5 s: over it, a post waits as discord.py does after a 429):
- a 5-player Nidavellir table of AI seats only (hosted by someone who doesn't play);
- a 3-player Tranquility table: one person clicking their DM panel, two AI seats.
Prints, per game: thread posts and edits, moves by people and AI bursts (runs of AI moves
between people's moves), posts per (human move + AI burst), DMs per seat, end-of-game DMs per
seat, posts that met the rate limit, and the time from the last move's commit to the outcome
appearing in the thread.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bot.tables.types import NewTable
from tests.discord.harness import Harness, Message, User
from tests.discord.table_play import open_table, play_out


@dataclass
class Figures:
    posts: int
    edits: int
    human_moves: int
    ai_bursts: int
    dms_per_seat: list[int]
    finals_per_seat: list[int]
    rate_limited: int
    outcome_after: float  # seconds from the last commit to the outcome post

    @property
    def per_unit(self) -> float:
        return self.posts / max(1, self.human_moves + self.ai_bursts)


async def _figures(h: Harness, game_id: int, people: Sequence[User]) -> Figures:
    info = await h.client.tables.game(game_id)
    place = info.thread_id or info.channel_id
    posts = h.posts(place)
    changes = await h.client.tables.outbox.changes(game_id, after=0)
    humans = {s.seat for s in info.seats if s.user_id is not None}
    human_moves = sum(1 for c in changes if c.seat in humans)
    bursts, in_burst = 0, False
    for change in changes:
        is_ai = change.seat is not None and change.seat not in humans
        bursts += is_ai and not in_burst
        in_burst = is_ai
    final: Message | None = next((m for m in reversed(posts) if "🏁" in m.content), None)
    last_commit = changes[-1].created_at if changes else 0.0
    dms: list[int] = []
    finals: list[int] = []
    for person in people:
        mine = h.dms(person)
        dms.append(len(mine))
        finals.append(sum("🏁" in m.content for m in mine))
    return Figures(posts=len(posts), edits=sum(m.edits for m in posts), human_moves=human_moves,
                   ai_bursts=bursts, dms_per_seat=dms, finals_per_seat=finals, rate_limited=h.rate_limited,
                   outcome_after=(final.created_at - last_commit) if final is not None else float("nan"))


async def nidavellir_all_ai(db: Path, ai: str, seed: int) -> Figures:
    async with Harness.open(db, rate_window=5.0) as h:
        host = h.user("host")
        tables = h.client.tables
        info = await tables.lobby.create(NewTable(guild_id=h.guild_id, channel_id=h.channel_id, host_id=host.id,
                                                  host_name=host.name, game="nidavellir", host_plays=False))
        for _ in range(5):
            await tables.lobby.add_ai(info.game_id, host.id, kind=ai)
        await tables.lobby.start(info.game_id, host.id, seed=seed)
        await h.settle(timeout=600)
        return await _figures(h, info.game_id, [])


async def tranquility_with_ai(db: Path, seed: int) -> Figures:
    async with Harness.open(db, rate_window=5.0) as h:
        ann = h.user("ann")
        game_id = await open_table(h, ann, "tranquility", ais=2)
        await play_out(h, game_id, [ann], seed=seed)
        await h.settle()
        return await _figures(h, game_id, [ann])


def _show(name: str, rows: list[Figures]) -> None:
    print(f"\n{name}: {len(rows)} games")
    print(f"  thread posts per game      {statistics.mean(r.posts for r in rows):8.1f}"
          f"   (edits in place {statistics.mean(r.edits for r in rows):.1f})")
    print(f"  human moves / AI bursts    {statistics.mean(r.human_moves for r in rows):8.1f}"
          f" / {statistics.mean(r.ai_bursts for r in rows):.1f}")
    print(f"  posts per (move + burst)   {statistics.mean(r.per_unit for r in rows):8.2f}")
    if rows[0].dms_per_seat:
        print(f"  DMs per seat per game      {statistics.mean(d for r in rows for d in r.dms_per_seat):8.1f}"
              f"   (end-of-game DMs per seat: max {max(f for r in rows for f in r.finals_per_seat)})")
    print(f"  posts that met a 429       {sum(r.rate_limited for r in rows):8d}")
    after = sorted(r.outcome_after for r in rows)
    print(f"  last move -> outcome shown {statistics.median(after):8.2f} s median, {after[-1]:.2f} s max")


async def run(games: int, ai: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        nid = [await nidavellir_all_ai(root / f"n{i}.sqlite3", ai, 100 + i) for i in range(games)]
        tra = [await tranquility_with_ai(root / f"t{i}.sqlite3", i) for i in range(games)]
    _show(f"Nidavellir, 5 {ai} AI seats", nid)
    _show("Tranquility, 1 person + 2 heuristic AI seats", tra)


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--ai", default="greedy", choices=["random", "greedy", "search"])
    args = parser.parse_args(argv)
    asyncio.run(run(args.games, args.ai))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
