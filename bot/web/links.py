"""A game's page link, and the signature a link to a game in a private channel carries.

A game in a channel everyone can see (in a server whose `web` setting is `on`) has a plain link;
any other game's link carries a key: an HMAC of the game id and the server's link generation
under the bot's signing key, 128 bits, so it can't be guessed. Revoking a server's links bumps
its generation (`Servers.revoke_web_links`), and every key given before stops matching.
Nothing here does I/O: the bot and the page server both hand in what they read.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from collections.abc import Mapping
from urllib.parse import urlsplit

from bot.environment import SKALD_WEB_SECRET, SKALD_WEB_URL

KEY_BYTES = 16  # a link's key: 128 bits of the HMAC
SECRET_LENGTH = 32  # the least SKALD_WEB_SECRET may have
KEY_LENGTH = 22  # characters of a key in a link (base64url, no padding)


class BadWebSetting(ValueError):
    """SKALD_WEB_URL or SKALD_WEB_SECRET can't be used; the message says what to set (never the secret)."""


def signing_key(stored: str | None, environ: Mapping[str, str] | None = None) -> bytes | None:
    """The key links are signed with: SKALD_WEB_SECRET, else the one kept in the database (None: none
    yet, so no signed link was ever given)."""
    given = SKALD_WEB_SECRET.text(environ).strip()
    if given:
        if len(given) < SECRET_LENGTH:
            raise BadWebSetting(f"{SKALD_WEB_SECRET.name} must be at least {SECRET_LENGTH} characters long.")
        secret = given
    elif stored:
        secret = stored
    else:
        return None
    return hashlib.sha256(b"skald web links\0" + secret.encode()).digest()


def secret_from_env(environ: Mapping[str, str] | None = None) -> bool:
    """True when SKALD_WEB_SECRET gives the key (so none need be kept in the database)."""
    return bool(SKALD_WEB_SECRET.text(environ).strip())


def sign(key: bytes, game_id: int, generation: int) -> str:
    """The key of a game's link in this generation of its server's links."""
    mac = hmac.new(key, f"skald-web-game:{game_id}:{generation}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac[:KEY_BYTES]).decode().rstrip("=")


def signed(key: bytes | None, game_id: int, generation: int, given: str) -> bool:
    """True when `given` is the game's key in this generation (compared in constant time)."""
    if key is None or len(given) != KEY_LENGTH or not given.isascii():
        return False
    return hmac.compare_digest(sign(key, game_id, generation), given)


def base_url(environ: Mapping[str, str] | None = None) -> str | None:
    """SKALD_WEB_URL without a trailing slash (None: unset, so no links are given)."""
    text = SKALD_WEB_URL.value(environ)
    if not text:
        return None
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise BadWebSetting(f"{SKALD_WEB_URL.name} must be the pages' address, like https://skald.example.org "
                            "(http or https, a host, maybe a port and a path; no ? or #).")
    return text.rstrip("/")


def game_path(game_id: int, key: str | None = None, *, board: bool = False) -> str:
    """A game's page (or its board-only page) from the site's root."""
    path = f"/g/{game_id}/board" if board else f"/g/{game_id}"
    return f"{path}?key={key}" if key else path


def server_path(guild_id: int) -> str:
    return f"/s/{guild_id}"


def root_of(url: str | None) -> str:
    """The path the pages are served under: SKALD_WEB_URL's ("" at a host's root). The proxy
    strips it before passing a request on; every address the pages give starts with it."""
    return urlsplit(url).path.rstrip("/") if url else ""
