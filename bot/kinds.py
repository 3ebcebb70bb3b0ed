"""The bot's closed vocabularies as StrEnums: a game's status, a logged change's kind, and why
an update was published (a lobby event or a change's kind).

Their values are the strings stored in the database and sent over MQTT, so a member compares
equal to its stored text and rows written before these types existed read back unchanged.
Nothing here imports anything of the bot: the store, the service and the adapters all use it.
"""

from __future__ import annotations

from enum import StrEnum


class Status(StrEnum):
    """Where a game is in its life (the `games.status` column)."""

    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"  # the rules ended it, or a resignation did
    ABANDONED = "abandoned"  # the host or the table ended it unfinished
    CANCELLED = "cancelled"  # a lobby that never started


class ChangeKind(StrEnum):
    """What one logged change is (the `moves.kind` column): an engine move, an undo naming the
    move it takes back, or one of the table's own actions, which the engine never replays."""

    MOVE = "move"
    UNDO = "undo"
    RESIGN = "resign"
    ABANDON = "abandon"
    STAND_IN = "stand_in"
    BACK = "back"
    SEAT = "seat"
    PAUSE = "pause"
    RESUME = "resume"
    VOTE = "vote"
    WAIT = "wait"
    AWAY = "away"  # a seat's person is away (`/game away`): their clock waits
    AWAY_END = "away_end"  # ... and back from it


# The table's own actions, in the order docs/storage.md lists them.
TABLE_ACTIONS = tuple(kind for kind in ChangeKind if kind not in (ChangeKind.MOVE, ChangeKind.UNDO))


class Reason(StrEnum):
    """Why the service published an update without committing a change: a lobby event. An
    update for a committed change carries that change's kind instead (`UpdateReason`)."""

    CREATE = "create"
    JOIN = "join"
    LEAVE = "leave"
    AI = "ai"
    START = "start"
    CANCEL = "cancel"
    EXPIRE = "expire"  # a lobby nobody started in time


# Why an update was published: a lobby event, or the kind of the change just committed.
UpdateReason = Reason | ChangeKind
