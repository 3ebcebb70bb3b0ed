"""MQTT relay figures, with a real amqtt broker started by this script.

`--broker` chooses where the broker runs: `loop` (this process, the bot's own event loop, as
the tests do), `thread` (this process, its own thread and loop) or `process` (a child process,
closest to a real deployment where the broker is another program).

- Move latency through the whole table service (engine, SQLite commit, notices) with the
  relay off, on with the broker up, and on with the broker stopped: nothing waits for a
  broker, so what the relay adds is the CPU its work (and, in-process, the broker's) takes.
- The cost of `on_public` itself (encode two JSON payloads and queue them).
- Messages/s: how fast the relay empties a full queue to the broker (QoS 1, one message in
  flight), and how many of them a subscriber receives per second.

Run: `.venv/bin/python -m benchmarks.relay [--broker loop|thread|process] [--games 12] [--updates 3000]`.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Coroutine
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

import aiomqtt

from bot.notify import PrivateUpdate, PublicUpdate
from bot.relay import MqttRelay, RelaySettings
from bot.tables import Tables
from bot.tables.service import ai_seed
from bot.tables.types import NewTable
from tests.relay.broker import LocalBroker
from tests.relay.playout import NAMES, engine_changes

PLAYERS = 3


class BrokerPlace(Protocol):
    @property
    def port(self) -> int: ...

    @property
    def url(self) -> str: ...

    @property
    def running(self) -> bool: ...

    async def start(self) -> None: ...

    async def stop(self) -> None: ...

    def close(self) -> None: ...


class LoopBroker(LocalBroker):
    """The broker on the bot's own event loop (what the tests use)."""

    def close(self) -> None:
        return None


class ThreadedBroker:
    """The in-process broker on its own thread and event loop."""

    def __init__(self) -> None:
        self.broker = LocalBroker()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name="amqtt-broker", daemon=True)
        self.thread.start()

    async def _call(self, coroutine: Coroutine[Any, Any, None]) -> None:
        await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(coroutine, self.loop))

    async def start(self) -> None:
        await self._call(self.broker.start())

    async def stop(self) -> None:
        await self._call(self.broker.stop())

    @property
    def port(self) -> int:
        return self.broker.port

    @property
    def url(self) -> str:
        return self.broker.url

    @property
    def running(self) -> bool:
        return self.broker.running

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join()


class ProcessBroker:
    """The same amqtt broker in a child process (`--serve-broker`), restarted on the same port."""

    def __init__(self) -> None:
        self.port = 0
        self._child: subprocess.Popen[str] | None = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    @property
    def running(self) -> bool:
        return self._child is not None

    async def start(self) -> None:
        child = subprocess.Popen([sys.executable, "-m", "benchmarks.relay", "--serve-broker", str(self.port)],
                                 stdout=subprocess.PIPE, text=True)
        assert child.stdout is not None
        self.port = int(await asyncio.to_thread(child.stdout.readline))
        self._child = child

    async def stop(self) -> None:
        if self._child is not None:
            child, self._child = self._child, None
            child.terminate()
            await asyncio.to_thread(child.wait)

    def close(self) -> None:
        return None


async def serve_broker(port: int) -> None:
    """Child side of ProcessBroker: run a broker, tell the parent its port, run until killed."""
    logging.getLogger("amqtt").setLevel(logging.CRITICAL)
    broker = LocalBroker()
    broker.port = port
    await broker.start()
    print(broker.port, flush=True)
    await asyncio.Event().wait()


class Quiet:
    """A notifier that does nothing, private updates included. A real bot always has one that
    takes them (the Discord adapter), and the table service builds no updates at all when nobody
    listens (no private ones when nobody takes them), so both halves of a pair get this one and
    the difference is the relay alone."""

    async def on_public(self, update: PublicUpdate) -> None:
        return None

    async def on_private(self, update: PrivateUpdate) -> None:
        return None

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        return None


async def play_game(tables: Tables, seed: int) -> list[float]:
    """One full Tranquility game, every seat a human choosing by a seeded index; move latencies."""
    latencies: list[float] = []
    info = await tables.lobby.create(NewTable(guild_id=1, channel_id=1, host_id=1, host_name=NAMES[0],
                                              game="tranquility"))
    for user in range(2, PLAYERS + 1):
        await tables.lobby.join(info.game_id, user, NAMES[user - 1])
    await tables.lobby.start(info.game_id, 1, seed=seed)
    while (game := await tables.game(info.game_id)).status == "running":
        seat = min(game.to_move)
        view = await tables.table_view(info.game_id, seat + 1)
        move = view.legal_moves[ai_seed(seed, view.state_id, seat) % len(view.legal_moves)]
        started = time.perf_counter()
        await tables.play.move(info.game_id, seat + 1, view.state_id, move.text)
        latencies.append(time.perf_counter() - started)
    return latencies


def describe(name: str, latencies: list[float], base: list[float] | None = None) -> str:
    def p(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(len(ordered) * q))] * 1000

    mean = statistics.fmean(latencies) * 1000
    added = "" if base is None else (f"  added: mean {mean - statistics.fmean(base) * 1000:+.3f} ms,"
                                     f" p50 {p(latencies, 0.5) - p(base, 0.5):+.3f} ms")
    return (f"  {name:<22} moves {len(latencies):>5}  mean {mean:6.3f} ms  p50 {p(latencies, 0.5):6.3f} ms"
            f"  p99 {p(latencies, 0.99):6.3f} ms{added}")


