"""The games Skald hosts, by lower-case key. Adding a game is one line in `_GAMES`."""

from __future__ import annotations

import importlib
from functools import cache
from typing import Any

from engine.core import Game
from engine.errors import BadOptions

# key -> "module:attribute" of the Game instance; imported on first use so a
# broken or heavy game never slows down the others.
_GAMES: dict[str, str] = {
    "tranquility": "engine.tranquility:GAME",
    "nidavellir": "engine.nidavellir:GAME",
    "wonderful": "engine.wonderful:GAME",
}
_added: dict[str, str] = {}  # games kept outside engine/ (a plugin, the test suite's toy game)


def names() -> list[str]:
    """Registered game keys, sorted."""
    return sorted({**_GAMES, **_added})


def built_in_modules() -> list[str]:
    """The modules of the games that ship with Skald (not those registered at run time), for a
    process that forks workers to import once before it forks (bot/rendering.py)."""
    return sorted({target.split(":")[0] for target in _GAMES.values()})


@cache
def get(name: str) -> Game[Any]:
    """The Game registered under `name`; BadOptions names the known games otherwise."""
    key = name.strip().lower()
    target = _GAMES.get(key) or _added.get(key)
    if target is None:
        raise BadOptions(f"No game called {name!r}; Skald hosts: {', '.join(names())}.")
    module_name, attribute = target.split(":")
    game: Game[Any] = getattr(importlib.import_module(module_name), attribute)
    return game


def register(key: str, target: str) -> None:
    """Host a game kept outside engine/: `target` is the "module:attribute" of its Game."""
    if key in _GAMES:
        raise ValueError(f"{key!r} is a game of this tree already.")
    _added[key] = target
    get.cache_clear()


def unregister(key: str) -> None:
    """Stop hosting a game `register` added."""
    _added.pop(key, None)
    get.cache_clear()
