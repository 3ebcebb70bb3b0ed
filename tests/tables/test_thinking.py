"""Where AI seats think (bot/tables/thinking.py, bot/thinking.py): a few at once, the servers
taking turns for the slots, in the Discord bot in thinking processes of its own, outside the
game's lock (a person's move never waits for one), within the host's time box, and stopped at
once by a shutdown."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from bot import rendering, thinking
from bot.tables import Tables
from bot.tables.thinking import WALL_BOXES, FairSlots, TimeBox, in_thread
from bot.tables.types import NewTable
from engine import registry
from engine.core import Game, Move, Spent
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
async def test_the_bot_thinks_in_its_thinking_processes_and_chooses_as_in_this_one(
        workers: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """bot.thinking sends the encoded state to a thinking process (or, with none, a thread) and
    reads the move back: the same move the AI chooses here, for a search player's seeded choice."""
    monkeypatch.setenv("SKALD_RENDER_PROCESSES", str(workers))
    rendering.shutdown()  # another test's, in this process
    thinker = thinking.InWorkers(size=1)
    try:
        engine = registry.get("nidavellir")
        state = engine.setup(3, {}, 4)
        here = engine.ai_players()["greedy"].choose(state, 0, 99)
        there = await thinker(engine, state, 0, "greedy", 99, 1.0)
        assert there == here and isinstance(there, Move)
        # The time box goes with the choice: with none, the tree search stops after one iteration.
        spent = engine.ai_players()["mcts"].within(Spent())
        assert await thinker(engine, state, 0, "mcts", 99, 0.0) == spent.choose(state, 0, 99)
    finally:
        thinker.stop()
    assert rendering._pool is None, "the render processes are not the ones that think"


