"""Skald's store: the only code that touches SQL. See docs/storage.md and docs/scaling.md.

`Store` is one database (an SQLite file, or PostgreSQL for several processes) with its parts,
each a small class of the queries of one concern, written once for both databases with
SQLAlchemy Core; `open_store` opens the one a SKALD_DB / --db target names.
"""

from bot.store.errors import SchemaError, SeatsTaken, StateConflict, StoreError, StoreLocked
from bot.store.opening import describe, is_postgres
from bot.store.records import GameRecord, GameRow, MoveRow, ResultRow, SeatRow, Snapshot
from bot.store.store import Store, open_store

__all__ = ["GameRecord", "GameRow", "MoveRow", "ResultRow", "SchemaError", "SeatRow", "SeatsTaken", "Snapshot",
           "StateConflict", "Store", "StoreError", "StoreLocked", "describe", "is_postgres", "open_store"]
