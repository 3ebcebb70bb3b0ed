"""Typed errors the engine raises; every one carries a reason a player can read."""

from __future__ import annotations


class SkaldError(Exception):
    """Base of every error the engine raises on purpose."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BadMove(SkaldError):
    """The move text could not be understood at all (syntax)."""


class IllegalMove(SkaldError):
    """The move is understood but the rules forbid it now."""


class NotYourTurn(SkaldError):
    """The seat is not among those who must act now."""


class GameOver(SkaldError):
    """The game has an outcome; no more moves are taken."""


class BadOptions(SkaldError):
    """Setup options or the player count are not allowed."""


class StaleEncoding(SkaldError):
    """A stored encoding this engine can no longer read; rebuild the state from the move log."""


class NoSuchSeat(SkaldError):
    """A seat number outside the table (the engine's entry points check every seat they get)."""

