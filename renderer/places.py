"""Where a game's drawing module lives, found from its key (no game names in generic code).

A registered game of this tree is drawn by `<package>.<key>` (renderer/<key>/ for pictures,
renderer/text/<key>.py for text) when that module exists; a game kept elsewhere (a plugin, the
test suite's toy game) is placed with its own module. Only registered keys are looked up, never a
module named by a view read from outside.
"""

from __future__ import annotations

import importlib.util

from engine import registry


class Places:
    """The modules of one kind (pictures, text) by game key."""

    def __init__(self, package: str) -> None:
        self.package = package
        self._placed: dict[str, str] = {}
        self._found: dict[str, str | None] = {}

    def place(self, game: str, module: str | None) -> None:
        """Use `module` for `game` (None: forget it)."""
        if module is None:
            self._placed.pop(game, None)
        else:
            self._placed[game] = module
        self._found.clear()

    def module(self, game: str) -> str | None:
        """The module drawing `game`, or None when there is none."""
        if game in self._placed:
            return self._placed[game]
        if game not in self._found:
            name = f"{self.package}.{game}"
            known = game in registry.names() and importlib.util.find_spec(name) is not None
            self._found[game] = name if known else None
        return self._found[game]

    def games(self) -> list[str]:
        """The registered games that have a module here."""
        return [game for game in registry.names() if self.module(game) is not None]
