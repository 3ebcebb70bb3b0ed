"""Secret bids, tavern resolution, pick order and gem swaps (rules 1.2)."""

from __future__ import annotations

import pytest

from engine.errors import BadMove, IllegalMove
from engine.nidavellir import GAME
from engine.nidavellir.components import BRONZE_FIVE
from engine.nidavellir.rounds import gem_swaps, pick_order
from engine.nidavellir.state import NidavellirState
from tests.nidavellir.position import apply, fresh, set_gems, set_taverns, texts


def test_every_seat_that_has_not_bid_is_to_move() -> None:
    state = fresh(3)
    assert GAME.to_move(state) == {0, 1, 2}
    state = apply(state, 1, "bid 5 2 0")
    assert GAME.to_move(state) == {0, 2}


def test_bids_stay_secret_until_their_tavern_is_revealed() -> None:
    state = apply(fresh(2), 0, "bid 5 2 0")
    other = GAME.view(state, 1)["seats"][0]
    assert other["has_bid"] and other["bids"] == [None, None, None] and other["pouch"] is None
    mine = GAME.view(state, 0)["seats"][0]
    assert [b["value"] for b in mine["bids"]] == [5, 2, 0]
    state = apply(state, 1, "bid 4 3 2")
    spectator = GAME.view(state, None)
    assert [b["value"] for b in spectator["taverns"][0]["bids"]] == [5, 4]
    assert spectator["taverns"][1]["bids"] == [None, None]
    assert spectator["seats"][0]["pouch"] is None


def test_public_bid_events_never_name_the_coins() -> None:
    step = GAME.apply(fresh(2), 0, "bid 5 2 0")
    public = [e.text for e in step.events if e.public]
    assert public == ["Seat 1 has placed their bids."]


def test_a_coin_can_only_be_bid_once() -> None:
    reason = "can't bid coin 5 on the Dancing Dragon: it is already on the Laughing Goblin"
    with pytest.raises(IllegalMove, match=reason):
        GAME.apply(fresh(2), 0, "bid 5 5 0")


def test_pick_order_is_by_coin_then_gem() -> None:
    assert pick_order([5, 5, 2, 9], [2, 4, 5, 3]) == [3, 1, 0, 2]


@pytest.mark.parametrize(
    ("values", "gems", "swaps"),
    [
        # 2 tied: they swap
        ([3, 3], [4, 5], [(1, 0)]),
        # 3 tied: highest with lowest, the middle keeps its gem
        ([3, 3, 3], [3, 4, 5], [(2, 0)]),
        # 4 tied: highest with lowest, second with second lowest
        ([2, 2, 2, 2], [2, 3, 4, 5], [(3, 0), (2, 1)]),
        # 5 tied: two pairs, the middle (gem 3) keeps its gem
        ([0, 0, 0, 0, 0], [1, 2, 3, 4, 5], [(4, 0), (3, 1)]),
        # two separate ties in one tavern
        ([5, 5, 2, 2], [2, 5, 3, 4], [(1, 0), (3, 2)]),
        # the gem-6 holder stays out of the exchange
        ([4, 4], [6, 3], []),
        ([4, 4, 4], [6, 3, 5], [(2, 1)]),
        # no tie, no swap
        ([9, 4, 3], [3, 4, 5], []),
    ],
)
def test_tie_on_bid_is_broken_by_gem_then_gems_swap(values: list[int], gems: list[int],
                                                    swaps: list[tuple[int, int]]) -> None:
    assert gem_swaps(values, gems) == swaps


