"""Idavoll's giants: the capture choice and each giant's effect (rules sheet 2.6; I4, I7–I9,
I16, I19–I21, D4, D5, Q2, Q16, Q20)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove
from engine.nidavellir import GAME
from engine.nidavellir.army import ranks
from engine.nidavellir.components import BLACKSMITH, EXPLORER, HUNTER, MINER, WARRIOR
from engine.nidavellir.recruiting import gain, hero_total, owes_hero, recruit
from engine.nidavellir.scoring import sheet_rows
from engine.nidavellir.state import NidavellirState
from tests.nidavellir.position import (
    apply,
    asked,
    bid_all,
    enlists,
    fresh,
    give_army,
    hold,
    myth_reserve_top,
    now,
    set_coins,
    set_reserve,
    set_taverns,
    texts,
)


def giant_at_goblin(giants: tuple[str, ...], goblin: list[str], players: int = 2,
                    thingvellir: bool = False) -> NidavellirState:
    """Seat 0 holds these giants and picks first at the Goblin."""
    state = fresh(players, idavoll=True, thingvellir=thingvellir)
    hold(state, 0, *giants)
    filler = ["hunter"] * max(3, players)
    set_taverns(state, goblin + filler[len(goblin):], filler, filler)
    return bid_all(state)


def test_a_waiting_giant_offers_capture_or_placement_of_a_tavern_dwarf_of_its_class() -> None:
    state = giant_at_goblin(("gymir",), ["explorer 11", "warrior 7", "miner 1"])
    assert texts(state, 0) == ["capture explorer 11", "take explorer 11", "take miner 1", "take warrior 7"]
    with pytest.raises(IllegalMove, match="no giant waiting for a warrior dwarf"):
        GAME.apply(state, 0, "capture warrior 7")


def test_i19_gymir_captures_an_explorer_11_and_scores_33_the_card_adds_nothing_to_the_army() -> None:
    state = apply(giant_at_goblin(("gymir",), ["explorer 11"]), 0, "capture explorer 11")
    player = state.seats[0]
    assert player.captured == {"gymir": "explorer 11"} and ranks(state.ruleset, player, EXPLORER) == 0
    assert sheet_rows(state)[0].giants == 33 and sheet_rows(state)[0].suits[EXPLORER] == 0
    giant = GAME.view(state, None)["seats"][0]["giants"][0]
    assert giant["state"] == "captured" and giant["captured"]["key"] == "explorer 11"


def test_i20_a_giant_whose_dwarf_is_placed_turns_face_down_for_good() -> None:
    state = apply(giant_at_goblin(("gymir",), ["explorer 11"]), 0, "take explorer 11")
    assert state.seats[0].army[EXPLORER] == ["explorer 11"]
    assert GAME.view(state, None)["seats"][0]["giants"][0]["state"] == "face_down"
    assert sheet_rows(state)[0].giants == 0
    set_taverns(state, state.taverns[0], ["explorer 12", "hunter", "hunter"], ["hunter"] * 3)
    state = apply(state, 1, texts(state, 1)[0])
    assert not any(t.startswith("capture") for t in texts(state, 0))


def test_i21_cards_that_are_not_tavern_dwarves_leave_the_giant_waiting() -> None:
    state = fresh(2, idavoll=True, thingvellir=True)
    hold(state, 0, "gymir")
    give_army(state, 0, explorer=["explorer 5"] * 5)
    recruit(state, 0, "hourya")
    hold(state, 0, "mercenary warrior 6 explorer 8")
    now(state, enlists(0))
    state = apply(state, 0, "enlist warrior 6 explorer 8 as explorer")
    gain(state, 0, "vegvisir")
    assert GAME.view(state, None)["seats"][0]["giants"][0]["state"] == "waiting"
    assert "hourya" in state.seats[0].army[EXPLORER] and "vegvisir" in state.seats[0].army[EXPLORER]


def test_i7_surt_adds_the_highest_coin_again_beside_the_warrior_majority() -> None:
    state = apply(giant_at_goblin(("surt",), ["warrior 7"]), 0, "capture warrior 7")
    set_coins(state, 0, pouch=[20] + [c for c in state.seats[0].pouch if c != 0])
    give_army(state, 0, warrior=["warrior 3"])
    row = sheet_rows(state)[0]
    assert row.giants == 20 and row.bonuses == 20


def test_skymir_draws_five_from_the_reserve_keeps_two_one_at_a_time_the_rest_go_under() -> None:
    state = giant_at_goblin(("skymir",), ["hunter"])
    myth_reserve_top(state, "surt", "olrun", "garm", "freya", "hildr")
    reserve = len(state.myth_reserve)
    step = GAME.apply(state, 0, "capture hunter")
    assert not any("Ölrun" in e.text for e in step.events if e.public)
    state = step.state
    assert GAME.view(state, 0)["mythology"]["drawn"] is not None and GAME.view(state, 1)["mythology"]["drawn"] is None
    assert texts(state, 0) == ["keep freya", "keep garm", "keep hildr", "keep olrun", "keep surt"]
    state = apply(state, 0, "keep olrun")
    assert texts(state, 0)[0] == "olrun blacksmith"  # Ölrun's class first (Q20: each kept card in full)
    state = apply(state, 0, "olrun explorer")
    state = apply(state, 0, "keep garm")
    assert state.seats[0].marks["olrun"] == 1  # Garm's explorer ranks moved her token
    assert sorted(state.myth_reserve[:3]) == ["freya", "hildr", "surt"] and len(state.myth_reserve) == reserve - 2
    assert state.drawn == [] and state.seats[0].captured == {"skymir": "hunter"}


def hrungnir_position(jarika: bool = False) -> NidavellirState:
    """I16: 4 players; seat 0 bids 5 (bronze) on the Goblin, 0 on the Dragon, 4 on the Horse,
    and keeps a gold 5 and a 3 in the pouch; the treasure has one 7 and 5, 6, 8."""
    state = fresh(4, idavoll=True, thingvellir=jarika)
    hold(state, 0, "hrungnir", "svafa", *(["jarika"] if jarika else []))
    set_coins(state, 0, pouch=[0, 3, 4, 5, 5], bronze=[0, 3, 4, 5], treasure=[5, 6, 7, 8, 9, 10, 11, 12])
    set_taverns(state, ["miner 1", "hunter", "hunter", "hunter"], ["hunter"] * 4, ["hunter"] * 4)
    return bid_all(state, "bid 5b 0 4", "bid 4 3 2")  # a seat holding both 5s names the metal


def test_i16_hrungnir_transforms_every_coin_but_the_trading_coin_in_board_order() -> None:
    state = apply(hrungnir_position(), 0, "capture miner 1")
    assert texts(state, 0) == ["transform 3 pouch", "transform 5g pouch"]  # left or right: the owner says
    step = GAME.apply(state, 0, "transform 5g pouch")
    state = step.state
    player = state.seats[0]
    assert player.bids == [7, 0, 6] and player.pouch == [5, 8]
    assert player.bronze == [0]  # the bronze 5, 4 and 3 left the game
    assert state.treasure == [5, 9, 10, 11, 12]  # the gold 5 came back, one 5 went out again
    assert player.marks["svafa"] == 1  # 5 + 2 = 7 wanted, an 8 came
    public = [e.text for e in step.events if e.public]
    assert any("3 → 5, 4 → 6, 5 → 7, 5 → 8" in line for line in public)  # by value: no bid place told


def test_d5_hrungnir_with_jarika_adds_four() -> None:
    state = apply(apply(hrungnir_position(jarika=True), 0, "capture miner 1"), 0, "transform 3 pouch")
    assert state.seats[0].bids == [9, 0, 8]


def recruiting_with_thrivaldi(**army: list[str]) -> NidavellirState:
    state = giant_at_goblin(("thrivaldi",), ["blacksmith"])
    give_army(state, 0, **army)
    return apply(state, 0, "capture blacksmith")


def test_i4_thrivaldi_recruits_a_hero_that_never_counts_against_lines() -> None:
    state = recruiting_with_thrivaldi()
    assert asked(state) == (0, "recruit")
    state = apply(state, 0, "recruit zoral")
    player = state.seats[0]
    assert player.captured == {"thrivaldi": "blacksmith"} and player.army[BLACKSMITH] == []
    assert player.army[MINER] == ["zoral"] and hero_total(state, 0) == 0
    # the first complete line still brings a hero
    give_army(state, 0, blacksmith=["blacksmith"], hunter=["hunter"], explorer=["explorer 5"], warrior=["warrior 3"])
    assert owes_hero(state, 0)


def test_i8_q16_thrivaldi_hero_must_meet_its_own_condition() -> None:
    state = recruiting_with_thrivaldi(blacksmith=["aegur"], explorer=["idunn"], warrior=["kraal"], miner=["miner 1"])
    assert "recruit dagda" not in texts(state, 0)  # one discardable column, no Durathor, no Thor
    assert "recruit hourya" not in texts(state, 0)


def test_i9_thrivaldi_recruits_a_hero_even_with_megingjord() -> None:
    state = giant_at_goblin(("thrivaldi", "megingjord"), ["blacksmith"], thingvellir=True)
    state = apply(state, 0, "capture blacksmith")
    assert asked(state) == (0, "recruit")
    state = apply(state, 0, "recruit skaa")
    assert "skaa" in state.seats[0].heroes


def test_q2_thrivaldi_with_no_hero_to_recruit_still_captures_and_keeps_no_free_hero() -> None:
    state = giant_at_goblin(("thrivaldi",), ["blacksmith"])
    set_reserve(state, "dagda")  # Dagda can't come: nothing to discard
    state = apply(state, 0, "capture blacksmith")
    assert state.seats[0].captured == {"thrivaldi": "blacksmith"}
    assert not any(t.kind == "recruit" for t in state.tasks)
    assert state.seats[0].marks.get("thrivaldi hero", 0) == 0


def test_after_a_capture_the_pick_goes_on_with_heroes_and_the_trade() -> None:
    state = fresh(2, idavoll=True)
    hold(state, 0, "surt")
    set_taverns(state, ["warrior 7", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = bid_all(state, "bid 0 4 3", "bid 2 5 4")  # seat 0 bids its 0 on the Goblin; seat 1 its 2
    state = apply(state, 1, "take hunter")
    coins_before = sorted(state.seats[0].coins())
    state = apply(state, 0, "capture warrior 7")
    assert sorted(state.seats[0].coins()) != coins_before  # the 0 traded the pouch's 2 and 5


def test_a_giant_captures_only_its_own_class() -> None:
    state = giant_at_goblin(("surt", "gymir"), ["warrior 7", "explorer 9", "hunter"])
    assert [t for t in texts(state, 0) if t.startswith("capture")] == ["capture explorer 9", "capture warrior 7"]
    state = apply(state, 0, "capture warrior 7")
    assert GAME.view(state, None)["seats"][0]["giants"][1]["state"] == "waiting"  # Gymir
    assert state.seats[0].army[WARRIOR] == [] and state.seats[0].army[HUNTER] == []
