"""Start and Finish cards, the group Start discard, and how the voyage is won or lost."""

from __future__ import annotations

import pytest

from engine.errors import IllegalMove, NotYourTurn
from engine.tranquility import GAME, TranquilityState
from engine.tranquility.cards import START
from tests.tranquility.position import full_grid_except, position


def legal(state: TranquilityState, seat: int = 0) -> list[str]:
    return [m.text for m in GAME.legal_moves(state, seat)]


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
    outcome = GAME.outcome(step.state)
    assert outcome is not None and outcome.winners == ()
    assert "Seat 2 can't act with 1 card in hand" in outcome.summary
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
    outcome = GAME.outcome(step.state)
    assert outcome is not None and outcome.winners == ()
    assert "All five Finish cards" in outcome.summary
    assert step.events[-1].text == outcome.summary


def test_only_the_seat_to_move_may_act() -> None:
    state = position([[10, 11, 12], [20, 21, 22]])
    with pytest.raises(NotYourTurn, match="Seat 1 is playing"):
        GAME.apply(state, 1, "discard 20 21")
