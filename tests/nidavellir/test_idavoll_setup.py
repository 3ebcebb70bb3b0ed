"""Idavoll's set-up and its place in the round (rules sheet 2.2, 2.3; I17), the mythology
tavern, leftover mythology cards, and the encoding of Idavoll games."""

from __future__ import annotations

import json

import pytest

from engine.nidavellir import GAME
from engine.nidavellir.cards import deck
from engine.nidavellir.components import MYTHOLOGY_KINDS
from engine.nidavellir.idavoll.cards import MYTHOLOGY_KEYS
from engine.nidavellir.state import NidavellirState
from tests.nidavellir.position import apply, bid_all, captured, fresh, hold, next_round, set_round, set_taverns, texts

CARDS = GAME.ruleset.cards  # the shipped game's


@pytest.mark.parametrize(("players", "deck_size", "reserve", "age1_rounds"),
                         [(2, 9, 11, 5), (3, 9, 11, 5), (4, 12, 8, 4), (5, 15, 5, 4)])
def test_i17_mythology_deck_and_reserve_per_player_count_and_age_1_one_round_longer(
        players: int, deck_size: int, reserve: int, age1_rounds: int) -> None:
    state = fresh(players, idavoll=True)
    per_tavern = max(3, players)
    # round 1 already took one tavern's worth from the mythology deck
    assert len(state.myth_deck) + per_tavern == deck_size
    assert len(state.myth_reserve) == reserve
    assert sorted(state.myth_deck + state.myth_reserve + state.taverns[1]) == sorted(MYTHOLOGY_KEYS)
    assert state.rounds_this_age == age1_rounds
    assert GAME.view(state, None)["rounds"] == age1_rounds
    # Age 1 cards only in the Goblin and the Horse, so the Age 1 deck lasts a round longer
    assert len(state.decks[0]) == len(deck(1, players)) - 2 * per_tavern
    assert state.aside == ["gullinbursti"]


def test_the_twenty_mythology_cards_are_five_of_each_kind() -> None:
    kinds = [CARDS[key].kind for key in MYTHOLOGY_KEYS]
    assert len(kinds) == 20 and all(kinds.count(kind) == 5 for kind in MYTHOLOGY_KINDS)


def play_round_with_first_moves(state: NidavellirState) -> NidavellirState:
    start = state.round
    while state.round == start and state.phase in ("bid", "pick"):
        seat = min(GAME.to_move(state))
        state = apply(state, seat, texts(state, seat)[0])
    return state


def test_mythology_cards_fill_the_dancing_dragon_in_rounds_1_to_3_of_age_1_only() -> None:
    state = fresh(3, idavoll=True)
    for round_no in (1, 2, 3, 4, 5):
        assert state.round == round_no
        view = GAME.view(state, None)
        myth = [all(c["kind"] in MYTHOLOGY_KINDS for c in t["cards"]) for t in view["taverns"]]
        assert myth == [False, round_no <= 3, False]
        assert [t["mythology"] for t in view["taverns"]] == [False, round_no <= 3, False]
        state = play_round_with_first_moves(state)
    assert state.myth_deck == [] and state.decks[0] == []


def test_age_2_is_unchanged_by_idavoll() -> None:
    state = fresh(4, idavoll=True)
    set_round(state, 1, age=2)
    assert state.rounds_this_age == 3


def test_leftover_mythology_cards_leave_the_game_not_to_the_discard_pile() -> None:
    state = fresh(2, idavoll=True)
    set_taverns(state, ["hunter"] * 3, ["surt", "loki", "garm"], ["hunter"] * 3)
    state = bid_all(state)
    state = apply(apply(state, 0, "take hunter"), 1, "take hunter")
    discard_before, reserve_before = list(state.discard), list(state.myth_reserve)
    state = apply(apply(state, 0, "take loki"), 1, "take garm")
    assert "surt" not in state.discard and state.myth_reserve == reserve_before
    assert state.discard == discard_before == ["hunter"]  # the Goblin's leftover only


def test_mythology_cards_are_taken_with_take_and_go_where_their_kind_says() -> None:
    state = fresh(2, idavoll=True)
    set_taverns(state, ["hunter"] * 3, ["nidhogg", "loki", "surt"], ["hunter"] * 3)
    state = bid_all(state, "bid 4 5 3", "bid 5 4 2")
    state = apply(apply(state, 1, "take hunter"), 0, "take hunter")
    assert "take nidhogg" in texts(state, 0)
    state = apply(apply(state, 0, "take nidhogg"), 1, "take loki")
    assert state.seats[0].army[4] == ["nidhogg"]
    assert "loki" in state.seats[1].command


def test_idavoll_encoding_round_trips_and_base_encodings_have_no_idavoll_fields() -> None:
    state = fresh(3, idavoll=True)
    hold(state, 0, "surt")
    captured(state, 0, "surt", "warrior 7")
    data = json.loads(json.dumps(GAME.encode(state)))
    assert GAME.decode(data) == state
    assert {"myth_deck", "myth_reserve", "drawn", "reserved"} <= set(data)
    base = GAME.encode(fresh(3, thingvellir=True))
    assert not {"myth_deck", "myth_reserve", "drawn", "reserved", "reserved_card"} & set(base)
    assert all("captured" not in seat for seat in base["seats"])


def test_next_round_deals_mythology_again_while_the_deck_lasts() -> None:
    state = next_round(fresh(5, idavoll=True))
    assert len(state.taverns[1]) == 5 and all(CARDS[c].kind in MYTHOLOGY_KINDS for c in state.taverns[1])
    assert len(state.myth_deck) == 5


def test_with_both_expansions_gullinbursti_and_olwyns_doubles_are_all_set_aside() -> None:
    state = fresh(3, idavoll=True, thingvellir=True)
    assert sorted(state.aside) == ["double", "double", "gullinbursti"]
    assert GAME.view(state, None)["camp"]["doubles_aside"] == 2
    assert GAME.view(state, None)["mythology"]["gullinbursti_aside"]


def test_determinize_redeals_the_face_down_mythology_deck_and_reserve_together() -> None:
    state = fresh(4, idavoll=True)
    worlds = [GAME.determinize(state, 0, seed) for seed in range(8)]
    for world in worlds:
        assert len(world.myth_deck) == len(state.myth_deck) and len(world.myth_reserve) == len(state.myth_reserve)
        assert sorted(world.myth_deck + world.myth_reserve) == sorted(state.myth_deck + state.myth_reserve)
        assert GAME.view(world, 0) == GAME.view(state, 0)
    assert len({tuple(world.myth_deck) for world in worlds}) > 1
