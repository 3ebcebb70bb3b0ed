"""The pages in process (aiohttp's test client over the real application and a real table service):
what each page shows, who may open it, and the headers every answer carries."""

from __future__ import annotations

import json
from typing import Any

from aiohttp.test_utils import TestClient

from bot.relay.payload import encode, state_document
from bot.tables import Tables
from bot.tables.settings import WEB_LINKS
from bot.web import links
from bot.web.server import Site
from tests.web.spectators import CHANNEL, GUILD, PRIVATE_CHANNEL, open_game, web_on

Client = TestClient[Any, Any]


async def signed_key(tables: Tables, game_id: int) -> str:
    """The key the bot would give for the game now (as bot/discord/web_links.py makes it)."""
    key = links.signing_key(await tables.servers.web_secret())
    assert key is not None
    return links.sign(key, game_id, (await tables.servers.web_access(GUILD)).generation)


async def test_a_game_in_a_public_channel_has_its_page_once_the_server_turned_the_pages_on(
        tables: Tables, client: Client) -> None:
    game_id = await open_game(tables)
    refused = await client.get(f"/g/{game_id}")
    assert refused.status == 404 and "no page here" in await refused.text()
    await web_on(tables)
    page = await client.get(f"/g/{game_id}")
    text = await page.text()
    assert page.status == 200
    assert "Tranquility <span class=\"number\">#1</span>" in text
    assert f'src="/g/{game_id}/picture/0.png"' in text
    assert "Astrid to move" in text
    assert '<script src="/static/live.js" defer></script>' in text and "<script>" not in text
    assert f'data-events="/g/{game_id}/events"' in text


