"""Spectator pages under load: live pages (server-sent events) over real sockets, the server in a
process of its own so its CPU and memory are its own.

- 1,000 open live pages on one game: the time from a move's commit to the last page's update
  (p50, p99 over the moves), and, with `--pictures`, to the last page having loaded the new board
  picture (each page asks for it as a browser would).
- 100 games changing at once (10 pages each): the time from each game's commit to its last
  page's update, and until every page of all 100 games was told.
- The server's CPU (its process, and its render processes which draw the pictures) and memory.

The server runs what `skald run` runs with SKALD_WEB_PORT (`--feed told`: the pages told by the
table service's publisher in the same process), what `skald web` beside the bot runs on SQLite
(`--feed poll`: a second connection to the file, polled once a `--poll` seconds), or what it runs
beside the bots on PostgreSQL (`--feed listen`: a throwaway cluster, the bots NOTIFY, the pages
LISTEN on a connection of their own). Games are solo
Tranquility games moved by their host, so each move is one change. A commit's time is when the
first notifier is called, right after the commit; a page's update is when its event has arrived
and been read whole in the client process. Client and server share this machine's CPUs.

Run: `.venv/bin/python -m benchmarks.web [--pages 1000] [--games 100] [--per-game 10] [--moves 30]
[--rounds 10] [--feed told|poll|listen] [--pictures]`.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiohttp

GUILD, CHANNEL, HOST = 41, 42, 1001
JSON = dict[str, Any]


# -- the server process -------------------------------------------------------------------------
class Stamp:
    """The first notifier: when each change was committed (it is called right after the commit)."""

    def __init__(self) -> None:
        self.at: dict[tuple[int, int], float] = {}

    async def on_public(self, update: Any) -> None:
        self.at[(update.game_id, update.state_id)] = time.time()

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        return None


def process_cpu(pid: int) -> float:
    """User and system CPU seconds of one process (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def descendants(pid: int) -> list[int]:
    """Every process started (directly or not) by `pid`: the render processes."""
    children: dict[int, list[int]] = defaultdict(list)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                children[parent].append(int(entry.name))
    found, stack = [], [pid]
    while stack:
        for child in children.get(stack.pop(), []):
            found.append(child)
            stack.append(child)
    return found


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


async def serve(feed: str, poll: float, db: str | None) -> None:
    """The server: reads JSON commands on stdin, answers one JSON line each on stdout. `db`: a
    PostgreSQL URL (`--feed listen`), else an SQLite file of its own."""
    from bot.store import open_store
    from bot.tables import Tables
    from bot.tables.types import NewTable
    from bot.web.feed import ChangeTeller
    from bot.web.hub import Limits
    from bot.web.server import Site

    target = db or str(Path(tempfile.mkdtemp(prefix="skald-web-bench-")) / "skald.db")
    tables = await Tables.open(target, seeds=iter(range(1, 1_000_000)).__next__)
    stamp = Stamp()
    tables.attach(stamp)
    teller = ChangeTeller(tables.store) if tables.store.shared else None  # what skald run attaches on PostgreSQL
    if teller is not None:
        tables.attach(teller)
    limits = Limits(live=100_000, live_per_game=100_000, live_per_visitor=100_000, per_second=1e9, burst=10**9,
                    poll_seconds=poll)
    store = tables.store if feed == "told" else await open_store(target, migrate=False, exclusive=False)
    site = Site(store, limits=limits)
    if feed == "told":
        tables.attach(site.told)
    await tables.servers.set_setting(GUILD, "web", "on")
    for name, value in (("max_tables", 5000), ("max_tables_per_player", 200)):  # one host, many tables
        await tables.servers.set_setting(GUILD, name, value)
    await tables.servers.saw_channel(GUILD, CHANNEL, True, await tables.servers.web_access(GUILD))
    await site.follow(told_here=feed == "told")
    port = await site.serve("127.0.0.1", 0)
    choosers: dict[int, random.Random] = defaultdict(lambda: random.Random(5))  # a game's moves: the same every run
    reader = asyncio.StreamReader()
    await asyncio.get_running_loop().connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    cpu_since = process_cpu(os.getpid())

    def say(answer: JSON) -> None:
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()

    hosts: dict[int, int] = {}

    async def move(game_id: int) -> tuple[int, int]:
        view = await tables.table_view(game_id, hosts[game_id])
        await tables.play.move(game_id, hosts[game_id], view.state_id, choosers[game_id].choice(view.legal_moves).text)
        return game_id, view.state_id + 1

    say({"port": port})
    while line := await reader.readline():
        command = json.loads(line)
        if command["op"] == "games":
            ids = []
            for number in range(command["count"]):
                info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST + number,
                                                          host_name="Astrid", game="tranquility", clock="none"))
                await tables.lobby.start(info.game_id, HOST + number)
                ids.append(info.game_id)
                hosts[info.game_id] = HOST + number
            say({"games": ids})
        elif command["op"] == "move":
            moved = await asyncio.gather(*(move(game_id) for game_id in command["games"]))
            say({"moved": [[game_id, seq, stamp.at[(game_id, seq)]] for game_id, seq in moved]})
        elif command["op"] == "stats":
            me = os.getpid()
            renders = descendants(me)
            say({"cpu": process_cpu(me) - cpu_since, "rss": rss_mib(me),
                 "peak": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                 "render_cpu": sum(process_cpu(pid) for pid in renders if Path(f"/proc/{pid}").exists()),
                 "render_rss": sum(rss_mib(pid) for pid in renders if Path(f"/proc/{pid}").exists()),
                 "drawn": site.pictures.drawn, "loads": site.reader.loads, "live": site.hub.live})
        elif command["op"] == "reset":
            cpu_since = process_cpu(os.getpid())
            say({})
        else:
            break
    await site.close()
    if teller is not None:
        await teller.close()
    if store is not tables.store:
        await store.close()
    await tables.close()


