"""Lobby life: seats, AI seats, starting, cancelling, and who may do what."""

from __future__ import annotations

import pytest

from bot.tables import (
    AlreadySeated,
    AlreadyStarted,
    GameClosed,
    GameFull,
    NoSuchGame,
    NotAllowed,
    NotInGame,
    NotStarted,
    Tables,
    TooFewPlayers,
    UnknownAI,
)
from bot.tables.types import NewTable
from engine.errors import BadOptions
from tests.databases import Target
from tests.tables.conftest import ALICE, BOB, CARL, CHANNEL, GUILD, Recorder
from tests.tables.duel import games


async def lobby(tables: Tables) -> int:
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                              game="duel", options={"rounds": 1}))
    return info.game_id


async def test_host_takes_seat_zero_and_joiners_follow_in_order(tables: Tables, recorder: Recorder) -> None:
    game_id = await lobby(tables)
    await tables.lobby.join(game_id, BOB, "Bob", dm_ok=False)
    info = await tables.lobby.join(game_id, CARL, "Carl")
    assert [(s.seat, s.name, s.user_id) for s in info.seats] == [(0, "Alice", ALICE), (1, "Bob", BOB),
                                                                   (2, "Carl", CARL)]
    assert info.seats[1].dm_ok is False and info.seats[2].dm_ok is None
    assert info.status == "lobby" and info.options == {"rounds": 1} and info.title == "Rune Duel"
    assert [u.reason for u in recorder.public] == ["create", "join", "join"]
    assert all(u.status == "lobby" and u.view == {} for u in recorder.public)


async def test_a_seat_is_taken_once_and_a_full_lobby_refuses(tables: Tables) -> None:
    game_id = await lobby(tables)
    await tables.lobby.join(game_id, BOB, "Bob")
    with pytest.raises(AlreadySeated):
        await tables.lobby.join(game_id, BOB, "Bob")
    await tables.lobby.join(game_id, CARL, "Carl")
    await tables.lobby.add_ai(game_id, ALICE)
    with pytest.raises(GameFull, match="4 seats"):
        await tables.lobby.join(game_id, 99, "Dora")


async def test_leaving_moves_later_seats_up_and_the_host_leaving_cancels(tables: Tables, recorder: Recorder) -> None:
    game_id = await lobby(tables)
    await tables.lobby.join(game_id, BOB, "Bob")
    await tables.lobby.join(game_id, CARL, "Carl")
    info = await tables.lobby.leave(game_id, BOB)
    assert [(s.seat, s.user_id) for s in info.seats] == [(0, ALICE), (1, CARL)]
    with pytest.raises(NotInGame):
        await tables.lobby.leave(game_id, BOB)
    info = await tables.lobby.leave(game_id, ALICE)
    assert info.status == "cancelled"
    assert recorder.deleted == [(GUILD, game_id)]


async def test_only_the_host_adds_ai_and_starts(tables: Tables) -> None:
    game_id = await lobby(tables)
    await tables.lobby.join(game_id, BOB, "Bob")
    with pytest.raises(NotAllowed, match="host"):
        await tables.lobby.add_ai(game_id, BOB)
    with pytest.raises(NotAllowed):
        await tables.lobby.start(game_id, BOB)
    with pytest.raises(UnknownAI, match="random"):
        await tables.lobby.add_ai(game_id, ALICE, "oracle")
    info = await tables.lobby.add_ai(game_id, ALICE, "random")
    assert info.seats[2].ai == "random" and info.seats[2].user_id is None


async def test_start_needs_enough_players(tables: Tables) -> None:
    game_id = await lobby(tables)
    with pytest.raises(TooFewPlayers, match="at least 2"):
        await tables.lobby.start(game_id, ALICE)


async def test_start_deals_private_hands_only_to_each_seat(tables: Tables, recorder: Recorder) -> None:
    game_id = await lobby(tables)
    await tables.lobby.join(game_id, BOB, "Bob")
    info = await tables.lobby.start(game_id, ALICE, thread_id=77, seed=3)
    assert info.status == "running" and info.state_id == 0 and info.thread_id == 77 and info.to_move == (0, 1)
    start = recorder.public[-1]
    assert start.reason == "start" and start.view["hand"] is None
    privates = {p.seat: p for p in recorder.private}
    assert set(privates) == {0, 1}
    assert privates[0].view["hand"] != privates[1].view["hand"]
    assert privates[1].user_id == BOB and privates[1].legal_moves
    assert all(privates[1].labels[m].startswith("Lay") for m in privates[1].legal_moves)
    with pytest.raises(AlreadyStarted):
        await tables.lobby.join(game_id, CARL, "Carl")


async def test_cancel_is_for_the_host_or_an_admin_and_only_in_the_lobby(tables: Tables) -> None:
    game_id = await lobby(tables)
    with pytest.raises(NotAllowed):
        await tables.lobby.cancel(game_id, BOB)
    info = await tables.lobby.cancel(game_id, BOB, is_admin=True)
    assert info.status == "cancelled" and not info.active
    with pytest.raises(GameClosed):
        await tables.lobby.join(game_id, CARL, "Carl")


async def test_bad_options_and_unknown_games_are_refused_with_the_engine_reason(tables: Tables) -> None:
    with pytest.raises(BadOptions, match="rounds"):
        await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                           game="duel", options={"rounds": 7}))
    with pytest.raises(BadOptions, match="No game called"):
        await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                           game="chess"))


async def test_unknown_game_ids_and_moves_in_a_lobby(tables: Tables) -> None:
    with pytest.raises(NoSuchGame, match="#404"):
        await tables.game(404)
    game_id = await lobby(tables)
    with pytest.raises(NotStarted):
        await tables.play.move(game_id, ALICE, 0, "lay 1")


async def test_lists_filter_by_channel_player_and_activity(tables: Tables) -> None:
    first = await lobby(tables)
    second = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL + 1, host_id=BOB, host_name="Bob",
                                                game="duel"))
    await tables.lobby.cancel(first, ALICE)
    assert [g.game_id for g in await tables.list_games(GUILD)] == [second.game_id]
    assert [g.game_id for g in await tables.list_games(GUILD, active_only=False)] == [second.game_id, first]
    assert [g.game_id for g in await tables.list_games(GUILD, user_id=ALICE, active_only=False)] == [first]
    assert await tables.list_games(GUILD, channel_id=CHANNEL) == []
    assert await tables.list_games(GUILD + 1) == []


async def test_adapter_bookkeeping_survives_a_restart(tables: Tables, db_path: Target) -> None:
    game_id = await lobby(tables)
    await tables.lobby.set_lobby_message(game_id, 555)
    await tables.outbox.set_dm_channel(ALICE, 666)
    await tables.servers.set_setting(GUILD, "ping_role", {"id": 9})
    await tables.servers.set_dm_ok(ALICE, False)
    await tables.close()  # the restart: one process at a time holds the file
    again = await Tables.open(db_path, games=games)
    try:
        assert (await again.game(game_id)).lobby_message_id == 555
        assert await again.outbox.dm_channel(ALICE) == 666 and await again.outbox.dm_channel(ALICE + 1) is None
        assert await again.store.settings.guild_settings(GUILD) == {"ping_role": {"id": 9}}
        assert (await again.game(game_id)).seats[0].dm_ok is False
    finally:
        await again.close()
