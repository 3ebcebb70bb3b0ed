"""SKALD_WEB_PROXIES: the reverse proxies whose X-Forwarded-For is believed (bot/web/guard.py reads it
per request). Without aiohttp: `skald run` checks it before anything starts."""

from __future__ import annotations

import ipaddress


def parse_proxies(text: str) -> frozenset[str]:
    """SKALD_WEB_PROXIES: IP addresses, comma-separated (ValueError naming a bad one)."""
    found = set()
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        try:
            found.add(str(ipaddress.ip_address(part)))
        except ValueError:
            raise ValueError(f"SKALD_WEB_PROXIES holds {part[:40]!r}, which is no IP address.") from None
    return frozenset(found)
