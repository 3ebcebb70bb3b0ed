"""Issue 40's guarantees for events, over a real Tables and database (SQLite and PostgreSQL): keys
in their own space, damaged rows set aside, fair results (no-shows, entrants out, tie-breaks),
the organiser's tools (corrections, closing a round now), late entries and the check-in, and a
format registered from outside the package running a whole event (docs/adding-a-format.md)."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence

import asyncpg
import pytest

from bot.store import keys
from bot.store.errors import DamagedEvent
from bot.store.keys import Space
from bot.store.tournaments import CANCELLED, FINISHED, RUNNING, SIGNUP
from bot.tables import Tables
from bot.tables.audit import verify
from bot.tables.errors import AlreadyStarted, EventUnavailable, NotAllowed
from bot.tables.types import NewTable
from bot.tournaments import formats, pairing
from bot.tournaments.formats import Event, Format
from bot.tournaments.scoring import POINTS, RATING, WINS
from tests.databases import Target, sql_rows
from tests.tables.duel import games
from tests.tournaments.events import GUILD, HOUR, ORGANISER, Clock, event, settle, with_ais

LOCK_WAIT = 10.0  # seconds: far more than any of these takes; a lock that meets another's waits forever


# -- keys in their own space ---------------------------------------------------------------------
async def test_with_a_process_leading_and_a_migration_running_tournaments_1_and_2_start_on_postgresql(
        postgres: str, clock: Clock) -> None:
    """On PostgreSQL a tournament's lock was minus its id: #1 met the leader's lock (-1) and waited
    forever while a process led, #2 the migrations' (-2). Keys now live in spaces of their own."""
    leader = await Tables.open(postgres, games=games, clock=clock, seeds=iter(range(1, 10_000)).__next__)
    other = await Tables.open(postgres, games=games, clock=clock, seeds=iter(range(500, 10_000)).__next__)
    migrating = await asyncpg.connect(postgres)
    try:
        assert await leader.store.hold_leadership() and not await other.store.hold_leadership()
        upgrade = migrating.transaction()
        await upgrade.start()  # another process upgrading the schema holds the migrations' lock
        await migrating.execute("SELECT pg_advisory_xact_lock($1, $2)", *keys.MIGRATION.advisory())
        for number in (1, 2):
            view = await with_ais(other, 4, rounds=1)
            assert view.id == number
            for service in (other, leader):
                view = await asyncio.wait_for(service.tournaments.view(view.id), LOCK_WAIT)
            await asyncio.wait_for(other.tournaments.organiser.start(view.id, ORGANISER), LOCK_WAIT)
            await asyncio.wait_for(leader.tournaments.organiser.pause(view.id, ORGANISER), LOCK_WAIT)
            await asyncio.wait_for(other.tournaments.organiser.pause(view.id, ORGANISER, pause=False), LOCK_WAIT)
            await asyncio.wait_for(leader.tournaments.director.advance(view.id), LOCK_WAIT)
            assert (await leader.tournaments.view(view.id)).row.status == RUNNING
        await upgrade.rollback()
    finally:
        await migrating.close()
        await other.close()
        await leader.close()


async def test_a_tournament_and_a_game_of_the_same_number_keep_their_own_timers(tables: Tables) -> None:
    """Cancelling lobby #1 clears game #1's timers, never tournament #1's."""
    view = await tables.tournaments.signup.create(event(signup_hours=24))
    info = await tables.lobby.create(NewTable(guild_id=GUILD, channel_id=20, host_id=ORGANISER, host_name="Org",
                                              game="duel"))
    assert view.id == info.game_id == 1
    await tables.lobby.cancel(info.game_id, ORGANISER)
    timer = await tables.store.clocks.timer(view.id, "tournament", space=Space.TOURNAMENT)
    assert timer is not None and timer.space == Space.TOURNAMENT and timer.game_id == 1


