"""Errors of the store itself (not a player's doing)."""

from __future__ import annotations


class StoreError(Exception):
    """The database cannot be used as it is."""


class SchemaError(StoreError):
    """The schema is newer than the code, or the migrations are malformed."""


class StateConflict(StoreError):
    """A change was committed against a state id that is no longer current."""


class SeatsTaken(StateConflict):
    """Every seat of the lobby is taken (checked inside the seating transaction)."""


class StoreLocked(StoreError):
    """Another process holds this database: one process per file (docs/storage.md)."""
