"""Errors the table service raises; each carries a reason a player can read.

They subclass the engine's `SkaldError`, so an adapter catches one base class and shows
`.reason`. Engine errors (`IllegalMove`, `BadMove`, `NotYourTurn`, `GameOver`, `BadOptions`)
pass through the service unchanged.
"""

from __future__ import annotations

from engine.errors import SkaldError


class TableError(SkaldError):
    """Base of every error the table service raises on purpose."""


class NoSuchGame(TableError):
    """No game has this id."""


class NotInGame(TableError):
    """The user has no seat in this game."""


class NotAllowed(TableError):
    """Only the host (or a server admin) may do this."""


class GameFull(TableError):
    """Every seat is taken."""


class AlreadySeated(TableError):
    """The user already has a seat in this game."""


class AlreadyStarted(TableError):
    """A lobby-only action on a game that has started (or ended)."""


class NotStarted(TableError):
    """A play action on a game that is still a lobby."""


class GameClosed(TableError):
    """The game is finished, abandoned or cancelled; it takes no more actions."""


class TooFewPlayers(TableError):
    """Starting needs more seats filled."""


class UnknownAI(TableError):
    """The game offers no AI of that kind."""


class StaleBoard(TableError):
    """The board the player acted on has moved on; `state_id` is the current one."""

    def __init__(self, reason: str, state_id: int) -> None:
        super().__init__(reason)
        self.state_id = state_id


class GameUnavailable(TableError):
    """The game can't be loaded (its log no longer replays); it is set aside, the rest goes on."""


class TooManyTables(TableError):
    """A server's or a player's limit of open tables is reached."""


class CantUndo(TableError):
    """The move can't be taken back (docs/undo.md); the reason says which rule."""


class Unreliable(TableError):
    """The table asks for more reliability than the person has (games played to the end)."""


class EventUnavailable(TableError):
    """A tournament's stored record is damaged: the event is set aside, every other one goes on."""
