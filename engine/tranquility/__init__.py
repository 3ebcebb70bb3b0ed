"""Tranquility: the cooperative voyage across a 6×6 sea grid of ascending islands."""

from engine.tranquility.game import Tranquility
from engine.tranquility.state import TranquilityState

GAME = Tranquility()

__all__ = ["GAME", "Tranquility", "TranquilityState"]
