"""Audit of 2026-12-02: "`/game replay` and the Replay button ... no cache." The cache itself: a
replay is drawn once, requests made while it is drawn share that drawing, the cache is bounded by
count and bytes, and a refusal is not kept. (Through Discord: tests/discord/test_replay_budget_and_cache.py.)"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import pytest

from bot.replays import Attachment, NoLongerReplays, ReplayCache


def _gif(size: int, name: str = "replay.gif") -> Attachment:
    return Attachment(name, b"G" * size, "image/gif", frames=3)


async def test_requests_while_a_replay_is_drawn_share_that_one_drawing() -> None:
    cache = ReplayCache()
    drawings: list[str] = []
    release = asyncio.Event()

    async def draw() -> Attachment:
        drawings.append("drawn")
        await release.wait()
        return _gif(10)

    waiting = [asyncio.create_task(cache.get((1, 100), draw)) for _ in range(3)]
    await asyncio.sleep(0)
    release.set()
    results = await asyncio.gather(*waiting)
    assert drawings == ["drawn"] and all(result is results[0] for result in results)
    assert await cache.get((1, 100), draw) is results[0] and drawings == ["drawn"]
    # One asker giving up does not stop the drawing the others wait for.
    release.clear()
    given_up = asyncio.create_task(cache.get((2, 100), draw))
    kept = asyncio.create_task(cache.get((2, 100), draw))
    await asyncio.sleep(0)
    given_up.cancel()
    release.set()
    assert (await kept).data == b"G" * 10 and len(drawings) == 2


async def test_the_cache_keeps_at_most_its_count_and_bytes_the_least_recently_asked_going_first() -> None:
    cache = ReplayCache(entries=2, size=100)

    def drawing(size: int) -> Callable[[], Awaitable[Attachment]]:
        async def draw() -> Attachment:
            return _gif(size)
        return draw

    first = await cache.get("a", drawing(40))
    await cache.get("b", drawing(40))
    assert await cache.get("a", drawing(99)) is first  # "a" is now the newest
    await cache.get("c", drawing(40))  # three entries: "b" goes
    assert len(cache) == 2 and cache.bytes == 80
    assert (await cache.get("b", drawing(50))).data == b"G" * 50  # drawn again
    assert len(cache) == 2 and cache.bytes <= 100
    await cache.get("huge", drawing(101))  # over the whole size: given, not kept
    assert cache.bytes <= 100 and len(cache) == 2


async def test_a_refusal_is_not_kept() -> None:
    cache = ReplayCache()
    calls: list[int] = []

    async def refused() -> Attachment:
        calls.append(1)
        raise NoLongerReplays("Change 3 no longer replays under this version of the rules (IllegalMove).")

    for _ in range(2):
        with pytest.raises(NoLongerReplays):
            await cache.get("game", refused)
    assert len(calls) == 2 and len(cache) == 0
