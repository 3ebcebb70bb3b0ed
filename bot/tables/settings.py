"""Per-server settings: each declared once, as a field of `ServerSettings` whose metadata says
what it means, which values it takes, how typed text becomes one and how one is shown.

`DECLARED` (for `check`, `/skald settings` and the table in docs/async.md, which
tests/bot/test_server_settings.py keeps equal to it) is read from those fields.
A server stores only what it changed (`guild_settings`, JSON values); reading merges those
over the defaults, and a stored value that is no longer valid falls back to the default.
`/skald settings` (Manage Server) shows and changes them through `check`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import TYPE_CHECKING, Any, TypeVar

from bot.tables.clocks import CLOCKS, EXAMPLE, POLICIES, POLICY_LABELS, BadClock
from bot.tables.clocks import check as check_clock
from bot.tables.clocks import label as clock_label

if TYPE_CHECKING:
    from bot.store import Store

T = TypeVar("T")
AWAY_WINDOW_DAYS = 90
_SETTING = "setting"  # the metadata key of a ServerSettings field's declaration
_CHANNEL = re.compile(r"<#(\d{1,20})>|(\d{1,20})")
_ROLE = re.compile(r"<@&(\d{1,20})>|(\d{1,20})")


@dataclass(frozen=True)
class Setting:
    """What one setting means and which values it takes: a range of whole numbers, or named
    choices. `name` and `default` are its field's in ServerSettings (filled in by DECLARED)."""

    description: str
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    # Text values beyond `choices`: the value as stored, or ValueError saying what is wrong.
    written: Callable[[str], str] | None = None
    # Typed text beyond a whole number, for a number setting: its value, or None if it is none.
    typed: Callable[[str], int | None] | None = None
    also: str = ""  # what `written` or `typed` take, as the docs say it
    labels: Mapping[str, str] | None = None  # how named values are shown
    show: Callable[[Any], str] | None = None  # how values are shown, when labels don't say
    name: str = ""
    default: Any = None

    @property
    def allowed(self) -> str:
        """The values it takes, as a refusal says them."""
        return ", ".join(self.choices) if self.choices else f"a whole number from {self.low} to {self.high}"

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
        elif isinstance(value, int) and not isinstance(value, bool) and self.low <= value <= self.high:
            return value
        raise ValueError(f"{self.name} can't be {str(value)[:40]!r}: {self.allowed}.")

    def parse(self, text: str) -> Any:
        """A value from what a person typed, for `normal` to check."""
        text = text.strip()
        if self.choices:
            return text.lower()
        found = self.typed(text) if self.typed is not None else None
        if found is not None:
            return found
        if not (text.isascii() and text.isdigit() and len(text) <= 20):
            raise ValueError(f"{self.name} takes a whole number, not {text[:30]!r}.")
        return int(text)

    def shown(self, value: Any) -> str:
        if self.labels and value in self.labels:
            return self.labels[value]
        return self.show(value) if self.show is not None else str(value)


def declared(default: T, setting: Setting) -> T:
    """A ServerSettings field: its default, with the setting's declaration in its metadata."""
    return field(default=default, metadata={_SETTING: setting})


def _clock(value: str) -> str:
    try:
        return check_clock(value)
    except BadClock as error:
        raise ValueError(f"clock can't be {value[:40]!r}: {error}") from None


def _channel(text: str) -> int | None:
    """A #channel mention (or its id), or any/none/off for any channel."""
    if text.lower() in ("any", "none", "off", "0"):
        return 0
    match = _CHANNEL.fullmatch(text)
    return int(match.group(1) or match.group(2)) if match else None


def _role(text: str) -> int | None:
    """A @role mention (or its id), or none/off for Manage Server alone."""
    if text.lower() in ("none", "off", "0"):
        return 0
    match = _ROLE.fullmatch(text)
    return int(match.group(1) or match.group(2)) if match else None


PINGS_TO_ACT, PINGS_OFF = "to_act", "off"
PINGS = (PINGS_TO_ACT, PINGS_OFF)
PINGS_LABELS = {PINGS_TO_ACT: "to_act — a game's thread pings those who must act and aren't told by DM",
                PINGS_OFF: "off — a game's thread names those who must act, never pings"}
WEB_OFF, WEB_ON, WEB_LINKS = "off", "on", "links"
WEB_MODES = (WEB_OFF, WEB_ON, WEB_LINKS)
WEB_LABELS = {WEB_OFF: "off — no web pages", WEB_ON: "on — open pages for games everyone can see, signed links for "
              "the others", WEB_LINKS: "links — every game by signed link only"}


def _role_shown(value: int) -> str:
    return "Manage Server only" if not value else f"<@&{value}> (and Manage Server)"


def _channel_shown(value: int) -> str:
    return "any channel" if not value else f"<#{value}>"


def _reliability_shown(value: int) -> str:
    return "anyone may join" if not value else f"{value}% of games played to the end"


