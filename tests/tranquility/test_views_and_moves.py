"""Views hide hands and face-down discards; move texts read back; setup deals as documented."""

from __future__ import annotations

import json

import pytest

from engine.errors import BadMove, IllegalMove
from engine.tranquility import GAME
from engine.tranquility.cards import START
from tests.tranquility.position import position


def test_setup_deals_five_cards_and_one_start_into_each_own_pile() -> None:
    state = GAME.setup(3, {"sea_monsters": 5}, seed=4)
    assert [len(h) for h in state.hands] == [5, 5, 5]
    assert all(83 not in h for h in state.hands)
    assert [p.count(83) for p in state.piles] == [1, 1, 1]
    # 80 islands + 5 Finish + 5 monsters = 90 cards, dealt 30 each, plus a Start per pile.
    assert [len(h) + len(p) for h, p in zip(state.hands, state.piles, strict=True)] == [31, 31, 31]


def test_view_shows_only_the_viewers_own_hand_and_counts_of_the_rest() -> None:
    state = position([[10, 20, "finish"], [30, 40]], discards=[[55, 56], []])
    spectator = GAME.view(state, None)
    own = GAME.view(state, 0)
    assert "hand" not in spectator
    assert own["hand"] == ["10", "20", "finish"]
    assert GAME.view(state, 1)["hand"] == ["30", "40"]
    text = json.dumps(spectator)
    assert "55" not in text and "56" not in text
    assert spectator["discard_counts"] == [2, 0] and spectator["discarded"] == 2
    assert spectator["hand_counts"] == [3, 2]


def test_the_public_last_move_hides_which_cards_paid_the_cost() -> None:
    state = position([[5, 20, 30, 40, 50], [1, 2]], grid={1: 3})
    after = GAME.apply(state, 0, "place 5 at 2 discard 40 50").state
    assert GAME.view(after, None)["last_move"] == {"seat": 0, "text": "place 5 at 2, discarding 2 cards", "cells": [2]}


def test_drawn_cards_are_told_only_to_the_drawer() -> None:
    state = position([[10, 20, 30], [40, 41]], piles=[[77, 78], []])
    step = GAME.apply(state, 0, "discard 10 20")
    public = [e.text for e in step.events if e.public]
    private = [(e.text, e.seats) for e in step.events if not e.public]
    assert "Seat 1 draws 2 cards." in public
    assert private == [("You draw 77 and 78.", frozenset({0}))]


def test_determinize_keeps_what_the_seat_sees_and_every_size() -> None:
    state = GAME.setup(4, {"sea_monsters": 3, "removed_islands": 6}, seed=12)
    for seed in range(5):
        other = GAME.determinize(state, 2, seed)
        assert other.hands[2] == state.hands[2]
        assert [len(h) for h in other.hands] == [len(h) for h in state.hands]
        assert [len(p) for p in other.piles] == [len(p) for p in state.piles]
        assert GAME.view(other, 2) == GAME.view(state, 2)
    assert any(GAME.determinize(state, 2, s).piles != state.piles for s in range(5))


def test_determinize_keeps_each_start_card_with_its_owner() -> None:
    # A Start card only ever moves from its owner's pile to the owner's hand, so a redeal may
    # swap it between the two but never hand it to another seat.
    state = GAME.setup(4, {"sea_monsters": 3}, seed=12)
    state.hands[1][0], state.piles[1][state.piles[1].index(START)] = START, state.hands[1][0]
    for viewer in (2, None):
        for seed in range(20):
            other = GAME.determinize(state, viewer, seed)
            assert [(h + p).count(START) for h, p in zip(other.hands, other.piles, strict=True)] == [1, 1, 1, 1]
            assert START in other.piles[2] or viewer is None


@pytest.mark.parametrize("text, canonical", [
    ("place 37 at 12", "place 37 at 12"),
    ("  PLACE 37  at 12 discard 41 40 ", "place 37 at 12 discard 40 41"),
    ("discard finish 40", "discard 40 finish"),
    ("discard none", "discard none"),
    ("monster at 3", "monster at 3"),
    ("rocks to 4", "rocks to 4"),
    ("rocks keep discard start 2", "rocks keep discard 2 start"),
    ("start", "start"),
    ("finish", "finish"),
])
def test_move_texts_read_back_to_one_canonical_text(text: str, canonical: str) -> None:
    state = GAME.setup(2, None, seed=1)
    assert GAME.parse_move(state, 0, text).text == canonical


@pytest.mark.parametrize("text", ["", "place 37", "place 37 at", "12 at 37 place", "discard", "fly away",
                                  "place dragon at 3", "discard none 40", "rocks keep"])
def test_text_that_is_no_tranquility_move_is_a_bad_move(text: str) -> None:
    state = GAME.setup(2, None, seed=1)
    with pytest.raises(BadMove):
        GAME.apply(state, 0, text)


def test_out_of_range_numbers_are_refused_by_the_rules() -> None:
    state = position([[10, 20, 30], [1, 2]])
    with pytest.raises(IllegalMove, match="There is no cell 40"):
        GAME.apply(state, 0, "place 10 at 40")
    with pytest.raises(IllegalMove, match="You don't hold 77"):
        GAME.apply(state, 0, "place 77 at 4")
    with pytest.raises(BadMove, match="islands 1–80"):
        GAME.apply(state, 0, "place 81 at 4")


def test_encode_decode_round_trip_mid_game() -> None:
    state = GAME.setup(3, {"jagged_rocks": "manual", "sea_monsters": 4}, seed=5)
    ai = GAME.ai_players()["heuristic"]
    for _ in range(25):
        seat = min(GAME.to_move(state))
        state = GAME.apply(state, seat, ai.choose(state, seat, 3)).state
    assert GAME.decode(json.loads(json.dumps(GAME.encode(state)))) == state
