"""The PostgreSQL store: several Skald processes on one database (docs/scaling.md)."""

from bot.store.postgres.store import PostgresStore

__all__ = ["PostgresStore"]