# -- the pages (this process) ---------------------------------------------------------------------
class Pages:
    """Live pages over real connections: when each (game, state) reached each page (and, with
    pictures, when each page had loaded that state's picture)."""

    def __init__(self, base: str, pictures: bool) -> None:
        self.base = base
        self.pictures = pictures
        self.told: dict[tuple[int, int], list[float]] = defaultdict(list)
        self.drawn: dict[tuple[int, int], list[float]] = defaultdict(list)
        self.changed = asyncio.Event()
        self.tasks: list[asyncio.Task[None]] = []
        self.session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0),
                                             timeout=aiohttp.ClientTimeout(total=None))

    def open(self, game_id: int, count: int) -> None:
        for _ in range(count):
            self.tasks.append(asyncio.create_task(self._follow(game_id)))

    async def _follow(self, game_id: int) -> None:
        async with self.session.get(f"{self.base}/g/{game_id}/events") as response:
            assert response.status == 200, response.status
            seq = None
            async for raw in response.content:
                if raw.startswith(b"id: "):
                    seq = int(raw[4:])
                elif raw == b"\n" and seq is not None:
                    self.told[(game_id, seq)].append(time.time())
                    self.changed.set()
                    if self.pictures:
                        asyncio.create_task(self._picture(game_id, seq))  # noqa: RUF006 - awaited by `wait`
                    seq = None

    async def _picture(self, game_id: int, seq: int) -> None:
        async with self.session.get(f"{self.base}/g/{game_id}/picture/{seq}.png") as response:
            await response.read()
        self.drawn[(game_id, seq)].append(time.time())
        self.changed.set()

    async def wait(self, wanted: dict[tuple[int, int], int], timeout: float = 120.0) -> None:
        """Until each (game, state) reached its number of pages (and pictures, with pictures)."""
        async with asyncio.timeout(timeout):
            while not all(len(self.told[key]) >= count and (not self.pictures or len(self.drawn[key]) >= count)
                          for key, count in wanted.items()):
                self.changed.clear()
                await self.changed.wait()

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.session.close()


