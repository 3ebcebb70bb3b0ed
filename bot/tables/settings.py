"""Per-server settings: every one declared here once, with its default and its bounds.

A server stores only what it changed (`guild_settings`, JSON values); reading merges those
over the defaults, and a stored value that is no longer valid falls back to the default.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.store import Store


@dataclass(frozen=True)
class Setting:
    """One declared setting: what it means and which values are allowed."""

    name: str
    description: str
    low: int
    high: int


@dataclass(frozen=True)
class ServerSettings:
    """A server's settings (the defaults are the values of a server that changed nothing)."""

    max_tables: int = 200  # lobbies and running games in the server
    max_tables_per_player: int = 12  # ... that one player sits at
    lobby_expiry_hours: int = 24  # an idle lobby is called off this long after its last change


DECLARED: dict[str, Setting] = {
    s.name: s for s in (
        Setting("max_tables", "Open tables (lobbies and running games) the server may have", 1, 5000),
        Setting("max_tables_per_player", "Open tables one player may sit at", 1, 200),
        Setting("lobby_expiry_hours", "Hours after its last change an idle lobby is called off", 1, 24 * 14),
    )
}


def read(stored: dict[str, Any]) -> ServerSettings:
    """The defaults, overridden by each stored value that is still valid."""
    settings = ServerSettings()
    changes: dict[str, Any] = {}
    for field in fields(ServerSettings):
        value = stored.get(field.name)
        spec = DECLARED[field.name]
        if isinstance(value, int) and not isinstance(value, bool) and spec.low <= value <= spec.high:
            changes[field.name] = value
    return replace(settings, **changes)


async def server_settings(store: Store, guild_id: int) -> ServerSettings:
    return read(await store.guild_settings(guild_id))
