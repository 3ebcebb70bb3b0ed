"""What a game's descriptor holds: the pieces of a game that live outside its engine and renderer.

A descriptor is data and small pure functions of views, so reading one loads neither the game's
rules nor Pillow (relay-watch reads summaries and never draws).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from engine.core import Move

if TYPE_CHECKING:
    from renderer import Kind

JSON = dict[str, Any]
# relay-watch's board lines for a spectator view, indented two spaces, engine texts as they are
Summary = Callable[[JSON], list[str]]
# A replay draws a still when this value of the spectator view changes (see bot/replays.py)
KeyMoment = Callable[[JSON], Hashable]
# How a sample scene without an AI picks a seat's move: (legal moves, seed) -> one of them
ScenePolicy = Callable[[Sequence[Move], int], Move]


@dataclass(frozen=True)
class Measure:
    """A number on a cooperative game's team sheet (its outcome's `sheet`), and which way is
    better: how team records rank one table's result against another's (docs/records.md)."""

    key: str
    label: str  # "cells filled"
    better: Literal["more", "fewer"]


@dataclass(frozen=True)
class Scene:
    """A game played to some point, and the picture to draw of it (`skald render-samples`,
    the renderer's golden pictures and its benchmark)."""

    name: str
    game: str
    players: int
    seed: int
    moves: int  # play at most this many steps (a step: every seat that must act moves once)
    picture: Kind = "board"
    viewer: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    until: str | None = None  # stop early once the view's phase has this name (or "over")
    ai: str | None = None  # play with this engine AI (`game.ai_players()`) instead of the scene policy
    # The engine's history version the scene was recorded under: a later change of random draws
    # must not move a sample scene (its golden picture would then show another moment).
    version: int = 1


@dataclass(frozen=True)
class Descriptor:
    """One game's pieces, registered once (docs/adding-a-game.md).

    For a game in this tree the engine, pictures and text are found from `key` (its line in
    engine/registry.py, renderer/<key>/, renderer/text/<key>.py). A game kept elsewhere (a plugin,
    the test suite's toy game) names them as "module" or "module:attribute" paths instead, and
    `bot.games.register` places them with the layers that look them up.
    """

    key: str
    view: type[Any]  # the TypedDict of its views (engine/views/<key>.py), which stored views are checked against
    default_ai: str  # the kind `skald demo` seats
    strongest_ai: str  # the kind that fills an open seat or stands in for a person
    summary: Summary | None = None  # None: relay-watch's generic digest of the view
    key_moment: KeyMoment | None = None  # None: a replay draws every change
    scenes: tuple[Scene, ...] = ()
    scene_policy: ScenePolicy | None = None  # None: a seeded random legal move
    engine: str | None = None  # "module:attribute" of the Game, for a game outside engine/
    pictures: str | None = None  # module with board, hand and outcome, for a game outside renderer/
    text: str | None = None  # module with render_view, for a game outside renderer/text/
    team_measures: tuple[Measure, ...] = ()  # a cooperative game's best results, most telling first
    # The game's key in the rules catalogue (bot/rules/data/<rules>.json), when it is not the game
    # key: a catalogue key is carried by Discord buttons already posted, so it outlives a renaming.
    rules: str | None = None

    @property
    def rules_key(self) -> str:
        """The key of the game's rules in the `/rules` catalogue."""
        return self.rules or self.key
