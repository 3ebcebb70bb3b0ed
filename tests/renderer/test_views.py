"""The view contract at runtime: stored and fresh views have the shape engine/views declares.

mypy checks that each engine builds its view as its TypedDict (engine/views/<game>.py) and that
the renderer reads it through the same types. What mypy cannot see is checked here: the JSON
views the golden pictures are drawn from (stored, so a change in how a game deals does not move
the pictures), and each scene's fresh view, whose cards an engine builds from plain data.
"""

# No `from __future__ import annotations`: Python 3.11 counts a NotRequired written as a string as
# required, and the sample types below are read at runtime (as engine/views are).
from typing import NotRequired, TypedDict

import pytest

from bot import games
from bot.games import Scene
from bot.render_cli import view_of
from engine.tranquility import cards
from engine.views import tranquility
from tests.renderer.golden import GOLDEN_SCENES, stored_view
from tests.renderer.view_schema import schema_problems


class _Phase(TypedDict):
    name: str
    seat: NotRequired[int]


class _Sample(TypedDict):
    turn: int
    cells: list[int | None]
    phase: _Phase


def test_the_schema_check_names_a_renamed_key_and_a_key_of_another_type() -> None:
    assert schema_problems({"turn": 3, "cells": [1, None], "phase": {"kind": "play"}}, _Sample) == [
        "view.phase.name is missing", "view.phase.kind is not in the schema"]
    assert schema_problems({"turn": "3", "cells": [True], "phase": {"name": "play", "seat": 1}}, _Sample) == [
        "view.turn is str, not int", "view.cells[0] is bool, not int"]
    assert schema_problems({"turn": 3, "cells": [], "phase": {"name": "over"}}, _Sample) == []


@pytest.mark.parametrize("scene", GOLDEN_SCENES, ids=lambda scene: scene.name)
def test_stored_view_has_the_shape_of_its_games_view_type(scene: Scene) -> None:
    problems = schema_problems(stored_view(scene), games.get(scene.game).view)
    assert not problems, (
        f"{scene.name}: the stored view no longer has its game's view type ({'; '.join(problems[:5])}); after a "
        "schema change: python -m tests.renderer.regen --views"
    )


@pytest.mark.parametrize("scene", GOLDEN_SCENES, ids=lambda scene: scene.name)
def test_the_engines_view_has_the_shape_of_its_view_type(scene: Scene) -> None:
    problems = schema_problems(view_of(scene), games.get(scene.game).view)
    assert not problems, f"{scene.name}: {'; '.join(problems[:5])}"


def test_the_numbers_tranquilitys_view_type_states_are_the_engines() -> None:
    assert (tranquility.ROWS, tranquility.COLUMNS, tranquility.CELLS) == (cards.ROWS, cards.COLUMNS, cards.CELLS)
    assert (tranquility.FINISH_CARDS, tranquility.START_DISCARD_TOTAL) == (cards.FINISH_CARDS,
                                                                            cards.START_DISCARD_TOTAL)
