"""Nidavellir, the base game: bid in three taverns, recruit dwarves and heroes (docs/nidavellir.md)."""

from engine.nidavellir.game import GAME, Nidavellir

__all__ = ["GAME", "Nidavellir"]
