"""Idavoll's gods: each power's moment and choice (rules sheet 2.5; I2, I3, I11, I12, I22, D2,
D3, D12, Q5, Q6, Q8, Q17, Q19)."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove, NotYourTurn
from engine.nidavellir import GAME
from engine.nidavellir.components import EXPLORER, HUNTER, MINER, WARRIOR
from engine.nidavellir.recruiting import hero_total
from engine.nidavellir.state import NidavellirState
from tests.nidavellir.position import (
    apply,
    asked,
    bid_all,
    deck_top,
    discards_card_for,
    fresh,
    give_army,
    give_ranks,
    hold,
    next_round,
    now,
    play_first_moves,
    set_camp,
    set_round,
    set_taverns,
    texts,
    unrecruit,
)

GOBLIN = ["warrior 7", "hunter", "miner 1"]
DRAGON = ["explorer 9", "blacksmith", "hunter"]
HORSE = ["miner 2", "warrior 4", "hunter"]


def round_with(gods: dict[int, list[str]], players: int = 2, thingvellir: bool = False, *,
               dragon: list[str] = DRAGON, version: int | None = None) -> NidavellirState:
    """A new round (round 2 of Age 1) of an Idavoll game whose seats hold these gods, with known
    taverns; `version`: the history version it is set up under (None: the newest)."""
    state = fresh(players, idavoll=True, thingvellir=thingvellir, version=version)
    for seat, cards in gods.items():
        hold(state, seat, *cards)
    state = next_round(state)
    set_taverns(state, GOBLIN, dragon, HORSE)
    return state


def test_loki_then_freya_choose_after_the_taverns_fill_and_before_the_bids() -> None:
    state = round_with({0: ["freya"], 1: ["loki"]})
    assert GAME.to_move(state) == {1}
    assert asked(state) == (1, "loki") and [t.kind for t in state.tasks] == ["loki", "freya"]
    assert "pass" in texts(state, 1) and "loki warrior 7 in goblin" in texts(state, 1)
    with pytest.raises(NotYourTurn):
        GAME.apply(state, 0, "bid 5 4 3")
    state = apply(state, 1, "pass")
    assert GAME.to_move(state) == {0} and asked(state) == (0, "freya")
    state = apply(state, 0, "pass")
    assert GAME.to_move(state) == {0, 1} and state.phase == "bid"


def test_loki_reserves_a_card_only_its_owner_may_take() -> None:
    state = round_with({1: ["loki"]})
    state = apply(state, 1, "loki warrior 7 in goblin")
    assert GAME.view(state, None)["taverns"][0]["reserved"] == {"seat": 1, "card": "warrior 7"}
    state = bid_all(state)  # seat 0 picks first everywhere
    assert texts(state, 0) == ["take hunter", "take miner 1"]
    with pytest.raises(IllegalMove, match="reserved by Seat 2 \\(Loki\\)"):
        GAME.apply(state, 0, "take warrior 7")
    state = apply(apply(state, 0, "take hunter"), 1, "take warrior 7")
    assert "warrior 7" in state.seats[1].army[WARRIOR]


def test_loki_reservation_ends_when_its_owner_picks_there_whatever_they_take() -> None:
    state = round_with({1: ["loki"]}, players=3)
    state = apply(state, 1, "loki warrior 7 in goblin")
    state = apply(apply(apply(state, 0, "bid 2 4 3"), 1, "bid 5 3 2"), 2, "bid 4 3 2")
    state = apply(state, 1, "take miner 1")  # seat 1 picks first and leaves its card
    assert GAME.view(state, None)["taverns"][0]["reserved"] is None
    assert "take warrior 7" in texts(state, 2)
    assert not GAME.view(state, None)["seats"][1]["gods"][0]["power"]


def test_loki_power_is_used_once_and_passing_keeps_it() -> None:
    state = apply(round_with({0: ["loki"]}), 0, "pass")
    state = next_round(state)
    set_taverns(state, GOBLIN, DRAGON, HORSE)
    assert asked(state) == (0, "loki")
    state = apply(state, 0, "loki hunter in dragon")
    state = next_round(state)
    assert not any(t.kind == "loki" for t in state.tasks)


def test_freya_swaps_two_cards_of_two_different_taverns() -> None:
    state = round_with({0: ["freya"]})
    state = apply(state, 0, "freya warrior 7 in goblin with explorer 9 in dragon")
    assert sorted(state.taverns[0]) == sorted(["explorer 9", "hunter", "miner 1"])
    assert sorted(state.taverns[1]) == sorted(["warrior 7", "blacksmith", "hunter"])
    assert not any(t.kind == "freya" for t in next_round(state).tasks)


def test_d12_freya_refuses_two_cards_of_one_tavern() -> None:
    state = round_with({0: ["freya"]})
    with pytest.raises(IllegalMove, match="two different taverns"):
        GAME.apply(state, 0, "freya warrior 7 in goblin with hunter in goblin")


def test_freya_writes_the_taverns_in_table_order_whatever_order_is_typed() -> None:
    state = round_with({0: ["freya"]})
    move = GAME.parse_move(state, 0, "Freya explorer 9 dragon warrior 7 goblin")
    assert move.text == "freya warrior 7 in goblin with explorer 9 in dragon"


def test_q6_freya_may_move_the_card_loki_reserved_and_the_reservation_follows() -> None:
    state = round_with({0: ["freya"], 1: ["loki"]})
    state = apply(state, 1, "loki warrior 7 in goblin")
    state = apply(state, 0, "freya warrior 7 in goblin with miner 2 in horse")
    assert GAME.view(state, None)["taverns"][2]["reserved"] == {"seat": 1, "card": "warrior 7"}
    assert GAME.view(state, None)["taverns"][0]["reserved"] is None


def frigg_at_goblin(players: int = 2) -> NidavellirState:
    state = round_with({0: ["frigg"]}, players)
    deck_top(state, 1, "explorer 12", "warrior 10", "blacksmith")
    return bid_all(state)


def test_i22_frigg_puts_a_card_under_the_deck_draws_three_keeps_one_and_orders_the_others() -> None:
    state = frigg_at_goblin()
    size = len(state.decks[0])
    assert "frigg hunter" in texts(state, 0)
    step = GAME.apply(state, 0, "frigg hunter")
    assert not any("Explorer 12" in e.text for e in step.events if e.public)  # the drawn cards stay private
    state = step.state
    assert sorted(state.taverns[0]) == ["miner 1", "warrior 7"]  # A and C stay for the others
    assert GAME.view(state, 0)["mythology"]["drawn"] is not None
    assert GAME.view(state, 1)["mythology"]["drawn"] is None
    assert texts(state, 0) == ["keep blacksmith", "keep explorer 12", "keep warrior 10"]
    state = apply(state, 0, "keep warrior 10")
    assert texts(state, 0) == ["under blacksmith", "under explorer 12"]
    state = apply(state, 0, "under explorer 12")
    assert state.decks[0][:3] == ["blacksmith", "explorer 12", "hunter"]
    assert len(state.decks[0]) == size
    assert "warrior 10" in state.seats[0].army[WARRIOR]
    assert state.seats[0].marks["frigg"]  # the power is spent
    assert GAME.to_move(state) == {1}  # seat 0's pick (and trade, if any) is over


def test_i12_frigg_can_not_be_used_in_the_last_round_of_an_age() -> None:
    state = frigg_at_goblin()
    set_round(state, "last")
    assert not any(t.startswith("frigg") for t in texts(state, 0))
    with pytest.raises(IllegalMove, match="last round"):
        GAME.apply(state, 0, "frigg hunter")


def test_d3_frigg_is_not_offered_among_mythology_cards() -> None:
    state = fresh(2, idavoll=True)
    hold(state, 0, "frigg")
    set_taverns(state, ["hunter"] * 3, ["surt", "loki", "garm"], ["hunter"] * 3)
    state = bid_all(state, "bid 3 5 4", "bid 4 3 2")
    state = apply(apply(state, 1, "take hunter"), 0, "take hunter")
    assert texts(state, 0) == ["take garm", "take loki", "take surt"]
    with pytest.raises(IllegalMove, match="a dwarf or a Royal Offering under the deck, not Surt"):
        GAME.apply(state, 0, "frigg surt")


def test_q5_a_dwarf_kept_with_frigg_is_never_captured_and_the_giant_keeps_waiting() -> None:
    state = frigg_at_goblin()
    hold(state, 0, "surt")
    state = apply(apply(state, 0, "frigg hunter"), 0, "keep warrior 10")
    assert "warrior 10" in state.seats[0].army[WARRIOR]
    assert GAME.view(state, None)["seats"][0]["giants"][0]["state"] == "waiting"


def dagda_line(*extra: str, taken: str = "warrior 4", **army: list[str]) -> NidavellirState:
    """Seat 0 picks first at the Goblin, where `taken` completes its first line; it recruits Dagda."""
    state = fresh(2, idavoll=True, thingvellir=True)
    hold(state, 0, *extra)
    base = {"blacksmith": ["blacksmith"], "hunter": ["hunter"], "explorer": ["explorer 5"], "miner": ["miner 1"],
            "warrior": ["warrior 3"]}
    give_army(state, 0, **{**base, **army})
    unrecruit(state, 0, *(h for h in state.seats[0].heroes if h not in extra))
    set_taverns(state, [taken, "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(bid_all(state), 0, f"take {taken}")
    return apply(state, 0, "recruit dagda")


def test_i2_thor_cancels_one_of_dagdas_two_discards() -> None:
    state = dagda_line("thor")
    assert "thor" in texts(state, 0)
    state = apply(apply(state, 0, "discard miner"), 0, "thor")
    assert state.seats[0].army[MINER] == [] and state.seats[0].army[EXPLORER] == ["explorer 5"]
    assert not GAME.view(state, None)["seats"][0]["gods"][0]["power"]
    assert not any(t.kind == "discard" for t in state.tasks)


def test_q19_with_thor_ready_dagda_needs_one_column_and_thor_then_cancels_the_missing_discard() -> None:
    state = dagda_line("thor", taken="miner 2", blacksmith=["aegur"], explorer=["idunn"], miner=[],
                       warrior=["warrior 3", "kraal"])
    # only the miner column can lose its top card; Thor's token made Dagda recruitable
    state = apply(state, 0, "discard miner")
    assert texts(state, 0) == ["thor"]
    state = apply(state, 0, "thor")
    assert state.seats[0].marks["thor"] == 1


def test_without_thor_dagda_needs_two_discardable_columns() -> None:
    state = fresh(2, idavoll=True)
    give_army(state, 0, blacksmith=["aegur"], hunter=["hunter"], explorer=["idunn"], miner=["miner 1"],
              warrior=["warrior 3"])
    unrecruit(state, 0)
    set_taverns(state, ["warrior 4", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(bid_all(state), 0, "take warrior 4")
    assert "recruit dagda" in texts(state, 0)  # miner and warrior (the warrior 4 on top)
    give_ranks(state, 0, warrior=[*state.seats[0].army[WARRIOR], "kraal"])
    assert "recruit dagda" not in texts(state, 0)


def test_thor_cancels_bonfurs_discard() -> None:
    state = fresh(2, idavoll=True)
    hold(state, 0, "thor")
    give_army(state, 0, blacksmith=["blacksmith"], hunter=["hunter"], explorer=["explorer 5"], miner=["miner 1"],
              warrior=["warrior 3"])
    unrecruit(state, 0)
    set_taverns(state, ["warrior 4", "hunter", "hunter"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(bid_all(state), 0, "take warrior 4"), 0, "recruit bonfur")
    state = apply(state, 0, "thor")
    assert [len(c) for c in state.seats[0].army] == [2, 1, 1, 1, 2]  # Bonfur joined; nothing left


def test_thor_cancels_a_hofud_discard_aimed_at_its_owner() -> None:
    state = fresh(2, idavoll=True, thingvellir=True)
    hold(state, 1, "thor")
    give_army(state, 1, warrior=["kraal", "warrior 6", "mercenary warrior 9 explorer 11"])
    now(state, discards_card_for(1, "hofud"))
    assert texts(state, 1) == ["discard mercenary warrior 9 explorer 11 from warrior",
                               "discard warrior 6 from warrior", "thor"]
    state = apply(state, 1, "thor")
    assert len(state.seats[1].army[WARRIOR]) == 3


def test_thor_cancels_the_brisingamens_end_of_game_discard() -> None:
    state = fresh(2, idavoll=True, thingvellir=True)
    hold(state, 0, "thor")
    give_army(state, 0, hunter=["hunter"])
    now(state, discards_card_for(0, "brisingamens"))
    state = apply(state, 0, "thor")
    assert state.seats[0].army[HUNTER] == ["hunter"]


def test_thor_does_not_cancel_the_two_player_camp_discard() -> None:
    state = fresh(2, idavoll=True, thingvellir=True)
    hold(state, 0, "thor")
    set_camp(state, "draupnir")
    set_taverns(state, ["hunter", "warrior 3", "miner 1"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(bid_all(state), 0, "camp draupnir")
    assert all(t.startswith("discard") for t in texts(state, 0))


def to_round_end(state: NidavellirState) -> NidavellirState:
    """Both seats bid; everyone takes its first legal card until Odin's owner must choose."""
    return play_first_moves(bid_all(state), until=lambda s: asked(s) in (None, (None, "bid"))
                            or asked(s) == (0, "odin"))


