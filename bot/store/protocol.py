"""The Store protocol: what the table service, its scheduler and outbox (and the audit, replays
and `skald db`) ask of a database. `SqliteStore` (one process per file) and `PostgresStore`
(several processes on one server) implement it; `open_store` picks one from SKALD_DB / --db.

Besides the data, a store says how far its database is shared: `shared` stores are written by
other processes too, so the service takes `lock` around a game's (or an event's) critical section, checks
its cached game against `revision`, and runs timers only while `hold_leadership` says so
(docs/scaling.md). A store of its own (SQLite) has a no-op lock, no revision and always leads.

`open_store` returns either as a `Store`, so mypy checks that both implement all of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from bot.holders import Holding
from bot.store.clocks import ClockWrites
from bot.store.keys import Key, Space
from bot.store.records import (
    JSON,
    Announcement,
    GameRecord,
    GameRow,
    MoveRow,
    PanelMark,
    ResultRow,
    SeatClock,
    SeatRow,
    SeatSpec,
    Snapshot,
    Timer,
    Vote,
)
from bot.store.results import ChangeWrite, ResultsMark
from bot.store.tournaments import TournamentStore
from bot.store.watching import GameMark, OnChange


class Store(Protocol):
    """Games, seats, the move log, snapshots, clocks, results and adapter bookkeeping in one database."""

    # -- the database itself --------------------------------------------------------------------
    @property
    def shared(self) -> bool:
        """True when other processes write the same database (the service must coordinate)."""
        ...

    @property
    def tournaments(self) -> TournamentStore:
        """Tournaments' rows (the same code on both stores: bot/store/tournaments.py)."""
        ...

    @property
    def commits(self) -> int:
        """Transactions committed so far, for benchmarks."""
        ...

    async def close(self) -> None: ...

    async def version(self) -> int:
        """The schema version the database is at."""
        ...

    # -- coordinating processes -------------------------------------------------------------------
    def lock(self, key: Key) -> AbstractAsyncContextManager[None]:
        """Held around a game's or an event's critical section (its key, bot/store/keys.py); excludes
        other processes (a no-op when not shared)."""
        ...

    async def revision(self, game_id: int) -> str | None:
        """A token that changes whenever the game's row, seats or clocks change (None: not shared,
        or no such game); a cached game is stale when its token differs."""
        ...

    async def hold_leadership(self) -> bool:
        """Take the leader's lock, or confirm it is still held; False while another process leads."""
        ...

    async def release_leadership(self) -> None: ...

    # -- lobby ----------------------------------------------------------------------------------
    async def create_game(self, *, guild_id: int, channel_id: int, host_id: int, host_name: str | None, game: str,
                          options: JSON, now: float, clock: str = "none", timeout_policy: str = "stand_in",
                          rematch_of: int | None = None, min_reliability: int = 0, seats: Sequence[SeatSpec] = (),
                          origin: str | None = None) -> int:
        """A new lobby: the host in seat 0 unless `host_name` is None, then `seats`; a game with an
        `origin` (what it was opened for) is opened once, and the same origin finds it again."""
        ...

    async def add_seat(self, game_id: int, *, name: str, user_id: int | None, ai: str | None, now: float,
                       max_seats: int | None = None) -> int: ...

    async def remove_seat(self, game_id: int, seat: int, now: float) -> None: ...

    async def close_lobby(self, game_id: int, status: str, now: float) -> None: ...

    async def start_game(self, game_id: int, *, seed: int, thread_id: int | None, state: JSON, now: float,
                         to_move: Sequence[int] = (), engine_version: int = 1,
                         clocks: ClockWrites | None = None, holders: Sequence[Holding] = ()) -> None: ...

    # -- the move log ---------------------------------------------------------------------------
    async def append_change(self, game_id: int, change: MoveRow, *, status: str, outcome: JSON | None,
                            snapshot: JSON | None, clocks: ClockWrites | None = None,
                            also: Sequence[ChangeWrite] = ()) -> None:
        """Commit one change if the game is still at `change.state_id - 1` (StateConflict if not),
        with the writes it brings (`also`, in order, last)."""
        ...

    async def load(self, game_id: int, *, from_start: bool = False, upto: int | None = None) -> GameRecord | None:
        """The game with its latest snapshot and the changes after it (`from_start`: no snapshot;
        `upto`: the game as it was at that state id)."""
        ...

    async def moves(self, game_id: int, *, after: int = 0, last: int | None = None) -> list[MoveRow]: ...

    async def snapshots(self, game_id: int) -> list[Snapshot]: ...

    # -- looking --------------------------------------------------------------------------------
    async def game(self, game_id: int) -> GameRow | None: ...

    async def seats(self, game_id: int) -> list[SeatRow]: ...

    async def games(self, *, guild_id: int | None = None, channel_id: int | None = None,
                    user_id: int | None = None, game: str | None = None,
                    statuses: Sequence[str] | None = None, place: int | None = None, limit: int | None = None,
                    include_broken: bool = False) -> list[tuple[GameRow, list[SeatRow]]]: ...

    async def count_active(self, *, guild_id: int, user_id: int | None = None) -> int: ...

    async def set_to_move(self, game_id: int, state_id: int, to_move: Sequence[int]) -> None: ...

    async def mark_broken(self, game_id: int, reason: str | None) -> None: ...

    async def game_ids(self) -> list[int]: ...

    async def holders(self, game_id: int) -> list[Holding]:
        """Every holding of the game's seats, by seat and change (bot/holders.py)."""
        ...

    async def rematch(self, game_id: int) -> int | None:
        """The newest game opened as a rematch of `game_id`, if any."""
        ...

    async def ended_holdings(self, user_id: int, guild_id: int) -> list[tuple[str, list[Holding]]]:
        """(status, holdings) of every ended game of the server where the person held a seat."""
        ...

    # -- bookkeeping for adapters -----------------------------------------------------------------
    async def set_game_field(self, game_id: int, field: str, value: int | float | None, now: float) -> bool: ...

    async def set_dm_ok(self, user_id: int, ok: bool | None, now: float) -> None: ...

    async def announcement(self, game_id: int) -> Announcement | None: ...

    async def record_announcement(self, mark: Announcement, *, pinged: Sequence[int], now: float) -> None: ...

    async def panel_marks(self, game_id: int) -> dict[int, PanelMark]: ...

    async def record_panels(self, game_id: int, marks: Sequence[PanelMark], now: float,
                            done: int | None = None) -> None: ...

    async def take_lease(self, key: Key, what: str, owner: str, now: float, seconds: float) -> bool:
        """Take (or keep) the right to tell `what` ('story', 'panels' of a game, 'news' of an event)
        for `seconds`; False while another process holds it (always True when the store is not shared)."""
        ...

    async def drop_lease(self, key: Key, what: str, owner: str) -> None: ...

    async def lagging_games(self) -> list[int]: ...

    async def dm_channel(self, user_id: int) -> int | None: ...

    async def set_dm_channel(self, user_id: int, channel_id: int, now: float) -> None: ...

    async def guild_settings(self, guild_id: int) -> JSON: ...

    async def set_guild_setting(self, guild_id: int, key: str, value: Any, now: float) -> None: ...

    # -- results of finished games -----------------------------------------------------------------
    async def results(self, guild_id: int, game: str) -> list[ResultRow]:
        """Every result row of `game` in the server, in rating order (finished_at, game id, seat)."""
        ...

    async def results_mark(self, guild_id: int, game: str) -> ResultsMark: ...

    async def played(self, guild_id: int, user_id: int | None = None) -> list[str]: ...

    # -- timers ---------------------------------------------------------------------------------
    async def set_timer(self, game_id: int, kind: str, due_at: float, *, seat: int = -1,
                        state_id: int = -1, space: str = Space.GAME) -> None:
        """Set (or move) the timer of `game_id` in `space` (a game's; an event's: bot/store/keys.py)."""
        ...

    async def finish_timers(self, timers: Sequence[Timer]) -> None: ...

    async def take_timer(self, timer: Timer) -> bool:
        """Delete a timer still as given; True if this call deleted it (act on it once, at most)."""
        ...

    async def timer(self, game_id: int, kind: str, seat: int = -1, *, space: str = Space.GAME) -> Timer | None: ...

    async def next_due(self) -> float | None: ...

    async def due_timers(self, now: float, limit: int = 500) -> list[Timer]: ...

    # -- clocks, stand-ins, votes, absences --------------------------------------------------------
    async def clocks(self, game_id: int) -> dict[int, SeatClock]: ...

    async def clocks_of(self, game_ids: Sequence[int]) -> dict[int, dict[int, SeatClock]]: ...

    async def set_clocks(self, game_id: int, writes: ClockWrites) -> None: ...

    async def set_stand_in(self, game_id: int, seat: int, stand_in: str | None, why: str | None,
                           release_player: bool = False) -> None: ...

    async def cast_vote(self, game_id: int, seat: int, voter: int, choice: str, now: float) -> None: ...

    async def votes(self, game_id: int, seat: int) -> list[Vote]: ...

    async def clear_votes(self, game_id: int, seat: int) -> None: ...

    async def start_absence(self, user_id: int, guild_id: int, now: float, until: float) -> None: ...

    async def end_absence(self, user_id: int, guild_id: int, now: float) -> None: ...

    async def absences(self, user_id: int, guild_id: int, since: float) -> list[tuple[float, float]]: ...

    async def current_absences(self, now: float) -> list[tuple[int, int, float]]: ...

    async def take_absence_end(self, user_id: int, guild_id: int, until: float) -> bool:
        """Mark the absence ending at `until` as told to its person; True for the one caller that
        marked it (tell them once, however many games it paused)."""
        ...

    # -- telling other processes of changes (web pages, docs/web.md) -------------------------------
    async def game_marks(self, game_ids: Sequence[int], guild_ids: Sequence[int] = ()) -> list[GameMark]:
        """Where these games stand, and every open table of these servers, in one read (a page
        process polls it on SQLite, once an interval for all it watches)."""
        ...

    async def tell_changes(self, marks: Sequence[GameMark]) -> None:
        """Tell listening processes these changes were committed (PostgreSQL's NOTIFY; nothing on SQLite)."""
        ...

    def listen_changes(self, on_change: OnChange) -> AbstractAsyncContextManager[bool]:
        """While the block runs, `on_change` hears of changes other processes told (None: look again
        at everything); yields False where there is nothing to listen to (SQLite: poll instead)."""
        ...
