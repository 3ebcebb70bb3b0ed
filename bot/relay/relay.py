"""The MQTT relay: a Notifier that mirrors public game state to a broker.

`on_public` only encodes and queues (no network, no awaiting), so a move never waits for
the broker. A background task owns the connection: it publishes the queue in order,
reconnects with capped, jittered exponential backoff when the broker goes away, and
republishes the latest state of every live game after each (re)connect. With pictures on, a
second task has each game's newest public board drawn in the render processes (bot/rendering.py)
and queues it too.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager
from dataclasses import dataclass
from types import TracebackType
from typing import Protocol

import aiomqtt

from bot.notify import Notifier, PublicUpdate
from bot.relay.backoff import backoff_delay
from bot.relay.outbox import Outbox
from bot.relay.payload import encode, events_document, events_topic, picture_topic, state_document, state_topic
from bot.relay.pictures import Draw, PictureJob, PictureQueue, drawn_in_render_processes, picture_job
from bot.relay.settings import RelaySettings, settings_from_env

log = logging.getLogger(__name__)

_IN_PLAY = ("lobby", "running")


@dataclass(frozen=True)
class RelayStats:
    """A snapshot of the relay's counters."""

    connected: bool
    connects: int
    connection_failures: int
    published: int
    pending_states: int
    pending_events: int
    live_games: int
    ended_games: int
    coalesced_states: int
    dropped_states: int
    dropped_events: int
    republished_states: int
    pictures_drawn: int = 0
    pictures_skipped: int = 0  # replaced by a newer picture of the same game before being drawn
    pictures_failed: int = 0


