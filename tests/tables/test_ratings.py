"""Ratings recomputed from results (docs/records.md): the same rows give the same numbers,
whatever order they come in; the leaderboard's order; AI kinds as entrants; team records of
cooperative games; the cache that spares a busy server the recomputation."""

from __future__ import annotations

import json
import random
from collections.abc import AsyncIterator, Sequence
from dataclasses import replace

import pytest

from bot.store import ResultRow, Store, open_store
from bot.tables.ratings import MU, SIGMA, entrant_of, recompute
from bot.tables.records import Records
from bot.tables.teams import describe_options, team_games, team_records
from engine import registry
from tests.databases import Target, sql_rows

GUILD = 10
PEOPLE = {1: "Ann", 2: "Bob", 3: "Cy", 4: "Dee", 5: "Eve"}


def seat_row(game_id: int, seat: int, *, user_id: int | None = None, ai: str | None = None, rank: int | None = None,
             score: int | None = None, won: bool = False, game: str = "nidavellir", cooperative: bool = False,
             finished_at: float | None = None, options: dict[str, object] | None = None,
             sheet: dict[str, object] | None = None, guild_id: int = GUILD) -> ResultRow:
    name = PEOPLE.get(user_id or 0, f"{ai} AI")
    when = float(1000 + game_id * 10) if finished_at is None else finished_at
    return ResultRow(game_id=game_id, seat=seat, guild_id=guild_id, game=game, user_id=user_id, ai=ai, name=name,
                     rank=rank, score=score, won=won, cooperative=cooperative, resigned=False, stood_in=0,
                     options=options or {}, sheet=sheet, started_at=when - 5, finished_at=when)


def league(games: int, seed: int = 7) -> list[ResultRow]:
    """A season of competitive games: 2–4 of five people and a greedy AI, scores at random, the
    better ones a little likelier to score high; ranks by score, ties sharing."""
    rng = random.Random(seed)
    entrants: list[tuple[int | None, str | None]] = [(u, None) for u in PEOPLE] + [(None, "greedy")]
    rows = []
    for game_id in range(1, games + 1):
        table = rng.sample(entrants, rng.randint(2, 4))
        scores = [rng.randint(40, 90) + 4 * (user or 6) for user, _ in table]
        for seat, ((user, ai), score) in enumerate(zip(table, scores, strict=True)):
            rank = 1 + sum(other > score for other in scores)
            rows.append(seat_row(game_id, seat, user_id=user, ai=ai, rank=rank, score=score, won=rank == 1))
    return rows


def test_the_same_results_in_any_order_give_identical_ratings() -> None:
    rows = league(120)
    first = recompute(rows)
    for seed in range(5):
        shuffled = list(rows)
        random.Random(seed).shuffle(shuffled)
        assert recompute(shuffled) == first  # every float, every history point
    assert recompute(rows) == first, "recomputed twice: the same"
    assert first.games == 120 and first.results == len(rows)


def test_games_are_taken_in_order_of_finishing_then_game_id_not_of_ids_alone() -> None:
    """A game finished earlier counts first even with a higher id; equal times go by game id."""
    early_win = [seat_row(9, 0, user_id=1, rank=1, won=True, finished_at=100),
                 seat_row(9, 1, user_id=2, rank=2, finished_at=100)]
    late_loss = [seat_row(3, 0, user_id=1, rank=2, finished_at=200),
                 seat_row(3, 1, user_id=2, rank=1, won=True, finished_at=200)]
    ratings = recompute(late_loss + early_win)
    ann = ratings.standing("user:1")
    assert ann is not None and [p.game_id for p in ann.history] == [9, 3]
    tie = [replace(r, finished_at=100) for r in late_loss]
    assert [p.game_id for p in recompute(early_win + tie).standings[0].history] == [3, 9]


def test_the_leaderboard_puts_the_strongest_first_and_rates_ai_kinds_as_entrants() -> None:
    rows = []
    for game_id in range(1, 13):  # Dee always first, the greedy AI second, Bob last
        for seat, (user, ai) in enumerate(((4, None), (None, "greedy"), (2, None))):
            rows.append(seat_row(game_id, seat, user_id=user, ai=ai, rank=seat + 1, score=90 - 10 * seat,
                                 won=seat == 0))
    ratings = recompute(rows)
    assert [s.name for s in ratings.standings] == ["Dee", "AI (greedy)", "Bob"]
    assert [s.key for s in ratings.standings] == ["user:4", "ai:greedy", "user:2"]
    dee, machine, bob = ratings.standings
    assert dee.rating > machine.rating > bob.rating and dee.mu > MU > bob.mu
    assert (dee.games, dee.wins, dee.best_score, dee.mean_score) == (12, 12, 90, 90)
    assert machine.is_ai and machine.ai == "greedy" and machine.user_id is None and not dee.is_ai
    assert ratings.place_of("user:2") == 3 and ratings.place_of("user:99") is None and ratings.people() == 2
    assert all(s.sigma < SIGMA for s in ratings.standings), "every game made the model surer"
    assert len(dee.history) == 12 and dee.history[-1].rating == dee.rating


