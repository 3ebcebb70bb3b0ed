"""Final scoring (rules 1.5), table-driven, every figure worked out by hand."""

from __future__ import annotations

import pytest

from engine.nidavellir import GAME
from engine.nidavellir.components import BLACKSMITH, EXPLORER, HUNTER, HUNTER_COIN, MINER, WARRIOR
from engine.nidavellir.scoring import blacksmith_points, ranks_of, sheet, sheet_rows, suit_points
from tests.nidavellir.position import fresh, give_army, hold, set_coins, set_gems


@pytest.mark.parametrize(("n", "points"), [(0, 0), (1, 3), (2, 7), (3, 12), (5, 25), (8, 52), (10, 75), (21, 273)])
def test_blacksmith_scores_three_plus_four_up_to_n_plus_two(n: int, points: int) -> None:
    assert blacksmith_points(n) == points


@pytest.mark.parametrize(
    ("suit", "column", "points"),
    [
        # blacksmith n(n+5)/2: 4 cards -> 3+4+5+6 = 18; the Armorer's card is 2 ranks -> 3 ranks = 12
        ("blacksmith", ["blacksmith"] * 4, 18),
        ("blacksmith", ["blacksmith", "armorer"], 12),
        ("blacksmith", ["blacksmith", "aegur"], 12),
        # hunter n²: 3 cards = 9; Aral adds 2 ranks: 5² = 25
        ("hunter", ["hunter"] * 3, 9),
        ("hunter", ["hunter", "hunter", "hunter", "aral"], 25),
        # explorer: sum of bravery points
        ("explorer", ["explorer 5", "explorer 9", "explorer 12"], 26),
        # Idunn 7 + 2 per explorer rank (3 ranks incl. hers): 5 + 11 + 7 + 6 = 29
        ("explorer", ["explorer 5", "explorer 11", "idunn"], 29),
        ("explorer", ["explorer 6", "hourya"], 26),
        # miner: sum × ranks: (0+1+2) × 3 = 9; with Zoral (1,0,0): (0+1+2+1) × 6 = 24
        ("miner", ["miner 0", "miner 1", "miner 2"], 9),
        ("miner", ["miner 0", "miner 1", "miner 2", "zoral"], 24),
        ("miner", ["miner 2", "lokdur"], 10),
        # warrior: sum of bravery points (bonus coin tested below); Kraal 7 + 0, Tarah 14
        ("warrior", ["warrior 3", "warrior 9"], 12),
        ("warrior", ["warrior 3", "kraal", "tarah"], 24),
        # Ylud: explorer 11, warrior 7, miner 1 (and a rank), blacksmith/hunter a rank only
        ("explorer", ["explorer 8", "ylud"], 19),
        ("warrior", ["warrior 8", "ylud"], 15),
        ("miner", ["miner 2", "ylud"], 6),
        ("hunter", ["hunter", "ylud"], 4),
    ],
)
def test_column_scores_per_class(suit: str, column: list[str], points: int) -> None:
    state = fresh(2)
    give_army(state, 0, **{suit: column})
    index = {"blacksmith": BLACKSMITH, "hunter": HUNTER, "explorer": EXPLORER, "miner": MINER,
             "warrior": WARRIOR}[suit]
    assert suit_points(state.ruleset, state.seats[0], index) == points


def test_warrior_majority_adds_highest_coin_to_every_tied_seat() -> None:
    state = fresh(3)
    give_army(state, 0, warrior=["warrior 3", "warrior 4"])
    give_army(state, 1, warrior=["warrior 9", "warrior 10"])
    give_army(state, 2, warrior=["warrior 5"])
    set_coins(state, 1, pouch=[0, 2, 3, 4, 17])
    rows = sheet_rows(state)
    assert rows[0].bonuses == 5  # bronze 5 is seat 0's highest coin
    assert rows[1].bonuses == 17
    assert rows[2].bonuses == 0


def test_warrior_majority_bonus_needs_at_least_one_warrior_rank() -> None:
    state = fresh(2)
    assert all(row.bonuses == 0 for row in sheet_rows(state))


def test_crown_jeweler_gem_is_worth_three() -> None:
    state = fresh(2)
    set_gems(state, 6)
    assert sheet_rows(state)[0].bonuses == 3


@pytest.mark.parametrize(("brothers", "points"), [(1, 13), (2, 40), (3, 81), (4, 108), (5, 135)])
def test_dwerg_brothers_score_by_how_many_are_held(brothers: int, points: int) -> None:
    state = fresh(2)
    dwergs = ["dwerg aesir", "dwerg bergelmir", "dwerg jungir", "dwerg sigmir", "dwerg ymir"][:brothers]
    hold(state, 0, *dwergs)
    assert sheet_rows(state)[0].heroes == points


def test_neutral_heroes_skaa_grid_uline_thrud_and_astrid_the_highest_coin() -> None:
    state = fresh(2)
    hold(state, 0, "skaa", "grid", "uline", "thrud", "astrid")
    set_coins(state, 0, pouch=[0, 2, 3, 4, 21])
    assert sheet_rows(state)[0].heroes == 17 + 7 + 9 + 13 + 21


def test_coins_all_count_and_the_hunters_coin_is_worth_three() -> None:
    state = fresh(2)
    set_coins(state, 0, pouch=[2, 3, 4, 5, HUNTER_COIN])
    assert sheet_rows(state)[0].coins == 17


def test_tied_totals_share_the_win_and_the_rank() -> None:
    assert ranks_of([50, 70, 70, 10]) == [3, 1, 1, 4]
    state = fresh(2)
    data = sheet(state)
    assert [row["rank"] for row in data["rows"]] == [1, 1]  # 14 coin points each, nothing else
    assert data["rows"][0]["total"] == 14


def test_tied_totals_share_the_win_in_the_outcome() -> None:
    state = fresh(3)
    state.phase = "over"
    give_army(state, 2, warrior=["warrior 3"])
    outcome = GAME.outcome(state)
    assert outcome is not None
    # seats 1 and 2: 14 coin points; seat 3 adds warrior 3 and its highest coin (5) for the majority
    assert outcome.scores == (14, 14, 22) and outcome.winners == (2,)
    give_army(state, 2, warrior=[])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0, 1, 2)
    assert outcome.summary == "Seat 1 and Seat 2 and Seat 3 share the win with 14 points."


def test_warrior_majority_counts_ranks_not_bravery() -> None:
    state = fresh(2)
    give_army(state, 0, warrior=["warrior 3", "warrior 4"])
    give_army(state, 1, warrior=["warrior 10"])
    assert [row.bonuses for row in sheet_rows(state)] == [5, 0]