# -- damaged rows: the event is set aside, the rest goes on ----------------------------------------
DAMAGE = {
    "terms": ("UPDATE tournaments SET options = '{broken' WHERE id = ?", "tournaments (terms)"),
    # PostgreSQL's column types keep an entrant's row whole; SQLite keeps whatever was written.
    "entrant": ("UPDATE tournament_entrants SET rating = 'high' WHERE tournament_id = ? AND entrant = 0",
                "tournament_entrants (entrant 0)"),
    "round": ("UPDATE tournament_rounds SET byes = '[nope' WHERE tournament_id = ?", "tournament_rounds (round 1"),
    "table": ("UPDATE tournament_tables SET entrants = 'x' WHERE tournament_id = ? AND table_no = 1",
              "tournament_tables (round 1, table 1)"),
    "news": ("UPDATE tournament_news SET body = '{' WHERE tournament_id = ? AND seq = 1", "tournament_news (item 1)"),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
async def test_a_damaged_row_of_each_kind_sets_its_event_aside_politely_and_verify_names_it(
        tables: Tables, database: Target, backend: str, kind: str) -> None:
    if kind == "entrant" and backend == "postgresql":
        pytest.skip("a rating column of PostgreSQL holds only numbers")
    damaged = await with_ais(tables, 4, rounds=2)
    await tables.tournaments.organiser.start(damaged.id, ORGANISER)
    await settle(tables, damaged.id, until=lambda v: len(v.rounds) == 1)
    healthy = await with_ais(tables, 4, rounds=1)
    statement, what = DAMAGE[kind]
    await sql_rows(database, statement, [(damaged.id,)])
    audit = await verify(tables.store, games)
    assert any(str(f).startswith(f"tournament #{damaged.id}: {what}") for f in audit.findings), audit.findings
    if kind == "news":
        with pytest.raises(DamagedEvent, match="does not decode"):
            await tables.tournaments.desk.news.news(damaged.id)
    else:
        with pytest.raises(EventUnavailable, match="part of its record is damaged"):
            await tables.tournaments.view(damaged.id)
        # Set aside: left out of listings, refused politely, and the healthy event goes on.
        assert [r.id for r in await tables.tournaments.find(GUILD)] == [healthy.id]
        await tables.tournaments.director.resume()  # a restart: nothing raises
    await tables.tournaments.organiser.start(healthy.id, ORGANISER)
    assert (await settle(tables, healthy.id)).row.status == FINISHED


async def test_a_damaged_result_or_setting_is_left_out_by_its_reader_and_named_by_verify(
        tables: Tables, database: Target) -> None:
    view = await with_ais(tables, 2, rounds=1)
    await tables.tournaments.organiser.start(view.id, ORGANISER)
    view = await settle(tables, view.id)
    game_id = view.tables[0].game_id
    assert game_id is not None
    await sql_rows(database, "UPDATE results SET options = '{' WHERE game_id = ? AND seat = 0", [(game_id,)])
    await sql_rows(database, "INSERT INTO guild_settings (guild_id, key, value, updated_at) VALUES (?, ?, ?, ?)",
                   [(GUILD, "clock", "{not json", 1.0)])
    assert len(await tables.store.results.results(GUILD, "duel")) == 1, "the damaged row is left out, the other read"
    assert (await tables.servers.settings(GUILD)).clock  # the default applies
    findings = [str(f) for f in (await verify(tables.store, games)).findings]
    assert f"results (game_id {game_id}, seat 0, part 0): options does not decode" in findings
    assert f"guild_settings (guild_id {GUILD}, key clock): value does not decode" in findings


# -- fair results -----------------------------------------------------------------------------------
async def test_an_entrant_who_never_moves_ranks_last_at_the_table_whatever_the_ai_did(
        tables: Tables, clock: Clock) -> None:
    """The person's clock runs out at once; an AI plays every move of their seat to the end."""
    view = await tables.tournaments.signup.create(event(rounds=1, clock="1m+0+0", lateness="counts"))
    await tables.tournaments.signup.join(view.id, 1, "Absent Al")
    view = await tables.tournaments.signup.add_ai(view.id, ORGANISER, "random")
    await tables.tournaments.organiser.start(view.id, ORGANISER)
    for _ in range(20):
        clock.now += 120
        view = await settle(tables, view.id, until=lambda v: True)
        if view.row.status == FINISHED:
            break
    assert view.row.status == FINISHED
    table = view.tables[0]
    al = view.entrant_of(1)
    assert al is not None and table.places is not None
    assert table.places[table.entrants.index(al.entrant)] == 2 and "never moved" in (table.note or "")
    assert view.standings[0].entrant != al.entrant


async def test_entrants_out_are_marked_and_never_on_the_podium(tables: Tables) -> None:
    view = await with_ais(tables, 4, rounds=2)
    await tables.tournaments.organiser.start(view.id, ORGANISER)
    view = await settle(tables, view.id, until=lambda v: len(v.rounds) == 1)
    best = view.tables[0].entrants[0]
    await tables.tournaments.signup.remove(view.id, ORGANISER, best, why="left the server")
    view = await settle(tables, view.id)
    line = view.line_of(best)
    assert line is not None and line.out and line.place == len(view.entrants)
    podium = [p["name"] for p in (await tables.tournaments.desk.news.news(view.id))[-1].body["podium"]]
    assert view.name_of(best) not in podium and len(podium) == 3


# -- the organiser's tools --------------------------------------------------------------------------
async def test_a_decided_table_is_corrected_with_news_and_the_standings_redrawn(tables: Tables) -> None:
    view = await with_ais(tables, 4, rounds=2)
    await tables.tournaments.organiser.start(view.id, ORGANISER)
    view = await settle(tables, view.id, until=lambda v: len(v.rounds) == 2)
    table = view.tables_of(1)[0]
    assert table.places is not None and table.game_id is not None
    flipped = [3 - p if p in (1, 2) else p for p in table.places]
    before = view.line_of(table.entrants[0])
    with pytest.raises(NotAllowed, match="Only the organiser"):
        await tables.tournaments.organiser.correct(view.id, 5, table.game_id, flipped)
    view = await tables.tournaments.organiser.correct(view.id, ORGANISER, table.game_id, flipped)
    corrected = view.tables_of(1)[0]
    assert corrected.places == tuple(flipped) and corrected.decided == "corrected"
    news = (await tables.tournaments.desk.news.news(view.id))[-1]
    assert news.kind == "corrected" and news.body["was"] == list(table.places)
    after = view.line_of(table.entrants[0])
    assert before is not None and after is not None and after.points != before.points
    assert [line["points"] for line in news.body["standings"]["lines"]] == [line.points for line in view.standings]
    with pytest.raises(NotAllowed, match="places the table has already"):
        await tables.tournaments.organiser.correct(view.id, ORGANISER, table.game_id, flipped)


async def test_an_elimination_table_is_corrected_only_before_the_next_round_is_paired(tables: Tables) -> None:
    view = await with_ais(tables, 4, format="elimination")
    await tables.tournaments.organiser.start(view.id, ORGANISER)
    view = await settle(tables, view.id, until=lambda v: len(v.rounds) == 2)
    table = view.tables_of(1)[0]
    assert table.game_id is not None and table.places is not None
    with pytest.raises(NotAllowed, match="only before the next round is paired"):
        await tables.tournaments.organiser.correct(view.id, ORGANISER, table.game_id, list(reversed(table.places)))


async def test_closing_a_round_now_decides_its_last_tables_as_at_the_deadline(tables: Tables, clock: Clock) -> None:
    view = await tables.tournaments.signup.create(event(rounds=2, clock="1d+0+0"))
    for user in (1, 2, 3, 4):
        await tables.tournaments.signup.join(view.id, user, f"Player {user}")
    await tables.tournaments.organiser.start(view.id, ORGANISER)
    view = await settle(tables, view.id, until=lambda v: len(v.tables) == 2)
    assert all(t.places is None for t in view.tables)  # people who haven't moved: both still playing
    with pytest.raises(NotAllowed):
        await tables.tournaments.organiser.close_round(view.id, 3)
    await tables.tournaments.organiser.close_round(view.id, ORGANISER)
    view = await settle(tables, view.id, until=lambda v: len(v.rounds) == 2)
    assert all(t.decided == "deadline" for t in view.tables_of(1))
    kinds = [n.kind for n in await tables.tournaments.desk.news.news(view.id)]
    assert kinds.index("closing") < kinds.index("round_closed")


async def test_a_late_entry_is_paired_from_the_next_round_with_no_points_for_the_rounds_missed(
        tables: Tables) -> None:
    view = await with_ais(tables, 4, rounds=4)
    assert view.terms.late_until == 3  # until half the rounds are paired
    await tables.tournaments.organiser.start(view.id, ORGANISER)
    view = await settle(tables, view.id, until=lambda v: len(v.rounds) == 1)
    view = await tables.tournaments.signup.join(view.id, 42, "Latecomer")
    late = view.entrant_of(42)
    assert late is not None
    view = await settle(tables, view.id, until=lambda v: len(v.rounds) == 2)
    assert late.entrant in [e for t in view.tables_of(2) for e in t.entrants] + list(view.rounds[1].byes)
    assert late.entrant not in [e for t in view.tables_of(1) for e in t.entrants]
    news = await tables.tournaments.desk.news.news(view.id)
    assert any(n.kind == "joined" and n.body["round"] == 2 for n in news)
    view = await settle(tables, view.id, until=lambda v: len(v.rounds) == 3)
    with pytest.raises(AlreadyStarted, match="no more late entries"):
        await tables.tournaments.signup.join(view.id, 43, "Too late")


async def test_who_did_not_check_in_is_left_out_at_the_start(tables: Tables, clock: Clock) -> None:
    view = await tables.tournaments.signup.create(event(rounds=1, signup_hours=2, checkin_minutes=60))
    for user in (1, 2, 3):
        await tables.tournaments.signup.join(view.id, user, f"Player {user}")
    with pytest.raises(NotAllowed, match="Check-in opens"):
        await tables.tournaments.signup.check_in(view.id, 1)
    clock.now += HOUR + 1
    await settle(tables, view.id, until=lambda v: v.row.status == SIGNUP)
    await tables.tournaments.signup.check_in(view.id, 1)
    await tables.tournaments.signup.check_in(view.id, 2)
    kinds = [n.kind for n in await tables.tournaments.desk.news.news(view.id)]
    assert kinds == ["checkin"]
    clock.now += HOUR
    view = await settle(tables, view.id, until=lambda v: v.row.status != SIGNUP)
    assert view.row.status in (RUNNING, FINISHED)
    assert sorted(e.user_id or 0 for e in view.entrants) == [1, 2]
    started = next(n for n in await tables.tournaments.desk.news.news(view.id) if n.kind == "started")
    assert started.body["withdrawn"] == ["Player 3"]


async def test_with_too_few_checked_in_the_event_is_called_off(tables: Tables, clock: Clock) -> None:
    view = await tables.tournaments.signup.create(event(rounds=1, signup_hours=2, checkin_minutes=30))
    for user in (1, 2):
        await tables.tournaments.signup.join(view.id, user, f"Player {user}")
    clock.now += 2 * HOUR + 1
    view = await settle(tables, view.id)
    assert view.row.status == CANCELLED


# -- a format from outside the package ----------------------------------------------------------------
class Ladder(Format):
    """A toy: each round, neighbours in sign-up order turned one place further, for as many rounds as
    there are entrants less one; ranked by points, then wins."""

    key, label = "ladder", "ladder"
    tie_breaks = (POINTS, WINS, RATING)

    def rounds_at_start(self, entrants: Sequence[int], seats: int, smallest: int, asked: int) -> int:
        return max(1, len(entrants) - 1)

    def pair(self, event: Event, number: int, playing: Sequence[int]) -> pairing.Round | None:
        order = list(playing)
        shift = (number - 1) % len(order)
        order = order[shift:] + order[:shift]
        tables = tuple(tuple(order[i:i + event.seats]) for i in range(0, len(order) - len(order) % event.seats,
                                                                      event.seats))
        return pairing.Round(tables, tuple(order[len(order) - len(order) % event.seats:]))


async def test_a_format_registered_from_outside_runs_a_whole_event(tables: Tables) -> None:
    formats.register(Ladder())
    try:
        view = await with_ais(tables, 4, format="ladder")
        assert view.format.label == "ladder" and view.rounds_text == "worked out at the start"
        await tables.tournaments.organiser.start(view.id, ORGANISER)
        view = await settle(tables, view.id)
        assert view.row.status == FINISHED and len(view.rounds) == 3
        assert [b.key for b in view.format.tie_breaks] == ["points", "wins", "rating"]
        assert view.standings[0].place == 1
    finally:
        formats.withdraw("ladder")


async def test_writing_the_next_deadline_never_pushes_back_a_look_asked_for_meanwhile(
        tables: Tables, clock: Clock) -> None:
    """A table's game ends while the event is being advanced (its tables still playing): the
    advance then sets the round's deadline, which used to overwrite that "look again now"."""
    view = await tables.tournaments.signup.create(event(rounds=1))
    desk = tables.tournaments.desk
    await desk.wake(view.id, clock.now)  # a game ended: look again now
    await desk.wake(view.id, clock.now + 24 * HOUR)  # the advance under way sets the next deadline
    due = await tables.store.clocks.due_timers(clock.now)
    assert [(t.space, t.game_id, t.kind) for t in due] == [(Space.TOURNAMENT, view.id, "tournament")]
    assert (await tables.store.clocks.timer(view.id, "tournament", space=Space.TOURNAMENT)) is not None
