"""Golden pictures: which scenes are kept, where, and how closely a fresh render must match.

Fonts may hint a little differently across FreeType builds, so a picture matches its golden
when at most `ALLOWED_FRACTION` of its pixels differ by more than `PIXEL_TOLERANCE` in some
channel. Hinting noise is thin and spread out, a real change is dense in one place, so no
`TILE`-pixel square may have more than `TILE_FRACTION` of its pixels differing either: that
catches a single changed number on a card (about a third of a tile), which the whole-picture
fraction would let by, while a word drawn one pixel aside (under a tenth of a tile) passes.
"""

from __future__ import annotations

import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PIL import Image, ImageChops

from bot.games import Scene
from bot.render_cli import PICTURES, SCENES, names_for

GOLDEN_DIR = Path(__file__).with_name("golden")
PIXEL_TOLERANCE = 48
ALLOWED_FRACTION = 0.004
TILE = 48
TILE_FRACTION = 0.12

# Every sample scene is a golden; the list lives in bot.render_cli so the CLI, these tests and
# the benchmark draw the very same games.
GOLDEN_SCENES: tuple[Scene, ...] = SCENES


def golden_path(scene: Scene) -> Path:
    return GOLDEN_DIR / f"{scene.name}.png"


def view_path(scene: Scene) -> Path:
    """The engine view the golden was drawn from, kept so a change in how an engine deals
    or plays does not move the pictures; tests/renderer/test_views.py checks it still has
    the shape the engine produces."""
    return GOLDEN_DIR / f"{scene.name}.json"


def stored_view(scene: Scene) -> dict[str, Any]:
    view: dict[str, Any] = json.loads(view_path(scene).read_text())
    return view


def render_view(scene: Scene, view: dict[str, Any]) -> bytes:
    return PICTURES[scene.picture](view, names_for(scene))


@dataclass(frozen=True)
class Difference:
    """How a render differs from its golden."""

    size_matches: bool
    differing: int
    total: int
    worst_tile: float  # fraction of differing pixels in the worst TILE×TILE square

    @property
    def fraction(self) -> float:
        return self.differing / self.total if self.total else 1.0

    @property
    def close_enough(self) -> bool:
        return self.size_matches and self.fraction <= ALLOWED_FRACTION and self.worst_tile <= TILE_FRACTION


def compare(png: bytes, golden: bytes) -> Difference:
    """Count pixels whose largest channel difference exceeds the tolerance."""
    fresh = Image.open(io.BytesIO(png)).convert("RGB")
    kept = Image.open(io.BytesIO(golden)).convert("RGB")
    if fresh.size != kept.size:
        return Difference(False, fresh.width * fresh.height, fresh.width * fresh.height, 1.0)
    red, green, blue = ImageChops.difference(fresh, kept).split()
    largest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    over = largest.point(lambda v: 255 if v > PIXEL_TOLERANCE else 0)
    differing = over.histogram()[255]
    # box-averaging the 0/255 mask gives each tile's differing fraction (times 255)
    tiles = over.reduce(TILE)
    worst = tiles.getextrema()[1]
    assert isinstance(worst, (int, float))
    return Difference(True, differing, fresh.width * fresh.height, float(worst) / 255)


def golden_png(scene: Scene, view: dict[str, Any]) -> bytes:
    """The scene as stored: the renderer's PNG, re-packed with zlib's best effort."""
    image = Image.open(io.BytesIO(render_view(scene, view)))
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()
