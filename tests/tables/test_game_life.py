"""A game's life told truly, at the table service (docs/records.md, docs/async.md): records that
count people, not seats; reliability; who held each seat; a rematch found after a restart. On
SQLite and PostgreSQL, with the Rune Duel (tests/tables/duel.py) so whole games stay quick."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.names import name_seats
from bot.tables import Tables
from bot.tables.errors import Unreliable
from bot.tables.types import NewTable
from tests.databases import Target
from tests.discord.clocked import Clock
from tests.results import results_of
from tests.tables.conftest import ALICE, BOB, CARL, CHANNEL, GUILD
from tests.tables.duel import games

DAN = 4
LIVE = 18 * 60  # a live clock's move and bank


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
async def tables(db_path: Target, clock: Clock) -> AsyncIterator[Tables]:
    service = await Tables.open(db_path, games=games, clock=clock)
    yield service
    await service.close()


async def duel(tables: Tables, people: dict[int, str], *, rounds: int = 3, clock: str = "none",
               min_reliability: int = 0) -> int:
    """A started Rune Duel: the first person hosts, the others join in order."""
    (host, host_name), *others = people.items()
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=host, host_name=host_name,
                                              game="duel", options={"rounds": rounds}, clock=clock,
                                              min_reliability=min_reliability))
    for user_id, name in others:
        await tables.lobby.join(info.game_id, user_id, name)
    await tables.lobby.start(info.game_id, host, seed=5)
    return info.game_id


async def play(tables: Tables, game_id: int, rounds: int | None = None) -> None:
    """Every person still at their seat lays their lowest rune until the game ends (or for `rounds`)."""
    for _ in range(10_000 if rounds is None else rounds):
        await tables.drain()
        info = await tables.game(game_id)
        if info.status != "running":
            return
        acted = False
        for seat in info.to_move:
            user_id = info.seats[seat].user_id
            if user_id is not None and info.seats[seat].stand_in is None:
                view = await tables.table_view(game_id, user_id)
                await tables.play.move(game_id, user_id, view.state_id, view.legal_moves[0].text)
                acted = True
        assert acted, "nobody here can move"


async def test_two_people_who_leave_before_the_first_move_get_no_rating_and_count_as_left(tables: Tables) -> None:
    for _ in range(2):
        game_id = await duel(tables, {ALICE: "Alice", BOB: "Bob"})
        await tables.seating.leave_game(game_id, ALICE)
        await tables.seating.leave_game(game_id, BOB)
        await tables.drain()
        assert (await tables.game(game_id)).status == "finished"
    ratings = await tables.records.ratings(GUILD, "duel")
    assert ratings.standings == () and ratings.games == 0, "the AIs played them: nobody is rated"
    assert await tables.records.stats(GUILD, ALICE) == []
    kept = await tables.servers.reliability(GUILD, ALICE)
    assert (kept.finished, kept.left, kept.timed_out, kept.percent) == (0, 2, 0, 0)
    assert kept.describe() == "0% — 0 played to the end, 2 left, 0 timed out"


async def test_a_timeout_ranks_the_late_player_last_and_costs_them_rating(tables: Tables, clock: Clock) -> None:
    """Bob lets his time run out at once; his stand-in wins (or not): the result is never his."""
    game_id = await duel(tables, {ALICE: "Alice", BOB: "Bob", CARL: "Carl"}, clock="live")
    for user_id in (ALICE, CARL):  # they lay; Bob doesn't
        view = await tables.table_view(game_id, user_id)
        await tables.play.move(game_id, user_id, view.state_id, view.legal_moves[0].text)
    clock.advance(LIVE + 1)
    await tables.scheduler.run_due()
    await tables.drain()
    assert (await tables.game(game_id)).seats[1].why == "timeout"
    await play(tables, game_id)
    rows = await results_of(tables.store, game_id)
    bob = next(r for r in rows if r.user_id == BOB)
    assert (bob.finished, bob.quit, bob.rank, bob.won, bob.score) == (False, "timeout", 4, False, None)
    ratings = await tables.records.ratings(GUILD, "duel")
    standing = ratings.standing(f"user:{BOB}")
    assert standing is not None and standing.mu < 25.0 and standing.wins == 0, "a timeout is a loss"
    assert ratings.place_of(f"user:{BOB}") == len(ratings.standings), "last"
    assert ratings.standing("ai:random") is None, "a stand-in is never rated"
    kept = await tables.servers.reliability(GUILD, BOB)
    assert (kept.finished, kept.left, kept.timed_out) == (0, 0, 1)


async def test_a_handed_over_seats_result_is_its_finishers_and_its_first_holder_quit(tables: Tables) -> None:
    game_id = await duel(tables, {ALICE: "Alice", BOB: "Bob"}, rounds=10)
    await tables.seating.leave_game(game_id, BOB)
    await tables.drain()  # his stand-in lays his rune
    await tables.seating.give_seat(game_id, ALICE, CARL, "Carl")
    await play(tables, game_id, rounds=1)
    await tables.seating.leave_game(game_id, CARL)
    await tables.seating.give_seat(game_id, ALICE, DAN, "Dan")
    await play(tables, game_id)
    info = await tables.game(game_id)
    held = info.history.of(1)
    assert [(h.name, h.why) for h in held] == [("Bob", "start"), ("AI for Bob", "left"), ("Carl", "seat"),
                                               ("AI for Carl", "left"), ("Dan", "seat")]
    assert [h.since for h in held] == sorted({h.since for h in held}), "each from its own change"
    rows = await results_of(tables.store, game_id)
    assert [(r.seat, r.part, r.user_id, r.finished, r.quit) for r in rows] == [
        (0, 0, ALICE, True, None), (1, 0, DAN, True, None), (1, 1, BOB, False, "left"), (1, 2, CARL, False, "left")]
    lines = [name_seats(line.text, line.names) for line in await tables.log(game_id, limit=200)]
    assert [line for line in lines if "left" in line or "goes to" in line] == [
        "Bob left the table; an AI plays their seat until they are back (/game back).",
        "Bob's seat goes to Carl (given by the host).",
        "Carl left the table; an AI plays their seat until they are back (/game back).",
        "Carl's seat goes to Dan (given by the host)."]
    # Each move is told under the name of who made it, then and ever after.
    given = lines.index("Carl's seat goes to Dan (given by the host).")
    assert "AI for Bob lays a rune face down." in lines[:given]
    assert not any(line.startswith("Dan ") for line in lines[:given]) and "Dan lays a rune face down." in lines
    assert (await tables.servers.reliability(GUILD, DAN)).finished == 1
    assert (await tables.servers.reliability(GUILD, CARL)).left == 1


async def test_a_table_with_a_minimum_reliability_refuses_a_person_below_it_and_welcomes_newcomers(
        tables: Tables) -> None:
    quit_once = await duel(tables, {ALICE: "Alice", BOB: "Bob"}, rounds=1)
    await tables.seating.leave_game(quit_once, BOB)
    await play(tables, quit_once)
    assert (await tables.servers.reliability(GUILD, BOB)).percent == 0
    strict = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=ALICE, host_name="Alice",
                                                game="duel", min_reliability=80))
    assert strict.min_reliability == 80
    with pytest.raises(Unreliable, match=r"at least 80%; yours in this server is 0% — 0 played to the end, 1 left"):
        await tables.lobby.join(strict.game_id, BOB, "Bob")
    assert len((await tables.game(strict.game_id)).seats) == 1, "nothing changed"
    await tables.lobby.join(strict.game_id, CARL, "Carl")  # no game ended yet: a newcomer is welcome
    await tables.servers.set_setting(GUILD, "min_reliability", 50)
    default = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=CHANNEL, host_id=DAN, host_name="Dan",
                                                 game="duel"))
    assert default.min_reliability == 50, "the server's default"


async def test_a_rematch_is_one_lobby_per_finished_game_across_restarts(db_path: Target, clock: Clock) -> None:
    tables = await Tables.open(db_path, games=games, clock=clock)
    try:
        game_id = await duel(tables, {ALICE: "Alice", BOB: "Bob"}, rounds=1)
        await play(tables, game_id)
        first = await tables.lobby.rematch(game_id, BOB)
        assert first.new and first.info.status == "lobby"
    finally:
        await tables.close()
    tables = await Tables.open(db_path, games=games, clock=clock)  # the bot restarted
    try:
        again = await tables.lobby.rematch(game_id, ALICE)
        assert not again.new and again.info.game_id == first.info.game_id
        await tables.lobby.cancel(first.info.game_id, BOB)
        third = await tables.lobby.rematch(game_id, ALICE)
        assert third.new and third.info.game_id != first.info.game_id, "a called-off rematch may open anew"
    finally:
        await tables.close()


async def test_a_person_given_a_timed_out_seat_gets_the_tables_whole_bank(tables: Tables, clock: Clock) -> None:
    """Bob's time ran out, bank and all; the host gives his seat to Carl, who starts afresh (the
    bank is a person's, not the seat's)."""
    game_id = await duel(tables, {ALICE: "Alice", BOB: "Bob"}, clock="live", rounds=10)
    view = await tables.table_view(game_id, ALICE)
    await tables.play.move(game_id, ALICE, view.state_id, view.legal_moves[0].text)
    clock.advance(LIVE + 1)
    await tables.scheduler.run_due()
    await tables.drain()
    assert (await tables.game(game_id)).seats[1].bank == 0
    await tables.seating.give_seat(game_id, ALICE, CARL, "Carl")
    info = await tables.game(game_id)
    assert info.seats[1].name == "Carl" and info.seats[1].bank == 15 * 60
