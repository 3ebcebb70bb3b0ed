"""How tall a picture's text is on a phone, the measure of the phone rule (docs/renderer.md, 2026-12-02).

Discord shows a picture about `PHONE_WIDTH` px wide inline on a phone. A text's height there is
the height of its capitals and digits (its face's cap height, measured from the shipped DejaVu
outline, times its size as painted) scaled by `PHONE_WIDTH` / the picture's width. Every text a
picture paints must be at least `PHONE_TEXT` px tall by that measure. A sheet records every text
it paints (`Sheet.texts`, pasted layers included), so the rule is checked on what was really drawn.
"""

from __future__ import annotations

from typing import NamedTuple

from renderer.canvas import PHONE_WIDTH, Drawn, Sheet, cap_ratio

PHONE_TEXT = 9.0  # px: the least height of any text's capitals and digits on a phone


class Reading(NamedTuple):
    """One drawn text and its height at phone width."""

    height: float
    drawn: Drawn


def text_height(drawn: Drawn, picture_width: int, shown_width: int = PHONE_WIDTH) -> float:
    """The height of `drawn`'s capitals and digits, in px, once the picture is shown `shown_width` wide."""
    return drawn.size * cap_ratio(drawn.face) * shown_width / picture_width


def readings(sheet: Sheet, shown_width: int = PHONE_WIDTH) -> list[Reading]:
    """Every text the sheet painted with its height at phone width, smallest first."""
    return sorted((Reading(text_height(d, sheet.width, shown_width), d) for d in sheet.texts),
                  key=lambda reading: reading.height)


def smallest(sheet: Sheet, shown_width: int = PHONE_WIDTH) -> Reading | None:
    """The sheet's smallest text at phone width (None for a sheet with no text)."""
    found = readings(sheet, shown_width)
    return found[0] if found else None

