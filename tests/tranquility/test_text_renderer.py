"""The text renderer draws only what a view holds: the grid, counters, and the viewer's own hand."""

from __future__ import annotations

from engine.tranquility import GAME
from renderer.text import render_outcome, render_view
from tests.tranquility.position import position


def test_grid_prints_top_row_first_with_empty_cells_numbered_and_the_last_move_marked() -> None:
    state = position([[5, 20, 30, 40, 50], [1, 2]], grid={1: 3}, options={"jagged_rocks": "auto"}, rocks_row=5)
    state = GAME.apply(state, 0, "place 5 at 2 discard 40 50").state
    text = render_view(GAME.view(state, None), ["Ann", "Bo"])
    lines = text.splitlines()
    rows = [line for line in lines if line.startswith("row ")]
    assert rows[0].startswith("row 6 |") and rows[-1].startswith("row 1 |")
    assert rows[-1] == "row 1 |   3  * 5* ( 3) ( 4) ( 5) ( 6)"
    rocks = state.rocks_row
    assert rocks is not None
    assert "<< Jagged Rocks" in next(line for line in rows if line.startswith(f"row {rocks + 1} |"))
    assert "Last move: Ann: place 5 at 2, discarding 2 cards" in text
    assert "40" not in text.replace("( 4)", "")


def test_only_the_viewers_own_hand_is_printed() -> None:
    state = position([[5, 20, "finish"], [61, 62]])
    assert "Your hand" not in render_view(GAME.view(state, None), [])
    mine = render_view(GAME.view(state, 1), [])
    assert "Your hand: 61 62" in mine and "finish" not in mine


def test_outcome_text_says_the_team_won_or_lost() -> None:
    won = {"winners": [0, 1], "summary": "The grid is complete.", "cooperative": True}
    lost = {"winners": [], "summary": "Player 2 can't act.", "cooperative": True}
    assert render_outcome(won, ["Ann", "Bo"]) == "Everybody wins! The grid is complete."
    assert render_outcome(lost, ["Ann", "Bo"]) == "Everybody loses. Player 2 can't act."


def test_a_game_without_a_text_module_gets_a_plain_listing() -> None:
    text = render_view({"game": "hnefatafl", "viewer": None, "players": 2, "to_move": [1], "outcome": None}, ["A"])
    assert text.splitlines()[0] == "hnefatafl: to move Seat 2"


def test_the_start_discard_header_counts_towards_eight() -> None:
    state = position([["start", 1, 2, 3, 4], [11, 12, 13, 14, 15]])
    state = GAME.apply(state, 0, "start").state
    state = GAME.apply(state, 0, "discard 1 2 3").state
    head = render_view(GAME.view(state, None), ["Ann", "Bo"]).splitlines()[0]
    assert head == "Tranquility, turn 1: Start discard: 3 of 8 down, 5 to go; Bo declares"


def test_the_text_board_has_a_legend_for_empty_cells() -> None:
    """Issue 30: "( 8)" for an empty cell read like card 8; a key under the grid says what it is."""
    state = GAME.setup(2, {}, seed=1)
    text = render_view(GAME.view(state, 0), ["Ann", "Bo"])
    assert "Key: ( 8) an empty cell, by its number" in text
