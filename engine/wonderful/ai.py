"""AI seats for It's a Wonderful World."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from engine.core import AIPlayer, RandomPlayer
from engine.wonderful.state import WonderfulState

if TYPE_CHECKING:
    from engine.wonderful.game import Wonderful


def players(game: Wonderful) -> Mapping[str, AIPlayer[WonderfulState]]:
    return {"random": RandomPlayer(game)}
