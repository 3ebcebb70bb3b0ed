"""Start and Finish cards, the group Start discard, and how the voyage is won or lost."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove, NotYourTurn
from engine.tranquility import GAME
from engine.tranquility.cards import FINISH, MONSTER, START
from tests.tranquility.position import full_grid_except, legal, loss_summary, position


def test_a_held_start_card_must_be_played_while_none_is_down() -> None:
    state = position([["start", 10, 20, 30, 40], [50, 51, 52, 53, 54]])
    assert legal(state) == ["start"]
    with pytest.raises(IllegalMove, match="you must play it now"):
        GAME.apply(state, 0, "place 10 at 1")
    with pytest.raises(IllegalMove, match="you must play it now"):
        GAME.apply(state, 0, "discard 10 20")
    step = GAME.apply(state, 0, "start")
    assert step.state.start_played_by == 0
    assert GAME.view(step.state, None)["phase"] == {
        "name": "start_discard", "seat": 0, "total": 0, "needed": 8, "pass_discarded": 0,
    }


def test_later_start_cards_are_dead() -> None:
    state = position([["start", 10, 20, 30, 40]], start_played_by=1)
    texts = legal(state)
    assert "start" not in texts
    assert "discard 10 start" in texts
    with pytest.raises(IllegalMove, match="later Start cards are dead"):
        GAME.apply(state, 0, "start")


def test_the_group_start_discard_reaches_exactly_8_and_cannot_exceed_it() -> None:
    state = position(
        [["start", 1, 2, 3, 4], [11, 12, 13, 14, 15], [21, 22, 23, 24, 25]],
        piles=[[5, 6, 7], [16, 17, 18], [26, 27, 28]],
    )
    state = GAME.apply(state, 0, "start").state
    state = GAME.apply(state, 0, "discard 1 2 3 4").state
    assert GAME.to_move(state) == frozenset({1})
    state = GAME.apply(state, 1, "discard none").state
    # Four more are needed: five would pass 8.
    with pytest.raises(IllegalMove, match="Only 4 more cards are needed"):
        GAME.apply(state, 2, "discard 21 22 23 24 25")
    assert max(len(t.split()) - 1 for t in legal(state, 2)) == 4
    step = GAME.apply(state, 2, "discard 21 22 23 24")
    assert step.state.start_total == 8
    assert sum(len(d) for d in step.state.discards) == 8
    # The discard is over: everyone drew back up, and the next player's turn begins.
    assert step.state.phase == "play"
    assert GAME.to_move(step.state) == frozenset({1})
    assert [len(h) for h in step.state.hands] == [3, 5, 4]


def test_a_start_discard_pass_that_discards_nothing_is_refused_at_its_last_seat() -> None:
    state = position([["start", 1, 2, 3, 4], [11, 12, 13, 14, 15]])
    state = GAME.apply(state, 0, "start").state
    state = GAME.apply(state, 0, "discard none").state
    assert "discard none" not in legal(state, 1)
    with pytest.raises(IllegalMove, match="discard at least one card"):
        GAME.apply(state, 1, "discard none")


def test_the_group_start_discard_reaches_exactly_8_also_solo() -> None:
    state = position([["start", 1, 2, 3, 4]], piles=[[10, 11, 12, 13, 14, 15, 16, 17, 18]])
    state = GAME.apply(state, 0, "start").state
    assert "discard none" not in legal(state)
    state = GAME.apply(state, 0, "discard 1 2 3 4").state
    # After the pass the solo player drew back up to five and declares again.
    assert len(state.hands[0]) == 5 and state.phase == "start_discard"
    with pytest.raises(IllegalMove, match="Only 4 more cards"):
        GAME.apply(state, 0, "discard 14 15 16 17 18")
    state = GAME.apply(state, 0, "discard 15 16 17 18").state
    assert state.start_total == 8 and state.phase == "play"
    assert state.hands[0] == [10, 11, 12, 13, 14]


def test_finish_only_with_a_full_grid_a_start_down_and_no_sea_monster_left() -> None:
    options = {"sea_monsters": 3}
    full = full_grid_except()
    not_full = position([["finish", 1]], grid=full_grid_except(36), start_played_by=0)
    with pytest.raises(IllegalMove, match="needs a full grid: 1 cell is still empty"):
        GAME.apply(not_full, 0, "finish")
    no_start = position([["finish", 1]], grid=full)
    with pytest.raises(IllegalMove, match="needs a Start card down"):
        GAME.apply(no_start, 0, "finish")
    monster_left = position([["finish", 1]], grid=full, start_played_by=0, options=options, monsters_played=2)
    with pytest.raises(IllegalMove, match="1 Sea Monster is still in hands or draw piles"):
        GAME.apply(monster_left, 0, "finish")
    ready = position([["finish", 1]], grid=full, start_played_by=0, options=options, monsters_played=3)
    assert "finish" in legal(ready)
    step = GAME.apply(ready, 0, "finish")
    outcome = GAME.outcome(step.state)
    assert outcome is not None and outcome.winners == (0,) and outcome.cooperative


def test_the_loss_when_the_active_player_cannot_act() -> None:
    # Seat 2 holds a single island that fits nowhere: the game ends as the turn passes to them.
    state = position([[10, 11, 12], [70]], grid={1: 1, 2: 80}, start_played_by=0)
    step = GAME.apply(state, 0, "discard 10 11")
    assert "Seat 2 can't act with 1 card in hand" in loss_summary(step.state)
    assert GAME.to_move(step.state) == frozenset()
    with pytest.raises(Exception, match="over"):
        GAME.apply(step.state, 1, "place 70 at 3")


def test_a_single_card_that_fits_for_free_keeps_the_game_going() -> None:
    state = position([[10, 11, 12], [70]], grid={1: 1}, start_played_by=0)
    step = GAME.apply(state, 0, "discard 10 11")
    assert GAME.outcome(step.state) is None
    assert GAME.legal_moves(step.state, 1)[0].text == "place 70 at 10"


def test_all_five_finish_cards_discarded_loses_at_once() -> None:
    state = position([["finish", "finish", 30], [40, 41]], discards=[[START, 81, 81, 81], []])
    step = GAME.apply(state, 0, "discard finish finish")
    summary = loss_summary(step.state)
    assert "All five Finish cards" in summary
    assert step.events[-1].text == summary


def test_only_the_seat_to_move_may_act() -> None:
    state = position([[10, 11, 12], [20, 21, 22]])
    with pytest.raises(NotYourTurn, match="Seat 1 is playing"):
        GAME.apply(state, 1, "discard 20 21")


def test_the_start_discard_falls_to_the_last_seat_of_the_pass_who_still_holds_cards() -> None:
    # Seat 3 has no card left, so seat 2 is the last one in the pass who can discard: after
    # seat 1 declares none, seat 2 must discard (the team is not lost while it can still discard).
    state = position(
        [["start", 1, 2, 3, 4], [11, 12, 13, 14, 15], []],
        piles=[[5, 6, 7, 8], [16, 17, 18, 19, 20], []],
    )
    state = GAME.apply(state, 0, "start").state
    state = GAME.apply(state, 0, "discard none").state
    assert GAME.outcome(state) is None
    assert "discard none" not in legal(state, 1)
    with pytest.raises(IllegalMove, match="discard at least one card"):
        GAME.apply(state, 1, "discard none")
    state = GAME.apply(state, 1, "discard 11 12 13 14 15").state
    assert legal(state, 2) == ["discard none"]
    state = GAME.apply(state, 2, "discard none").state
    # A full pass: everyone drew back up and a new pass begins; again seat 2 is the one who must discard.
    assert [len(h) for h in state.hands] == [5, 5, 0]
    assert GAME.to_move(state) == frozenset({0}) and "discard none" in legal(state, 0)
    state = GAME.apply(state, 0, "discard none").state
    assert "discard none" not in legal(state, 1)
    state = GAME.apply(state, 1, "discard 16 17 18").state
    assert state.start_total == 8 and state.phase == "play" and GAME.to_move(state) == frozenset({1})


def test_the_start_discard_is_lost_when_nobody_has_a_card_left() -> None:
    state = position([["start", 1, 2], [11]], piles=[[], []])
    state = GAME.apply(state, 0, "start").state
    state = GAME.apply(state, 0, "discard 1 2").state
    state = GAME.apply(state, 1, "discard 11").state
    assert "Start discard" in loss_summary(state)


def test_after_each_full_start_discard_pass_everyone_draws_back_up_to_five() -> None:
    state = position(
        [["start", 1, 2, 3, 4], [11, 12, 13, 14, 15]],
        piles=[[5, 6, 7, 8], [16, 17, 18, 19, 20]],
    )
    state = GAME.apply(state, 0, "start").state
    state = GAME.apply(state, 0, "discard 1").state
    assert [len(h) for h in state.hands] == [3, 5]  # nobody draws in the middle of a pass
    state = GAME.apply(state, 1, "discard 11 12").state
    assert state.phase == "start_discard" and state.start_total == 3
    assert [len(h) for h in state.hands] == [5, 5] and state.piles == [[5, 6], [16, 17, 18]]
    assert GAME.to_move(state) == frozenset({0}) and state.pass_discarded == 0


def test_a_single_card_that_fits_only_at_a_cost_loses() -> None:
    # 12 fits in cell 2 only, next to 10: it would cost two discards from an empty rest of the hand.
    state = position([[40, 41, 42], [12]], grid={1: 10, 3: 14}, start_played_by=0)
    step = GAME.apply(state, 0, "discard 40 41")
    assert "Seat 2 can't act with 1 card in hand" in loss_summary(step.state)


def test_an_empty_hand_at_the_start_of_the_turn_loses() -> None:
    state = position([[40, 41, 42], []], start_played_by=0)
    step = GAME.apply(state, 0, "discard 40 41")
    assert "Seat 2 can't act with 0 cards in hand" in loss_summary(step.state)


def test_a_sea_monster_in_a_draw_pile_blocks_the_finish_and_a_discarded_one_does_not() -> None:
    options = {"sea_monsters": 3}
    full = full_grid_except()
    waiting = position([["finish", 1], [2, 3]], grid=full, piles=[[], ["monster"]], start_played_by=0,
                       options=options, monsters_played=2)
    assert "finish" not in legal(waiting)
    discarded = position([["finish", 1], [2, 3]], grid=full, start_played_by=0, options=options,
                         monsters_played=2, discards=[[], [MONSTER]])
    assert "finish" in legal(discarded)


def test_the_fifth_finish_card_paid_as_a_placement_cost_loses_at_once() -> None:
    state = position([[5, "finish", 30], [40, 41]], grid={1: 4}, discards=[[FINISH] * 4, []], start_played_by=0)
    step = GAME.apply(state, 0, "place 5 at 2 discard finish")
    assert "All five Finish cards" in loss_summary(step.state)
    assert GAME.to_move(step.state) == frozenset()
