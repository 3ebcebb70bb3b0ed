"""Rows of the store as typed records (JSON columns already decoded)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]

# One event of a change: its line and the seats that may see it (None: everyone).
EventRecord = tuple[str, tuple[int, ...] | None]


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str
    options: JSON
    seed: int | None
    status: str
    state_id: int
    host_id: int
    outcome: JSON | None
    lobby_message_id: int | None
    created_at: float
    updated_at: float
    to_move: tuple[int, ...] | None = ()  # None: not known yet (a game from before schema 4)
    engine_version: int = 1  # the engine's history version the game was set up under
    broken: str | None = None  # why it failed to load last time (None: it loads)


@dataclass(frozen=True)
class SeatRow:
    seat: int
    name: str
    user_id: int | None
    ai: str | None
    dm_ok: bool | None


@dataclass(frozen=True)
class MoveRow:
    """One committed change: an engine move, or a table action (resign, abandon)."""

    state_id: int
    seat: int | None
    kind: str  # "move" | "resign" | "abandon"
    text: str
    events: tuple[EventRecord, ...]
    to_move: tuple[int, ...]
    user_id: int | None
    created_at: float


@dataclass(frozen=True)
class Snapshot:
    state_id: int
    state: JSON


@dataclass(frozen=True)
class GameRecord:
    """What loading a game needs: its row, seats, latest snapshot and the changes after it."""

    game: GameRow
    seats: tuple[SeatRow, ...]
    snapshot: Snapshot | None
    moves: tuple[MoveRow, ...]


@dataclass(frozen=True)
class Announcement:
    """What a game's thread has been told (the announcement outbox, docs/storage.md)."""

    game_id: int
    state_id: int  # last state told in the thread; -1 before the start was announced
    to_move: tuple[int, ...]  # seats awaited at that state
    channel_id: int | None  # where the living board message is
    message_id: int | None  # the living board message: the newest story post
    from_state: int  # that message tells the public lines of the states after this one
    posted_to_move: tuple[int, ...]  # seats awaited when it was posted
    panels_state_id: int  # every seat's DM panel is handled up to this state


@dataclass(frozen=True)
class PanelMark:
    """What one seat's DM panel shows."""

    seat: int
    state_id: int
    channel_id: int | None = None  # None: nothing sent (DMs closed)
    message_id: int | None = None
    offered_moves: bool = False
    final: bool = False
    told_no_dm: bool = False
    shown_at: float = 0.0  # when it was last drawn (read back from the store; set on writing)


@dataclass(frozen=True)
class Timer:
    """An absolute due time of a game (docs/storage.md, `timers`)."""

    game_id: int
    kind: str
    seat: int
    due_at: float
    state_id: int
