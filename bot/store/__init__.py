"""Skald's SQLite store: the only code that touches SQL. See docs/storage.md."""

from bot.store.errors import SchemaError, SeatsTaken, StateConflict, StoreError, StoreLocked
from bot.store.records import GameRecord, GameRow, MoveRow, ResultRow, SeatRow, Snapshot
from bot.store.store import Store

__all__ = ["GameRecord", "GameRow", "MoveRow", "ResultRow", "SchemaError", "SeatRow", "SeatsTaken", "Snapshot",
           "StateConflict", "Store", "StoreError", "StoreLocked"]