async def test_every_answer_carries_the_security_headers_and_the_board_alone_may_be_framed(
        tables: Tables, client: Client) -> None:
    game_id = await open_game(tables)
    await web_on(tables)
    for path, framing in ((f"/g/{game_id}", "'self'"), (f"/g/{game_id}/board", "*"), ("/", "'self'"),
                          ("/nowhere", "'self'"), ("/static/live.js", "'self'")):
        answer = await client.get(path)
        policy = answer.headers["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "default-src 'none'" in policy and "'unsafe-inline'" not in policy
        assert policy.endswith(f"frame-ancestors {framing}"), path
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert answer.headers["X-Robots-Tag"] == "noindex, nofollow"
    script = await client.get("/static/live.js")
    assert script.headers["Content-Type"].startswith("text/javascript")
    assert (await client.get("/static/../server.py")).status == 404
    font = await client.get("/static/DejaVuSans.ttf")
    assert font.status == 200 and font.headers["Content-Type"] == "font/ttf"


async def test_the_board_only_page_is_the_picture_and_whose_turn_it_is(tables: Tables, client: Client) -> None:
    game_id = await open_game(tables)
    await web_on(tables)
    text = await (await client.get(f"/g/{game_id}/board")).text()
    assert 'class="board-only"' in text and f'src="/g/{game_id}/picture/0.png"' in text
    assert 'id="status" class="status bar">Astrid to move' in text
    bare = await (await client.get(f"/g/{game_id}/board?bar=0")).text()
    assert 'id="status"' not in bare and "picture/0.png" in bare


async def test_the_picture_is_the_spectators_board_and_an_old_state_points_at_the_new_one(
        tables: Tables, client: Client, site: Site) -> None:
    import renderer

    game_id = await open_game(tables)
    await web_on(tables)
    view = await tables.table_view(game_id, None)
    names = [seat.name for seat in view.info.seats]
    picture = await client.get(f"/g/{game_id}/picture/0.png")
    assert picture.status == 200 and picture.headers["Content-Type"] == "image/png"
    assert picture.headers["Cache-Control"] == "public, max-age=86400, immutable"
    assert await picture.read() == renderer.board_png(view.view, names)
    assert site.pictures.drawn == 1
    assert await (await client.get(f"/g/{game_id}/picture/0.png")).read() == renderer.board_png(view.view, names)
    assert site.pictures.drawn == 1, "a state's picture is drawn once"
    moved = await tables.table_view(game_id, 1001)
    await tables.play.move(game_id, 1001, moved.state_id, moved.legal_moves[0].text)
    await tables.drain()
    now = (await tables.game(game_id)).state_id
    stale = await client.get(f"/g/{game_id}/picture/0.png", allow_redirects=False)
    assert stale.status == 302 and stale.headers["Location"] == f"/g/{game_id}/picture/{now}.png"
    assert stale.headers["Cache-Control"] == "no-store"


async def test_state_json_is_the_relays_state_document(tables: Tables, client: Client, site: Site) -> None:
    game_id = await open_game(tables)
    await web_on(tables)
    document = await (await client.get(f"/g/{game_id}/state.json")).json()
    assert document["view"] == (await tables.table_view(game_id, None)).view
    current = await site.reader.current(game_id)
    assert document == json.loads(encode(state_document(current.update)))


async def test_a_game_in_a_private_channel_opens_only_with_its_signed_link_until_revoked(
        tables: Tables, client: Client) -> None:
    game_id = await open_game(tables, channel=PRIVATE_CHANNEL)
    await web_on(tables)
    assert (await client.get(f"/g/{game_id}")).status == 404
    key = await signed_key(tables, game_id)
    assert len(key) == links.KEY_LENGTH
    page = await client.get(f"/g/{game_id}?key={key}")
    text = await page.text()
    assert page.status == 200
    assert f'src="/g/{game_id}/picture/0.png?key={key}"' in text, "the picture asks with the key too"
    assert (await client.get(f"/g/{game_id}/picture/0.png?key={key}")).headers["Cache-Control"].startswith("private")
    other = await open_game(tables, channel=PRIVATE_CHANNEL, seed=8)
    assert (await client.get(f"/g/{other}?key={key}")).status == 404, "a key opens its own game only"
    assert (await client.get(f"/g/{game_id}?key={key[:-1]}x")).status == 404
    await tables.servers.revoke_web_links(GUILD)
    assert (await client.get(f"/g/{game_id}?key={key}")).status == 404
    assert (await client.get(f"/g/{game_id}?key={await signed_key(tables, game_id)}")).status == 200


async def test_a_channel_the_bot_never_saw_is_private(tables: Tables, client: Client) -> None:
    game_id = await open_game(tables, channel=77)
    await web_on(tables)
    assert (await client.get(f"/g/{game_id}")).status == 404
    assert (await client.get(f"/g/{game_id}?key={await signed_key(tables, game_id)}")).status == 200


async def test_in_links_mode_every_game_needs_its_key_and_nothing_is_listed(tables: Tables, client: Client) -> None:
    game_id = await open_game(tables)
    await web_on(tables, mode=WEB_LINKS)
    assert (await client.get(f"/g/{game_id}")).status == 404
    assert (await client.get(f"/g/{game_id}?key={await signed_key(tables, game_id)}")).status == 200
    assert (await client.get(f"/s/{GUILD}")).status == 404


async def test_turning_the_pages_off_closes_every_page(tables: Tables, client: Client) -> None:
    game_id = await open_game(tables, channel=PRIVATE_CHANNEL)
    await web_on(tables)
    key = await signed_key(tables, game_id)
    await tables.servers.set_setting(GUILD, "web", "off")
    assert (await client.get(f"/g/{game_id}?key={key}")).status == 404
    assert (await client.get(f"/g/{game_id}/state.json?key={key}")).status == 404


async def test_the_servers_page_lists_its_games_open_to_all_and_no_other(tables: Tables, client: Client) -> None:
    shown = await open_game(tables)
    hidden = await open_game(tables, channel=PRIVATE_CHANNEL, seed=8)
    assert (await client.get(f"/s/{GUILD}")).status == 404
    await web_on(tables)
    listing = await (await client.get(f"/s/{GUILD}/games.json")).json()
    assert [g["game_id"] for g in listing["games"]] == [shown]
    assert listing["games"][0] == {"game_id": shown, "title": "Tranquility", "status": "running", "state_id": 0,
                                   "seats": ["Astrid", "random AI", "random AI 2"], "to_move": ["Astrid"],
                                   "updated_at": listing["games"][0]["updated_at"], "url": f"/g/{shown}"}
    page = await (await client.get(f"/s/{GUILD}")).text()
    assert f'href="/g/{shown}"' in page and f"/g/{hidden}" not in page


async def test_refusals_say_why_and_change_nothing(tables: Tables, client: Client) -> None:
    game_id = await open_game(tables)
    await web_on(tables)
    for path in ("/g/99", "/g/abc", f"/g/{game_id}/picture/x.png", "/g/123456789012345678901", f"/g/{game_id}/nope",
                 f"/g/{game_id}?key={'k' * 100}", "/s/12345"):
        answer = await client.get(path)
        assert answer.status == 404, path
    assert (await client.post(f"/g/{game_id}")).status == 405
    assert (await client.get("/")).status == 200
    assert (await client.get("/healthz")).status == 200
    assert (await tables.game(game_id)).state_id == 0


async def test_a_lobby_has_a_page_without_a_board(tables: Tables, client: Client) -> None:
    from bot.tables.types import NewTable

    await web_on(tables)
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=1001, host_name="Astrid",
                                              game="nidavellir"))
    text = await (await client.get(f"/g/{info.game_id}")).text()
    assert "Waiting for players" in text and "The board shows once the game starts" in text
    assert (await client.get(f"/g/{info.game_id}/picture/0.png")).status == 404
    assert (await client.get(f"/g/{info.game_id}/replay")).status == 404