def test_gems_swap_after_the_tavern_is_resolved() -> None:
    state = fresh(2)
    set_gems(state, 4, 5)
    set_taverns(state, ["hunter", "blacksmith", "miner 1"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(state, 0, "bid 4 2 5")
    state = apply(state, 1, "bid 4 3 2")
    assert GAME.to_move(state) == {1}  # equal 4s: gem 5 picks first
    state = apply(state, 1, "take blacksmith")
    assert (state.seats[0].gem, state.seats[1].gem) == (4, 5)  # not before everyone picked
    state = apply(state, 0, "take hunter")
    assert (state.seats[0].gem, state.seats[1].gem) == (5, 4)


def test_two_player_leftover_card_is_discarded() -> None:
    state = fresh(2)
    set_taverns(state, ["hunter", "blacksmith", "miner 1"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(state, 0, "bid 5 2 0")
    state = apply(state, 1, "bid 4 3 2")
    state = apply(state, 0, "take miner 1")
    state = apply(state, 1, "take hunter")
    assert [GAME.view(state, None)["discard"][-1]["key"]] == ["blacksmith"]
    assert state.taverns[0] == []


def test_only_cards_of_the_tavern_can_be_taken() -> None:
    state = fresh(2)
    set_taverns(state, ["hunter", "blacksmith", "miner 1"], ["hunter"] * 3, ["hunter"] * 3)
    state = apply(apply(state, 0, "bid 5 2 0"), 1, "bid 4 3 2")
    assert texts(state, 0) == ["take blacksmith", "take hunter", "take miner 1"]
    with pytest.raises(IllegalMove, match="no warrior 7 left in the Laughing Goblin"):
        GAME.apply(state, 0, "take warrior 7")


def test_reveal_event_names_no_coin_the_view_shows_them() -> None:
    state = apply(fresh(2), 0, "bid 5 2 0")
    step = GAME.apply(state, 1, "bid 4 3 2")
    public = [e.text for e in step.events if e.public]
    assert "The bids on the Laughing Goblin are revealed." in public
    assert not any(ch.isdigit() for text in public for ch in text.replace("Seat 2", ""))
    assert GAME.view(step.state, None)["taverns"][0]["order"] == [0, 1]


def test_bids_put_one_coin_on_each_tavern_and_the_other_two_stay_in_the_pouch() -> None:
    state = apply(fresh(3), 0, "bid 3 0 5")
    assert state.seats[0].bids == [3, 0, BRONZE_FIVE] and state.seats[0].pouch == [2, 4]
    with pytest.raises(BadMove, match="one coin per tavern"):
        GAME.apply(state, 1, "bid 3 0")


def test_taverns_resolve_goblin_then_dragon_then_horse_revealing_one_at_a_time() -> None:
    state = fresh(2)
    set_taverns(state, ["hunter"] * 3, ["blacksmith"] * 3, ["miner 1"] * 3)
    state = apply(apply(state, 0, "bid 5 2 3"), 1, "bid 4 3 2")
    seen = []
    for _ in range(3):
        view = GAME.view(state, None)
        seen.append((view["tavern"], [t["revealed"] for t in view["taverns"]]))
        for _ in range(2):
            seat = min(GAME.to_move(state))
            state = apply(state, seat, texts(state, seat)[0])
    assert seen == [(0, [True, False, False]), (1, [True, True, False]), (2, [True, True, True])]
    assert state.round == 2


def test_gem_six_wins_every_tie_on_bids() -> None:
    assert pick_order([4, 4, 4], [5, 6, 3]) == [1, 0, 2]


def _three_tied_bids(gems: tuple[int, int, int]) -> NidavellirState:
    """Three seats with these gems bid the same coins on every tavern of hunters."""
    state = fresh(3)
    set_gems(state, *gems)
    set_taverns(state, ["hunter"] * 3, ["hunter"] * 3, ["hunter"] * 3)
    for seat in range(3):
        state = apply(state, seat, "bid 4 2 3")
    return state


def test_three_tied_bids_swap_highest_and_lowest_gem_the_middle_keeps_its_gem() -> None:
    state = _three_tied_bids((3, 4, 5))
    assert GAME.view(state, None)["taverns"][0]["order"] == [2, 1, 0]  # gem 5, 4, 3
    for seat in (2, 1, 0):
        state = apply(state, seat, "take hunter")
    assert [s.gem for s in state.seats] == [5, 4, 3]


def test_gem_six_holder_stays_out_of_the_exchange_in_play() -> None:
    state = _three_tied_bids((3, 6, 5))
    for seat in (1, 2, 0):
        state = apply(state, seat, "take hunter")
    assert [s.gem for s in state.seats] == [5, 6, 3]
