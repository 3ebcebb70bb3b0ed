"""Per-server settings: every one declared here once, with its default and what it may be.

A server stores only what it changed (`guild_settings`, JSON values); reading merges those
over the defaults, and a stored value that is no longer valid falls back to the default.
`/skald settings` (Manage Server) shows and changes them through `check`.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from bot.tables.clocks import CLOCK_LABELS, CLOCKS, POLICIES, POLICY_LABELS

if TYPE_CHECKING:
    from bot.store import Store


@dataclass(frozen=True)
class Setting:
    """One declared setting: what it means and which values are allowed (a range of whole
    numbers, or named choices)."""

    name: str
    description: str
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    labels: dict[str, str] | None = None

    def allows(self, value: Any) -> bool:
        if self.choices:
            return isinstance(value, str) and value in self.choices
        return isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high

    def shown(self, value: Any) -> str:
        if self.labels and value in self.labels:
            return self.labels[value]
        if self.name == "games_channel":
            return "any channel" if not value else f"<#{value}>"
        return str(value)


@dataclass(frozen=True)
class ServerSettings:
    """A server's settings (the defaults are the values of a server that changed nothing)."""

    clock: str = "daily"  # the clock a new table gets unless its host picks another (clocks.py)
    timeout_policy: str = "stand_in"  # what happens when a seat's time runs out
    away_days: int = 14  # days of `/game away` a player may take per 90 days
    games_channel: int = 0  # where `/play` opens tables (0: any channel)
    max_tables: int = 200  # lobbies and running games in the server
    max_tables_per_player: int = 12  # ... that one player sits at
    lobby_expiry_hours: int = 24  # an idle lobby is called off this long after its last change


DECLARED: dict[str, Setting] = {
    s.name: s for s in (
        Setting("clock", "The clock new tables get unless their host picks one", choices=CLOCKS,
                labels=CLOCK_LABELS),
        Setting("timeout_policy", "When a player's time runs out", choices=POLICIES, labels=POLICY_LABELS),
        Setting("away_days", "Days of absence (/game away) a player may take per 90 days", 0, 60),
        Setting("games_channel", "The channel /play opens tables in (0: any)", 0, 2**63 - 1),
        Setting("max_tables", "Open tables (lobbies and running games) the server may have", 1, 5000),
        Setting("max_tables_per_player", "Open tables one player may sit at", 1, 200),
        Setting("lobby_expiry_hours", "Hours after its last change an idle lobby is called off", 1, 24 * 14),
    )
}
AWAY_WINDOW_DAYS = 90


def read(stored: dict[str, Any]) -> ServerSettings:
    """The defaults, overridden by each stored value that is still valid."""
    changes = {field.name: stored[field.name] for field in fields(ServerSettings)
               if field.name in stored and DECLARED[field.name].allows(stored[field.name])}
    return replace(ServerSettings(), **changes)


def check(name: str, value: Any) -> Any:
    """`value` for setting `name` if allowed; ValueError with what is allowed otherwise."""
    spec = DECLARED.get(name)
    if spec is None:
        raise ValueError(f"There is no setting {name!r}; settings are: {', '.join(DECLARED)}.")
    if not spec.allows(value):
        allowed = ", ".join(spec.choices) if spec.choices else f"a whole number from {spec.low} to {spec.high}"
        raise ValueError(f"{name} can't be {str(value)[:40]!r}: {allowed}.")
    return value


async def server_settings(store: Store, guild_id: int) -> ServerSettings:
    return read(await store.guild_settings(guild_id))
