"""Results of finished games (schema 7, docs/records.md): a row per seat's holder at the end and
per person who held a seat and quit, written with the change that finishes the game; and the
backfill that rebuilt seat histories and results of games played before schema 7."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import pytest
import sqlalchemy.exc
from sqlalchemy import Connection

from bot.store import is_postgres, open_store
from bot.store import migrate as migrations
from bot.store.backfill import seat_history
from bot.store.results import ResultsMark
from bot.store.store import open_database
from bot.tables import Tables
from bot.tables.types import NewTable
from tests.ai_seats import no_thinking
from tests.databases import Target, migrate_to, sql, sql_rows
from tests.results import results_of
from tests.tables.duel import games

GUILD, CHANNEL = 10, 20
ANN, BOB, CY = 1, 2, 3
COLUMNS = ("game_id, seat, part, guild_id, game, user_id, ai, name, rank, score, won, cooperative, resigned, "
           "stood_in, finished, quit, stand_in, options, sheet, started_at, finished_at")


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
                await tables.play.move(game_id, user_id, view.state_id, view.legal_moves[0].text)


async def nidavellir(tables: Tables, seed: int = 3) -> int:
    """Ann and Bob against a greedy AI, played to the end."""
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                              game="nidavellir", options={"thingvellir": True}))
    await tables.lobby.join(info.game_id, BOB, "Bob")
    await tables.lobby.add_ai(info.game_id, ANN, "greedy")
    await tables.lobby.start(info.game_id, ANN, seed=seed)
    await play_people(tables, info.game_id)
    return info.game_id


async def bob_leaves(tables: Tables) -> int:
    """A Rune Duel of Ann, Bob and a random AI: Bob leaves at once, his stand-in plays on."""
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                              game="duel", options={"rounds": 10}))
    await tables.lobby.join(info.game_id, BOB, "Bob")
    await tables.lobby.add_ai(info.game_id, ANN, "random")
    await tables.lobby.start(info.game_id, ANN, seed=3)
    await tables.seating.leave_game(info.game_id, BOB)
    await play_people(tables, info.game_id)
    return info.game_id


async def tranquility(tables: Tables, seed: int, options: dict[str, object] | None = None) -> int:
    """Ann alone leaves at once: her AI stand-in plays her seat to the end (seed 3 wins, 1 loses)."""
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                              game="tranquility", options=options))
    await tables.lobby.start(info.game_id, ANN, seed=seed)
    await tables.seating.leave_game(info.game_id, ANN)
    await tables.drain()
    return info.game_id


async def resigned(tables: Tables) -> int:
    """Ann, Bob and Cy at Nidavellir; Bob resigns before anyone moves."""
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                              game="nidavellir"))
    await tables.lobby.join(info.game_id, BOB, "Bob")
    await tables.lobby.join(info.game_id, CY, "Cy")
    await tables.lobby.start(info.game_id, ANN, seed=5)
    await tables.play.resign(info.game_id, BOB)
    return info.game_id


@pytest.fixture
async def tables(database: Target) -> AsyncIterator[Tables]:
    service = no_thinking(await Tables.open(database, games=games))
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
    rows = await results_of(tables.store, game_id)
    assert [(r.seat, r.part, r.finished, r.quit, r.stand_in) for r in rows] == [(s, 0, True, None, False)
                                                                                for s in range(3)]
    assert [r.score for r in rows] == outcome["scores"] and [r.rank for r in rows] == outcome["ranks"]
    assert [r.won for r in rows] == [s in outcome["winners"] for s in range(3)]
    assert [(r.user_id, r.ai, r.name) for r in rows] == [(ANN, None, "Ann"), (BOB, None, "Bob"),
                                                         (None, "greedy", info.seats[2].name)]
    for row in rows:
        assert (row.guild_id, row.game, row.cooperative, row.resigned, row.stood_in) == (GUILD, "nidavellir",
                                                                                        False, False, 0)
        assert row.options == {"thingvellir": True, "idavoll": False} and row.sheet is None
        assert row.started_at <= row.finished_at


async def test_a_person_who_left_is_ranked_below_every_seat_and_the_stand_in_keeps_the_seats_place(
        tables: Tables) -> None:
    """Records count people, not seats: Bob left before the first move, his stand-in finished;
    the seat's place is the stand-in's, Bob ranks last with no score and no win."""
    game_id = await bob_leaves(tables)
    outcome = (await tables.game(game_id)).outcome
    assert outcome is not None
    rows = await results_of(tables.store, game_id)
    assert [(r.seat, r.part, r.user_id, r.name, r.finished, r.quit, r.stand_in) for r in rows] == [
        (0, 0, ANN, "Ann", True, None, False),
        (1, 0, None, "AI for Bob", True, None, True),
        (1, 1, BOB, "Bob", False, "left", False),
        (2, 0, None, "random AI", True, None, False)]
    stand_in, bob = rows[1], rows[2]
    ranks = [1 + sum(other > score for other in outcome["scores"]) for score in outcome["scores"]]
    assert (stand_in.rank, stand_in.score) == (ranks[1], outcome["scores"][1])
    assert stand_in.stood_in == 10 and stand_in.ai == "random", "every rune of his seat was the AI's"
    assert (bob.rank, bob.score, bob.won) == (4, None, False), "below all three seats"


async def test_a_crew_win_does_not_count_for_someone_who_left_and_a_game_nobody_finished_is_no_crews(
        tables: Tables) -> None:
    won, lost = await tranquility(tables, 3), await tranquility(tables, 1, {"sea_monsters": 3})
    for game_id, result in ((won, True), (lost, False)):
        info = await tables.game(game_id)
        assert info.outcome is not None and info.outcome["cooperative"]
        stand_in, ann = await results_of(tables.store, game_id)
        assert (stand_in.user_id, stand_in.name, stand_in.won, stand_in.stand_in) == (None, "AI for Ann", result, True)
        assert stand_in.sheet == info.outcome["sheet"] and stand_in.sheet is not None
        assert (ann.user_id, ann.won, ann.finished, ann.quit, ann.rank) == (ANN, False, False, "left", None)
    assert (await results_of(tables.store, lost))[0].options["sea_monsters"] == 3
    crews = await tables.records.teams(GUILD, "tranquility")
    assert crews.games == 0, "the AI played both to the end: no crew's record"
    assert (await tables.records.teams(GUILD, "tranquility", ANN)).games == 0
    kept = await tables.servers.reliability(GUILD, ANN)
    assert (kept.games, kept.percent) == (0, None), "nobody else sat at her tables: nobody waited on her"


async def test_a_resignation_ranks_the_resigner_last_and_the_others_share_the_win(tables: Tables) -> None:
    game_id = await resigned(tables)
    rows = await results_of(tables.store, game_id)
    assert [(r.user_id, r.rank, r.won, r.resigned, r.score, r.finished) for r in rows] == [
        (ANN, 1, True, False, None, True), (BOB, 2, False, True, None, True), (CY, 1, True, False, None, True)]
    kept = await tables.servers.reliability(GUILD, BOB)
    assert (kept.finished, kept.left) == (1, 0), "a resignation ends the game properly: no quit"


async def test_abandoned_running_and_open_games_have_no_results(tables: Tables) -> None:
    abandoned = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                                   game="tranquility"))
    await tables.lobby.start(abandoned.game_id, ANN, seed=1)
    await tables.play.abandon(abandoned.game_id, ANN)
    running = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=BOB, host_name="Bob",
                                                 game="tranquility"))
    await tables.lobby.start(running.game_id, BOB, seed=1)
    lobby = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=CY, host_name="Cy",
                                               game="tranquility"))
    for game_id in (abandoned.game_id, running.game_id, lobby.game_id):
        assert await results_of(tables.store, game_id) == []
    assert await tables.store.results.played(GUILD) == []


async def test_the_results_are_in_the_finishing_commit_or_the_game_does_not_finish(tables: Tables,
                                                                                     database: Target) -> None:
    """A results write that fails takes the finishing change with it: the game stays running at
    the state before, with no log row, and finishes once the write can be made."""
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ANN, host_name="Ann",
                                              game="nidavellir"))
    await tables.lobby.join(info.game_id, BOB, "Bob")
    await tables.lobby.start(info.game_id, ANN, seed=5)
    await refuse_results(database)
    with pytest.raises(sqlalchemy.exc.DBAPIError, match="no results"):
        await tables.play.resign(info.game_id, BOB)
    row = await tables.store.games.game(info.game_id)
    assert row is not None and (row.status, row.state_id) == ("running", 0)
    assert await tables.store.games.moves(info.game_id) == []
    await sql(database, "DROP TRIGGER refuse" + (" ON results" if is_postgres(database) else ""))
    await tables.play.resign(info.game_id, BOB)
    assert [r.won for r in await results_of(tables.store, info.game_id)] == [True, False]


async def rows_in(target: Target) -> list[tuple[object, ...]]:
    return await sql(target, f"SELECT {COLUMNS} FROM results ORDER BY game_id, seat, part")


async def holders_in(target: Target) -> list[tuple[object, ...]]:
    return await sql(target, "SELECT game_id, seat, since, user_id, ai, for_user, name, why FROM seat_holders "
                             "ORDER BY game_id, seat, since")


async def run_backfill(target: Target) -> None:
    """Schema 7's backfill, in one transaction, as the migration runs it."""
    def backfill(conn: Connection) -> None:
        with conn.begin():
            seat_history(conn)

    db = await open_database(target)
    try:
        await db.direct(backfill)
    finally:
        await db.close()


