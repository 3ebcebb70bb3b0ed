"""Rows of the store as typed records (JSON columns already decoded)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.holders import Holding
from bot.kinds import ChangeKind, Status

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
    status: Status
    state_id: int
    host_id: int
    outcome: JSON | None
    lobby_message_id: int | None
    created_at: float
    updated_at: float
    to_move: tuple[int, ...] | None = ()  # None: not known yet (a game from before schema 4)
    engine_version: int = 1  # the engine's history version the game was set up under
    broken: str | None = None  # why it failed to load last time (None: it loads)
    clock: str = "none"  # the table's clock preset (bot/tables/clocks.py)
    timeout_policy: str = "stand_in"  # "stand_in" | "vote" when a seat's time runs out
    paused_at: float | None = None  # the host paused the game's clocks
    rematch_of: int | None = None  # a rematch's lobby: the game it replays
    min_reliability: int = 0  # the least reliability (percent) a person needs to join (0: anyone)
    thread_pings: str | None = None  # the host's choice of thread pings (None: the server's setting)

    def __post_init__(self) -> None:
        # A row read back from the database holds the column's text; compare and match on the enum.
        object.__setattr__(self, "status", Status(self.status))


@dataclass(frozen=True)
class SeatRow:
    """A seat: a person (`user_id`), an AI (`ai`), or nobody (an open seat); a person's seat
    may have an AI `stand_in` playing for them, `why` says since what."""

    seat: int
    name: str
    user_id: int | None
    ai: str | None
    dm_ok: bool | None
    stand_in: str | None = None
    why: str | None = None  # "timeout" | "left" | "resigned" | "open" | "table"


@dataclass(frozen=True)
class MoveRow:
    """One committed change: an engine move, or a table action (resign, abandon, a stand-in
    taking over, a seat given, a pause ...: `bot.kinds.TABLE_ACTIONS`), which the engine never replays."""

    state_id: int
    seat: int | None
    kind: ChangeKind  # an undo's `text` is the state id of the move it takes back
    text: str
    events: tuple[EventRecord, ...]
    to_move: tuple[int, ...]
    user_id: int | None
    created_at: float
    stand_in: bool = False  # the seat's AI stand-in made this move

    def __post_init__(self) -> None:
        object.__setattr__(self, "kind", ChangeKind(self.kind))

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
    revision: str | None = None  # a shared store's revision of the game as read (Store.revision)
    holders: tuple[Holding, ...] = ()  # every seat's holders, oldest first (none before the start)


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
    board: int | None = None  # the board the living message shows (None: not known, an older post)
    board_picture: bool = False  # ... and whether it carries the board's picture


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


SeatSpec = tuple[str, int | None, str | None]  # a seat as a lobby is opened with it: (name, user_id, ai)


def lobby_seats(host_id: int, host_name: str | None, seats: Sequence[SeatSpec]) -> list[SeatSpec]:
    """A new lobby's seats in order: the host's (unless `host_name` is None), then `seats`."""
    return ([(host_name, host_id, None)] if host_name is not None else []) + list(seats)


@dataclass(frozen=True)
class Timer:
    """An absolute due time of a game, or of what another key space names (docs/storage.md,
    `timers`): `game_id` is the id within `space` (a tournament's id for a tournament's timer)."""

    game_id: int
    kind: str
    seat: int
    due_at: float
    state_id: int
    space: str = "game"


@dataclass(frozen=True)
class SeatClock:
    """One seat's clock (docs/async.md): its bank and, while it is to act, its time.

    Running: `deadline` set. Paused: `remaining` set. Not to act: both None."""

    seat: int
    bank: float
    started: float | None = None
    allowed: float | None = None  # the seconds it had when its turn began
    deadline: float | None = None
    remaining: float | None = None
    state_id: int = -1  # the state at which its turn began
    # Its bank when that turn began. A stopped clock keeps `started`, `allowed`, `state_id` and
    # this, so an undo can give the turn back as it stood (never the time already used).
    turn_bank: float | None = None

    @property
    def running(self) -> bool:
        return self.deadline is not None

    @property
    def paused(self) -> bool:
        return self.remaining is not None

    @property
    def active(self) -> bool:
        """Its seat is to act: the clock runs, or is paused."""
        return self.running or self.paused


@dataclass(frozen=True)
class Vote:
    voter: int
    choice: str
    voted_at: float


@dataclass(frozen=True)
class ResultRow:
    """One holder of one seat of a finished game (the `results` table, docs/records.md)."""

    game_id: int
    seat: int
    guild_id: int
    game: str
    user_id: int | None  # the person (None: an AI)
    ai: str | None  # the seat's own AI kind, or the stand-in's that finished the seat
    name: str  # as the story named the holder ("Ann", "greedy AI", "AI for Ann")
    rank: int | None  # 1 = first; a quitter ranks below every seat; None in cooperative games
    score: int | None  # None when the game ended without scores (and for a quitter)
    won: bool
    cooperative: bool
    resigned: bool  # this seat's resignation ended the game
    stood_in: int  # moves of this seat an AI stand-in made
    options: JSON
    sheet: JSON | None  # a cooperative game's team sheet
    started_at: float
    finished_at: float
    part: int = 0  # 0: held the seat at the end; 1, 2 ...: a person who held it before and quit
    finished: bool = True  # held the seat when the game ended
    quit: str | None = None  # a quitter: why the seat's next holder took over (bot/holders.py)
    stand_in: bool = False  # an AI standing in: never rated nor credited

    @property
    def order(self) -> tuple[float, int, int, int]:
        """Where the row comes when results are read and rated (the store's RESULT_ORDER)."""
        return (self.finished_at, self.game_id, self.seat, self.part)
