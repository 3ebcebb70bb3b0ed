"""Idavoll's valkyries and their strength tracks (rules sheet 2.7; I5, I10, I18, D6, D7, Q13)."""

from __future__ import annotations

import pytest

from engine.nidavellir import GAME
from engine.nidavellir.components import EXPLORER
from engine.nidavellir.recruiting import gain, place, recruit
from engine.nidavellir.scoring import sheet_rows
from engine.nidavellir.state import NidavellirState
from tests.nidavellir.position import (
    apply,
    asked,
    bid_all,
    end_of_age,
    enlists,
    fresh,
    give_army,
    hold,
    now,
    olrun_watches,
    play_first_moves,
    recruits,
    set_camp,
    set_coins,
    set_taverns,
    texts,
)


def notches(state: NidavellirState, seat: int, valkyrie: str) -> int:
    return state.seats[seat].marks.get(valkyrie, 0)


@pytest.mark.parametrize(("valkyrie", "points"), [
    ("brynhildr", [0, 3, 6, 10, 16, 16]), ("hildr", [0, 8, 16, 0, 0, 0]), ("olrun", [0, 3, 6, 10, 16, 16]),
    ("sigrdrifa", [0, 0, 8, 16, 16, 16]), ("svafa", [0, 4, 8, 16, 16, 16]),
])
def test_strength_token_goes_down_a_notch_per_trigger_and_stops_at_the_bottom(valkyrie: str,
                                                                              points: list[int]) -> None:
    state = fresh(2, idavoll=True)
    hold(state, 0, valkyrie)
    olrun_watches(state, 0, "blacksmith")
    found = state.ruleset.effects[valkyrie]
    assert isinstance(found.card(state).kind, str)
    seen = []
    for _ in range(6):
        seen.append(sheet_rows(state)[0].valkyries)
        moment = {"brynhildr": "first_pick", "hildr": "distinction", "olrun": "placed", "sigrdrifa": "hero",
                  "svafa": "betterment"}[valkyrie]
        found.observe(state, 0, moment, 1, 0)
    assert seen == points


def test_brynhildr_moves_for_each_tavern_its_owner_picks_first_in_whatever_it_takes() -> None:
    state = fresh(2, idavoll=True, thingvellir=True)
    hold(state, 0, "brynhildr")
    set_camp(state, "draupnir")
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    state = bid_all(state, "bid 5 2 4", "bid 4 3 2")  # first at the Goblin and the Horse, second at the Dragon
    state = apply(state, 0, "camp draupnir")  # Q13: a camp card counts too
    assert notches(state, 0, "brynhildr") == 1
    state = play_first_moves(state, until=lambda s: s.tavern == 2 and asked(s) == (0, "pick"))
    assert notches(state, 0, "brynhildr") == 1  # the Dragon: seat 1 picked first
    state = apply(state, 0, "take hunter")
    assert notches(state, 0, "brynhildr") == 2


