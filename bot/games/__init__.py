"""Every hosted game's descriptor, by key: the one place generic code asks about a game.

A game in this tree is registered once, by its line in engine/registry.py; its descriptor is
`DESCRIPTOR` in `bot/games/<key>.py`, imported on first use (docs/adding-a-game.md). A game kept
elsewhere is registered with `register`. Generic layers (the terminal tools, relay-watch, the
replays, render-samples) hold no game names: they ask here.
"""

from __future__ import annotations

import importlib
from functools import cache

from bot.games.descriptor import Descriptor, KeyMoment, Measure, Scene, ScenePolicy, Summary
from engine import registry
from engine.errors import BadOptions

# Every game offers this AI (engine contract), so a game without a descriptor still has one.
RANDOM = "random"

_registered: dict[str, Descriptor] = {}  # games from outside this tree, by key


def names() -> list[str]:
    """The hosted games' keys, sorted."""
    return registry.names()


def find(name: str) -> Descriptor | None:
    """The descriptor of a registered game; None for a name no game has (or one without a descriptor)."""
    key = name.strip().lower()
    if key in _registered:
        return _registered[key]
    return _in_tree(key) if key in registry.names() else None


@cache
def _in_tree(key: str) -> Descriptor | None:
    try:
        module = importlib.import_module(f"bot.games.{key}")
    except ModuleNotFoundError as missing:
        if missing.name != f"bot.games.{key}":
            raise  # the descriptor is there but imports something that is not
        return None
    descriptor: Descriptor = module.DESCRIPTOR
    return descriptor


def get(name: str) -> Descriptor:
    """The descriptor of a registered game; BadOptions names the hosted games otherwise."""
    descriptor = find(name)
    if descriptor is None:
        raise BadOptions(f"No game called {name!r}; Skald hosts: {', '.join(names())}.")
    return descriptor


def default_ai(name: str) -> str:
    """The AI kind `skald demo` seats for this game."""
    descriptor = find(name)
    return RANDOM if descriptor is None else descriptor.default_ai


def strongest_ai(name: str) -> str:
    """The AI kind that fills an open seat or stands in for a person."""
    descriptor = find(name)
    return RANDOM if descriptor is None else descriptor.strongest_ai


def team_measures(name: str) -> tuple[Measure, ...]:
    """What tells a cooperative game's better result from a worse one (none for other games)."""
    descriptor = find(name)
    return () if descriptor is None else descriptor.team_measures


def scenes() -> tuple[Scene, ...]:
    """Every game's sample scenes, game by game."""
    return tuple(scene for key in names() if (found := find(key)) is not None for scene in found.scenes)


def register(descriptor: Descriptor) -> None:
    """Host a game kept outside this tree: its engine, pictures and text are placed with the
    layers that look them up, so every generic tool plays, draws and relays it like the others."""
    import renderer
    import renderer.text

    if descriptor.engine is None:
        raise ValueError(f"A game from outside the tree names its engine ({descriptor.key!r} has none).")
    registry.register(descriptor.key, descriptor.engine)
    renderer.place(descriptor.key, descriptor.pictures)
    renderer.text.place(descriptor.key, descriptor.text)
    _registered[descriptor.key] = descriptor


def registered_here(key: str) -> bool:
    """True for a game `register` placed in this process only: processes started apart (the
    render processes) know the games of this tree, not it."""
    return key in _registered


def unregister(key: str) -> None:
    """Stop hosting a game that `register` added."""
    import renderer
    import renderer.text

    if _registered.pop(key, None) is not None:
        renderer.text.place(key, None)
        renderer.place(key, None)
        registry.unregister(key)


__all__ = ["Descriptor", "KeyMoment", "Measure", "Scene", "ScenePolicy", "Summary", "default_ai", "find", "get",
           "names", "register", "registered_here", "scenes", "strongest_ai", "team_measures", "unregister"]
