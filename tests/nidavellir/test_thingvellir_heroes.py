"""Thingvellir's six heroes (rules sheet 1.5; T7, T8, T16) and how base heroes and rules meet
the expansion (sheet 1.6)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.nidavellir import GAME
from engine.nidavellir.army import lines, ranks
from engine.nidavellir.components import BRONZE_FIVE, EXPLORER, HUNTER, MINER, WARRIOR
from engine.nidavellir.scoring import sheet_rows
from engine.nidavellir.state import NidavellirState
from tests.nidavellir.position import (
    apply,
    asked,
    end_of_age,
    fresh,
    give_army,
    give_ranks,
    hold,
    piece,
    seat0_first_at_goblin,
    set_camp,
    set_coins,
    set_discard,
    set_gems,
    set_taverns,
    texts,
    unrecruit,
    used,
)

ONE_LINE_BUT_WARRIOR = {"blacksmith": ["blacksmith"], "hunter": ["hunter"], "explorer": ["explorer 5"],
                        "miner": ["miner 1"]}


def line_short_of_a_warrior(players: int = 2, **army: list[str]) -> NidavellirState:
    """Seat 0 picks first at the Goblin, where a warrior 3 completes its first line. Bids:
    seat 0 5, 4, 3 (pouch 0 and 2); the others 4, 3, 2 (pouch 0 and 5)."""
    state = fresh(players, thingvellir=True)
    give_ranks(state, 0, **{**ONE_LINE_BUT_WARRIOR, **army})  # heroes placed by `army` only matter as ranks here
    set_gems(state, *(6 - seat for seat in range(1, players)), first_seat=1)  # seat 1 picks before seat 2 on ties
    return seat0_first_at_goblin(state, ["warrior 3", "hunter", "hunter"][:max(3, players)] + ["hunter"] * 2)


def recruiting(hero: str, players: int = 2, **army: list[str]) -> NidavellirState:
    state = apply(line_short_of_a_warrior(players, **army), 0, "take warrior 3")
    return apply(state, 0, f"recruit {hero}")


@pytest.mark.parametrize(("hero", "points"), [("andumia", 12), ("holda", 12), ("khrad", 4), ("jarika", 8),
                                              ("olwyn", 9), ("zolkur", 10)])
def test_thingvellir_heroes_are_neutral_and_score_their_points(hero: str, points: int) -> None:
    state = fresh(2, thingvellir=True)
    set_discard(state, "hunter")
    hold(state, 0, hero)
    assert sheet_rows(state)[0].heroes == points


def test_t7_khrad_transforms_the_lowest_coin_but_never_the_trading_coin() -> None:
    state = recruiting("khrad")  # coins: bids 5, 4, 3; pouch 0 and 2
    assert state.seats[0].pouch == [0, 12]


def test_t7_khrad_with_jarika_adds_twelve() -> None:
    state = line_short_of_a_warrior()
    hold(state, 0, "jarika")
    unrecruit(state, 0, "jarika")  # its effect matters here, not the hero total
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit khrad")
    assert state.seats[0].pouch == [0, 14]


def test_q14_khrad_looks_at_bids_too_and_the_owner_picks_among_equal_lowest_coins() -> None:
    state = fresh(2, thingvellir=True)
    give_army(state, 0, **ONE_LINE_BUT_WARRIOR)
    set_coins(state, 0, pouch=[0, 2, 2, 4, 5], bronze=[0, 2, 4, 5])
    set_taverns(state, ["warrior 3", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(state, 0, "bid 5 2 4"), 1, "bid 4 3 2")
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit khrad")
    assert texts(state, 0) == ["transform 2 dragon", "transform 2 pouch"]
    with pytest.raises(IllegalMove, match="Khrad transforms your lowest coin"):
        GAME.apply(state, 0, "transform 4 horse")
    state = apply(state, 0, "transform 2 dragon")
    assert state.seats[0].bids[1] == 12


def _zolkur_trade(jarika: bool = False) -> NidavellirState:
    state = fresh(2, thingvellir=True)
    hold(state, 0, "zolkur", *(["jarika"] if jarika else []))
    set_coins(state, 0, pouch=[0, 2, 3, 5, 10], bronze=[0, 2, 3, 5], out_of_treasure=(10,))
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(state, 0, "bid 0 2 3"), 1, "bid 5 4 3")
    return apply(apply(state, 1, "take hunter"), 0, "take hunter")


def test_t8_zolkur_makes_the_next_trade_give_up_the_lower_coin_once() -> None:
    state = _zolkur_trade()
    assert state.seats[0].pouch == [10, 15] and 5 not in state.seats[0].bronze
    assert state.seats[0].marks["zolkur"] == 1
    assert GAME.view(state, None)["seats"][0]["zolkur_spent"] is True


def test_t8_zolkur_with_jarika_aims_at_seventeen() -> None:
    state = _zolkur_trade(jarika=True)
    assert state.seats[0].pouch == [10, 17]


def test_zolkur_is_used_up_after_one_trade() -> None:
    state = fresh(2, thingvellir=True)
    hold(state, 0, "zolkur")
    used(state, 0, "zolkur")
    set_coins(state, 0, pouch=[0, 2, 3, 5, 10])
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(state, 0, "bid 0 2 3"), 1, "bid 5 4 3")
    state = apply(apply(state, 1, "take hunter"), 0, "take hunter")
    assert state.seats[0].pouch == [15, BRONZE_FIVE]  # the higher coin again


def test_zolkur_recruited_in_the_pick_of_a_trade_applies_to_that_trade() -> None:
    state = fresh(2, thingvellir=True)
    give_army(state, 0, **ONE_LINE_BUT_WARRIOR)
    set_taverns(state, ["warrior 3", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(state, 0, "bid 0 5 4"), 1, "bid 2 3 4")
    state = apply(apply(state, 1, "take hunter"), 0, "take warrior 3")
    state = apply(state, 0, "recruit zolkur")
    assert state.seats[0].pouch == [3, 5]  # 2 + 3: the 2 was given up, not the 3


def test_jarika_adds_two_to_every_trade() -> None:
    state = fresh(2, thingvellir=True)
    hold(state, 0, "jarika")
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(apply(state, 0, "bid 0 4 5"), 1, "bid 2 3 4"), 1, "take hunter")
    step = GAME.apply(state, 0, "take hunter")
    assert step.state.seats[0].pouch == [2, 7]  # 2 + 3 + 2
    assert "Seat 1 trades 2 + 3 + 2 = 7 (Jarika): takes a 7, gives up the 3." in [e.text for e in step.events]


@pytest.mark.parametrize(("source", "target"), [("grid", 9 + 5), ("offering 3", 5 + 5)])
def test_jarika_adds_two_to_grid_and_to_royal_offerings(source: str, target: int) -> None:
    state = line_short_of_a_warrior()
    hold(state, 0, "jarika")
    unrecruit(state, 0, "jarika")
    if source == "grid":
        state = apply(apply(state, 0, "take warrior 3"), 0, "recruit grid")
    else:
        set_taverns(state, goblin=["offering 3", "hunter", "hunter"])
        state = apply(state, 0, "take offering 3")
    state = apply(state, 0, "transform 5 goblin")
    assert state.seats[0].bids[0] == target


def test_jarika_makes_the_kings_hand_plus_seven() -> None:
    state = fresh(3, thingvellir=True)
    set_camp(state, decks=([], []))
    hold(state, 0, "jarika")
    give_army(state, 0, warrior=["warrior 3"])
    state = end_of_age(state)
    assert texts(state, 0)[0].startswith("transform")
    state = apply(state, 0, "transform 5 pouch")
    assert 12 in state.seats[0].pouch


def test_t16_olwyns_doubles_go_to_two_different_columns_and_one_on_thrud_moves_her() -> None:
    state = line_short_of_a_warrior(hunter=["hunter", "thrud"])
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit olwyn")
    assert state.seats[0].command.count("double") == 2 and state.aside == []
    assert len(texts(state, 0)) == 5
    state = apply(state, 0, "double to hunter")
    assert asked(state) == (0, "thrud") and state.seats[0].army[HUNTER] == ["hunter", "double"]
    state = apply(state, 0, "thrud to miner")
    assert "double to hunter" not in texts(state, 0)
    with pytest.raises(IllegalMove, match="two different columns"):
        GAME.apply(state, 0, "double to hunter")
    state = apply(state, 0, "double to warrior")
    seat = state.seats[0]
    rules = GAME.ruleset
    assert ranks(rules, seat, HUNTER) == 2 and ranks(rules, seat, WARRIOR) == 2 and ranks(rules, seat, MINER) == 2
    assert "double" not in seat.command and seat.heroes == ["olwyn"]  # doubles are not heroes
    assert sheet_rows(state)[0].heroes == 9 + 13


def test_olwyns_doubles_are_ranks_for_lines_and_can_be_discarded_by_bonfur() -> None:
    state = recruiting("olwyn")
    state = apply(apply(state, 0, "double to explorer"), 0, "double to miner")
    assert lines(state.ruleset, state.seats[0]) == 1  # one line owed by now: it was answered by Olwyn
    state = fresh(2, thingvellir=True)
    give_army(state, 0, blacksmith=["blacksmith"], hunter=["hunter"], explorer=["explorer 5", "double"],
              miner=["miner 1"])
    state = seat0_first_at_goblin(state, ["warrior 3"])
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit bonfur")
    assert "discard explorer" in texts(state, 0)
    state = apply(state, 0, "discard explorer")
    assert state.discard[-1] == "double" and state.seats[0].army[EXPLORER] == ["explorer 5"]


def test_andumia_takes_a_card_from_the_discard_pile_into_the_army() -> None:
    state = line_short_of_a_warrior()
    set_discard(state, "explorer 11", "hunter", "offering 5")
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit andumia")
    assert texts(state, 0) == ["recover explorer 11", "recover hunter", "recover offering 5"]
    state = apply(state, 0, "recover explorer 11")
    assert state.seats[0].army[EXPLORER] == ["explorer 5", "explorer 11"]
    assert state.discard == ["hunter", "offering 5"]


def test_andumia_takes_a_royal_offering_which_is_used_and_goes_back_to_the_discard_pile() -> None:
    state = line_short_of_a_warrior()
    set_discard(state, "offering 5")
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit andumia")
    state = apply(state, 0, "recover offering 5")
    assert asked(state) == (0, "transform") and state.discard == ["offering 5"]
    state = apply(state, 0, "transform 4 dragon")
    assert state.seats[0].bids[1] == 9


def test_andumia_can_take_the_pioneers_tie_card_from_the_discard_pile() -> None:
    state = line_short_of_a_warrior()
    set_discard(state, "warrior 9")  # the Age 2 card discarded on a tied Pioneer
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit andumia")
    state = apply(state, 0, "recover warrior 9")
    assert state.seats[0].army[WARRIOR] == ["warrior 3", "warrior 9"]


def test_andumia_needs_a_card_in_the_discard_pile() -> None:
    state = line_short_of_a_warrior()
    set_discard(state)
    state = apply(state, 0, "take warrior 3")
    assert "recruit andumia" not in texts(state, 0)
    with pytest.raises(IllegalMove, match="Andumia needs a card in the discard pile"):
        GAME.apply(state, 0, "recruit andumia")


def test_a_card_recovered_onto_thrud_makes_her_move() -> None:
    state = line_short_of_a_warrior(explorer=["explorer 5", "thrud"])
    set_discard(state, "explorer 9")
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit andumia")
    state = apply(state, 0, "recover explorer 9")
    assert asked(state) == (0, "thrud") and state.seats[0].army[EXPLORER] == ["explorer 5", "explorer 9"]


def test_holda_takes_a_camp_card_of_her_owners_choice() -> None:
    state = line_short_of_a_warrior()
    set_camp(state, "draupnir", "mercenary hunter blacksmith")
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit holda")
    state = apply(state, 0, "camp mercenary hunter blacksmith")
    assert state.seats[0].command[-1] == "mercenary hunter blacksmith" and state.camp == ["draupnir"]


def test_uline_and_vidofnir_her_owner_chooses_two_coins_of_her_hand() -> None:
    state = fresh(2, thingvellir=True)
    hold(state, 0, "uline")
    set_camp(state, "vidofnir")
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    state = apply(state, 1, "bid 2 3 4")
    state = apply(state, 0, "bid 5")  # face up on the Goblin; her hand: 0, 2, 3, 4
    state = apply(state, 0, "camp vidofnir")
    assert texts(state, 0) == [f"transform {c} pouch +{a}" for c in (2, 3, 4) for a in (2, 3)]
    state = apply(state, 0, "transform 4 pouch +3")
    assert texts(state, 0) == ["transform 2 pouch +2", "transform 3 pouch +2"]  # not the 7 just made
    state = apply(state, 0, "transform 2 pouch +2")
    assert sorted(state.seats[0].pouch) == [0, 3, 5, 7]  # no 4 in the treasure: the 5


def test_uline_and_zolkur_her_chosen_trade_gives_up_the_lower_coin() -> None:
    state = fresh(2, thingvellir=True)
    hold(state, 0, "uline", "zolkur")
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    state = apply(state, 1, "bid 5 4 3")
    state = apply(apply(state, 0, "bid 0"), 1, "take hunter")
    state = apply(state, 0, "take hunter")
    state = apply(state, 0, "trade 3 4")
    assert sorted(state.seats[0].pouch) == [2, 4, 7, BRONZE_FIVE]


@pytest.mark.parametrize("top", ["mercenary warrior 6 explorer 8", "vegvisir", "double", "armorer"])
def test_dagda_and_bonfur_may_discard_a_camp_card_or_double_on_top_of_a_column(top: str) -> None:
    state = fresh(2, thingvellir=True)
    give_army(state, 0, blacksmith=["blacksmith"], hunter=["hunter"], explorer=["explorer 5", top],
              miner=["miner 1"])
    state = seat0_first_at_goblin(state, ["warrior 3"])
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit bonfur")
    state = apply(state, 0, "discard explorer")
    assert state.discard[-1] == top


def test_dagda_discards_camp_cards_on_top_of_two_other_columns() -> None:
    state = fresh(2, thingvellir=True)
    give_army(state, 0, blacksmith=["blacksmith"], hunter=["hunter"], explorer=["explorer 5", "vegvisir"],
              miner=["miner 1", "mercenary hunter miner 1"])
    state = seat0_first_at_goblin(state, ["warrior 3"])
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit dagda")
    state = apply(apply(state, 0, "discard explorer"), 0, "discard miner")
    assert state.discard[-2:] == ["vegvisir", "mercenary hunter miner 1"]


def test_line_rule_counts_enlisted_mercenaries_vegvisir_and_doubles_as_ranks() -> None:
    state = fresh(2, thingvellir=True)
    give_army(state, 0, blacksmith=["mercenary blacksmith miner 1"], hunter=["double"], explorer=["vegvisir"],
              miner=["miner 0"], warrior=["thrud"])
    assert lines(state.ruleset, state.seats[0]) == 1
    assert piece("double") == "double"
