"""The one migration history (Alembic, migrations/versions/) on both databases: numbered without
gaps, applied once even by processes starting together, refused when newer than the code, all or
nothing; the checked connection settings of SQLite; a version-1 database that upgrades and plays on."""

from __future__ import annotations

import asyncio
import json
import shutil
import sqlite3
from pathlib import Path

import pytest
import sqlalchemy.exc
from alembic.script import ScriptDirectory

from bot.store import SchemaError, open_store
from bot.store import migrate as migrations
from bot.store.sqlite import connect
from bot.store.store import open_database
from bot.tables import Tables
from bot.tables.audit import verify
from engine.core import replay
from tests.databases import Target, migrate_to, sql
from tests.store.eras import policy_moves
from tests.tables.duel import GAME, games

NAMES = ["init", "notices", "announcements", "hardening", "async", "results", "seat_history", "announce_leases",
         "tournaments", "spaces_and_events"]


def test_the_history_is_numbered_without_gaps_one_revision_per_schema_version() -> None:
    shipped = migrations.versions()
    assert [v for v, _ in shipped] == list(range(1, len(shipped) + 1)) == list(range(1, migrations.latest_version()
                                                                                      + 1))
    assert [name for _, name in shipped][:len(NAMES)] == NAMES, "the names every Skald has written"
    heads = migrations.history().get_heads()
    assert heads == [f"{migrations.latest_version():04d}"], "one line of history, no branches"


async def test_a_new_database_is_at_the_latest_version_in_wal_with_full_sync(tmp_path: Path) -> None:
    store = await open_store(tmp_path / "new.db")
    try:
        assert await store.version() == migrations.latest_version()
    finally:
        await store.close()
    plain = sqlite3.connect(tmp_path / "new.db")
    assert plain.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # persistent in the file
    # An older Skald reads schema_migrations: every version is there, by name.
    assert plain.execute("SELECT version, name FROM schema_migrations ORDER BY version").fetchall() == \
        migrations.versions()
    plain.close()
    db = await connect(tmp_path / "new.db")
    try:
        assert list(await db.execute_fetchall("PRAGMA synchronous")) == [(2,)]
        assert list(await db.execute_fetchall("PRAGMA foreign_keys")) == [(1,)]
    finally:
        await db.close()


async def test_a_database_newer_than_the_code_refuses_to_start(database: Target) -> None:
    await (await open_store(database)).close()  # created at the latest version
    await sql(database, "INSERT INTO schema_migrations VALUES (999, 'from_the_future', 0)")
    with pytest.raises(SchemaError, match="schema version 999, newer than this Skald"):
        await open_store(database)
    with pytest.raises(SchemaError, match="999"):
        await Tables.open(database, games=games)


async def test_a_database_a_newer_skald_marked_for_alembic_refuses_to_start(database: Target) -> None:
    await (await open_store(database)).close()
    await sql(database, "UPDATE alembic_version SET version_num = '0999'")
    with pytest.raises(SchemaError, match="schema version 999, newer than this Skald"):
        await open_store(database)


async def test_migrate_can_stop_at_a_version_and_continue_later(database: Target) -> None:
    assert await migrate_to(database, 1) == [1]
    db = await open_database(database)
    try:
        assert await db.direct(migrations.current_version) == 1
    finally:
        await db.close()
    assert await migrate_to(database) == list(range(2, migrations.latest_version() + 1))
    assert await migrate_to(database) == []
    rows = await sql(database, "SELECT version FROM schema_migrations ORDER BY version")
    assert [r[0] for r in rows] == list(range(1, migrations.latest_version() + 1))


async def test_processes_starting_together_apply_each_version_once(postgres: str) -> None:
    databases = [await open_database(postgres) for _ in range(3)]
    try:
        applied = await asyncio.gather(*(db.direct(migrations.migrate) for db in databases))
    finally:
        for db in databases:
            await db.close()
    assert sorted(v for versions in applied for v in versions) == list(range(1, migrations.latest_version() + 1))
    rows = await sql(postgres, "SELECT version FROM schema_migrations ORDER BY version")
    assert [r[0] for r in rows] == list(range(1, migrations.latest_version() + 1))


