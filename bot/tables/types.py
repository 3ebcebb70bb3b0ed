"""What the table service hands back: plain frozen records, safe to pass to any adapter.

`SeatInfo` is shared with `bot.notify`. A game's seed never appears here while the game
runs: it would let anyone recompute the hidden deck order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.holders import SeatHistory
from bot.kinds import Status
from bot.notify import SeatInfo
from engine.core import Move

JSON = dict[str, Any]

# The statuses by their short names, as the service's code reads best.
LOBBY, RUNNING, FINISHED = Status.LOBBY, Status.RUNNING, Status.FINISHED
ABANDONED, CANCELLED = Status.ABANDONED, Status.CANCELLED
ACTIVE_STATUSES = (LOBBY, RUNNING)
STATUSES = tuple(Status)


@dataclass(frozen=True)
class GameInfo:
    """A game as a lobby list or a status line sees it (no secrets)."""

    game_id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    game: str  # engine key
    title: str
    options: JSON
    status: Status
    state_id: int
    host_id: int
    seats: tuple[SeatInfo, ...]
    to_move: tuple[int, ...]
    min_players: int
    max_players: int
    outcome: JSON | None
    lobby_message_id: int | None
    created_at: float
    updated_at: float
    clock: str = "none"  # the table's clock: a preset or a custom clock (bot/tables/clocks.py)
    timeout_policy: str = "stand_in"
    paused: bool = False  # the host paused the game's clocks
    history: SeatHistory = field(default_factory=SeatHistory)  # who held each seat (empty in listings)
    min_reliability: int = 0  # the least reliability (percent) a person needs to join
    thread_pings: str | None = None  # the host's choice of thread pings (None: the server's `thread_pings`)

    def names_at(self, change: int) -> list[str]:
        """The seats as the lines of change `change` name them: their holders then (the seats'
        names now where the history is not loaded: a listing, a lobby)."""
        return self.history.names_at(change, [s.name for s in self.seats])

    def seat_of(self, user_id: int) -> int | None:
        """The seat `user_id` holds, or None."""
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    @property
    def active(self) -> bool:
        return self.status in ACTIVE_STATUSES


@dataclass(frozen=True)
class TableView:
    """What one user (or a spectator, seat None) sees of a game right now."""

    info: GameInfo
    seat: int | None  # the viewer's seat; None for a spectator
    state_id: int
    to_move: tuple[int, ...]
    view: JSON  # engine view for `seat` ({} while a lobby)
    legal_moves: tuple[Move, ...]  # the viewer's legal moves now, with labels (empty if none)
    undo: int | None = None  # the state id of the viewer's last move while it may take it back

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.seat in self.to_move


@dataclass(frozen=True)
class MoveResult:
    """A move the service committed."""

    game_id: int
    state_id: int  # the new state id (the board the next action must quote)
    seat: int
    text: str  # the move text as stored in the log
    events: tuple[str, ...]  # lines the mover may see: public ones and its own private ones
    to_move: tuple[int, ...]
    status: Status
    outcome: JSON | None
    private_events: tuple[str, ...] = ()  # the lines of `events` not shown to everyone
    names: tuple[str, ...] = ()  # how `events` name the seats: their holders when the move was made
    label: str = ""  # the move as its button words it ("Draft Underwater City"), or "" when it has none


@dataclass(frozen=True)
class NewTable:
    """What a new table is asked for: where, who hosts it, which game and on what terms. The host
    takes seat 0 unless `host_plays` is False (an all-AI demo); `clock` (a preset or a custom
    clock), `timeout_policy` and `min_reliability` (percent) default to the server's."""

    guild_id: int
    channel_id: int
    host_id: int
    host_name: str
    game: str
    options: JSON | None = None
    dm_ok: bool | None = None  # whether the host's DMs reach them, when the adapter knows
    host_plays: bool = True
    clock: str | None = None
    timeout_policy: str | None = None
    min_reliability: int | None = None
    rematch_of: int | None = None  # the ended game this table replays


@dataclass(frozen=True)
class Rematch:
    """A rematch's lobby; `left_out`: people who could not be seated (at their limit of open
    tables); `new`: False when an earlier request opened it already."""

    info: GameInfo
    left_out: tuple[str, ...]
    new: bool


@dataclass(frozen=True)
class LogLine:
    """One line of a game's story. `private` lines are visible to the asking seat only."""

    state_id: int
    seat: int | None  # the seat that acted (None for a table action like abandon)
    text: str
    private: bool = False
    names: tuple[str, ...] = ()  # how `text` names the seats: their holders when the change was made
