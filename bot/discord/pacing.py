"""Posting at Discord's pace: one post in flight per channel, about 5 per 5 s, retries with backoff.

Discord allows a bot roughly five messages per five seconds in one channel. Skald never
relies on hitting that wall: it waits for a slot itself, and what piles up meanwhile is told
in one post (the announcers coalesce), so a backlog shrinks instead of queueing. A post may
leave slots `spare`: a game's story keeps one free while the game runs, so the post that ends
it finds a slot at once instead of waiting out the window behind mid-game posts.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections import deque
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

import discord

CHANNEL_RATE = 5  # posts ...
CHANNEL_PER = 5.0  # ... per this many seconds, per channel
MARGIN = 0.05  # a share of the window kept in hand: a post's arrival at Discord lags its start
PRUNE_AT = 2_000  # idle channels forgotten beyond this many


class ChannelPacer:
    """Slots for writing to a channel: one at a time, at most `rate` per `per` seconds."""

    def __init__(self, rate: int = CHANNEL_RATE, per: float = CHANNEL_PER,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.per = per * (1 + MARGIN)
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._sent: dict[int, deque[float]] = {}
        self.waited = 0.0  # seconds spent waiting for a slot, for benchmarks

    @asynccontextmanager
    async def slot(self, channel_id: int, *, post: bool = True, spare: int = 0) -> AsyncIterator[None]:
        """Hold the channel's slot for one write; a new message (`post`) also waits while the
        channel is at its rate less `spare` slots. Edits have their own, looser limit at Discord:
        they only queue."""
        if len(self._locks) > PRUNE_AT:
            self._prune()
        lock = self._locks.setdefault(channel_id, asyncio.Lock())
        async with lock:
            if not post:
                yield
                return
            sent = self._sent.setdefault(channel_id, deque())
            while (pause := self._pause(sent, spare)) > 0:
                self.waited += pause
                await asyncio.sleep(pause)
            sent.append(self.clock())
            yield

    async def ready(self, channel_id: int, *, spare: int = 0, unless: asyncio.Event | None = None) -> bool:
        """Wait until a post leaving `spare` slots free could go to the channel (without taking
        the slot), or until `unless` is set; True if it waited. Waiting before reading what to
        tell lets whatever is committed meanwhile join the post."""
        sent = self._sent.get(channel_id)
        began = self.clock()
        waited = False
        while sent is not None and (pause := self._pause(sent, spare)) > 0:
            waited = True
            if unless is None:
                await asyncio.sleep(pause)
                continue
            try:
                await asyncio.wait_for(unless.wait(), pause)
            except TimeoutError:
                continue
            break
        self.waited += self.clock() - began
        return waited

    def _pause(self, sent: deque[float], spare: int) -> float:
        """Seconds until a post leaving `spare` slots free may go (0: now)."""
        now = self.clock()
        while sent and now - sent[0] >= self.per:
            sent.popleft()
        allowed = max(1, self.rate - spare)
        if len(sent) < allowed:
            return 0.0
        return max(0.0, self.per - (now - sent[len(sent) - allowed]))

    def _prune(self) -> None:
        now = self.clock()
        for channel_id in list(self._locks):
            lock, sent = self._locks[channel_id], self._sent.get(channel_id)
            if not lock.locked() and (not sent or now - sent[-1] >= self.per):
                del self._locks[channel_id]
                self._sent.pop(channel_id, None)


class Backoff:
    """Capped, jittered exponential delays for retrying a failed post."""

    def __init__(self, base: float = 1.0, cap: float = 300.0, seed: int | None = None) -> None:
        self.base = base
        self.cap = cap
        self._random = random.Random(seed)

    def delay(self, attempt: int, error: BaseException | None = None) -> float:
        """Seconds to wait before retry number `attempt` (0-based); Discord's own retry_after wins."""
        wait = min(self.cap, self.base * 2 ** min(attempt, 30)) * self._random.uniform(0.5, 1.0)
        hint = retry_after(error)
        return float(max(wait, hint)) if hint is not None else float(wait)


def retry_after(error: BaseException | None) -> float | None:
    """The wait Discord asked for, if the error says (a 429)."""
    if isinstance(error, discord.RateLimited):
        return float(error.retry_after)
    if isinstance(error, discord.HTTPException) and error.status == 429:
        headers = getattr(error.response, "headers", None) or {}
        value = headers.get("Retry-After") if hasattr(headers, "get") else None
        try:
            return float(value) if value is not None else None
        except ValueError:
            return None
    return None


def permanent(error: BaseException) -> bool:
    """A refusal that retrying can't fix (no access, deleted channel or message)."""
    return isinstance(error, discord.HTTPException) and error.status in (400, 403, 404)