def test_brynhildr_does_not_move_for_the_pick_in_which_she_is_recruited() -> None:
    state = fresh(2, idavoll=True)
    set_taverns(state, ["brynhildr", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(bid_all(state), 0, "take brynhildr")
    assert notches(state, 0, "brynhildr") == 0


@pytest.mark.parametrize(("won", "points"), [(1, 8), (2, 16), (3, 0)])
def test_i18_hildr_per_distinction_won_and_three_bring_her_back_to_zero(won: int, points: int) -> None:
    state = fresh(3, idavoll=True)
    hold(state, 0, "hildr")
    columns = {"warrior": ["warrior 3"], "miner": ["miner 1"], "explorer": ["explorer 5"]}
    give_army(state, 0, **dict(list(columns.items())[:won]))
    state = end_of_age(state)
    state = play_first_moves(state, until=lambda s: s.age != 1)
    assert len(state.seats[0].distinctions) == won
    assert sheet_rows(state)[0].valkyries == points


def olrun_on(suit: str, **army: list[str]) -> NidavellirState:
    state = fresh(2, idavoll=True, thingvellir=True)
    give_army(state, 0, **army)
    set_taverns(state, ["olrun", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(bid_all(state), 0, "take olrun")
    return apply(state, 0, f"olrun {suit}")


def test_olrun_class_is_chosen_when_she_arrives_and_each_card_of_it_moves_her() -> None:
    state = fresh(2, idavoll=True)
    set_taverns(state, ["olrun", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(bid_all(state), 0, "take olrun")
    assert texts(state, 0) == [f"olrun {c}" for c in ("blacksmith", "explorer", "hunter", "miner", "warrior")]
    state = apply(state, 0, "olrun explorer")
    gain(state, 0, "explorer 9")  # a dwarf
    gain(state, 0, "garm")  # an animal with 2 ranks: one notch per card
    gain(state, 0, "hunter")  # another class
    recruit(state, 0, "idunn")  # a class hero
    assert notches(state, 0, "olrun") == 3
    assert GAME.view(state, None)["seats"][0]["valkyries"][0]["column"] == "explorer"


def test_i10_olrun_ignores_ylud_thrud_doubles_and_gullinbursti() -> None:
    state = olrun_on("explorer")
    for card in ("ylud", "thrud", "double", "gullinbursti"):
        place(state, 0, card, EXPLORER)
    assert notches(state, 0, "olrun") == 0


def test_d6_a_mercenary_moves_olrun_when_enlisted_into_her_class() -> None:
    state = olrun_on("explorer")
    hold(state, 0, "mercenary warrior 6 explorer 8", "mercenary warrior 9 explorer 11")
    assert notches(state, 0, "olrun") == 0  # waiting in the command zone: not in the army yet
    now(state, enlists(0))
    state = apply(state, 0, "enlist warrior 6 explorer 8 as warrior")
    state = apply(state, 0, "enlist warrior 9 explorer 11 as explorer")
    assert notches(state, 0, "olrun") == 1


def test_d7_the_armorers_card_moves_olrun_on_blacksmith() -> None:
    state = olrun_on("blacksmith")
    place(state, 0, "armorer", 0)
    assert notches(state, 0, "olrun") == 1


def test_a_captured_dwarf_never_moves_olrun() -> None:
    state = fresh(2, idavoll=True)
    hold(state, 0, "olrun", "gymir")
    olrun_watches(state, 0, "explorer")
    set_taverns(state, ["explorer 9", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(bid_all(state), 0, "capture explorer 9")
    assert notches(state, 0, "olrun") == 0


def test_sigrdrifa_moves_for_heroes_from_lines_gjallarhorn_and_thrivaldi() -> None:
    state = fresh(2, idavoll=True, thingvellir=True)
    hold(state, 0, "sigrdrifa")
    recruit(state, 0, "skaa")  # a line's hero
    now(state, recruits(0, through="gjallarhorn"))
    state = apply(state, 0, "recruit grid")
    now(state, recruits(0, through="thrivaldi"))
    state = apply(state, 0, "recruit astrid")
    assert notches(state, 0, "sigrdrifa") == 3 and sheet_rows(state)[0].valkyries == 16


def test_i5_svafa_moves_a_notch_per_point_of_betterment() -> None:
    state = fresh(2, idavoll=True)
    hold(state, 0, "svafa")
    set_coins(state, treasure=[5, 6, 9, 10])
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    state = bid_all(state, "bid 0 5 2", "bid 2 4 3")  # seat 0 keeps 3 and 4: their trade wants a 7
    state = apply(state, 1, "take hunter")
    state = apply(state, 0, "take hunter")
    assert 9 in state.seats[0].pouch and notches(state, 0, "svafa") == 2


def test_svafa_counts_no_betterment_when_only_a_lower_coin_is_left() -> None:
    state = fresh(2, idavoll=True)
    hold(state, 0, "svafa")
    set_coins(state, treasure=[5])
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    state = bid_all(state, "bid 0 5 2", "bid 2 4 3")
    state = apply(apply(state, 1, "take hunter"), 0, "take hunter")
    assert notches(state, 0, "svafa") == 0
