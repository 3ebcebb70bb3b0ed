"""Fixtures: a real table service over SQLite, the pages' application attached to it as `skald run`
attaches it, and aiohttp's test client in front of it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.tables import Tables
from bot.web.hub import Limits
from bot.web.server import Site

# Quicker than production where a test would wait (heartbeats, a server's list, polls, who may look),
# and no rate to meet (a test scrubs a whole game at once; test_live.py checks the rate).
TEST_LIMITS = Limits(heartbeat=0.5, listing_every=0.05, poll_seconds=0.05, access_seconds=0.0, per_second=1e6,
                     burst=1_000_000)


@pytest.fixture
async def tables(tmp_path: Path) -> AsyncIterator[Tables]:
    service = await Tables.open(tmp_path / "skald.db", seeds=iter(range(7, 10_000)).__next__)
    try:
        yield service
    finally:
        await service.close()


@pytest.fixture
def limits() -> Limits:
    return TEST_LIMITS


@pytest.fixture
async def site(tables: Tables, limits: Limits) -> AsyncIterator[Site]:
    site = Site(tables.store, limits=limits)
    tables.attach(site.told)
    await site.follow(told_here=True)
    try:
        yield site
    finally:
        tables.detach(site.told)
        await site.close()


@pytest.fixture
async def client(site: Site) -> AsyncIterator[TestClient[Any, Any]]:
    async with TestClient(TestServer(site.app)) as test_client:
        yield test_client
