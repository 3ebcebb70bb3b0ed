"""The phone rule as the tests apply it (docs/renderer.md, 2026-12-02): every text's capitals and
digits at least `PHONE_TEXT` px tall once the picture is shown `PHONE_WIDTH` wide, measured by
renderer/legibility.py."""

from __future__ import annotations

from collections.abc import Iterable

from renderer.canvas import Drawn, Sheet
from renderer.legibility import PHONE_TEXT, Reading, readings, text_height


def legible(drawn: Drawn, picture_width: int) -> bool:
    """Whether one drawn text meets the rule in a picture `picture_width` px wide."""
    return text_height(drawn, picture_width) >= PHONE_TEXT


def too_small(sheets: Iterable[Sheet], least: float = PHONE_TEXT) -> list[Reading]:
    """The texts of `sheets` under `least` px at phone width."""
    return [reading for sheet in sheets for reading in readings(sheet) if reading.height < least]
