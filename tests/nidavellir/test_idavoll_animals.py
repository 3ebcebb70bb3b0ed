"""Idavoll's mythical animals and Gullinbursti (rules sheet 2.4; I1, I6, I13–I15, Q10, D9)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.nidavellir import GAME
from engine.nidavellir.army import discard_columns, lines, ranks
from engine.nidavellir.components import BLACKSMITH, EXPLORER, MINER, WARRIOR
from engine.nidavellir.scoring import column_points, sheet_rows
from engine.nidavellir.state import NidavellirState
from tests.nidavellir.position import (
    apply,
    asked,
    bid_all,
    discards_card_for,
    end_of_age,
    fresh,
    give_army,
    hold,
    now,
    places_gullinbursti,
    play_until_asked,
    set_taverns,
    texts,
    unrecruit,
)


def test_i1_ratatosk_each_pair_of_zero_point_miner_ranks_adds_one_before_multiplying() -> None:
    column = ["miner 0", "miner 0", "miner 1", "miner 1", "ratatosk", "zoral"]
    # 8 ranks; 0 + 0 + 1 + 1 + 2 + 1 = 5 points; four 0-point ranks make 2 pairs: (5 + 2) x 8
    assert column_points(GAME.ruleset, column, MINER) == 56


def test_d9_ratatosk_counts_doubles_and_gullinbursti_as_zero_point_ranks() -> None:
    assert column_points(GAME.ruleset, ["ratatosk", "double", "gullinbursti"], MINER) == (2 + 1) * 3
    assert column_points(GAME.ruleset, ["ratatosk", "miner 0"], MINER) == 2 * 2  # one 0-rank alone makes no pair


def test_i13_garm_alone_scores_nine_and_zero_plus_one_per_explorer_rank() -> None:
    assert column_points(GAME.ruleset, ["garm"], EXPLORER) == 9 + 0 + 2


def test_i14_garm_and_idunn_both_count_every_explorer_rank() -> None:
    assert column_points(GAME.ruleset, ["garm", "explorer 7", "idunn"], EXPLORER) == 13 + 7 + (7 + 8)


def test_i15_nidhogg_adds_five_plus_two_per_warrior_rank() -> None:
    column = ["nidhogg", "warrior 9", "mercenary warrior 6 explorer 8", "kraal"]
    assert column_points(GAME.ruleset, column, WARRIOR) == 15 + 9 + 6 + 7


def test_animals_are_ranks_of_their_column_for_lines_and_distinctions() -> None:
    state = fresh(2, idavoll=True)
    give_army(state, 0, blacksmith=["hreasvelg"], hunter=["durathor"], explorer=["garm"], miner=["ratatosk"],
              warrior=["nidhogg"])
    player = state.seats[0]
    assert lines(state.ruleset, player) == 1 and ranks(state.ruleset, player, EXPLORER) == 2


def line_needing(state: NidavellirState, card: str, **army: list[str]) -> NidavellirState:
    """Seat 0 picks first at the Goblin, where `card` completes its first line."""
    base = {"blacksmith": ["blacksmith"], "hunter": ["hunter"], "explorer": ["explorer 5"], "miner": ["miner 1"],
            "warrior": ["warrior 3"]}
    give_army(state, 0, **{**base, **army})
    set_taverns(state, [card, "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    return bid_all(state)


def test_i6_durathor_dagda_discards_one_card_instead_of_two() -> None:
    state = fresh(2, idavoll=True)
    state = line_needing(state, "warrior 4", hunter=["durathor"])
    state = apply(apply(state, 0, "take warrior 4"), 0, "recruit dagda")
    assert texts(state, 0) == ["discard blacksmith", "discard explorer", "discard miner", "discard warrior"]
    state = apply(state, 0, "discard miner")
    assert state.seats[0].army[MINER] == [] and asked(state) != (0, "discard")


def test_durathor_makes_dagda_recruitable_with_one_discardable_column() -> None:
    state = fresh(2, idavoll=True)
    # heroes on top shield every column but the miner one
    state = line_needing(state, "warrior 4", hunter=["durathor"], blacksmith=["aegur"], explorer=["idunn"],
                         warrior=["kraal"])
    unrecruit(state, 0)  # the heroes here only shield columns
    state = apply(state, 0, "take warrior 4")
    assert "recruit dagda" in texts(state, 0)


def test_q10_animals_are_never_discarded_and_an_animal_on_top_shields_its_column() -> None:
    state = fresh(2, idavoll=True)
    give_army(state, 0, miner=["miner 1", "ratatosk"], warrior=["nidhogg"], explorer=["explorer 5"])
    assert discard_columns(state.ruleset, state.seats[0], ()) == [EXPLORER]


def test_hreasvelg_brings_gullinbursti_to_a_column_of_the_owners_choice() -> None:
    state = fresh(2, idavoll=True)
    set_taverns(state, ["hreasvelg", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(bid_all(state), 0, "take hreasvelg")
    assert texts(state, 0) == [f"gullinbursti to {c}" for c in ("blacksmith", "explorer", "hunter", "miner",
                                                               "warrior")]
    state = apply(state, 0, "gullinbursti to warrior")
    assert state.seats[0].army[BLACKSMITH] == ["hreasvelg"] and state.seats[0].army[WARRIOR] == ["gullinbursti"]
    assert "gullinbursti" not in state.aside
    assert sheet_rows(state)[0].suits[WARRIOR] == 0  # a rank with no points
    item = GAME.view(state, None)["seats"][0]["army"]["warrior"]["items"][0]
    assert item["kind"] == "special" and item["suit"] == "warrior"


def test_gullinbursti_covers_thrud_and_can_be_discarded() -> None:
    state = fresh(2, idavoll=True)
    give_army(state, 0, warrior=["thrud"], explorer=["explorer 5"])
    hold(state, 0, "gullinbursti")
    now(state, places_gullinbursti(0))
    state = apply(state, 0, "gullinbursti to warrior")
    assert texts(state, 0)[0].startswith("thrud to")
    assert WARRIOR in discard_columns(state.ruleset, state.seats[0], ())


def test_garm_owner_draws_six_cards_as_the_pioneer() -> None:
    state = fresh(2, idavoll=True)
    give_army(state, 0, explorer=["garm", "explorer 5"])
    state = end_of_age(state)
    state = play_until_asked(state, "pioneer")
    assert len(state.pioneer) == 6
    assert len(GAME.view(state, 0)["pioneer"]) == 6


def test_an_animal_can_not_be_named_by_a_hofud_discard() -> None:
    state = fresh(2, idavoll=True, thingvellir=True)
    give_army(state, 1, warrior=["nidhogg", "warrior 5"])
    now(state, discards_card_for(1, "hofud"))
    assert texts(state, 1) == ["discard warrior 5 from warrior"]
    with pytest.raises(IllegalMove, match="mythical animals are never discarded"):
        GAME.apply(state, 1, "discard nidhogg from warrior")
