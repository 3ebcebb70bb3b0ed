"""Thingvellir's camp (rules sheet nidavellir-expansions.md 1.2, 1.3; cases T1–T5, Q1, Q12)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.errors import IllegalMove
from engine.nidavellir import GAME
from engine.nidavellir.ages import start_age
from engine.nidavellir.components import ARTEFACT, MERCENARY
from engine.nidavellir.rounds import start_round
from engine.nidavellir.state import START_AGE, NidavellirState, Task
from engine.nidavellir.thingvellir.cards import CAMP_DECKS, THINGVELLIR_HERO_KEYS
from tests.nidavellir.position import apply, fresh, hold, seat0_first_at_goblin, set_camp, set_gems, set_taverns, texts

CARDS = GAME.ruleset.cards  # the shipped game's


def test_thingvellir_setup_shuffles_two_camp_decks_of_six_artefacts_and_six_mercenaries() -> None:
    for age, cards in enumerate(CAMP_DECKS, start=1):
        kinds = Counter(CARDS[c].kind for c in cards)
        assert kinds == Counter({ARTEFACT: 6, MERCENARY: 6})
        assert all(CARDS[c].age in (age, 0) for c in cards)
    state = fresh(3, thingvellir=True)
    assert len(state.camp) == 5 and len(state.camp_decks[0]) == 7 and len(state.camp_decks[1]) == 12
    assert sorted(state.camp + state.camp_decks[0]) == sorted(CAMP_DECKS[0])
    assert set(THINGVELLIR_HERO_KEYS) <= set(state.reserve) and len(state.reserve) == 27
    assert state.aside == ["double", "double"]
    other = fresh(3, seed=2, thingvellir=True)
    assert other.camp_decks[1] != state.camp_decks[1]  # shuffled with the game's seed


def test_a_base_game_draws_exactly_as_before_thingvellir_existed() -> None:
    base, camp = fresh(4, seed=9), fresh(4, seed=9, thingvellir=True)
    assert base.decks == camp.decks and base.taverns == camp.taverns
    assert [s.gem for s in base.seats] == [s.gem for s in camp.seats]
    assert base.camp == [] and base.camp_decks == [[], []]


def test_t1_camp_is_refilled_to_five_at_the_start_of_every_round() -> None:
    state = fresh(4, thingvellir=True)
    set_camp(state, *state.camp[:3])
    assert len(state.camp_decks[0]) == 7
    start_round(state)
    assert len(state.camp) == 5 and len(state.camp_decks[0]) == 5


def test_cards_taken_from_the_camp_are_not_replaced_until_the_next_round() -> None:
    state = seat0_first_at_goblin(fresh(2, thingvellir=True), ["hunter"] * 3)
    card = state.camp[0]
    state = apply(state, 0, f"camp {card}")
    assert len(state.camp) == 4


def test_q12_an_empty_camp_deck_leaves_the_camp_short() -> None:
    state = fresh(2, thingvellir=True)
    set_camp(state, *state.camp[:2], decks=(["draupnir"], state.camp_decks[1]))
    events = start_round(state)
    assert len(state.camp) == 3 and state.camp_decks[0] == []
    assert "The camp is refilled to 3 cards." in [e.text for e in events]


def test_t2_age_two_removes_the_age_one_camp_cards_from_the_game_and_fills_from_the_age_two_deck() -> None:
    state = fresh(3, thingvellir=True)
    set_camp(state, "draupnir", "mercenary hunter miner 1")
    discard = list(state.discard)
    events = start_age(state, Task(START_AGE))
    assert state.age == 2 and len(state.camp) == 5
    assert all(CARDS[c].age in (2, 0) for c in state.camp)
    assert state.discard == discard  # out of the game, not to the discard pile
    assert "draupnir" not in state.camp
    assert any("leave the game: Draupnir, Mercenary Hunter / Miner 1" in e.text for e in events)


def three_players() -> NidavellirState:
    """Gems 3, 5, 4: on tied bids seat 2 picks before seat 3."""
    state = fresh(3, thingvellir=True)
    set_gems(state, 3, 5, 4)
    return state


def test_t3_first_picker_may_take_a_camp_card_and_the_tavern_card_left_is_discarded() -> None:
    state = three_players()
    set_camp(state, "mercenary warrior 6 explorer 8", "draupnir")
    state = seat0_first_at_goblin(state, ["hunter", "blacksmith", "miner 1"])
    assert "camp mercenary warrior 6 explorer 8" in texts(state, 0)
    state = apply(state, 0, "camp mercenary warrior 6 explorer 8")
    assert state.seats[0].command == ["mercenary warrior 6 explorer 8"]
    assert state.seats[0].army == [[], [], [], [], []]  # it waits in the command zone
    state = apply(state, 1, "take hunter")
    state = apply(state, 2, "take blacksmith")
    assert state.taverns[0] == [] and state.discard[-1] == "miner 1"


def test_only_the_first_picker_may_visit_the_camp() -> None:
    state = three_players()
    state = seat0_first_at_goblin(state, ["hunter", "blacksmith", "miner 1"])
    state = apply(state, 0, "take hunter")
    assert not any(t.startswith("camp") for t in texts(state, 1))
    with pytest.raises(IllegalMove, match="Only the first picker of a tavern"):
        GAME.apply(state, 1, f"camp {state.camp[0]}")


def test_t4_two_players_first_picker_at_the_camp_discards_one_tavern_card() -> None:
    state = fresh(2, thingvellir=True)
    set_camp(state, "draupnir")
    state = seat0_first_at_goblin(state, ["hunter", "blacksmith", "miner 1"])
    state = apply(state, 0, "camp draupnir")
    assert GAME.to_move(state) == {0}
    assert texts(state, 0) == ["discard blacksmith from goblin", "discard hunter from goblin",
                               "discard miner 1 from goblin"]
    state = apply(state, 0, "discard miner 1 from goblin")
    assert state.discard[-1] == "miner 1"
    assert texts(state, 1) == ["take blacksmith", "take hunter"]
    state = apply(state, 1, "take hunter")
    assert state.discard[-1] == "blacksmith" and state.taverns[0] == []


def test_two_players_second_picker_with_fafnir_at_the_camp_leaves_two_cards_to_the_discard_pile() -> None:
    state = fresh(2, thingvellir=True)
    hold(state, 1, "fafnir")
    set_camp(state, "draupnir")
    state = seat0_first_at_goblin(state, ["hunter", "blacksmith", "miner 1"])
    state = apply(state, 0, "take hunter")
    state = apply(state, 1, "camp draupnir")
    assert state.discard[-2:] == ["blacksmith", "miner 1"]  # no discard choice for the second picker


def test_t5_fafnir_lets_its_owner_visit_the_camp_unless_someone_already_did_in_this_tavern() -> None:
    state = three_players()
    hold(state, 1, "fafnir")
    set_camp(state, "draupnir", "svalinn")
    state = seat0_first_at_goblin(state, ["hunter", "blacksmith", "miner 1"])
    took_card = apply(state, 0, "take hunter")
    assert "camp draupnir" in texts(took_card, 1)
    took_camp = apply(state, 0, "camp svalinn")
    assert not any(t.startswith("camp") for t in texts(took_camp, 1))
    with pytest.raises(IllegalMove, match="Seat 1 already took a camp card in this tavern"):
        GAME.apply(took_camp, 1, "camp draupnir")


def test_camp_visits_are_counted_per_tavern() -> None:
    state = fresh(2, thingvellir=True)
    set_camp(state, "draupnir", "svalinn")
    state = seat0_first_at_goblin(state, ["hunter"] * 3)
    state = apply(state, 0, "camp draupnir")
    state = apply(apply(state, 0, "discard hunter from goblin"), 1, "take hunter")
    assert GAME.to_move(state) == {0} and "camp svalinn" in texts(state, 0)  # the Dragon: seat 0 first again


def test_holdas_camp_card_does_not_use_up_the_taverns_camp_visit() -> None:
    from tests.nidavellir.test_thingvellir_heroes import line_short_of_a_warrior

    state = line_short_of_a_warrior(players=3)
    hold(state, 2, "fafnir")
    set_camp(state, "draupnir", "svalinn")
    state = apply(state, 0, "take warrior 3")
    state = apply(state, 0, "recruit holda")
    assert texts(state, 0) == ["camp draupnir", "camp svalinn"]
    state = apply(state, 0, "camp draupnir")
    state = apply(state, 1, "take hunter")
    assert "camp svalinn" in texts(state, 2)  # Fafnir's owner may still visit in this tavern


def test_q1_holda_with_an_empty_camp_brings_nothing() -> None:
    from tests.nidavellir.test_thingvellir_heroes import line_short_of_a_warrior

    state = line_short_of_a_warrior()
    set_camp(state)
    state = apply(state, 0, "take warrior 3")
    step = GAME.apply(state, 0, "recruit holda")
    assert "The camp is empty: Holda brings nothing." in [e.text for e in step.events]
    assert "holda" in step.state.seats[0].heroes and GAME.to_move(step.state) == {1}


def test_camp_and_taverns_views_show_the_camp_face_up_and_who_visited_it() -> None:
    state = fresh(2, thingvellir=True)
    set_camp(state, "draupnir", "mercenary hunter explorer 8")
    state = seat0_first_at_goblin(state, ["hunter"] * 3)
    state = apply(state, 0, "camp mercenary hunter explorer 8")
    view = GAME.view(state, 1)
    assert [c["key"] for c in view["camp"]["cards"]] == ["draupnir"]
    assert view["camp"]["visits"] == [0, None, None]
    assert view["camp"]["decks"] == {"age1": 7, "age2": 12}
    merc = view["seats"][0]["mercenaries"][0]
    assert merc["options"] == [{"suit": "hunter", "bravery": 0}, {"suit": "explorer", "bravery": 8}]
    assert GAME.view(fresh(2), None)["camp"] is None


def test_the_camp_refill_event_names_no_card_from_the_hidden_camp_deck() -> None:
    state = fresh(2, thingvellir=True)
    set_camp(state)
    events = [e.text for e in start_round(state)]
    assert events[-1] == "The camp is refilled to 5 cards."
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
