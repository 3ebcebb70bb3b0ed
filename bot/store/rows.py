"""Rows as the store reads them: the records each row makes, read by position in the order the
parts select their columns (SQLAlchemy rows are sequences).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Protocol, overload

from bot.holders import Holding
from bot.kinds import Status
from bot.store.codec import dumps
from bot.store.errors import DamagedRow, DamagedSnapshot, StoreError
from bot.store.records import Announcement, EventRecord, GameRow, MoveRow, SeatRow, Snapshot, Timer

log = logging.getLogger(__name__)


class Row(Protocol):
    """A result row, read by position (or a run of positions): an sqlite3 row or an asyncpg record."""

    @overload
    def __getitem__(self, index: int, /) -> Any: ...

    @overload
    def __getitem__(self, index: slice, /) -> Any: ...


NO_LIMIT = 2**31 - 1  # a state id above any real one (`load` without `upto`), within an INTEGER
STATUSES = ("lobby", "running", "finished", "abandoned", "cancelled")


def timer_row(row: Row) -> Timer:
    """A row of TIMER_COLUMNS (bot/store/clocks.py) as a timer."""
    return Timer(game_id=row[0], kind=row[1], seat=row[2], due_at=row[3], state_id=row[4], space=row[5])


def ended_holdings(rows: Iterable[Row]) -> list[tuple[str, list[Holding]]]:
    """Rows of (game id, status, then a holding's columns) as (status, holdings) per game, in game order."""
    games: dict[int, tuple[str, list[Holding]]] = {}
    for r in rows:
        games.setdefault(int(r[0]), (str(r[1]), []))[1].append(holding_row(r[2:]))
    return list(games.values())


def holding_row(row: Row) -> Holding:
    """A row of a holding's columns (bot/store/games.py, HOLDER_COLUMNS) as a holding."""
    return Holding(seat=row[0], since=row[1], name=row[2], why=row[3], user_id=row[4], ai=row[5], for_user=row[6])


ADAPTER_FIELDS = ("lobby_message_id", "thread_id", "paused_at", "thread_pings")  # games' columns adapters set


def adapter_field(field: str) -> str:
    """`field` if adapters may set it (it goes into SQL as a column name, so only these)."""
    if field not in ADAPTER_FIELDS:
        raise StoreError(f"{field} is not an adapter bookkeeping column.")
    return field


def quoted(status: str) -> str:
    """A status as an SQL literal (they come from code, never from users), so the planner can
    match it to the partial index of open tables."""
    if status not in STATUSES:
        raise StoreError(f"{status!r} is not a game status.")
    return f"'{status}'"


DECODING = (ValueError, TypeError, KeyError, IndexError)  # what a damaged column raises on decoding


def game_row(row: Row) -> GameRow:
    """A games row as a record; DamagedRow names the column that no longer decodes."""
    try:
        return _game_row(row)
    except DECODING as error:
        raise DamagedRow(int(row[0]), f"games.{_damaged_game_column(row)}", error) from error


def _damaged_game_column(row: Row) -> str:
    for index, column in ((5, "options"), (10, "outcome"), (14, "to_move"), (7, "status")):
        try:
            if column == "status":
                Status(row[index])
            elif row[index] is not None:
                json.loads(row[index])
        except DECODING:
            return column
    return "row"


def _game_row(row: Row) -> GameRow:
    return GameRow(
        id=row[0], guild_id=row[1], channel_id=row[2], thread_id=row[3], game=row[4],
        options=json.loads(row[5]), seed=row[6], status=row[7], state_id=row[8], host_id=row[9],
        outcome=None if row[10] is None else json.loads(row[10]), lobby_message_id=row[11],
        created_at=row[12], updated_at=row[13], to_move=None if row[14] is None else tuple(json.loads(row[14])),
        engine_version=row[15] or 1, broken=row[16], clock=row[17], timeout_policy=row[18], paused_at=row[19],
        rematch_of=row[20], min_reliability=row[21], thread_pings=row[22],
    )


def seat_row(row: Row) -> SeatRow:
    return SeatRow(seat=row[1], name=row[2], user_id=row[3], ai=row[4], dm_ok=None if row[5] is None else bool(row[5]),
                   stand_in=row[6], why=row[7])


def move_row(row: Row, game_id: int) -> MoveRow:
    """A moves row (of game `game_id`) as a record; DamagedRow when it no longer decodes."""
    try:
        return _move_row(row)
    except DECODING as error:
        raise DamagedRow(game_id, f"moves (state {row[0]})", error) from error


def _move_row(row: Row) -> MoveRow:
    events: tuple[EventRecord, ...] = tuple(
        (str(text), None if seats is None else tuple(int(s) for s in seats)) for text, seats in json.loads(row[4])
    )
    return MoveRow(
        state_id=row[0], seat=row[1], kind=row[2], text=row[3], events=events,
        to_move=tuple(json.loads(row[5])), user_id=row[6], created_at=row[7], stand_in=bool(row[8]),
    )


def announcement_row(row: Row) -> Announcement:
    """What a game's thread was told. Damaged lists of seats read as empty (logged): this is the
    adapters' bookkeeping, so the worst is a status line told again, never a game set aside."""
    return Announcement(game_id=row[0], state_id=row[1], to_move=_seats_or_none(row, 2, "to_move"),
                        channel_id=row[3], message_id=row[4], from_state=row[5],
                        posted_to_move=_seats_or_none(row, 6, "posted_to_move"), panels_state_id=row[7],
                        board=row[8], board_picture=bool(row[9]))


def _seats_or_none(row: Row, index: int, column: str) -> tuple[int, ...]:
    try:
        return tuple(int(s) for s in json.loads(row[index]))
    except DECODING:
        log.warning("game %s: announcements.%s does not decode; read as no seats", row[0], column)
        return ()


def encode_events(events: Iterable[EventRecord]) -> str:
    return dumps([[text, None if seats is None else sorted(seats)] for text, seats in events])


def snapshot(game_id: int, row: Row) -> Snapshot:
    """A (state_id, state) row as a snapshot; DamagedSnapshot when its text no longer decodes."""
    try:
        return Snapshot(int(row[0]), json.loads(row[1]))
    except DECODING as error:
        raise DamagedSnapshot(game_id, f"snapshots (state {row[0]})", error) from error


class DecodedGames:
    """Listing games: a row that no longer decodes sets its game aside (marked broken, logged,
    left out) instead of failing the listing for the whole server."""

    if TYPE_CHECKING:  # the games part's own
        async def mark_broken(self, game_id: int, reason: str | None) -> None: ...

    async def _decoded_games(self, rows: Iterable[Row], seats: dict[int, list[SeatRow]]
                             ) -> list[tuple[GameRow, list[SeatRow]]]:
        found = []
        for r in rows:
            try:
                found.append((game_row(r), seats[int(r[0])]))
            except DamagedRow as damaged:
                log.error("game %d can't be listed (%s); it is set aside until `skald db verify` finds it loads",
                          damaged.game_id, damaged.what)
                await self.mark_broken(damaged.game_id, f"DamagedRow: {damaged.what}")
        return found


def settings_of(guild_id: int, rows: Iterable[Row], whose: str = "server") -> dict[str, Any]:
    """A server's (or a person's) stored settings by key; a value that no longer decodes is left
    out (logged), so the setting's default applies and the other settings still hold."""
    found: dict[str, Any] = {}
    for row in rows:
        try:
            found[str(row[0])] = json.loads(row[1])
        except DECODING:
            log.warning("%s %d: setting %s does not decode; its default applies", whose, guild_id, row[0])
    return found