def test_a_person_is_rated_by_user_id_under_their_latest_name() -> None:
    rows = [seat_row(1, 0, user_id=1, rank=1, won=True), seat_row(1, 1, user_id=2, rank=2),
            replace(seat_row(2, 0, user_id=1, rank=2), name="Annie"), seat_row(2, 1, user_id=2, rank=1, won=True)]
    ratings = recompute(rows)
    annie = ratings.standing("user:1")
    assert annie is not None and annie.name == "Annie" and annie.games == 2 and annie.wins == 1


def test_two_seats_of_one_ai_kind_count_once_and_share_one_rating() -> None:
    rows = [seat_row(1, 0, user_id=1, rank=1, won=True), seat_row(1, 1, ai="greedy", rank=2),
            seat_row(1, 2, ai="greedy", rank=3)]
    ai = recompute(rows).standing("ai:greedy")
    assert ai is not None and ai.games == 1 and ai.wins == 0 and len(ai.history) == 1
    assert ai.history[0].rank == 2, "its better seat's place"
    # A game only AIs played to the end is no one's game: it is not rated, nor counted.
    alone = recompute([seat_row(2, 0, ai="random", rank=1, won=True), seat_row(2, 1, ai="random", rank=2)])
    assert alone.standing("ai:random") is None and alone.games == 0


def test_ties_share_a_rank_and_a_resignation_counts_as_last_place() -> None:
    resigned = [seat_row(1, 0, user_id=1, rank=1, won=True), seat_row(1, 1, user_id=2, rank=2),
                seat_row(1, 2, user_id=3, rank=1, won=True)]
    ratings = recompute(resigned)
    ann, cy, bob = (ratings.standing(f"user:{u}") for u in (1, 3, 2))
    assert ann is not None and cy is not None and bob is not None
    assert ann.mu == cy.mu > bob.mu
    unranked = [replace(r, rank=None) for r in resigned]  # a winner is 1, the others 2
    assert recompute(unranked) == ratings


def test_cooperative_rows_are_not_rated_and_games_are_not_mixed() -> None:
    coop = [seat_row(1, 0, user_id=1, won=True, game="tranquility", cooperative=True)]
    assert recompute(coop).standings == ()
    with pytest.raises(ValueError, match="per game"):
        recompute([seat_row(1, 0, user_id=1, rank=1), seat_row(2, 0, user_id=1, rank=1, game="duel")])
    assert entrant_of(seat_row(1, 0, user_id=5)) == "user:5" and entrant_of(seat_row(1, 0, ai="search")) == "ai:search"


def crew(game_id: int, users: Sequence[int], *, won: bool, filled: int, turns: int,
         options: dict[str, object] | None = None) -> list[ResultRow]:
    sheet: dict[str, object] = {"won": won, "filled": filled, "turns": turns}
    return [seat_row(game_id, seat, user_id=user, won=won, game="tranquility", cooperative=True,
                     options=options or {"sea_monsters": 0, "jagged_rocks": "off", "removed_islands": 0},
                     sheet=sheet) for seat, user in enumerate(users)]


def test_team_records_count_wins_per_option_set_and_rank_the_best_results() -> None:
    monsters = {"sea_monsters": 3, "jagged_rocks": "off", "removed_islands": 0}
    rows = (crew(1, [1, 2], won=False, filled=20, turns=30) + crew(2, [1], won=True, filled=36, turns=44)
            + crew(3, [2, 3], won=False, filled=31, turns=40) + crew(4, [1, 3], won=True, filled=36, turns=38)
            + crew(5, [2], won=False, filled=31, turns=35, options=monsters))
    games = team_games(reversed(rows))
    server = team_records("tranquility", games)
    assert (server.games, server.wins) == (5, 2)
    assert [(r.options["sea_monsters"], r.games, r.wins) for r in server.by_options] == [(0, 4, 2), (3, 1, 0)]
    assert server.by_options[0].win_rate == 0.5
    # Wins first, then the most cells filled, then the fewest turns.
    assert [g.game_id for g in server.best] == [4, 2, 5, 3, 1]
    assert server.best[0].names == ("Ann", "Cy")
    bob = team_records("tranquility", games, user_id=2)
    assert (bob.games, bob.wins, [g.game_id for g in bob.best]) == (3, 0, [5, 3, 1])


