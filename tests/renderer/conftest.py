"""Fixtures shared by the renderer tests."""

from __future__ import annotations

from typing import Any

import pytest

from renderer.canvas import Sheet


@pytest.fixture
def painted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every line of text the pictures paint during the test, with the size it is painted at
    (after shrinking to fit): coin values, badges and labels alike."""
    drawn: list[tuple[str, int]] = []
    original = Sheet.stamp

    def recording(self: Sheet, xy: tuple[float, float], text: str, face: str, size: int, fill: Any,
                  anchor: str) -> None:
        drawn.append((text, size))
        original(self, xy, text, face, size, fill, anchor)

    monkeypatch.setattr(Sheet, "stamp", recording)
    return drawn
