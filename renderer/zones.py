"""Pictures built from full-width bands ("zones") stacked top to bottom.

A zone says how tall it is for a view (0: nothing to show, so it is left out) and draws itself
at a given top. The table picture is a tuple of zones and a player's block a tuple of parts of
the same kind, so a new part of the game (an expansion's camp, a seat's artefacts) is one more
entry in a list, not a new layout.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Generic, NamedTuple, TypeVar

from renderer.canvas import INNER, MARGIN, RGB, Sheet

Names = Sequence[str]
V = TypeVar("V")  # the game's view type (engine/views/<game>.py)

TOP = 20
GAP = 14


class Zone(NamedTuple, Generic[V]):
    """A full-width band of a picture: `height(view, names)`, `draw(sheet, view, names, top)`."""

    name: str
    height: Callable[[V, Names], int]
    draw: Callable[[Sheet, V, Names, float], None]


def stack(zones: Sequence[Zone[V]], view: V, names: Names) -> Sheet:
    """A sheet as tall as the zones with something to show, each drawn in turn."""
    shown = [(zone, height) for zone in zones if (height := zone.height(view, names)) > 0]
    total = TOP + sum(height for _, height in shown) + GAP * (len(shown) - 1) + MARGIN
    sheet = Sheet(total)
    y = float(TOP)
    for zone, height in shown:
        zone.draw(sheet, view, names, y)
        y += height + GAP
    return sheet


def panel(sheet: Sheet, top: float, height: float, fill: RGB | None, *, outline: RGB | None = None,
          width: int = 4) -> None:
    """The rounded box most zones sit in, full width."""
    sheet.box((MARGIN, top, MARGIN + INNER, top + height), fill, outline=outline, width=width, radius=14)
