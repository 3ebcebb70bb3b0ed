"""A real browser (headless Chromium, tests/web/browser.py) on the pages: a move made through
Discord shows on an open live page within 2 s, and each game's page looks as kept in
tests/web/golden/ at 400 and 1,280 px wide. Skipped, saying why, where Chromium is not installed."""

from __future__ import annotations

import asyncio
import random
from collections.abc import AsyncIterator
from io import BytesIO
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from bot.discord.app import WebSettings
from bot.environment import Switch
from bot.tables import Tables
from bot.web.server import Site
from tests.discord.harness import Harness
from tests.discord.table_play import open_table
from tests.relay.table_play import host_moves
from tests.web.browser import Browser, chromium
from tests.web.conftest import TEST_LIMITS
from tests.web.spectators import GUILD, open_game, serving_or_browsing, web_on

GOLDEN = Path(__file__).with_name("golden")
# The tests' own variable: rewrite the golden images from what the browser shows now (review the diff).
UPDATE = Switch("SKALD_UPDATE_GOLDEN", "rewrite tests/web/golden/ from the screenshots taken")
WIDTHS = (400, 1280)
# (game, AI seats beside the host, seed, host moves): a game part-way, the same every run.
SCENES = [("tranquility", 2, 31, 3), ("nidavellir", 2, 32, 2), ("wonderful", 1, 33, 3)]
# The page as it settles: live, its board drawn, its fonts loaded.
SETTLED = ("document.getElementById('live').classList.contains('on') && document.getElementById('board').complete "
           "&& document.getElementById('board').naturalWidth > 0 && document.fonts.status === 'loaded'")


@pytest.fixture(autouse=True)
def browser_here() -> None:
    chromium()  # skips (fails under CI) without one


def differs(kept: bytes, taken: bytes) -> str | None:
    """Why two screenshots differ more than the tolerance allows (antialiasing, hinting), or None."""
    old, new = Image.open(BytesIO(kept)).convert("RGB"), Image.open(BytesIO(taken)).convert("RGB")
    if old.size != new.size:
        return f"sizes {old.size} and {new.size}"
    difference = ImageChops.difference(old, new).convert("L")
    histogram = difference.histogram()
    pixels = old.size[0] * old.size[1]
    mean = sum(value * count for value, count in enumerate(histogram)) / pixels
    far = sum(histogram[48:]) / pixels
    if mean > 2.0 or far > 0.01:
        return f"mean difference {mean:.2f}/255, {far:.2%} of pixels far off"
    return None


@pytest.fixture
async def served(tmp_path: Path) -> AsyncIterator[tuple[Tables, Site]]:
    tables = await Tables.open(tmp_path / "skald.db")
    site = Site(tables.store, limits=TEST_LIMITS)
    tables.attach(site.told)
    await site.follow(told_here=True)
    await site.serve("127.0.0.1", 0)
    try:
        yield tables, site
    finally:
        await site.close()
        await tables.close()


async def test_each_games_page_looks_as_kept_at_400_and_1280_px(served: tuple[Tables, Site]) -> None:
    tables, site = served
    await web_on(tables)
    games = {}
    for name, ais, seed, moves in SCENES:
        game_id = await open_game(tables, game=name, seed=seed, ais=ais, clock="none")
        await host_moves(tables, game_id, random.Random(seed), limit=moves)
        await tables.drain()
        games[name] = game_id
    wrong = []
    async with Browser.launch() as browser:
        page = await browser.page(WIDTHS[0], 900)
        for name, game_id in games.items():
            for width in WIDTHS:
                await page.size(width, 900)
                await page.goto(f"http://127.0.0.1:{site.port}/g/{game_id}")
                await page.wait_for(SETTLED)
                taken = await page.screenshot(width)
                golden = GOLDEN / f"{name}-{width}.png"
                if UPDATE.on():
                    golden.write_bytes(taken)
                    continue
                problem = differs(golden.read_bytes(), taken) if golden.exists() else "not kept yet"
                if problem is not None:
                    golden.with_suffix(".new.png").write_bytes(taken)  # to look at beside the kept one
                    wrong.append(f"{golden.name}: {problem}")
    assert wrong == [], "pages look otherwise than kept (SKALD_UPDATE_GOLDEN=1 rewrites them after a review)"


