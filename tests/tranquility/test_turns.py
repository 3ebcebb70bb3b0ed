"""The turn: one action, then drawing back up to five from your own pile; the deal and seat order."""

from __future__ import annotations

from engine.tranquility import GAME
from engine.tranquility.cards import FINISH, START
from tests.tranquility.position import legal, position


def test_discarding_two_is_always_allowed_with_at_least_two_cards() -> None:
    # Finish cards, a dead Start and islands that fit for free may all go: any two cards.
    state = position([[5, 79, "finish", "start"], [40, 41]], grid={1: 3, 36: 80}, start_played_by=1)
    texts = legal(state)
    assert {"discard 5 79", "discard 5 finish", "discard 79 start", "discard finish start"} <= {
        t for t in texts if t.startswith("discard")
    }
    assert len([t for t in texts if t.startswith("discard")]) == 6  # every pair of the four cards
    # Two cards that fit nowhere: the discard is still there, so the game goes on.
    stuck = position([[50, 60], [40, 41]], grid={1: 1, 2: 80}, start_played_by=0)
    assert legal(stuck) == ["discard 50 60"]


def test_the_active_player_draws_back_up_to_five_from_their_own_pile_only() -> None:
    state = position([[10, 20, 30, 40, 50], [60, 61]], piles=[[1, 2, 3], [70, 71, 72]], start_played_by=0)
    after = GAME.apply(state, 0, "discard 10 20").state
    # The top of a pile is its last card.
    assert after.hands[0] == [2, 3, 30, 40, 50] and after.piles[0] == [1]
    assert after.hands[1] == [60, 61] and after.piles[1] == [70, 71, 72]


def test_an_empty_draw_pile_means_playing_on_with_fewer_cards() -> None:
    state = position([[10, 20, 30, 40, 50], [60, 61, 62]], piles=[[1], []], start_played_by=0)
    after = GAME.apply(state, 0, "discard 10 20").state
    assert after.hands[0] == [1, 30, 40, 50] and after.piles[0] == []
    assert GAME.outcome(after) is None and GAME.to_move(after) == frozenset({1})
    after = GAME.apply(after, 1, "discard 60 61").state
    assert after.hands[1] == [62] and GAME.outcome(after) is None


def test_the_deal_gives_earlier_seats_the_extra_cards() -> None:
    # 80 islands + 5 Finish cards = 85 cards for 4 piles: 22, 21, 21, 21, then a Start in each pile.
    state = GAME.setup(4, None, seed=3)
    assert [len(h) + len(p) for h, p in zip(state.hands, state.piles, strict=True)] == [23, 22, 22, 22]
    everything = sorted(c for h, p in zip(state.hands, state.piles, strict=True) for c in h + p)
    assert everything == list(range(1, 81)) + [FINISH] * 5 + [START] * 4


def test_seat_1_begins_and_play_goes_in_seat_order() -> None:
    state = GAME.setup(3, None, seed=6)
    seen = []
    for _ in range(4):
        seat = min(GAME.to_move(state))
        seen.append(seat)
        state = GAME.apply(state, seat, GAME.legal_moves(state, seat)[0]).state
    assert seen == [0, 1, 2, 0]
