"""Thingvellir at the end of each age (rules sheet 1.4, 1.7, 1.8; T6, Q9, Q18): enlisting
mercenaries, Ylud and Thrud, Brisingamens's and Mjöllnir's last moves, the score sheet."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.nidavellir import GAME
from engine.nidavellir.army import ranks
from engine.nidavellir.components import BLACKSMITH, EXPLORER, HUNTER, MINER, SUITS, WARRIOR
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
    set_camp,
    set_gems,
    set_round,
    texts,
    unrecruit,
)

W6_E8 = "mercenary warrior 6 explorer 8"
H_M1 = "mercenary hunter miner 1"
B_M1 = "mercenary blacksmith miner 1"
W9_E11 = "mercenary warrior 9 explorer 11"


def quiet(players: int, age: int = 1) -> NidavellirState:
    """A Thingvellir game with an empty camp and camp decks, so nothing but the position counts."""
    state = fresh(players, thingvellir=True)
    set_camp(state, decks=([], []))
    set_round(state, age=age)
    return state


def test_t6_enlistment_order_most_mercenaries_first_ties_by_gem_and_the_first_chooses_first_or_last() -> None:
    state = quiet(4)
    set_gems(state, 3, 5, 2, 4)
    hold(state, 0, W6_E8, H_M1)
    hold(state, 1, B_M1, W9_E11)
    hold(state, 2, "mercenary hunter explorer 8")
    state = end_of_age(state)
    assert GAME.to_move(state) == {1} and texts(state, 1) == ["enlist first", "enlist last"]
    first = apply(state, 1, "enlist first")
    assert [t.seat for t in first.tasks[:3]] == [1, 0, 2]
    last = apply(state, 1, "enlist last")
    assert [(t.kind, t.seat) for t in last.tasks[:3]] == [("enlist", 0), ("enlist", 2), ("enlist", 1)]
    assert 3 not in [t.seat for t in last.tasks]  # seat 4 has none: skipped


def test_enlisting_is_mandatory_one_at_a_time_into_one_of_the_two_printed_columns() -> None:
    state = quiet(2)
    hold(state, 0, W6_E8, H_M1)
    state = end_of_age(state)
    assert GAME.to_move(state) == {0}  # the only one with mercenaries: no first-or-last choice
    assert texts(state, 0) == ["enlist hunter miner 1 as hunter", "enlist hunter miner 1 as miner",
                               "enlist warrior 6 explorer 8 as explorer", "enlist warrior 6 explorer 8 as warrior"]
    with pytest.raises(IllegalMove, match="enlists as warrior or explorer, not miner"):
        GAME.apply(state, 0, "enlist warrior 6 explorer 8 as miner")
    with pytest.raises(IllegalMove, match="Now you must enlist your mercenaries"):
        GAME.apply(state, 0, "ylud to miner")
    state = apply(state, 0, "enlist warrior 6 explorer 8 as explorer")
    state = apply(state, 0, "enlist hunter miner 1 as miner")
    seat = state.seats[0]
    assert seat.army[EXPLORER] == [W6_E8] and seat.army[MINER] == [H_M1] and seat.command == []
    assert sheet_rows(state)[0].mercenaries == 8 + 1  # explorer 8; miner (1) × 1 rank
    view = GAME.view(state, None)["seats"][0]["army"]["explorer"]["items"][0]
    assert (view["suit"], view["bravery"], view["kind"]) == ("explorer", 8, "mercenary")


def test_enlistment_comes_before_ylud_and_the_distinctions_and_counts_for_them() -> None:
    state = quiet(3)
    hold(state, 0, W9_E11)
    give_army(state, 1, warrior=["warrior 3"])
    hold(state, 2, "ylud")
    state = end_of_age(state)
    assert asked(state) == (0, "enlist") and state.tasks[1].kind == "age_end"
    state = apply(state, 0, "enlist warrior 9 explorer 11 as warrior")
    assert asked(state) == (2, "ylud") and GAME.to_move(state) == {2}
    state = apply(state, 2, "ylud to warrior")
    assert GAME.view(state, None)["distinctions"][0]["winner"] is None  # 1 warrior rank each: a tie


def test_an_enlisted_mercenary_covers_thrud_and_completes_a_line() -> None:
    state = quiet(2)
    give_ranks(state, 0, blacksmith=["blacksmith"], hunter=["hunter"], explorer=["explorer 5"],
               warrior=["warrior 3", "thrud"])
    hold(state, 0, W6_E8, H_M1)
    state = end_of_age(state)
    state = apply(state, 0, "enlist warrior 6 explorer 8 as warrior")
    assert asked(state) == (0, "thrud") and state.seats[0].army[WARRIOR] == ["warrior 3", W6_E8]
    state = apply(state, 0, "thrud to hunter")
    state = apply(state, 0, "enlist hunter miner 1 as miner")
    assert asked(state) == (0, "recruit")  # the miner completed the first line
    state = apply(state, 0, "recruit skaa")
    assert state.seats[0].heroes == ["skaa"]


def test_a_mercenary_gained_during_enlistment_is_enlisted_at_once() -> None:
    state = quiet(2)
    give_army(state, 0, blacksmith=["blacksmith"], hunter=["hunter"], explorer=["explorer 5"], miner=["miner 1"])
    hold(state, 0, W6_E8)
    set_camp(state, B_M1)
    state = end_of_age(state)
    state = apply(state, 0, "enlist warrior 6 explorer 8 as warrior")
    state = apply(apply(state, 0, "recruit holda"), 0, f"camp {B_M1}")
    assert texts(state, 0) == ["enlist blacksmith miner 1 as blacksmith", "enlist blacksmith miner 1 as miner"]


def test_a_mercenary_brought_by_a_hero_ylud_triggered_is_enlisted_at_once() -> None:
    state = quiet(2)
    give_army(state, 0, blacksmith=["blacksmith"], hunter=["hunter"], explorer=["explorer 5"], miner=["miner 1"])
    hold(state, 0, "ylud")
    unrecruit(state, 0)
    set_camp(state, H_M1)
    state = end_of_age(state)
    state = apply(state, 0, "ylud to warrior")
    state = apply(apply(state, 0, "recruit holda"), 0, f"camp {H_M1}")
    assert asked(state) == (0, "enlist") and GAME.to_move(state) == {0}


def test_q9_a_mercenary_gained_during_the_distinctions_waits_for_the_end_of_age_two() -> None:
    state = quiet(2)
    give_army(state, 0, blacksmith=["blacksmith"], hunter=["hunter"] * 2, explorer=["explorer 5", "explorer 6"],
              miner=["miner 1", "miner 2"], warrior=["warrior 3", "warrior 4"])
    hold(state, 0, "skaa")  # the hero of the one line there; the Armorer's card makes a second
    set_camp(state, H_M1)
    state = end_of_age(state)
    state = apply(state, 0, "transform 5 pouch")  # King's Hand first; the Armorer's card then
    state = apply(apply(state, 0, "recruit holda"), 0, f"camp {H_M1}")
    assert state.seats[0].command[-1] == H_M1 and all(t.kind != "enlist" for t in state.tasks)


def _end_of_game(**army: list[str]) -> NidavellirState:
    state = quiet(2, age=2)
    give_army(state, 0, **army)
    return end_of_age(state)


def test_end_of_game_thrud_leaves_then_brisingamens_discards_any_non_hero_card() -> None:
    state = quiet(2, age=2)
    give_army(state, 0, hunter=["hunter", "thrud"], warrior=["warrior 3", "ylud", "double"])
    hold(state, 0, "brisingamens", "mjollnir")
    state = end_of_age(state)
    assert asked(state) == (0, "ylud")
    state = apply(state, 0, "ylud to warrior")
    assert "thrud" in state.seats[0].command  # she left her column before the discard
    assert texts(state, 0) == ["discard double from warrior", "discard hunter from hunter",
                               "discard warrior 3 from warrior"]
    with pytest.raises(IllegalMove, match="heroes are never discarded"):
        GAME.apply(state, 0, "discard ylud from warrior")
    state = apply(state, 0, "discard warrior 3 from warrior")
    assert asked(state) == (0, "mjollnir") and GAME.outcome(state) is None
    state = apply(state, 0, "mjollnir warrior")
    outcome = GAME.outcome(state)
    assert outcome is not None and state.seats[0].army[WARRIOR] == ["ylud", "double"]
    assert sheet_rows(state)[0].artefacts == 2 * 2


def test_q18_brisingamens_with_nothing_to_discard_does_nothing() -> None:
    state = quiet(2, age=2)
    give_army(state, 0, warrior=["kraal"])
    hold(state, 0, "brisingamens")
    state = end_of_age(state)
    assert GAME.outcome(state) is not None


def test_mjollnir_scores_two_per_rank_of_the_chosen_column_and_never_counts_thrud() -> None:
    state = quiet(2, age=2)
    give_army(state, 0, hunter=["hunter", "hunter", "thrud"], blacksmith=["blacksmith"])
    hold(state, 0, "mjollnir")
    state = end_of_age(state)
    assert texts(state, 0)[:2] == ["mjollnir blacksmith", "mjollnir explorer"]
    state = apply(state, 0, "mjollnir hunter")
    assert ranks(state.ruleset, state.seats[0], HUNTER) == 2 and sheet_rows(state)[0].artefacts == 4
    assert GAME.view(state, None)["seats"][0]["mjollnir"] == "hunter"


def test_distinctions_count_enlisted_mercenaries_vegvisir_and_doubles() -> None:
    state = quiet(2)
    give_army(state, 0, explorer=["vegvisir"], blacksmith=["double"], warrior=[W6_E8])
    give_army(state, 1, explorer=["explorer 5"])
    state = end_of_age(state)
    state = apply(state, 0, "transform 5 pouch")  # King's Hand
    distinctions = {d["key"]: d["winner"] for d in GAME.view(state, None)["distinctions"]}
    assert distinctions["warrior"] == 0 and distinctions["blacksmith"] == 0 and distinctions["explorer"] is None
    assert ranks(state.ruleset, state.seats[0], BLACKSMITH) == 3  # the double and the Armorer's 2


def test_score_sheet_has_artefact_and_mercenary_lines() -> None:
    state = quiet(2, age=2)
    give_army(state, 0, hunter=["hunter", "mercenary hunter blacksmith"], explorer=["explorer 5", "idunn"])
    give_army(state, 0, explorer=["explorer 5", "idunn", W9_E11])
    hold(state, 0, "megingjord", "jarika")
    state = end_of_age(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.sheet is not None
    columns = [*SUITS, "coins", "heroes", "artefacts", "mercenaries", "bonuses", "total", "rank"]
    assert outcome.sheet["columns"] == columns
    row = outcome.sheet["rows"][0]
    # hunter 2² with the mercenary, 1 without: +3; explorer 5 + 7 + 11 + 2 × 3 with, 5 + 7 + 2 × 2 without: +13
    assert (row["hunter"], row["explorer"], row["mercenaries"]) == (1, 16, 3 + 13)
    assert row["artefacts"] == 28 and row["heroes"] == 8
    parts = [c for c in columns if c not in ("total", "rank")]
    assert row["total"] == sum(row[p] for p in parts)
