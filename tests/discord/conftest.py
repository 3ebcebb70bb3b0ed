"""Fixtures for driving the bot: a harness over a fresh SQLite file per test (`clocked`: with a
clock the test moves)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.discord.clocked import Clock
from tests.discord.harness import Harness


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    async with Harness.open(tmp_path / "skald.sqlite3") as h:
        yield h
        assert not h.refused_forms, f"messages Discord would refuse: {h.refused_forms}"


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def clocked(tmp_path: Path, clock: Clock) -> AsyncIterator[Harness]:
    async with Harness.open(tmp_path / "skald.sqlite3", clock=clock) as h:
        yield h
        assert not h.refused_forms, f"messages Discord would refuse: {h.refused_forms}"
