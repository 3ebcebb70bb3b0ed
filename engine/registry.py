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
}


def names() -> list[str]:
    """Registered game keys, sorted."""
    return sorted(_GAMES)


@cache
def get(name: str) -> Game[Any]:
    """The Game registered under `name`; BadOptions names the known games otherwise."""
    target = _GAMES.get(name.strip().lower())
    if target is None:
        raise BadOptions(f"No game called {name!r}; Skald hosts: {', '.join(names())}.")
    module_name, attribute = target.split(":")
    game: Game[Any] = getattr(importlib.import_module(module_name), attribute)
    return game