class Server:
    """The server process and its command line."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process

    async def ask(self, command: JSON) -> JSON:
        assert self.process.stdin is not None
        self.process.stdin.write((json.dumps(command) + "\n").encode())
        await self.process.stdin.drain()
        return await self.read()

    async def read(self) -> JSON:
        assert self.process.stdout is not None
        answer: JSON = json.loads(await self.process.stdout.readline())
        return answer


def quantiles(values: Sequence[float]) -> tuple[float, float]:
    ordered = sorted(values)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def ms(values: Sequence[float]) -> str:
    p50, p99 = quantiles(values)
    return f"p50 {p50 * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms"


async def run(args: argparse.Namespace, db: str | None = None) -> None:
    limit = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (limit, limit))
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "benchmarks.web", "--serve", "--feed", args.feed, "--poll", str(args.poll),
        *(["--db", db] if db else []), stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=2**24)
    server = Server(process)
    try:
        base = f"http://127.0.0.1:{(await server.read())['port']}"
        feed = {"told": "its own publisher (skald run); SQLite",
                "poll": f"a poll every {args.poll} s (skald web beside the bot); SQLite",
                "listen": "PostgreSQL's LISTEN (skald web beside the bots, which NOTIFY)"}[args.feed]
        print(f"Spectator pages, the server told by {feed}; {os.cpu_count()} CPUs shared by the server and the "
              "pages' client")

        # 1. One game, many pages.
        (game,) = (await server.ask({"op": "games", "count": 1}))["games"]
        pages = Pages(base, args.pictures)
        pages.open(game, args.pages)
        await pages.wait({(game, 0): args.pages})
        await server.ask({"op": "reset"})
        started = time.perf_counter()
        told, drawn = [], []
        pause = random.Random(9)
        for _ in range(args.moves):
            if args.feed == "poll":  # a move at any moment of the interval, not just after the last poll
                await asyncio.sleep(pause.uniform(0, args.poll))
            ((_, seq, committed),) = (await server.ask({"op": "move", "games": [game]}))["moved"]
            await pages.wait({(game, seq): args.pages})
            told.append(max(pages.told[(game, seq)]) - committed)
            if args.pictures:
                drawn.append(max(pages.drawn[(game, seq)]) - committed)
        wall = time.perf_counter() - started
        stats = await server.ask({"op": "stats"})
        print(f"{args.pages:,} live pages on one game, {args.moves} moves: commit → last page told {ms(told)}"
              + (f"; → last page's new picture loaded {ms(drawn)}" if args.pictures else ""))
        print(f"  server: {stats['cpu']:.2f} s CPU over {wall:.1f} s ({stats['cpu'] / wall:.0%} of a CPU), render "
              f"processes {stats['render_cpu']:.2f} s CPU in all ({stats['drawn']} pictures drawn); memory "
              f"{stats['rss']:.0f} MiB (peak {stats['peak']:.0f} MiB), render processes {stats['render_rss']:.0f} MiB; "
              f"{stats['live']:,} live connections")
        await pages.close()

        # 2. Many games changing at once.
        games = (await server.ask({"op": "games", "count": args.games}))["games"]
        pages = Pages(base, False)
        for game_id in games:
            pages.open(game_id, args.per_game)
        await pages.wait({(g, 0): args.per_game for g in games})
        await server.ask({"op": "reset"})
        started = time.perf_counter()
        each, whole = [], []
        for _ in range(args.rounds):
            if args.feed == "poll":
                await asyncio.sleep(pause.uniform(0, args.poll))
            moved = (await server.ask({"op": "move", "games": games}))["moved"]
            await pages.wait({(g, seq): args.per_game for g, seq, _ in moved})
            first_commit = min(committed for _, _, committed in moved)
            last = 0.0
            for game_id, seq, committed in moved:
                arrived = max(pages.told[(game_id, seq)])
                each.append(arrived - committed)
                last = max(last, arrived)
            whole.append(last - first_commit)
        wall = time.perf_counter() - started
        stats = await server.ask({"op": "stats"})
        print(f"{args.games} games changing at once, {args.per_game} pages each ({args.games * args.per_game:,} in "
              f"all), {args.rounds} rounds: commit → the game's last page told {ms(each)}; first commit → every "
              f"page of every game told {ms(whole)}")
        print(f"  server: {stats['cpu']:.2f} s CPU over {wall:.1f} s ({stats['cpu'] / wall:.0%} of a CPU), "
              f"{stats['loads']} games read from the store in all; memory {stats['rss']:.0f} MiB "
              f"(peak {stats['peak']:.0f} MiB)")
        await pages.close()
        assert process.stdin is not None
        process.stdin.write(b'{"op": "quit"}\n')
        await process.stdin.drain()
        await asyncio.wait_for(process.wait(), 30)
    finally:
        if process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.kill()
        await process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.web", description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=1000, help="live pages on the one game (default 1000)")
    parser.add_argument("--moves", type=int, default=30, help="moves of that game measured (default 30)")
    parser.add_argument("--games", type=int, default=100, help="games changing at once (default 100)")
    parser.add_argument("--per-game", type=int, default=10, help="live pages on each of them (default 10)")
    parser.add_argument("--rounds", type=int, default=10, help="times they all change (default 10)")
    parser.add_argument("--feed", choices=["told", "poll", "listen"], default="told",
                        help="how the server hears of changes (default told: as inside skald run; listen: on a "
                             "throwaway PostgreSQL cluster)")
    parser.add_argument("--poll", type=float, default=1.0, help="seconds between polls with --feed poll")
    parser.add_argument("--pictures", action="store_true", help="each page also loads each new board picture")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--db", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        asyncio.run(serve(args.feed, args.poll, args.db))
    elif args.feed == "listen":
        from benchmarks.pgcluster import throwaway_cluster

        with throwaway_cluster() as url:
            asyncio.run(run(args, url))
    else:
        asyncio.run(run(args))


if __name__ == "__main__":
    main()
