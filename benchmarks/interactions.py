"""Interaction latency of the Discord adapter, driven through the test harness (no network).

    python -m benchmarks.interactions [--games N] [--game tranquility|nidavellir]
    python -m benchmarks.interactions --beside-ai [--moves N] [--seconds S]

Plays whole games by clicking panels, like tests/discord, and prints per kind of
interaction: the time until Skald acknowledged it (Discord's limit is 3 s) and the time
until everything it caused was posted (thread story, pictures, DM panels). The harness
answers REST calls instantly, so these are Skald's own costs: database, engine, rendering.

`--beside-ai` (issue 42): a person's move latency at a Nidavellir table whose two other seats are
AI seats, `mcts` (thinking up to `--seconds` of CPU a move, SKALD_AI_SECONDS, in the bot's
thinking processes) next to the same with `random` seats (which don't think), game after game
until `--moves` of the person's moves are measured. The person clicks a move on their DM panel as
soon as it is theirs to make (their sealed bids while the AI seats think theirs); the latency is
from the click until their panel shows the move made (the move committed, the panel's picture
drawn). Printed: median and p99 of each, and the difference, which should stay within 50 ms.
Before issue 42 a bid waited 228–247 ms for an `mcts` seat holding the game's lock, 2–3 ms beside
a `random` one.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path

from tests.discord.harness import Harness, Invocation, Message, User
from tests.discord.table_play import live_panel, move_controls, open_table, play_out


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


async def _answered(h: Harness, user: User, custom_id: str, values: list[str] | None, message: Message,
                    ) -> Invocation:
    """A click, its answer awaited (not everything it caused: AI seats think on meanwhile)."""
    invocation = await h.click(user, custom_id, values, message=message, settle=False)
    await asyncio.wait_for(invocation.answered.wait(), 60)
    return invocation


async def _person_moves(h: Harness, person: User, game_id: int, samples: int, rng: random.Random) -> list[float]:
    """Seconds from each move's click to the person's panel showing it made, as soon as each move
    is theirs to make (a narrowing click before it is not counted, nor a click on a panel the
    board had already left behind: the game goes on without them while they narrow)."""
    latencies: list[float] = []
    while len(latencies) < samples:
        info = await h.client.tables.game(game_id)
        if info.status != "running":
            break
        seat = info.seat_of(person.id)
        try:
            panel = live_panel(h, person, game_id) if seat in info.to_move else None
        except AssertionError:
            panel = None  # the panel of the turn is on its way
        if panel is None:
            await asyncio.sleep(0.005)
            continue
        for _ in range(10):
            controls = move_controls(panel)
            comp = rng.choice(controls)
            values = None if comp["type"] == 2 else [rng.choice(comp["options"])["value"]]
            invocation = await _answered(h, person, comp["custom_id"], values, panel)
            if values is None or values[0].startswith("m:"):
                if not invocation.followups and invocation.answered_at is not None:  # no "⛔ the board moved on"
                    latencies.append(invocation.answered_at - invocation.fed_at)
                break
            panel = h.messages[panel.id]  # narrowed in place
            if not move_controls(panel):
                break
    return latencies


async def beside_ai(kind: str, moves: int, seconds: float, folder: Path) -> list[float]:
    """The person's move latencies at tables with two `kind` AI seats, game after game."""
    latencies: list[float] = []
    rng = random.Random(5)
    async with Harness.open(folder / f"beside-{kind}.sqlite3", ai_seconds=seconds) as h:
        person = h.user("ann")
        while len(latencies) < moves:
            opened = await h.slash(person, "play nidavellir", {})
            lobby = h.messages[opened.original_id or 0]
            game_id = int(h.button(lobby, "Join").split(":")[1])
            for _ in range(2):  # the kind asked for (Add AI seats the strongest)
                await h.client.tables.lobby.add_ai(game_id, person.id, kind)
            started = await h.click(person, h.button(lobby, "Start"), message=lobby, settle=False)
            await asyncio.wait_for(started.answered.wait(), 60)
            while (await h.client.tables.game(game_id)).status != "running":
                await asyncio.sleep(0.01)
            latencies += await _person_moves(h, person, game_id, moves - len(latencies), rng)
        await h.client.tables.ai.stop()  # the last game's AI seats would play on: the harness closes now
    return latencies


def _p(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


async def run_beside_ai(moves: int, seconds: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        found = {kind: await beside_ai(kind, moves, seconds, Path(folder)) for kind in ("mcts", "random")}
    print(f"A person's move at a Nidavellir table of 3 (two AI seats); SKALD_AI_SECONDS={seconds:g}; "
          "ms from the click to their panel showing the move made")
    print(f"{'other seats':12} {'moves':>6} {'p50':>8} {'p99':>8} {'max':>8}")
    for kind, values in found.items():
        print(f"{kind:12} {len(values):6d} {_p(values, 0.5) * 1000:8.1f} {_p(values, 0.99) * 1000:8.1f} "
              f"{max(values) * 1000:8.1f}")
    mcts, plain = found["mcts"], found["random"]
    print(f"{'difference':12} {'':6} {(_p(mcts, 0.5) - _p(plain, 0.5)) * 1000:8.1f} "
          f"{(_p(mcts, 0.99) - _p(plain, 0.99)) * 1000:8.1f}   (target: within 50 ms)")


def main(argv: Sequence[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", default="tranquility", choices=["tranquility", "nidavellir"])
    parser.add_argument("--beside-ai", action="store_true",
                        help="a person's move latency beside thinking mcts AI seats, and beside random ones")
    parser.add_argument("--moves", type=int, default=60, help="--beside-ai: the person's moves measured per kind")
    parser.add_argument("--seconds", type=float, default=1.0, help="--beside-ai: SKALD_AI_SECONDS (default 1)")
    args = parser.parse_args(argv)
    if args.beside_ai:
        asyncio.run(run_beside_ai(args.moves, args.seconds))
    else:
        asyncio.run(run(args.games, args.game))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
