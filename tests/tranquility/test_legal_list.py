"""The fast legal move list says exactly what the rules say, position after position."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engine.core import RandomPlayer
from engine.rng import Rng
from engine.tranquility import GAME, TranquilityState, legal, rules
from engine.tranquility.cards import ISLAND_MAX, ISLAND_MIN
from engine.tranquility.moves import move_of
from tests.tranquility.position import position

OPTION_SETS = [{}, {"sea_monsters": 5}, {"jagged_rocks": "manual"}, {"jagged_rocks": "auto", "removed_islands": 8}]


def _positions(options: dict[str, object], players: int, seed: int) -> Iterator[tuple[TranquilityState, int]]:
    """Every (state, seat to move) of one random playout."""
    ai = GAME.ai_players()["random"]
    state = GAME.setup(players, options, seed)
    moves = 0
    while GAME.outcome(state) is None:
        seat = min(GAME.to_move(state))
        yield state, seat
        state = GAME.apply(state, seat, ai.choose(state, seat, seed * 31 + moves)).state
        moves += 1


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_legal_moves_are_the_rules_actions_worded_and_sorted_by_text(options: dict[str, object]) -> None:
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        for state, _ in _positions(options, players, seed):
            for asked in range(players):
                expected = sorted(move_of(a) for a in rules.legal_actions(state, asked))
                got = GAME.legal_moves(state, asked)
                assert [(m.text, m.label) for m in got] == [(m.text, m.label) for m in expected]


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_an_island_goes_where_a_cell_by_cell_scan_of_the_sea_says(options: dict[str, object]) -> None:
    for state, _ in _positions(options, 3, 7):
        for card in range(ISLAND_MIN, ISLAND_MAX + 1):
            assert rules.placements(state.grid, card, state.rocks_row) == \
                rules._placements_by_scan(state.grid, card, state.rocks_row)


def test_a_sea_built_out_of_order_by_hand_is_read_cell_by_cell() -> None:
    # Not a position play reaches (islands ascend in the sequence), but a hand-built one is read too.
    state = position([[12, 30, 31, 50, 60]], grid={1: 40, 5: 20, 9: 30})
    for card in state.hands[0]:
        assert rules.placements(state.grid, card, None) == rules._placements_by_scan(state.grid, card, None)
    rng = Rng.from_seed(5)
    for _ in range(200):
        grid = [0] * 36
        for index in rng.sample(list(range(36)), rng.below(20)):
            grid[index] = 1 + rng.below(ISLAND_MAX)
        for card in range(ISLAND_MIN, ISLAND_MAX + 1):
            assert rules.placements(grid, card, 2) == rules._placements_by_scan(grid, card, 2)


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_the_random_player_picks_what_the_engines_random_player_picks(options: dict[str, object]) -> None:
    quick, plain = GAME.ai_players()["random"], RandomPlayer(GAME)
    for state, seat in _positions(options, 4, 11):
        for seed in range(3):
            picked = quick.choose(state, seat, seed)
            expected = plain.choose(state, seat, seed)
            assert (picked.text, picked.label) == (expected.text, expected.label)


def _picks_every_text(state: TranquilityState, seat: int) -> None:
    listed = legal.texts(state, seat)
    for index in range(len(listed)):

        def below(count: int, index: int = index) -> int:
            assert count == len(listed)
            return index

        assert legal.pick(state, seat, below) == listed[index]
    assert [m.text for m in GAME.legal_moves(state, seat)] == listed


@pytest.mark.parametrize("options", OPTION_SETS, ids=str)
def test_a_pick_by_number_is_that_entry_of_the_sorted_list(options: dict[str, object]) -> None:
    for players, seed in ((1, 4), (3, 5)):
        for state, seat in _positions(options, players, seed):
            _picks_every_text(state, seat)


def test_a_pick_by_number_in_hand_built_seas() -> None:
    # Rocks across a run's end, twin Finish cards, an island held that is also in the sea.
    _picks_every_text(position([[9, 12, 30, 31, 50]], grid={4: 5, 14: 40}, rocks_row=2), 0)
    _picks_every_text(position([[9, 12, 30, "finish", "finish"]], grid={4: 5, 14: 40}), 0)
    _picks_every_text(position([[9, 12, 30, 31, "monster"]], grid={4: 5, 5: 12, 14: 40}), 0)
    _picks_every_text(position([[1, 2, 79, 80, "monster"]], grid={1: 3, 36: 78}, rocks_row=0), 0)
