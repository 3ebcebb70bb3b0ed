"""The JSON the pages are sent (schema in docs/web.md), built only from what anyone may know.

A game's documents start from the relay's state document (bot/relay/payload.py): the same
spectator view and public facts the MQTT relay publishes, made from the `PublicUpdate` the table
service tells every adapter. Around it only the seats' clocks (the thread shows them too), the
story's public lines and the pictures' addresses. Nothing here can see a seat's private view.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from bot.relay.payload import state_document
from bot.tables.clocks import label as clock_label
from bot.web import links
from bot.web.history import Step
from bot.web.reading import Current, Listed

SCHEMA = 1
JSON = dict[str, Any]


def with_key(path: str, key: str) -> str:
    return f"{path}{'&' if '?' in path else '?'}key={key}" if key else path


def picture_path(game_id: int, state_id: int, key: str = "", root: str = "") -> str:
    """The board picture of one state (a finished game's: its result). `root`: the path the pages
    are served under (SKALD_WEB_URL's), every address the pages give starts with it."""
    return with_key(f"{root}/g/{game_id}/picture/{state_id}.png", key)


def step_picture_path(game_id: int, index: int, version: int, key: str = "", root: str = "") -> str:
    """Step `index` of the replay of the game as it stood at state `version`."""
    return with_key(f"{root}/g/{game_id}/step/{index}.png?v={version}", key)


def state_json(current: Current) -> JSON:
    """`/g/<id>/state.json`: the relay's state document, for overlays that draw their own."""
    return state_document(current.update)


def live(current: Current, *, since: int | None, now: float, key: str = "", root: str = "") -> JSON:
    """What a live page is sent: the game now, and the story's lines after `since` (all for None)."""
    update = current.update
    document = state_document(update)
    del document["view"]  # the picture shows it; state.json has it for whoever wants the data
    to_move = set(update.to_move)
    document["seats"] = [{
        "seat": s.seat, "name": s.name, "ai": s.ai, "stand_in": s.stand_in, "to_move": s.seat in to_move,
        "deadline": s.deadline, "paused": s.paused, "bank": s.bank, "left": s.left,
    } for s in update.seats]
    document.update(
        clock=clock_label(current.clock) if current.clock != "none" else None,
        paused=current.paused,
        picture=picture_path(update.game_id, update.state_id, key, root) if update.view else None,
        since=since,
        lines=[{"id": line.state_id, "text": line.text} for line in current.lines_after(since)],
        now=now,
    )
    return document


def step(game_id: int, found: Step, version: int, key: str = "", root: str = "") -> JSON:
    """One position of the replay scrubber."""
    return {
        "schema": SCHEMA, "game_id": game_id, "step": found.index, "total": found.total, "label": found.label,
        "lines": list(found.lines), "names": list(found.names),
        "picture": step_picture_path(game_id, found.index, version, key, root),
    }


def listing(guild_id: int, games: Sequence[Listed], root: str = "") -> JSON:
    """A server's page: its games open to all."""
    return {"schema": SCHEMA, "guild_id": guild_id, "games": [{
        "game_id": g.game_id, "title": g.title, "status": g.status, "state_id": g.state_id, "seats": list(g.seats),
        "to_move": list(g.to_move), "updated_at": g.updated_at, "url": root + links.game_path(g.game_id),
    } for g in games]}


def encode(document: JSON) -> str:
    return json.dumps(document, ensure_ascii=False, separators=(",", ":"))


def event(name: str, document: JSON, event_id: int | None = None) -> bytes:
    """One server-sent event (its data on one line: JSON never holds a raw line break)."""
    head = f"id: {event_id}\n" if event_id is not None else ""
    return f"{head}event: {name}\ndata: {encode(document)}\n\n".encode()