async def test_under_a_path_every_address_a_page_gives_starts_with_it(tables: Tables) -> None:
    """SKALD_WEB_URL=https://example.org/skald: the proxy strips /skald, the pages give it back."""
    from aiohttp.test_utils import TestServer

    game_id = await open_game(tables)
    await web_on(tables)
    site = Site(tables.store, root="/skald/")
    async with TestClient(TestServer(site.app)) as client:
        page = await (await client.get(f"/g/{game_id}")).text()
        assert 'href="/skald/static/skald.css"' in page and 'src="/skald/static/live.js"' in page
        assert f'data-events="/skald/g/{game_id}/events"' in page and f'src="/skald/g/{game_id}/picture/0.png"' in page
        assert f'href="/skald/g/{game_id}/board"' in page and f'href="/skald/g/{game_id}/replay"' in page
        live = await (await client.get(f"/g/{game_id}/live.json")).json()
        assert live["picture"] == f"/skald/g/{game_id}/picture/0.png"
        listing = await (await client.get(f"/s/{GUILD}/games.json")).json()
        assert listing["games"][0]["url"] == f"/skald/g/{game_id}"
        assert links.root_of("https://example.org/skald/") == "/skald" and links.root_of("https://example.org") == ""
    await site.close()


async def test_whose_turn_it_is_and_their_clock_are_shown(tables: Tables, client: Client) -> None:
    game_id = await open_game(tables, clock="daily")
    await web_on(tables)
    page = await (await client.get(f"/g/{game_id}")).text()
    assert "Clock: daily — 24 hours a move, 3 days in the bank" in page
    # A day for the move and the three days of the bank behind it, as the thread counts them.
    assert '<li class="seat to-move"><span class="name">Astrid</span><span class="time">3d 23h left</span>' in page
    assert 'random AI<span class="badge">AI</span></span><span class="time">bank 3d 0h</span>' in page
    live = await (await client.get(f"/g/{game_id}/live.json")).json()
    host = live["seats"][0]
    assert host["to_move"] and host["deadline"] is not None and not host["paused"]
    assert live["seats"][1]["ai"] == "random" and live["seats"][1]["deadline"] is None
    assert abs(host["deadline"] - live["now"] - 4 * 86400) < 60
    await tables.seating.pause(game_id, 1001)
    paused = await (await client.get(f"/g/{game_id}/live.json")).json()
    assert paused["paused"] and paused["seats"][0]["paused"] and paused["seats"][0]["left"] is not None


async def test_a_key_that_is_no_signature_is_never_echoed(tables: Tables, client: Client) -> None:
    game_id = await open_game(tables)
    await web_on(tables)
    page = await (await client.get(f"/g/{game_id}", params={"key": '"><b>&x=1'})).text()
    assert "<b>" not in page and "x=1" not in page and f'src="/g/{game_id}/picture/0.png"' in page
