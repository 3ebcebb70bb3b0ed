"""Live pages in process: the events a page is sent as a game goes, and the bounds on them."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.tables import Tables
from bot.tables.types import NewTable
from bot.web.hub import Limits
from bot.web.server import Site
from tests.relay.table_play import host_moves
from tests.web.conftest import TEST_LIMITS
from tests.web.spectators import CHANNEL, GUILD, HOST, PRIVATE_CHANNEL, following, live_pages, open_game, web_on
from tests.web.test_pages import signed_key

Client = TestClient[Any, Any]


async def move(tables: Tables, game_id: int) -> None:
    """The host's first legal move, then the AI seats' answers."""
    view = await tables.table_view(game_id, HOST)
    await tables.play.move(game_id, HOST, view.state_id, view.legal_moves[0].text)
    await tables.drain()


async def test_a_live_page_gets_the_whole_story_then_each_change_with_its_new_lines_only(
        tables: Tables, client: Client) -> None:
    game_id = await open_game(tables)
    await web_on(tables)
    async with following(client, f"/g/{game_id}/events") as stream:
        events = await stream.wait_for(lambda e: len(e) == 1)
        first = events[0].data
        assert events[0].name == "change" and events[0].id == "0"
        assert first["since"] is None and first["seq"] == 0 and first["lines"] == []
        assert first["picture"] == f"/g/{game_id}/picture/0.png"
        assert [s["name"] for s in first["seats"]] == ["Astrid", "random AI", "random AI 2"]
        assert first["to_move"] == [{"seat": 0, "name": "Astrid"}] and first["seats"][0]["to_move"]
        assert "view" not in first, "the picture shows the board; state.json has the view"
        await move(tables, game_id)
        now = (await tables.game(game_id)).state_id
        await stream.wait_for(lambda e: e[-1].data["seq"] == now)
        later = [e.data for e in stream.events[1:]]
        told = [line for event in later for line in event["lines"]]
        assert told[0] == {"id": 1, "text": "Astrid discards 2 cards face down."}
        assert len({line["id"] for line in told}) == now, "each change's lines told once"
        assert all(event["since"] is not None for event in later)
    # A page that joins now is sent the story so far at once.
    async with following(client, f"/g/{game_id}/events") as late:
        events = await late.wait_for(lambda e: len(e) == 1)
        assert events[0].data["lines"] == told


async def test_a_page_that_reconnects_is_sent_only_what_it_missed(tables: Tables, client: Client) -> None:
    game_id = await open_game(tables)
    await web_on(tables)
    await move(tables, game_id)
    async with following(client, f"/g/{game_id}/events", headers={"Last-Event-ID": "1"}) as stream:
        events = await stream.wait_for(lambda e: len(e) == 1)
        assert events[0].data["since"] == 1
        assert {line["id"] for line in events[0].data["lines"]} == set(range(2, events[0].data["seq"] + 1))


async def test_pages_following_a_game_share_one_read_per_change(tables: Tables, client: Client, site: Site) -> None:
    game_id = await open_game(tables)
    await web_on(tables)
    async with live_pages(client, f"/g/{game_id}/events", 2) as (one, two):
        loads = site.reader.loads
        await move(tables, game_id)
        now = (await tables.game(game_id)).state_id
        await one.wait_for(lambda e: e[-1].data["seq"] == now)
        await two.wait_for(lambda e: e[-1].data["seq"] == now)
        assert site.reader.loads == loads, "the moves went on from the state kept, unread"
        assert site.hub.games[game_id].viewers == 2
    await asyncio.sleep(0.05)
    assert game_id not in site.hub.games, "nobody follows it any more"


async def test_a_table_action_is_read_afresh_and_told(tables: Tables, client: Client, site: Site) -> None:
    game_id = await open_game(tables)
    await web_on(tables)
    async with following(client, f"/g/{game_id}/events") as stream:
        await stream.wait_for(lambda e: len(e) == 1)
        refreshes = site.hub.refreshes
        await tables.play.abandon(game_id, HOST)
        await stream.wait_for(lambda e: e[-1].data["status"] == "abandoned")
        assert stream.latest()["lines"][-1]["text"] == "The game was abandoned by Astrid (the host)."
        assert site.hub.refreshes == refreshes + 1


async def test_a_called_off_lobby_tells_its_pages_it_is_gone(tables: Tables, client: Client) -> None:
    await web_on(tables)
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Astrid",
                                              game="tranquility"))
    async with following(client, f"/g/{info.game_id}/events") as stream:
        await stream.wait_for(lambda e: len(e) == 1)
        await tables.lobby.cancel(info.game_id, HOST)
        await stream.wait_for(lambda e: e[-1].name in ("gone", "change") and e[-1].data.get("status") != "lobby")


async def test_revoking_the_links_ends_the_pages_that_followed_with_one(tables: Tables, client: Client) -> None:
    game_id = await open_game(tables, channel=PRIVATE_CHANNEL)
    await web_on(tables)
    key = await signed_key(tables, game_id)
    async with following(client, f"/g/{game_id}/events?key={key}") as stream:
        first = (await stream.wait_for(lambda e: len(e) == 1))[0].data
        assert first["picture"] == f"/g/{game_id}/picture/0.png?key={key}"
        await tables.servers.revoke_web_links(GUILD)
        await stream.wait_for(lambda e: e[-1].name == "gone", timeout=5)  # at the next heartbeat at the latest


async def test_the_servers_list_follows_its_games(tables: Tables, client: Client) -> None:
    await web_on(tables)
    async with following(client, f"/s/{GUILD}/events") as stream:
        first = (await stream.wait_for(lambda e: len(e) == 1))[0]
        assert first.name == "games" and first.data["games"] == []
        game_id = await open_game(tables)
        await stream.wait_for(lambda e: any(g["game_id"] == game_id for g in e[-1].data["games"]))


@pytest.mark.parametrize("limits", [Limits(live=2, live_per_game=10, live_per_visitor=10, heartbeat=0.5),
                                    Limits(live=10, live_per_game=2, live_per_visitor=10, heartbeat=0.5),
                                    Limits(live=10, live_per_game=10, live_per_visitor=2, heartbeat=0.5)],
                         ids=["in-all", "per-game", "per-visitor"])
async def test_live_pages_are_capped(tables: Tables, client: Client, limits: Limits) -> None:
    game_id = await open_game(tables)
    await web_on(tables)
    async with live_pages(client, f"/g/{game_id}/events", 2):
        third = await client.get(f"/g/{game_id}/events")
        assert third.status == 503 and third.headers["Retry-After"] == "30"
        assert "Too many live pages" in await third.text() or "per visitor" in await third.text()
    async with following(client, f"/g/{game_id}/events") as again:  # the room is back once they left
        await again.wait_for(lambda e: len(e) == 1)


@pytest.mark.parametrize("limits", [Limits(per_second=1.0, burst=3)])
async def test_a_visitor_asking_too_often_is_told_to_wait(tables: Tables, client: Client, limits: Limits) -> None:
    game_id = await open_game(tables)
    await web_on(tables)
    answers = [await client.get(f"/g/{game_id}") for _ in range(4)]
    assert [a.status for a in answers] == [200, 200, 200, 429]
    assert answers[-1].headers["Retry-After"] == "1" and "slow down" in await answers[-1].text()


async def test_only_a_trusted_proxy_names_the_visitor(tables: Tables) -> None:
    """Behind the proxy each visitor has a rate of its own; a visitor's own X-Forwarded-For is ignored."""
    game_id = await open_game(tables)
    await web_on(tables)
    for proxies, expected in ((frozenset({"127.0.0.1"}), [200, 200, 200]), (frozenset(), [200, 429, 429])):
        site = Site(tables.store, limits=Limits(per_second=0.001, burst=1, access_seconds=0.0), proxies=proxies)
        async with TestClient(TestServer(site.app)) as client:
            statuses = []
            for visitor in ("203.0.113.1", "203.0.113.2", "203.0.113.3"):
                answer = await client.get(f"/g/{game_id}", headers={"X-Forwarded-For": f"198.51.100.9, {visitor}"})
                statuses.append(answer.status)
            assert statuses == expected
        await site.close()


