"""Every environment variable Skald reads, declared once: its name, its default, what it means and
what it takes.

This is the only module of bot/, renderer/ and engine/ that touches `os.environ`; the others ask
a `Variable` for its value (a yes/no one, a `Switch`, whether it is `on`: every yes/no variable
takes the same words and refuses others with a message naming it; a `Number` for its number, in
the range declared with it, which its help states). `check` reads every one of them at once: `skald
run` calls it first, so a value Skald can't read stops the bot, naming the variable and what it
takes, before anything is opened or Discord is contacted. Functions that take an
`environ` mapping (tests give one) pass it on: None means this process's environment. README's
table of variables is `VARIABLES` without the internal ones, in order, with their help as written
there, and so is docs/discord.md's (tests/bot/test_environment.py keeps all three so). Variables of
the tests and of docker-compose.yml (SKALD_TEST_POSTGRES, SKALD_UPDATE_SNAPSHOT, SKALD_RULES_SEEDS,
SKALD_PG_PASSWORD) are not the bot's: they are read where they are used. It imports only the
standard library, so any command may import it cheaply.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

DEFAULT_DB = "skald.sqlite3"  # the bot's database, and `skald db`'s, when SKALD_DB is not set
# The words a yes/no variable takes, in any case: every `Switch` reads these and no others.
YES = ("yes", "1", "true", "on", "y")
NO = ("no", "0", "false", "off", "n")


class BadValue(ValueError):
    """A variable set to something Skald can't read; the message names the variable and what it takes."""


@dataclass(frozen=True)
class Variable:
    """One environment variable. `help` is README's text for it (Markdown); an internal one is
    set by Skald for its own child processes and is not in README."""

    name: str
    help: str
    default: str = ""
    internal: bool = False

    def text(self, environ: Mapping[str, str] | None = None) -> str:
        """As set, spaces included (a password's are its own); "" when unset."""
        return (os.environ if environ is None else environ).get(self.name, "")

    def value(self, environ: Mapping[str, str] | None = None) -> str:
        """As set without surrounding spaces; the default when unset or blank."""
        return self.text(environ).strip() or self.default

    def check(self, environ: Mapping[str, str] | None = None) -> None:
        """Refuse (BadValue) a value this variable can't take; any text, for a plain one."""


@dataclass(frozen=True)
class Switch(Variable):
    """A yes/no variable: `yes`, `1`, `true`, `on` (or `y`) turn it on; `no`, `0`, `false`, `off`
    (or `n`), blank or unset leave it off; anything else is refused (BadValue), never read as off."""

    def on(self, environ: Mapping[str, str] | None = None) -> bool:
        raw = self.text(environ)
        word = raw.strip().lower()
        if word in YES:
            return True
        if not word or word in NO:
            return False
        raise BadValue(f"{self.name} must be yes or no (or 1/0, true/false, on/off), not {_shown(raw)!r}.")

    def check(self, environ: Mapping[str, str] | None = None) -> None:
        self.on(environ)


@dataclass(frozen=True)
class Number(Variable):
    """A number from `low` to `high` (`whole`: a whole number), or unset for the default. Its help
    states the range where it says `{range}`, so the range is written once, here. `kind`: what a
    refusal calls it, when not "a (whole) number [of `unit`] from low to high" (a server id)."""

    low: float = 0
    high: float = 0
    whole: bool = False
    unit: str = ""
    kind: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "help", self.help.replace("{range}", self.takes))

    @property
    def takes(self) -> str:
        """What it takes, as its help and its refusal say it: "0.01 to 30", "0 to 16"."""
        if self.whole:
            return f"{int(self.low)} to {int(self.high)}"
        return f"{self.low:g} to {self.high:g}"

    def number(self, environ: Mapping[str, str] | None = None) -> float | None:
        """Its number (an int when `whole`); None when unset or blank (the caller's default).
        BadValue, naming the variable and what it takes, for anything else."""
        raw = self.text(environ)
        text = raw.strip() or self.default
        if not text:
            return None
        try:
            found: float = int(text) if self.whole else float(text)
        except ValueError:
            found = math.nan
        # ASCII digits only (int() takes "４" and "1_0"), and never nan or infinity.
        if not (text.isascii() and "_" not in text) or not self.low <= found <= self.high:
            number = f"{'a whole number' if self.whole else 'a number'}{f' of {self.unit}' if self.unit else ''}"
            kind = self.kind or f"{number} from {self.takes}"
            raise BadValue(f"{self.name} must be {kind}, not {_shown(raw)!r}.")
        return found

    def check(self, environ: Mapping[str, str] | None = None) -> None:
        self.number(environ)


def _shown(raw: str) -> str:
    """A value as a refusal quotes it: at most 30 characters."""
    return raw if len(raw) <= 30 else raw[:29] + "…"


DISCORD_TOKEN = Variable(
    "DISCORD_TOKEN", "the bot token (required for `make run` / `skald run`; never printed or logged)")
SKALD_DB = Variable(
    "SKALD_DB", "the SQLite file (default `skald.sqlite3`; also the default of `skald db …`), or a "
                "`postgresql://user:password@host/db` URL to share one PostgreSQL database between several processes",
    default=DEFAULT_DB)
