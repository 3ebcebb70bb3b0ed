"""Pillow pictures of engine views: view in, PNG bytes out. Never sees full states.

Each function dispatches on `view["game"]`. `names` are the players' display names by seat
(missing or blank names become "Seat N"). Whether a picture is public or private follows
the view alone: a spectator view (`viewer` null) shows only public facts, a seat's view adds
that seat's own secrets and nothing else. See docs/renderer.md.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from PIL import Image

from renderer.canvas import to_png

Picture = Callable[[dict[str, Any], Sequence[str]], Image.Image]

# game key -> module with `board`, `hand` and `outcome` functions returning Images;
# imported on first use, like the engine registry.
_GAMES: dict[str, str] = {
    "tranquility": "renderer.tranquility",
    "nidavellir": "renderer.nidavellir",
}


@cache
def _picture(game: str, kind: str) -> Picture:
    module = _GAMES.get(game)
    if module is None:
        raise ValueError(f"No pictures for the game {game!r}; drawn games: {', '.join(sorted(_GAMES))}.")
    function: Picture = getattr(importlib.import_module(module), kind)
    return function


def board_image(view: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """The table picture as an Image (see `board_png`)."""
    return _picture(str(view["game"]), "board")(view, names)


def board_png(view: dict[str, Any], names: Sequence[str]) -> bytes:
    """The table: public for a spectator view; a seat's view adds that seat's hand or bids."""
    return to_png(board_image(view, names))


def hand_png(view: dict[str, Any], names: Sequence[str]) -> bytes:
    """The private picture for a seat's DM: its hand (Tranquility) or coins and bids (Nidavellir).

    Raises ValueError for a spectator view: it has no hand to draw.
    """
    return to_png(_picture(str(view["game"]), "hand")(view, names))


def outcome_png(view: dict[str, Any], names: Sequence[str]) -> bytes:
    """The final result: the score sheet, or the cooperative win or loss.

    Raises ValueError while the game is still running.
    """
    return to_png(_picture(str(view["game"]), "outcome")(view, names))


def games() -> list[str]:
    """Game keys the renderer can draw."""
    return sorted(_GAMES)


__all__ = ["board_image", "board_png", "games", "hand_png", "outcome_png"]