@dataclass(frozen=True)
class ServerSettings:
    """A server's settings (the defaults are the values of a server that changed nothing)."""

    clock: str = declared("daily", Setting(
        "The clock new tables get unless their host picks one: a preset, or per move + bank + increment like "
        f"{EXAMPLE}", choices=CLOCKS, written=_clock, also="a custom clock", show=clock_label))
    timeout_policy: str = declared("stand_in", Setting(
        "When a player's time runs out", choices=POLICIES, labels=POLICY_LABELS))
    away_days: int = declared(14, Setting(
        f"Days of absence (/game away) a player may take per {AWAY_WINDOW_DAYS} days", 0, 60))
    games_channel: int = declared(0, Setting(
        "The channel /play opens tables in (0: any)", 0, 2**63 - 1, typed=_channel,
        also="a #channel, or any", show=_channel_shown))
    max_tables: int = declared(200, Setting(
        "Open tables (lobbies and running games) the server may have", 1, 5000))
    max_tables_per_player: int = declared(12, Setting(
        "Open tables one player may sit at", 1, 200))
    lobby_expiry_hours: int = declared(24, Setting(
        "Hours after its last change an idle lobby is called off", 1, 24 * 14))
    min_reliability: int = declared(0, Setting(
        "The least reliability (% of games played to the end) a person needs to join a new table (0: anyone)",
        0, 100, show=_reliability_shown))
    organiser_role: int = declared(0, Setting(
        "The role whose members may run tournaments, besides those with Manage Server (0: none)", 0, 2**63 - 1,
        typed=_role, also="a @role, or none", show=_role_shown))
    thread_pings: str = declared(PINGS_TO_ACT, Setting(
        "Whether a game's thread pings the people who must act (those not told by a DM panel: DMs closed, or "
        "at the table), or never pings; a game's host may choose otherwise with /game pings (docs/async.md)",
        choices=PINGS, labels=PINGS_LABELS))
    web: str = declared(WEB_OFF, Setting(
        "Spectator web pages of this server's games (docs/web.md): off; on (games in channels everyone can see "
        "are open and listed, the others by signed link only); links (every game by signed link only, none "
        "listed)", choices=WEB_MODES, labels=WEB_LABELS))


DECLARED: dict[str, Setting] = {
    f.name: replace(f.metadata[_SETTING], name=f.name, default=f.default) for f in fields(ServerSettings)
}


def read(stored: dict[str, Any]) -> ServerSettings:
    """The defaults, overridden by each stored value that is still valid."""
    changes = {name: stored[name] for name, setting in DECLARED.items()
               if name in stored and setting.allows(stored[name])}
    return replace(ServerSettings(), **changes)


def check(name: str, value: Any) -> Any:
    """`value` for setting `name` as stored, if allowed; ValueError with what is allowed otherwise."""
    setting = DECLARED.get(name)
    if setting is None:
        raise ValueError(f"There is no setting {name!r}; settings are: {', '.join(DECLARED)}.")
    return setting.normal(value)


async def server_settings(store: Store, guild_id: int) -> ServerSettings:
    return read(await store.settings.guild_settings(guild_id))


# -- the web pages' own keys (docs/web.md) ------------------------------------------------------
# Kept beside the settings in `guild_settings`, but set by the bot, not typed by people, so not
# in DECLARED: which channels everyone can see (as the bot last saw them when it gave a link) and
# the generation of the server's signed links, which revoking them bumps.

WEB_GENERATION = "web_generation"
WEB_CHANNEL = "web_channel:"  # + the channel id: "public" or "private"
PUBLIC, PRIVATE = "public", "private"
WHOLE_BOT = 0  # the guild id under which keys of the whole bot are kept (no server has id 0)
WEB_SECRET = "web_secret"  # of WHOLE_BOT: the links' signing key, when SKALD_WEB_SECRET is unset


@dataclass(frozen=True)
class WebAccess:
    """Who may open a server's game pages: its `web` setting, the generation of its signed links
    and the channels the bot saw everyone can see. A channel it has not seen is taken as private:
    a game's page is open to all only when the bot saw that it may be."""

    mode: str = WEB_OFF
    generation: int = 0
    public_channels: frozenset[int] = frozenset()

    @property
    def on(self) -> bool:
        return self.mode != WEB_OFF

    def open_to_all(self, channel_id: int) -> bool:
        """The game of this channel may be shown without a signed link, and listed."""
        return self.mode == WEB_ON and channel_id in self.public_channels


def web_access(stored: dict[str, Any]) -> WebAccess:
    """A server's web access from its stored keys (`Store.guild_settings`)."""
    generation = stored.get(WEB_GENERATION, 0)
    public = frozenset(int(key.removeprefix(WEB_CHANNEL)) for key, value in stored.items()
                       if key.startswith(WEB_CHANNEL) and key.removeprefix(WEB_CHANNEL).isdigit() and value == PUBLIC)
    return WebAccess(read(stored).web,
                     generation if isinstance(generation, int) and not isinstance(generation, bool) else 0, public)


def channel_key(channel_id: int) -> str:
    return f"{WEB_CHANNEL}{channel_id}"
