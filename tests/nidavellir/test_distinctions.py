"""End of Age 1: Ylud, then the distinctions in order (rules 1.4)."""

from __future__ import annotations

from engine.nidavellir import GAME
from engine.nidavellir.army import lines, ranks
from engine.nidavellir.components import BLACKSMITH, HUNTER_COIN, WARRIOR
from engine.nidavellir.state import NidavellirState
from tests.nidavellir.position import (
    apply,
    asked,
    deck_top,
    fresh,
    give_army,
    hold,
    last_round_of_offerings,
    piece,
    play_first_moves_until_age_ends,
    set_coins,
    texts,
)


def _end_of_age_one(**armies: dict[str, list[str]]) -> NidavellirState:
    state = fresh(3)
    for seat, army in enumerate(armies.values()):
        give_army(state, seat, **army)
    state = last_round_of_offerings(state)
    return play_first_moves_until_age_ends(state)


def _distinction(state: NidavellirState, key: str) -> int | None:
    winner: int | None = next(d for d in GAME.view(state, None)["distinctions"] if d["key"] == key)["winner"]
    return winner


def test_kings_hand_goes_to_the_warrior_majority_who_transforms_a_coin_by_five() -> None:
    state = _end_of_age_one(a={"warrior": ["warrior 3", "warrior 4"]}, b={"warrior": ["warrior 9"]}, c={})
    assert GAME.to_move(state) == {0}
    assert texts(state, 0)[0].startswith("transform")
    coins_before = sum(state.seats[0].pouch)
    state = apply(state, 0, texts(state, 0)[0])
    assert sum(state.seats[0].pouch) > coins_before
    assert _distinction(state, "warrior") == 0


def test_distinction_tie_gives_it_to_nobody() -> None:
    state = _end_of_age_one(a={"warrior": ["warrior 3"], "hunter": ["hunter"]},
                            b={"warrior": ["warrior 9"], "hunter": ["hunter"]}, c={})
    assert _distinction(state, "warrior") is None
    assert _distinction(state, "hunter") is None
    # nobody has a miner or a blacksmith: a tie at 0, so no gem 6 and no Armorer's card
    assert _distinction(state, "miner") is None and all(s.gem != 6 for s in state.seats)
    assert _distinction(state, "blacksmith") is None
    assert all(piece("armorer") not in s.army[BLACKSMITH] for s in state.seats)
    assert all(HUNTER_COIN not in s.coins() for s in state.seats)


def test_hunting_master_swaps_the_zero_for_the_hunters_three() -> None:
    state = _end_of_age_one(a={}, b={"hunter": ["hunter", "hunter"]}, c={"hunter": ["hunter"]})
    seat = state.seats[1]
    assert HUNTER_COIN in seat.coins() and 0 not in seat.coins() and 0 not in seat.bronze
    assert _distinction(state, "hunter") == 1


def test_crown_jeweler_gets_the_gem_six() -> None:
    state = _end_of_age_one(a={}, b={}, c={"miner": ["miner 0"]})
    assert state.seats[2].gem == 6
    assert sorted(s.gem for s in state.seats)[:2] in ([3, 4], [3, 5], [4, 5])


def test_kings_great_armorer_adds_a_two_rank_blacksmith_card() -> None:
    state = _end_of_age_one(a={"blacksmith": ["blacksmith"]}, b={}, c={})
    assert piece("armorer") in state.seats[0].army[BLACKSMITH]
    assert ranks(state.ruleset, state.seats[0], BLACKSMITH) == 3


def test_armorer_can_trigger_a_hero() -> None:
    three = {"hunter": ["hunter"] * 3, "explorer": ["explorer 5", "explorer 6", "explorer 7"],
             "miner": ["miner 0", "miner 1", "miner 2"], "warrior": ["warrior 3", "warrior 4", "warrior 5"]}
    state = fresh(3)
    give_army(state, 0, blacksmith=["blacksmith"], **three)
    hold(state, 0, "skaa")  # the hero of the one line already there
    state = play_first_moves_until_age_ends(last_round_of_offerings(state))
    state = apply(state, 0, texts(state, 0)[0])  # the King's Hand transform comes first
    assert ranks(state.ruleset, state.seats[0], BLACKSMITH) == 3  # the Armorer's 2 ranks: three lines now
    assert asked(state) == (0, "recruit")


def test_pioneer_draws_three_from_age_two_and_keeps_one() -> None:
    state = _end_of_age_one(a={}, b={}, c={"explorer": ["explorer 5"]})
    assert GAME.to_move(state) == {2}
    drawn = GAME.view(state, 2)["pioneer"]
    assert len(drawn) == 3
    assert GAME.view(state, 1)["pioneer"] is None  # nobody else sees them
    size = len(state.decks[1])
    kept = drawn[0]["key"]
    state = apply(state, 2, f"keep {kept}")
    assert len(state.decks[1]) + 3 * 3 == size + 2  # two went back, then Age 2 round 1 was dealt
    assert state.age == 2


