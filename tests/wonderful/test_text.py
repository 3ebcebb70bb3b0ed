"""It's a Wonderful World as terminal text (renderer/text/wonderful.py): names as the view carries
them, copies numbered as moves name them, a krystallium shown as the item it replaced."""

from __future__ import annotations

import copy
from typing import cast

from engine import Rng
from engine.views.wonderful import WonderfulView
from engine.wonderful import GAME, grammar, rules
from engine.wonderful.cards import CHARACTERS
from engine.wonderful.state import PRODUCTION, Board, Site
from renderer.text.wonderful import render_view

NAMES = ["Astrid", "Bjorn", "Cecilia"]


def _view() -> WonderfulView:
    state = GAME.setup(3, None, 1)
    state.boards = [Board(key) for key in ("noram-states", "federation-of-asia", "republic-of-europe")]
    state.boards[0].sites += [Site("harbor-zone", ["gold", "gold"], 1, ["gold"]), Site("harbor-zone"),
                              Site("gardens-of-the-hesperides")]
    state.boards[0].built.append("black-beards-treasure")
    state.autopass[0] = True
    state.phase = PRODUCTION
    rules.start_production(state, 3)
    return cast(WonderfulView, GAME.view(state, None))


def test_the_terminal_prints_the_names_the_view_carries() -> None:
    view = copy.deepcopy(_view())
    view["cards"]["black-beards-treasure"]["title"] = "Odd Title"
    view["empires"]["noram-states"]["title"] = "Oddland"
    text = render_view(view, NAMES)
    assert "Odd Title" in text and "Astrid (Oddland)" in text
    assert "Black Beard's Treasure" not in text and "Black Beards Treasure" not in text


def test_the_terminal_numbers_copies_and_marks_the_krystallium_on_the_item_it_replaced() -> None:
    text = render_view(_view(), NAMES)
    assert "Harbor Zone #1 [GK/GGG to go], Harbor Zone #2 [-/GGGGG to go], Gardens of the Hesperides [" in text
    assert text.splitlines()[2].endswith(" · autopass")


def test_a_move_is_judged_legal_exactly_when_the_legal_list_holds_it() -> None:
    """Issue 44: `check_move` judges the moves that name no copy on their own instead of listing
    every legal move; over random games, for each seat, every text any seat could make is judged
    as membership in that seat's list would judge it."""
    for seed, players, version in ((1, 2, 2), (2, 3, 2), (3, 5, 2), (4, 3, 1)):
        state = GAME.setup(players, None, seed, version)
        rng = Rng.from_seed(seed)
        while GAME.outcome(state) is None:
            texts = {"done", "set autopass on", "set autopass off", *(f"choose {c}" for c in CHARACTERS)}
            for seat in range(players):
                texts.update(m.text for m in GAME.legal_moves(state, seat))
                texts.update(f"draft {card}" for card in state.hands[seat])
                board = state.board(seat)
                texts.update(f"{verb} {card}" for card in board.drafted for verb in ("construct", "draft"))
            for seat in range(players):
                legal = set(grammar.legal_texts(state, seat))
                for text in texts:
                    move = grammar.parse(text, state.board(seat))
                    assert grammar.is_legal(state, seat, move) == (text in legal), (text, seat, state.phase)
            seat = min(GAME.to_move(state))
            state = GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat))).state
