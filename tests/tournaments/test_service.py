"""The tournament service over a real Tables and a real database (SQLite and PostgreSQL): sign-up,
rounds opened as started tables, results read from the games, deadlines, the organiser's
controls, a restart mid-event, and pairing exactly once (docs/tournaments.md)."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.store.keys import Space
from bot.store.tournaments import CANCELLED, FINISHED, RUNNING
from bot.tables import Tables
from bot.tables.errors import AlreadySeated, AlreadyStarted, GameFull, NotAllowed, TooFewPlayers
from bot.tables.tournaments import TournamentView
from bot.tables.types import ABANDONED
from bot.tables.types import FINISHED as GAME_FINISHED
from engine.errors import BadOptions
from tests.databases import Target
from tests.tables.duel import games
from tests.tournaments.events import GUILD, HOUR, ORGANISER, Clock, event, settle, with_ais


def pairs(view: TournamentView) -> list[frozenset[int]]:
    return [frozenset((a, b)) for t in view.tables for a in t.entrants for b in t.entrants if a < b]


async def test_a_swiss_event_of_ai_entrants_plays_from_sign_up_to_champion(tables: Tables) -> None:
    view = await with_ais(tables, 6, rounds=3)
    view = await tables.tournaments.organiser.start(view.id, ORGANISER)
    view = await settle(tables, view.id)
    assert view.row.status == FINISHED and view.terms.rounds == 3
    assert [r.round for r in view.rounds] == [1, 2, 3] and all(r.closed_at is not None for r in view.rounds)
    for number in (1, 2, 3):
        seated = [e for t in view.tables_of(number) for e in t.entrants]
        assert sorted(seated) == list(range(6))  # everyone once a round, no byes in an even field
    assert len(pairs(view)) == len(set(pairs(view)))  # 6 entrants, 3 rounds: no one met twice
    for table in view.tables:
        assert table.decided == "played" and table.game_id is not None
        assert (await tables.game(table.game_id)).status == GAME_FINISHED
    # Points: one per table-mate beaten, a half per tie; the places follow them.
    assert sum(line.points for line in view.standings) == 9  # 9 duels, one point each
    assert view.standings[0].place == 1
    finals = {e.entrant: e.final_place for e in view.entrants}
    assert finals == {line.entrant: line.place for line in view.standings}
    kinds = [n.kind for n in await tables.store.outbox.untold_news(view.id)]
    assert kinds == ["started", "round", "round_closed", "round", "round_closed", "round", "round_closed", "finished"]


async def test_an_odd_swiss_field_gives_each_bye_to_a_different_entrant(tables: Tables) -> None:
    view = await with_ais(tables, 5, rounds=3)
    await tables.tournaments.organiser.start(view.id, ORGANISER)
    view = await settle(tables, view.id)
    byes = [b for r in view.rounds for b in r.byes]
    assert len(byes) == 3 and len(set(byes)) == 3
    assert all(line.byes <= 1 for line in view.standings)


async def test_a_round_robin_meets_every_pair_and_an_elimination_ends_with_one(tables: Tables) -> None:
    robin = await with_ais(tables, 4, format="round_robin")
    await tables.tournaments.organiser.start(robin.id, ORGANISER)
    robin = await settle(tables, robin.id)
    assert robin.terms.rounds == 3 and sorted(map(sorted, pairs(robin))) == \
        sorted(sorted((a, b)) for a in range(4) for b in range(4) if a < b)
    knockout = await with_ais(tables, 8, format="elimination", name="Knockout")
    await tables.tournaments.organiser.start(knockout.id, ORGANISER)
    knockout = await settle(tables, knockout.id)
    assert knockout.terms.rounds == 3 and [len(knockout.tables_of(n)) for n in (1, 2, 3)] == [4, 2, 1]
    champion = knockout.standings[0]
    assert champion.place == 1 and champion.survived == 3
    final = knockout.tables_of(3)[0]
    assert final.places is not None and champion.entrant in final.entrants
    assert final.places[final.entrants.index(champion.entrant)] == 1


async def test_sign_up_refuses_twice_full_late_and_starts_only_with_enough(tables: Tables) -> None:
    view = await tables.tournaments.signup.create(event(max_entrants=3, min_entrants=3, late_until=0))
    await tables.tournaments.signup.join(view.id, 1, "Alice")
    with pytest.raises(AlreadySeated):
        await tables.tournaments.signup.join(view.id, 1, "Alice")
    await tables.tournaments.signup.join(view.id, 2, "Bob")
    with pytest.raises(TooFewPlayers, match="at least 3 entrants; 2 signed up"):
        await tables.tournaments.organiser.start(view.id, ORGANISER)
    with pytest.raises(NotAllowed, match="Only the organiser"):
        await tables.tournaments.organiser.start(view.id, 1)
    await tables.tournaments.signup.join(view.id, 3, "Carl")
    with pytest.raises(GameFull):
        await tables.tournaments.signup.join(view.id, 4, "Dora")
    view = await tables.tournaments.signup.leave(view.id, 3)
    assert [e.name for e in view.entrants] == ["Alice", "Bob"]
    await tables.tournaments.signup.join(view.id, 4, "Dora")
    await tables.tournaments.organiser.start(view.id, ORGANISER)
    with pytest.raises(AlreadyStarted):
        await tables.tournaments.signup.join(view.id, 5, "Erik")


@pytest.mark.parametrize(("terms", "reason"), [
    ({"game": "tranquility", "options": None}, "cooperative"),
    ({"seats": 5}, "seats 2–4 players a table, not 5"),
    ({"format": "ladder"}, "not 'ladder'"),
    ({"format": "elimination", "rounds": 3}, "works its rounds out at the start; only Swiss takes a number of rounds"),
    ({"rounds": 0}, "1 to 30 rounds, not 0"),
    ({"lateness": "never"}, "Lateness is counts or last"),
    ({"min_entrants": 1}, "from 2 to the most"),
])
async def test_a_tournament_with_terms_it_cannot_play_is_refused_with_the_reason(
        tables: Tables, terms: dict[str, Any], reason: str) -> None:
    with pytest.raises(BadOptions, match=reason):
        await tables.tournaments.signup.create(event(**terms))
    assert not await tables.tournaments.find(GUILD)


async def test_sign_up_closes_at_its_deadline_and_too_small_a_field_is_called_off(tables: Tables,
                                                                                  clock: Clock) -> None:
    small = await tables.tournaments.signup.create(event(signup_hours=24, min_entrants=4))
    await tables.tournaments.signup.join(small.id, 1, "Alice")
    enough = await with_ais(tables, 3, signup_hours=48)
    clock.now += 24 * HOUR
    await tables.scheduler.run_due()
    assert (await tables.tournaments.view(small.id)).row.status == CANCELLED
    assert (await tables.tournaments.view(enough.id)).row.status == "signup"
    clock.now += 24 * HOUR
    await tables.scheduler.run_due()
    assert (await tables.tournaments.view(enough.id)).row.status == RUNNING
    assert (await settle(tables, enough.id)).row.status == FINISHED


async def test_a_round_ends_at_its_deadline_and_its_unfinished_tables_are_drawn(tables: Tables, clock: Clock) -> None:
    view = await tables.tournaments.signup.create(event(rounds=1, round_hours=48))
    for user, name in ((1, "Alice"), (2, "Bob"), (3, "Carl"), (4, "Dora")):
        await tables.tournaments.signup.join(view.id, user, name)
    await tables.tournaments.organiser.start(view.id, ORGANISER)
    await settle(tables, view.id, until=lambda v: bool(v.tables))
    clock.now += 48 * HOUR  # nobody moved: the clock ran out, stand-ins played? Not under "none"
    view = await settle(tables, view.id)
    assert view.row.status == FINISHED
    for table in view.tables:
        assert table.places is not None and table.game_id is not None
        game = await tables.game(table.game_id)
        if table.decided == "deadline":
            assert table.places == (1, 1) and game.status == ABANDONED
    assert all(line.points in (0.5, 1.0, 0.0) for line in view.standings)


async def test_the_organiser_adjudicates_drops_and_pauses(tables: Tables, clock: Clock) -> None:
    view = await tables.tournaments.signup.create(event(rounds=2, clock="none"))
    for user, name in ((1, "Alice"), (2, "Bob"), (3, "Carl"), (4, "Dora")):
        await tables.tournaments.signup.join(view.id, user, name)
    await tables.tournaments.organiser.start(view.id, ORGANISER)
    view = await settle(tables, view.id, until=lambda v: bool(v.tables))
    first, second = view.tables_of(1)
    assert first.game_id is not None and second.game_id is not None
    with pytest.raises(NotAllowed):
        await tables.tournaments.organiser.adjudicate(view.id, 1, first.game_id, [1, 2])
    with pytest.raises(BadOptions, match="from 1 to 2"):
        await tables.tournaments.organiser.adjudicate(view.id, ORGANISER, first.game_id, [1, 3])
    view = await tables.tournaments.organiser.pause(view.id, ORGANISER)
    assert (await tables.game(second.game_id)).paused
    view = await tables.tournaments.organiser.pause(view.id, ORGANISER, pause=False)
    assert not (await tables.game(second.game_id)).paused
    await tables.tournaments.organiser.adjudicate(view.id, ORGANISER, first.game_id, [2, 1])
    await tables.tournaments.organiser.adjudicate(view.id, ORGANISER, second.game_id, [1, 1])
    dropper = second.entrants[0]
    dropping = next(e.user_id for e in view.entrants if e.entrant == dropper)
    assert dropping is not None
    await tables.tournaments.signup.leave(view.id, dropping)
    view = await settle(tables, view.id, until=lambda v: len(v.rounds) == 2)
    assert dropper not in [e for t in view.tables_of(2) for e in t.entrants] + list(view.rounds[1].byes)
    assert (await tables.game(first.game_id)).status == ABANDONED
    line = view.line_of(first.entrants[1])
    assert line is not None and line.points == 1.0


async def test_a_restart_mid_event_picks_up_where_it_stopped_and_pairs_each_round_once(
        database: Target, clock: Clock) -> None:
    seeds = iter(range(1, 10_000)).__next__
    first = await Tables.open(database, games=games, clock=clock, seeds=seeds)
    view = await with_ais(first, 6, rounds=3)
    await first.tournaments.organiser.start(view.id, ORGANISER)
    await settle(first, view.id, until=lambda v: len(v.rounds) == 2)
    await first.close()
    again = await Tables.open(database, games=games, clock=clock, seeds=seeds)
    try:
        await again.resume()
        view = await settle(again, view.id)
        assert view.row.status == FINISHED and [r.round for r in view.rounds] == [1, 2, 3]
        assert len(view.tables) == 9
        # Running it again, twice at once, pairs nothing more.
        await asyncio.gather(again.tournaments.director.advance(view.id), again.tournaments.director.advance(view.id))
        assert len((await again.tournaments.view(view.id)).tables) == 9
    finally:
        await again.close()


async def test_two_advances_at_once_open_one_round(tables: Tables) -> None:
    view = await tables.tournaments.signup.create(event(rounds=2))
    for user in (1, 2, 3, 4):  # people: nobody moves, so round 1 stays open
        await tables.tournaments.signup.join(view.id, user, f"Player {user}")
    view = await tables.tournaments.organiser.start(view.id, ORGANISER)
    await asyncio.gather(*(tables.tournaments.director.advance(view.id) for _ in range(4)))
    view = await tables.tournaments.view(view.id)
    assert len(view.rounds) == 1 and len(view.tables) == 2
    assert len({t.game_id for t in view.tables}) == 2


async def test_two_processes_on_one_postgresql_database_pair_and_open_each_round_once(
        backend: str, database: Target, clock: Clock) -> None:
    if backend != "postgresql":
        pytest.skip("one process per SQLite file: two processes share only a PostgreSQL database")
    first = await Tables.open(database, games=games, clock=clock, seeds=iter(range(1, 10_000)).__next__)
    second = await Tables.open(database, games=games, clock=clock, seeds=iter(range(500, 10_000)).__next__)
    try:
        view = await first.tournaments.signup.create(event(rounds=2))
        for user in range(1, 7):
            await first.tournaments.signup.join(view.id, user, f"Player {user}")
        await first.tournaments.organiser.start(view.id, ORGANISER)
        await asyncio.gather(*(service.tournaments.director.advance(view.id)
                               for service in (first, second, first, second)))
        view = await second.tournaments.view(view.id)
        assert len(view.rounds) == 1 and len(view.tables) == 3
        games_opened = [t.game_id for t in view.tables]
        assert None not in games_opened and len(set(games_opened)) == 3
        assert len(await first.store.games.games(guild_id=GUILD)) == 3  # no game opened twice
    finally:
        await second.close()
        await first.close()


async def test_a_table_whose_game_no_longer_loads_is_drawn_at_the_deadline_and_the_event_goes_on(
        tables: Tables, clock: Clock) -> None:
    view = await tables.tournaments.signup.create(event(rounds=1, round_hours=24))
    for user in (1, 2, 3, 4):
        await tables.tournaments.signup.join(view.id, user, f"Player {user}")
    await tables.tournaments.organiser.start(view.id, ORGANISER)
    view = await settle(tables, view.id, until=lambda v: len(v.tables) == 2)
    damaged = view.tables[0].game_id
    assert damaged is not None
    await tables.store.games.mark_broken(damaged, "a row no longer decodes")
    tables.gate.cache.drop(damaged)
    await tables.tournaments.director.advance(view.id)  # before the deadline: it waits, and its timer stays
    assert (await tables.store.clocks.timer(view.id, "tournament", space=Space.TOURNAMENT)) is not None
    clock.now += 24 * HOUR
    view = await settle(tables, view.id)
    assert view.row.status == FINISHED
    first = view.tables[0]
    assert first.places == (1, 1) and first.decided == "deadline" and first.note == "its game could not be loaded"
