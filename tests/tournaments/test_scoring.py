"""Scoring rules (docs/tournaments.md, "Scoring" and "Policies"), each test named after its rule;
the worked example is docs/tournaments.md's own."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.tournaments import pairing, scoring
from bot.tournaments.scoring import ELIMINATION, LAST, SWISS, Decided

ANN, BOB, CY, DEE, EVE = range(5)


def test_a_table_gives_a_point_per_table_mate_beaten_and_half_per_tie() -> None:
    assert scoring.table_points([1, 2]) == [1.0, 0.0]
    assert scoring.table_points([1, 1]) == [0.5, 0.5]
    assert scoring.table_points([1, 2, 3, 4]) == [3.0, 2.0, 1.0, 0.0]
    assert scoring.table_points([1, 1, 3, 4]) == [2.5, 2.5, 1.0, 0.0]


@given(st.lists(st.integers(1, 5), min_size=2, max_size=5))
def test_a_tables_points_always_add_up_to_one_per_pair(places: list[int]) -> None:
    n = len(places)
    assert sum(scoring.table_points(places)) == n * (n - 1) / 2


def test_a_bye_is_worth_a_win_at_a_full_table() -> None:
    assert scoring.bye_points(2) == 1.0 and scoring.bye_points(4) == 3.0


def test_under_last_a_seat_a_stand_in_finished_ranks_below_every_seat_played_to_the_end() -> None:
    assert scoring.with_lateness([1, 2, 3, 4], {0}, LAST) == [4, 1, 2, 3]
    assert scoring.with_lateness([2, 1], {0, 1}, LAST) == [2, 1]  # among themselves, their order
    assert scoring.with_lateness([1, 2, 3], {0}, scoring.COUNTS) == [1, 2, 3]


def test_an_unfinished_table_at_the_deadline_is_drawn_with_stand_in_seats_below() -> None:
    assert scoring.deadline_places(3, set(), LAST) == [1, 1, 1]
    assert scoring.deadline_places(3, {1}, LAST) == [1, 3, 1]
    assert scoring.deadline_places(3, {1}, scoring.COUNTS) == [1, 1, 1]


def test_the_docs_worked_example_five_entrants_two_swiss_rounds() -> None:
    round_1 = pairing.swiss_round([ANN, BOB, CY, DEE, EVE], set(), set(), 2, 2)
    assert round_1 == pairing.Round(((ANN, BOB), (CY, DEE)), (EVE,))
    played = [Decided(1, (ANN, BOB), (1, 2), (180, 120)),
              Decided(1, (CY, DEE), tuple(scoring.with_lateness((2, 1), {0}, LAST)), (90, 150))]
    after = scoring.standings(range(5), ratings={}, dropped=set(), tables=played, byes=[EVE], seats=2, form=SWISS)
    assert [(line.entrant, line.points, line.buchholz) for line in after] == [
        (ANN, 1, 0), (DEE, 1, 0), (EVE, 1, 0), (BOB, 0, 1), (CY, 0, 1)]
    standing = [line.entrant for line in after if line.entrant != BOB]  # Bob drops out
    round_2 = pairing.swiss_round(standing, {frozenset((ANN, BOB)), frozenset((CY, DEE))}, {EVE}, 2, 2)
    assert round_2 == pairing.Round(((ANN, DEE), (EVE, CY)), ())
    played += [Decided(2, (ANN, DEE), (1, 2), (200, 170)), Decided(2, (EVE, CY), (1, 1), (160, 160))]
    final = scoring.standings(range(5), ratings={}, dropped={BOB}, tables=played, byes=[EVE], seats=2, form=SWISS)
    assert [(line.place, line.entrant, line.points, line.buchholz, line.score) for line in final] == [
        (1, ANN, 2, 1, 380), (2, EVE, 1.5, 0.5, 160), (3, DEE, 1, 2.5, 320), (4, CY, 0.5, 2.5, 250),
        (5, BOB, 0, 2, 120)]
    assert final[-1].dropped


def test_entrants_equal_on_every_tie_break_share_a_place() -> None:
    tables = [Decided(1, (ANN, BOB), (1, 1), None), Decided(1, (CY, DEE), (1, 1), None)]
    lines = scoring.standings([ANN, BOB, CY, DEE], ratings={}, dropped=set(), tables=tables, byes=[], seats=2,
                              form=SWISS)
    assert [line.place for line in lines] == [1, 1, 1, 1]
    rated = scoring.standings([ANN, BOB, CY, DEE], ratings={CY: 5.0}, dropped=set(), tables=tables, byes=[], seats=2,
                              form=SWISS)
    assert rated[0].entrant == CY and [line.place for line in rated] == [1, 2, 2, 2]


def test_elimination_ranks_by_rounds_survived_and_a_tie_for_first_goes_to_the_higher_score() -> None:
    semi = [Decided(1, (ANN, BOB), (1, 2), (10, 5)), Decided(1, (CY, DEE), (1, 1), (7, 9))]
    assert scoring.winner(semi[1], {}) == DEE  # tied first: the higher game score goes through
    final = [*semi, Decided(2, (ANN, DEE), (2, 1), (3, 4))]
    lines = scoring.standings([ANN, BOB, CY, DEE], ratings={}, dropped=set(), tables=final, byes=[], seats=2,
                              form=ELIMINATION)
    assert [line.entrant for line in lines][:2] == [DEE, ANN]
    assert lines[0].survived == 2 and lines[1].survived == 1


def test_points_are_shown_with_halves() -> None:
    assert [scoring.points_text(p) for p in (4.5, 3.0, 0.5, 0.0)] == ["4½", "3", "½", "0"]
