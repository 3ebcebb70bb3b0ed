"""`skald run`, the real command in a process of its own, with Discord out of reach at the network
edge only: logging in works (the token's user, the application, the command sync answer), every
other call to Discord fails as an unreachable host does, and the gateway never connects, so
discord.py keeps trying it (every 5 s) while the bot runs its games, AI seats, timers and outbox
as it would during an outage. Nothing of Skald's is replaced.

    python -m tests.discord.offline            # then SKALD_* and DISCORD_TOKEN as for `skald run`

It prints "OFFLINE <pid>" once its network edge is in place. `start_bot` starts it on a
database `all_ai_tables` filled (tests/discord/test_stop.py, benchmarks/stop.py).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import aiohttp
from discord.http import HTTPClient, Route

from bot.tables import Tables
from bot.tables.types import NewTable

ROOT = Path(__file__).resolve().parents[2]
LIVENESS = 60.0  # seconds: a process that hangs fails a test instead of the suite (not a figure)

BOT_USER = {"id": "900000000000000001", "username": "Skald", "discriminator": "0", "global_name": None,
            "avatar": None, "bot": True}
APPLICATION = {"id": BOT_USER["id"], "name": "Skald", "description": "", "icon": None, "bot_public": True,
               "bot_require_code_grant": False, "owner": BOT_USER, "verify_key": "0", "flags": 0}
GATEWAY = {"url": "wss://gateway.discord.invalid", "shards": 1,
           "session_start_limit": {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}}


async def _login(self: HTTPClient, token: str) -> Any:
    return BOT_USER


async def _request(self: HTTPClient, route: Route, **kwargs: Any) -> Any:
    if route.method == "GET" and route.path == "/oauth2/applications/@me":
        return APPLICATION
    if route.method == "GET" and route.path == "/gateway/bot":
        return GATEWAY
    if route.method == "PUT" and route.path.endswith("/commands"):
        return []
    raise aiohttp.ClientConnectionError("Discord is out of reach (tests/discord/offline.py)")


async def _ws_connect(self: HTTPClient, url: str, *, compress: int = 0) -> Any:
    raise aiohttp.ClientConnectionError("the gateway is out of reach (tests/discord/offline.py)")


async def all_ai_tables(db: Path, count: int, *, kind: str = "mcts", game: str = "nidavellir",
                        players: int = 3) -> list[int]:
    """`count` running games whose every seat is an AI of `kind`, saved in `db`."""
    tables = await Tables.open(db)
    try:
        ids = []
        for number in range(count):
            info = await tables.lobby.create(NewTable(guild_id=1, channel_id=100 + number, host_id=3,
                                                      host_name="Host", game=game, host_plays=False))
            for _ in range(players):
                await tables.lobby.add_ai(info.game_id, 3, kind)
            await tables.lobby.start(info.game_id, 3, seed=number + 1)
            ids.append(info.game_id)
        return ids
    finally:
        await tables.close()  # the AI seats stop where they are: the bot takes them up


def moves_made(db: Path) -> int:
    """Changes logged so far, read beside the running bot (WAL: readers never wait)."""
    with sqlite3.connect(f"{db.resolve().as_uri()}?mode=ro", uri=True) as conn:
        return int(conn.execute("SELECT count(*) FROM moves").fetchone()[0])


def start_bot(db: Path, folder: Path, ai_seconds: float = 1.0) -> subprocess.Popen[str]:
    """`skald run` offline (this module) on `db`, in its own process, once its edge is in place."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("SKALD_", "DISCORD_"))}
    env.update(DISCORD_TOKEN="offline-token", SKALD_DB=str(db), SKALD_AI_SECONDS=str(ai_seconds),
               SKALD_RENDER_PROCESSES="1", PYTHONPATH=str(ROOT))
    bot = subprocess.Popen([sys.executable, "-m", "tests.discord.offline"], cwd=folder, env=env, text=True,
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert bot.stdout is not None
    assert bot.stdout.readline().startswith("OFFLINE "), "the offline runner started"
    return bot


def until_moves(db: Path, bot: subprocess.Popen[str], more_than: int) -> int:
    """Wait until the bot's AI seats have logged more than `more_than` changes; returns how many."""
    deadline = time.monotonic() + LIVENESS
    while time.monotonic() < deadline:
        assert bot.poll() is None, f"the bot ended early: {bot.communicate()[1][-2000:]}"
        made = moves_made(db)
        if made > more_than:
            return made
        time.sleep(0.2)
    raise AssertionError(f"no AI move past {more_than} in {LIVENESS} s")


def main() -> int:
    HTTPClient.static_login = _login  # type: ignore[method-assign]
    HTTPClient.request = _request  # type: ignore[method-assign]
    HTTPClient.ws_connect = _ws_connect  # type: ignore[method-assign]
    from bot import cli

    print(f"OFFLINE {os.getpid()}", flush=True)
    return cli.main(["run", *sys.argv[1:]])


if __name__ == "__main__":
    sys.exit(main())
