"""A real Tables over a real database — an SQLite file in tmp_path, or a PostgreSQL database of its
own (each test runs on both, tests/conftest.py) — with a notifier that records everything."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.notify import PrivateUpdate, PublicUpdate
from bot.tables import Tables
from bot.tables.types import NewTable
from tests.ai_seats import no_thinking
from tests.databases import Target
from tests.tables.duel import games


class Recorder:
    """A notifier adapter that keeps what it is told, in order."""

    def __init__(self) -> None:
        self.public: list[PublicUpdate] = []
        self.private: list[PrivateUpdate] = []
        self.deleted: list[tuple[int, int]] = []

    async def on_public(self, update: PublicUpdate) -> None:
        self.public.append(update)

    async def on_private(self, update: PrivateUpdate) -> None:
        self.private.append(update)

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        self.deleted.append((guild_id, game_id))


@pytest.fixture
def db_path(database: Target) -> Target:
    """The test's database: a file path or a PostgreSQL URL (tests/databases.py)."""
    return database


@pytest.fixture
async def tables(db_path: Target) -> AsyncIterator[Tables]:
    service = no_thinking(await Tables.open(db_path, games=games, snapshot_every=4))
    yield service
    await service.close()


@pytest.fixture
def recorder(tables: Tables) -> Recorder:
    notifier = Recorder()
    tables.attach(notifier)
    return notifier


GUILD, CHANNEL = 10, 20
ALICE, BOB, CARL = 1, 2, 3


async def duel(tables: Tables, *, rounds: int = 3, seed: int = 5, players: int = 2) -> int:
    """A started Rune Duel hosted by Alice with Bob (and Carl); returns its id."""
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                              game="duel", options={"rounds": rounds}))
    await tables.lobby.join(info.game_id, BOB, "Bob")
    if players > 2:
        await tables.lobby.join(info.game_id, CARL, "Carl")
    await tables.lobby.start(info.game_id, ALICE, thread_id=30, seed=seed)
    return info.game_id
