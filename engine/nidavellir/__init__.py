"""Nidavellir: bid in three taverns, recruit dwarves and heroes; Thingvellir and Idavoll as options
(docs/nidavellir.md).

The game is built here: its rules are the base game's (ruleset.BASE, its heroes from heroes.py)
with both expansions' (each package's `Joined`), assembled once (ruleset.py); a game's options
say which expansions are in play. No other base module imports an expansion, and nothing here
changes a table of another module."""

from engine.nidavellir import idavoll, thingvellir
from engine.nidavellir.game import Nidavellir
from engine.nidavellir.ruleset import BASE, ruleset

# Thingvellir first: the order they join is the order of the pick's alternatives in its prompt.
GAME = Nidavellir(ruleset(BASE, thingvellir.THINGVELLIR, idavoll.IDAVOLL))

__all__ = ["GAME", "Nidavellir"]
