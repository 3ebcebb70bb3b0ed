"""One damaged game stops nothing else (issue 26): a stored row, snapshot or log entry that no
longer decodes sets its own game aside — logged with its id, refused politely, named by `skald db
verify` — while resuming, listing, playing, the timers and the catch-up go on for every other
game. Each column that holds something to decode is damaged in turn, on SQLite and PostgreSQL."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.tables import Tables
from bot.tables.audit import verify
from bot.tables.errors import GameUnavailable
from bot.tables.types import NewTable
from tests.databases import Target, sql
from tests.tables.conftest import ALICE, BOB, CARL, GUILD, duel
from tests.tables.duel import games

SET_ASIDE, PLAYS_ON = "set aside", "plays on"
# (what is damaged, the statement that damages game ?, what becomes of that game)
DAMAGE = [
    ("games.options", "UPDATE games SET options = '{' WHERE id = ?", SET_ASIDE),
    ("games.outcome", "UPDATE games SET outcome = '{bad' WHERE id = ?", SET_ASIDE),
    ("games.to_move", "UPDATE games SET to_move = '{' WHERE id = ?", SET_ASIDE),
    ("games.game", "UPDATE games SET game = 'chess' WHERE id = ?", SET_ASIDE),
    ("moves.events", "UPDATE moves SET events = '{' WHERE game_id = ? AND state_id = 3", SET_ASIDE),
    ("moves.to_move", "UPDATE moves SET to_move = '[1, ' WHERE game_id = ? AND state_id = 3", SET_ASIDE),
    ("moves.kind", "UPDATE moves SET kind = 'bogus' WHERE game_id = ? AND state_id = 3", SET_ASIDE),
    ("moves.text", "UPDATE moves SET text = 'lay 999' WHERE game_id = ? AND state_id = 3", SET_ASIDE),
    # A snapshot is a cache: the game is rebuilt from its log instead.
    ("snapshots.state", "UPDATE snapshots SET state = '{bad' WHERE game_id = ?", PLAYS_ON),
    # The adapters' bookkeeping: read as empty, never worth a game.
    ("announcements.to_move", "UPDATE announcements SET to_move = '{', posted_to_move = '[' WHERE game_id = ?",
     PLAYS_ON),
    ("timers.kind", "UPDATE timers SET kind = 'bogus' WHERE game_id = ? AND kind = 'half'", PLAYS_ON),
]


async def two_games(target: Target) -> tuple[int, int]:
    """Two running duels of three changes each (snapshots every two), both with a timer."""
    tables = await Tables.open(target, games=games, snapshot_every=2)
    try:
        ids = []
        for _ in range(2):
            game_id = await duel(tables, rounds=3, players=3)
            for state_id, user in enumerate((ALICE, BOB, CARL)):
                view = await tables.table_view(game_id, user)
                await tables.play.move(game_id, user, state_id, view.legal_moves[0].text)
            await tables.store.clocks.set_timer(game_id, "half", 0.0, seat=0)
            ids.append(game_id)
    finally:
        await tables.close()
    return ids[0], ids[1]


async def a_move(tables: Tables, game_id: int) -> None:
    """Someone whose turn it is moves."""
    info = await tables.game(game_id)
    user_id = info.seats[info.to_move[0]].user_id
    assert user_id is not None
    view = await tables.table_view(game_id, user_id)
    await tables.play.move(game_id, user_id, view.state_id, view.legal_moves[0].text)


@pytest.mark.parametrize(("column", "damage", "fate"), DAMAGE, ids=[d[0] for d in DAMAGE])
async def test_one_damaged_game_stops_nothing_else(database: Target, column: str, damage: str, fate: str) -> None:
    damaged, healthy = await two_games(database)
    await sql(database, damage, (damaged,))
    tables = await Tables.open(database, games=games)  # the bot starts again over the damage
    try:
        await tables.resume()
        await tables.scheduler.run_due()
        await tables.outbox.lagging()
        listed = [g.game_id for g in await tables.list_games(GUILD)]
        assert healthy in listed
        await a_move(tables, healthy)
        if fate == SET_ASIDE:
            with pytest.raises(GameUnavailable, match=f"Game #{damaged} can't be loaded right now"):
                await tables.game(damaged)
            assert damaged not in [g.game_id for g in await tables.list_games(GUILD)]
            row = await sql(database, "SELECT broken FROM games WHERE id = ?", (damaged,))
            assert row[0][0], "set aside for the operators, with the reason"
            assert "hidden" not in str(row[0][0]) and "lay" not in str(row[0][0]), "never the engine's reason"
            findings = [str(f) for f in (await verify(tables.store, games)).findings]
            assert any(f.startswith(f"game #{damaged}:") for f in findings) and not any(
                f.startswith(f"game #{healthy}:") for f in findings)
        else:
            assert damaged in listed
            await a_move(tables, damaged)
        await a_move(tables, healthy)
    finally:
        await tables.close()


async def test_a_damaged_setting_or_result_row_costs_only_that_value(database: Target) -> None:
    """A server's setting that no longer decodes falls back to its default, the others hold; a
    result row that no longer decodes is left out of the records, the rest are counted."""
    tables = await Tables.open(database, games=games)
    try:
        await tables.servers.set_setting(GUILD, "max_tables", 3)
        await tables.servers.set_setting(GUILD, "lobby_expiry_hours", 5)
        finished = []
        for _ in range(2):
            game_id = await duel(tables, rounds=1)
            await tables.play.resign(game_id, BOB)
            finished.append(game_id)
    finally:
        await tables.close()
    await sql(database, "UPDATE guild_settings SET value = '{' WHERE key = 'max_tables'")
    await sql(database, "UPDATE results SET options = '{' WHERE game_id = ?", (finished[0],))
    tables = await Tables.open(database, games=games)
    try:
        settings = await tables.servers.settings(GUILD)
        assert (settings.max_tables, settings.lobby_expiry_hours) == (200, 5)
        ratings = await tables.records.ratings(GUILD, "duel")
        assert ratings.games == 1, "the other game still counts"
    finally:
        await tables.close()


async def test_a_clock_row_holding_no_number_sets_only_its_game_aside(tmp_path: Path) -> None:
    """SQLite keeps whatever is written, text in a REAL column included (PostgreSQL refuses it):
    a seat's clock that is not a number sets its game aside; `/game mine` and the others go on."""
    target = tmp_path / "skald.db"
    tables = await Tables.open(target, games=games)
    try:
        timed = []
        for _ in range(2):
            info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=20, host_id=ALICE, host_name="Alice",
                                                      game="duel", clock="daily"))
            await tables.lobby.join(info.game_id, BOB, "Bob")
            await tables.lobby.start(info.game_id, ALICE, seed=5)
            timed.append(info.game_id)
    finally:
        await tables.close()
    damaged, healthy = timed
    await sql(target, "UPDATE seat_clocks SET deadline = 'soon' WHERE game_id = ?", (damaged,))
    tables = await Tables.open(target, games=games)
    try:
        await tables.resume()
        waiting = [info.game_id for info, _, _ in await tables.waiting_for(ALICE, GUILD)]
        assert healthy in waiting
        with pytest.raises(GameUnavailable):
            await tables.game(damaged)
        await a_move(tables, healthy)
    finally:
        await tables.close()
