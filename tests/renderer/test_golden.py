"""Every sample scene still draws like its golden picture (python -m tests.renderer.regen rewrites them)."""

from __future__ import annotations

import pytest

from bot.games import Scene
from tests.renderer.golden import GOLDEN_SCENES, compare, golden_path, render_view, stored_view


@pytest.mark.parametrize("scene", GOLDEN_SCENES, ids=lambda scene: scene.name)
def test_scene_matches_its_golden_picture(scene: Scene) -> None:
    path = golden_path(scene)
    assert path.exists(), f"no golden for {scene.name}: run python -m tests.renderer.regen {scene.name}"
    difference = compare(render_view(scene, stored_view(scene)), path.read_bytes())
    assert difference.size_matches, f"{scene.name} changed size; look at it and regenerate if intended"
    assert difference.close_enough, (
        f"{scene.name}: {difference.differing} of {difference.total} pixels differ "
        f"({difference.fraction:.2%}, worst {difference.worst_tile:.0%} of one tile); "
        "look at it and regenerate if intended"
    )