async def test_the_backfill_gives_the_holders_and_rows_the_service_wrote(database: Target) -> None:
    """Games played by the real service (a person leaving, a resignation, stand-ins finishing),
    their histories and results then rebuilt from the logs alone: exactly what was written."""
    tables = no_thinking(await Tables.open(database, games=games))
    try:
        await bob_leaves(tables)
        await tranquility(tables, 3)
        await resigned(tables)
        running = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=BOB, host_name="Bob",
                                                     game="tranquility"))
        await tables.lobby.start(running.game_id, BOB, seed=1)
    finally:
        await tables.close()
    written, held = await rows_in(database), await holders_in(database)
    assert len(written) == 4 + 2 + 3 and len(held) == 4 + 2 + 3 + 1

    await sql(database, "DELETE FROM results")
    await sql(database, "DELETE FROM seat_holders")
    await run_backfill(database)
    assert await holders_in(database) == held
    assert await rows_in(database) == written


def outcome(winners: list[int], *, cooperative: bool = False, scores: list[int] | None = None,
            ranks: list[int] | None = None, sheet: dict[str, object] | None = None) -> str:
    return json.dumps({"winners": winners, "summary": "", "cooperative": cooperative, "scores": scores,
                       "ranks": ranks, "sheet": sheet})


def told(line: str) -> str:
    return json.dumps([[line, None]])