def test_pioneer_tie_discards_the_top_card_of_the_age_two_deck() -> None:
    state = _end_of_age_one(a={"explorer": ["explorer 5"]}, b={"explorer": ["explorer 9"]}, c={})
    assert _distinction(state, "explorer") is None
    assert state.age == 2
    assert len(state.decks[1]) == 37 - 1 - 9


def test_distinctions_are_handed_out_in_order_warrior_hunter_miner_blacksmith_explorer() -> None:
    state = _end_of_age_one(a={"warrior": ["warrior 3"], "explorer": ["explorer 5"]}, b={}, c={})
    assert [d["key"] for d in GAME.view(state, None)["distinctions"]] == [
        "warrior", "hunter", "miner", "blacksmith", "explorer"]
    assert _distinction(state, "warrior") == 0 and not GAME.view(state, None)["distinctions"][4]["done"]


def test_ylud_must_be_placed_before_the_distinctions_and_counts_for_them() -> None:
    state = fresh(3)
    hold(state, 1, "ylud")
    give_army(state, 0, warrior=["warrior 3"])
    state = play_first_moves_until_age_ends(last_round_of_offerings(state))
    assert GAME.to_move(state) == {1}
    assert texts(state, 1)[0] == "ylud to blacksmith"
    state = apply(state, 1, "ylud to warrior")
    assert _distinction(state, "warrior") is None  # 1 rank each: a tie
    assert ranks(state.ruleset, state.seats[1], WARRIOR) == 1


def _pioneer_draws(*keys: str, **army: list[str]) -> NidavellirState:
    """Seat 2 (with `army`) wins the Pioneer and draws `keys` (the top of the Age 2 deck is set
    before Age 1 ends)."""
    state = fresh(3)
    give_army(state, 2, **{"explorer": ["explorer 5"], **army})
    deck_top(state, 2, *keys)
    state = play_first_moves_until_age_ends(last_round_of_offerings(state))
    assert [c["key"] for c in GAME.view(state, 2)["pioneer"]] == list(reversed(keys))
    return state


def test_pioneer_keeps_a_royal_offering_and_applies_it_as_a_transform() -> None:
    state = _pioneer_draws("hunter", "offering 5", "warrior 9")
    state = apply(state, 2, "keep offering 5")
    assert texts(state, 2)[0].startswith("transform")
    assert all(m.label.startswith("+5 ") for m in GAME.legal_moves(state, 2))  # the offering's +5
    coin = max(c for c in state.seats[2].pouch)
    state = apply(state, 2, f"transform {coin} pouch")
    assert max(state.seats[2].pouch) >= coin + 5
    assert GAME.view(state, None)["discard"][-1]["key"] == "offering 5"  # house rule: discard pile


def test_pioneer_keeps_a_dwarf_into_the_army_and_the_rest_go_back_shuffled() -> None:
    state = _pioneer_draws("hunter", "blacksmith", "warrior 9")
    before = sorted(state.decks[1])
    state = apply(state, 2, "keep warrior 9")
    assert state.seats[2].army[WARRIOR] == [piece("warrior 9")]
    dealt = [c for t in state.taverns for c in t]
    assert sorted(state.decks[1] + dealt) == sorted([*before, piece("hunter"), piece("blacksmith")])


def test_one_age_two_card_leaves_the_deck_at_the_explorer_distinction_won_or_tied() -> None:
    won = _end_of_age_one(a={"explorer": ["explorer 5"]}, b={}, c={})
    won = apply(won, 0, f"keep {GAME.view(won, 0)['pioneer'][0]['key']}")
    tied = _end_of_age_one(a={"explorer": ["explorer 5"]}, b={"explorer": ["explorer 6"]}, c={})
    for state in (won, tied):
        assert state.age == 2 and len(state.decks[1]) + 9 == 36  # 37 cards, one gone, round 1 dealt


def test_thrud_counts_as_a_rank_for_the_distinctions() -> None:
    state = _end_of_age_one(a={"warrior": ["warrior 3"]}, b={"warrior": ["warrior 9", "thrud"]}, c={})
    assert _distinction(state, "warrior") == 1


def test_crown_jewelers_gem_six_never_swaps_and_wins_ties() -> None:
    state = _end_of_age_one(a={}, b={}, c={"miner": ["miner 0"]})
    for seat in range(3):
        set_coins(state, seat, pouch=[0, 2, 3, 4, 5])
        state = apply(state, seat, "bid 4 2 3")
    assert GAME.view(state, None)["taverns"][0]["order"][0] == 2
    for _ in range(3):
        seat = min(GAME.to_move(state))
        state = apply(state, seat, texts(state, seat)[-1])
    assert state.seats[2].gem == 6


def test_pioneer_kept_dwarf_can_trigger_a_hero() -> None:
    state = _pioneer_draws("hunter", "blacksmith", "warrior 9", blacksmith=["blacksmith"], hunter=["hunter"],
                           miner=["miner 1"])
    assert lines(state.ruleset, state.seats[2]) == 0  # the Armorer's card came first: no warrior yet
    state = apply(state, 2, "keep warrior 9")
    assert lines(state.ruleset, state.seats[2]) == 1 and asked(state) == (2, "recruit")
