"""Both expansions together (rules sheet section 3): every combination rule, and the full order
of a round."""

from __future__ import annotations

from engine.nidavellir import GAME
from engine.nidavellir.army import ranks
from engine.nidavellir.components import EXPLORER, WARRIOR
from engine.nidavellir.recruiting import hero_total
from engine.nidavellir.scoring import column_points
from engine.nidavellir.state import NidavellirState
from tests.nidavellir.position import (
    apply,
    asked,
    bid_all,
    discards_card_for,
    enlists,
    fresh,
    give_army,
    hold,
    next_round,
    now,
    olrun_watches,
    play_first_moves,
    play_until_asked,
    recovers,
    recruits,
    set_camp,
    set_coins,
    set_discard,
    set_taverns,
    texts,
)

MYTH = ["surt", "loki", "garm"]


def both(players: int = 3) -> NidavellirState:
    return fresh(players, idavoll=True, thingvellir=True)


def test_3_2_a_mythology_card_left_after_a_camp_visit_leaves_the_game() -> None:
    state = both(3)
    set_taverns(state, ["hunter"] * 3, MYTH, ["hunter"] * 3)
    state = bid_all(state, "bid 3 5 4", "bid 4 3 2")
    state = play_first_moves(state, until=lambda s: s.tavern >= 1,
                             choose=lambda moves: sorted(moves, key=lambda t: t.startswith("camp"))[0])
    set_camp(state, "draupnir")
    state = apply(state, 0, "camp draupnir")  # the first picker of the mythology tavern visits the camp
    state = apply(state, min(GAME.to_move(state)), "take loki")
    step = GAME.apply(state, min(GAME.to_move(state)), "take garm")
    assert "surt" not in step.state.discard and step.state.tavern == 2
    assert any("leave the game: Surt" in e.text for e in step.events)


def test_3_16_two_players_camp_visit_in_the_mythology_tavern_discards_out_of_the_game() -> None:
    state = both(2)
    set_camp(state, "draupnir")
    set_taverns(state, ["hunter"] * 3, MYTH, ["hunter"] * 3)
    state = bid_all(state, "bid 3 5 4", "bid 4 3 2")
    state = apply(apply(state, 1, "take hunter"), 0, "take hunter")
    state = apply(state, 0, "camp draupnir")
    assert texts(state, 0) == ["discard garm from dragon", "discard loki from dragon", "discard surt from dragon"]
    state = apply(state, 0, "discard surt from dragon")
    assert texts(state, 1) == ["take garm", "take loki"]
    discard = list(state.discard)
    state = apply(state, 1, "take loki")
    assert "surt" not in state.discard and "garm" not in state.discard and state.discard == discard


def test_3_4_a_gjallarhorn_hero_counts_against_lines_a_thrivaldi_hero_does_not() -> None:
    state = both(2)
    hold(state, 0, "megingjord")
    now(state, recruits(0, through="gjallarhorn"))
    state = apply(state, 0, "recruit skaa")
    now(state, recruits(0, through="thrivaldi"))
    state = apply(state, 0, "recruit grid")
    assert hero_total(state, 0) == 1 and len(state.seats[0].heroes) == 2


def odin_at_round_end(*cards: str) -> NidavellirState:
    state = both(2)
    hold(state, 0, "odin", *cards)
    state = next_round(state)
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    return play_until_asked(bid_all(state), "odin")


def test_3_5_odin_takes_a_thingvellir_hero_whose_effect_happens_at_once() -> None:
    state = odin_at_round_end("zolkur")
    set_discard(state)
    assert "odin zolkur for andumia" not in texts(state, 0)  # Andumia needs a card in the discard pile
    set_discard(state, "warrior 9")
    state = apply(state, 0, "odin zolkur for andumia")  # Zolkur goes back before his trade was used
    assert "zolkur" in state.reserve
    assert texts(state, 0) == ["recover warrior 9"]


def test_3_6_holda_through_odin_takes_a_camp_card_and_her_mercenary_waits_for_the_end_of_the_age() -> None:
    state = odin_at_round_end("skaa")
    set_camp(state, "mercenary warrior 6 explorer 8")
    state = apply(state, 0, "odin skaa for holda")
    state = apply(state, 0, "camp mercenary warrior 6 explorer 8")
    assert "mercenary warrior 6 explorer 8" in state.seats[0].command
    assert not any(t.kind == "enlist" for t in state.tasks)  # not even queued for later
    assert asked(state) != (0, "enlist")


def test_3_7_svafa_measures_betterment_from_the_target_with_jarikas_two() -> None:
    state = both(2)
    hold(state, 0, "svafa", "jarika")
    set_coins(state, treasure=[10, 11])
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    state = bid_all(state, "bid 0 5 2", "bid 2 4 3")  # 3 + 4 + 2 = 9 wanted, a 10 comes
    state = apply(apply(state, 1, "take hunter"), 0, "take hunter")
    assert 10 in state.seats[0].pouch and state.seats[0].marks["svafa"] == 1


def test_3_9_loki_and_freya_touch_tavern_cards_never_camp_cards() -> None:
    state = both(2)
    hold(state, 0, "loki", "freya")
    state = next_round(state)
    set_camp(state, "draupnir", "svalinn")
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["warrior 3"] * 3)
    moves = texts(state, 0)
    assert not any("draupnir" in m or "svalinn" in m for m in moves)
    state = apply(state, 0, "pass")
    assert not any("draupnir" in m for m in texts(state, 0))


