"""A card's picture entry: what the pictures show of one card beyond what its view says, looked up
by the card's key (docs/adding-a-card.md). A card without an entry is drawn by its kind and class
(the default entry), which is how every printed card of the game is drawn; a card added from
outside registers its entry here, beside its declaration in the engine."""

from __future__ import annotations

from dataclasses import dataclass

from engine.views.nidavellir import PieceView
from renderer.canvas import RGB


@dataclass(frozen=True)
class Picture:
    """`colour`: the fill of the card's pill or row (None: its kind's colour, or its class's);
    `power`: the word on a god's power token while it is there."""

    colour: RGB | None = None
    power: str = "power"


DEFAULT = Picture()
PICTURES: dict[str, Picture] = {}


def picture(card: PieceView) -> Picture:
    """The card's picture entry, or the default one."""
    return PICTURES.get(str(card.get("key")), DEFAULT)


def register(key: str, entry: Picture) -> None:
    if key in PICTURES:
        raise ValueError(f"card {key!r} already has a picture entry")
    PICTURES[key] = entry

