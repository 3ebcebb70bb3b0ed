"""Errors of the store itself (not a player's doing)."""

from __future__ import annotations


class StoreError(Exception):
    """The database cannot be used as it is."""


class SchemaError(StoreError):
    """The schema is newer than the code, or the migrations are malformed."""


class StateConflict(StoreError):
    """A change was committed against a state id that is no longer current."""
