"""Thingvellir's artefacts (rules sheet 1.1.1; T9–T15, T17, Q2–Q4): what each does when taken,
harmful effects included, and what it scores."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.nidavellir import GAME
from engine.nidavellir.army import lines
from engine.nidavellir.components import BRONZE_FIVE, EXPLORER, HUNTER_COIN, WARRIOR
from engine.nidavellir.scoring import sheet_rows
from engine.nidavellir.state import NO_BID, NidavellirState
from tests.nidavellir.position import (
    apply,
    asked,
    fresh,
    give_army,
    give_ranks,
    hold,
    seat0_first_at_goblin,
    set_camp,
    set_coins,
    set_discard,
    set_gems,
    set_reserve,
    set_taverns,
    texts,
)
from tests.nidavellir.test_thingvellir_heroes import line_short_of_a_warrior


def first_at_goblin(bid0: str, bid1: str = "bid 2 3 4", *camp: str) -> NidavellirState:
    """Two players; seat 0 (gem 5, so first on a tie) bids `bid0` and picks first at the Goblin
    (of hunters) with `camp` there."""
    state = fresh(2, thingvellir=True)
    set_gems(state, 5, 4)
    set_camp(state, *camp)
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    return apply(apply(state, 0, bid0), 1, bid1)


def test_t9_vidofnir_beside_the_trading_coin_gives_the_other_pouch_coin_plus_five() -> None:
    state = first_at_goblin("bid 5 3 2", "bid 2 3 4", "vidofnir")  # pouch 0 and 4
    state = apply(state, 0, "camp vidofnir")
    assert state.seats[0].pouch == [0, 9]
    assert GAME.view(state, 1)["seats"][0]["pouch"] is not None  # the pouch was shown


def test_t9_vidofnir_with_jarika_gives_plus_seven() -> None:
    state = fresh(2, thingvellir=True)
    hold(state, 0, "jarika")
    set_camp(state, "vidofnir")
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(state, 0, "bid 5 3 2"), 1, "bid 2 3 4")
    state = apply(state, 0, "camp vidofnir")
    assert state.seats[0].pouch == [0, 11]


@pytest.mark.parametrize(("first", "pouch"), [("transform 3 pouch +2", [5, 8]), ("transform 3 pouch +3", [6, 7]),
                                              ("transform 5 pouch +3", [5, 8]), ("transform 5 pouch +2", [6, 7])])
def test_t10_vidofnir_owner_chooses_which_coin_gets_plus_two_and_which_plus_three(first: str,
                                                                                  pouch: list[int]) -> None:
    state = first_at_goblin("bid 4 2 0", "bid 2 3 4", "vidofnir")  # pouch 3 and 5
    state = apply(state, 0, "camp vidofnir")
    assert texts(state, 0) == ["transform 3 pouch +2", "transform 3 pouch +3", "transform 5 pouch +2",
                               "transform 5 pouch +3"]
    state = apply(state, 0, first)
    assert state.seats[0].pouch == pouch  # the other coin got the other amount at once


def test_vidofnir_refuses_an_amount_already_given() -> None:
    state = fresh(2, thingvellir=True)
    hold(state, 0, "uline")
    set_camp(state, "vidofnir")
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(apply(state, 1, "bid 2 3 4"), 0, "bid 5"), 0, "camp vidofnir")
    state = apply(state, 0, "transform 4 pouch +3")
    with pytest.raises(IllegalMove, match=r"amount left to give is \+2"):
        GAME.apply(state, 0, "transform 2 pouch +3")


def test_t11_draupnir_scores_six_per_coin_of_fifteen_or_more() -> None:
    state = fresh(2, thingvellir=True)
    hold(state, 0, "draupnir")
    set_coins(state, 0, pouch=[0, 9, 15, 16, 25])
    assert sheet_rows(state)[0].artefacts == 18


def test_t12_hrafnsmerki_scores_five_per_mercenary_enlisted_or_not() -> None:
    state = fresh(2, thingvellir=True)
    hold(state, 0, "hrafnsmerki", "mercenary hunter miner 1")
    give_army(state, 0, warrior=["mercenary warrior 6 explorer 8"], explorer=["mercenary warrior 9 explorer 11"])
    assert sheet_rows(state)[0].artefacts == 15


def test_svalinn_scores_five_per_hero_and_olwyns_doubles_are_not_heroes() -> None:
    state = fresh(2, thingvellir=True)
    hold(state, 0, "svalinn", "skaa", "dwerg aesir", "dwerg ymir")
    give_army(state, 0, warrior=["kraal", "double"], miner=["double"])
    assert sheet_rows(state)[0].artefacts == 5 * 4


@pytest.mark.parametrize(("artefact", "points"), [("megingjord", 28), ("jarnglofi", 24), ("fafnir", 0),
                                                  ("vidofnir", 0), ("brisingamens", 0), ("hofud", 0),
                                                  ("gjallarhorn", 0)])
def test_artefact_points(artefact: str, points: int) -> None:
    state = fresh(2, thingvellir=True)
    hold(state, 0, artefact)
    assert sheet_rows(state)[0].artefacts == points


def test_vegvisir_goes_into_the_explorer_column_as_a_rank_of_thirteen() -> None:
    state = first_at_goblin("bid 5 3 2", "bid 2 3 4", "vegvisir")
    state = apply(state, 0, "camp vegvisir")
    seat = state.seats[0]
    assert seat.army[EXPLORER] == ["vegvisir"] and "vegvisir" not in seat.command
    assert sheet_rows(state)[0].suits[EXPLORER] == 13
    assert GAME.view(state, None)["seats"][0]["army"]["explorer"]["bravery"] == 13


def test_vegvisir_completes_a_line_and_covers_thrud() -> None:
    state = fresh(2, thingvellir=True)
    give_ranks(state, 0, blacksmith=["blacksmith"], hunter=["hunter"], explorer=["thrud"], miner=["miner 1"],
               warrior=["warrior 3"])
    set_camp(state, "vegvisir")
    state = seat0_first_at_goblin(state, ["hunter"])
    state = apply(state, 0, "camp vegvisir")
    assert asked(state) == (0, "thrud") and state.seats[0].army[EXPLORER] == ["vegvisir"]
    state = apply(state, 0, "thrud to warrior")
    assert lines(state.ruleset, state.seats[0]) == 1 and asked(state) == (0, "recruit")


def test_t13_hofud_makes_every_other_player_discard_a_warrior_column_card_never_a_hero() -> None:
    state = fresh(2, thingvellir=True)
    give_army(state, 1, warrior=["kraal", "warrior 6", "mercenary warrior 9 explorer 11", "thrud"])
    set_camp(state, "hofud")
    state = seat0_first_at_goblin(state, ["hunter"] * 3)
    state = apply(state, 0, "camp hofud")
    state = apply(state, 0, "discard hunter from goblin")  # the 2-player discard is still seat 1's turn
    assert GAME.to_move(state) == {1}
    assert texts(state, 1) == ["discard mercenary warrior 9 explorer 11 from warrior",
                               "discard warrior 6 from warrior"]
    with pytest.raises(IllegalMove, match="heroes are never discarded"):
        GAME.apply(state, 1, "discard kraal from warrior")
    state = apply(state, 1, "discard warrior 6 from warrior")
    assert state.seats[1].army[WARRIOR] == ["kraal", "mercenary warrior 9 explorer 11", "thrud"]
    assert state.discard[-1] == "warrior 6"


def test_q18_hofud_spares_a_player_without_such_a_card() -> None:
    state = fresh(3, thingvellir=True)
    give_army(state, 2, warrior=["warrior 6"])
    give_army(state, 1, warrior=["tarah"])
    set_camp(state, "hofud")
    state = seat0_first_at_goblin(state, ["hunter"] * 3)
    state = apply(state, 0, "camp hofud")
    assert GAME.to_move(state) == {2} and asked(state) == (2, "card_discard")


def test_hofuds_discards_wait_until_the_takers_trade_is_done() -> None:
    state = first_at_goblin("bid 0 4 5", "bid 0 3 2", "hofud")  # tied 0s: seat 0 first on its gem
    give_army(state, 1, warrior=["warrior 6"])
    step = GAME.apply(state, 0, "camp hofud")
    texts_ = [e.text for e in step.events]
    assert any("trades" in t for t in texts_)  # seat 0's trade is part of its own turn
    assert asked(step.state) == (0, "tavern_discard")


def test_t14_jarnglofi_discards_the_trading_coin_and_its_unresolved_tavern_gives_no_card() -> None:
    state = first_at_goblin("bid 5 4 0", "bid 2 3 4", "jarnglofi")
    step = GAME.apply(state, 0, "camp jarnglofi")
    state = step.state
    seat = state.seats[0]
    assert seat.bids == [BRONZE_FIVE, 4, NO_BID] and 0 not in seat.coins() and 0 not in seat.bronze
    assert "Seat 1's trading coin 0 leaves the game (Jarnglofi)." in [e.text for e in step.events if e.public]
    private = [e.text for e in step.events if not e.public]
    assert private == ["Your 0 on the Shining Horse is gone: you have no bid there this round."]
    state = apply(state, 0, "discard hunter from goblin")
    state = apply(state, 1, "take hunter")
    state = apply(apply(state, 0, "take hunter"), 1, "take hunter")  # the Dragon: 4 against 3
    assert state.orders[2] == [1]  # the Horse: seat 0 has no bid, so no pick
    assert GAME.to_move(state) == {1}
    state = apply(state, 1, "take hunter")
    assert state.round == 2 and sheet_rows(state)[0].artefacts == 24


def test_q4_jarnglofi_taken_with_the_trading_coin_on_this_tavern_cancels_the_trade() -> None:
    state = first_at_goblin("bid 0 4 5", "bid 0 3 2", "jarnglofi")
    step = GAME.apply(state, 0, "camp jarnglofi")
    assert not any("trades" in e.text for e in step.events)
    assert step.state.seats[0].pouch == [2, 3]


def test_jarnglofi_sends_the_hunters_three_out_of_the_game_too() -> None:
    state = fresh(2, thingvellir=True)
    set_coins(state, 0, pouch=[2, 3, 4, 5, HUNTER_COIN])
    set_camp(state, "jarnglofi")
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(state, 0, "bid 5 4 3"), 1, "bid 2 3 4")
    state = apply(state, 0, "camp jarnglofi")
    assert HUNTER_COIN not in state.seats[0].coins() and sheet_rows(state)[0].coins == 14


def test_t15_megingjord_stops_heroes_from_lines_but_gjallarhorn_still_gives_one() -> None:
    state = line_short_of_a_warrior()
    hold(state, 0, "megingjord")
    state = apply(state, 0, "take warrior 3")
    assert lines(state.ruleset, state.seats[0]) == 1 and GAME.to_move(state) == {1}  # no recruit owed
    state = apply(state, 1, "take hunter")
    set_camp(state, "gjallarhorn")
    state = apply(state, 0, "camp gjallarhorn")  # seat 0 first at the Dragon too
    assert asked(state) == (0, "recruit")
    state = apply(state, 0, "recruit skaa")
    assert state.seats[0].heroes == ["skaa"]


def test_gjallarhorns_hero_counts_against_lines_afterwards() -> None:
    state = first_at_goblin("bid 5 4 3", "bid 2 3 4", "gjallarhorn")
    state = apply(apply(state, 0, "camp gjallarhorn"), 0, "recruit skaa")
    give_army(state, 0, blacksmith=["blacksmith"], hunter=["hunter"], explorer=["explorer 5"], miner=["miner 1"],
              warrior=["warrior 3"])
    from engine.nidavellir.recruiting import owes_hero

    assert lines(state.ruleset, state.seats[0]) == 1 and not owes_hero(state, 0)


def test_q2_gjallarhorn_with_no_hero_to_recruit_does_nothing() -> None:
    state = first_at_goblin("bid 5 4 3", "bid 2 3 4", "gjallarhorn")
    set_reserve(state, "hourya")  # needs 5 explorer ranks
    state = apply(state, 0, "camp gjallarhorn")
    assert asked(state) == (0, "tavern_discard") and "gjallarhorn" in state.seats[0].command


def test_brisingamens_takes_two_cards_from_the_discard_pile_each_gained_as_usual() -> None:
    state = first_at_goblin("bid 5 4 3", "bid 2 3 4", "brisingamens")
    set_discard(state, "explorer 9", "warrior 8", "hunter")
    state = apply(state, 0, "camp brisingamens")
    assert texts(state, 0) == ["recover explorer 9", "recover hunter", "recover warrior 8"]
    state = apply(apply(state, 0, "recover warrior 8"), 0, "recover explorer 9")
    assert state.seats[0].army[WARRIOR] == ["warrior 8"] and state.seats[0].army[EXPLORER] == ["explorer 9"]
    assert state.discard == ["hunter"]


def test_brisingamens_royal_offering_goes_back_to_the_pile_after_the_second_card() -> None:
    state = first_at_goblin("bid 5 4 3", "bid 2 3 4", "brisingamens")
    set_discard(state, "offering 5", "hunter")
    state = apply(apply(state, 0, "camp brisingamens"), 0, "recover offering 5")
    state = apply(state, 0, "transform 4 dragon")
    assert texts(state, 0) == ["recover hunter"]  # the used offering is not there to take again
    state = apply(state, 0, "recover hunter")
    assert state.discard == ["offering 5"] and state.seats[0].bids[1] == 9


def test_t17_brisingamens_is_not_offered_while_the_discard_pile_holds_fewer_than_two_cards() -> None:
    state = first_at_goblin("bid 5 4 3", "bid 2 3 4", "brisingamens", "draupnir")
    set_discard(state, "hunter")
    assert "camp brisingamens" not in texts(state, 0) and "camp draupnir" in texts(state, 0)
    with pytest.raises(IllegalMove, match="Brisingamens needs at least 2 cards in the discard pile"):
        GAME.apply(state, 0, "camp brisingamens")
