"""The columns of a game that adapters keep (its lobby message, thread, pause), on each backend."""

from __future__ import annotations

import pytest

from bot.store import StoreError, open_store
from tests.databases import Target


async def test_an_adapter_sets_only_its_own_columns_of_a_game_and_anything_else_changes_nothing(
        database: Target) -> None:
    store = await open_store(database)
    try:
        game_id = await store.games.create_game(guild_id=1, channel_id=2, host_id=3, host_name="Ann",
                                                game="tranquility", options={}, now=10.0)
        assert await store.games.set_game_field(game_id, "thread_id", 77, now=11.0)
        assert await store.games.set_game_field(game_id, "paused_at", 12.5, now=12.0)
        assert not await store.games.set_game_field(game_id + 1, "thread_id", 78, now=12.0)  # no such game
        for column in ("status", "state_id = 0, status", "host_id"):
            with pytest.raises(StoreError, match="is not an adapter bookkeeping column"):
                await store.games.set_game_field(game_id, column, 1, now=13.0)
        row = await store.games.game(game_id)
        assert row is not None
        assert (row.thread_id, row.paused_at, row.status, row.host_id, row.updated_at) == (77, 12.5, "lobby", 3, 12.0)
    finally:
        await store.close()
