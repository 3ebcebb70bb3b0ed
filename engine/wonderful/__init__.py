"""It's a Wonderful World: draft, plan and produce to build the best empire in four rounds."""

from engine.wonderful.game import Wonderful
from engine.wonderful.state import WonderfulState

GAME = Wonderful()

__all__ = ["GAME", "Wonderful", "WonderfulState"]
