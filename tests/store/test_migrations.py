"""Schema migrations, connection pragmas, and a version-1 database that upgrades and plays on."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from bot.store import SchemaError, SqliteStore
from bot.store import migrate as migrations
from bot.store.connection import connect
from bot.tables import Tables
from bot.tables.audit import verify
from bot.tables.service import ai_seed
from engine.core import replay
from tests.tables.duel import GAME, games


def test_migrations_are_numbered_without_gaps_and_split_into_statements() -> None:
    shipped = migrations.available()
    assert [m.version for m in shipped] == list(range(1, len(shipped) + 1)) and len(shipped) >= 2
    assert all(m.statements() for m in shipped)


async def test_a_new_database_is_at_the_latest_version_in_wal_with_full_sync(tmp_path: Path) -> None:
    store = await SqliteStore.open(tmp_path / "new.db")
    try:
        assert await store.version() == migrations.latest_version()
    finally:
        await store.close()
    plain = sqlite3.connect(tmp_path / "new.db")
    assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # persistent in the file
    plain.close()
    db = await connect(tmp_path / "new.db")
    try:
        assert list(await db.execute_fetchall("PRAGMA synchronous")) == [(2,)]
        assert list(await db.execute_fetchall("PRAGMA foreign_keys")) == [(1,)]
    finally:
        await db.close()


async def test_a_database_newer_than_the_code_refuses_to_start(tmp_path: Path) -> None:
    path = tmp_path / "future.db"
    await (await SqliteStore.open(path)).close()  # created at the latest version
    plain = sqlite3.connect(path)
    plain.execute("INSERT INTO schema_migrations VALUES (999, 'from_the_future', 0)")
    plain.commit()
    plain.close()
    with pytest.raises(SchemaError, match="schema version 999, newer than this Skald"):
        await SqliteStore.open(path)
    with pytest.raises(SchemaError, match="999"):
        await Tables.open(path)


async def test_migrate_can_stop_at_a_version_and_continue_later(tmp_path: Path) -> None:
    db = await connect(tmp_path / "steps.db")
    try:
        assert await migrations.migrate(db, target=1) == [1]
        assert await migrations.current_version(db) == 1
        assert await migrations.migrate(db) == list(range(2, migrations.latest_version() + 1))
        assert await migrations.migrate(db) == []
    finally:
        await db.close()


def policy_moves(players: int, rounds: int, seed: int, count: int) -> list[tuple[int, str]]:
    """A deterministic (seat, move) log of Rune Duel, as an older Skald would have stored it."""
    state = GAME.setup(players, {"rounds": rounds}, seed)
    log: list[tuple[int, str]] = []
    while len(log) < count and GAME.outcome(state) is None:
        seat = min(GAME.to_move(state))
        moves = GAME.legal_moves(state, seat)
        move = moves[ai_seed(seed, len(log), seat) % len(moves)]
        log.append((seat, move.text))
        state = GAME.apply(state, seat, move).state
    return log


async def version_one_database(path: Path) -> dict[int, int]:
    """A database at schema version 1 holding a lobby and running games; returns game id -> moves."""
    db = await connect(path)
    try:
        await migrations.migrate(db, target=1)
        expected: dict[int, int] = {}
        await db.execute("BEGIN")
        await db.execute("INSERT INTO games (id, guild_id, channel_id, game, options, host_id, created_at, updated_at)"
                         " VALUES (1, 10, 20, 'duel', '{\"rounds\": 3}', 1, 0, 0)")
        await db.execute("INSERT INTO seats VALUES (1, 0, 1, NULL, 'Alice', 0)")
        for game_id, moves in ((2, 7), (3, 0), (4, 40)):
            seed = 100 + game_id
            log = policy_moves(2, 30, seed, moves)
            await db.execute(
                "INSERT INTO games (id, guild_id, channel_id, game, options, seed, status, state_id, host_id, "
                "created_at, updated_at) VALUES (?, 10, 20, 'duel', '{\"rounds\": 30}', ?, 'running', ?, 1, 0, 0)",
                (game_id, seed, len(log)))
            await db.execute("INSERT INTO seats VALUES (?, 0, 1, NULL, 'Alice', 0), (?, 1, 2, NULL, 'Bob', 0)",
                             (game_id, game_id))
            state = GAME.setup(2, {"rounds": 30}, seed)
            await db.execute("INSERT INTO snapshots VALUES (?, 0, ?, 0)", (game_id, json.dumps(GAME.encode(state))))
            for index, (seat, text) in enumerate(log, start=1):
                step = GAME.apply(state, seat, text)
                state = step.state
                events = [[e.text, None if e.seats is None else sorted(e.seats)] for e in step.events]
                await db.execute("INSERT INTO moves VALUES (?, ?, ?, 'move', ?, ?, ?, ?, 0)",
                                 (game_id, index, seat, text, json.dumps(events),
                                  json.dumps(sorted(GAME.to_move(state))), 1 + seat))
                if index % 10 == 0:
                    await db.execute("INSERT INTO snapshots VALUES (?, ?, ?, 0)",
                                     (game_id, index, json.dumps(GAME.encode(state))))
            expected[game_id] = len(log)
        await db.execute("COMMIT")
        assert await migrations.current_version(db) == 1
    finally:
        await db.close()
    return expected


async def test_a_version_one_database_upgrades_and_every_game_loads_and_plays(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    expected = await version_one_database(path)
    tables = await Tables.open(path, games=games)
    try:
        assert await tables.store.version() == migrations.latest_version()
        audit = await verify(tables.store, games)
        assert audit.ok and audit.games == 4, audit.findings
        lobby = await tables.lobby.join(1, 2, "Bob")
        assert (await tables.lobby.start(lobby.game_id, 1, seed=1)).status == "running"
        for game_id, moves in expected.items():
            table = await tables.gate.read(game_id)
            assert table.row.state_id == moves
            assert GAME.encode(table.state) == GAME.encode(replay(GAME, 2, {"rounds": 30}, 100 + game_id,
                                                                  policy_moves(2, 30, 100 + game_id, moves)))
            user = 1 + min(table.to_move())
            view = await tables.table_view(game_id, user)
            assert (await tables.play.move(game_id, user, moves, view.legal_moves[0].text)).state_id == moves + 1
            mark = await tables.outbox.announcement(game_id)  # old games count as told up to the upgrade
            assert mark is not None and mark.state_id == moves
        assert (await verify(tables.store, games)).ok
    finally:
        await tables.close()


async def test_a_failed_migration_leaves_the_previous_version(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shipped = migrations.available()
    broken = [*shipped, migrations.Migration(len(shipped) + 1, "broken", "CREATE TABLE x (a);\nSELECT nope FROM x;")]
    monkeypatch.setattr(migrations, "available", lambda package=None: broken)
    db = await connect(tmp_path / "broken.db")
    try:
        with pytest.raises(aiosqlite.OperationalError):
            await migrations.migrate(db)
        assert await migrations.current_version(db) == len(shipped)
        assert not list(await db.execute_fetchall("SELECT name FROM sqlite_master WHERE name = 'x'"))
    finally:
        await db.close()
