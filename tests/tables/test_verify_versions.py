"""`skald db verify` replays each game under the rules version it was set up with, as the service does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.tables import Tables
from bot.tables.audit import verify
from bot.tables.types import NewTable
from engine import registry
from engine.core import Game
from engine.tranquility import Tranquility
from tests.tables.conftest import ALICE, CHANNEL, GUILD


class FirstRules(Tranquility):
    """Tranquility as it dealt before version 2 (one random stream for everything)."""

    version = 1


async def test_a_game_stored_under_an_older_version_verifies_under_that_version(db_path: Path) -> None:
    first = FirstRules()

    def lookup(name: str) -> Game[Any]:
        return first

    tables = await Tables.open(db_path, games=lookup, snapshot_every=3)
    try:
        info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                                  game="tranquility", host_plays=False))
        for _ in range(2):
            await tables.lobby.add_ai(info.game_id, ALICE, "heuristic")
        await tables.lobby.start(info.game_id, ALICE, seed=7)
        await tables.drain()
        row = await tables.store.games.game(info.game_id)
        assert row is not None and row.engine_version == 1
        audit = await verify(tables.store, registry.get)  # today's Tranquility, which knows version 1
        assert audit.ok and audit.moves > 3, audit.findings
    finally:
        await tables.close()
