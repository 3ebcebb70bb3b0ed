"""The pairing rules of docs/tournaments.md: table sizes, Swiss rounds against a brute-force minimum
of repeated pairs, byes, round-robin coverage and elimination seeding."""

from __future__ import annotations

import ast
import random
from collections.abc import Iterator, Sequence
from itertools import combinations
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments import pairing
from bot.tournaments.pairing import (
    Round,
    next_elimination_round,
    plan_tables,
    repeats,
    round_robin,
    seeded_bracket,
    swiss_round,
)

FEW = settings(max_examples=150, deadline=None)


def assert_seats_everyone_once(played: Round, entrants: Sequence[int], seats: int, smallest: int) -> None:
    everyone = list(played.seated) + list(played.byes)
    assert sorted(everyone) == sorted(entrants)
    assert all(smallest <= len(table) <= seats for table in played.tables)


def seatings(players: list[int], sizes: list[int]) -> Iterator[list[tuple[int, ...]]]:
    """Every way to seat `players` at tables of the sizes in `sizes` (a multiset)."""
    if not players:
        yield []
        return
    head, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for others in combinations(rest, size - 1):
            remaining = [p for p in rest if p not in others]
            for tail in seatings(remaining, left):
                yield [(head, *others), *tail]


@st.composite
def swiss_inputs(draw: st.DrawFn) -> tuple[list[int], set[frozenset[int]], set[int], int, int]:
    n = draw(st.integers(1, 8))
    seats = draw(st.integers(2, 4))
    smallest = draw(st.integers(1, seats))
    standing = draw(st.permutations(list(range(100, 100 + n))))
    pairs = [frozenset(p) for p in combinations(standing, 2)]
    met = set(draw(st.lists(st.sampled_from(pairs), max_size=len(pairs)))) if pairs else set()
    byes_had = set(draw(st.lists(st.sampled_from(standing), max_size=n)))
    return list(standing), met, byes_had, seats, smallest


# Table sizes

def test_ten_entrants_at_tables_of_four_sit_four_three_three() -> None:
    assert plan_tables(10, 4, 2) == ([4, 3, 3], 0)


def test_an_odd_field_of_duels_has_one_bye() -> None:
    assert plan_tables(5, 2, 2) == ([2, 2], 1)


def test_byes_only_when_no_split_fits_the_minimum() -> None:
    assert plan_tables(5, 4, 3) == ([4], 1)  # 5 can't be split into tables of 3 or 4
    assert plan_tables(7, 4, 3) == ([4, 3], 0)
    assert plan_tables(1, 2, 2) == ([], 1)


