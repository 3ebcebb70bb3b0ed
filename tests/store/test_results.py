"""Results of finished games (schema 6, docs/records.md): a row per seat written with the change
that finishes the game, and the backfill of games finished before schema 6."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import AsyncIterator

import asyncpg
import pytest

from bot.store import is_postgres, open_store
from bot.store.results import ResultsMark
from bot.tables import Tables
from tests.databases import Target, migrate_to, sql, sql_rows

GUILD, CHANNEL = 10, 20
ANN, BOB, CY = 1, 2, 3
COLUMNS = ("game_id, seat, guild_id, game, user_id, ai, name, rank, score, won, cooperative, resigned, stood_in, "
           "options, sheet, started_at, finished_at")


async def play_people(tables: Tables, game_id: int) -> None:
    """The people at the table play their first legal move until the game is over (AI seats
    and stand-ins move by themselves)."""
    while True:
        await tables.drain()
        info = await tables.game(game_id)
        if info.status != "running":
            return
        for seat in info.to_move:
            user_id = info.seats[seat].user_id
            if user_id is not None and info.seats[seat].stand_in is None:
                view = await tables.table_view(game_id, user_id)
                await tables.move(game_id, user_id, view.state_id, view.legal_moves[0].text)


async def nidavellir(tables: Tables, seed: int = 3) -> int:
    """Ann and Bob against a greedy AI, played to the end."""
    info = await tables.create_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                     game="nidavellir", options={"thingvellir": True})
    await tables.join(info.game_id, BOB, "Bob")
    await tables.add_ai(info.game_id, ANN, "greedy")
    await tables.start(info.game_id, ANN, seed=seed)
    await play_people(tables, info.game_id)
    return info.game_id


async def tranquility(tables: Tables, seed: int, options: dict[str, object] | None = None) -> int:
    """Ann alone leaves at once: her AI stand-in plays her seat to the end (seed 3 wins, 1 loses)."""
    info = await tables.create_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                     game="tranquility", options=options)
    await tables.start(info.game_id, ANN, seed=seed)
    await tables.leave_game(info.game_id, ANN)
    await tables.drain()
    return info.game_id


async def resigned(tables: Tables) -> int:
    """Ann, Bob and Cy at Nidavellir; Bob resigns before anyone moves."""
    info = await tables.create_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                     game="nidavellir")
    await tables.join(info.game_id, BOB, "Bob")
    await tables.join(info.game_id, CY, "Cy")
    await tables.start(info.game_id, ANN, seed=5)
    await tables.resign(info.game_id, BOB)
    return info.game_id


@pytest.fixture
async def tables(database: Target) -> AsyncIterator[Tables]:
    service = await Tables.open(database)
    yield service
    await service.close()


async def refuse_results(target: Target) -> None:
    """A trigger that refuses every result row, as a full disk or a bad release might."""
    if is_postgres(target):
        await sql(target, "CREATE FUNCTION refuse() RETURNS trigger LANGUAGE plpgsql AS "
                          "$$ BEGIN RAISE EXCEPTION 'no results'; END $$")
        await sql(target, "CREATE TRIGGER refuse BEFORE INSERT ON results FOR EACH ROW EXECUTE FUNCTION refuse()")
    else:
        await sql(target, "CREATE TRIGGER refuse BEFORE INSERT ON results BEGIN SELECT RAISE(ABORT, 'no results'); END")


async def test_a_finished_nidavellir_game_has_a_row_per_seat_with_its_scores_and_ranks(tables: Tables) -> None:
    game_id = await nidavellir(tables)
    info = await tables.game(game_id)
    outcome = info.outcome
    assert info.status == "finished" and outcome is not None
    rows = await tables.store.game_results(game_id)
    assert [r.seat for r in rows] == [0, 1, 2]
    assert [r.score for r in rows] == outcome["scores"] and [r.rank for r in rows] == outcome["ranks"]
    assert [r.won for r in rows] == [s in outcome["winners"] for s in range(3)]
    assert [(r.user_id, r.ai, r.name) for r in rows] == [(ANN, None, "Ann"), (BOB, None, "Bob"),
                                                         (None, "greedy", info.seats[2].name)]
    for row in rows:
        assert (row.guild_id, row.game, row.cooperative, row.resigned, row.stood_in) == (GUILD, "nidavellir",
                                                                                        False, False, 0)
        assert row.options == {"thingvellir": True, "idavoll": False} and row.sheet is None
        assert row.started_at <= row.finished_at


async def test_a_cooperative_win_and_loss_are_the_whole_crews_with_the_team_sheet(tables: Tables) -> None:
    won, lost = await tranquility(tables, 3), await tranquility(tables, 1, {"sea_monsters": 3})
    for game_id, result in ((won, True), (lost, False)):
        info = await tables.game(game_id)
        assert info.outcome is not None and info.outcome["cooperative"]
        (row,) = await tables.store.game_results(game_id)
        assert row.won is result and row.cooperative and row.rank is None and row.score is None
        assert row.sheet == info.outcome["sheet"] and row.sheet is not None and row.sheet["won"] is result
        # Her stand-in made every move, and the result is still hers.
        assert (row.user_id, row.ai, row.name) == (ANN, None, "Ann") and row.stood_in > 0
    assert (await tables.store.game_results(lost))[0].options["sea_monsters"] == 3


async def test_a_resignation_ranks_the_resigner_last_and_the_others_share_the_win(tables: Tables) -> None:
    game_id = await resigned(tables)
    rows = await tables.store.game_results(game_id)
    assert [(r.user_id, r.rank, r.won, r.resigned, r.score) for r in rows] == [
        (ANN, 1, True, False, None), (BOB, 2, False, True, None), (CY, 1, True, False, None)]


async def test_abandoned_running_and_open_games_have_no_results(tables: Tables) -> None:
    abandoned = await tables.create_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                          game="tranquility")
    await tables.start(abandoned.game_id, ANN, seed=1)
    await tables.abandon(abandoned.game_id, ANN)
    running = await tables.create_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=BOB, host_name="Bob",
                                        game="tranquility")
    await tables.start(running.game_id, BOB, seed=1)
    lobby = await tables.create_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=CY, host_name="Cy",
                                      game="tranquility")
    for game_id in (abandoned.game_id, running.game_id, lobby.game_id):
        assert await tables.store.game_results(game_id) == []
    assert await tables.store.played(GUILD) == []


async def test_the_results_are_in_the_finishing_commit_or_the_game_does_not_finish(tables: Tables,
                                                                                     database: Target) -> None:
    """A results write that fails takes the finishing change with it: the game stays running at
    the state before, with no log row, and finishes once the write can be made."""
    info = await tables.create_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                     game="nidavellir")
    await tables.join(info.game_id, BOB, "Bob")
    await tables.start(info.game_id, ANN, seed=5)
    await refuse_results(database)
    with pytest.raises((sqlite3.IntegrityError, asyncpg.RaiseError), match="no results"):
        await tables.resign(info.game_id, BOB)
    row = await tables.store.game(info.game_id)
    assert row is not None and (row.status, row.state_id) == ("running", 0)
    assert await tables.store.moves(info.game_id) == []
    await sql(database, "DROP TRIGGER refuse" + (" ON results" if is_postgres(database) else ""))
    await tables.resign(info.game_id, BOB)
    assert [r.won for r in await tables.store.game_results(info.game_id)] == [True, False]


async def rows_in(target: Target) -> list[tuple[object, ...]]:
    return await sql(target, f"SELECT {COLUMNS} FROM results ORDER BY game_id, seat")


async def test_the_backfill_gives_the_rows_the_finishing_commits_wrote(database: Target) -> None:
    """Games played by the real service, the database taken back to schema 5 (no results table),
    then migrated: the backfill computes exactly what was written at each finish."""
    tables = await Tables.open(database)
    try:
        await nidavellir(tables)
        await tranquility(tables, 3)
        await tranquility(tables, 1)
        await resigned(tables)
        running = await tables.create_lobby(guild_id=GUILD, channel_id=CHANNEL, host_id=BOB, host_name="Bob",
                                            game="tranquility")
        await tables.start(running.game_id, BOB, seed=1)
    finally:
        await tables.close()
    written = await rows_in(database)
    assert len(written) == 3 + 1 + 1 + 3

    await sql(database, "DROP TABLE results")
    if is_postgres(database):
        await sql(database, "DROP VIEW finished_results")  # where PostgreSQL's rows come from
    await sql(database, "DELETE FROM schema_migrations WHERE version = 6")
    assert await migrate_to(database) == [6]
    assert await rows_in(database) == written


def outcome(winners: list[int], *, cooperative: bool = False, scores: list[int] | None = None,
            ranks: list[int] | None = None, sheet: dict[str, object] | None = None) -> str:
    return json.dumps({"winners": winners, "summary": "", "cooperative": cooperative, "scores": scores,
                       "ranks": ranks, "sheet": sheet})


async def test_a_schema_5_database_is_backfilled_from_outcomes_of_every_shape(database: Target) -> None:
    """Outcomes as older Skalds stored them: a cooperative game lost by a resignation (no sheet),
    a game with scores but no ranks, a seat opened by the table and finished by an AI."""
    assert await migrate_to(database, 5) == [1, 2, 3, 4, 5]
    games = [
        # id, game, status, state_id, outcome, options
        (1, "tranquility", "finished", 2, outcome([], cooperative=True), '{"sea_monsters": 3}'),
        (2, "duel", "finished", 9, outcome([1, 2], scores=[3, 5, 5]), '{"rounds": 3}'),
        (3, "nidavellir", "finished", 80, outcome([0], scores=[90, 70], ranks=[1, 2], sheet={"rows": []}), "{}"),
        (4, "tranquility", "abandoned", 5, None, "{}"),
        (5, "tranquility", "running", 5, None, "{}"),
    ]
    await sql_rows(database, "INSERT INTO games (id, guild_id, channel_id, game, options, seed, status, state_id, "
                             "host_id, outcome, created_at, updated_at) "
                             "VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, 100, 500)",
                   [(game_id, GUILD, CHANNEL, game, options, status, state_id, ANN, result)
                    for game_id, game, status, state_id, result, options in games])
    await sql_rows(database, "INSERT INTO snapshots (game_id, state_id, state, created_at) VALUES (?, 0, '{}', 110)",
                   [(game[0],) for game in games])
    seats = [(1, 0, ANN, None, "Ann", None), (1, 1, BOB, None, "Bob", "heuristic"),
             (2, 0, ANN, None, "Ann", None), (2, 1, None, "random", "random AI", None),
             (2, 2, None, None, "Cy", "greedy"),
             (3, 0, BOB, None, "Bob", None), (3, 1, CY, None, "Cy", None),
             (4, 0, ANN, None, "Ann", None), (5, 0, ANN, None, "Ann", None)]
    await sql_rows(database, "INSERT INTO seats (game_id, seat, user_id, ai, name, joined_at, stand_in) "
                             "VALUES (?, ?, ?, ?, ?, 0, ?)", seats)
    moves = [(1, 1, 1, "move", True, 200), (1, 2, 0, "resign", False, 300),  # the old cooperative resignation
             (2, 9, 2, "move", True, 400), (3, 80, 1, "move", False, 450)]
    await sql_rows(database, "INSERT INTO moves (game_id, state_id, seat, kind, text, events, to_move, created_at, "
                             "stand_in) VALUES (?, ?, ?, ?, '', '[]', '[]', ?, ?)",
                   [(g, s, seat, kind, created, stand_in) for g, s, seat, kind, stand_in, created in moves])
    assert await migrate_to(database) == [6]

    store = await open_store(database)
    try:
        coop = await store.game_results(1)
        assert [(r.user_id, r.won, r.rank, r.score, r.resigned, r.stood_in, r.sheet) for r in coop] == [
            (ANN, False, None, None, True, 0, None), (BOB, False, None, None, False, 1, None)]
        assert coop[0].options == {"sea_monsters": 3} and coop[0].cooperative
        assert (coop[0].started_at, coop[0].finished_at) == (110, 300)
        duel = await store.game_results(2)
        assert [(r.user_id, r.ai, r.name, r.rank, r.score, r.won) for r in duel] == [
            (ANN, None, "Ann", 3, 3, False), (None, "random", "random AI", 1, 5, True),
            (None, "greedy", "Cy", 1, 5, True)]  # the open seat: the AI that finished it
        scored = await store.game_results(3)
        assert [(r.rank, r.score, r.won, r.sheet) for r in scored] == [(1, 90, True, None), (2, 70, False, None)]
        assert await store.game_results(4) == [] and await store.game_results(5) == []
        assert await store.played(GUILD) == ["duel", "nidavellir", "tranquility"]
        assert await store.played(GUILD, CY) == ["nidavellir"]
        assert await store.results_mark(GUILD, "tranquility") == ResultsMark(2, 300, 1)
    finally:
        await store.close()

