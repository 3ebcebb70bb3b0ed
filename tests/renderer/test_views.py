"""The stored views the goldens are drawn from still have the shape the engines produce.

The pictures are drawn from stored views, so a change in how a game deals does not move
them; this test replays each scene with its engine and fails when the view schema drifts
(a key renamed, removed, or of another type), which is when the renderer must follow.
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.games import Scene
from bot.render_cli import view_of
from tests.renderer.golden import GOLDEN_SCENES, stored_view


def shape_problems(stored: Any, fresh: Any, path: str = "view") -> list[str]:
    """Where `fresh` lacks a key of `stored` or holds another kind of value there.

    null matches anything (optional fields) and an empty list matches any list, since a
    replay need not reach the same cards; the first element stands for a list's items.
    """
    if stored is None or fresh is None:
        return []
    if isinstance(stored, dict):
        if not isinstance(fresh, dict):
            return [f"{path} is no longer an object"]
        problems = [f"{path}.{key} is gone" for key in stored if key not in fresh]
        for key in stored:
            if key in fresh:
                problems += shape_problems(stored[key], fresh[key], f"{path}.{key}")
        return problems
    if isinstance(stored, list):
        if not isinstance(fresh, list):
            return [f"{path} is no longer a list"]
        if stored and fresh:
            return shape_problems(stored[0], fresh[0], f"{path}[0]")
        return []
    if isinstance(stored, bool) != isinstance(fresh, bool) or type(stored) is not type(fresh):
        return [f"{path} was {type(stored).__name__}, is now {type(fresh).__name__}"]
    return []


def test_shape_check_names_a_renamed_key() -> None:
    stored = {"cells": [1, None], "phase": {"name": "play"}}
    fresh = {"cells": [2], "phase": {"kind": "play"}}
    assert shape_problems(stored, fresh) == ["view.phase.name is gone"]


def test_shape_check_names_a_changed_type() -> None:
    assert shape_problems({"turn": 3}, {"turn": "3"}) == ["view.turn was int, is now str"]


@pytest.mark.parametrize("scene", GOLDEN_SCENES, ids=lambda scene: scene.name)
def test_stored_view_has_the_engines_current_shape(scene: Scene) -> None:
    stored = stored_view(scene)
    fresh = view_of(scene)
    assert stored["game"] == fresh["game"]
    problems = shape_problems(stored, fresh)
    assert not problems, (
        f"{scene.name}: the engine's view changed shape ({'; '.join(problems[:5])}); update the renderer, "
        "then python -m tests.renderer.regen --views"
    )
