"""Test databases on both backends: an SQLite file in tmp_path, or a fresh database on the
PostgreSQL server named by SKALD_TEST_POSTGRES (`make test` starts a throwaway one, see
.ci/with-postgres). Without it the PostgreSQL half skips, saying why, except under CI
(CI=true), where a missing server is a failure: CI must install and start one.
"""

from __future__ import annotations

import asyncio
import os
import re
import secrets
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import aiosqlite
import asyncpg
import pytest

from bot.store import is_postgres
from bot.store import migrate as migrations
from bot.store.store import open_database

Target = str | Path  # what SKALD_DB / --db takes: a file path or a postgresql:// URL
SERVER = "SKALD_TEST_POSTGRES"
BACKENDS = ("sqlite", "postgresql")
NO_SERVER = (f"PostgreSQL tests need a server: run `make test` (it starts a throwaway cluster when PostgreSQL is "
             f"installed: apt-get install postgresql), or set {SERVER}=postgresql://…")


def server_url() -> str:
    """The test server's URL; skips the test without one (fails it under CI)."""
    url = os.environ.get(SERVER, "").strip()
    if not url:
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but {SERVER} is not set: .ci/run must start PostgreSQL for the tests.")
        pytest.skip(NO_SERVER)
    return url


def with_database(url: str, name: str) -> str:
    """The server URL pointed at another database."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, f"/{name}", parts.query, parts.fragment))


async def create_database() -> str:
    """A new, empty database on the test server; returns its URL."""
    server = server_url()
    name = f"skald_test_{secrets.token_hex(6)}"
    conn = await asyncpg.connect(server)
    try:
        await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()
    return with_database(server, name)


async def drop_database(url: str) -> None:
    name = urlsplit(url).path.lstrip("/")
    conn = await asyncpg.connect(server_url())
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    finally:
        await conn.close()


def numbered(statement: str) -> str:
    """SQLite's `?` placeholders as PostgreSQL's `$1, $2, ...`."""
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    return re.sub(r"\?", number, statement)


async def sql(target: Target, statement: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
    """One statement run outside Skald (`?` placeholders), as a hand edit, a bad disk or a bad
    release would; returns its rows."""
    if is_postgres(target):
        conn = await asyncpg.connect(str(target))
        try:
            return [tuple(r) for r in await conn.fetch(numbered(statement), *params)]
        finally:
            await conn.close()
    async with aiosqlite.connect(target) as db:
        rows = [tuple(r) for r in await db.execute_fetchall(statement, params)]
        await db.commit()
        return rows



async def sql_rows(target: Target, statement: str, rows: Iterable[Sequence[Any]]) -> None:
    """One statement run outside Skald for each of `rows` (`?` placeholders), in one transaction:
    rows put straight into a table, as older versions or many finished games would have left them."""
    if is_postgres(target):
        conn = await asyncpg.connect(str(target))
        try:
            await conn.executemany(numbered(statement), list(rows))
        finally:
            await conn.close()
        return
    async with aiosqlite.connect(target) as db:
        await db.executemany(statement, rows)
        await db.commit()


async def migrate_to(target: Target, version: int | None = None) -> list[int]:
    """Bring a database to schema `version` (default: the latest), as `skald db migrate --to`
    does; returns the versions applied."""
    db = await open_database(target)
    try:
        return await db.direct(lambda conn: migrations.migrate(conn, version))
    finally:
        await db.close()


class Door:
    """A TCP door in front of the test server (its unix socket, or its TCP port): a store given
    `url` reaches its database only through it, so closing it is an outage — connections cut,
    new ones refused — and opening it again (on the same port) is the server coming back."""

    def __init__(self, database_url: str) -> None:
        parts = urlsplit(database_url)
        query = dict(pair.split("=", 1) for pair in parts.query.split("&") if "=" in pair)
        self._socket = query.get("host") if (query.get("host") or "").startswith("/") else None
        self._address = (parts.hostname or "127.0.0.1", parts.port or 5432)
        self._port = parts.port or 5432
        self._database = parts.path
        self._user = parts.username or ""
        self._server: asyncio.Server | None = None
        self._open: set[asyncio.StreamWriter] = set()
        self.port = 0

    @property
    def url(self) -> str:
        return f"postgresql://{self._user}@127.0.0.1:{self.port}{self._database}"

    async def open(self) -> None:
        self._server = await asyncio.start_server(self._serve, "127.0.0.1", self.port)
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        """The outage: no new connection, and every open one cut."""
        assert self._server is not None
        self._server.close()
        for writer in list(self._open):
            writer.transport.abort()
        await self._server.wait_closed()

    @staticmethod
    def owns(task: asyncio.Task[Any]) -> bool:
        """The door's own tasks (a harness waiting for the bot to settle leaves them out)."""
        return task.get_name().startswith("door")

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            task.set_name("door")
        if self._socket is not None:
            up_reader, up_writer = await asyncio.open_unix_connection(f"{self._socket}/.s.PGSQL.{self._port}")
        else:
            up_reader, up_writer = await asyncio.open_connection(*self._address)
        self._open.update((writer, up_writer))

        async def pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
            try:
                while data := await source.read(65536):
                    sink.write(data)
                    await sink.drain()
            except (ConnectionError, OSError):
                pass
            finally:
                sink.transport.abort()
                self._open.discard(sink)

        await asyncio.gather(asyncio.create_task(pump(reader, up_writer), name="door-in"),
                             asyncio.create_task(pump(up_reader, writer), name="door-out"))
