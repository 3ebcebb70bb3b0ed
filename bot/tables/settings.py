"""Per-server settings: every one declared here once, with its default and what it may be.

A server stores only what it changed (`guild_settings`, JSON values); reading merges those
over the defaults, and a stored value that is no longer valid falls back to the default.
`/skald settings` (Manage Server) shows and changes them through `check`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from bot.tables.clocks import CLOCK_LABELS, CLOCKS, EXAMPLE, POLICIES, POLICY_LABELS, BadClock
from bot.tables.clocks import check as check_clock
from bot.tables.clocks import label as clock_label

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
    # Text values beyond `choices`: the value as stored, or ValueError saying what is wrong.
    written: Callable[[str], str] | None = None

    def allows(self, value: Any) -> bool:
        try:
            self.normal(value)
        except ValueError:
            return False
        return True

    def normal(self, value: Any) -> Any:
        """`value` as stored; ValueError (saying what is allowed) when it isn't allowed."""
        if self.choices:
            if isinstance(value, str) and value in self.choices:
                return value
            if isinstance(value, str) and self.written is not None:
                return self.written(value)
            raise ValueError(f"{self.name} can't be {str(value)[:40]!r}: {', '.join(self.choices)}.")
        if isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high:
            return value
        raise ValueError(f"{self.name} can't be {str(value)[:40]!r}: a whole number from {self.low} to {self.high}.")

    def shown(self, value: Any) -> str:
        if self.labels and value in self.labels:
            return self.labels[value]
        if self.name == "games_channel":
            return "any channel" if not value else f"<#{value}>"
        if self.name == "clock":
            return clock_label(str(value))
        if self.name == "min_reliability":
            return "anyone may join" if not value else f"{value}% of games played to the end"
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
    min_reliability: int = 0  # the least reliability (percent) a person needs to join a new table


def _clock(value: str) -> str:
    try:
        return check_clock(value)
    except BadClock as error:
        raise ValueError(f"clock can't be {value[:40]!r}: {error}") from None


DECLARED: dict[str, Setting] = {
    s.name: s for s in (
        Setting("clock", "The clock new tables get unless their host picks one: a preset, or per move + bank + "
                         f"increment like {EXAMPLE}", choices=CLOCKS, labels=CLOCK_LABELS, written=_clock),
        Setting("timeout_policy", "When a player's time runs out", choices=POLICIES, labels=POLICY_LABELS),
        Setting("away_days", "Days of absence (/game away) a player may take per 90 days", 0, 60),
        Setting("games_channel", "The channel /play opens tables in (0: any)", 0, 2**63 - 1),
        Setting("max_tables", "Open tables (lobbies and running games) the server may have", 1, 5000),
        Setting("max_tables_per_player", "Open tables one player may sit at", 1, 200),
        Setting("lobby_expiry_hours", "Hours after its last change an idle lobby is called off", 1, 24 * 14),
        Setting("min_reliability", "The least reliability (% of games played to the end) a person needs to join "
                                   "a new table (0: anyone)", 0, 100),
    )
}
AWAY_WINDOW_DAYS = 90


def read(stored: dict[str, Any]) -> ServerSettings:
    """The defaults, overridden by each stored value that is still valid."""
    changes = {field.name: stored[field.name] for field in fields(ServerSettings)
               if field.name in stored and DECLARED[field.name].allows(stored[field.name])}
    return replace(ServerSettings(), **changes)


def check(name: str, value: Any) -> Any:
    """`value` for setting `name` as stored, if allowed; ValueError with what is allowed otherwise."""
    spec = DECLARED.get(name)
    if spec is None:
        raise ValueError(f"There is no setting {name!r}; settings are: {', '.join(DECLARED)}.")
    return spec.normal(value)


async def server_settings(store: Store, guild_id: int) -> ServerSettings:
    return read(await store.guild_settings(guild_id))