SKALD_SHARDS = Variable(
    "SKALD_SHARDS", "this process's gateway shards, `first-last/count` (e.g. `0-3/8`) or `id/count`; with a "
                    "PostgreSQL `SKALD_DB` only. Unset: one process runs every shard")
SKALD_GUILD = Number(
    "SKALD_GUILD", "a server id: register the slash commands in that server only, where they show at once (handy "
                   "while testing). To copy one: Discord's Developer Mode on (User Settings → Advanced), then "
                   "right-click the server → Copy Server ID", whole=True, low=1, high=2**64 - 1,
    kind="a server id (digits)")
SKALD_MQTT_URL = Variable(
    "SKALD_MQTT_URL", "`mqtt://[user[:password]@]host[:port][/prefix]` (or `mqtts://` for TLS) turns the MQTT relay "
                      "on; percent-escape `@ : / ? #` in credentials")
SKALD_MQTT_USERNAME = Variable(
    "SKALD_MQTT_USERNAME", "the broker's user name, used when `SKALD_MQTT_URL` carries none")
SKALD_MQTT_PASSWORD = Variable(
    "SKALD_MQTT_PASSWORD", "the broker's password, used when `SKALD_MQTT_URL` carries none")
SKALD_MQTT_PICTURES = Switch(
    "SKALD_MQTT_PICTURES", "`yes` (or `1`, `true`, `on`) also publishes each game's public board picture (PNG) for a "
                           "screen at the table; needs `SKALD_MQTT_URL`")
SKALD_RENDER_PROCESSES = Number(
    "SKALD_RENDER_PROCESSES", whole=True, low=0, high=16,
    help="how many processes draw pictures beside the bot, at a lower priority: {range} (default: one per CPU); "
          "`0` draws them in threads instead (docs/renderer.md)")
SKALD_AI_SECONDS = Number(
    "SKALD_AI_SECONDS", default="1", low=0.01, high=30, unit="seconds",
    help="the most CPU time, in seconds, an AI seat (a stand-in, an open seat, an AI player) thinks over one "
          "move (and at most three times that on the wall clock, on a busy host): {range} (default 1); lower "
          "it on a small machine hosting many tables, raise it for stronger stand-ins (docs/engine.md)")
SKALD_WEB_PORT = Number(
    "SKALD_WEB_PORT", whole=True, low=1, high=65535,
    help="a port ({range}) turns the spectator web pages on inside `skald run` too, serving there; `skald web` "
         "serves them on its own (default 8080). Unset: `skald run` serves no pages (docs/web.md)")
SKALD_WEB_URL = Variable(
    "SKALD_WEB_URL", "the pages' public address as people open it, e.g. `https://skald.example.org` (behind a "
                     "proxy: the proxy's); with it set, `/game board` and each game's thread carry the game's "
                     "link, in servers that turned `/skald settings web` on")
SKALD_WEB_HOST = Variable(
    "SKALD_WEB_HOST", "the address the pages listen on (default `127.0.0.1`: a reverse proxy on the same machine; "
                      "`0.0.0.0` for every interface)", default="127.0.0.1")
SKALD_WEB_PROXIES = Variable(
    "SKALD_WEB_PROXIES", "the reverse proxies (IP addresses, comma-separated) whose `X-Forwarded-For` names the "
                         "visitor; from any other address that header is ignored (default: none)")
SKALD_WEB_SECRET = Variable(
    "SKALD_WEB_SECRET", "the key (at least 32 characters) that signs the links to games in channels everyone can't "
                        "see; unset, a random one is made once and kept in the database. Never printed or logged")
SKALD_RENDER_BOT_PID = Variable(
    "SKALD_RENDER_BOT_PID", "the bot's pid, handed to the render fork server it starts (bot/rendering.py)",
    internal=True)

VARIABLES: tuple[Variable, ...] = (
    DISCORD_TOKEN, SKALD_DB, SKALD_SHARDS, SKALD_GUILD, SKALD_MQTT_URL, SKALD_MQTT_USERNAME, SKALD_MQTT_PASSWORD,
    SKALD_MQTT_PICTURES, SKALD_RENDER_PROCESSES, SKALD_AI_SECONDS, SKALD_WEB_PORT, SKALD_WEB_URL, SKALD_WEB_HOST,
    SKALD_WEB_PROXIES, SKALD_WEB_SECRET, SKALD_RENDER_BOT_PID,
)


def check(environ: Mapping[str, str] | None = None) -> None:
    """Read every variable Skald reads, in VARIABLES' order: BadValue for the first one set to
    something it can't take (what each stands for, a file or a server, is checked where it is used)."""
    for variable in VARIABLES:
        variable.check(environ)


@contextlib.contextmanager
def handed_down(variable: Variable, value: str) -> Iterator[None]:
    """`variable` set to `value` in this process's environment while the block starts child
    processes (which inherit it), then as it was."""
    before = os.environ.get(variable.name)
    os.environ[variable.name] = value
    try:
        yield
    finally:
        if before is None:
            del os.environ[variable.name]
        else:
            os.environ[variable.name] = before