async def test_a_stop_ends_a_choice_under_way_in_a_thinking_process_within_one_step(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A shutdown must not wait for a 30-second time box: the stop reaches the thinking process's
    box, and the search ends at its next step."""
    monkeypatch.setenv("SKALD_RENDER_PROCESSES", "1")
    thinker = thinking.InWorkers(size=1)
    engine = registry.get("nidavellir")
    state = engine.setup(4, {}, 4)
    seat = min(engine.to_move(state))
    await thinker(engine, state, seat, "greedy", 1, 1.0)  # the process is up
    choice = asyncio.ensure_future(thinker(engine, state, seat, "mcts", 1, 30.0))
    await asyncio.sleep(0.5)  # thinking now
    thinker.stop()
    move = await asyncio.wait_for(choice, timeout=20)  # a whole box would be 30 s of CPU
    assert move in engine.legal_moves(state, seat)


def test_a_time_box_is_spent_at_once_with_no_time_or_a_stop_and_reads_only_its_threads_cpu() -> None:
    assert TimeBox(0.0).spent(), "no time: spent without reading a clock (the tests' AI seats)"
    stop = asyncio.Event()  # anything with is_set
    box = TimeBox(60.0, stop)
    assert not box.spent()
    stop.set()
    assert box.spent()


def test_a_time_box_is_spent_after_three_boxes_of_wall_clock_though_its_thread_got_no_cpu() -> None:
    box = TimeBox(0.05)  # a thread that sleeps spends no CPU time: a starved process's search
    time.sleep(0.05 * WALL_BOXES + 0.05)
    assert box.spent()


class Held:
    """A thinker that waits to be let go, counting the choices asked of it (each on its board)."""

    def __init__(self) -> None:
        self.go = asyncio.Event()
        self.boards: list[Any] = []

    async def __call__(self, engine: Game[Any], state: Any, seat: int, kind: str, seed: int, seconds: float) -> Move:
        self.boards.append(engine.encode(state))
        await self.go.wait()
        return await in_thread(engine, state, seat, kind, seed, seconds)

    async def asked(self, count: int) -> None:
        for _ in range(200):
            if len(self.boards) >= count:
                return
            await asyncio.sleep(0.01)
        raise AssertionError(f"{len(self.boards)} choices asked, not {count}")


async def duel_with_an_ai(tables: Tables, rounds: int = 3) -> int:
    info = await tables.lobby.create(NewTable(guild_id=BUSY, channel_id=20, host_id=1, host_name="Alice",
                                              game="duel", options={"rounds": rounds}))
    await tables.lobby.add_ai(info.game_id, 1, "random")
    await tables.lobby.start(info.game_id, 1, seed=11)
    return info.game_id


async def test_a_persons_move_never_waits_for_an_ai_seat_thinking_at_the_same_table(database: Target) -> None:
    """Issue 42: an AI seat thought while holding its game's lock, so a person's sealed bid waited
    for it (228–247 ms beside an mcts seat). It thinks outside the lock on a copy; the person's
    move commits while it thinks, and its own move, thought on the older board, still stands
    (only another seat's sealed move passed it), through the gate's state-id check."""
    tables = await Tables.open(database, games=games)
    held = Held()
    try:
        tables.ai.think_with(held)
        game_id = await duel_with_an_ai(tables)
        await held.asked(1)  # the AI seat is thinking (and will until let go)
        view = await tables.table_view(game_id, 1)
        laid = await asyncio.wait_for(tables.play.move(game_id, 1, view.state_id, view.legal_moves[0].text), 5)
        assert laid.state_id == view.state_id + 1, "committed while the AI thinks"
        held.go.set()
        await tables.ai.settled(game_id, 10)
        log = await tables.store.games.moves(game_id)
        assert [(c.seat, c.user_id) for c in log[:2]] == [(0, 1), (1, None)], "its move, thought on board 0, stood"
        assert len(held.boards) >= 2 and held.boards[0] != held.boards[1], "then it thought again, on round 2"
        assert not tables.ai.failures
    finally:
        held.go.set()
        await tables.close()


async def test_an_ai_move_thought_on_a_board_that_no_longer_stands_is_thought_again(database: Target) -> None:
    """The person whose seat an AI plays takes it back while the AI thinks: the AI's move is
    dropped (nothing committed), and nothing more is asked of it for that seat."""
    tables = await Tables.open(database, games=games)
    held = Held()
    try:
        tables.ai.think_with(held)
        info = await tables.lobby.create(NewTable(guild_id=BUSY, channel_id=20, host_id=1, host_name="Alice",
                                                  game="duel", options={"rounds": 3}))
        await tables.lobby.join(info.game_id, 2, "Bob")
        await tables.lobby.start(info.game_id, 1, seed=11)
        await tables.seating.leave_game(info.game_id, 2)  # an AI stands in for Bob ...
        await held.asked(1)
        await tables.seating.come_back(info.game_id, 2)  # ... who is back before it chose
        held.go.set()
        await tables.ai.settled(info.game_id, 10)
        assert [c.kind for c in await tables.store.games.moves(info.game_id)] == ["stand_in", "back"], "no AI move"
        assert (await tables.game(info.game_id)).to_move == (0, 1) and not tables.ai.failures
    finally:
        held.go.set()
        await tables.close()


async def test_a_stop_drops_the_choices_under_way_and_the_seats_take_up_where_they_were(tmp_path: Any) -> None:
    """A shutdown stops the AI seats at once: what they were thinking is dropped, nothing is
    half-applied, and after a restart they think again on the same boards."""
    db = tmp_path / "ai.sqlite3"
    tables = await Tables.open(db, games=games)
    held = Held()
    tables.ai.think_with(held, stop=held.go.set)
    game_id = await duel_with_an_ai(tables)
    await held.asked(1)
    await tables.ai.stop()
    assert not tables.ai.busy(game_id) and len(held.boards) == 1
    assert await tables.store.games.moves(game_id) == [], "dropped, not submitted"
    tables.ai.wake(await tables.gate.read(game_id))
    assert not tables.ai.busy(game_id), "stopped for good"
    await tables.close()
    again = await Tables.open(db, games=games)
    try:
        await again.resume()
        await again.ai.settled(game_id, 10)
        assert [c.seat for c in await again.store.games.moves(game_id)] == [1], "the AI seat moved where it was"
    finally:
        await again.close()


async def test_an_ai_seat_is_seeded_by_the_board_its_turn_began_on_whoever_moved_first(database: Target) -> None:
    """Thinking outside the lock, an AI seat may read the board before a person's sealed move of
    the same step or after it: its seed is the board its turn began on either way, so the same
    game comes out of the same seed and the same moves however they interleave."""
    tables = await Tables.open(database, games=games)
    held = Held()
    try:
        tables.ai.think_with(held)
        game_id = await duel_with_an_ai(tables)
        await held.asked(1)
        table = await tables.gate.read(game_id)
        assert await tables.gate.turn_began(table, 1) == 0 and await tables.gate.turn_began(table, 0) == 0
        view = await tables.table_view(game_id, 1)
        await tables.play.move(game_id, 1, view.state_id, view.legal_moves[0].text)  # Alice's sealed rune
        table = await tables.gate.read(game_id)
        assert table.row.state_id == 1 and await tables.gate.turn_began(table, 1) == 0, "still the step's start"
        held.go.set()
        await tables.ai.settled(game_id, 10)
        table = await tables.gate.read(game_id)  # round 2 began at change 2; the AI has laid its rune
        assert table.row.state_id == 3 and await tables.gate.turn_began(table, 0) == 2
    finally:
        held.go.set()
        await tables.close()
