"""Where the relay publishes, read from `SKALD_MQTT_URL` (and friends) or a `--mqtt` URL.

Error messages never repeat the URL: a mistyped one (an unescaped `/` or `#` in a password)
parses into odd pieces that may hold part of the password, so no piece of it is echoed.
"""

from __future__ import annotations

import re
import ssl
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import unquote, urlsplit

from bot.environment import SKALD_MQTT_PASSWORD, SKALD_MQTT_PICTURES, SKALD_MQTT_URL, SKALD_MQTT_USERNAME, BadValue

if TYPE_CHECKING:
    import aiomqtt

DEFAULT_PREFIX = "skald"
_DEFAULT_PORTS = {"mqtt": 1883, "mqtts": 8883}
_SHAPE = "mqtt://[user[:password]@]host[:port][/prefix] (or mqtts:// for TLS)"
# A topic level the relay may publish under in place of the guild id (no wildcards or separators).
_SPACE = re.compile(r"[A-Za-z0-9_.-]{1,64}")


class RelayConfigError(ValueError):
    """The MQTT settings can't be used; the message says what to fix (and holds no credentials)."""


@dataclass(frozen=True)
class RelaySettings:
    """One broker and how the relay behaves towards it.

    The limits bound memory when the broker is away: `state_limit` pending retained messages
    (states and pictures), `event_limit` pending event messages; beyond them the oldest is
    dropped. `ended_limit` ended games keep their final state for republishing after a reconnect.
    `pictures`: also publish each game's public board picture. `namespace`: the topic level
    used in place of the guild id (terminal games set their own, see docs/relay.md).
    """

    host: str
    port: int = 1883
    tls: bool = False
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    prefix: str = DEFAULT_PREFIX
    pictures: bool = False
    namespace: str | None = None
    state_limit: int = 1000
    event_limit: int = 1000
    ended_limit: int = 200
    backoff_initial: float = 0.5
    backoff_cap: float = 30.0
    publish_timeout: float = 10.0
    keepalive: int = 30

    def __post_init__(self) -> None:
        if self.namespace is not None and not _SPACE.fullmatch(self.namespace):
            raise RelayConfigError("A relay namespace is 1 to 64 letters, digits, '.', '_' or '-'.")

    @classmethod
    def from_url(cls, url: str, environ: Mapping[str, str] | None = None) -> RelaySettings:
        """Read `mqtt://[user[:password]@]host[:port][/prefix]` (or `mqtts://` for TLS).

        Credentials missing from the URL come from SKALD_MQTT_USERNAME / SKALD_MQTT_PASSWORD;
        SKALD_MQTT_PICTURES=yes turns board pictures on. A path, if any, replaces the topic
        prefix "skald" (handy on a shared broker).
        """
        parts = urlsplit(url.strip())
        scheme = parts.scheme.lower()
        if scheme not in _DEFAULT_PORTS or "://" not in url:
            raise RelayConfigError(f"The MQTT URL must look like {_SHAPE}.")
        if parts.query or parts.fragment or "?" in url or "#" in url:
            raise RelayConfigError("The MQTT URL may not contain '?' or '#'; percent-escape them in credentials "
                                   "(%3F, %23).")
        if not parts.hostname:
            raise RelayConfigError(f"The MQTT URL names no broker host; it must look like {_SHAPE}.")
        try:
            port = parts.port or _DEFAULT_PORTS[scheme]
        except ValueError:
            raise RelayConfigError("The MQTT URL has a bad port: give a number from 1 to 65535 after the host "
                                   "(percent-escape '/', ':' and '@' in credentials).") from None
        prefix = parts.path.strip("/") or DEFAULT_PREFIX
        if any(ch in prefix for ch in "+#@"):
            # '@' in the path means credentials were split by an unescaped '/'.
            raise RelayConfigError("The MQTT topic prefix (the URL's path) may not contain +, # or @ "
                                   "(percent-escape '/' and '@' in credentials).")
        username = unquote(parts.username) if parts.username else SKALD_MQTT_USERNAME.text(environ) or None
        password = unquote(parts.password) if parts.password else SKALD_MQTT_PASSWORD.text(environ) or None
        return cls(host=parts.hostname, port=port, tls=scheme == "mqtts", username=username,
                   password=password, prefix=prefix, pictures=pictures_from_env(environ))

    def client(self) -> aiomqtt.Client:
        """A new, not yet connected client for this broker (the relay's and relay-watch's)."""
        import aiomqtt  # here, not at the top: commands that only read settings stay light

        return aiomqtt.Client(
            self.host, self.port, username=self.username, password=self.password,
            tls_context=ssl.create_default_context() if self.tls else None,
            keepalive=self.keepalive, timeout=self.publish_timeout,
        )

    def space(self, guild_id: int) -> str:
        """The topic level of a game: the namespace if set, else its guild id."""
        return self.namespace if self.namespace is not None else str(guild_id)

    @property
    def url(self) -> str:
        """The broker address without credentials, for logs and messages."""
        scheme = "mqtts" if self.tls else "mqtt"
        return f"{scheme}://{self.host}:{self.port}/{self.prefix}"


def pictures_from_env(environ: Mapping[str, str] | None = None) -> bool:
    """SKALD_MQTT_PICTURES: yes (1, true, on) publishes board pictures; unset, no (0, false, off) doesn't;
    other words are refused (bot/environment.py reads every yes/no variable alike)."""
    try:
        return SKALD_MQTT_PICTURES.on(environ)
    except BadValue as error:
        raise RelayConfigError(str(error)) from None


def settings_from_env(environ: Mapping[str, str] | None = None) -> RelaySettings | None:
    """Settings from SKALD_MQTT_URL, or None when the relay is off (the default)."""
    url = SKALD_MQTT_URL.value(environ)
    if not url:
        return None
    return RelaySettings.from_url(url, environ)
