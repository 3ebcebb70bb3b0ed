"""The pages as a process of their own beside the bots, on both databases: told by PostgreSQL's
LISTEN (the bots NOTIFY after their commits), or polling SQLite once an interval; and `skald web`
itself, opened read-only on the bots' database."""

from __future__ import annotations

import argparse
import asyncio
import random
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest
from aiohttp.test_utils import TestClient, TestServer

from bot.store import Store, is_postgres, open_store
from bot.store.watching import APPLICATION, GameMark, payloads, read_payload
from bot.tables import Tables
from bot.web import cli
from bot.web.feed import ChangeTeller
from bot.web.server import Site
from tests.databases import Target
from tests.relay.table_play import host_moves
from tests.web.conftest import TEST_LIMITS
from tests.web.spectators import following, open_game, web_on


@pytest.fixture
async def bots(database: Target) -> AsyncIterator[Tables]:
    """The bots' table service, with what `skald run` attaches on PostgreSQL when the web is on."""
    service = await Tables.open(database)
    teller = ChangeTeller(service.store) if service.store.shared else None
    if teller is not None:
        service.attach(teller)
    try:
        yield service
    finally:
        if teller is not None:
            await teller.close()
        await service.close()


@pytest.fixture
async def pages_store(bots: Tables, database: Target) -> AsyncIterator[Store]:
    """The page process's own connection to the same database: read-only, no writer's lock."""
    store = await open_store(database, migrate=False, exclusive=False)
    try:
        yield store
    finally:
        await store.close()


async def test_a_page_process_follows_the_bots_games(bots: Tables, pages_store: Store, database: Target) -> None:
    game_id = await open_game(bots)
    await web_on(bots)
    site = Site(pages_store, limits=TEST_LIMITS)
    feed = await site.follow(told_here=False)
    assert feed == ("listen" if is_postgres(database) else "poll")
    try:
        async with TestClient(TestServer(site.app)) as client, following(client, f"/g/{game_id}/events") as stream:
            await stream.wait_for(lambda e: len(e) == 1)
            await host_moves(bots, game_id, random.Random(5), limit=3)
            await bots.drain()
            now = (await bots.game(game_id)).state_id
            await stream.wait_for(lambda e: e[-1].data["seq"] == now)
            told = {line["id"] for event in stream.events for line in event.data["lines"]}
            assert told == set(range(1, now + 1))
    finally:
        await site.close()


async def test_the_listening_connection_comes_back_and_looks_again(
        bots: Tables, pages_store: Store, database: Target) -> None:
    if not is_postgres(database):
        pytest.skip("SQLite has nothing to listen to: its page process polls")
    game_id = await open_game(bots)
    await web_on(bots)
    site = Site(pages_store, limits=TEST_LIMITS)
    await site.follow(told_here=False)
    try:
        async with TestClient(TestServer(site.app)) as client, following(client, f"/g/{game_id}/events") as stream:
            await stream.wait_for(lambda e: len(e) == 1)
            conn = await asyncpg.connect(str(database))
            try:  # this test's listener (other tests' listen to other databases of the same server)
                killed = await conn.fetchval("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                             "WHERE application_name = $1 AND datname = current_database()",
                                             APPLICATION)
            finally:
                await conn.close()
            assert killed == 1
            await host_moves(bots, game_id, random.Random(6), limit=1)  # told to nobody: nobody listened
            await bots.drain()
            now = (await bots.game(game_id)).state_id
            await stream.wait_for(lambda e: e[-1].data["seq"] == now, timeout=15)  # found by the fresh look
    finally:
        await site.close()


def test_notifications_carry_batches_under_postgresqls_limit() -> None:
    marks = [GameMark(game, 10**17 + game, 10**6 + game) for game in range(1000)]
    found = payloads(marks)
    assert len(found) > 1 and all(len(payload.encode()) <= 7000 for payload in found)
    assert [mark for payload in found for mark in read_payload(payload) or []] == marks
    assert read_payload("not json") is None and read_payload('[["a", 1, 2]]') is None


async def test_skald_web_serves_the_bots_database_read_only(bots: Tables, database: Target) -> None:
    game_id = await open_game(bots)
    await web_on(bots)
    args = argparse.Namespace(db=str(database), host="127.0.0.1", port=0, log_level="INFO")
    ready = asyncio.Event()
    serving = asyncio.create_task(cli.serve(args, ready=ready))
    try:
        await asyncio.wait_for(ready.wait(), 30)
        import aiohttp

        async with aiohttp.ClientSession() as session:
            answer = await session.get(f"http://127.0.0.1:{args.served_port}/g/{game_id}")
            assert answer.status == 200 and "Astrid to move" in await answer.text()
        await host_moves(bots, game_id, random.Random(7), limit=1)  # the bots still write as they please
    finally:
        serving.cancel()
        await asyncio.gather(serving, return_exceptions=True)


async def test_skald_web_refuses_what_it_cant_use(tmp_path: Any, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    args = argparse.Namespace(db=str(tmp_path / "missing.db"), host=None, port=None, log_level="INFO")
    assert await cli.serve(args) == 2
    assert capsys.readouterr().err == f"skald web: no database at {tmp_path / 'missing.db'}.\n"
    monkeypatch.setenv("SKALD_WEB_SECRET", "short")
    assert await cli.serve(args) == 2
    assert capsys.readouterr().err == "skald web: SKALD_WEB_SECRET must be at least 32 characters long.\n"
    monkeypatch.delenv("SKALD_WEB_SECRET")
    monkeypatch.setenv("SKALD_WEB_PORT", "99999")
    assert await cli.serve(args) == 2
    assert "SKALD_WEB_PORT must be a whole number from 1 to 65535" in capsys.readouterr().err


def test_skald_web_never_loads_discord_py() -> None:
    """The pages need aiohttp, not discord.py (its import alone costs a bot's start-up time)."""
    import subprocess
    import sys

    probe = "import sys, bot.web.cli, bot.web.server; print(sorted(m for m in ('discord',) if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
