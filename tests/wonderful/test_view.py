"""It's a Wonderful World's view (docs/views/wonderful.md): its shape, and the printed facts it
carries (`cards`, `empires`): every card it shows and no other, as engine/wonderful/cards.py
declares them."""

from __future__ import annotations

import copy
import json
import pickle
from functools import cache
from typing import cast

import pytest

from engine.views.wonderful import RESOURCES, TYPES, WonderfulView
from engine.wonderful import GAME, cards
from engine.wonderful.state import WonderfulState
from tests.renderer.view_schema import schema_problems
from tests.wonderful.greedy import greedy_game


@cache
def _states(players: int = 3, face: str = "a", seed: int = 5) -> tuple[WonderfulState, ...]:
    """Every fifth state of a game the greedy AI plays, and its end."""
    kept = [state for _, _, state in greedy_game(players, face, seed)]
    return (*kept[::5], kept[-1])


def _view(state: WonderfulState, seat: int | None) -> WonderfulView:
    return cast(WonderfulView, GAME.view(state, seat))


def _seen(state: WonderfulState, seat: int | None) -> set[str]:
    """The cards `seat` may see, read from the state: the table as revealed (its own board as
    worked on) and its own hand and pick."""
    seen = set(state.discard)
    for other in range(state.players):
        board = state.board(other) if other == seat else state.boards[other]
        seen |= set(board.drafted) | set(board.built) | {site.card for site in board.sites}
    if seat is not None:
        seen |= set(state.hands[seat])
        pick = state.picks[seat]
        seen |= set() if pick is None else {pick}
    return seen


def test_the_view_has_its_schemas_shape() -> None:
    for players, face in ((2, "b"), (5, "a")):
        for state in _states(players, face)[::4]:  # every twentieth state: the shape varies little
            for seat in (None, *range(players)):
                view = _view(state, seat)
                assert not schema_problems(view, WonderfulView), schema_problems(view, WonderfulView)[:5]
                assert json.loads(json.dumps(view)) == view


def test_the_view_carries_exactly_the_cards_its_viewer_sees() -> None:
    private = 0
    for state in _states():
        for seat in (None, *range(state.players)):
            view = _view(state, seat)
            assert list(view["cards"]) == sorted(_seen(state, seat))
            others = {key for other in range(state.players) if other != seat for key in state.hands[other]}
            private += len(others - set(view["cards"]))
    assert private > 0  # other hands held cards shown nowhere else, and the views left them out


def test_a_cards_facts_are_as_declared() -> None:
    state = _states()[-1]
    view = _view(state, 0)
    assert view["cards"]
    for key, facts in view["cards"].items():
        card = cards.CARDS[key]
        assert (facts["key"], facts["title"], facts["type"]) == (key, card.title, card.type)
        assert facts["type"] in TYPES
        assert facts["cost"] == list(card.slots)
        assert facts["produces"] == [item for item, count in card.produces for _ in range(count)]
        assert (facts["recycle"], facts["bonus"], facts["points"]) == (card.recycle, list(card.bonus), card.points)
    assert TYPES == cards.TYPES and RESOURCES == cards.RESOURCES


def test_a_few_cards_as_the_view_shows_them() -> None:
    from engine.wonderful.game import card_view, empire_view

    assert card_view("aircraft-carrier") == {
        "key": "aircraft-carrier", "title": "Aircraft Carrier", "type": "vehicle",
        "cost": ["materials"] * 3 + ["energy"] * 4, "produces": [],
        "produces_per": {"resource": "exploration", "per": "vehicle"}, "recycle": "materials",
        "bonus": ["general", "general"], "points": 0, "points_per": None}
    assert card_view("gravity-inverter")["points_per"] == {"count": 2, "per": "project"}
    assert card_view("gravity-inverter")["cost"] == ["energy"] + ["science"] * 4 + ["krystallium"]
    assert empire_view("aztec-empire", "a") == {"key": "aztec-empire", "title": "Aztec Empire",
                                                "produces": ["energy", "energy", "exploration"],
                                                "points_per": {"count": 3, "per": "discovery"}}
    assert empire_view("aztec-empire", "b")["points_per"] is None


def test_a_views_printed_facts_are_shared_read_only_and_a_copy_is_the_callers() -> None:
    state = _states()[-1]
    first = _view(state, None)
    key = next(iter(first["cards"]))
    empire = first["boards"][0]["empire"]
    assert first["cards"][key] is _view(state, 0)["cards"][key]  # shared, not copied for each view
    with pytest.raises(TypeError, match="shared by every view"):
        first["cards"][key]["cost"].append("gold")
    with pytest.raises(TypeError, match="shared by every view"):
        first["cards"][key]["title"] = "x"
    with pytest.raises(TypeError, match="shared by every view"):
        first["empires"][empire]["produces"].clear()
    mine = copy.deepcopy(first)
    mine["cards"][key]["cost"].append("gold")
    mine["empires"][empire]["produces"].clear()
    again = _view(state, None)
    assert again["cards"][key]["cost"] == list(cards.CARDS[key].slots)
    assert again["empires"][empire]["produces"]
    assert pickle.loads(pickle.dumps(first)) == first == json.loads(json.dumps(first))


def test_the_view_names_each_boards_empire_in_play() -> None:
    for face in "ab":
        state = _states(4, face)[0]
        view = _view(state, None)
        assert set(view["empires"]) == {board["empire"] for board in view["boards"]}
        for key, empire in view["empires"].items():
            printed = cards.empire_face(key, face)
            assert empire["title"] == printed.title
            assert empire["produces"] == [item for item, count in printed.produces for _ in range(count)]

