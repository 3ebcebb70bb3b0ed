"""The pages' environment variables (bot/environment.py declares them), read and checked once.

Imports no aiohttp: `skald run` checks them before anything starts, whether or not it serves pages.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.environment import SKALD_WEB_HOST, SKALD_WEB_PORT, SKALD_WEB_PROXIES, BadValue
from bot.web.links import BadWebSetting, base_url, signing_key
from bot.web.proxies import parse_proxies

DEFAULT_PORT = 8080  # `skald web`'s when SKALD_WEB_PORT is unset


def web_port(environ: Mapping[str, str] | None = None) -> int | None:
    """SKALD_WEB_PORT: 1 to 65535 (None: unset), as bot/environment.py declares it."""
    try:
        port = SKALD_WEB_PORT.number(environ)
    except BadValue as error:
        raise BadWebSetting(str(error)) from None
    return None if port is None else int(port)


def web_settings(environ: Mapping[str, str] | None = None, *, port_needed: bool
                 ) -> tuple[str | None, int | None, str, frozenset[str]]:
    """(SKALD_WEB_URL, SKALD_WEB_PORT (DEFAULT_PORT when `port_needed` and unset), SKALD_WEB_HOST,
    SKALD_WEB_PROXIES), each checked, and SKALD_WEB_SECRET checked too; BadWebSetting says what to fix."""
    url = base_url(environ)
    port = web_port(environ)
    if port is None and port_needed:
        port = DEFAULT_PORT
    try:
        proxies = parse_proxies(SKALD_WEB_PROXIES.value(environ))
    except ValueError as error:
        raise BadWebSetting(str(error)) from None
    signing_key(None, environ)  # a SKALD_WEB_SECRET too short is refused now, not at the first link
    return url, port, SKALD_WEB_HOST.value(environ), proxies
