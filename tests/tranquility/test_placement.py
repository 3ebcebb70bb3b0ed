"""Placing islands: ascending order, the cost in discards, and who chooses them."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.tranquility import GAME
from tests.tranquility.position import legal, position


def test_placing_5_next_to_3_costs_two_discards() -> None:
    state = position([[5, 20, 30, 40, 50]], grid={1: 3}, start_played_by=0)
    assert "place 5 at 2 discard 20 30" in legal(state)
    assert not any(t.split()[:4] == ["place", "5", "at", "2"] and len(t.split()) != 7 for t in legal(state))
    step = GAME.apply(state, 0, "place 5 at 2 discard 40 30")
    assert step.state.grid[:2] == [3, 5]
    assert sorted(step.state.discards[0]) == [30, 40]
    assert step.state.hands[0] == [20, 50]
    assert "Seat 1 places 5 in cell 2 and discards 2 cards face down." in [e.text for e in step.events]


def test_placing_without_neighbours_costs_nothing() -> None:
    state = position([[5, 20, 30, 40, 50]], grid={1: 3})
    assert "place 5 at 3" in legal(state)
    with pytest.raises(IllegalMove, match="costs 0 discards"):
        GAME.apply(state, 0, "place 5 at 3 discard 20")


def test_between_two_neighbours_the_smaller_difference_counts() -> None:
    state = position([[12, 20, 30, 40, 50]], grid={4: 10, 6: 15})
    assert "place 12 at 5 discard 20 30" in legal(state)  # 12-10 = 2 beats 15-12 = 3
    with pytest.raises(IllegalMove, match="costs 2 discards"):
        GAME.apply(state, 0, "place 12 at 5 discard 20 30 40")


def test_the_last_cell_of_a_row_neighbours_the_first_cell_of_the_row_above() -> None:
    state = position([[9, 20, 30, 40, 50]], grid={6: 8, 12: 70})
    # Cell 7 opens row 2 and follows cell 6 (end of row 1): 9 next to 8 costs one discard.
    assert "place 9 at 7 discard 20" in legal(state)
    assert "place 9 at 7" not in legal(state)
    # Cells above or below do not count: cell 1 sits under cell 7 but is no neighbour of cell 2.
    state = position([[9, 20, 30, 40, 50]], grid={7: 8})
    assert "place 9 at 2" not in legal(state)  # 9 can't go before 8
    assert "place 9 at 8 discard 20" in legal(state)


def test_islands_must_ascend_in_reading_order() -> None:
    state = position([[41, 25, 20, 60, 70]], grid={13: 38, 10: 30})
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, "place 41 at 12")
    assert err.value.reason == "You can't place 41 at cell 12: it must be below 38 (cell 13)."
    with pytest.raises(IllegalMove, match=r"must be above 30 \(cell 10\)"):
        GAME.apply(state, 0, "place 25 at 11")


def test_a_placement_whose_cost_exceeds_the_hand_is_refused_with_the_reason() -> None:
    state = position([[30, 20, 40, 50, 60]], grid={1: 25})
    with pytest.raises(IllegalMove) as err:
        GAME.apply(state, 0, "place 30 at 2 discard 20 40 50 60")
    assert "costs 5 discards" in err.value.reason
    assert "only 4 cards would be left" in err.value.reason
    assert not any(t.split()[:4] == ["place", "30", "at", "2"] for t in legal(state))


def test_cost_cards_come_from_the_hand_not_the_draw_pile() -> None:
    state = position([[27, 20]], grid={1: 25}, piles=[[1, 2, 3, 4]])
    with pytest.raises(IllegalMove, match="only 1 card would be left in your hand"):
        GAME.apply(state, 0, "place 27 at 2 discard 20 1")


def test_the_player_chooses_which_cards_pay_the_cost() -> None:
    state = position([[5, 20, 30, 40, "finish"]], grid={1: 4})
    texts = legal(state)
    assert {"place 5 at 2 discard 20", "place 5 at 2 discard 30", "place 5 at 2 discard finish"} <= set(texts)
    with pytest.raises(IllegalMove, match="You don't hold 77"):
        GAME.apply(state, 0, "place 5 at 2 discard 77")


def test_a_filled_cell_takes_no_second_island() -> None:
    state = position([[5, 20, 30, 40, 50]], grid={3: 4})
    with pytest.raises(IllegalMove, match="Cell 3 already holds 4"):
        GAME.apply(state, 0, "place 5 at 3")


def test_discard_action_is_exactly_two_cards() -> None:
    state = position([[5, 20, 30, 40, 50]])
    with pytest.raises(IllegalMove, match="exactly two cards"):
        GAME.apply(state, 0, "discard 5")
    step = GAME.apply(state, 0, "discard 50 5")
    assert step.state.hands[0] == [20, 30, 40]
    assert [e.text for e in step.events] == ["Seat 1 discards 2 cards face down."]
