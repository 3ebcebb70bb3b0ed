"""Setup per player count (rules 1.1, 1.2) and the refused expansion options."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.errors import BadOptions
from engine.nidavellir import GAME
from engine.nidavellir.cards import BASE_HERO_KEYS, cards_per_tavern, deck, rounds_per_age
from engine.nidavellir.components import BRONZE_FIVE, treasure
from tests.nidavellir.position import fresh


@pytest.mark.parametrize(("players", "gems"), [(2, [4, 5]), (3, [3, 4, 5]), (4, [2, 3, 4, 5]), (5, [1, 2, 3, 4, 5])])
def test_gems_in_play_depend_on_player_count(players: int, gems: list[int]) -> None:
    assert sorted(s.gem for s in fresh(players).seats) == gems


def test_gems_are_dealt_at_random() -> None:
    deals = {tuple(s.gem for s in fresh(4, seed).seats) for seed in range(20)}
    assert len(deals) > 1


def test_every_player_starts_with_bronze_coins_0_2_3_4_5() -> None:
    assert all(s.pouch == [0, 2, 3, 4, BRONZE_FIVE] for s in fresh(5).seats)


@pytest.mark.parametrize("players", [2, 3])
def test_royal_treasure_has_one_7_9_and_11_at_two_and_three_players(players: int) -> None:
    counts = Counter(treasure(players))
    assert (counts[7], counts[9], counts[11]) == (1, 1, 1)
    assert len(treasure(players)) == 28


@pytest.mark.parametrize("players", [4, 5])
def test_royal_treasure_full_at_four_and_five_players(players: int) -> None:
    counts = Counter(treasure(players))
    assert (counts[5], counts[7], counts[9], counts[11], counts[14], counts[25]) == (2, 3, 3, 3, 2, 1)
    assert len(treasure(players)) == 34


@pytest.mark.parametrize(("players", "age1", "age2"), [(2, 36, 37), (4, 36, 37), (5, 45, 46)])
def test_deck_sizes_include_five_player_cards_only_at_five(players: int, age1: int, age2: int) -> None:
    assert len(deck(1, players)) == age1
    assert len(deck(2, players)) == age2


def test_age_decks_differ_only_by_royal_offerings() -> None:
    one = Counter(c for c in deck(1, 3))
    two = Counter(c for c in deck(2, 3))
    assert one["offering 3"] == 1 and two["offering 5"] == 2
    del one["offering 3"], two["offering 5"]
    assert one == two


@pytest.mark.parametrize(("players", "per_tavern", "rounds"), [(2, 3, 4), (3, 3, 4), (4, 4, 3), (5, 5, 3)])
def test_cards_per_tavern_and_rounds_per_age(players: int, per_tavern: int, rounds: int) -> None:
    assert (cards_per_tavern(players), rounds_per_age(players)) == (per_tavern, rounds)
    state = fresh(players)
    assert [len(t) for t in state.taverns] == [per_tavern] * 3
    assert len(state.decks[0]) == len(deck(1, players)) - 3 * per_tavern


def test_all_21_heroes_start_face_up_in_the_reserve() -> None:
    state = fresh(2)
    assert len(BASE_HERO_KEYS) == 21
    assert sorted(state.reserve) == sorted(BASE_HERO_KEYS)
    assert len(GAME.view(state, None)["heroes"]) == 21


def test_both_expansions_are_options_playable_alone_or_together() -> None:
    assert {"thingvellir", "idavoll"} <= {spec.name for spec in GAME.options()}
    assert GAME.setup(3, {"idavoll": True}, 1).expansions == ["idavoll"]
    assert GAME.setup(3, {"idavoll": True, "thingvellir": True}, 1).expansions == ["idavoll", "thingvellir"]
    assert all("not available" not in spec.description for spec in GAME.options())


def test_player_count_outside_two_to_five_is_refused() -> None:
    with pytest.raises(BadOptions):
        GAME.setup(6, {}, 1)


@pytest.mark.parametrize("age", [1, 2])
def test_five_players_add_the_cards_marked_for_five(age: int) -> None:
    four = Counter(c for c in deck(age, 4))
    five = Counter(c for c in deck(age, 5))
    offering = "offering 3" if age == 1 else "offering 5"
    assert five - four == Counter({"blacksmith": 2, "hunter": 2, "warrior 10": 1, "miner 0": 1, "miner 1": 1,
                                   "explorer 12": 1, offering: 1})
    assert four[offering] == (1 if age == 1 else 2)
    assert [four[f"warrior {b}"] for b in range(3, 11)] == [1, 1, 1, 2, 1, 1, 1, 0]
    assert [four[f"miner {b}"] for b in range(3)] == [2, 2, 2]
    assert [four[f"explorer {b}"] for b in range(5, 13)] == [1] * 7 + [0]


def test_distinctions_are_laid_out_and_the_armorer_card_set_aside() -> None:
    state = fresh(4)
    assert [d["done"] for d in GAME.view(state, None)["distinctions"]] == [False] * 5
    assert all(c != "armorer" for d in state.decks for c in d)
