"""It's a Wonderful World as terminal text (renderer/text/wonderful.py): names as the view carries
them, copies numbered as moves name them, a krystallium shown as the item it replaced."""

from __future__ import annotations

import copy
from typing import cast

from engine.views.wonderful import WonderfulView
from engine.wonderful import GAME, rules
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