@given(st.integers(0, 200), st.integers(2, 6), st.data())
@FEW
def test_table_sizes_are_even_within_range_with_the_fewest_byes(n: int, seats: int, data: st.DataObject) -> None:
    smallest = data.draw(st.integers(1, seats))
    sizes, byes = plan_tables(n, seats, smallest)
    assert sum(sizes) + byes == n
    assert all(smallest <= s <= seats for s in sizes)
    assert sizes == sorted(sizes, reverse=True) and (not sizes or sizes[0] - sizes[-1] <= 1)
    assert len(sizes) == -(-(n - byes) // seats)  # as few tables (as many full ones) as can be
    for fewer in range(byes):  # no smaller number of byes has a split
        playing = n - fewer
        assert not any(t * smallest <= playing <= t * seats for t in range(1, playing + 1))


# Swiss rounds

def test_a_first_round_seats_the_best_with_the_best() -> None:
    played = swiss_round(list(range(10)), set(), set(), 4, 2)
    assert played == Round(tables=((0, 1, 2, 3), (4, 5, 6), (7, 8, 9)), byes=())


def test_a_repeat_is_avoided_by_the_nearest_entrant_who_is_new() -> None:
    met = {frozenset((0, 1)), frozenset((2, 3))}
    played = swiss_round([0, 1, 2, 3, 4, 5], met, set(), 2, 2)
    assert played.tables == ((0, 2), (1, 3), (4, 5))


def test_worked_example_ten_at_tables_of_four_take_the_one_unavoidable_repeat_at_the_top() -> None:
    first = swiss_round(list(range(1, 11)), set(), set(), 4, 2)
    met = {frozenset(p) for t in first.tables for p in combinations(t, 2)}
    second = swiss_round([1, 5, 8, 2, 6, 9, 3, 7, 10, 4], met, set(), 4, 2)
    assert second.tables == ((1, 5, 8, 2), (6, 9, 3), (7, 10, 4))
    assert repeats(second.tables, met) == 1


def test_worked_example_nine_duellists_the_bye_skips_who_had_one() -> None:
    played = swiss_round([1, 2, 3, 4, 5, 6, 7, 8, 9], {frozenset((1, 2))}, {9}, 2, 2)
    assert played == Round(tables=((1, 3), (2, 4), (5, 6), (7, 9)), byes=(8,))


def test_the_bye_goes_to_the_lowest_standing_entrant_without_one() -> None:
    played = swiss_round([5, 4, 3, 2, 1], set(), {1}, 2, 2)
    assert played.byes == (2,)
    assert played.tables == ((5, 4), (3, 1))


@given(swiss_inputs())
@FEW
def test_swiss_seats_everyone_once_and_repeats_no_more_than_the_brute_force_minimum(
        case: tuple[list[int], set[frozenset[int]], set[int], int, int]) -> None:
    standing, met, byes_had, seats, smallest = case
    played = swiss_round(standing, met, byes_had, seats, smallest)
    assert_seats_everyone_once(played, standing, seats, smallest)
    sizes, bye_count = plan_tables(len(standing), seats, smallest)
    assert sorted(map(len, played.tables), reverse=True) == sizes and len(played.byes) == bye_count
    playing = [e for e in standing if e not in played.byes]
    fewest = min(repeats(s, met) for s in seatings(playing, sizes))
    assert repeats(played.tables, met) == fewest


@given(swiss_inputs())
@FEW
def test_byes_go_to_the_lowest_standing_without_one(
        case: tuple[list[int], set[frozenset[int]], set[int], int, int]) -> None:
    standing, met, byes_had, seats, smallest = case
    played = swiss_round(standing, met, byes_had, seats, smallest)
    fresh = [e for e in standing if e not in byes_had]
    if len(fresh) >= len(played.byes):
        assert set(played.byes) == set(fresh[len(fresh) - len(played.byes):])
    else:
        assert set(fresh) <= set(played.byes)


@given(st.integers(1, 6).map(lambda k: 2 * k + 1), st.integers(0, 10**6))
@settings(max_examples=30, deadline=None)
def test_everyone_gets_a_bye_before_anyone_gets_a_second(n: int, seed: int) -> None:
    rng = random.Random(seed)
    entrants = list(range(n))
    met: set[frozenset[int]] = set()
    byes_had: set[int] = set()
    for _ in range(n):
        rng.shuffle(entrants)
        played = swiss_round(entrants, met, byes_had, 2, 2)
        assert len(played.byes) == 1 and played.byes[0] not in byes_had
        byes_had.update(played.byes)
        met.update(frozenset(t) for t in played.tables)
    assert byes_had == set(entrants)


@given(swiss_inputs())
@settings(max_examples=40, deadline=None)
def test_swiss_is_deterministic_whatever_order_the_history_comes_in(
        case: tuple[list[int], set[frozenset[int]], set[int], int, int]) -> None:
    standing, met, byes_had, seats, smallest = case
    forwards = swiss_round(standing, sorted(met, key=sorted), byes_had, seats, smallest)
    backwards = swiss_round(standing, sorted(met, key=sorted, reverse=True), byes_had, seats, smallest)
    assert forwards == backwards


def test_a_large_field_over_several_rounds_stays_valid_and_avoids_repeats() -> None:
    rng = random.Random(7)
    entrants = list(range(300))
    met: set[frozenset[int]] = set()
    for _ in range(4):
        rng.shuffle(entrants)
        played = swiss_round(entrants, met, set(), 4, 2)
        assert_seats_everyone_once(played, entrants, 4, 2)
        assert repeats(played.tables, met) == 0
        met.update(frozenset(p) for t in played.tables for p in combinations(t, 2))


# Round-robin

@given(st.integers(0, 16), st.integers(2, 5), st.data())
@settings(max_examples=60, deadline=None)
def test_round_robin_covers_every_pair_and_seats_everyone_once_a_round(
        n: int, seats: int, data: st.DataObject) -> None:
    smallest = data.draw(st.integers(1 if seats > 2 else 2, max(2, min(seats, n))))
    entrants = list(range(50, 50 + n))
    rounds = round_robin(entrants, seats, smallest)
    covered: set[frozenset[int]] = set()
    for played in rounds:
        assert_seats_everyone_once(played, entrants, seats, smallest)
        covered.update(frozenset(p) for t in played.tables for p in combinations(t, 2))
    assert covered == {frozenset(p) for p in combinations(entrants, 2)}
    if seats == 2 and n >= 2:
        assert len(rounds) == (n - 1 if n % 2 == 0 else n)
        assert all(len(r.byes) == n % 2 for r in rounds)


def test_the_greedy_covering_stays_within_its_documented_bound() -> None:
    for seats in (3, 4, 5):
        for smallest in range(2, seats + 1):
            for n in range(smallest, 25):
                sizes, _ = plan_tables(n, seats, smallest)
                per_round = sum(s * (s - 1) // 2 for s in sizes)
                least = max(-(-(n - 1) // (max(sizes) - 1)), -(-n * (n - 1) // 2 // per_round))
                assert len(round_robin(list(range(n)), seats, smallest)) <= 2 * least, (n, seats, smallest)


# Elimination

def play_out(field: int, seats: int, rng: random.Random, favourites_win: bool) -> list[Round]:
    """An elimination event: one winner per table (the best seed when `favourites_win`), the
    winners listed by the best place their table held, as next_elimination_round asks."""
    order = list(range(1, field + 1))
    played = [seeded_bracket(order, seats)]
    while played[-1].tables:
        place = {e: k for k, e in enumerate(order)}
        slots = [(place[b], b) for b in played[-1].byes]
        for table in played[-1].tables:
            winner = min(table) if favourites_win else rng.choice(table)
            slots.append((min(place[e] for e in table), winner))
        order = [winner for _, winner in sorted(slots)]
        if len(order) == 1:
            break
        played.append(next_elimination_round(order, seats, 2))
    return played


@given(st.integers(1, 6), st.integers(0, 10**6))
@settings(max_examples=40, deadline=None)
def test_seeds_one_and_two_can_only_meet_in_the_final(power: int, seed: int) -> None:
    rounds = play_out(2**power, 2, random.Random(seed), favourites_win=False)
    assert len(rounds) == power
    for played in rounds[:-1]:
        assert not any({1, 2} <= set(t) for t in played.tables)
    assert len(rounds[-1].tables) == 1


def test_the_top_two_seeds_winning_every_game_meet_in_the_final() -> None:
    rounds = play_out(16, 2, random.Random(0), favourites_win=True)
    assert rounds[0].tables == ((1, 16), (8, 9), (4, 13), (5, 12), (2, 15), (7, 10), (3, 14), (6, 11))
    assert rounds[-1].tables == ((1, 2),)


@given(st.integers(2, 40))
@settings(max_examples=40, deadline=None)
def test_bracket_byes_go_to_the_top_seeds(field: int) -> None:
    entrants = list(range(1, field + 1))
    played = seeded_bracket(entrants, 2)
    size = 1 << (field - 1).bit_length()
    assert played.byes == tuple(entrants[: size - field])
    assert_seats_everyone_once(played, entrants, 2, 2)


def test_snake_seeding_spreads_the_top_seeds_over_the_tables() -> None:
    played = seeded_bracket(list(range(1, 11)), 4)
    assert played.tables == ((1, 6, 7, 10), (2, 5, 8), (3, 4, 9))


@given(st.integers(2, 60), st.integers(3, 5))
@settings(max_examples=40, deadline=None)
def test_snake_seeding_puts_one_top_seed_at_each_table(field: int, seats: int) -> None:
    entrants = list(range(1, field + 1))
    played = seeded_bracket(entrants, seats)
    assert_seats_everyone_once(played, entrants, seats, 2)
    heads = sorted(t[0] for t in played.tables)
    assert heads == entrants[len(played.byes): len(played.byes) + len(played.tables)]


# Layering

def test_pairing_imports_only_the_standard_library() -> None:
    tree = ast.parse(Path(pairing.__file__).read_text(encoding="utf-8"))
    modules = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    modules |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert modules <= {"__future__", "collections.abc", "dataclasses", "itertools"}
