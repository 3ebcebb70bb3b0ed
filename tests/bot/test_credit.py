"""Who is credited with a finished game's result (bot/credit.py; docs/records.md, "Whose result it
is"), from the seats' holders (bot/holders.py): the worked example of docs/records.md, and
reliability."""

from __future__ import annotations

from bot.credit import below, drafts, reliability
from bot.holders import Holding, SeatHistory

ANN, BOB, CAROL, DAVE = 1, 2, 3, 4


def example() -> SeatHistory:
    """Nidavellir: Ann; Bob, who timed out; Carol, who left and whose seat went to Dave; a greedy AI."""
    return SeatHistory([
        Holding(0, 0, "Ann", "start", user_id=ANN),
        Holding(1, 0, "Bob", "start", user_id=BOB), Holding(1, 40, "AI for Bob", "timeout", ai="search", for_user=BOB),
        Holding(2, 0, "Carol", "start", user_id=CAROL),
        Holding(2, 55, "AI for Carol", "left", ai="search", for_user=CAROL),
        Holding(2, 57, "Dave", "seat", user_id=DAVE),
        Holding(3, 0, "greedy AI", "start", ai="greedy"),
    ])


def test_the_worked_example_of_the_records_doc() -> None:
    outcome = {"winners": [1], "scores": [150, 180, 140, 120], "ranks": [2, 1, 3, 4], "cooperative": False}
    rows = drafts(outcome, 4, example(), None)
    assert [(r.seat, r.part, r.name, r.rank, r.score, r.won, r.finished, r.quit, r.stand_in) for r in rows] == [
        (0, 0, "Ann", 2, 150, False, True, None, False),
        (1, 0, "AI for Bob", 1, 180, True, True, None, True),
        (1, 1, "Bob", 5, None, False, False, "timeout", False),
        (2, 0, "Dave", 3, 140, False, True, None, False),
        (2, 1, "Carol", 5, None, False, False, "left", False),
        (3, 0, "greedy AI", 4, 120, False, True, None, False)]


def test_names_are_the_holders_when_a_change_was_made() -> None:
    history = example()
    current = ["Ann", "Bob", "Dave", "greedy AI"]
    assert history.names_at(0, current) == ["Ann", "Bob", "Carol", "greedy AI"]
    assert history.names_at(40, current)[1] == "Bob", "the change that hands the seat on: who held it then"
    assert history.names_at(41, current)[1] == "AI for Bob"
    assert history.names_at(56, current)[2] == "AI for Carol" and history.names_at(58, current)[2] == "Dave"
    assert SeatHistory().names_at(9, current) == current, "a lobby has no history: the seats as they are"


def test_reliability_counts_each_ended_game_once_and_a_newcomer_passes_any_minimum() -> None:
    games = [("finished", example()), ("abandoned", example()),
             ("finished", SeatHistory([Holding(0, 0, "Carol", "start", user_id=CAROL)]))]
    assert reliability(games, ANN).describe() == "100% — 1 played to the end, 0 left, 0 timed out"
    assert (reliability(games, BOB).timed_out, reliability(games, BOB).percent) == (2, 0)
    carol = reliability(games, CAROL)
    assert (carol.finished, carol.left, carol.percent) == (0, 2, 0), "her game alone waited on nobody: not counted"
    assert below(50, carol) and not below(0, carol) and not below(100, reliability([], CAROL))


def test_games_no_other_person_held_a_seat_of_count_for_nothing_either_way() -> None:
    """Issue 42: someone who walked out on people could resign four games against an AI in a second
    and reach 80%. Reliability counts what other people waited on."""
    walked_out = SeatHistory([Holding(0, 0, "Ann", "start", user_id=ANN),
                              Holding(1, 0, "Bob", "start", user_id=BOB),
                              Holding(1, 3, "AI for Bob", "left", ai="mcts", for_user=BOB)])
    against_ai = SeatHistory([Holding(0, 0, "Bob", "start", user_id=BOB), Holding(1, 0, "mcts AI", "start", ai="mcts")])
    washed = [("finished", walked_out), *[("finished", against_ai)] * 4]
    assert reliability(washed, BOB).describe() == "0% — 0 played to the end, 1 left, 0 timed out"
    left_alone = SeatHistory([Holding(0, 0, "Bob", "start", user_id=BOB),
                              Holding(0, 2, "AI for Bob", "left", ai="mcts", for_user=BOB),
                              Holding(1, 0, "mcts AI", "start", ai="mcts")])
    assert reliability([("finished", left_alone)], BOB).games == 0, "nor does leaving one lower it"
    later = SeatHistory([Holding(0, 0, "Bob", "start", user_id=BOB), Holding(1, 0, "mcts AI", "start", ai="mcts"),
                         Holding(1, 5, "Dave", "seat", user_id=DAVE)])
    assert reliability([("finished", later)], BOB).finished == 1, "a person who came later waited on him too"
