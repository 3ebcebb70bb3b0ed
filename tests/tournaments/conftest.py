"""The event tests' fixtures: a clock they move and a Tables over a real database of each kind."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.tables import Tables
from tests.databases import Target
from tests.tables.duel import games
from tests.tournaments.events import Clock


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def tables(database: Target, clock: Clock) -> AsyncIterator[Tables]:
    service = await Tables.open(database, games=games, clock=clock, seeds=iter(range(1, 10_000)).__next__)
    yield service
    await service.close()
