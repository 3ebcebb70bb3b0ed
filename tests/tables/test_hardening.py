"""Issue 12's findings at the table service: stored games after upgrades, bad rows, a second
process, limits, expiry. Each test is named after the finding it pins."""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path

import pytest

from bot.store import StoreLocked
from bot.tables import GameFull, Tables
from bot.tables.errors import AlreadyStarted, GameUnavailable, TooManyTables
from bot.tables.types import NewTable
from engine.errors import SkaldError
from tests.databases import Target, sql
from tests.tables.conftest import ALICE, BOB, CARL, CHANNEL, GUILD, duel
from tests.tables.duel import games


async def play(tables: Tables, game_id: int, moves: int) -> None:
    for _ in range(moves):
        info = await tables.game(game_id)
        user = info.seats[info.to_move[0]].user_id
        assert user is not None
        view = await tables.table_view(game_id, user)
        await tables.play.move(game_id, user, view.state_id, view.legal_moves[0].text)


async def test_a_second_service_on_the_same_database_file_refuses_to_start(tmp_path: Path) -> None:
    path = tmp_path / "one.db"
    tables = await Tables.open(path, games=games)
    try:
        with pytest.raises(StoreLocked, match="one process per database file"):
            await Tables.open(path, games=games)
        await duel(tables)  # the first goes on untroubled
    finally:
        await tables.close()


async def test_the_database_file_is_created_readable_by_its_owner_only(tmp_path: Path) -> None:
    await (await Tables.open(tmp_path / "private.db", games=games)).close()
    assert stat.S_IMODE(os.stat(tmp_path / "private.db").st_mode) == 0o600


async def test_a_snapshot_that_no_longer_decodes_falls_back_to_a_full_replay(db_path: Target) -> None:
    tables = await Tables.open(db_path, games=games, snapshot_every=2)
    game_id = await duel(tables, rounds=3)
    await play(tables, game_id, 3)
    expected = await tables.table_view(game_id, ALICE)
    await tables.close()
    await sql(db_path, "UPDATE snapshots SET state = '{\"format\": \"from the future\"}' WHERE game_id = ?",
              (game_id,))
    again = await Tables.open(db_path, games=games)
    try:
        view = await again.table_view(game_id, ALICE)
        assert view.view == expected.view and view.state_id == expected.state_id
        await play(again, game_id, 1)
    finally:
        await again.close()


async def test_a_game_whose_log_no_longer_replays_is_set_aside_and_the_others_go_on(db_path: Target) -> None:
    tables = await Tables.open(db_path, games=games, snapshot_every=50)
    broken, healthy = await duel(tables), await duel(tables, seed=9)
    await play(tables, broken, 2)
    await tables.close()
    await sql(db_path, "UPDATE moves SET text = 'lay 99' WHERE game_id = ? AND state_id = 1", (broken,))
    again = await Tables.open(db_path, games=games)
    try:
        with pytest.raises(GameUnavailable) as refused:
            await again.table_view(broken, BOB)
        assert "set aside" in refused.value.reason and "99" not in refused.value.reason
        assert [g.game_id for g in await again.list_games(GUILD)] == [healthy], "left out of listings"
        await play(again, healthy, 2)
        row = await again.store.games.game(broken)
        assert row is not None and row.broken == "IllegalMove at change 1", "operators learn where, not what"
    finally:
        await again.close()


async def test_a_game_of_an_unknown_name_is_set_aside_not_a_crash_of_the_listing(db_path: Target) -> None:
    tables = await Tables.open(db_path, games=games)
    odd, healthy = await duel(tables), await duel(tables, seed=9)
    await tables.close()
    await sql(db_path, "UPDATE games SET game = 'chess' WHERE id = ?", (odd,))
    again = await Tables.open(db_path, games=games)
    try:
        assert [g.game_id for g in await again.list_games(GUILD)] == [healthy]
        with pytest.raises(GameUnavailable):
            await again.game(odd)
    finally:
        await again.close()


async def test_listings_never_rebuild_a_game(db_path: Target) -> None:
    tables = await Tables.open(db_path, games=games, cache_size=1)
    try:
        ids = [await duel(tables, seed=s) for s in range(1, 6)]
        tables.gate.cache.drop(ids[-1])
        listed = await tables.list_games(GUILD)
        assert sorted(g.game_id for g in listed) == sorted(ids)
        assert all(g.to_move == (0, 1) for g in listed), "whose turn comes from the row"
        assert len(tables.gate.cache) == 0, "nothing was loaded to list the games"
    finally:
        await tables.close()


