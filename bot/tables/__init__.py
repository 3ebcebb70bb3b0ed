"""The table service: games' lifecycle, independent of Discord. See docs/tables.md."""

from bot.notify import SeatInfo
from bot.tables.errors import (
    AlreadySeated,
    AlreadyStarted,
    GameClosed,
    GameFull,
    NoSuchGame,
    NotAllowed,
    NotInGame,
    NotStarted,
    StaleBoard,
    TableError,
    TooFewPlayers,
    UnknownAI,
)
from bot.tables.service import Tables
from bot.tables.types import GameInfo, LogLine, MoveResult, NewTable, TableView

__all__ = [
    "AlreadySeated",
    "AlreadyStarted",
    "GameClosed",
    "GameFull",
    "GameInfo",
    "LogLine",
    "MoveResult",
    "NewTable",
    "NoSuchGame",
    "NotAllowed",
    "NotInGame",
    "NotStarted",
    "SeatInfo",
    "StaleBoard",
    "TableError",
    "TableView",
    "Tables",
    "TooFewPlayers",
    "UnknownAI",
]
