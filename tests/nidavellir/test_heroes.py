"""Heroes (rules 1.3): recruiting by complete lines, and every hero's effect and choices."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.nidavellir import GAME
from engine.nidavellir.army import lines, ranks
from engine.nidavellir.components import BRONZE_FIVE, EXPLORER, HUNTER, MINER, SUIT_BY_NAME, WARRIOR
from engine.nidavellir.scoring import sheet_rows
from engine.nidavellir.state import RECRUIT, NidavellirState
from tests.nidavellir.position import (
    apply,
    asked,
    fresh,
    give_army,
    give_ranks,
    hold,
    last_round_of_offerings,
    piece,
    play_first_moves,
    play_first_moves_until_age_ends,
    seat0_first_at_goblin,
    set_reserve,
    set_round,
    set_taverns,
    texts,
    unrecruit,
)

ONE_LINE_BUT_WARRIOR = {"blacksmith": ["blacksmith"], "hunter": ["hunter"], "explorer": ["explorer 5"],
                        "miner": ["miner 1"]}


def _recruiting(hero: str = "", **army: list[str]) -> NidavellirState:
    state = fresh(2)
    give_army(state, 0, **{**ONE_LINE_BUT_WARRIOR, **army})
    state = seat0_first_at_goblin(state, ["warrior 3"])
    state = apply(state, 0, "take warrior 3")
    assert asked(state) == (0, RECRUIT)
    return apply(state, 0, f"recruit {hero}") if hero else state


def test_complete_line_makes_recruiting_a_hero_mandatory() -> None:
    state = _recruiting()
    assert lines(state.ruleset, state.seats[0]) == 1
    assert GAME.to_move(state) == {0}
    assert all(t.startswith("recruit ") for t in texts(state, 0))
    with pytest.raises(IllegalMove, match="recruit a hero"):
        GAME.apply(state, 0, "take hunter")


def test_lines_count_ranks_not_cards() -> None:
    state = fresh(2)
    give_army(state, 0, blacksmith=["armorer"], hunter=["aral"], explorer=["explorer 5", "explorer 6"],
              miner=["zoral"], warrior=["kraal"])
    assert lines(state.ruleset, state.seats[0]) == 2


@pytest.mark.parametrize(
    ("hero", "suit", "ranks_after", "bravery"),
    [("kraal", "warrior", 3, 10), ("tarah", "warrior", 2, 17), ("aral", "hunter", 3, 0),
     ("aegur", "blacksmith", 3, 0), ("zoral", "miner", 4, 2), ("lokdur", "miner", 2, 4),
     ("idunn", "explorer", 2, 12)],
)
def test_class_heroes_join_their_column_with_their_ranks(hero: str, suit: str, ranks_after: int,
                                                          bravery: int) -> None:
    state = _recruiting(hero)
    column = state.seats[0].army[SUIT_BY_NAME[suit]]
    assert piece(hero) in column
    assert ranks(state.ruleset, state.seats[0], SUIT_BY_NAME[suit]) == ranks_after
    view = GAME.view(state, None)["seats"][0]["army"][suit]
    assert view["bravery"] == bravery


def test_recruiting_chains_when_a_hero_completes_another_line() -> None:
    state = _recruiting("", blacksmith=["blacksmith", "blacksmith"], hunter=["hunter", "hunter"],
                        explorer=["explorer 5", "explorer 6"], miner=["miner 0", "miner 1"])
    state = apply(state, 0, "recruit kraal")  # warrior now 3 ranks: a second line
    assert lines(state.ruleset, state.seats[0]) == 2
    assert asked(state) == (0, RECRUIT)
    state = apply(state, 0, "recruit skaa")
    assert len(state.seats[0].heroes) == 2 and asked(state) != (0, RECRUIT)


def test_hourya_needs_five_explorer_ranks() -> None:
    state = _recruiting()
    assert "recruit hourya" not in texts(state, 0)
    with pytest.raises(IllegalMove, match="Hourya needs at least 5 explorer ranks"):
        GAME.apply(state, 0, "recruit hourya")
    state = _recruiting(explorer=["explorer 5", "explorer 6", "explorer 7", "explorer 8", "explorer 9"])
    assert "recruit hourya" in texts(state, 0)


def test_dagda_discards_the_top_dwarf_of_two_different_other_columns() -> None:
    state = _recruiting("dagda", miner=["miner 1", "miner 2"])
    assert texts(state, 0) == ["discard blacksmith", "discard explorer", "discard miner", "discard warrior"]
    state = apply(state, 0, "discard miner")
    assert "discard miner" not in texts(state, 0)
    state = apply(state, 0, "discard warrior")
    seat = state.seats[0]
    assert [p for p in seat.army[MINER]] == [piece("miner 1")] and seat.army[WARRIOR] == []
    assert piece("dagda") in seat.army[HUNTER]


def test_dagda_needs_two_other_columns_with_a_dwarf() -> None:
    state = fresh(2)
    give_army(state, 0, blacksmith=["aegur"], hunter=["aral"], explorer=["idunn"], miner=["lokdur"])
    state = seat0_first_at_goblin(state, ["warrior 3"])
    set_reserve(state, "dagda", "bonfur", "skaa")
    unrecruit(state, 0)  # only the columns matter here
    state = apply(state, 0, "take warrior 3")
    assert texts(state, 0) == ["recruit bonfur", "recruit skaa"]


def test_bonfur_discards_the_top_dwarf_of_one_other_column() -> None:
    state = _recruiting("bonfur")
    assert "discard blacksmith" not in texts(state, 0)
    state = apply(state, 0, "discard explorer")
    assert state.seats[0].army[EXPLORER] == []
    assert GAME.view(state, None)["discard"][-1]["key"] == "explorer 5"


def test_thrud_goes_to_the_column_of_her_owners_choice_and_steps_aside_when_covered() -> None:
    state = _recruiting("thrud")
    assert texts(state, 0) == [f"thrud to {s}" for s in ("blacksmith", "explorer", "hunter", "miner", "warrior")]
    state = apply(state, 0, "thrud to miner")
    seat = state.seats[0]
    assert seat.army[MINER][-1] == piece("thrud") and ranks(state.ruleset, seat, MINER) == 2
    # a new miner card would cover her: she steps aside and her owner picks her new column
    state = apply(state, 1, "take hunter")  # seat 1's pick at the Goblin
    state = apply(state, 0, "take hunter")
    state = apply(state, 1, "take hunter")
    set_taverns(state, horse=["miner 2", "miner 2", *state.taverns[2][2:]])
    state = apply(state, 0, "take miner 2")
    assert texts(state, 0)[0].startswith("thrud to")
    state = apply(state, 0, "thrud to warrior")
    assert state.seats[0].army[MINER][-1] == piece("miner 2")
    assert state.seats[0].army[WARRIOR][-1] == piece("thrud")


def test_ylud_waits_in_the_command_zone_until_the_end_of_the_age() -> None:
    state = _recruiting("ylud")
    assert piece("ylud") in state.seats[0].command


def test_grid_transforms_a_coin_by_seven() -> None:
    state = _recruiting("grid")
    assert texts(state, 0)[0].startswith("transform")
    state = apply(state, 0, "transform 5 goblin")
    assert state.seats[0].bids[0] == 12
    assert sheet_rows(state)[0].heroes == 7


def test_uline_takes_back_unrevealed_bids_and_bids_face_up_after_each_reveal() -> None:
    state = _recruiting("uline")
    seat = state.seats[0]
    assert seat.bids == [BRONZE_FIVE, -1, -1] and seat.pouch == [0, 2, 3, 4]
    assert GAME.view(state, 1)["seats"][0]["pouch"] is not None  # her hand is public
    state = apply(state, 1, "take hunter")
    assert GAME.to_move(state) == {0}
    assert texts(state, 0) == ["bid 0", "bid 2", "bid 3", "bid 4"]
    state = apply(state, 0, "bid 0")
    assert GAME.view(state, None)["taverns"][1]["bids"][0]["value"] == 0
    state = apply(state, 1, "take hunter")  # seat 1's 3 beats her 0
    state = apply(state, 0, "take hunter")
    # her trade: any two coins from her hand
    assert texts(state, 0) == ["trade 2 3", "trade 2 4", "trade 3 4"]
    state = apply(state, 0, "trade 3 4")
    assert sorted(state.seats[0].pouch) == [2, 3, 7]


def test_uline_owner_does_not_bid_with_the_others() -> None:
    state = _recruiting("uline")
    state = play_first_moves(state, until=lambda s: s.phase == "bid")
    assert GAME.to_move(state) == {1}


def test_dwerg_brothers_are_one_recruit_choice() -> None:
    state = _recruiting()
    assert texts(state, 0).count("recruit dwerg") == 1
    state = apply(state, 0, "recruit dwerg")
    assert sheet_rows(state)[0].heroes == 13
    assert sum(1 for h in GAME.view(state, None)["heroes"] if h["key"].startswith("dwerg")) == 4


def test_astrid_is_worth_the_highest_coin() -> None:
    state = _recruiting("astrid")
    assert sheet_rows(state)[0].heroes == 5


def test_idunn_scores_seven_plus_two_per_explorer_rank() -> None:
    state = _recruiting("idunn")
    # explorer 5 + Idunn 7 + 2 × 2 ranks
    assert sheet_rows(state)[0].suits[EXPLORER] == 16


def _end_of_age_two(**army: list[str]) -> NidavellirState:
    state = fresh(2)
    set_round(state, age=2)
    give_army(state, 0, **army)
    return play_first_moves_until_age_ends(last_round_of_offerings(state))


def test_ylud_may_stay_or_move_at_the_end_of_age_two() -> None:
    state = _end_of_age_two(explorer=["explorer 5", "ylud"])
    assert GAME.to_move(state) == {0} and asked(state) == (0, "ylud")
    stayed = apply(state, 0, "ylud to explorer")
    assert stayed.seats[0].army[EXPLORER][-1] == piece("ylud")
    moved = apply(state, 0, "ylud to warrior")
    assert moved.seats[0].army[WARRIOR] == [piece("ylud")]
    assert GAME.outcome(moved) is not None
    assert sheet_rows(moved)[0].suits[WARRIOR] == 7


def test_thrud_goes_to_the_command_zone_before_scoring() -> None:
    state = _end_of_age_two(hunter=["hunter", "thrud"])
    outcome = GAME.outcome(state)
    assert outcome is not None
    seat = state.seats[0]
    assert piece("thrud") in seat.command and ranks(state.ruleset, seat, HUNTER) == 1
    assert outcome.sheet is not None and outcome.sheet["rows"][0]["hunter"] == 1


def test_thrud_steps_aside_when_a_class_hero_joins_her_column() -> None:
    state = fresh(2)
    # Thrud stands for the missing warrior; no hero owed yet
    give_ranks(state, 0, blacksmith=["blacksmith"], hunter=["hunter"], explorer=["explorer 5"],
              miner=["miner 1"], warrior=["thrud"])
    state = seat0_first_at_goblin(state, ["hunter"])
    state = apply(state, 0, "take hunter")
    state = apply(state, 0, "recruit kraal")
    assert asked(state) == (0, "thrud")
    assert state.seats[0].army[WARRIOR] == [piece("kraal")]
    state = apply(state, 0, "thrud to warrior")
    assert state.seats[0].army[WARRIOR] == [piece("kraal"), piece("thrud")]


def _line_completed_on_the_trading_coin() -> NidavellirState:
    """Seat 0, a warrior short of a line, bids its 0 on the Goblin and takes the warrior 3 there
    after seat 1: a line and a coin trade are both owed."""
    state = fresh(2)
    give_army(state, 0, **ONE_LINE_BUT_WARRIOR)
    set_taverns(state, ["warrior 3", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(state, 0, "bid 0 5 4"), 1, "bid 2 3 4")
    state = apply(state, 1, "take hunter")
    return apply(state, 0, "take warrior 3")


def test_turn_order_is_card_then_hero_then_coin_trade() -> None:
    state = _line_completed_on_the_trading_coin()
    assert asked(state) == (0, RECRUIT) and state.seats[0].pouch == [2, 3]  # no trade yet
    state = apply(state, 0, "recruit grid")
    state = apply(state, 0, "transform 2 pouch")  # Grid first: the 2 becomes a 9
    # then the trade with the pouch as it is now: 3 + 9 = 12 replaces the 9
    assert state.seats[0].pouch == [3, 12]


def test_thrud_and_ylud_count_as_ranks_for_lines() -> None:
    state = fresh(2)
    give_army(state, 0, blacksmith=["blacksmith"], hunter=["thrud"], explorer=["explorer 5"], miner=["ylud"],
              warrior=["warrior 3"])
    assert lines(state.ruleset, state.seats[0]) == 1


def test_dagda_and_bonfur_discard_the_top_card_of_a_column_not_the_best_one() -> None:
    state = fresh(2)
    give_army(state, 0, blacksmith=["blacksmith"], hunter=["hunter"], explorer=["explorer 11", "explorer 5"],
              miner=["miner 2", "miner 0"])
    state = seat0_first_at_goblin(state, ["warrior 3"])
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit bonfur")
    state = apply(state, 0, "discard explorer")
    # the card placed last goes, not the explorer worth most
    assert state.seats[0].army[EXPLORER] == [piece("explorer 11")]
    assert GAME.view(state, None)["discard"][-1]["key"] == "explorer 5"


def test_dagda_and_bonfur_cannot_discard_from_a_column_topped_by_a_hero() -> None:
    state = fresh(2)
    give_ranks(state, 0, blacksmith=["blacksmith"], hunter=["hunter"],
              explorer=["explorer 11", "explorer 5", "idunn"], miner=["miner 2", "thrud"])
    state = seat0_first_at_goblin(state, ["warrior 3"])
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit bonfur")
    # Idunn tops the explorers and Thrud the miners: only the hunter and the new warrior can go
    assert texts(state, 0) == ["discard hunter", "discard warrior"]
    with pytest.raises(IllegalMove, match="no dwarf on top of your explorer column"):
        GAME.apply(state, 0, "discard explorer")


def test_dagda_needs_two_other_columns_topped_by_a_dwarf() -> None:
    state = fresh(2)
    give_ranks(state, 0, blacksmith=["blacksmith", "aegur"], hunter=["hunter"],
              explorer=["explorer 5", "idunn"], miner=["miner 1"])
    state = seat0_first_at_goblin(state, ["warrior 3"])
    state = apply(state, 0, "take warrior 3")
    moves = texts(state, 0)
    # miner and warrior are topped by dwarves: Dagda may come
    assert "recruit dagda" in moves
    give_ranks(state, 0, miner=[*state.seats[0].army[MINER], "lokdur"])
    assert "recruit dagda" not in texts(state, 0)


def test_dagda_discards_before_thrud_pushed_off_the_hunters_is_placed_again() -> None:
    state = fresh(2)
    give_ranks(state, 0, blacksmith=["blacksmith"], hunter=["thrud"], explorer=["explorer 5"],
              miner=["miner 1"])
    state = seat0_first_at_goblin(state, ["warrior 3"])
    state = apply(apply(state, 0, "take warrior 3"), 0, "recruit dagda")
    # Thrud waits in the command zone: she blocks no column while Dagda's discards are chosen
    assert asked(state) == (0, "discard") and piece("thrud") in state.seats[0].command
    assert texts(state, 0) == ["discard blacksmith", "discard explorer", "discard miner", "discard warrior"]
    state = apply(apply(state, 0, "discard miner"), 0, "discard warrior")
    assert asked(state) == (0, "thrud")
    state = apply(state, 0, "thrud to hunter")
    assert state.seats[0].army[HUNTER] == [piece("dagda"), piece("thrud")]


def test_bonfur_needs_another_column_with_a_dwarf() -> None:
    state = fresh(2)
    give_ranks(state, 0, hunter=["aral"], explorer=["idunn"], miner=["lokdur"], warrior=["kraal"])
    state = seat0_first_at_goblin(state, ["blacksmith"])
    state = apply(state, 0, "take blacksmith")
    moves = texts(state, 0)
    assert "recruit bonfur" not in moves and "recruit dagda" not in moves and "recruit skaa" in moves


def test_recruiting_waits_while_no_hero_in_the_reserve_can_answer_the_line() -> None:
    state = fresh(2)
    give_army(state, 0, **ONE_LINE_BUT_WARRIOR)
    set_reserve(state, "hourya")
    state = seat0_first_at_goblin(state, ["warrior 3"])
    state = apply(state, 0, "take warrior 3")
    assert lines(state.ruleset, state.seats[0]) == 1 and GAME.to_move(state) == {1}


def test_neutral_heroes_go_to_the_command_zone() -> None:
    state = _recruiting("skaa")
    assert state.seats[0].command == [piece("skaa")]
    assert all(piece("skaa") not in column for column in state.seats[0].army)


def test_thrud_relocation_can_trigger_a_hero() -> None:
    state = fresh(2)
    give_army(state, 0, blacksmith=["blacksmith"] * 2, hunter=["hunter"] * 2, explorer=["explorer 5", "explorer 6"],
              miner=["miner 1", "miner 2", "thrud"], warrior=["warrior 3"])
    assert lines(state.ruleset, state.seats[0]) == 1 and state.seats[0].heroes == [piece("thrud")]
    state = seat0_first_at_goblin(state, ["miner 0"])
    state = apply(state, 0, "take miner 0")
    assert asked(state) == (0, "thrud")  # the miner 0 would cover her
    state = apply(state, 0, "thrud to warrior")
    assert lines(state.ruleset, state.seats[0]) == 2 and asked(state) == (0, RECRUIT)


def _age_one_ends(**army: list[str]) -> NidavellirState:
    """Seat 0 holds Ylud in its command zone (plus `army`) when Age 1 ends."""
    state = fresh(2)
    give_army(state, 0, **army)
    hold(state, 0, "ylud")
    state = play_first_moves_until_age_ends(last_round_of_offerings(state))
    assert asked(state) == (0, "ylud")
    return state


def test_ylud_placement_can_trigger_a_hero() -> None:
    state = _age_one_ends(blacksmith=["blacksmith"] * 2, hunter=["hunter"] * 2, explorer=["explorer 5", "explorer 6"],
                          miner=["miner 1", "miner 2"], warrior=["warrior 3"])
    state = apply(state, 0, "ylud to warrior")
    assert lines(state.ruleset, state.seats[0]) == 2 and asked(state) == (0, RECRUIT)


def test_ylud_is_placed_first_then_thrud_steps_aside() -> None:
    state = _age_one_ends(blacksmith=["blacksmith"], hunter=["hunter"], explorer=["explorer 5"], miner=["miner 1"],
                          warrior=["warrior 3", "thrud"])
    state = apply(state, 0, "ylud to warrior")
    assert asked(state) == (0, "thrud") and state.seats[0].army[WARRIOR] == [piece("warrior 3"), piece("ylud")]
    state = apply(state, 0, "thrud to hunter")
    assert state.seats[0].army[HUNTER][-1] == piece("thrud")
    assert GAME.view(state, None)["distinctions"][0]["winner"] == 0  # Ylud's warrior rank: 2 against 0


def test_ylud_recruited_in_age_two_must_be_placed_at_its_end() -> None:
    state = fresh(2)
    set_round(state, age=2)
    hold(state, 0, "ylud")
    state = play_first_moves_until_age_ends(last_round_of_offerings(state))
    assert asked(state) == (0, "ylud") and GAME.outcome(state) is None
    assert texts(state, 0) == [f"ylud to {s}" for s in ("blacksmith", "explorer", "hunter", "miner", "warrior")]
    state = apply(state, 0, "ylud to explorer")
    assert sheet_rows(state)[0].suits[EXPLORER] == 11 and GAME.outcome(state) is not None


def test_uline_recruited_on_the_trading_coin_trades_two_coins_of_her_choice_from_hand() -> None:
    state = apply(_line_completed_on_the_trading_coin(), 0, "recruit uline")
    # her unrevealed bids came back to her hand: the trade may use any two of 2, 3, 4, 5
    assert state.seats[0].pouch == [2, 3, 4, BRONZE_FIVE] and asked(state) == (0, "trade")
    state = apply(state, 0, "trade 5 4")
    assert state.seats[0].pouch == [2, 3, 4, 9]


def test_uline_trade_with_only_two_coins_left_in_hand_is_automatic() -> None:
    state = _recruiting("uline")
    state = apply(state, 1, "take hunter")  # the Goblin's last pick
    state = apply(state, 0, "bid 2")  # Dragon: seat 1's 3 goes first
    state = apply(apply(state, 1, "take hunter"), 0, "take hunter")
    state = apply(state, 0, "bid 0")  # Horse: her hand is down to 3 and 4
    state = apply(apply(state, 1, "take hunter"), 0, "take hunter")
    assert state.round == 2 and sorted(state.seats[0].pouch) == [0, 2, 3, 7, BRONZE_FIVE]