async def latency(folder: Path, games: int, broker: BrokerPlace, settings: RelaySettings) -> None:
    """Each game is played twice in a row, relay detached then attached, so both halves of a pair
    see the same machine load (the figures drift with whatever else the machine runs)."""
    print(f"Move latency through Tables, {games} full 3-seat Tranquility games, each played with the relay "
          "off and on:")
    for phase in ("broker up", "broker down"):
        if phase == "broker down":
            await broker.stop()
        tables = await Tables.open(folder / f"{phase.replace(' ', '-')}.db")
        tables.attach(Quiet())
        relay = MqttRelay(settings)
        relay.start()
        off: list[float] = []
        on: list[float] = []
        try:
            while broker.running and not relay.stats().connected:
                await asyncio.sleep(0.01)
            for seed in range(games):
                off += await play_game(tables, seed)
                tables.attach(relay)
                on += await play_game(tables, seed)
                tables.detach(relay)
            flushed = await relay.flush(30.0) if broker.running else False
        finally:
            await relay.close()
            await tables.close()
        stats = relay.stats()
        print(f"  {phase}: published {stats.published}, pending states {stats.pending_states}, pending events "
              f"{stats.pending_events}, coalesced {stats.coalesced_states}, dropped events {stats.dropped_events}, "
              f"all flushed: {flushed}")
        print(describe("relay off", off))
        print(describe(f"relay on, {phase}", on, off))
    await broker.start()


async def encode_cost(updates: int) -> None:
    changes = [c.update for c in engine_changes(seed=1, players=3)]
    relay = MqttRelay(RelaySettings(host="127.0.0.1", state_limit=updates, event_limit=updates))
    started = time.perf_counter()
    for n in range(updates):
        update = changes[n % len(changes)]
        await relay.on_public(replace(update, game_id=n))
    elapsed = time.perf_counter() - started
    print(f"on_public (encode + queue, no network): {elapsed / updates * 1e6:.1f} µs per update")


async def throughput(broker: BrokerPlace, settings: RelaySettings, updates: int) -> None:
    """`updates` changes of distinct games (nothing coalesces): a state and an events message each."""
    changes = [c.update for c in engine_changes(seed=1, players=3) if c.update.events]
    settings = replace(settings, state_limit=updates, event_limit=updates)
    received = 0
    expected = 2 * updates
    done = asyncio.Event()
    subscribed = asyncio.Event()

    async def subscriber() -> None:
        nonlocal received
        async with aiomqtt.Client("127.0.0.1", broker.port) as client:
            await client.subscribe(f"{settings.prefix}/#", qos=1)
            subscribed.set()
            async for _ in client.messages:
                received += 1
                if received >= expected:
                    done.set()
                    return

    listening = asyncio.create_task(subscriber())
    await subscribed.wait()
    relay = MqttRelay(settings)
    relay.start()
    while not relay.stats().connected:
        await asyncio.sleep(0.01)
    started = time.perf_counter()
    for n in range(updates):
        await relay.on_public(replace(changes[n % len(changes)], game_id=100_000 + n))
    queued = time.perf_counter()
    assert await relay.flush(600.0)
    published = time.perf_counter()
    await asyncio.wait_for(done.wait(), 600.0)
    delivered = time.perf_counter()
    await relay.close()
    listening.cancel()
    messages = relay.stats().published
    print(f"Throughput, {updates} changes of distinct games = {messages} messages (QoS 1):")
    print(f"  queued in {1000 * (queued - started):.1f} ms")
    print(f"  relay -> broker: {messages / (published - started):,.0f} messages/s")
    print(f"  relay -> broker -> subscriber: {received / (delivered - started):,.0f} messages/s")


PLACES: dict[str, type[LoopBroker] | type[ThreadedBroker] | type[ProcessBroker]] = {
    "loop": LoopBroker, "thread": ThreadedBroker, "process": ProcessBroker,
}


async def main(place: str, games: int, updates: int) -> None:
    logging.getLogger("amqtt").setLevel(logging.CRITICAL)
    logging.getLogger("bot.relay").setLevel(logging.ERROR)
    broker: BrokerPlace = PLACES[place]()
    await broker.start()
    print(f"Broker: amqtt, {place} ({broker.url})")
    settings = replace(RelaySettings.from_url(broker.url, {}), backoff_initial=0.05, backoff_cap=1.0)
    try:
        with tempfile.TemporaryDirectory() as folder:
            await latency(Path(folder), games, broker, settings)
        await encode_cost(updates)
        await throughput(broker, settings, updates)
    finally:
        await broker.stop()
        broker.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--broker", choices=sorted(PLACES), default="loop", help="where the broker runs")
    parser.add_argument("--serve-broker", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--games", type=int, default=12, help="full games per latency row")
    parser.add_argument("--updates", type=int, default=3000, help="changes for the throughput figure")
    args = parser.parse_args()
    if args.serve_broker is not None:
        asyncio.run(serve_broker(args.serve_broker))
    else:
        asyncio.run(main(args.broker, args.games, args.updates))