async def test_another_process_on_sqlite_polls_once_for_every_page(tables: Tables, tmp_path: Any) -> None:
    """`skald web` beside `skald run` on one SQLite file: a read of where the watched games stand
    per interval, whatever the number of pages, and the pages follow the game."""
    from bot.store import open_store

    game_id = await open_game(tables)
    await web_on(tables)
    store = await open_store(tmp_path / "skald.db", migrate=False, exclusive=False)
    polled = 0
    marks = store.watch.game_marks

    async def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal polled
        polled += 1
        return await marks(*args, **kwargs)

    store.watch.game_marks = counted  # type: ignore[method-assign]
    site = Site(store, limits=TEST_LIMITS)
    assert await site.follow(told_here=False) == "poll"
    try:
        async with TestClient(TestServer(site.app)) as client, \
                live_pages(client, f"/g/{game_id}/events", 3) as (one, two, three):
            polled = 0
            await asyncio.sleep(0.5)
            assert 3 <= polled <= 12, "about one read an interval (0.05 s), not one per page"
            await host_moves(tables, game_id, random.Random(3), limit=2)
            await tables.drain()
            now = (await tables.game(game_id)).state_id
            for stream in (one, two, three):
                await stream.wait_for(lambda e: e[-1].data["seq"] == now)
                assert stream.latest()["lines"], "and the story's new lines with it"
    finally:
        await site.close()
        await store.close()
