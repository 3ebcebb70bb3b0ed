"""What a spectator's browser does, short of a browser: open pages and follow a live stream of
server-sent events over a real connection (tests/web/test_browser.py drives a real one)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

import aiohttp
from aiohttp.test_utils import TestClient

from bot.tables import Tables
from bot.tables.types import NewTable

GUILD, CHANNEL, PRIVATE_CHANNEL = 41, 42, 43
HOST = 1001

JSON = dict[str, Any]


@dataclass
class Event:
    name: str
    data: JSON
    id: str | None = None


@dataclass
class Stream:
    """A live page's stream as it arrives, parsed."""

    response: aiohttp.ClientResponse
    events: list[Event] = field(default_factory=list)
    comments: int = 0
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    ended: bool = False

    async def read(self) -> None:
        name, event_id = "message", None
        data: list[str] = []
        try:
            async for raw in self.response.content:
                line = raw.decode().rstrip("\n")
                if not line:
                    if data:
                        self.events.append(Event(name, json.loads("\n".join(data)), event_id))
                        self.arrived.set()
                    name, data, event_id = "message", [], None
                elif line.startswith(":"):
                    self.comments += 1
                elif line.startswith("data: "):
                    data.append(line.removeprefix("data: "))
                elif line.startswith("event: "):
                    name = line.removeprefix("event: ")
                elif line.startswith("id: "):
                    event_id = line.removeprefix("id: ")
        except (aiohttp.ClientError, asyncio.CancelledError):
            pass
        finally:
            self.ended = True
            self.arrived.set()

    async def wait_for(self, found: Callable[[list[Event]], bool], timeout: float = 10.0) -> list[Event]:
        """Until the events so far satisfy `found` (AssertionError, with what came, after `timeout`)."""
        async with asyncio.timeout(timeout):
            while not found(self.events):
                if self.ended:
                    raise AssertionError(f"the stream ended with {[e.name for e in self.events]}")
                self.arrived.clear()
                await self.arrived.wait()
        return self.events

    def latest(self) -> JSON:
        changes = [e for e in self.events if e.name == "change"]
        assert changes, "no state arrived"
        return changes[-1].data


@contextlib.asynccontextmanager
async def following(client: TestClient[Any, Any], path: str, headers: dict[str, str] | None = None
                    ) -> AsyncIterator[Stream]:
    """Follow a live stream while the block runs."""
    response = await client.get(path, headers=headers)
    assert response.status == 200, await response.text()
    assert response.headers["Content-Type"].startswith("text/event-stream")
    stream = Stream(response)
    task = asyncio.create_task(stream.read())
    try:
        yield stream
    finally:
        response.close()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


@contextlib.asynccontextmanager
async def live_pages(client: TestClient[Any, Any], path: str, count: int) -> AsyncIterator[list[Stream]]:
    """`count` live pages following `path`, each once its first state has arrived."""
    async with contextlib.AsyncExitStack() as stack:
        streams = [await stack.enter_async_context(following(client, path)) for _ in range(count)]
        for stream in streams:
            await stream.wait_for(lambda e: len(e) >= 1)
        yield streams


def serving_or_browsing(task: asyncio.Task[Any]) -> bool:
    """Tasks of the pages' connections and of a test's browser: not the bot's work, which a harness
    waits for when it settles (an idle keep-alive connection lives for seconds)."""
    code = getattr(task.get_coro(), "cr_code", None)
    where = code.co_filename if code is not None else ""
    return where.endswith(("aiohttp/web_protocol.py", "tests/web/browser.py"))


async def open_game(tables: Tables, *, game: str = "tranquility", seed: int = 7, ais: int = 2,
                    channel: int = CHANNEL, options: JSON | None = None, host_plays: bool = True,
                    clock: str | None = None) -> int:
    """A started game: the host (or, without `host_plays`, only AI seats) and `ais` random AI seats."""
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=channel, host_id=HOST, host_name="Astrid",
                                              game=game, options=options, host_plays=host_plays, clock=clock))
    for _ in range(ais):
        await tables.lobby.add_ai(info.game_id, HOST, "random")
    await tables.lobby.start(info.game_id, HOST, seed=seed)
    return info.game_id


async def web_on(tables: Tables, mode: str = "on", public: tuple[int, ...] = (CHANNEL,),
                 private: tuple[int, ...] = (PRIVATE_CHANNEL,)) -> None:
    """The server's pages on, its channels seen as the bot would see them."""
    await tables.servers.set_setting(GUILD, "web", mode)
    for channel in public:
        await tables.servers.saw_channel(GUILD, channel, True, await tables.servers.web_access(GUILD))
    for channel in private:
        await tables.servers.saw_channel(GUILD, channel, False, await tables.servers.web_access(GUILD))
