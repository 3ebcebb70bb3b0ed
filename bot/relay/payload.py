"""Topics and JSON payloads the relay publishes (schema in docs/relay.md).

Built only from a PublicUpdate, which carries the spectator view and public log lines;
nothing here can see a seat's private view.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.names import name_seats, result_line
from bot.notify import PublicUpdate, SeatInfo
from engine.core import seat_label

SCHEMA = 1

JSON = dict[str, Any]


# `space` is the topic level of a game's home: its guild id, or a terminal run's namespace.
def state_topic(prefix: str, space: int | str, game_id: int) -> str:
    return f"{prefix}/{space}/{game_id}/state"


def events_topic(prefix: str, space: int | str, game_id: int) -> str:
    return f"{prefix}/{space}/{game_id}/events"


def picture_topic(prefix: str, space: int | str, game_id: int) -> str:
    return f"{prefix}/{space}/{game_id}/picture"


def _names(seats: tuple[SeatInfo, ...]) -> list[str]:
    """Display names by seat number (the service numbers seats 0, 1, 2 ... without gaps)."""
    return [info.name for info in seats]


def _seat_ref(names: Sequence[str], seat: int) -> JSON:
    return {"seat": seat, "name": names[seat] if 0 <= seat < len(names) else seat_label(seat)}


def _heading(update: PublicUpdate) -> JSON:
    """What every document of a change starts with: the schema, the change and its game."""
    return {"schema": SCHEMA, "seq": update.state_id, "guild_id": update.guild_id, "game_id": update.game_id,
            "game": update.game}


def state_document(update: PublicUpdate) -> JSON:
    """The retained state message of one game, as a dict."""
    names = _names(update.seats)
    return {
        **_heading(update),
        "title": update.title,
        "status": update.status,
        "reason": update.reason,
        # Display names and AI kinds are shown in the game thread anyway; Discord user ids
        # and DM reachability are left out: a table display has no use for them.
        "seats": [{"seat": s.seat, "name": s.name, "ai": s.ai} for s in update.seats],
        "to_move": [_seat_ref(names, seat) for seat in update.to_move],
        "actor": None if update.actor is None else _seat_ref(names, update.actor),
        "outcome": update.outcome,
        # The result in plain words with names (the outcome's summary says "Seat N").
        "result": None if update.outcome is None else result_line(update.outcome, names),
        "view": update.view,
        "updated_at": update.updated_at,
    }


def events_document(update: PublicUpdate) -> JSON:
    """The events message of one change, as a dict (only public log lines).

    Engine lines say "Seat N"; like every adapter, the relay shows display names instead: the
    names of who held each seat when the change was made (`update.names`).
    """
    names = list(update.names) or _names(update.seats)
    return {
        **_heading(update),
        "actor": None if update.actor is None else _seat_ref(names, update.actor),
        "lines": [name_seats(line, names) for line in update.events],
        "updated_at": update.updated_at,
    }


def encode(document: JSON) -> bytes:
    """Compact UTF-8 JSON; keys keep their order so payloads are stable and diffable."""
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")).encode()
