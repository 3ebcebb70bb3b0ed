"""Scoring rules (docs/tournaments.md, "Scoring" and "Policies"), each test named after its rule;
the worked examples are docs/tournaments.md's own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from hypothesis import given
from hypothesis import strategies as st

from bot.tournaments import formats, pairing, scoring
from bot.tournaments.formats import Event, Paired
from bot.tournaments.scoring import LAST, Decided, Line

ANN, BOB, CY, DEE, EVE = range(5)


def ranked(form: str, entrants: Sequence[int], tables: Sequence[Decided], byes: Mapping[int, Sequence[int]] = {},
           out: Sequence[int] = (), ratings: Mapping[int, float] = {}, seats: int = 2) -> list[Line]:
    """The standings a format gives these decided tables (and byes, by round)."""
    numbers = sorted({t.round for t in tables} | set(byes))
    rounds = tuple(Paired(n, tuple(t.entrants for t in tables if t.round == n), tuple(byes.get(n, ())))
                   for n in numbers)
    event = Event(tuple(entrants), dict(ratings), frozenset(out), rounds, tuple(tables), seats, 2)
    return formats.get(form).standings(event)


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


def test_a_player_absent_for_the_whole_game_ranks_last_whatever_the_ai_scored_under_every_policy() -> None:
    # The AI that played every move of seat 0 won: its no-show never collects that win.
    for policy in scoring.LATENESS:
        assert scoring.table_places([1, 2, 3], stood_in={0}, absent={0}, lateness=policy) == [3, 1, 2]
    # A stand-in for someone who did move keeps its place under "counts", goes last under "last".
    assert scoring.table_places([1, 2, 3], stood_in={0}, absent=set(), lateness=scoring.COUNTS) == [1, 2, 3]
    assert scoring.table_places([1, 2, 3], stood_in={0}, absent=set(), lateness=LAST) == [3, 1, 2]
    # Two no-shows share nothing but the bottom: they keep the AIs' order among themselves.
    assert scoring.table_places([2, 1, 3, 4], stood_in={0, 1}, absent={0, 1}, lateness=scoring.COUNTS) == [4, 3, 1, 2]


def test_an_unfinished_table_at_the_deadline_is_drawn_with_stand_in_seats_below() -> None:
    assert scoring.deadline_places(3, set(), LAST) == [1, 1, 1]
    assert scoring.deadline_places(3, {1}, LAST) == [1, 3, 1]
    assert scoring.deadline_places(3, {1}, scoring.COUNTS) == [1, 1, 1]
    assert scoring.deadline_places(3, {1}, scoring.COUNTS, absent={1}) == [1, 3, 1]


def test_the_docs_worked_example_five_entrants_two_swiss_rounds() -> None:
    round_1 = pairing.swiss_round([ANN, BOB, CY, DEE, EVE], set(), set(), 2, 2)
    assert round_1 == pairing.Round(((ANN, BOB), (CY, DEE)), (EVE,))
    played = [Decided(1, (ANN, BOB), (1, 2), (180, 120)),
              Decided(1, (CY, DEE), tuple(scoring.with_lateness((2, 1), {0}, LAST)), (90, 150))]
    after = ranked("swiss", range(5), played, {1: [EVE]})
    # Ann and Dee are equal on every tie-break (each beat a 0-point entrant); Eve's bye is no win.
    assert [(line.place, line.entrant, line.points, line.value("buchholz"), line.value("wins")) for line in after] \
        == [(1, ANN, 1, 0, 1), (1, DEE, 1, 0, 1), (3, EVE, 1, 0, 0), (4, BOB, 0, 1, 0), (4, CY, 0, 1, 0)]
    standing = [line.entrant for line in after if line.entrant != BOB]  # Bob drops out
    round_2 = pairing.swiss_round(standing, {frozenset((ANN, BOB)), frozenset((CY, DEE))}, {EVE}, 2, 2)
    assert round_2 == pairing.Round(((ANN, DEE), (EVE, CY)), ())
    played += [Decided(2, (ANN, DEE), (1, 2), (200, 170)), Decided(2, (EVE, CY), (1, 1), (160, 160))]
    final = ranked("swiss", range(5), played, {1: [EVE]}, out=[BOB])
    assert [(line.place, line.entrant, line.points, line.value("buchholz_cut1"), line.value("buchholz"))
            for line in final] == [(1, ANN, 2, 1, 1), (2, EVE, 1.5, 0.5, 0.5), (3, DEE, 1, 2, 2.5),
                                   (4, CY, 0.5, 1.5, 2.5), (5, BOB, 0, 0, 2)]
    assert final[-1].out


def test_the_docs_tie_break_example_six_entrants_three_swiss_rounds() -> None:
    fay = 5
    tables = [Decided(1, (ANN, BOB), (1, 2), (50, 30)), Decided(1, (CY, DEE), (1, 2), (60, 20)),
              Decided(1, (EVE, fay), (1, 2), (40, 35)),
              Decided(2, (ANN, CY), (2, 1), (30, 45)), Decided(2, (EVE, BOB), (1, 2), None),  # adjudicated
              Decided(2, (DEE, fay), (1, 2), (25, 10)),
              Decided(3, (CY, EVE), (1, 2), (55, 50)), Decided(3, (ANN, DEE), (1, 2), (35, 30)),
              Decided(3, (BOB, fay), (1, 2), (20, 15))]
    lines = ranked("swiss", range(6), tables)
    shown = [(line.place, line.entrant, line.points, line.value("buchholz_cut1"), line.value("buchholz"),
              line.value("sonneborn_berger"), line.value("wins")) for line in lines]
    assert shown == [(1, CY, 3, 4, 5, 5, 3),
                     (2, ANN, 2, 4, 5, 2, 2),  # equal to Eve on cut-1; her Buchholz is higher
                     (3, EVE, 2, 4, 4, 1, 2),  # her adjudicated win counts as any win: no score is read
                     (4, DEE, 1, 5, 5, 0, 1),  # Dee's weakest round (Fay, 0) is the one cut
                     (5, BOB, 1, 4, 4, 0, 1),
                     (6, fay, 0, 3, 4, 0, 0)]


def test_entrants_equal_on_every_tie_break_share_a_place() -> None:
    tables = [Decided(1, (ANN, BOB), (1, 1), None), Decided(1, (CY, DEE), (1, 1), None)]
    lines = ranked("swiss", [ANN, BOB, CY, DEE], tables)
    assert [line.place for line in lines] == [1, 1, 1, 1]
    rated = ranked("swiss", [ANN, BOB, CY, DEE], tables, ratings={CY: 5.0})
    assert rated[0].entrant == CY and [line.place for line in rated] == [1, 2, 2, 2]


def test_entrants_who_are_out_stand_below_those_still_in_whatever_their_points() -> None:
    tables = [Decided(1, (ANN, BOB), (1, 2), None), Decided(1, (CY, DEE), (1, 2), None)]
    lines = ranked("swiss", [ANN, BOB, CY, DEE], tables, out=[ANN])
    assert [line.entrant for line in lines] == [CY, BOB, DEE, ANN]
    assert lines[-1].out and lines[-1].place == 4


def test_elimination_ranks_by_rounds_survived_and_a_tie_for_first_goes_to_the_higher_score() -> None:
    semi = [Decided(1, (ANN, BOB), (1, 2), (10, 5)), Decided(1, (CY, DEE), (1, 1), (7, 9))]
    assert scoring.winner(semi[1], {}) == DEE  # tied first: the higher game score goes through
    final = [*semi, Decided(2, (ANN, DEE), (2, 1), (3, 4))]
    lines = ranked("elimination", [ANN, BOB, CY, DEE], final)
    assert [line.entrant for line in lines][:2] == [DEE, ANN]
    assert lines[0].survived == 2 and lines[1].survived == 1


def test_round_robin_breaks_ties_by_sonneborn_berger() -> None:
    # Ann beat Bob, Bob beat Cy, Cy beat Ann; Dee lost to Bob and Cy and drew with Ann.
    tables = [Decided(1, (ANN, BOB), (1, 2), None), Decided(2, (BOB, CY), (1, 2), None),
              Decided(3, (CY, ANN), (1, 2), None), Decided(1, (CY, DEE), (1, 2), None),
              Decided(2, (ANN, DEE), (1, 1), None), Decided(3, (BOB, DEE), (1, 2), None)]
    lines = ranked("round_robin", [ANN, BOB, CY, DEE], tables)
    # Bob and Cy have 2: Bob beat Cy (2) and Dee (½) -> S-B 2½; Cy beat Ann (1½) and Dee -> 2.
    assert [(line.entrant, line.points, line.value("sonneborn_berger")) for line in lines] == [
        (BOB, 2, 2.5), (CY, 2, 2), (ANN, 1.5, 2.25), (DEE, 0.5, 0.75)]


def test_points_are_shown_with_halves() -> None:
    assert [scoring.points_text(p) for p in (4.5, 3.0, 0.5, 0.0)] == ["4½", "3", "½", "0"]
