"""Errors of the store itself (not a player's doing), and the one a player can meet: a
conflict with a change someone else made at the same moment."""

from __future__ import annotations

from engine.errors import SkaldError


class StoreError(Exception):
    """The database cannot be used as it is."""


class SchemaError(StoreError):
    """The schema is newer than the code, or the migrations are malformed."""


class StateConflict(StoreError, SkaldError):
    """A change was committed against a state id that is no longer current (someone acted at
    the same moment). A SkaldError: adapters show its `reason` to the player as it is."""


class SeatsTaken(StateConflict):
    """Every seat of the lobby is taken (checked inside the seating transaction)."""


class StoreLocked(StoreError):
    """Another process holds this database: one process per file (docs/storage.md)."""


class DamagedRow(StoreError):
    """A stored row of one game no longer decodes (bad JSON, an unknown kind): that game is set
    aside, everything else goes on. `game_id` is the game; `what` the table and column."""

    def __init__(self, game_id: int, what: str, cause: BaseException) -> None:
        super().__init__(f"game {game_id}: {what} does not decode ({type(cause).__name__})")
        self.game_id = game_id
        self.what = what
        self.cause = cause


class DamagedEvent(StoreError):
    """A stored row of one tournament no longer decodes: that event is set aside (refused politely,
    named by `skald db verify`), everything else goes on. `what` is the table and column."""

    def __init__(self, tournament_id: int, what: str, cause: BaseException) -> None:
        super().__init__(f"tournament {tournament_id}: {what} does not decode ({type(cause).__name__})")
        self.tournament_id = tournament_id
        self.what = what
        self.cause = cause


class DamagedSnapshot(DamagedRow):
    """A snapshot's text no longer decodes: a cache, so the game is rebuilt from its log instead."""


class StoreUnavailable(StoreError, SkaldError):
    """The database can't be reached right now (an outage): nothing was changed. A SkaldError, so
    a person is told to try again instead of being shown an apology for a bug."""

    def __init__(self, reason: str = "Skald can't reach its database right now, so nothing was done (your move was "
                                      "not taken): please try again in a minute.") -> None:
        super().__init__(reason)
