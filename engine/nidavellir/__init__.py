"""Nidavellir: bid in three taverns, recruit dwarves and heroes; Thingvellir as an option (docs/nidavellir.md)."""

from engine.nidavellir.game import GAME, Nidavellir

__all__ = ["GAME", "Nidavellir"]
