"""Databases made by every earlier Skald (schemas 1 to 10, SQLite and PostgreSQL) upgrade in place
— at start-up, or with `skald db migrate` — with every row intact and `skald db verify` clean.

Each database is built by that era's own migration files and filled with rows as that era's
store wrote them (tests/store/eras/); then this Skald upgrades it, and every row of every table
is compared with what was written: each old column of each row as it was, no row lost. What a
migration is meant to change is said where it is expected.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import pytest

from bot.cli import main
from bot.store import migrate as migrations
from bot.store import open_store
from bot.tables.audit import Audit, verify
from tests.store.eras import ERAS, build, fill, table_rows
from tests.tables.duel import games


async def _verify(target: str) -> Audit:
    store = await open_store(target, migrate=False, exclusive=False)
    try:
        return await verify(store, games)
    finally:
        await store.close()


async def _open(target: str) -> int:
    store = await open_store(target)
    try:
        return await store.version()
    finally:
        await store.close()


def _expected(version: int, table: str, row: dict[str, Any]) -> dict[str, Any]:
    """What a row of schema `version` should read as after the upgrade."""
    if table == "timers" and version == 9 and row["game_id"] < 0:
        return {**row, "game_id": -row["game_id"]}  # schema 10: a tournament's timer in its own key space
    return row


def _counted(rows: list[dict[str, Any]]) -> Counter[tuple[Any, ...]]:
    return Counter(tuple(None if v is None else (float(v) if isinstance(v, (bool, int, float)) else v)
                         for v in row.values()) for row in rows)


@pytest.mark.parametrize("version", range(1, ERAS + 1))
def test_a_database_of_every_earlier_schema_upgrades_with_every_row_intact_and_verifies_clean(
        version: int, database_for_commands: str, capsys: pytest.CaptureFixture[str]) -> None:
    target = database_for_commands
    asyncio.run(build(target, version))
    written = asyncio.run(fill(target, version))
    if version % 2:  # at start-up, as the bot opens it
        assert asyncio.run(_open(target)) == migrations.latest_version()
    else:
        assert main(["db", "migrate", "--db", target]) == 0
        assert f"schema {version} -> {migrations.latest_version()}" in capsys.readouterr().out \
            or version == migrations.latest_version()
    for table, rows in written.items():
        if table == "results" and version == 6:
            continue  # schema 7 rebuilt results to count people (checked below)
        names = list(dict.fromkeys(name for row in rows for name in row))
        assert all(list(row) == names for row in rows), f"{table}: every row names every column"
        after = asyncio.run(table_rows(target, table, names))
        expected = [_expected(version, table, row) for row in rows]
        missing = _counted(expected) - _counted(after)
        assert not missing, f"{table}: rows changed or lost in the upgrade from schema {version}: {missing}"
        assert len(after) == len(expected) or table in ("announcements",), f"{table}: rows added"
    if version <= 8:  # a tournament's timer needs schema 9; from 10 on, every timer names its space
        spaces = asyncio.run(table_rows(target, "timers", ["space", "kind"]))
        assert all(row["space"] == "game" for row in spaces)
    if version == 9:
        assert {(r["space"], r["kind"]) for r in asyncio.run(table_rows(target, "timers", ["space", "kind"]))} == \
            {("game", "lobby_expiry"), ("tournament", "tournament")}
    results = asyncio.run(table_rows(target, "results", ["game_id", "seat", "part", "user_id", "finished"]))
    assert sorted((r["game_id"], r["seat"], r["part"], r["user_id"]) for r in results) == [(5, 0, 0, 1), (5, 1, 0, 2)]
    holders = asyncio.run(table_rows(target, "seat_holders", ["game_id", "seat", "since", "why"]))
    assert sorted((h["game_id"], h["seat"], h["since"], h["why"]) for h in holders) == \
        [(g, s, 0, "start") for g in (2, 3, 4, 5) for s in (0, 1)]
    audit = asyncio.run(_verify(target))  # what `skald db verify` runs (its games here: Rune Duel, a test game)
    assert audit.ok and audit.games == 5 and audit.tournaments == (1 if version >= 9 else 0), audit.findings
