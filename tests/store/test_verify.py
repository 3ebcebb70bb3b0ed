"""`skald db migrate` and `skald db verify` from the command line, on real files and real PostgreSQL."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bot.store import migrate as migrations
from bot.tables import Tables, cli
from bot.tables.audit import verify
from tests.databases import Target, sql
from tests.tables.conftest import ALICE, BOB, duel
from tests.tables.duel import games


async def played(path: Target) -> int:
    tables = await Tables.open(path, games=games, snapshot_every=2)
    try:
        game_id = await duel(tables, rounds=3)
        for state_id, user in enumerate((ALICE, BOB, ALICE, BOB, ALICE)):
            view = await tables.table_view(game_id, user)
            await tables.play.move(game_id, user, state_id, view.legal_moves[0].text)
    finally:
        await tables.close()
    return game_id


async def test_verify_finds_a_snapshot_the_log_does_not_reproduce(database: Target) -> None:
    path = database
    game_id = await played(path)
    tables = await Tables.open(path, games=games)
    try:
        audit = await verify(tables.store, games)
        assert audit.ok and audit.games == 1 and audit.moves == 5 and audit.snapshots == 3
    finally:
        await tables.close()
    await sql(path, "UPDATE snapshots SET state = replace(state, '\"round\":2', '\"round\":3') "
              "WHERE game_id = ? AND state_id = 2", (game_id,))
    await sql(path, "DELETE FROM moves WHERE game_id = ? AND state_id = 3", (game_id,))
    tables = await Tables.open(path, games=games)
    try:
        problems = [str(f) for f in (await verify(tables.store, games)).findings]
    finally:
        await tables.close()
    assert f"game #{game_id}: snapshot at state 2 differs from the replay of the log" in problems
    assert f"game #{game_id}: state ids of the log are not 1..4 without gaps" in problems


async def test_verify_finds_a_seat_handed_on_without_its_holder(database: Target) -> None:
    """The story names each seat by its holder at the time: a hand-over without its holding (or
    a holding no change made) would name the wrong person, so `verify` says so."""
    tables = await Tables.open(database, games=games)
    try:
        game_id = await duel(tables, rounds=3)
        await tables.seating.leave_game(game_id, BOB)
        await tables.drain()
        assert (await verify(tables.store, games)).ok
    finally:
        await tables.close()
    await sql(database, "DELETE FROM seat_holders WHERE game_id = ? AND since > 0", (game_id,))
    await sql(database, "DELETE FROM seat_holders WHERE game_id = ? AND seat = 0", (game_id,))
    tables = await Tables.open(database, games=games)
    try:
        problems = [str(f) for f in (await verify(tables.store, games)).findings]
    finally:
        await tables.close()
    assert problems == [f"game #{game_id}: seat 1 has no holder from the start",
                        f"game #{game_id}: seat 2 was handed on at state 1, but no holder was recorded"]


def main(argv: list[str]) -> int:
    """`skald` with only the db commands (the other features register their own)."""
    parser = argparse.ArgumentParser(prog="skald")
    cli.register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    code: int = args.handler(args)
    return code


def test_db_migrate_and_verify_commands(database_for_commands: str, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    path = database_for_commands
    assert main(["db", "migrate", "--db", path, "--to", "1"]) == 0
    assert "schema 0 -> 1" in capsys.readouterr().out
    assert main(["db", "verify", "--db", path]) == 1
    assert "skald db migrate" in capsys.readouterr().err  # an outdated schema is named, not guessed at
    assert main(["db", "migrate", "--db", path]) == 0
    assert f"schema 1 -> {migrations.latest_version()}" in capsys.readouterr().out
    assert main(["db", "verify", "--db", path]) == 0
    assert "0 games" in capsys.readouterr().out and main(["db", "verify", "--db", str(tmp_path / "none.db")]) == 1
