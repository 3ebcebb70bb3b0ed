"""Every registered game plays from lobby to end through the service, across a restart."""

from __future__ import annotations

import pytest

from bot.tables import Tables
from bot.tables.audit import verify
from bot.tables.types import NewTable
from engine import registry
from tests.databases import Target
from tests.tables.conftest import ALICE, CHANNEL, GUILD, Recorder


@pytest.mark.parametrize("name", registry.names())
async def test_registered_game_plays_to_the_end_across_a_restart_and_verifies(name: str, db_path: Target) -> None:
    engine = registry.get(name)
    seats = min(engine.max_players, 3)
    recorder = Recorder()
    tables = await Tables.open(db_path, snapshot_every=5)
    tables.attach(recorder)
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                              game=name))
    for _ in range(seats - 1):
        await tables.lobby.add_ai(info.game_id, ALICE, "random")
    await tables.lobby.start(info.game_id, ALICE, seed=2026)
    moves = 0
    while (view := await tables.table_view(info.game_id, ALICE)).info.status == "running":
        if moves == 7:  # a restart midway, with a cache too small to keep anything
            await tables.close()
            tables = await Tables.open(db_path, snapshot_every=5, cache_size=1)
            tables.attach(recorder)
            view = await tables.table_view(info.game_id, ALICE)
        if view.my_turn:
            await tables.play.move(info.game_id, ALICE, view.state_id, view.legal_moves[0].text)
            moves += 1
        await tables.drain()
    try:
        assert not tables.ai.failures
        final = await tables.game(info.game_id)
        assert final.status == "finished" and final.outcome is not None
        audit = await verify(tables.store, registry.get)
        assert audit.ok, audit.findings
        secret = {line for p in recorder.private for line in p.events}
        assert not secret & {line for u in recorder.public for line in u.events}
        assert not secret & {line.text for line in await tables.log(info.game_id, None, limit=10_000)}
    finally:
        await tables.close()
