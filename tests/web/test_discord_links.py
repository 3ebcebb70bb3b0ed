"""The links the bot gives, through Discord (the harness: real gateway payloads in, recorded HTTP
out), and what they open: a server turns its pages on, a game's thread and `/game board` carry its
link, a private channel's game gets a signed link that opens it until Manage Server revokes it."""

from __future__ import annotations

import json
import re
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.discord.app import WebSettings
from bot.web.hub import Limits
from bot.web.server import Site
from tests.discord.harness import Harness, Message, User
from tests.discord.table_play import open_table
from tests.web.spectators import serving_or_browsing

WEB = "https://skald.example.org/spectate"
PRIVATE = 902
LINK = re.compile(re.escape(WEB) + r"(/g/\d+(?:/board)?(?:\?key=[\w-]+)?)")


def links_in(*messages: Message) -> list[str]:
    """The web links (their paths) anywhere in these messages: text, embed titles' links, fields."""
    return [path for message in messages for path in LINK.findall(json.dumps(message.payload))]


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    async with Harness.open(tmp_path / "skald.sqlite3", web=WebSettings(url=WEB)) as harness:
        harness.guild_create(hidden=[PRIVATE])
        yield harness


@pytest.fixture
async def pages(h: Harness) -> AsyncIterator[TestClient[Any, Any]]:
    """The pages over the bot's own database (as `skald web` beside it would read it)."""
    site = Site(h.client.tables.store, limits=Limits(access_seconds=0.0))
    h.foreign = serving_or_browsing
    async with TestClient(TestServer(site.app)) as client:
        yield client
    await site.close()


async def board_links(h: Harness, user: User, game_id: int) -> list[str]:
    answer = await h.slash(user, "game board", {"game": game_id})
    return links_in(*h.replies(answer))


async def test_no_link_until_the_server_turns_its_pages_on(h: Harness) -> None:
    ann = h.user("ann", manage_guild=True)
    game_id = await open_table(h, ann, "tranquility", ais=1)
    assert await board_links(h, ann, game_id) == []
    assert not links_in(*h.public_messages())


async def test_a_public_games_thread_and_board_carry_its_plain_link(
        h: Harness, pages: TestClient[Any, Any]) -> None:
    ann = h.user("ann", manage_guild=True)
    bob = h.user("bob")
    changed = await h.slash(ann, "skald settings", {"name": "web", "value": "on"})
    assert "on — open pages for games everyone can see" in h.reply_text(changed)
    game_id = await open_table(h, ann, "tranquility", ais=1)
    lobby = next(m for m in h.public_messages() if m.channel_id == h.channel_id)
    assert set(links_in(lobby)) == {f"/g/{game_id}"}, "the thread's first message, its lobby card, links the page"
    thread = (await h.client.tables.game(game_id)).thread_id
    assert thread is not None
    opening, *later = h.posts(thread)
    assert "Watch live" in opening.text() and f"/g/{game_id}" in links_in(opening)
    assert all("Watch live" not in post.text() for post in later), "said in words once; each board's title links it"
    assert sorted(await board_links(h, bob, game_id)) == [f"/g/{game_id}", f"/g/{game_id}", f"/g/{game_id}/board"]
    assert (await pages.get(f"/g/{game_id}")).status == 200
    listed = await (await pages.get(f"/s/{h.guild_id}/games.json")).json()
    assert [g["game_id"] for g in listed["games"]] == [game_id]


async def test_a_private_channels_game_gets_a_signed_link_that_revoking_ends(
        h: Harness, pages: TestClient[Any, Any]) -> None:
    ann = h.user("ann", manage_guild=True)
    bob = h.user("bob")
    await h.slash(ann, "skald settings", {"name": "web", "value": "on"})
    opened = await h.slash(ann, "play tranquility", channel_id=PRIVATE)
    lobby = h.messages[opened.original_id or 0]
    game_id = int(h.button(lobby, "Join").split(":")[1])
    await h.click(ann, h.button(lobby, "Add AI"), message=lobby)
    await h.click(ann, h.button(lobby, "Start"), message=lobby)
    links = await board_links(h, ann, game_id)
    assert links and all("?key=" in link for link in links)
    page = links[0]
    assert (await pages.get(page)).status == 200
    assert (await pages.get(f"/g/{game_id}")).status == 404, "no page without the key"
    listed = await (await pages.get(f"/s/{h.guild_id}/games.json")).json()
    assert listed["games"] == [], "nor on the server's page"

    refused = await h.slash(bob, "skald web", {"revoke": True})
    assert "Only someone with Manage Server" in h.reply_text(refused)
    assert (await pages.get(page)).status == 200
    revoked = await h.slash(ann, "skald web", {"revoke": True})
    assert "stops working" in h.reply_text(revoked)
    assert (await pages.get(page)).status == 404
    fresh = (await board_links(h, ann, game_id))[0]
    assert fresh != page and (await pages.get(fresh)).status == 200


async def test_turning_the_pages_off_takes_the_links_away(h: Harness) -> None:
    ann = h.user("ann", manage_guild=True)
    await h.slash(ann, "skald settings", {"name": "web", "value": "links"})
    game_id = await open_table(h, ann, "tranquility", ais=1)
    assert all("?key=" in link for link in await board_links(h, ann, game_id)), "links mode: every link signed"
    shown = await h.slash(ann, "skald web")
    assert "links — every game by signed link only" in h.reply_text(shown)
    await h.slash(ann, "skald settings", {"name": "web", "value": "off"})
    assert await board_links(h, ann, game_id) == []


async def test_without_skald_web_url_the_bot_gives_no_links(tmp_path: Path) -> None:
    async with Harness.open(tmp_path / "skald.sqlite3") as h:
        ann = h.user("ann", manage_guild=True)
        await h.slash(ann, "skald settings", {"name": "web", "value": "on"})
        game_id = await open_table(h, ann, "tranquility", ais=1)
        assert await board_links(h, ann, game_id) == []
        shown = await h.slash(ann, "skald web")
        assert "has not set SKALD_WEB_URL" in h.reply_text(shown)
