"""Tranquility pictures: the sea grid with the crew below it, a private hand, the result.

Everything is read from the view (docs/views/tranquility.md). The grid is drawn top row
first, so cell 1 sits bottom-left next to the Start card and cell 36 top-right under Finish.
"""

from renderer.tranquility.board import board, hand, outcome
from renderer.tranquility.hand import card_hint, cell_ranges, island_room, placement_cost
from renderer.tranquility.table import SeaTable

__all__ = ["SeaTable", "board", "card_hint", "cell_ranges", "hand", "island_room", "outcome", "placement_cost"]