def test_d2_odin_chooses_at_the_end_of_the_round_before_the_coins_go_back() -> None:
    state = round_with({0: ["odin", "skaa"]})
    state = to_round_end(state)
    assert asked(state) == (0, "odin") and state.tavern == 2
    assert state.seats[0].bids != [-1, -1, -1]  # the coins are still on the taverns
    assert all(not t for t in state.taverns)  # the third tavern is over
    assert "odin skaa for grid" in texts(state, 0) and "pass" in texts(state, 0)


def test_i3_odin_gives_thrud_back_for_a_dwerg_hero_total_and_sigrdrifa_unchanged() -> None:
    state = round_with({0: ["odin", "sigrdrifa"]})
    give_army(state, 0, warrior=["thrud"])
    state = to_round_end(state)
    before = hero_total(state, 0)
    state = apply(state, 0, "odin thrud for dwerg")
    player = state.seats[0]
    assert "thrud" not in player.heroes and "thrud" in state.reserve and player.army[WARRIOR] == []
    assert any(h.startswith("dwerg") for h in player.heroes)
    assert hero_total(state, 0) == before and player.marks.get("sigrdrifa", 0) == 0
    assert state.round == 3  # the next round began once Odin was done


def test_i11_odin_swaps_skaa_for_grid_whose_transform_happens_sigrdrifa_does_not_move() -> None:
    state = round_with({0: ["odin", "sigrdrifa", "skaa"]})
    state = to_round_end(state)
    state = apply(state, 0, "odin skaa for grid")
    assert asked(state) == (0, "transform")  # Grid's +7, coins still on the taverns
    assert state.seats[0].marks.get("sigrdrifa", 0) == 0


def test_q17_odin_swaps_neutral_heroes_only() -> None:
    state = round_with({0: ["odin", "skaa"]})
    give_army(state, 0, warrior=["kraal"])
    state = to_round_end(state)
    assert not any("kraal" in t or "tarah" in t for t in texts(state, 0))
    with pytest.raises(IllegalMove, match="neutral heroes only"):
        GAME.apply(state, 0, "odin skaa for tarah")


def test_odin_without_a_neutral_hero_asks_nothing() -> None:
    state = round_with({0: ["odin"]})
    state = to_round_end(state)
    assert not any(t.kind == "odin" for t in state.tasks)


def test_q8_odin_giving_back_olwyn_leaves_his_doubles_in_the_army() -> None:
    state = round_with({0: ["odin", "olwyn"]}, thingvellir=True)
    give_army(state, 0, miner=["double"], hunter=["double"])
    state = to_round_end(state)
    state = apply(state, 0, "odin olwyn for skaa")
    assert state.seats[0].army[MINER][-1] == "double" and state.seats[0].army[HUNTER][-1] == "double"
    assert "olwyn" in state.reserve
