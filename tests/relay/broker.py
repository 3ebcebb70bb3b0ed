"""A real amqtt broker in this process, on a port chosen by the OS (xdist-safe)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import aiomqtt
from amqtt.broker import Broker


def _config(port: int) -> dict[str, Any]:
    return {
        "listeners": {"default": {"type": "tcp", "bind": f"127.0.0.1:{port}"}},
        # Only anonymous auth: the default plugin set also starts $SYS publishing and packet logs.
        "plugins": {"amqtt.plugins.authentication.AnonymousAuthPlugin": {"allow_anonymous": True}},
    }


class LocalBroker:
    """Start on a free port, stop, and start again on the same port (retained messages are lost,
    as with a broker restarted without persistence)."""

    def __init__(self) -> None:
        self.port = 0
        self._broker: Any = None

    @property
    def url(self) -> str:
        return f"mqtt://127.0.0.1:{self.port}"

    @property
    def running(self) -> bool:
        return self._broker is not None

    async def start(self) -> None:
        broker = Broker(_config(self.port))
        await broker.start()
        if self.port == 0:
            self.port = int(broker._servers["default"].instance.sockets[0].getsockname()[1])
        self._broker = broker

    async def stop(self) -> None:
        if self._broker is not None:
            broker, self._broker = self._broker, None
            await broker.shutdown()

    def retained(self) -> dict[str, bytes]:
        """Topic -> payload of the broker's retained messages."""
        assert self._broker is not None
        return {topic: bytes(message.data) for topic, message in self._broker.retained_messages.items()}


class Recorder:
    """A subscriber that records every message under a topic filter, in arrival order."""

    def __init__(self, port: int, topic_filter: str = "skald/#") -> None:
        self.port = port
        self.topic_filter = topic_filter
        self.messages: list[Received] = []
        self._arrived = asyncio.Condition()
        self._task: asyncio.Task[None] | None = None
        self._subscribed = asyncio.Event()

    async def __aenter__(self) -> Recorder:
        self._task = asyncio.create_task(self._listen())
        await asyncio.wait_for(self._subscribed.wait(), 10)
        return self

    async def __aexit__(self, *exc: object) -> None:
        assert self._task is not None
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    async def _listen(self) -> None:
        with contextlib.suppress(aiomqtt.MqttError):  # the broker was stopped under us
            await self._receive()

    async def _receive(self) -> None:
        async with aiomqtt.Client("127.0.0.1", self.port) as client:
            await client.subscribe(self.topic_filter, qos=1)
            self._subscribed.set()
            async for message in client.messages:
                payload = message.payload if isinstance(message.payload, bytes) else str(message.payload).encode()
                async with self._arrived:
                    self.messages.append(Received(message.topic.value, payload, message.retain))
                    self._arrived.notify_all()

    async def wait_for(self, predicate: Callable[[list[Received]], bool], timeout: float = 20.0) -> None:
        """Wait until `predicate(messages)` holds (the timeout only guards against a hang)."""
        async with self._arrived:
            await asyncio.wait_for(self._arrived.wait_for(lambda: predicate(self.messages)), timeout)

    def on(self, topic: str) -> list[Received]:
        return [m for m in self.messages if m.topic == topic]


@dataclass(frozen=True)
class Received:
    topic: str
    payload: bytes
    retain: bool

    def json(self) -> Any:
        return json.loads(self.payload)
