"""Where AI seats think (bot/tables/thinking.py, bot/thinking.py): a few at once, the servers
taking turns for the slots, and in the Discord bot in its worker processes."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot import rendering, thinking
from bot.tables import Tables
from bot.tables.thinking import FairSlots, in_thread
from bot.tables.types import NewTable
from engine import registry
from engine.core import Game, Move
from tests.databases import Target
from tests.tables.duel import games

BUSY, QUIET = 10, 11  # two servers


async def test_fair_slots_let_the_servers_in_turn_and_each_server_in_order() -> None:
    slots = FairSlots(1)
    granted: list[tuple[int, int]] = []
    go = asyncio.Event()

    async def think(key: int, number: int) -> None:
        async with slots.slot(key):
            granted.append((key, number))
            await go.wait()

    first = asyncio.create_task(think(BUSY, 0))
    await asyncio.sleep(0)
    later = [asyncio.create_task(think(BUSY, n)) for n in (1, 2, 3)] + [asyncio.create_task(think(QUIET, 1))]
    await asyncio.sleep(0)
    assert slots.waiting(BUSY) == 3 and slots.waiting(QUIET) == 1
    go.set()
    await asyncio.gather(first, *later)
    # The quiet server's one waiter goes right after the busy server's holder, not behind its queue.
    assert granted == [(BUSY, 0), (QUIET, 1), (BUSY, 1), (BUSY, 2), (BUSY, 3)]
    assert slots.busy == 0 and slots.waiting() == 0


async def test_a_cancelled_waiter_gives_up_its_place_and_no_slot_is_lost() -> None:
    slots = FairSlots(1)
    await slots.acquire(BUSY)
    waiter = asyncio.create_task(slots.acquire(QUIET))
    await asyncio.sleep(0)
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert slots.waiting() == 0
    slots.release(BUSY)
    assert slots.busy == 0
    await slots.acquire(QUIET)  # free at once
    assert slots.busy == 1


async def ai_table(tables: Tables, guild: int, rounds: int) -> int:
    info = await tables.lobby.create(NewTable(guild_id=guild, channel_id=20, host_id=1, host_name="Alice",
                                              game="duel", options={"rounds": rounds}))
    for _ in range(2):
        await tables.lobby.add_ai(info.game_id, 1, "random")
    await tables.lobby.start(info.game_id, 1, seed=11)
    return info.game_id


async def test_a_server_full_of_stand_ins_thinking_lets_another_servers_ai_in_turn(database: Target) -> None:
    tables = await Tables.open(database, games=games, ai_concurrency=1)
    opened = asyncio.Event()
    order: list[int] = []

    async def held(engine: Game[Any], state: Any, seat: int, kind: str, seed: int, seconds: float) -> Move:
        order.append(state.rounds)  # which table thinks: the busy server's have 3 rounds, the quiet one's 10
        await opened.wait()
        return await in_thread(engine, state, seat, kind, seed, seconds)

    try:
        tables.ai.think_with(held)
        for _ in range(4):
            await ai_table(tables, BUSY, 3)
        await ai_table(tables, QUIET, 10)
        for _ in range(100):
            if tables.ai.queued() == 4:
                break
            await asyncio.sleep(0.01)
        assert order == [3] and tables.ai.queued(BUSY) == 3 and tables.ai.queued(QUIET) == 1
        opened.set()
        await tables.drain()
        assert order[:2] == [3, 10] and len(order) == 10  # two AI seats in each of five games
        assert not tables.ai.failures
    finally:
        opened.set()
        await tables.close()


@pytest.mark.parametrize("workers", [0, 1])
async def test_the_bot_thinks_in_its_worker_processes_and_chooses_as_in_this_one(
        workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """bot.thinking sends the encoded state to a worker (or, with none, a thread) and reads the
    move back: the same move the AI chooses here, for a search player's seeded choice."""
    monkeypatch.setenv("SKALD_RENDER_PROCESSES", str(workers))
    rendering.shutdown()
    try:
        engine = registry.get("nidavellir")
        state = engine.setup(3, {}, 4)
        here = engine.ai_players()["greedy"].choose(state, 0, 99)
        there = await thinking.in_workers(engine, state, 0, "greedy", 99, 1.0)
        assert there == here and isinstance(there, Move)
        # The time box goes with the choice: with none, the tree search stops after one iteration.
        boxed = engine.ai_players()["mcts"].boxed(0.0)
        assert await thinking.in_workers(engine, state, 0, "mcts", 99, 0.0) == boxed.choose(state, 0, 99)
    finally:
        rendering.shutdown()
