"""Fixtures every test folder may use: a database on each backend (tests/databases.py)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from tests.databases import BACKENDS, Target, create_database, drop_database, server_url


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """Each test asking for it runs on SQLite and on PostgreSQL."""
    name: str = request.param
    if name == "postgresql":
        server_url()  # skips (or, under CI, fails) without a server
    return name


async def _database(backend: str, folder: Path, name: str) -> AsyncIterator[Target]:
    if backend == "sqlite":
        yield folder / name
        return
    url = await create_database()
    try:
        yield url
    finally:
        await drop_database(url)


@pytest.fixture
async def database(backend: str, tmp_path: Path) -> AsyncIterator[Target]:
    """A new, empty database: an SQLite file, or a database of its own on the test server."""
    async for target in _database(backend, tmp_path, "skald.db"):
        yield target


@pytest.fixture
def database_for_commands(backend: str, tmp_path: Path) -> Iterator[str]:
    """Like `database`, for tests that run `skald` commands (which run their own event loop)."""
    if backend == "sqlite":
        yield str(tmp_path / "skald.db")
        return
    url = asyncio.run(create_database())
    try:
        yield url
    finally:
        asyncio.run(drop_database(url))


@pytest.fixture
async def another_database(backend: str, tmp_path: Path) -> AsyncIterator[Target]:
    """A second database of the same kind."""
    async for target in _database(backend, tmp_path, "other.db"):
        yield target


@pytest.fixture
async def postgres() -> AsyncIterator[str]:
    """A new database on the test server, for tests that are about PostgreSQL alone."""
    url = await create_database()
    try:
        yield url
    finally:
        await drop_database(url)