async def test_a_move_made_in_discord_shows_on_an_open_live_page_within_2_s(tmp_path: Path) -> None:
    web = WebSettings(url="http://127.0.0.1", port=0)
    async with Harness.open(tmp_path / "skald.sqlite3", web=web) as h:
        h.guild_create()
        ann = h.user("ann", manage_guild=True)
        await h.slash(ann, "skald settings", {"name": "web", "value": "on"})
        game_id = await open_table(h, ann, "tranquility", ais=1)
        site = h.client.web
        assert site is not None and site.feed == "told", "skald run serves the pages, told of its own moves"
        h.foreign = serving_or_browsing  # the page's connection and the browser's are not the bot's work
        async with Browser.launch() as browser:
            page = await browser.page(1280, 900)
            await page.goto(f"http://127.0.0.1:{site.port}/g/{game_id}")
            await page.wait_for(SETTLED)
            before = int(await page.evaluate("Number(document.getElementById('game').dataset.seq)"))
            view = await h.client.tables.table_view(game_id, ann.id)
            move = view.legal_moves[0].text
            loop = asyncio.get_running_loop()
            started = loop.time()
            await h.slash(ann, "move", {"text": move, "game": game_id}, settle=False)
            shown = await page.wait_for(
                f"(() => {{ const seq = Number(document.getElementById('game').dataset.seq);"
                f" const src = document.getElementById('board').getAttribute('src');"
                f" const told = document.querySelector('#story li[data-id=\"{before + 1}\"]');"
                f" return seq > {before} && told && src.endsWith('/picture/' + seq + '.png') ? seq : 0; }})()",
                timeout=10)
            elapsed = loop.time() - started
            await h.settle()
        assert shown > before
        assert elapsed < 2.0, f"the page showed the move {elapsed:.2f} s after it was made"


async def test_the_replay_scrubs_and_the_servers_list_follows_its_games(served: tuple[Tables, Site]) -> None:
    tables, site = served
    await web_on(tables)
    game_id = await open_game(tables, seed=41, clock="none")
    await host_moves(tables, game_id, random.Random(41), limit=2)
    await tables.drain()
    total = (await tables.game(game_id)).state_id
    base = f"http://127.0.0.1:{site.port}"
    label = "document.getElementById('label').textContent"
    board = "document.getElementById('board').getAttribute('src')"
    async with Browser.launch() as browser:
        page = await browser.page(1280, 900)
        await page.goto(f"{base}/g/{game_id}/replay")
        assert (await page.wait_for(f"{label} === 'Start' && {board}")).endswith(f"/step/0.png?v={total}")
        await page.evaluate("document.getElementById('next').click()")
        assert await page.wait_for(f"{label} === 'Change 1 of {total}'")
        assert (await page.evaluate(board)).endswith(f"/step/1.png?v={total}")
        assert await page.evaluate("document.getElementById('lines').children.length") >= 1
        await page.evaluate(f"const s = document.getElementById('scrub'); s.value = '{total}';"
                            "s.dispatchEvent(new Event('input'))")
        assert await page.wait_for(f"{label} === 'Change {total} of {total}' && location.hash === '#{total}'")
        await page.evaluate("document.getElementById('first').click()")
        assert await page.wait_for(f"{label} === 'Start'")

        await page.goto(f"{base}/s/{GUILD}")
        links = "Array.from(document.querySelectorAll('#games a')).map(a => a.getAttribute('href')).join(' ')"
        assert await page.wait_for(links) == f"/g/{game_id}"
        other = await open_game(tables, seed=42, clock="none")  # a new table shows up without a reload
        assert await page.wait_for(f"{links}.includes('/g/{other}')")
