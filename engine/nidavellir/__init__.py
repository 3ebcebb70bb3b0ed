"""Nidavellir: bid in three taverns, recruit dwarves and heroes; Thingvellir and Idavoll as options
(docs/nidavellir.md).

The base game is composed here: its heroes are declared (heroes.py), then importing each expansion's
package joins it to the base game's tables (catalogue.py). No other base module imports an
expansion."""

from engine.nidavellir import catalogue, heroes
from engine.nidavellir.game import GAME, Nidavellir

catalogue.declare(*heroes.HEROES)

# isort: off
# Thingvellir first: the order they join is the order of the pick's alternatives in its prompt.
from engine.nidavellir import thingvellir as thingvellir  # noqa: E402
from engine.nidavellir import idavoll as idavoll  # noqa: E402
# isort: on

__all__ = ["GAME", "Nidavellir"]