def test_option_sets_are_described_by_what_differs_from_the_defaults() -> None:
    specs = registry.get("tranquility").options()
    assert describe_options(specs, {"sea_monsters": 0, "jagged_rocks": "off", "removed_islands": 0}) == \
        "standard rules"
    assert describe_options(specs, {"sea_monsters": 3, "jagged_rocks": "auto", "removed_islands": 0}) == \
        "Sea monsters: 3, Jagged rocks: automatic"
    assert describe_options(registry.get("nidavellir").options(), {"thingvellir": True, "idavoll": False}) == \
        "Thingvellir"


COLUMNS = ("game_id, seat, part, guild_id, game, user_id, ai, name, rank, score, won, cooperative, resigned, "
           "stood_in, finished, quit, stand_in, options, sheet, started_at, finished_at")


async def write_rows(target: Target, rows: Sequence[ResultRow]) -> None:
    """Result rows put straight into the table (as many finished games would have), with the
    games they reference."""
    await sql_rows(target, "INSERT INTO games (id, guild_id, channel_id, game, options, host_id, status, created_at, "
                           "updated_at) VALUES (?, ?, 1, ?, '{}', 1, 'finished', 0, 0) ON CONFLICT DO NOTHING",
                   sorted({(r.game_id, r.guild_id, r.game) for r in rows}))
    await sql_rows(target, f"INSERT INTO results ({COLUMNS}) VALUES ({', '.join('?' for _ in COLUMNS.split(','))})",
                   [(r.game_id, r.seat, r.part, r.guild_id, r.game, r.user_id, r.ai, r.name, r.rank, r.score, r.won,
                     r.cooperative, r.resigned, r.stood_in, r.finished, r.quit, r.stand_in, json.dumps(r.options),
                     None if r.sheet is None else json.dumps(r.sheet), r.started_at, r.finished_at) for r in rows])


async def results_db(target: Target, rows: Sequence[ResultRow]) -> Store:
    """A store holding the rows."""
    store = await open_store(target)
    await write_rows(target, rows)
    return store


@pytest.fixture
async def store(database: Target) -> AsyncIterator[Store]:
    opened = await results_db(database, league(60))
    yield opened
    await opened.close()


async def test_rows_inserted_in_another_order_give_identical_ratings(store: Store, another_database: Target) -> None:
    rows = league(60)
    random.Random(3).shuffle(rows)
    other = await results_db(another_database, rows)
    try:
        first = await Records(store, registry.get).ratings(GUILD, "nidavellir")
        second = await Records(other, registry.get).ratings(GUILD, "nidavellir")
        assert first == second and first.games == 60
    finally:
        await other.close()


async def test_ratings_are_recomputed_only_when_a_game_has_finished_since(store: Store, database: Target) -> None:
    records = Records(store, registry.get)
    first = await records.ratings(GUILD, "nidavellir")
    assert await records.ratings(GUILD, "nidavellir") is first and records.rated.computed == 1
    assert (await records.ratings(GUILD + 1, "nidavellir")).standings == ()  # another server: its own entry
    await write_rows(database, [seat_row(61, 0, user_id=1, rank=1, won=True, finished_at=99_999),
                                 seat_row(61, 1, user_id=2, rank=2, finished_at=99_999)])
    after = await records.ratings(GUILD, "nidavellir")
    assert after.games == 61 and after != first and records.rated.computed == 3


async def test_a_persons_stats_cover_every_game_they_finished_in_the_server(database: Target) -> None:
    rows = league(30) + crew(100, [1, 2], won=True, filled=36, turns=40) + crew(101, [2], won=False, filled=9, turns=20)
    store = await results_db(database, rows)
    try:
        records = Records(store, registry.get)
        ann = await records.stats(GUILD, 1)
        assert [(s.game, s.cooperative, s.wins) for s in ann][1] == ("tranquility", True, 1)
        nid = ann[0]
        ratings = await records.ratings(GUILD, "nidavellir")
        standing = ratings.standing("user:1")
        assert standing is not None and nid.rating == standing.rating and nid.place == ratings.place_of("user:1")
        assert nid.entrants == len(ratings.standings) and nid.games == standing.games
        assert await records.stats(GUILD, 77) == [] and await records.played(GUILD, 77) == []
        bob = (await records.teams(GUILD, "tranquility", 2))
        assert (bob.games, bob.wins, bob.win_rate) == (2, 1, 0.5)
    finally:
        await store.close()
