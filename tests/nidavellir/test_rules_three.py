"""Rules 3 (2026-12-02): four points where the facts sheet and Board Game Arena agree and rules 2
did not (rules sheet 2.5 Loki and Frigg; Olwyn's doubles; coin trades and transforms). Each rule
is shown from the position that shows it, then under rules 2, which games set up under history
versions 1 and 2 keep for good."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.nidavellir import GAME
from engine.nidavellir.components import BRONZE_FIVE, EXPLORER, HUNTER
from engine.nidavellir.state import NidavellirState
from tests.nidavellir.position import (
    apply,
    bid_all,
    fresh,
    give_army,
    now,
    recovers,
    set_coins,
    set_discard,
    set_taverns,
    texts,
)
from tests.nidavellir.test_idavoll_gods import round_with

MYTHOLOGY = ["surt", "garm", "ratatosk"]


# -- 1. Frigg can't bury a card Loki reserved for another seat (sheet 2.5, Loki) ----------------

def frigg_after_loki(version: int | None = None) -> NidavellirState:
    state = round_with({0: ["frigg"], 1: ["loki"]}, version=version)
    state = apply(state, 1, "loki warrior 7 in goblin")
    return bid_all(state)  # seat 0 picks first everywhere


def test_loki_reserved_card_is_not_among_frigg_choices_of_another_seat() -> None:
    state = frigg_after_loki()
    assert [t for t in texts(state, 0) if t.startswith("frigg")] == ["frigg hunter", "frigg miner 1"]
    with pytest.raises(IllegalMove, match=r"reserved by Seat 2 \(Loki\): only they may take it"):
        GAME.apply(state, 0, "frigg warrior 7")
    state = apply(state, 0, "frigg hunter")  # Frigg on another card leaves the reservation alone
    assert GAME.view(state, None)["taverns"][0]["reserved"] == {"seat": 1, "card": "warrior 7"}


def test_loki_reserved_card_under_rules_2_frigg_could_bury_it() -> None:
    state = frigg_after_loki(version=2)
    assert "frigg warrior 7" in texts(state, 0)
    state = apply(state, 0, "frigg warrior 7")
    assert GAME.view(state, None)["taverns"][0]["reserved"] is None


# -- 2. Frigg is never used in the mythology tavern (sheet 2.5, Frigg) --------------------------

def freya_swaps_a_dwarf_into_the_dragon(version: int | None = None) -> NidavellirState:
    state = round_with({0: ["frigg", "freya"]}, dragon=MYTHOLOGY, version=version)
    state = apply(state, 0, "freya warrior 7 in goblin with surt in dragon")
    state = bid_all(state)
    return apply(apply(state, 0, "take hunter"), 1, "take surt")  # the Goblin is done


def test_frigg_is_not_offered_in_the_mythology_tavern_after_freya_swapped_a_dwarf_into_it() -> None:
    state = freya_swaps_a_dwarf_into_the_dragon()
    assert state.tavern == 1 and "warrior 7" in state.taverns[1]
    assert not [t for t in texts(state, 0) if t.startswith("frigg")]
    with pytest.raises(IllegalMove, match="can't be used in the mythology tavern"):
        GAME.apply(state, 0, "frigg warrior 7")


def test_frigg_in_the_mythology_tavern_under_rules_2_was_offered() -> None:
    state = freya_swaps_a_dwarf_into_the_dragon(version=2)
    assert "frigg warrior 7" in texts(state, 0)


# -- 3. A double back from the discard pile stays out of its twin's column (Olwyn) --------------

def double_recovered(through: str, version: int | None = None) -> NidavellirState:
    """Seat 0's hunter column holds one of Olwyn's doubles; the other is in the discard pile."""
    state = fresh(2, thingvellir=True, version=version)
    give_army(state, 0, hunter=["hunter", "double"], explorer=["explorer 5"])
    set_discard(state, "double", "miner 1")
    now(state, recovers(0, through="andumia" if through == "andumia" else "brisingamens"))
    return apply(state, 0, "recover double")


@pytest.mark.parametrize("through", ["andumia", "brisingamens"])
def test_a_double_recovered_from_the_discard_pile_goes_to_a_column_without_its_twin(through: str) -> None:
    state = double_recovered(through)
    assert texts(state, 0) == ["double to blacksmith", "double to explorer", "double to miner", "double to warrior"]
    with pytest.raises(IllegalMove, match="two different columns: one is already in your hunter column"):
        GAME.apply(state, 0, "double to hunter")
    player = apply(state, 0, "double to explorer").seats[0]
    assert player.army[HUNTER] == ["hunter", "double"] and player.army[EXPLORER] == ["explorer 5", "double"]


def test_a_recovered_double_under_rules_2_could_join_its_twin() -> None:
    state = double_recovered("andumia", version=2)
    assert "double to hunter" in texts(state, 0)
    assert apply(state, 0, "double to hunter").seats[0].army[HUNTER] == ["hunter", "double", "double"]


# -- 4. The bronze 5 and a gold 5 are two coins (sheet 1.2: bronze out, gold back) --------------

def holding_both_fives(version: int | None = None) -> NidavellirState:
    """Seat 0 holds 0, 2, 4, its bronze 5 and a gold 5 from the treasure (its 3 was traded)."""
    state = fresh(2, version=version)
    set_coins(state, 0, pouch=[0, 2, 4, 5, 5], bronze=[0, 2, 4, 5], out_of_treasure=(5,))
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    return state


def test_a_bid_names_the_bronze_or_the_gold_5_when_a_seat_holds_both() -> None:
    state = holding_both_fives()
    bids = texts(state, 0)
    assert "bid 0 5b 5g" in bids and "bid 0 5g 5b" in bids and not any(" 5 " in b + " " for b in bids)
    assert "bid 0 5 2" in texts(state, 1)  # seat 1 holds one 5 only
    with pytest.raises(IllegalMove, match="You hold a bronze 5 and a gold 5: name one, 5b or 5g"):
        GAME.apply(state, 0, "bid 0 5 2")
    assert GAME.parse_move(state, 0, "bid 0 5G 2").text == "bid 0 5g 2"
    assert GAME.parse_move(state, 1, "bid 0 5b 2").text == "bid 0 5 2"  # one metal: no need to say it
    with pytest.raises(IllegalMove, match="You have no gold 5"):
        GAME.apply(state, 1, "bid 0 5g 2")
    coins = GAME.view(state, 0)["seats"][0]["coins"]
    assert [(c["token"], c["bronze"]) for c in coins if c["value"] == 5] == [("5g", False), ("5b", True)]


def test_coin_trade_gives_the_gold_5_back_to_the_treasure_and_the_bronze_5_stays_bid() -> None:
    state = holding_both_fives()
    state = apply(apply(state, 0, "bid 0 5b 2"), 1, "bid 4 3 2")  # pouch: 4 and the gold 5
    state = apply(apply(state, 1, "take hunter"), 0, "take hunter")  # seat 0's 0 trades 4 + 5 = 9
    assert state.seats[0].pouch == [4, 9] and state.seats[0].bids[1] == BRONZE_FIVE
    assert state.treasure.count(5) == 2 and BRONZE_FIVE in state.seats[0].bronze


def test_royal_offering_transform_puts_the_bronze_5_out_and_the_gold_5_back_in_the_treasure() -> None:
    state = holding_both_fives()
    set_taverns(state, ["offering 3", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(state, 0, "bid 4 0 2"), 1, "bid 3 4 5")  # seat 0's pouch: both 5s
    state = apply(state, 0, "take offering 3")
    assert {"transform 5b pouch", "transform 5g pouch"} <= set(texts(state, 0))
    fives = state.treasure.count(5)
    bronze = apply(state, 0, "transform 5b pouch")
    assert BRONZE_FIVE not in bronze.seats[0].coins() and BRONZE_FIVE not in bronze.seats[0].bronze
    assert bronze.treasure.count(5) == fives  # out of the game
    gold = apply(state, 0, "transform 5g pouch")
    assert BRONZE_FIVE in gold.seats[0].coins() and gold.treasure.count(5) == fives + 1


def test_coin_trade_under_rules_2_always_put_the_bronze_5_out() -> None:
    state = holding_both_fives(version=2)
    state = apply(apply(state, 0, "bid 0 5 2"), 1, "bid 4 3 2")
    state = apply(apply(state, 1, "take hunter"), 0, "take hunter")
    assert state.seats[0].pouch == [4, 9] and 5 not in state.seats[0].bronze
    assert state.treasure.count(5) == 1  # the gold 5 given up never came back