async def test_a_schema_6_database_gets_its_seat_histories_and_results_under_the_new_policy(database: Target) -> None:
    """Games as schema 6 kept them (hand-over lines naming the seat by whoever held it when read):
    a duel whose seat 2 went from Cy (who timed out) to Dee and was finished by her; a cooperative
    game Bob left and never came back to; a game a person played to the end."""
    assert await migrate_to(database, 6) == [1, 2, 3, 4, 5, 6]
    games = [
        # id, game, status, state_id, outcome, options
        (1, "duel", "finished", 9, outcome([2], scores=[3, 4, 6]), '{"rounds": 3}'),
        (2, "tranquility", "finished", 3, outcome([0, 1], cooperative=True, sheet={"won": True}), "{}"),
        (3, "tranquility", "running", 2, None, "{}"),
    ]
    await sql_rows(database, "INSERT INTO games (id, guild_id, channel_id, game, options, seed, status, state_id, "
                             "host_id, outcome, created_at, updated_at) "
                             "VALUES (?, ?, ?, ?, ?, 1, ?, ?, ?, ?, 100, 500)",
                   [(game_id, GUILD, CHANNEL, game, options, status, state_id, ANN, result)
                    for game_id, game, status, state_id, result, options in games])
    await sql_rows(database, "INSERT INTO snapshots (game_id, state_id, state, created_at) VALUES (?, 0, '{}', 110)",
                   [(game[0],) for game in games])
    seats = [(1, 0, ANN, None, "Ann", None, None), (1, 1, None, "random", "random AI", None, None),
             (1, 2, 4, None, "Dee", None, None),
             (2, 0, ANN, None, "Ann", None, None), (2, 1, BOB, None, "Bob", "heuristic", "left"),
             (3, 0, CY, None, "Cy", None, None)]
    await sql_rows(database, "INSERT INTO seats (game_id, seat, user_id, ai, name, joined_at, stand_in, why) "
                             "VALUES (?, ?, ?, ?, ?, 0, ?, ?)", seats)
    moves = [
        # game, state, seat, kind, user, stand_in, events
        (1, 1, 2, "move", CY, False, "[]"),
        (1, 2, 2, "stand_in", None, False, told("Seat 3's time ran out: an AI plays their seat until they are back "
                                                  "(/game back).")),
        (1, 3, 2, "move", None, True, "[]"),
        (1, 4, 2, "seat", ANN, False, told("Seat 3 is now played by Dee (instead of Cy).")),
        (1, 5, 2, "move", 4, False, "[]"),
        (1, 9, 0, "move", ANN, False, "[]"),
        (2, 1, 1, "stand_in", None, False, told("Seat 2 left the table; an AI plays their seat until they are back "
                                                  "(/game back).")),
        (2, 2, 1, "move", None, True, "[]"),
        (2, 3, 0, "move", ANN, False, "[]"),
        (3, 1, 0, "stand_in", None, False, told("Seat 1 left the table; an AI plays their seat until they are back "
                                                  "(/game back).")),
        (3, 2, 0, "back", CY, False, told("Seat 1 is back and plays their seat again.")),
    ]
    await sql_rows(database, "INSERT INTO moves (game_id, state_id, seat, kind, user_id, stand_in, events, text, "
                             "to_move, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, '', '[]', 400)", moves)
    assert await migrate_to(database) == list(range(7, migrations.latest_version() + 1))

    assert await holders_in(database) == [
        (1, 0, 0, ANN, None, None, "Ann", "start"), (1, 1, 0, None, "random", None, "random AI", "start"),
        (1, 2, 0, CY, None, None, "Cy", "start"), (1, 2, 2, None, "random", CY, "AI for Cy", "timeout"),
        (1, 2, 4, 4, None, None, "Dee", "seat"),
        (2, 0, 0, ANN, None, None, "Ann", "start"), (2, 1, 0, BOB, None, None, "Bob", "start"),
        (2, 1, 1, None, "heuristic", BOB, "AI for Bob", "left"),
        (3, 0, 0, CY, None, None, "Cy", "start"), (3, 0, 1, None, "planner", CY, "AI for Cy", "left"),
        (3, 0, 2, CY, None, None, "Cy", "back")]
    # The hand-over lines say who held the seat then, in words: no longer "Dee … (instead of Cy)".
    lines = await sql(database, "SELECT game_id, state_id, events FROM moves WHERE kind IN ('seat', 'back') "
                                "ORDER BY game_id, state_id")
    assert [(g, s, json.loads(e)[0][0]) for g, s, e in lines] == [
        (1, 4, "Cy's seat goes to Dee (given by the host)."), (3, 2, "Cy is back and plays their seat again.")]

    store = await open_store(database)
    try:
        duel = await results_of(store, 1)
        assert [(r.seat, r.part, r.user_id, r.name, r.rank, r.score, r.won, r.quit) for r in duel] == [
            (0, 0, ANN, "Ann", 3, 3, False, None), (1, 0, None, "random AI", 2, 4, False, None),
            (2, 0, 4, "Dee", 1, 6, True, None), (2, 1, CY, "Cy", 4, None, False, "timeout")]
        assert duel[2].stood_in == 1 and (duel[0].started_at, duel[0].finished_at) == (110, 400)
        crew = await results_of(store, 2)
        assert [(r.seat, r.part, r.user_id, r.name, r.won, r.stand_in) for r in crew] == [
            (0, 0, ANN, "Ann", True, False), (1, 0, None, "AI for Bob", True, True), (1, 1, BOB, "Bob", False, False)]
        assert crew[0].sheet == {"won": True} and crew[2].sheet == {"won": True}
        assert await results_of(store, 3) == []
        assert await store.results.results_mark(GUILD, "tranquility") == ResultsMark(3, 400, 2)
    finally:
        await store.close()
