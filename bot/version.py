"""Which Skald this is: the version of the installed `skald` distribution, as pyproject.toml gives it.

The one place the version is read: `skald --version`, the bot's start-up log line and `/help`
show this. pyproject.toml holds the number; CHANGELOG.md says what each one changed.
"""

from __future__ import annotations

import functools
from importlib import metadata

DISTRIBUTION = "skald"
NOT_INSTALLED = "unknown (not installed: `make install` installs it)"


@functools.cache
def version() -> str:
    """The installed version, e.g. "0.2.0"; NOT_INSTALLED when Skald runs from a folder it wasn't installed from."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return NOT_INSTALLED
