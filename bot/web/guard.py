"""What every response gets and every request is checked for: who the visitor is (behind a trusted
proxy, the address it names), a rate per visitor, and the security headers.

A visitor is an IP address. `X-Forwarded-For` is read only from a configured proxy
(SKALD_WEB_PROXIES), and then from its right end: the first address that is not one of our proxies
is the visitor (what a proxy appends can be trusted; what the visitor sent before it can't).
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from aiohttp import web

MAX_VISITORS = 50_000  # visitors whose rate is remembered; the least recent forgotten beyond
# No script but our own files, no style but our own, pictures and events from here only; framing
# as `frame-ancestors` says (FRAMING: anyone may frame the board-only page, for an overlay or a
# club's site; the other pages only this site).
POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; font-src 'self'; "
          "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors {frames}")
FRAMED_ANYWHERE = "*"
FRAMED_HERE = "'self'"
HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a signed link's key never leaves in a Referer
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    "X-Robots-Tag": "noindex, nofollow",  # games are linked from Discord, not found by search engines
}


def visitor(request: web.BaseRequest, proxies: frozenset[str]) -> str:
    """The visitor's address: the peer's, or behind a trusted proxy the one it says it served."""
    peer = request.remote or "unknown"
    if peer not in proxies:
        return peer
    chain = [hop.strip() for hop in request.headers.get("X-Forwarded-For", "").split(",") if hop.strip()]
    for hop in reversed(chain):
        try:
            address = str(ipaddress.ip_address(hop))
        except ValueError:
            return peer  # a garbled header: the proxy itself is all we know
        if address not in proxies:
            return address
    return peer


@dataclass
class _Bucket:
    tokens: float
    at: float


class Rates:
    """A bucket of `burst` requests per visitor, refilled at `per_second`."""

    def __init__(self, per_second: float, burst: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second = per_second
        self.burst = burst
        self.clock = clock
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()
        self.refused = 0

    def take(self, who: str) -> float:
        """0 when `who` may make a request now (it is counted), else the seconds until it may."""
        now = self.clock()
        bucket = self._buckets.get(who)
        if bucket is None:
            bucket = self._buckets[who] = _Bucket(float(self.burst), now)
            while len(self._buckets) > MAX_VISITORS:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(who)
            bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) * self.per_second)
            bucket.at = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        self.refused += 1
        return (1.0 - bucket.tokens) / self.per_second


def add_headers(response: web.StreamResponse, *, framed_anywhere: bool) -> None:
    """The security headers (on every response, streams included: set before they start)."""
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    response.headers.setdefault("Content-Security-Policy",
                                POLICY.format(frames=FRAMED_ANYWHERE if framed_anywhere else FRAMED_HERE))


def is_framable(path: str, framable: Iterable[str]) -> bool:
    return any(path.endswith(suffix) for suffix in framable)