BROKEN = '''
import sqlalchemy as sa
from alembic import op

revision = "{number:04d}"
down_revision = "{previous:04d}"


def upgrade() -> None:
    op.create_table("x", sa.Column("a", sa.Integer))
    op.execute("SELECT nope FROM x")
'''


async def test_a_failed_migration_leaves_the_previous_version(database: Target, tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """A version whose second statement fails: its table is gone again, the version is not
    marked, and the versions before it stand."""
    shipped = Path(migrations.history().dir)
    copy = tmp_path / "history"
    shutil.copytree(shipped, copy)
    latest = migrations.latest_version()
    (copy / "versions" / f"{latest + 1:04d}_broken.py").write_text(BROKEN.format(number=latest + 1, previous=latest))
    monkeypatch.setattr(migrations, "history", lambda: ScriptDirectory(str(copy)))
    monkeypatch.setattr(migrations, "versions_by_number", lambda: {**dict(migrations.versions()), latest + 1: "broken"})
    await migrate_to(database, latest - 1)
    with pytest.raises(sqlalchemy.exc.DBAPIError, match="nope"):
        await migrate_to(database)
    db = await open_database(database)
    try:
        assert await db.direct(migrations.current_version) == latest
    finally:
        await db.close()
    assert not await sql(database, "SELECT version FROM schema_migrations WHERE version > ?", (latest,))
    with pytest.raises(Exception, match="x"):
        await sql(database, "SELECT a FROM x")


async def version_one_database(target: Target) -> dict[int, int]:
    """A database at schema version 1 holding a lobby and running games; returns game id -> moves."""
    await migrate_to(target, 1)
    expected: dict[int, int] = {}
    await sql(target, "INSERT INTO games (id, guild_id, channel_id, game, options, host_id, created_at, updated_at)"
                      " VALUES (1, 10, 20, 'duel', '{\"rounds\": 3}', 1, 0, 0)")
    await sql(target, "INSERT INTO seats VALUES (1, 0, 1, NULL, 'Alice', 0)")
    for game_id, moves in ((2, 7), (3, 0), (4, 40)):
        seed = 100 + game_id
        log = policy_moves(seed, moves)
        await sql(target, "INSERT INTO games (id, guild_id, channel_id, game, options, seed, status, state_id, "
                          "host_id, created_at, updated_at) "
                          "VALUES (?, 10, 20, 'duel', '{\"rounds\": 30}', ?, 'running', ?, 1, 0, 0)",
                  (game_id, seed, len(log)))
        await sql(target, "INSERT INTO seats VALUES (?, 0, 1, NULL, 'Alice', 0), (?, 1, 2, NULL, 'Bob', 0)",
                  (game_id, game_id))
        state = GAME.setup(2, {"rounds": 30}, seed)
        await sql(target, "INSERT INTO snapshots VALUES (?, 0, ?, 0)", (game_id, json.dumps(GAME.encode(state))))
        for index, (seat, text) in enumerate(log, start=1):
            step = GAME.apply(state, seat, text)
            state = step.state
            events = [[e.text, None if e.seats is None else sorted(e.seats)] for e in step.events]
            await sql(target, "INSERT INTO moves VALUES (?, ?, ?, 'move', ?, ?, ?, ?, 0)",
                      (game_id, index, seat, text, json.dumps(events), json.dumps(sorted(GAME.to_move(state))),
                       1 + seat))
            if index % 10 == 0:
                await sql(target, "INSERT INTO snapshots VALUES (?, ?, ?, 0)",
                          (game_id, index, json.dumps(GAME.encode(state))))
        expected[game_id] = len(log)
    return expected


async def test_a_version_one_database_upgrades_and_every_game_loads_and_plays(database: Target) -> None:
    expected = await version_one_database(database)
    tables = await Tables.open(database, games=games)
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
                                                                  policy_moves(100 + game_id, moves)))
            user = 1 + min(table.to_move())
            view = await tables.table_view(game_id, user)
            assert (await tables.play.move(game_id, user, moves, view.legal_moves[0].text)).state_id == moves + 1
            mark = await tables.outbox.announcement(game_id)  # old games count as told up to the upgrade
            assert mark is not None and mark.state_id == moves
        assert (await verify(tables.store, games)).ok
    finally:
        await tables.close()
