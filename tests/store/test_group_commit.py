"""Changes of many games at once, each all-or-nothing on its own: on SQLite they share a
transaction (group commit), on PostgreSQL each has its own; the outcome is the same."""

from __future__ import annotations

import asyncio

import pytest

from bot.kinds import ChangeKind
from bot.store import MoveRow, StateConflict, open_store
from bot.tables import Tables
from tests.databases import Target
from tests.tables.conftest import duel
from tests.tables.duel import games


def change(state_id: int, text: str) -> MoveRow:
    return MoveRow(state_id=state_id, seat=0, kind=ChangeKind.MOVE, text=text, events=(("a line", None),), to_move=(1,),
                   user_id=1, created_at=0.0)


async def started_games(path: Target, count: int) -> list[int]:
    tables = await Tables.open(path, games=games)
    try:
        return [await duel(tables, seed=i) for i in range(count)]
    finally:
        await tables.close()


async def test_a_refused_change_does_not_sink_the_others_in_its_batch(database: Target) -> None:
    path = database
    ids = await started_games(path, 3)
    store = await open_store(path)
    try:
        results = await asyncio.gather(
            store.games.append_change(ids[0], change(1, "lay 1"), status="running", outcome=None, snapshot=None),
            store.games.append_change(ids[1], change(5, "lay 2"), status="running", outcome=None, snapshot=None),
            store.games.append_change(ids[2], change(1, "lay 3"), status="running", outcome=None, snapshot={"x": 1}),
            return_exceptions=True,
        )
        assert results[0] is None and results[2] is None and isinstance(results[1], StateConflict)
        assert [(m.state_id, m.text) for m in await store.games.moves(ids[0])] == [(1, "lay 1")]
        assert await store.games.moves(ids[1]) == [] and (await store.games.game(ids[1])) is not None
        assert [s.state_id for s in await store.games.snapshots(ids[2])] == [0, 1]
        with pytest.raises(StateConflict):  # the same state id twice: the second is refused
            await store.games.append_change(ids[0], change(1, "lay 9"), status="running", outcome=None, snapshot=None)
    finally:
        await store.close()


async def test_many_games_moving_at_once_all_commit(database: Target) -> None:
    path = database
    ids = await started_games(path, 12)
    tables = await Tables.open(path, games=games)
    try:
        async def first_move(game_id: int) -> int:
            view = await tables.table_view(game_id, 1)
            return (await tables.play.move(game_id, 1, 0, view.legal_moves[0].text)).state_id

        assert await asyncio.gather(*(first_move(g) for g in ids)) == [1] * len(ids)
        for game_id in ids:
            assert len(await tables.store.games.moves(game_id)) == 1
    finally:
        await tables.close()
