"""What a service checks of a table before it changes it; each failure is a readable refusal."""

from __future__ import annotations

from bot.kinds import Status
from bot.tables.errors import AlreadyStarted, GameClosed, GameFull, NotAllowed, NotInGame, NotStarted
from bot.tables.table import Table
from bot.tables.types import LOBBY, RUNNING


def require_lobby(table: Table) -> None:
    if table.row.status == RUNNING:
        raise AlreadyStarted(f"Game #{table.game_id} has already started.")
    _require_status(table, LOBBY, "")


def require_free_seat(table: Table) -> None:
    if len(table.seats) >= table.engine.max_players:
        raise GameFull(f"Game #{table.game_id} is full ({table.engine.max_players} seats).")


def require_running(table: Table) -> None:
    if table.row.status == LOBBY:
        raise NotStarted(f"Game #{table.game_id} hasn't started yet.")
    _require_status(table, RUNNING, "; it takes no more moves")


def _require_status(table: Table, wanted: Status, more: str) -> None:
    """GameClosed unless the game's status is `wanted` (`more`: what the refusal adds)."""
    if table.row.status != wanted:
        raise GameClosed(f"Game #{table.game_id} is {table.row.status}{more}.")


def require_host(table: Table, user_id: int, is_admin: bool, action: str) -> None:
    if user_id != table.row.host_id and not is_admin:
        host = table.seat_of(table.row.host_id)
        who = "the host" if host is None else f"the host ({table.name_of(host)})"
        raise NotAllowed(f"Only {who} or an admin can {action}.")


def own_seat(table: Table, user_id: int) -> int:
    """The user's seat; NotInGame if they have none."""
    seat = table.seat_of(user_id)
    if seat is None:
        raise NotInGame(f"You have no seat in game #{table.game_id}.")
    return seat
