"""The replay scrubber in process: every step of a game, its picture and lines, for finished and
running games alike, and only what stood (a move taken back is no step)."""

from __future__ import annotations

import random
from typing import Any

from aiohttp.test_utils import TestClient

import renderer
from bot.move_log import replay_changes
from bot.names import name_seats
from bot.tables import Tables
from bot.tables.types import NewTable
from engine import registry
from tests.relay.table_play import host_moves
from tests.web.spectators import CHANNEL, GUILD, HOST, open_game, web_on

Client = TestClient[Any, Any]
BJORN = 1002


async def test_every_step_of_a_finished_game_is_its_spectator_view_and_public_lines(
        tables: Tables, client: Client) -> None:
    game_id = await open_game(tables, seed=11)
    await web_on(tables)
    await host_moves(tables, game_id, random.Random(11))
    await tables.drain()
    row = await tables.store.games.game(game_id)
    assert row is not None and row.status == "finished" and row.seed is not None
    changes = await tables.store.games.moves(game_id)
    game = registry.get("tranquility")
    start = game.setup(3, row.options, row.seed)
    page = await (await client.get(f"/g/{game_id}/replay")).text()
    assert f'data-total="{len(changes)}"' in page and f'max="{len(changes)}"' in page
    assert '<script src="/static/replay.js" defer></script>' in page
    names = [seat.name for seat in (await tables.game(game_id)).seats]
    for index in (0, 1, len(changes) // 2, len(changes)):
        step = await (await client.get(f"/g/{game_id}/step/{index}.json")).json()
        assert step["step"] == index and step["total"] == len(changes)
        expected = game.view(replay_changes(game, start, changes[:index]), None)
        picture = await client.get(step["picture"])
        assert picture.status == 200 and await picture.read() == renderer.board_png(expected, names)
        if index:
            told = [name_seats(text, names) for text, seats in changes[index - 1].events if seats is None]
            assert step["lines"] == told and step["label"] == f"Change {index} of {len(changes)}"
        else:
            assert step["lines"] == [] and step["label"] == "Start"
    assert (await client.get(f"/g/{game_id}/step/{len(changes) + 1}.json")).status == 404


async def test_a_running_games_replay_grows_as_it_goes(tables: Tables, client: Client) -> None:
    game_id = await open_game(tables, seed=12)
    await web_on(tables)
    first = await (await client.get(f"/g/{game_id}/replay")).text()
    assert 'data-total="0"' in first
    await host_moves(tables, game_id, random.Random(12), limit=2)
    await tables.drain()
    now = (await tables.game(game_id)).state_id
    later = await (await client.get(f"/g/{game_id}/replay")).text()
    assert f'data-total="{now}"' in later and f'data-version="{now}"' in later
    step = await (await client.get(f"/g/{game_id}/step/{now}.json")).json()
    assert step["picture"] == f"/g/{game_id}/step/{now}.png?v={now}"


async def test_a_move_taken_back_is_no_step_of_the_replay(tables: Tables, client: Client) -> None:
    await web_on(tables)
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Astrid",
                                              game="nidavellir"))
    await tables.lobby.join(info.game_id, BJORN, "Bjørn")
    await tables.lobby.start(info.game_id, HOST, seed=5)
    view = await tables.table_view(info.game_id, HOST)
    await tables.play.move(info.game_id, HOST, view.state_id, view.legal_moves[0].text)
    await tables.undo.take_back(info.game_id, HOST)
    for user in (HOST, BJORN):
        view = await tables.table_view(info.game_id, user)
        await tables.play.move(info.game_id, user, view.state_id, view.legal_moves[-1].text)
    assert (await tables.game(info.game_id)).state_id == 4  # a bid, its undo, two bids
    page = await (await client.get(f"/g/{info.game_id}/replay")).text()
    assert 'data-total="2"' in page
    lines = [(await (await client.get(f"/g/{info.game_id}/step/{i}.json")).json())["lines"] for i in (1, 2)]
    assert not any("takes back" in line for step in lines for line in step)


async def test_a_lobby_has_no_replay_and_a_step_out_of_range_is_refused(tables: Tables, client: Client) -> None:
    await web_on(tables)
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Astrid",
                                              game="tranquility"))
    refused = await client.get(f"/g/{info.game_id}/step/0.json")
    assert refused.status == 404 and "never started" in await refused.text()
    game_id = await open_game(tables)
    assert (await client.get(f"/g/{game_id}/step/1.json")).status == 404
    assert (await client.get(f"/g/{game_id}/step/0.json")).status == 200