async def test_concurrent_joins_never_seat_more_than_the_game_holds(tables: Tables) -> None:
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                              game="duel"))
    results = await asyncio.gather(*(tables.lobby.join(info.game_id, 100 + i, f"p{i}") for i in range(8)),
                                   return_exceptions=True)
    assert len((await tables.game(info.game_id)).seats) == info.max_players
    assert all(isinstance(r, GameFull) for r in results if isinstance(r, BaseException))


async def test_a_started_game_can_not_be_cancelled_or_left_by_a_late_click(tables: Tables) -> None:
    game_id = await duel(tables)
    with pytest.raises(AlreadyStarted):
        await tables.lobby.cancel(game_id, ALICE)
    with pytest.raises(AlreadyStarted):
        await tables.lobby.leave(game_id, BOB)
    row = await tables.store.games.game(game_id)
    assert row is not None and row.status == "running"


async def test_the_store_checks_the_lobby_status_and_seat_limit_in_the_same_transaction(tables: Tables) -> None:
    from bot.store import SeatsTaken, StateConflict

    game_id = await duel(tables)
    with pytest.raises(StateConflict):
        await tables.store.games.add_seat(game_id, name="late", user_id=CARL, ai=None, now=0.0)
    with pytest.raises(StateConflict):
        await tables.store.games.close_lobby(game_id, "cancelled", 0.0)
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                              game="duel"))
    with pytest.raises(SeatsTaken):
        for i in range(10):
            await tables.store.games.add_seat(info.game_id, name=f"p{i}", user_id=200 + i, ai=None, now=0.0,
                                              max_seats=4)


async def test_open_tables_are_limited_per_player_and_per_server(tables: Tables) -> None:
    await tables.servers.set_setting(GUILD, "max_tables_per_player", 2)
    await tables.servers.set_setting(GUILD, "max_tables", 3)
    for _ in range(2):
        await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                           game="duel"))
    with pytest.raises(TooManyTables, match="You already play at 2 open tables"):
        await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                           game="duel"))
    await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=BOB, host_name="Bob", game="duel"))
    with pytest.raises(TooManyTables, match="This server has 3 open tables"):
        await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=CARL, host_name="Carl",
                                           game="duel"))
    other = await tables.lobby.create(NewTable(guild_id=GUILD + 1, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                               game="duel"))
    assert other.status == "lobby", "limits are per server"


async def test_an_idle_lobby_expires_after_a_day_even_across_a_restart(db_path: Target) -> None:
    now = [1_000_000.0]
    tables = await Tables.open(db_path, games=games, clock=lambda: now[0])
    idle = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                              game="duel"))
    busy = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=BOB, host_name="Bob",
                                              game="duel"))
    now[0] += 20 * 3600
    await tables.lobby.join(busy.game_id, CARL, "Carl")  # a change restarts the busy lobby's clock
    await tables.close()
    now[0] += 5 * 3600  # the bot was down when the idle lobby's day ran out
    again = await Tables.open(db_path, games=games, clock=lambda: now[0])
    try:
        await again.scheduler.start()
        assert (await again.game(idle.game_id)).status == "cancelled"
        assert (await again.game(busy.game_id)).status == "lobby"
        now[0] += 20 * 3600
        assert await again.scheduler.run_due() == 1
        assert (await again.game(busy.game_id)).status == "cancelled"
        assert await again.scheduler.run_due() == 0, "each timer runs once"
    finally:
        await again.close()


async def test_finished_games_leave_the_cache(tables: Tables) -> None:
    game_id = await duel(tables, rounds=1)
    await play(tables, game_id, 2)
    assert (await tables.store.games.game(game_id)).status == "finished"  # type: ignore[union-attr]
    assert game_id not in tables.gate.cache
    assert (await tables.game(game_id)).outcome is not None  # it still reads back


async def test_an_option_the_engine_cant_play_is_refused_when_the_table_opens(tables: Tables) -> None:
    with pytest.raises(SkaldError):
        await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                           game="duel", options={"rounds": 99}))
    assert await tables.list_games(GUILD) == []