def test_3_9_a_loki_reservation_ends_when_its_owner_takes_a_camp_card_there() -> None:
    state = both(3)
    hold(state, 1, "loki")
    state = next_round(state)
    set_camp(state, "draupnir")
    set_taverns(state, ["warrior 7", "hunter", "miner 1"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(state, 1, "loki warrior 7 in goblin")
    state = apply(apply(apply(state, 0, "bid 2 4 3"), 1, "bid 5 3 2"), 2, "bid 4 3 2")
    state = apply(state, 1, "camp draupnir")
    assert "take warrior 7" in texts(state, 2)


def test_3_10_mercenaries_and_vegvisir_never_trigger_a_capture() -> None:
    from engine.nidavellir.recruiting import gain

    state = both(2)
    hold(state, 0, "surt", "gymir")
    gain(state, 0, "vegvisir")
    hold(state, 0, "mercenary warrior 9 explorer 11")
    now(state, enlists(0))
    state = apply(state, 0, "enlist warrior 9 explorer 11 as warrior")
    assert [g["state"] for g in GAME.view(state, None)["seats"][0]["giants"]] == ["waiting", "waiting"]


def test_3_13_camp_cards_are_ranks_for_garm_and_nidhogg() -> None:
    assert column_points(GAME.ruleset, ["garm", "vegvisir", "double"], EXPLORER) == 9 + 13 + 4
    assert column_points(GAME.ruleset, ["nidhogg", "mercenary warrior 6 miner 1"], WARRIOR) == 5 + 6 + 4


def test_3_15_a_double_taken_from_the_discard_pile_does_not_move_sigrdrifa() -> None:
    state = both(2)
    hold(state, 0, "sigrdrifa", "andumia")
    set_discard(state, "double")
    now(state, recovers(0, through="andumia"))
    state = apply(apply(state, 0, "recover double"), 0, "double to miner")
    assert state.seats[0].marks.get("sigrdrifa", 0) == 0 and ranks(state.ruleset, state.seats[0], 3) == 1


def test_3_17_full_order_of_a_round_with_both_expansions() -> None:
    state = both(2)
    hold(state, 1, "loki", "freya")
    hold(state, 0, "odin", "skaa")
    set_camp(state)
    state = next_round(state)
    # 1. taverns dealt (mythology in the Dragon) and the camp refilled before Loki chooses
    assert len(state.camp) == 5 and asked(state) == (1, "loki")
    assert GAME.view(state, None)["taverns"][1]["mythology"]
    # 2. Loki, then Freya; 3. bids
    state = apply(apply(state, 1, "pass"), 1, "pass")
    assert state.phase == "bid" and asked(state) == (None, "bid")
    state = bid_all(state)
    # 4. the taverns in order; 5. Odin after the third, before the coins go back
    state = play_until_asked(state, "odin")
    assert state.tavern == 2 and state.seats[0].bids[2] != -1
    state = apply(state, 0, "pass")
    # 6. coins back, next round dealt: Loki's owner chooses again
    assert state.round == 3 and all(b == -1 for b in state.seats[0].bids) and asked(state) == (1, "loki")


def test_3_3_thor_cancels_hofud_for_its_owner_in_a_game_with_both() -> None:
    state = both(3)
    hold(state, 2, "thor")
    give_army(state, 1, warrior=["warrior 6"])
    give_army(state, 2, warrior=["warrior 8"])
    set_camp(state, "hofud")
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    state = apply(bid_all(state), 0, "camp hofud")
    state = play_until_asked(state, "card_discard")
    state = apply(state, 1, "discard warrior 6 from warrior")
    assert texts(state, 2) == ["discard warrior 8 from warrior", "thor"]
    state = apply(state, 2, "thor")
    assert state.seats[2].army[WARRIOR] == ["warrior 8"] and state.seats[1].army[WARRIOR] == []


def test_3_6_holda_through_thrivaldi_takes_a_camp_card() -> None:
    state = both(2)
    hold(state, 0, "thrivaldi")
    set_camp(state, "draupnir")
    set_taverns(state, ["blacksmith", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(bid_all(state), 0, "capture blacksmith"), 0, "recruit holda")
    assert texts(state, 0) == ["camp draupnir"]
    state = apply(state, 0, "camp draupnir")
    assert "draupnir" in state.seats[0].command and state.camp_picks[0] == -1  # not the tavern's camp visit


def test_3_11_a_mercenary_enlisted_elsewhere_does_not_move_olrun() -> None:
    state = both(2)
    hold(state, 0, "olrun")
    olrun_watches(state, 0, "explorer")
    hold(state, 0, "mercenary warrior 6 explorer 8")
    now(state, enlists(0))
    state = apply(state, 0, "enlist warrior 6 explorer 8 as warrior")
    assert state.seats[0].marks.get("olrun", 0) == 0


def test_3_12_an_olwyn_double_is_a_zero_point_rank_for_ratatosk() -> None:
    assert column_points(GAME.ruleset, ["ratatosk", "double", "miner 0"], 3) == (2 + 1) * 3


def test_3_14_hofud_can_never_take_nidhogg() -> None:
    state = both(2)
    give_army(state, 1, warrior=["nidhogg"])
    now(state, discards_card_for(1, "hofud"))
    assert asked(state) == (None, "bid") and state.seats[1].army[WARRIOR] == ["nidhogg"]  # nobody asked
