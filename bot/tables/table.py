"""A game as the service holds it in memory, and how it is rebuilt from the store."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from bot.holders import SeatHistory
from bot.move_log import MoveFailed, replay
from bot.notify import SeatInfo
from bot.store.records import GameRecord, GameRow, SeatClock, SeatRow
from bot.tables.clocks import preset
from bot.tables.types import RUNNING, GameInfo
from engine.core import Game, Move

JSON = dict[str, Any]


@dataclass(frozen=True)
class Takeback:
    """A seat's last move while it may still take it back: its change, and the seats to act
    before and after it (other seats' moves keep it open only within one simultaneous step)."""

    state_id: int
    before: frozenset[int]
    after: frozenset[int]


@dataclass
class Table:
    """One game: its row, seats and (once started) its current engine state.

    The service replaces `row` and `state` together, in one synchronous step after a commit,
    so a reader that does not take the game's lock still sees a consistent pair.
    """

    engine: Game[Any]
    row: GameRow
    seats: tuple[SeatRow, ...]
    state: Any = None  # None while a lobby (or a cancelled one)
    since_snapshot: int = 0  # changes committed since the newest snapshot
    clocks: dict[int, SeatClock] = field(default_factory=dict)  # by seat, when the table has a clock
    revision: str | None = None  # a shared store's revision of what this holds (None: not shared)
    # Seats whose last move may be taken back now, as the moves since loading tell (an Undo
    # button's hint; `undo` itself checks the log). Empty after a reload until the next move.
    takebacks: dict[int, Takeback] = field(default_factory=dict)
    holders: SeatHistory = field(default_factory=SeatHistory)  # who held each seat, from which change
    away: dict[int, float] = field(default_factory=dict)  # seats whose person is away: until when
    # Views and legal moves of the current state, by seat (None: a spectator). Every keystroke of
    # autocomplete, every panel and every update asks for them, and one state has one answer.
    _seen: dict[int | None, tuple[Any, tuple[int, ...], JSON, tuple[Move, ...]]] = field(default_factory=dict,
                                                                                          repr=False)

    @property
    def game_id(self) -> int:
        return self.row.id

    def to_move(self) -> tuple[int, ...]:
        """Who must act now: computed once per change, in the commit that stores it (`row.to_move`),
        and read from there by every listing, panel and update."""
        if self.row.status != RUNNING:
            return ()
        if self.row.to_move is None and self.state is not None:  # a row from before schema 4
            return tuple(sorted(self.engine.to_move(self.state)))
        return tuple(self.row.to_move or ())

    def view_of(self, seat: int | None) -> tuple[JSON, tuple[Move, ...]]:
        """The engine's view for `seat` of the current state, and its legal moves if it must act.

        Memoised per state object and waiting list: the service replaces `state` (never changes
        it in place), so a stored answer is current exactly while both are the same. Callers
        must not change the view (copy it first, as the thread does to add the outcome)."""
        state, to_move = self.state, self.to_move()
        seen = self._seen.get(seat)
        if seen is not None and seen[0] is state and seen[1] == to_move:
            return seen[2], seen[3]
        if state is None:
            return {}, ()
        view: JSON = self.engine.view(state, seat)
        legal = tuple(self.engine.legal_moves(state, seat)) if seat is not None and seat in to_move else ()
        if len(self._seen) > 8:  # seats of an old state
            self._seen = {s: v for s, v in self._seen.items() if v[0] is state}
        self._seen[seat] = (state, to_move, view, legal)
        return view, legal

    def timed(self) -> set[int]:
        """Seats whose clock runs when they must act: people playing for themselves."""
        return {s.seat for s in self.seats if s.user_id is not None and s.stand_in is None}

    def humans(self) -> set[int]:
        """Seats a person holds (told privately when the game starts or ends)."""
        return {s.seat for s in self.seats if s.user_id is not None}

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None

    def name_of(self, seat: int) -> str:
        return self.seats[seat].name if 0 <= seat < len(self.seats) else f"seat {seat + 1}"

    def names_at(self, change: int) -> list[str]:
        """The seats as the lines of change `change` name them: their holders then."""
        return self.holders.names_at(change, [s.name for s in self.seats])

    def seat_infos(self) -> tuple[SeatInfo, ...]:
        rules = preset(self.row.clock)
        infos = []
        for s in self.seats:
            clock = self.clocks.get(s.seat)
            infos.append(SeatInfo(
                seat=s.seat, name=s.name, user_id=s.user_id, ai=s.ai, dm_ok=s.dm_ok, stand_in=s.stand_in, why=s.why,
                deadline=self._deadline(s.seat), paused=self._paused(s.seat),
                bank=clock.bank if clock is not None else None if rules is None else rules.bank,
                left=clock.remaining if clock is not None and self._paused(s.seat) else None,
                away_until=self.away.get(s.seat) if s.user_id is not None else None))
        return tuple(infos)

    def _deadline(self, seat: int) -> float | None:
        clock = self.clocks.get(seat)
        return clock.deadline if clock is not None and seat in self.to_move() else None

    def _paused(self, seat: int) -> bool:
        clock = self.clocks.get(seat)
        return clock is not None and clock.paused and seat in self.to_move()

    def info(self) -> GameInfo:
        row = self.row
        return GameInfo(
            game_id=row.id, guild_id=row.guild_id, channel_id=row.channel_id, thread_id=row.thread_id,
            game=row.game, title=self.engine.title, options=dict(row.options), status=row.status,
            state_id=row.state_id, host_id=row.host_id, seats=self.seat_infos(), to_move=self.to_move(),
            min_players=self.engine.min_players, max_players=self.engine.max_players, outcome=row.outcome,
            lobby_message_id=row.lobby_message_id, created_at=row.created_at, updated_at=row.updated_at,
            clock=row.clock, timeout_policy=row.timeout_policy, paused=row.paused_at is not None,
            history=self.holders, min_reliability=row.min_reliability, thread_pings=row.thread_pings,
        )


class ReplayFailed(Exception):
    """A stored game's log no longer replays; `state_id` is the change that failed."""

    def __init__(self, game_id: int, state_id: int, cause: BaseException) -> None:
        super().__init__(f"game {game_id}: change {state_id} no longer replays ({type(cause).__name__})")
        self.game_id = game_id
        self.state_id = state_id
        self.cause = cause


def rebuild(engine: Game[Any], record: GameRecord) -> Table:
    """The latest snapshot (or the set-up state) plus a replay of the later moves.

    A snapshot the engine can no longer read raises StaleEncoding: load the whole log and
    call again (`record` then holds no snapshot). A change that no longer replays raises
    ReplayFailed, naming the change but not the engine's reason (it may name hidden cards)."""
    row = record.game
    table = Table(engine=engine, row=row, seats=record.seats, revision=record.revision,
                  holders=SeatHistory(record.holders))
    if row.seed is None:  # never started
        return table
    if record.snapshot is not None:
        state = engine.decode(record.snapshot.state)
    else:
        state = engine.setup(len(record.seats), row.options, row.seed, row.engine_version)
    try:
        for replayed in replay(engine, state, record.moves):
            state = replayed.state
    except MoveFailed as failed:
        raise ReplayFailed(row.id, failed.change.state_id, failed.cause) from failed.cause
    table.state = state
    table.since_snapshot = len(record.moves)
    return table


class TableCache:
    """The most recently used tables, at most `capacity`; the oldest is dropped first."""

    def __init__(self, capacity: int) -> None:
        if capacity < 1:
            raise ValueError("The table cache must hold at least one game.")
        self.capacity = capacity
        self._tables: OrderedDict[int, Table] = OrderedDict()

    def get(self, game_id: int) -> Table | None:
        table = self._tables.get(game_id)
        if table is not None:
            self._tables.move_to_end(game_id)
        return table

    def put(self, table: Table) -> None:
        self._tables[table.game_id] = table
        self._tables.move_to_end(table.game_id)
        while len(self._tables) > self.capacity:
            self._tables.popitem(last=False)

    def drop(self, game_id: int) -> None:
        self._tables.pop(game_id, None)

    def __contains__(self, game_id: object) -> bool:
        return game_id in self._tables

    def __len__(self) -> int:
        return len(self._tables)

    def values(self) -> list[Table]:
        return list(self._tables.values())