class MqttRelay:
    """Publishes spectator views and public log lines; never a seat's private view.

    A `Notifier` and no `PrivateListener` (it has no `on_private`), so the table service never
    hands it a seat's private update at all.

    Use as `async with MqttRelay(settings) as relay:` or call `start()` / `close()`.
    `jitter` is the random source for backoff (a callable giving floats in [0, 1)); `draw`
    makes the picture of a spectator view, off the event loop (tests slow it down).
    """

    def __init__(self, settings: RelaySettings, *, jitter: Callable[[], float] | None = None,
                 draw: Draw = drawn_in_render_processes) -> None:
        self.settings = settings
        self._jitter = jitter or random.Random().random
        self._draw = draw
        self._outbox = Outbox(settings.state_limit, settings.event_limit, settings.ended_limit)
        self._pictures = PictureQueue()
        self._drawing: PictureJob | None = None
        self._wakeup = asyncio.Event()
        self._picture_wakeup = asyncio.Event()
        self._idle = asyncio.Event()
        self._idle.set()  # nothing queued yet
        self._task: asyncio.Task[None] | None = None
        self._painter: asyncio.Task[None] | None = None
        self._connected = False
        self._connects = 0
        self._connection_failures = 0
        self._published = 0
        self._pictures_drawn = 0
        self._pictures_failed = 0

    # -- Notifier -------------------------------------------------------------------------
    async def on_public(self, update: PublicUpdate) -> None:
        """Queue the game's new state (and its public log lines, if any); returns at once.

        With pictures on, the picture is only asked for here; the painter task draws it later.
        """
        game = (update.guild_id, update.game_id)
        prefix, space = self.settings.prefix, self.settings.space(update.guild_id)
        if update.events:
            self._outbox.put_event(events_topic(prefix, space, update.game_id), encode(events_document(update)))
        self._outbox.put_state(game, state_topic(prefix, space, update.game_id), encode(state_document(update)),
                               ended=update.status not in _IN_PLAY)
        if self.settings.pictures:
            job = picture_job(update, picture_topic(prefix, space, update.game_id))
            if job is not None:
                self._pictures.want(job)
                self._picture_wakeup.set()
        self._kick()

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        """Remove the game's retained state (and picture) from the broker (empty retained payloads)."""
        prefix, space = self.settings.prefix, self.settings.space(guild_id)
        topics = [state_topic(prefix, space, game_id)]
        if self.settings.pictures:
            topics.append(picture_topic(prefix, space, game_id))
            self._pictures.forget((guild_id, game_id))
        self._outbox.put_clear((guild_id, game_id), *topics)
        self._kick()

    def _kick(self) -> None:
        self._idle.clear()
        self._wakeup.set()

    def _settle(self) -> None:
        """Mark the relay idle once nothing is queued, waiting to be drawn or being drawn."""
        if not len(self._outbox) and not len(self._pictures) and self._drawing is None:
            self._idle.set()

    # -- lifecycle ------------------------------------------------------------------------
    def start(self) -> None:
        """Start the background connection task, and the painter when pictures are on (idempotent)."""
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name="skald-mqtt-relay")
        if self.settings.pictures and (self._painter is None or self._painter.done()):
            self._painter = asyncio.create_task(self._paint(), name="skald-mqtt-pictures")

    async def flush(self, timeout: float) -> bool:
        """Wait up to `timeout` seconds until everything queued (pictures included) is published;
        True if so."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True

    async def close(self) -> None:
        """Stop the background tasks; whatever is still queued is given up."""
        for task in (self._task, self._painter):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._task = self._painter = None

    async def __aenter__(self) -> MqttRelay:
        self.start()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                        tb: TracebackType | None) -> None:
        await self.close()

    def stats(self) -> RelayStats:
        counters = self._outbox.counters
        return RelayStats(
            connected=self._connected,
            connects=self._connects,
            connection_failures=self._connection_failures,
            published=self._published,
            pending_states=self._outbox.pending_states,
            pending_events=self._outbox.pending_events,
            live_games=self._outbox.live_games,
            ended_games=self._outbox.ended_games,
            coalesced_states=counters.coalesced_states,
            dropped_states=counters.dropped_states,
            dropped_events=counters.dropped_events,
            republished_states=counters.republished_states,
            pictures_drawn=self._pictures_drawn,
            pictures_skipped=self._pictures.coalesced,
            pictures_failed=self._pictures_failed,
        )

    # -- the connection -------------------------------------------------------------------
    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        failures = 0
        while True:
            try:
                async with self.settings.client() as client:
                    self._outbox.republish_latest()
                    if len(self._outbox):
                        self._idle.clear()
                    self._connected = True
                    self._connects += 1
                    connected_at = loop.time()
                    log.info("MQTT relay connected to %s", self.settings.url)
                    try:
                        await self._pump(client)
                    finally:
                        # Only a connection that held for a while resets the backoff; one the
                        # broker drops at once (bad credentials, overload) keeps backing off.
                        if loop.time() - connected_at >= self.settings.backoff_cap:
                            failures = 0
            except aiomqtt.MqttError as exc:
                log.warning("MQTT relay: broker %s unreachable or lost: %s", self.settings.url, exc)
            except Exception:
                # A bug here must not end the relay for the life of the bot.
                log.exception("MQTT relay: unexpected error; reconnecting")
            finally:
                self._connected = False
            self._connection_failures += 1
            delay = backoff_delay(failures, self.settings.backoff_initial, self.settings.backoff_cap,
                                  self._jitter())
            failures += 1
            await asyncio.sleep(delay)

    async def _pump(self, client: aiomqtt.Client) -> None:
        """Publish until the connection fails; raises the MqttError that ended it."""
        tasks = [asyncio.create_task(self._send(client)), asyncio.create_task(self._watch_connection(client))]
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        for task in done:
            task.result()
        raise aiomqtt.MqttError("MQTT relay connection ended")

    async def _send(self, client: aiomqtt.Client) -> None:
        while True:
            message = self._outbox.peek()
            if message is None:
                self._settle()
                await self._wakeup.wait()
                self._wakeup.clear()
                continue
            await client.publish(message.topic, message.payload, qos=1, retain=message.retain)
            self._outbox.done(message)
            self._published += 1

    # -- pictures -------------------------------------------------------------------------
    async def _paint(self) -> None:
        """Have the newest wanted picture of each game drawn, one at a time, and queue it.

        In the render processes, not the bot's own: Pillow holds the GIL for the 40-180 ms of a
        picture. One at a time and not urgent: a table-side screen needs no more, and the
        pictures people wait for in Discord share the same processes and go first.
        """
        while True:
            job = self._pictures.take()
            if job is None:
                self._settle()
                await self._picture_wakeup.wait()
                self._picture_wakeup.clear()
                continue
            self._drawing = job
            try:
                png = await self._draw(job.view, list(job.names))
            except Exception:
                # A picture is an extra: the state document already told everything.
                log.exception("MQTT relay: drawing the picture of game %d (seq %d) failed", job.game[1], job.seq)
                self._pictures_failed += 1
                continue
            finally:
                self._drawing = None
            # Dropped when the game was deleted while it was being drawn.
            if self._outbox.put_picture(job.game, job.topic, png):
                self._pictures_drawn += 1
                self._kick()

    @staticmethod
    async def _watch_connection(client: aiomqtt.Client) -> None:
        # The relay subscribes to nothing, so this iterator yields no messages; it raises
        # MqttError the moment the connection drops, even while the queue is idle, so the
        # relay reconnects and republishes without waiting for the next move.
        async for _ in client.messages:
            pass


class NotifierHost(Protocol):
    """What the relay is attached to (the table service)."""

    def attach(self, notifier: Notifier) -> None: ...

    def detach(self, notifier: Notifier) -> None: ...


@asynccontextmanager
async def relay_attached(host: NotifierHost, broker: RelaySettings | str | None, *, flush_timeout: float = 10.0,
                         report: Callable[[str], None] | None = None) -> AsyncIterator[MqttRelay | None]:
    """Attach a relay for `broker` (settings or a URL) to `host` for the duration of the block
    (nothing when it is None).

    On the way out it gives the queue up to `flush_timeout` seconds to reach the broker, so a
    short-lived command (a demo) still delivers its last state, and reports what happened.
    """
    if broker is None:
        yield None
        return
    relay = MqttRelay(broker if isinstance(broker, RelaySettings) else RelaySettings.from_url(broker))
    relay.start()
    host.attach(relay)
    try:
        yield relay
    finally:
        host.detach(relay)
        delivered = await relay.flush(flush_timeout)
        await relay.close()
        if report is not None:
            stats = relay.stats()
            if delivered:
                report(f"MQTT relay: {stats.published} messages published to {relay.settings.url}.")
            else:
                report(f"MQTT relay: broker {relay.settings.url} not reached in time; "
                       f"{stats.pending_states + stats.pending_events} messages not delivered.")


def relay_from_env(environ: Mapping[str, str] | None = None) -> MqttRelay | None:
    """A relay for SKALD_MQTT_URL, or None when the variable is unset (relay off)."""
    settings = settings_from_env(environ)
    return None if settings is None else MqttRelay(settings)
