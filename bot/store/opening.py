"""Which database a target names: a PostgreSQL URL, or else an SQLite file path.

SKALD_DB and every `--db` take the same two forms. asyncpg is imported only for a URL, so the
terminal tools on SQLite start without it. A URL is checked here (`check_url`) before asyncpg
reads it: asyncpg answers a port of 99999 or `abc` with a bare ValueError.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import SplitResult, parse_qs, unquote, urlsplit

from bot.store.errors import StoreError

SCHEMES = ("postgresql://", "postgres://")
_IPV6 = re.compile(r"\[([^\]]+)\](?::(.*))?")  # [address] or [address]:port, as asyncpg reads it


def is_postgres(target: str | Path) -> bool:
    """True for a PostgreSQL URL (postgresql://… or postgres://…)."""
    return isinstance(target, str) and target.lower().startswith(SCHEMES)


def check_url(url: str) -> None:
    """Refuse a PostgreSQL URL that names no usable server and database: StoreError saying what
    is wrong. The message never repeats the URL's parts, so never its password either (a
    password with a raw '/' or '@' puts pieces of it where the host or port should be)."""
    problem = _url_problem(url)
    if problem is not None:
        raise StoreError(f"The PostgreSQL URL can't be used: {problem}.")


def _url_problem(url: str) -> str | None:
    """What is wrong with `url`, read the way asyncpg reads it; None when nothing is."""
    try:
        parts = urlsplit(url)
    except ValueError:  # urlsplit's only complaint: an unclosed '[' in the host
        return "a host in brackets (an IPv6 address) is missing its ']'"
    if parts.scheme.lower() not in ("postgresql", "postgres"):
        return "it must start with postgresql:// or postgres://"
    if "#" in url:
        return "it holds a '#': write one in the user name or password as %23"
    # asyncpg splits at the first '@'; a raw '/' or '?' in the password ends the host early.
    _, _, hostspec = parts.netloc.partition("@")
    if "@" not in parts.netloc:
        hostspec = parts.netloc
    if "@" in hostspec or "@" in parts.path:
        return "write an '@', '/' or '?' in the user name or password as %40, %2F or %3F"
    try:
        query = {key: values[-1] for key, values in parse_qs(parts.query, strict_parsing=True).items()}
    except ValueError:
        if "@" in parts.query:  # a raw '?' in the password
            return "write an '@', '/' or '?' in the user name or password as %40, %2F or %3F"
        return "the part after '?' must be name=value settings joined by '&'"
    return _hosts_problem(hostspec, query) or _database_problem(parts, query)


def _hosts_problem(hostspec: str, query: dict[str, str]) -> str | None:
    # In the URL's host part values are percent-encoded; in ?host= they are already decoded.
    encoded = bool(hostspec)
    hosts = hostspec or query.get("host", "")
    if not hosts:
        return ("it names no host: write postgresql://user:password@host:port/database "
                "(or ?host=/folder/of/the/socket)")
    for host in hosts.split(","):
        if host.startswith("/"):
            continue  # a unix socket's folder: no port in it
        if host.startswith("["):
            match = _IPV6.fullmatch(host)
            if match is None:
                return "an IPv6 host must be written [address] or [address]:port"
            name, port = match.group(1), match.group(2) or ""
        else:
            name, _, port = host.partition(":")
        if not name:
            return "a host name is missing (before a ':' or between commas)"
        if port and not _is_port(unquote(port) if encoded else port):
            return "a port must be a number from 1 to 65535"
    ports = query.get("port", "")
    if ports and not all(_is_port(port) for port in ports.split(",")):
        return "?port= must be a number from 1 to 65535"
    return None


def _is_port(text: str) -> bool:
    return text.isascii() and text.isdigit() and 1 <= int(text) <= 65535


def _database_problem(parts: SplitResult, query: dict[str, str]) -> str | None:
    path = parts.path.removeprefix("/")
    name = unquote(path) if path else query.get("dbname") or query.get("database") or ""
    if not name:
        return "it names no database: end it with /<database name>"
    if "/" in path:
        return "the database name after the host holds a '/' (one name, no folders)"
    return None


def describe(target: str | Path) -> str:
    """The target for logs and messages: a URL loses its password and settings (a path is shown
    as it is), and a URL `check_url` refuses is not shown at all."""
    if not is_postgres(target):
        return str(target)
    url = str(target)
    if _url_problem(url) is not None:
        return "the PostgreSQL URL given"
    parts = urlsplit(url)
    auth, at, hostspec = parts.netloc.partition("@")
    user = auth.partition(":")[0] + "@" if at and auth.partition(":")[0] else ""
    return f"{parts.scheme}://{user}{hostspec if at else parts.netloc}{parts.path}"
