"""Nidavellir: bid in three taverns, recruit dwarves and heroes; Thingvellir and Idavoll as options
(docs/nidavellir.md).

The base game is composed here with its expansions: importing each expansion's package joins it to
the base game's tables (catalogue.py). No other base module imports an expansion."""

from engine.nidavellir import idavoll as idavoll

# Thingvellir first: the order they join is the order of the pick's alternatives in its prompt.
from engine.nidavellir import thingvellir as thingvellir
from engine.nidavellir.game import GAME, Nidavellir

__all__ = ["GAME", "Nidavellir"]
