"""Concurrent clicks on one board, and games that must not wait for each other."""

from __future__ import annotations

import asyncio

from bot.notify import PrivateUpdate, PublicUpdate
from bot.tables import MoveResult, StaleBoard, Tables
from tests.databases import Target
from tests.tables.conftest import ALICE, BOB, duel
from tests.tables.duel import games


async def test_fifty_identical_clicks_apply_exactly_once(tables: Tables) -> None:
    game_id = await duel(tables)
    rune = (await tables.table_view(game_id, ALICE)).view["hand"][0]
    outcomes = await asyncio.gather(*(tables.play.move(game_id, ALICE, 0, f"lay {rune}") for _ in range(50)),
                                    return_exceptions=True)
    applied = [o for o in outcomes if isinstance(o, MoveResult)]
    stale = [o for o in outcomes if isinstance(o, StaleBoard)]
    assert len(applied) == 1 and len(stale) == 49
    assert all(s.state_id == 1 and "moved on" in s.reason for s in stale)
    assert len(await tables.store.games.moves(game_id)) == 1
    assert (await tables.game(game_id)).state_id == 1


class SlowGate:
    """A notifier that holds up one game's notices until released, recording the order of events."""

    def __init__(self, slow_game: int, order: list[str]) -> None:
        self.slow_game = slow_game
        self.order = order
        self.release = asyncio.Event()
        self.entered = asyncio.Event()

    async def on_public(self, update: PublicUpdate) -> None:
        if update.game_id == self.slow_game and update.reason == "move":
            self.order.append(f"slow game notice {update.state_id} waits")
            self.entered.set()
            await self.release.wait()
            self.order.append(f"slow game notice {update.state_id} done")

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        return None


async def test_a_slow_notice_in_one_game_does_not_hold_up_another(tables: Tables) -> None:
    slow, quick = await duel(tables), await duel(tables)
    order: list[str] = []
    gate = SlowGate(slow, order)
    tables.attach(gate)
    first = (await tables.table_view(slow, ALICE)).view["hand"][0]
    slow_move = asyncio.create_task(tables.play.move(slow, ALICE, 0, f"lay {first}"))
    await gate.entered.wait()
    for user, state_id in ((ALICE, 0), (BOB, 1), (ALICE, 2)):
        rune = (await tables.table_view(quick, user)).view["hand"][0]
        await tables.play.move(quick, user, state_id, f"lay {rune}")
        order.append(f"quick game move {state_id + 1}")
    # While the slow game's notice is stuck, its own next move waits for the game lock.
    second = (await tables.table_view(slow, BOB)).view["hand"][0]
    blocked = asyncio.create_task(tables.play.move(slow, BOB, 1, f"lay {second}"))
    await asyncio.sleep(0)
    assert not blocked.done()
    gate.release.set()
    await asyncio.gather(slow_move, blocked)
    assert order == ["slow game notice 1 waits", "quick game move 1", "quick game move 2", "quick game move 3",
                     "slow game notice 1 done", "slow game notice 2 waits", "slow game notice 2 done"]


class Bookkeeper:
    """An adapter that reads the game and records its message id inline, from inside its notice."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.seen: list[tuple[int, int]] = []

    async def on_public(self, update: PublicUpdate) -> None:
        info = await self.tables.game(update.game_id)
        await self.tables.table_view(update.game_id, None)
        await self.tables.lobby.set_lobby_message(update.game_id, 1000 + update.state_id)
        self.seen.append((info.game_id, info.state_id))

    async def on_private(self, update: PrivateUpdate) -> None:
        await self.tables.log(update.game_id, update.user_id)

    async def on_deleted(self, guild_id: int, game_id: int) -> None:
        return None


async def test_notices_may_read_and_book_their_game_inline_even_when_it_was_evicted(db_path: Target) -> None:
    tables = await Tables.open(db_path, games=games, cache_size=1)
    try:
        first, second = await duel(tables), await duel(tables, seed=9)
        keeper = Bookkeeper(tables)
        tables.attach(keeper)

        async def first_move(game_id: int) -> None:
            view = await tables.table_view(game_id, ALICE)
            await tables.play.move(game_id, ALICE, 0, view.legal_moves[0].text)

        # Two games through a one-game cache: each notice runs while the other game evicts it.
        # The timeout guards against a deadlock; it is not a timing claim.
        await asyncio.wait_for(asyncio.gather(first_move(first), first_move(second)), 30)
        assert sorted(keeper.seen) == [(first, 1), (second, 1)]
        assert (await tables.game(first)).lobby_message_id == (await tables.game(second)).lobby_message_id == 1001
    finally:
        await tables.close()
