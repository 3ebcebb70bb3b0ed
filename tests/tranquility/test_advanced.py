"""The advanced rules: Jagged Rocks, Sea Monsters and removed islands."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.tranquility import GAME
from engine.tranquility.cards import ISLAND_MAX, is_island
from tests.tranquility.position import legal, position

AUTO = {"jagged_rocks": "auto"}
MANUAL = {"jagged_rocks": "manual"}


def test_jagged_rocks_close_a_row() -> None:
    state = position([[10, 20, 30, 40, 50], [1, 2]], options=AUTO, rocks_row=1)
    assert not any(t.split()[:2] == ["place", "10"] and 7 <= int(t.split()[3]) <= 12 for t in legal(state))
    with pytest.raises(IllegalMove, match="Row 2 is closed by the Jagged Rocks"):
        GAME.apply(state, 0, "place 10 at 8")


def test_jagged_rocks_move_only_to_rows_with_space() -> None:
    # Rows 1, 2, 4 and 5 are full; the rocks sit in row 3, so row 6 is the only place they can go.
    grid = {cell: cell + 1 for cell in range(1, 37) if not 13 <= cell <= 18 and cell < 31}
    for seed in range(5):
        state = position([[40, 50, 60], [70, 71]], grid=grid, options=AUTO, rocks_row=2, rng=seed)
        step = GAME.apply(state, 0, "discard 40 50")
        assert step.state.rocks_row == 5
        assert "The Jagged Rocks move to row 6." in [e.text for e in step.events]


def test_jagged_rocks_manual_mode_offers_open_rows_or_keep_it_and_discard_two() -> None:
    grid = {cell: cell + 1 for cell in range(1, 13)}  # rows 1 and 2 full
    state = position([[14, 15, 50, 60, 70], [71, 72]], grid=grid, options=MANUAL, rocks_row=3, piles=[[1], []])
    state = GAME.apply(state, 0, "place 14 at 13 discard 15").state
    assert state.phase == "rocks" and GAME.to_move(state) == frozenset({0})
    texts = legal(state)
    assert [t for t in texts if t.startswith("rocks to")] == ["rocks to 3", "rocks to 5", "rocks to 6"]
    assert "rocks keep discard 50 60" in texts
    with pytest.raises(IllegalMove, match="can't move to row 1"):
        GAME.apply(state, 0, "rocks to 1")
    with pytest.raises(IllegalMove, match="First choose where the Jagged Rocks go"):
        GAME.apply(state, 0, "discard 50 60")
    kept = GAME.apply(state, 0, "rocks keep discard 50 60").state
    assert kept.rocks_row == 3 and kept.discards[0] == [15, 50, 60]
    assert kept.hands[0] == [1, 70] and GAME.to_move(kept) == frozenset({1})
    moved = GAME.apply(state, 0, "rocks to 5").state
    assert moved.rocks_row == 4 and moved.hands[0] == [1, 50, 60, 70]


@pytest.mark.parametrize("options", [AUTO, MANUAL])
def test_jagged_rocks_leave_the_game_once_four_rows_are_complete(options: dict[str, str]) -> None:
    grid = {cell: cell + 1 for cell in range(1, 24)}  # three rows full, cells 19–23 of row 4 filled
    state = position([[26, 50, 60], [70, 71]], grid=grid, options=options, rocks_row=5)
    step = GAME.apply(state, 0, "place 26 at 24 discard 50 60")
    assert step.state.rocks_row is None and step.state.rocks_gone
    assert step.state.phase == "play" and GAME.to_move(step.state) == frozenset({1})  # no rocks step left
    assert "Four rows are complete: the Jagged Rocks leave the game." in [e.text for e in step.events]
    assert GAME.view(step.state, None)["rocks_row"] is None


def test_a_sea_monster_removes_a_placed_island_and_both_leave_the_game() -> None:
    options = {"sea_monsters": 3}
    state = position([["monster", 10, 20], [30, 31]], grid={5: 44, 6: 50}, options=options)
    assert {"monster at 5", "monster at 6"} <= set(legal(state))
    with pytest.raises(IllegalMove, match="Cell 7 holds no island"):
        GAME.apply(state, 0, "monster at 7")
    step = GAME.apply(state, 0, "monster at 5")
    after = step.state
    assert after.grid[4] == 0 and after.monsters_played == 1
    assert after.hands[0] == [10, 20] and after.discards == [[], []]
    view = GAME.view(after, None)
    assert view["sea_monsters"] == {"total": 3, "played": 1, "discarded": 0, "left": 2}
    assert view["last_move"] == {"seat": 0, "text": "monster at 5", "cells": [5]}
    assert "island 44 in cell 5 sinks" in step.events[0].text


def test_sea_monsters_may_be_discarded() -> None:
    state = position([["monster", 10, 20], [30, 31]], options={"sea_monsters": 4})
    step = GAME.apply(state, 0, "discard 10 monster")
    assert step.events[0].text == "Seat 1 discards 2 cards face down (a Sea Monster)."
    assert GAME.view(step.state, None)["sea_monsters"]["left"] == 3


@pytest.mark.parametrize("removed", [4, 12])
def test_removed_islands_leave_the_deck_but_start_and_finish_counts_stay(removed: int) -> None:
    state = GAME.setup(3, {"removed_islands": removed}, seed=9)
    dealt = [c for s in range(3) for c in state.hands[s] + state.piles[s]]
    islands = [c for c in dealt if is_island(c)]
    assert len(islands) == ISLAND_MAX - removed and len(state.removed) == removed
    assert not set(islands) & set(state.removed)
    assert dealt.count(81) == 5 and dealt.count(83) == 3
    assert GAME.view(state, None)["removed_islands"] == removed


def test_automatic_jagged_rocks_move_to_a_random_other_row_with_space() -> None:
    grid = {cell: cell for cell in range(1, 7)}  # row 1 full
    rows = set()
    for seed in range(40):
        state = position([[40, 50, 60], [70, 71]], grid=grid, options=AUTO, rocks_row=3, rng_public=seed)
        after = GAME.apply(state, 0, "discard 40 50").state
        assert after.rocks_row not in (0, 3)
        rows.add(after.rocks_row)
    assert rows == {1, 2, 4, 5}


def test_manual_jagged_rocks_are_also_moved_after_a_discard_action() -> None:
    state = position([[40, 50, 60], [70, 71]], options=MANUAL, rocks_row=0)
    after = GAME.apply(state, 0, "discard 40 50").state
    assert after.phase == "rocks" and GAME.to_move(after) == frozenset({0})
    assert GAME.view(after, None)["phase"] == {"name": "rocks", "seat": 0, "rows": [2, 3, 4, 5, 6]}


def test_the_jagged_rocks_step_comes_before_the_group_start_discard() -> None:
    state = position([["start", 1, 2, 3, 4], [11, 12]], options=MANUAL, rocks_row=0)
    state = GAME.apply(state, 0, "start").state
    assert state.phase == "rocks"
    state = GAME.apply(state, 0, "rocks to 4").state
    assert state.rocks_row == 3 and state.phase == "start_discard" and state.declarer == 0


def test_a_sea_monster_may_sink_an_island_in_the_jagged_rocks_row() -> None:
    state = position([["monster", 10, 20], [30, 31]], grid={8: 44}, options={"sea_monsters": 3, **AUTO},
                     rocks_row=1)
    after = GAME.apply(state, 0, "monster at 8").state
    assert after.grid[7] == 0 and after.monsters_played == 1


def test_jagged_rocks_stay_gone_when_a_sea_monster_opens_a_complete_row_again() -> None:
    grid = {cell: cell + 1 for cell in range(1, 25)}  # four rows full
    state = position([["monster", 50, 60], [70, 71]], grid=grid, options={"sea_monsters": 3, **AUTO},
                     rocks_row=None, rocks_gone=True)
    after = GAME.apply(state, 0, "monster at 3").state
    assert after.rocks_row is None and after.rocks_gone and after.phase == "play"


def test_rocks_rows_draw_from_a_public_stream_apart_from_the_hidden_shuffles() -> None:
    """Version 2: the deck order can't be worked out from where the rocks go."""
    from engine.rng import Rng

    state = GAME.setup(3, AUTO, seed=77)
    assert state.rng_public is not None
    again = GAME.setup(3, AUTO, seed=77)
    again.rng_public = Rng.stream(12345, "public").state
    again.rocks_row = state.rocks_row
    assert again.hands == state.hands and again.piles == state.piles, "the hidden deal ignores the public stream"


def test_a_game_begun_under_version_1_draws_its_rocks_from_the_single_stream() -> None:
    old = GAME.setup(3, AUTO, seed=77, version=1)
    new = GAME.setup(3, AUTO, seed=77)
    assert old.rng_public is None and new.rng_public is not None
    assert GAME.decode(GAME.encode(old)) == old and "rng_public" not in GAME.encode(old)
