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
from typing import Any, Literal

from PIL import Image

from renderer.canvas import Drawn, Sheet
from renderer.places import Places

Kind = Literal["board", "hand", "outcome"]
Picture = Callable[[dict[str, Any], Sequence[str]], Sheet]

_PICTURES = Places(__name__)  # renderer/<game>/: `board`, `hand` and `outcome`


def place(game: str, module: str | None) -> None:
    """Draw a game kept outside this tree with `module` (its `board`, `hand` and `outcome`);
    None forgets it. A game of this tree needs no call: its pictures are renderer/<game>/."""
    _PICTURES.place(game, module)
    _picture.cache_clear()


@cache
def _picture(game: str, kind: str) -> Picture:
    module = _PICTURES.module(game)
    if module is None:
        raise ValueError(f"No pictures for the game {game!r}; drawn games: {', '.join(games())}.")
    function: Picture = getattr(importlib.import_module(module), kind)
    return function


def draw(view: dict[str, Any], names: Sequence[str], kind: Kind = "board") -> Sheet:
    """The picture before encoding, with the texts it painted (`Sheet.texts`: string, size, role),
    so a caller can check what a phone will show of it."""
    return _picture(str(view["game"]), kind)(view, names)


def board_image(view: dict[str, Any], names: Sequence[str]) -> Image.Image:
    """The table picture as an Image (see `board_png`)."""
    return draw(view, names).rgb()


def board_png(view: dict[str, Any], names: Sequence[str]) -> bytes:
    """The table: public for a spectator view; a seat's view adds that seat's hand or bids."""
    return draw(view, names).png()


def hand_png(view: dict[str, Any], names: Sequence[str]) -> bytes:
    """The private picture for a seat's DM: its hand, or its coins and bids.

    Raises ValueError for a spectator view: it has no hand to draw.
    """
    return draw(view, names, "hand").png()


def outcome_png(view: dict[str, Any], names: Sequence[str]) -> bytes:
    """The final result, named with `names`: the score sheet, or the cooperative win or loss and why.

    Raises ValueError while the game is still running.
    """
    return draw(view, names, "outcome").png()


def games() -> list[str]:
    """Game keys the renderer can draw."""
    return _PICTURES.games()


__all__ = ["Drawn", "Kind", "Sheet", "board_image", "board_png", "draw", "games", "hand_png", "outcome_png", "place"]
