"""Nidavellir pictures: the table, a seat's coins and bids, the final score sheet."""

from renderer.nidavellir.purse import hand
from renderer.nidavellir.score_sheet import outcome
from renderer.nidavellir.table import board

__all__ = ["board", "hand", "outcome"]
