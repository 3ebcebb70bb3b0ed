"""Coin trades and transforms against the Royal Treasure (rules 1.2)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.nidavellir import GAME
from engine.nidavellir.coins import treasure_pick
from engine.nidavellir.components import BRONZE_FIVE, HUNTER_COIN
from engine.nidavellir.state import NidavellirState
from tests.nidavellir.position import apply, fresh, set_coins, set_gems, set_taverns, texts


@pytest.mark.parametrize(
    ("treasure", "wanted", "got"),
    [
        ([5, 6, 7, 9], 7, 7),  # the exact sum
        ([5, 6, 8, 9], 7, 8),  # else the next higher
        ([5, 6, 10, 12], 7, 10),  # ... however far
        ([5, 6], 7, 6),  # nothing higher: the highest lower one
        ([25], 30, 25),  # beyond the top of the treasure
        ([14, 25], 2, 14),  # below the bottom: the lowest one there is
        ([], 7, None),  # an empty treasure gives nothing
    ],
)
def test_trade_takes_exact_sum_else_next_higher_else_highest_lower(treasure: list[int], wanted: int,
                                                                  got: int | None) -> None:
    assert treasure_pick(treasure, wanted) == got


def _picking(bid0: str, bid1: str = "bid 4 3 2") -> NidavellirState:
    state = fresh(2)
    set_taverns(state, ["hunter", "blacksmith", "miner 1"], ["offering 3", "hunter", "hunter"], ["hunter"] * 3)
    return apply(apply(state, 0, bid0), 1, bid1)


def test_trading_coin_trades_the_pouch_bronze_leaves_the_game() -> None:
    state = fresh(2)
    set_taverns(state, ["hunter", "blacksmith", "miner 1"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(state, 0, "bid 0 5 4"), 1, "bid 4 3 2")
    state = apply(state, 1, "take hunter")
    before = list(state.treasure)
    state = apply(state, 0, "take blacksmith")
    # pouch 2 + 3 = 5: takes a gold 5; the bronze 3 leaves the game
    assert state.seats[0].pouch == [2, 5]
    assert state.seats[0].bronze == [0, 2, 4, BRONZE_FIVE]
    assert len(state.treasure) == len(before) - 1 and state.treasure.count(5) == 1
    assert GAME.view(state, 1)["seats"][0]["pouch"] is not None  # the trade showed the pouch


def test_gold_coin_given_up_returns_to_the_treasure() -> None:
    state = fresh(2)
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    # seat 0 holds the only 7 at two players ... and the only 9
    set_coins(state, 0, pouch=[0, 2, 3, 7, 9], bronze=[0, 2, 3], out_of_treasure=(7, 9))
    state = apply(apply(state, 0, "bid 0 2 3"), 1, "bid 5 4 3")
    state = apply(state, 1, "take hunter")
    state = apply(state, 0, "take hunter")
    # 7 + 9 = 16 -> the 16; the 9 is gold and goes back
    assert state.seats[0].pouch == [7, 16]
    assert 9 in state.treasure and 16 not in state.treasure


def test_royal_offering_transforms_a_coin_of_the_players_choice() -> None:
    state = _picking("bid 2 5 0")
    state = apply(state, 1, "take hunter")
    state = apply(state, 0, "take blacksmith")
    # Dragon: seat 0 bid 5, seat 1 bid 3
    assert texts(state, 0) == ["take hunter", "take offering 3"]
    state = apply(state, 0, "take offering 3")
    moves = texts(state, 0)
    assert "transform 0 horse" not in moves  # the trading coin never transforms
    assert moves == ["transform 2 goblin", "transform 3 pouch", "transform 4 pouch", "transform 5 dragon"]
    state = apply(state, 0, "transform 4 pouch")
    assert state.seats[0].pouch == [3, 7]
    assert GAME.view(state, None)["discard"][-1]["key"] == "offering 3"  # house rule: discard pile


def test_transform_of_an_unresolved_bid_becomes_the_new_bid() -> None:
    state = fresh(2)
    set_taverns(state, ["offering 3", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(state, 0, "bid 5 2 3"), 1, "bid 4 3 2")
    state = apply(state, 0, "take offering 3")
    state = apply(state, 0, "transform 3 horse")
    assert state.seats[0].bids == [BRONZE_FIVE, 2, 6]
    public = [e.text for e in GAME.apply(state, 1, "take hunter").events if e.public]
    assert all("horse" not in t.lower() for t in public)


def test_transform_keeps_the_old_value_for_the_current_taverns_order_and_ties() -> None:
    state = fresh(2)
    set_gems(state, 5, 4)
    set_taverns(state, ["offering 3", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(state, 0, "bid 4 2 3"), 1, "bid 4 3 2")
    state = apply(state, 0, "take offering 3")
    state = apply(state, 0, "transform 4 goblin")  # its 4 on the Goblin becomes a 7
    assert state.seats[0].bids[0] == 7
    state = apply(state, 1, "take hunter")
    assert (state.seats[0].gem, state.seats[1].gem) == (4, 5)  # still a tie of 4s: gems swapped


def test_trading_coin_cannot_be_transformed_reason() -> None:
    state = _picking("bid 2 5 0")
    state = apply(apply(state, 1, "take hunter"), 0, "take blacksmith")
    state = apply(state, 0, "take offering 3")
    with pytest.raises(IllegalMove, match="never be transformed"):
        GAME.apply(state, 0, "transform 0 horse")


def test_hunters_green_three_triggers_the_coin_trade() -> None:
    state = fresh(2)
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    set_coins(state, 0, pouch=[2, 3, 4, 5, HUNTER_COIN], bronze=[2, 3, 4, 5])
    state = apply(apply(state, 0, "bid h3 4 5"), 1, "bid 5 3 2")
    state = apply(apply(state, 1, "take hunter"), 0, "take hunter")
    # the green 3 was the trading coin: pouch 2 + 3 = 5, the bronze 3 leaves
    assert state.seats[0].pouch == [2, 5] and state.seats[0].bids[0] == HUNTER_COIN
    assert 3 not in state.seats[0].bronze


def test_hunters_green_three_is_never_transformed() -> None:
    state = fresh(2)
    set_taverns(state, ["offering 3", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    set_coins(state, 0, pouch=[2, 3, 4, 5, HUNTER_COIN])
    state = apply(apply(state, 0, "bid 5 h3 4"), 1, "bid 4 3 2")
    state = apply(state, 0, "take offering 3")
    assert not any(t.startswith("transform h3") for t in texts(state, 0))
    with pytest.raises(IllegalMove, match="never be transformed"):
        GAME.apply(state, 0, "transform h3 dragon")


def test_trade_at_the_top_of_the_treasure_takes_the_highest_coin_left_before_the_old_one_returns() -> None:
    state = fresh(2)
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    set_coins(state, 0, pouch=[0, 2, 3, 20, 25], bronze=[0, 2, 3], treasure=[5, 6, 24])
    state = apply(apply(state, 0, "bid 0 2 3"), 1, "bid 5 4 3")
    state = apply(apply(state, 1, "take hunter"), 0, "take hunter")
    # 20 + 25 = 45: nothing that high, so the highest coin left (24); then the gold 25 goes back
    assert state.seats[0].pouch == [20, 24]
    assert state.treasure == [5, 6, 25]


def test_transform_finds_the_next_higher_coin_else_the_highest_left() -> None:
    state = fresh(2)
    set_taverns(state, ["offering 3", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    set_coins(state, 0, pouch=[0, 2, 3, 4, 23], bronze=[0, 2, 3, 4], treasure=[5, 8, 24])
    state = apply(apply(state, 0, "bid 4 2 0"), 1, "bid 3 4 5")
    state = apply(state, 0, "take offering 3")
    higher = apply(state, 0, "transform 2 dragon")  # 2 + 3 = 5: there is a 5
    assert higher.seats[0].bids[1] == 5
    top = apply(state, 0, "transform 23 pouch")  # 26: nothing higher, so the 24
    assert top.seats[0].pouch == [3, 24] and top.treasure == [5, 8, 23]


def test_transform_that_makes_two_bids_equal_does_not_make_a_tie_in_this_tavern() -> None:
    state = fresh(2)
    set_gems(state, 4, 5)
    set_taverns(state, ["offering 3", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    set_coins(state, out_of_treasure=(7,))  # the 4 + 3 lands on the 8, the same as seat 1's bid
    set_coins(state, 1, pouch=[0, 2, 3, 4, 8])
    state = apply(apply(state, 0, "bid 4 2 3"), 1, "bid 8 3 2")
    state = apply(state, 1, "take hunter")
    state = apply(state, 0, "take offering 3")
    state = apply(state, 0, "transform 4 goblin")
    assert state.seats[0].bids[0] == 8
    assert (state.seats[0].gem, state.seats[1].gem) == (4, 5)  # 4 against 8 when ordered: no swap


def test_hunters_green_three_bids_as_a_three_and_ties_go_by_gem() -> None:
    state = fresh(2)
    set_gems(state, 4, 5)
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    set_coins(state, 0, pouch=[2, 3, 4, 5, HUNTER_COIN])
    state = apply(apply(state, 0, "bid h3 4 5"), 1, "bid 3 4 5")
    assert GAME.view(state, None)["taverns"][0]["order"] == [1, 0]  # 3 against 3: gem 5 first
