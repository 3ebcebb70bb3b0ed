"""Where the relay publishes, read from `SKALD_MQTT_URL` (and friends) or a `--mqtt` URL."""

from __future__ import annotations

import os
import ssl
from collections.abc import Mapping
from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit

import aiomqtt

DEFAULT_PREFIX = "skald"
_DEFAULT_PORTS = {"mqtt": 1883, "mqtts": 8883}


class RelayConfigError(ValueError):
    """The MQTT URL can't be used; the message says what to fix."""


@dataclass(frozen=True)
class RelaySettings:
    """One broker and how the relay behaves towards it.

    The limits bound memory when the broker is away: `state_limit` distinct games with a
    pending state, `event_limit` pending event messages; beyond them the oldest is dropped.
    `ended_limit` ended games keep their final state for republishing after a reconnect.
    """

    host: str
    port: int = 1883
    tls: bool = False
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    prefix: str = DEFAULT_PREFIX
    state_limit: int = 1000
    event_limit: int = 1000
    ended_limit: int = 200
    backoff_initial: float = 0.5
    backoff_cap: float = 30.0
    publish_timeout: float = 10.0
    keepalive: int = 30

    @classmethod
    def from_url(cls, url: str, environ: Mapping[str, str] | None = None) -> RelaySettings:
        """Read `mqtt://[user[:password]@]host[:port][/prefix]` (or `mqtts://` for TLS).

        Credentials missing from the URL come from SKALD_MQTT_USERNAME / SKALD_MQTT_PASSWORD.
        A path, if any, replaces the topic prefix "skald" (handy on a shared broker).
        """
        env = os.environ if environ is None else environ
        parts = urlsplit(url.strip())
        scheme = parts.scheme.lower()
        if scheme not in _DEFAULT_PORTS:
            raise RelayConfigError(f"MQTT URL must start with mqtt:// or mqtts://, not {url!r}.")
        if not parts.hostname:
            raise RelayConfigError(f"MQTT URL {url!r} names no broker host.")
        try:
            port = parts.port or _DEFAULT_PORTS[scheme]
        except ValueError as exc:
            raise RelayConfigError(f"MQTT URL {url!r} has a bad port: {exc}.") from None
        username = unquote(parts.username) if parts.username else env.get("SKALD_MQTT_USERNAME") or None
        password = unquote(parts.password) if parts.password else env.get("SKALD_MQTT_PASSWORD") or None
        prefix = parts.path.strip("/") or DEFAULT_PREFIX
        if any(ch in prefix for ch in "+#"):
            raise RelayConfigError(f"Topic prefix {prefix!r} may not contain MQTT wildcards + or #.")
        return cls(host=parts.hostname, port=port, tls=scheme == "mqtts", username=username,
                   password=password, prefix=prefix)

    def client(self) -> aiomqtt.Client:
        """A new, not yet connected client for this broker (the relay's and relay-watch's)."""
        return aiomqtt.Client(
            self.host, self.port, username=self.username, password=self.password,
            tls_context=ssl.create_default_context() if self.tls else None,
            keepalive=self.keepalive, timeout=self.publish_timeout,
        )

    @property
    def url(self) -> str:
        """The broker address without credentials, for logs and messages."""
        scheme = "mqtts" if self.tls else "mqtt"
        return f"{scheme}://{self.host}:{self.port}/{self.prefix}"


def settings_from_env(environ: Mapping[str, str] | None = None) -> RelaySettings | None:
    """Settings from SKALD_MQTT_URL, or None when the relay is off (the default)."""
    env = os.environ if environ is None else environ
    url = env.get("SKALD_MQTT_URL", "").strip()
    if not url:
        return None
    return RelaySettings.from_url(url, env)
