"""The position builder itself: each named step is asked as the engine asks it in play, so rule
tests built on it stand on real positions."""

from __future__ import annotations

from tests.nidavellir.position import (
    apply,
    asked,
    chooses_column,
    discards_card_for,
    discards_for,
    enlists,
    fresh,
    give_army,
    hold,
    now,
    picks,
    places_gullinbursti,
    recovers,
    recruits,
    set_coins,
    set_discard,
    set_taverns,
    texts,
    transforms,
)


def test_a_pick_in_a_tavern_is_asked_and_the_tavern_ends_as_in_play() -> None:
    state = fresh(2)
    set_taverns(state, ["warrior 7", "hunter"], ["miner 1", "hunter"], ["explorer 5", "hunter"])
    set_coins(state, 0, pouch=[0, 2, 3], bids=[5, 4, 3])
    set_coins(state, 1, pouch=[0, 2, 3], bids=[4, 5, 3])
    now(state, picks(1, "dragon"), picks(0, "dragon"))
    assert asked(state) == (1, "pick") and texts(state, 1) == ["take hunter", "take miner 1"]
    state = apply(state, 1, "take miner 1")
    assert asked(state) == (0, "pick")


def test_each_named_step_asks_its_seat_for_its_choice() -> None:
    state = fresh(3, thingvellir=True)
    set_coins(state, 2, pouch=[0, 2, 3, 4, 5])
    give_army(state, 1, warrior=["warrior 3"], miner=["miner 1"], hunter=["hunter"])
    hold(state, 0, "thrud", "mercenary warrior 6 explorer 8")
    set_discard(state, "warrior 9")
    cases = [
        (transforms(2, "offering 3"), (2, "transform"), "transform 2 pouch"),
        (chooses_column(0, "thrud"), (0, "thrud"), "thrud to warrior"),
        (discards_for(1, "dagda"), (1, "discard"), "discard miner"),
        (recruits(2, "gjallarhorn"), (2, "recruit"), "recruit skaa"),
        (enlists(0), (0, "enlist"), "enlist warrior 6 explorer 8 as warrior"),
        (recovers(2, "andumia"), (2, "recover"), "recover warrior 9"),
        (discards_card_for(1, "hofud"), (1, "card_discard"), "discard warrior 3 from warrior"),
    ]
    for step, seen, move in cases:
        position = state.copy()
        now(position, step)
        assert asked(position) == seen
        assert move in texts(position, seen[0] or 0)


def test_a_step_with_nothing_to_choose_is_dropped_as_in_play() -> None:
    state = fresh(2, idavoll=True)
    now(state, places_gullinbursti(0))
    assert asked(state) == (0, "gullinbursti")
    state = fresh(2, thingvellir=True)
    now(state, discards_card_for(1, "hofud"))  # seat 1 has no warrior
    assert asked(state) == (None, "bid")
