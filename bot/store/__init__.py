"""Skald's stores: the only code that touches SQL. See docs/storage.md and docs/scaling.md.

`Store` is the protocol the table service uses; `SqliteStore` (aiosqlite, one process per file)
and `bot.store.postgres.PostgresStore` (asyncpg, several processes) implement it; `open_store`
opens the one a SKALD_DB / --db target names.
"""

from bot.store.errors import SchemaError, SeatsTaken, StateConflict, StoreError, StoreLocked
from bot.store.opening import describe, is_postgres, open_store
from bot.store.protocol import Store
from bot.store.records import GameRecord, GameRow, MoveRow, ResultRow, SeatRow, Snapshot
from bot.store.store import SqliteStore

__all__ = ["GameRecord", "GameRow", "MoveRow", "ResultRow", "SchemaError", "SeatRow", "SeatsTaken", "Snapshot",
           "SqliteStore", "StateConflict", "Store", "StoreError", "StoreLocked", "describe", "is_postgres",
           "open_store"]
